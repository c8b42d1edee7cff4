"""The fake GitLab itself: its paging, caching, auth, layouts and fixture facts, spoken to with urllib."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from typing import Any

from tests.fake_gitlab import TOKEN, Answer, FakeGitLab, Seen, rate_limited

PROJECT = "group%2Fsubgroup%2Fproject"
MARCH = {"since": "2025-03-01T00:00:00Z", "until": "2025-03-31T23:59:59Z"}
APRIL = {"since": "2025-04-01T00:00:00Z", "until": "2025-04-30T23:59:59Z"}


def get(url: str, token: str | None = TOKEN, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], Any]:
    request = urllib.request.Request(url, headers={**({"PRIVATE-TOKEN": token} if token else {}), **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, answer_headers, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, answer_headers, raw = error.code, error.headers, error.read()
    found = {name.lower(): value for name, value in answer_headers.items()}
    body = json.loads(raw) if raw and found.get("content-type", "").startswith("application/json") else raw
    return status, found, body


def links(header: str) -> dict[str, str]:
    return {rel: url for url, rel in re.findall(r'<([^>]+)>; rel="(\w+)"', header)}


def walk(server: FakeGitLab, path: str, **query: str) -> tuple[list[Any], list[dict[str, str]]]:
    """Every page, by following rel="next" as GitLab asks clients to."""
    url: str | None = f"{server.url}{path}?{urllib.parse.urlencode(query)}"
    items, pages = [], []
    while url:
        status, headers, body = get(url)
        assert status == 200, body
        items += body
        pages.append(headers)
        url = links(headers["link"]).get("next")
    return items, pages


def line_counts(diffs: list[dict[str, Any]], skip: tuple[str, ...] = ()) -> tuple[int, int]:
    lines = [line for diff in diffs if diff["new_path"] not in skip for line in diff["diff"].splitlines() if not line.startswith("@@")]
    return sum(line.startswith("+") for line in lines), sum(line.startswith("-") for line in lines)


def test_merge_request_pages_carry_every_documented_header() -> None:
    with FakeGitLab() as server:
        mrs, pages = walk(server, f"/projects/{PROJECT}/merge_requests", state="all", per_page="100")
    assert sorted(mr["iid"] for mr in mrs) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [mr["iid"] for mr in mrs] == sorted((mr["iid"] for mr in mrs), reverse=True)  # created_at desc, the default
    assert len(pages) == 4
    assert [page["x-page"] for page in pages] == ["1", "2", "3", "4"]
    assert [page["x-next-page"] for page in pages] == ["2", "3", "4", ""]
    assert [page["x-prev-page"] for page in pages] == ["", "1", "2", "3"]
    assert {page["x-total"] for page in pages} == {"8"} and {page["x-total-pages"] for page in pages} == {"4"}
    assert {page["x-per-page"] for page in pages} == {"2"}  # the fake's page_size caps per_page=100
    last = links(pages[-1]["link"])
    assert set(last) == {"prev", "first", "last"}
    assert "page=1" in last["first"] and "page=4" in last["last"] and "per_page=100" in last["first"] and "state=all" in last["first"]


def test_merge_request_filters() -> None:
    with FakeGitLab(page_size=100) as server:
        window = {"updated_after": "2025-03-01T00:00:00Z", "updated_before": "2025-04-30T23:59:59Z"}
        merged, _ = walk(server, f"/projects/{PROJECT}/merge_requests", state="merged", author_username="ada", **window)
        _, _, closed = get(f"{server.url}/projects/{PROJECT}/merge_requests?state=closed")
        _, _, approvals = get(f"{server.url}/projects/{PROJECT}/merge_requests/5/approvals")
        unauthenticated, _, refused = get(f"{server.url}/projects/{PROJECT}/merge_requests/5/approvals", token=None)
    assert sorted(mr["iid"] for mr in merged) == [1, 2, 4, 7]  # !1 merged in February: only merged_at tells
    assert {mr["iid"]: mr["merged_at"][:7] for mr in merged} == {1: "2025-02", 2: "2025-03", 4: "2025-04", 7: "2025-04"}
    assert [(mr["iid"], mr["merged_at"], mr["closed_at"][:10]) for mr in closed] == [(3, None, "2025-04-05")]
    assert [entry["user"]["username"] for entry in approvals["approved_by"]] == ["ada"]
    assert (unauthenticated, refused) == (401, {"message": "401 Unauthorized"})


def test_commit_list_has_no_totals_and_a_full_last_page_points_at_an_empty_one() -> None:
    with FakeGitLab() as server:
        commits, pages = walk(server, f"/projects/{PROJECT}/repository/commits", ref_name="main", **APRIL)
    assert len(commits) == 4
    assert [page["x-next-page"] for page in pages] == ["2", "3", ""]  # the third page is empty
    assert all("x-total" not in page and "x-total-pages" not in page and "last" not in links(page["link"]) for page in pages)
    assert "stats" not in commits[0]


def test_commit_window_is_on_committed_date_and_ref_name_picks_reachable_commits() -> None:
    with FakeGitLab(page_size=100) as server:
        march, _ = walk(server, f"/projects/{PROJECT}/repository/commits", **MARCH)
        feature, _ = walk(server, f"/projects/{PROJECT}/repository/commits", ref_name="feature", **APRIL)
        everything, _ = walk(server, f"/projects/{PROJECT}/repository/commits", all="true", **APRIL)
    assert [commit["title"] for commit in march][0] == "Merge branch 'csv-export' into 'main'"
    assert len(march) == 7 and "Update dependencies" not in [commit["title"] for commit in march]  # authored in March, committed in April
    assert [commit["title"] for commit in feature] == ["WIP: feature flag plumbing", "Add pagination to API client", "Update dependencies"]
    assert len(everything) == 5


def test_fixture_facts_per_month_and_author() -> None:
    with FakeGitLab(page_size=100) as server:
        facts = {}
        for month, window in (("2025-03", MARCH), ("2025-04", APRIL)):
            commits, _ = walk(server, f"/projects/{PROJECT}/repository/commits", with_stats="true", **window)
            for commit in commits:
                if len(commit["parent_ids"]) > 1:
                    continue
                _, _, diffs = get(f"{server.url}/projects/{PROJECT}/repository/commits/{commit['id']}/diff?per_page=100")
                key = (month, commit["author_email"])
                count, adds, dels, lock_adds, lock_dels = facts.get(key, (0, 0, 0, 0, 0))
                plain = line_counts(diffs, skip=("poetry.lock",))
                facts[key] = (count + 1, adds + commit["stats"]["additions"], dels + commit["stats"]["deletions"], lock_adds + plain[0], lock_dels + plain[1])
    assert facts == {
        ("2025-03", "ada@example.com"): (3, 119, 4, 119, 4),
        ("2025-03", "ada@work.example"): (1, 6, 2, 6, 2),
        ("2025-03", "grace@example.com"): (2, 21, 4, 21, 4),
        ("2025-04", "ada@example.com"): (2, 80, 24, 50, 12),
        ("2025-04", "grace@example.com"): (2, 53, 9, 53, 9),
    }


def test_single_commit_stats_equal_the_lines_of_its_paginated_diff() -> None:
    with FakeGitLab() as server:
        everything, _ = walk(server, f"/projects/{PROJECT}/repository/commits", all="true")
        assert len(everything) == 15
        for listed in everything:
            status, _, commit = get(f"{server.url}/projects/{PROJECT}/repository/commits/{listed['id']}")
            diffs, pages = walk(server, f"/projects/{PROJECT}/repository/commits/{listed['id']}/diff")
            assert status == 200 and commit["project_id"] == 4242
            assert (commit["stats"]["additions"], commit["stats"]["deletions"]) == line_counts(diffs), commit["title"]
            assert commit["stats"]["total"] == commit["stats"]["additions"] + commit["stats"]["deletions"]
            assert pages[0]["x-total"] == str(len(diffs))
        status, _, short = get(f"{server.url}/projects/{PROJECT}/repository/commits/{everything[0]['short_id']}")
        missing = get(f"{server.url}/projects/{PROJECT}/repository/commits/{'0' * 40}")
    assert (status, short["id"]) == (200, everything[0]["id"])
    assert missing[0] == 404 and missing[2] == {"message": "404 Commit Not Found"}


def test_etag_and_if_none_match_answer_304_and_the_log_says_so() -> None:
    with FakeGitLab() as server:
        url = f"{server.url}/projects/{PROJECT}/repository/commits?{urllib.parse.urlencode(MARCH)}"
        status, headers, body = get(url)
        again, headers_304, empty = get(url, headers={"If-None-Match": headers["etag"]})
        other = get(url, headers={"If-None-Match": 'W/"stale"'})
        assert headers["etag"].startswith('W/"') and (status, again, empty) == (200, 304, b"")
        assert headers_304["x-next-page"] == "2"  # the pagination headers survive a 304
        assert other[0] == 200
        assert [(seen.conditional, seen.status) for seen in server.requests] == [(False, 200), (True, 304), (True, 200)]


def test_token_checks_and_a_private_project() -> None:
    with FakeGitLab() as public, FakeGitLab(private=True, token="glpat-other") as private:
        assert get(f"{public.url}/projects/{PROJECT}", token=None)[0] == 200
        assert get(f"{public.url}/projects/{PROJECT}", token="glpat-wrong")[2] == {"message": "401 Unauthorized"}
        assert get(f"{private.url}/projects/{PROJECT}", token=None)[2] == {"message": "404 Project Not Found"}
        assert get(f"{private.url}/projects/{PROJECT}/merge_requests", token=None)[0] == 404
        status, _, project = get(f"{private.url}/projects/4242", token=None, headers={"Authorization": "Bearer glpat-other"})
        assert (status, project["visibility"], project["path_with_namespace"]) == (200, "private", "group/subgroup/project")
        assert get(f"{private.url}/projects/4242", token="glpat-other")[0] == 200


def test_sub_path_layout_web_urls_and_not_found_pages() -> None:
    with FakeGitLab(prefix="/gitlab") as server:
        status, _, project = get(f"{server.origin}/gitlab/api/v4/projects/{PROJECT}")
        web_page = get(f"{server.origin}/api/v4/projects/{PROJECT}")
        unknown_route = get(f"{server.origin}/gitlab/api/v4/nothing/here")
        unencoded = get(f"{server.origin}/gitlab/api/v4/projects/group/subgroup/project")
        unknown_project = get(f"{server.origin}/gitlab/api/v4/projects/group%2Fnope")
        _, _, mrs = get(f"{server.url}/projects/{PROJECT}/merge_requests?state=merged")
    assert status == 200 and project["web_url"] == f"{server.origin}/gitlab/group/subgroup/project"
    assert mrs[0]["web_url"].startswith(f"{server.origin}/gitlab/group/subgroup/project/-/merge_requests/")
    assert web_page[0] == 404 and web_page[1]["content-type"].startswith("text/html")
    assert (unknown_route[0], unknown_route[2]) == (404, {"error": "404 Not Found"}) and unencoded[0] == 404
    assert unknown_project[2] == {"message": "404 Project Not Found"}


def test_users_list_and_single_user() -> None:
    with FakeGitLab() as server:
        _, _, ada = get(f"{server.url}/users?username=ADA", token=None)
        _, _, nobody = get(f"{server.url}/users?username=nobody")
        _, _, grace = get(f"{server.url}/users/102")
    assert [(user["id"], user["name"]) for user in ada] == [(101, "Ada Lovelace")] and "public_email" not in ada[0]
    assert nobody == [] and (grace["username"], grace["public_email"]) == ("grace", "")


def test_a_script_answers_first_a_rate_limit_then_a_forbidden() -> None:
    replies = iter([rate_limited(retry_after=2), Answer(403, {"message": "403 Forbidden"})])

    def script(seen: Seen) -> Answer | None:
        return next(replies, None) if seen.path.endswith("/merge_requests") else None

    with FakeGitLab(before=script) as server:
        url = f"{server.url}/projects/{PROJECT}/merge_requests"
        limited, headers, body = get(url)
        refused = get(url)
        assert get(url)[0] == 200
        assert Counter(server.statuses()) == Counter({429: 1, 403: 1, 200: 1})
    assert (limited, body, headers["content-type"]) == (429, b"Retry later\n", "text/plain")
    assert headers["retry-after"] == "2" and headers["ratelimit-remaining"] == "0" and int(headers["ratelimit-reset"]) > 0
    assert (refused[0], refused[2]) == (403, {"message": "403 Forbidden"})
