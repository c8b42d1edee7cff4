"""The GitHub source against a GitHub-shaped server on 127.0.0.1 (tests/fake_github.py).

The story is in fixtures/github/make_fixtures.py: ghopper's 7 commits in acme/cobol-tools,
2025-01..2025-03, one landed by a bot (PR closed, not merged), one by an e-mail GitHub does
not link to the account, and a merged PR whose commit GitHub cannot attribute.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
import time
from pathlib import Path

import pytest

from summarizer.cache import RunCache
from summarizer.errors import ExitCode, SummarizerError
from summarizer.sources.github_api import MAX_RETRIES, GitHubClient, graphql_endpoint
from tests.conftest import BuiltRepo, run_cli
from tests.fake_github import DOTCOM, ENTERPRISE, TOKEN, Answer, ConnectionReset, FakeGitHub, Layout, Script, Seen
from tests.gitrepo import GitRepo, lines

PERIOD = ("--since", "2025-01", "--until", "2025-03")
IDENTITY = ("--github-user", "ghopper", "--author", "grace@old.example")
COLD_REQUESTS = 29  # user, repo, 8 commit-list pages, 5 + 5 GraphQL pages (theirs, then others' merged PRs), 3 review counts, 7 commits


def run_github(server: FakeGitHub, *arguments: str, token: str | None = TOKEN, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {"GITHUB_API_URL": server.url} | ({"GITHUB_TOKEN": token} if token else {}) | (env or {})
    return run_cli("run", *arguments, "--format", "json", env=environment)


def answering(method: str, path: str, reply: Answer | ConnectionReset) -> Script:
    """A server script: `reply` to every `method` request whose path matches the regular expression `path`."""
    return lambda seen: reply if seen.method == method and re.fullmatch(path, seen.path) else None


def assert_one_line_error(result: subprocess.CompletedProcess[str], exit_code: ExitCode, message: str) -> None:
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert message in result.stderr
    assert result.returncode == exit_code, result.stderr


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


@pytest.mark.parametrize("layout", [DOTCOM, ENTERPRISE], ids=lambda layout: layout.name)
def test_a_rerun_sends_only_conditional_requests_answered_304(layout: Layout) -> None:
    with FakeGitHub(layout=layout) as server:
        first = run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD)
        cold = len(server.requests)
        second = run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD)
    assert cold == COLD_REQUESTS
    rerun = server.requests[cold:]
    assert [request.path for request in rerun] == [f"{layout.rest_path}/users/ghopper", f"{layout.rest_path}/repos/acme/cobol-tools"]
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


def test_a_local_source_with_a_github_user_reads_only_the_local_repository(cobol_tools: BuiltRepo) -> None:
    with FakeGitHub() as server:
        result = run_github(server, str(cobol_tools.path), "--github-user", "ghopper", "--author", "Grace Hopper", *PERIOD)
    assert result.returncode == 0, result.stderr
    assert server.requests == []  # every repository on GitHub is read only when no SOURCE is named
    assert [repository["name"] for repository in profile_of(result)["repositories"]] == ["cobol-tools"]


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
        assert stopped.returncode == ExitCode.UNAVAILABLE
        assert "GitHub's rate limit is used up; it resets in 30 min" in stopped.stderr
        assert "Everything fetched so far is cached: run again then to resume" in stopped.stderr
        budget["left"] = 10_000
        before = len(server.requests)
        resumed = profile_of(run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD))
    assert resumed["totals"]["commits"] == 7
    assert len(server.requests) - before == COLD_REQUESTS - 12 + 2  # what was fetched is not fetched again; user and repo are asked (304)


@pytest.mark.parametrize(
    ("arguments", "script", "message"),
    [
        (("acme/cobol-tools", "--github-user", "nobody-here"), None, "there is no GitHub user 'nobody-here' (404 Not Found)"),
        (("acme/secret-tools", "--github-user", "ghopper"), None,
         "there is no repository acme/secret-tools on GitHub, or the token cannot see it (404 Not Found)"),
        (("acme/cobol-tools", "--github-user", "ghopper"), answering("GET", "/repos/acme/cobol-tools", Answer(410, {"message": "Repository access blocked"})),
         "there is no repository acme/cobol-tools on GitHub, or the token cannot see it (410 Repository access blocked)"),
        (("acme/cobol-tools", "--github-user", "ghopper"), answering("GET", "/repos/acme/cobol-tools/commits", Answer(404, {"message": "Not Found"})),
         "/repos/acme/cobol-tools/commits?sha=main&author=ghopper"),
        (("--github-user", "ghopper"), answering("GET", "/search/commits", Answer(422, {"message": "Validation Failed", "errors": [
            {"message": "The listed users cannot be searched.", "resource": "Search", "field": "q", "code": "invalid"}]})),
         "Validation Failed: The listed users cannot be searched."),
        (("acme/cobol-tools", "--github-user", "ghopper"), answering("POST", "/graphql", Answer(200, {"data": {"search": None}, "errors": [
            {"type": "NOT_FOUND", "path": ["search"], "message": "Could not resolve to a Repository with the name 'acme/cobol-tools'."}]})),
         "GitHub's GraphQL API answered: Could not resolve to a Repository with the name 'acme/cobol-tools'."),
    ],
    ids=["unknown user", "unknown or private repository", "repository gone (410)", "commit list 404 after the repository was found",
         "commit search refused (422)", "GraphQL NOT_FOUND"],
)  # fmt: skip
def test_what_the_input_can_fix_is_one_line_and_exit_2(arguments: tuple[str, ...], script: Script | None, message: str) -> None:
    with FakeGitHub(before=script) as server:
        result = run_github(server, *arguments, *PERIOD)
    assert_one_line_error(result, ExitCode.BAD_INPUT, message)


@pytest.mark.parametrize(
    ("token", "script", "message"),
    [
        ("ghp_wrong", None, "refused the token (401 Bad credentials): check GITHUB_TOKEN"),
        (TOKEN, answering("GET", "/repos/acme/cobol-tools", Answer(403, {"message": "Resource not accessible by personal access token"})),
         "refused http://127.0.0.1:"),
        (TOKEN, answering("GET", "/repos/acme/cobol-tools/commits", Answer(502, b"<html>Unicorn!</html>", {"content-type": "text/html", "retry-after": "0"})),
         "is failing: 502 Bad Gateway for http://127.0.0.1:"),
        (TOKEN, answering("POST", "/graphql", Answer(403, {"message": "You have exceeded a secondary rate limit."}, {"retry-after": "0"})),
         "GitHub kept answering with its secondary rate limit; wait a few minutes and run again"),
        (TOKEN, answering("GET", "/repos/acme/cobol-tools", Answer(200, b"<!DOCTYPE html><html>Sign in</html>", {"content-type": "text/html; charset=utf-8"})),
         "/repos/acme/cobol-tools answered with text/html, not JSON: is it GitHub's API?"),
        (TOKEN, answering("GET", "/users/ghopper", ConnectionReset()), "broke off its answer"),
        (TOKEN, answering("POST", "/graphql", Answer(200, {"data": None, "errors": [
            {"message": "Something went wrong while executing your query. This may be the result of a timeout."}]})),
         "GitHub's GraphQL API answered: Something went wrong while executing your query."),
        (TOKEN, answering("POST", "/graphql", Answer(200, {"data": {"search": None}, "errors": [
            {"type": "FORBIDDEN", "path": ["search"], "message": "Resource protected by organization SAML enforcement."}]})),
         "GitHub's GraphQL API answered: Resource protected by organization SAML enforcement."),
    ],
    ids=["bad token", "forbidden (403)", "server error after retries (502)", "secondary limit that never lifts", "HTML instead of JSON",
         "connection reset", "GraphQL error without a type", "GraphQL FORBIDDEN"],
)  # fmt: skip
def test_a_service_that_cannot_be_used_is_one_line_and_exit_3(token: str, script: Script | None, message: str) -> None:
    with FakeGitHub(before=script) as server:
        result = run_github(server, "acme/cobol-tools", "--github-user", "ghopper", *PERIOD, token=token)
    assert_one_line_error(result, ExitCode.UNAVAILABLE, message)


def test_an_unreachable_api_is_one_line_and_exit_3() -> None:
    result = run_cli("run", "acme/cobol-tools", "--github-user", "ghopper", *PERIOD, env={"GITHUB_API_URL": "http://127.0.0.1:9", "GITHUB_TOKEN": TOKEN})
    assert_one_line_error(result, ExitCode.UNAVAILABLE, "cannot reach GitHub at http://127.0.0.1:9")


def test_a_server_error_is_asked_again_and_the_run_completes() -> None:
    failed = {"once": False}

    def fail_once(seen: Seen) -> Answer | None:
        if seen.path == "/repos/acme/cobol-tools/commits" and not failed["once"]:
            failed["once"] = True
            return Answer(503, {"message": "Service Unavailable"}, {"retry-after": "0"})
        return None

    with FakeGitHub(before=fail_once) as server:
        profile = profile_of(run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD))
    assert profile["totals"]["commits"] == 7
    assert len(server.requests) == COLD_REQUESTS + 1


def test_server_errors_are_retried_a_bounded_number_of_times_with_a_doubling_wait(tmp_path: Path) -> None:
    waits: list[float] = []
    failing = answering("GET", "/users/ghopper", Answer(500, {"message": "Server Error"}))
    with FakeGitHub(before=failing) as server:
        client = GitHubClient(server.url, TOKEN, RunCache(tmp_path / "cache"), sleep=waits.append)
        with pytest.raises(SummarizerError) as raised:
            client.get("/users/ghopper")
    assert waits == [1.0, 2.0, 4.0] and len(server.requests) == MAX_RETRIES + 1
    assert raised.value.exit_code == ExitCode.UNAVAILABLE


@pytest.mark.parametrize(
    ("api", "graphql"),
    [
        ("https://api.github.com", "https://api.github.com/graphql"),
        ("https://github.example.com/api/v3", "https://github.example.com/api/graphql"),
        ("https://github.example.com/api/v3/", "https://github.example.com/api/graphql"),
        ("https://api.acme.ghe.com", "https://api.acme.ghe.com/graphql"),
    ],
    ids=["api.github.com", "Enterprise Server", "Enterprise Server with a trailing slash", "GHE.com data residency"],
)
def test_the_graphql_endpoint_is_the_one_github_documents_beside_the_rest_root(api: str, graphql: str) -> None:
    assert graphql_endpoint(api) == graphql


def test_an_enterprise_server_gives_exactly_the_numbers_of_api_github_com() -> None:
    with FakeGitHub(layout=DOTCOM) as dotcom:
        on_dotcom = profile_of(run_github(dotcom, "acme/cobol-tools", *IDENTITY, *PERIOD))
    with FakeGitHub(layout=ENTERPRISE) as enterprise:
        on_enterprise = profile_of(run_github(enterprise, "acme/cobol-tools", *IDENTITY, *PERIOD))
    assert on_enterprise == on_dotcom


def test_enterprise_pull_requests_are_asked_at_api_graphql() -> None:
    with FakeGitHub(layout=ENTERPRISE) as server:
        profile_of(run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD))
    assert {request.path for request in server.requests if request.method == "POST"} == {"/api/graphql"}


def test_github_graphql_url_takes_precedence_over_the_derived_endpoint() -> None:
    with FakeGitHub(layout=ENTERPRISE) as rest, FakeGitHub(layout=DOTCOM) as graphql:
        profile = profile_of(run_github(rest, "acme/cobol-tools", *IDENTITY, *PERIOD, env={"GITHUB_GRAPHQL_URL": f"{graphql.origin}/graphql"}))
    assert profile["totals"]["commits"] == 7
    assert not any(request.method == "POST" for request in rest.requests)
    assert [request.path for request in graphql.requests] == ["/graphql"] * 13  # her pull requests, the reviews she gave, the others' merged ones


def test_graphql_asked_under_the_enterprise_rest_root_is_one_line_and_exit_2() -> None:
    with FakeGitHub(layout=ENTERPRISE) as server:
        result = run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD, env={"GITHUB_GRAPHQL_URL": f"{server.url}/graphql"})
    assert_one_line_error(result, ExitCode.BAD_INPUT, f"there is no GraphQL API at {server.origin}/api/v3/graphql (404 Not Found)")


def test_an_enterprise_host_without_api_v3_is_one_line_and_exit_3() -> None:
    with FakeGitHub(layout=ENTERPRISE) as server:
        result = run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD, env={"GITHUB_API_URL": server.origin})
    assert_one_line_error(result, ExitCode.UNAVAILABLE, "or https://HOST/api/v3 on GitHub Enterprise Server")


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


def test_pull_requests_others_merged_in_her_months_stand_beside_her_work() -> None:
    with FakeGitHub() as server:
        environment = {"GITHUB_API_URL": server.url, "GITHUB_TOKEN": TOKEN}
        result = run_cli("fetch", "acme/cobol-tools", *IDENTITY, *PERIOD, "--output", "-", env=environment)
    assert result.returncode == 0, result.stderr
    activity = read_activity_text(result.stdout)
    assert [(other.author_name, other.pr, other.subject, other.month) for other in activity.others] == [("adal", 30, "Add plotting", "2025-03")]
    assert all(commit.author_name == "Grace Hopper" for commit in activity.commits)


def read_activity_text(text: str):  # type: ignore[no-untyped-def]
    from summarizer.models.activity import Activity

    return Activity.model_validate_json(text)


def test_reviews_given_and_received_come_from_github_with_their_definition() -> None:
    # fixtures/github/make_fixtures.py: adal reviewed #7 and #12 (twice; ghopper's own review of #12
    # is not one received), ghopper reviewed adal's #30; each PR opened 2 hours per its number
    # before it merged. Her merged PRs in the profile: #7, #8, #12, #21, #22.
    with FakeGitHub() as server:
        profile = profile_of(run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD))
    reviews = profile["signals"]["reviews"]
    assert (reviews["given"], reviews["received"], reviews["of"]) == (1, 4, 5)
    assert reviews["median_hours_to_merge"] == 24.0  # 14, 16, 24, 42 and 44 hours
    assert sorted(reviews["items"]) == ["acme/cobol-tools#22", "acme/cobol-tools#8"]
    assert reviews["definition"].startswith("from GitHub")
    assert {month["month"]: month["signals"]["reviews"]["given"] for month in profile["months"]} == {"2025-03": 1, "2025-02": 0, "2025-01": 0}


def test_a_local_run_has_no_review_figures(cobol_tools: BuiltRepo) -> None:
    profile = profile_of(run_cli("run", str(cobol_tools.path), "-a", "grace", "--since", "2025-01", "--until", "2025-06", "--format", "json"))
    assert profile["signals"]["reviews"] is None


@pytest.mark.parametrize("argument", ["github:", "github:acme", "github:acme/cobol-tools/extra", "github:/cobol-tools"])
def test_a_github_argument_that_names_no_repository_is_one_line_and_exit_2_without_asking_github(argument: str) -> None:
    with FakeGitHub() as server:
        result = run_github(server, argument, "--github-user", "ghopper", *PERIOD)
    assert_one_line_error(result, ExitCode.BAD_INPUT, f"{argument!r} names no GitHub repository: write github:OWNER/NAME")
    assert server.requests == []


def test_owner_slash_name_under_a_folder_that_is_here_is_a_mistyped_path_not_a_github_repository(tmp_path: Path) -> None:
    (tmp_path / "base").mkdir()
    with FakeGitHub() as server:
        result = run_cli("run", "base/nonexistent", "--github-user", "ghopper", *PERIOD, cwd=tmp_path, env={"GITHUB_API_URL": server.url, "GITHUB_TOKEN": TOKEN})
    assert_one_line_error(result, ExitCode.BAD_INPUT, "no such repository path: base/nonexistent (base is a folder here, so it is not looked for on GitHub)")
    assert server.requests == []


def test_owner_slash_name_is_github_when_no_folder_here_has_the_owners_name(tmp_path: Path) -> None:
    (tmp_path / "cobol-tools").mkdir()  # the name's folder alone does not make it a path
    with FakeGitHub() as server:
        result = run_cli("run", "acme/cobol-tools", *IDENTITY, *PERIOD, "-f", "json", cwd=tmp_path, env={"GITHUB_API_URL": server.url, "GITHUB_TOKEN": TOKEN})
    assert profile_of(result)["totals"]["commits"] == 7


def test_secrets_in_github_author_names_and_e_mails_are_redacted_as_they_are_read() -> None:
    commit = json.loads(next((Path(__file__).parents[1] / "fixtures/github/commits").glob("*.json")).read_text())
    author = {"name": "Grace ghp_abcdefghijklmnopqrstuvwxyz0123456789", "email": "4242+AKIAIOSFODNN7EXAMPLE@users.noreply.github.com", "date": "2025-02-03T10:00:00Z"}
    secret = {**commit, "sha": "0" * 39 + "2", "commit": {**commit["commit"], "author": author, "message": "Add report writer"},
              "author": {"login": "ghopper", "id": 4242}}  # fmt: skip
    with FakeGitHub(extra_commits=[secret]) as server:
        result = run_github(server, "acme/cobol-tools", *IDENTITY, *PERIOD)
    profile = profile_of(result)
    assert profile["totals"]["commits"] == 8
    assert "Grace [REDACTED]" in profile["developer"]["ids"] and "4242+[REDACTED]@users.noreply.github.com" in profile["developer"]["ids"]
    assert "ghp_abcdefghij" not in result.stdout and "AKIAIOSFODNN7EXAMPLE" not in result.stdout
