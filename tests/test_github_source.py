"""The GitHub source against a GitHub-shaped server on 127.0.0.1 (tests/fake_github.py).

The story is in fixtures/github/make_fixtures.py: ghopper's 7 commits in acme/cobol-tools,
2025-01..2025-03, one landed by a bot (PR closed, not merged), one by an e-mail GitHub does
not link to the account, and a merged PR whose commit GitHub cannot attribute.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.fake_github import TOKEN, Answer, FakeGitHub, Seen
from tests.gitrepo import GitRepo, lines

PERIOD = ("--since", "2025-01", "--until", "2025-03")
IDENTITY = ("--github-user", "ghopper", "--author", "grace@old.example")
COLD_REQUESTS = 21  # user, repo, 8 commit-list pages, 5 GraphQL pages, 7 commits


def run_github(server: FakeGitHub, *arguments: str, token: str | None = TOKEN):  # type: ignore[no-untyped-def]
    env = {"GITHUB_API_URL": server.url} | ({"GITHUB_TOKEN": token} if token else {})
    return run_cli("run", *arguments, "--format", "json", env=env)


def profile_of(result) -> dict:  # type: ignore[no-untyped-def]
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_profile_numbers_from_github() -> None:
    with FakeGitHub() as server:
        profile = profile_of(run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD))
    totals = profile["totals"]
    assert (totals["commits"], totals["work_items"], totals["features"], totals["bugs"]) == (7, 7, 3, 2)
    assert (totals["lines_added"], totals["lines_deleted"], totals["activity_months"]) == (454, 17, 3)
    assert {month["month"]: month["commits"] for month in profile["months"]} == {"2025-03": 2, "2025-02": 2, "2025-01": 3}
    assert profile["repositories"][0]["name"] == "acme/cobol-tools"
    assert "ghopper" in profile["developer"]["ids"]


def test_pull_requests_give_titles_labels_and_classes() -> None:
    with FakeGitHub() as server:
        profile = profile_of(run_github(server, "github:acme/cobol-tools", *IDENTITY, *PERIOD))
    items = {item["id"]: item for month in profile["months"] for item in month["items"]}
    assert (items["acme/cobol-tools#7"]["class"], items["acme/cobol-tools#7"]["class_rule"]) == ("bug", "label:bug")
    assert items["acme/cobol-tools#12"]["class_rule"] == "label:enhancement"
    assert "acme/cobol-tools#16" not in items  # closed without landing: nothing counts


def test_a_bot_landed_pr_counts_through_its_commit() -> None:
    with FakeGitHub() as server:
        profile = profile_of(run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD))
    february = next(month for month in profile["months"] if month["month"] == "2025-02")
    landed = next(item for item in february["items"] if item["id"] == "acme/cobol-tools#15")
    assert (landed["title"], landed["class"]) == ("Support REDEFINES clause", "feature")


def test_unlinked_emails_and_unattributed_merges_are_reported_not_dropped() -> None:
    with FakeGitHub() as server:
        result = run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD)
    warnings = profile_of(result)["warnings"]
    assert any("1 commit(s) by grace@old.example, an e-mail GitHub does not link to ghopper" in w for w in warnings)
    assert any(w.startswith("acme/cobol-tools#25 was merged as") and "not counted" in w for w in warnings)
    assert "grace@old.example" in result.stderr


def test_a_rerun_sends_only_conditional_requests_answered_304() -> None:
    with FakeGitHub() as server:
        first = run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD)
        cold = len(server.requests)
        second = run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD)
    assert cold == COLD_REQUESTS
    rerun = server.requests[cold:]
    assert [request.path for request in rerun] == ["/users/ghopper", "/repos/acme/cobol-tools"]
    assert all(request.status == 304 and "if-none-match" in request.headers for request in rerun)
    assert json.loads(second.stdout)["totals"] == json.loads(first.stdout)["totals"]


def test_the_current_month_is_asked_again_conditionally() -> None:
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    fresh = json.loads(next((Path(__file__).parents[1] / "fixtures/github/commits").glob("*.json")).read_text())
    fresh = {**fresh, "sha": "0" * 39 + "1", "commit": {**fresh["commit"], "message": "Add live feature (#40)",
             "author": {**fresh["commit"]["author"], "email": "4242+ghopper@users.noreply.github.com", "date": f"{now:%Y-%m-%dT%H:%M:%SZ}"},
             "committer": {**fresh["commit"]["committer"], "date": f"{now:%Y-%m-%dT%H:%M:%SZ}"}},
             "author": {"login": "ghopper", "id": 4242}}  # fmt: skip
    this_month = f"{now:%Y-%m}"
    with FakeGitHub(extra_commits=[fresh]) as server:
        first = run_github(server, "acme/cobol-tools", "--github-user", "ghopper", "--since", this_month, "--until", this_month)
        cold = len(server.requests)
        run_github(server, "acme/cobol-tools", "--github-user", "ghopper", "--since", this_month, "--until", this_month)
    assert profile_of(first)["totals"]["commits"] == 1
    rerun = server.requests[cold:]
    assert {request.status for request in rerun} == {304}
    assert [request.method for request in rerun] == ["GET"] * 3  # user, repo, this month's commit list


def test_every_repository_contributed_to_when_none_is_named() -> None:
    with FakeGitHub() as server:
        profile = profile_of(run_github(server, *IDENTITY, *PERIOD))
    assert [repository["name"] for repository in profile["repositories"]] == ["acme/cobol-tools"]
    assert profile["totals"]["commits"] == 7
    assert sum(request.path == "/search/commits" for request in server.requests) == 3  # a month each


def test_a_secondary_limit_is_waited_out() -> None:
    limited = {"done": False}

    def once(seen: Seen) -> Answer | None:
        if seen.method == "POST" and not limited["done"]:
            limited["done"] = True
            return Answer(403, {"message": "You have exceeded a secondary rate limit."}, {"retry-after": "1"})
        return None

    with FakeGitHub(before=once) as server:
        started = time.monotonic()
        profile = profile_of(run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD))
        elapsed = time.monotonic() - started
    assert profile["totals"]["commits"] == 7
    assert len(server.requests) == COLD_REQUESTS + 1 and elapsed >= 1


def test_the_primary_limit_stops_cleanly_and_the_rerun_resumes() -> None:
    budget = {"left": 12}

    def exhaust(seen: Seen) -> Answer | None:
        budget["left"] -= 1
        if budget["left"] < 0:
            reset = str(int(time.time()) + 1800)
            return Answer(403, {"message": "API rate limit exceeded"}, {"x-ratelimit-remaining": "0", "x-ratelimit-reset": reset})
        return None

    with FakeGitHub(before=exhaust) as server:
        stopped = run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD)
        assert stopped.returncode == 2
        assert "GitHub's rate limit is used up; it resets in 30 min" in stopped.stderr
        assert "Everything fetched so far is cached: run again then to resume" in stopped.stderr
        budget["left"] = 10_000
        before = len(server.requests)
        resumed = profile_of(run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD))
    assert resumed["totals"]["commits"] == 7
    assert len(server.requests) - before == COLD_REQUESTS - 12 + 2  # what was fetched is not fetched again; user and repo are asked (304)


@pytest.mark.parametrize(
    ("arguments", "token", "message"),
    [
        (("acme/cobol-tools", "--github-user", "nobody-here"), TOKEN, "there is no GitHub user 'nobody-here'"),
        (("acme/secret-tools", "--github-user", "ghopper"), TOKEN, "there is no repository acme/secret-tools on GitHub, or the token cannot see it"),
        (("acme/cobol-tools", "--github-user", "ghopper"), "ghp_wrong", "refused the token (401 Bad credentials): check GITHUB_TOKEN"),
    ],
    ids=["unknown user", "unknown or private repository", "bad token"],
)
def test_github_errors_are_one_line_and_exit_2(arguments: tuple[str, ...], token: str, message: str) -> None:
    with FakeGitHub() as server:
        result = run_github(server, *arguments, *PERIOD, token=token)
    assert result.returncode == 2 and message in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_an_unreachable_api_is_exit_2() -> None:
    result = run_cli("run", "acme/cobol-tools", "--github-user", "ghopper", *PERIOD, env={"GITHUB_API_URL": "http://127.0.0.1:9", "GITHUB_TOKEN": TOKEN})
    assert result.returncode == 2 and "cannot reach GitHub at http://127.0.0.1:9" in result.stderr


def test_without_a_token_commits_still_count_with_a_warning() -> None:
    with FakeGitHub() as server:
        result = run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD, token=None)
    profile = profile_of(result)
    assert profile["totals"]["commits"] == 7
    assert "anonymous requests are limited to 60 an hour" in result.stderr
    assert not any(request.method == "POST" for request in server.requests)
    assert all("authorization" not in request.headers for request in server.requests)


def test_the_token_reaches_neither_cache_nor_output(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    with FakeGitHub() as server:
        result = run_cli("run", "acme/cobol-tools", *IDENTITY, *PERIOD, "--format", "json",
                         env={"GITHUB_API_URL": server.url, "GITHUB_TOKEN": TOKEN, "SUMMARIZER_CACHE_DIR": str(cache)})  # fmt: skip
    assert result.returncode == 0
    assert TOKEN not in result.stdout + result.stderr
    stored = b"".join(path.read_bytes() for path in cache.rglob("*") if path.is_file())
    assert stored and TOKEN.encode() not in stored


def test_github_and_a_local_clone_of_the_same_history_count_once(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "cobol-tools")
    sha = repo.commit("Add report writer (#30)", {"report.py": lines(4)}, "Grace Hopper <4242+ghopper@users.noreply.github.com>", "2025-02-03T10:00:00+00:00")
    repo.git("remote", "add", "origin", "https://github.com/acme/cobol-tools.git")
    mirrored = {
        "url": f"https://api.github.com/repos/acme/cobol-tools/commits/{sha}", "sha": sha,
        "commit": {"author": {"name": "Grace Hopper", "email": "4242+ghopper@users.noreply.github.com", "date": "2025-02-03T10:00:00Z"},
                   "committer": {"name": "Grace Hopper", "email": "4242+ghopper@users.noreply.github.com", "date": "2025-02-03T10:00:00Z"},
                   "message": "Add report writer (#30)"},
        "author": {"login": "ghopper", "id": 4242}, "parents": [],
        "stats": {"additions": 4, "deletions": 0, "total": 4},
        "files": [{"filename": "report.py", "status": "added", "additions": 4, "deletions": 0, "changes": 4, "patch": "@@"}],
    }  # fmt: skip
    with FakeGitHub(extra_commits=[mirrored]) as server:
        profile = profile_of(run_github(server, str(repo.path), "acme/cobol-tools", *IDENTITY, *PERIOD))
    assert profile["totals"]["commits"] == 8  # 7 from GitHub, the shared one once
    february = next(month for month in profile["months"] if month["month"] == "2025-02")
    assert sum(sha in item["commits"] for item in february["items"]) == 1
