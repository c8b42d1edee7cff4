"""The GitLab source against a GitLab-shaped server on 127.0.0.1 (tests/fake_gitlab.py).

The fixture's facts (fixtures/gitlab/, listed in fake_gitlab.py's header), as these tests use them:
project group/subgroup/project on `main`; users ada (Ada Lovelace, public e-mail ada@example.com)
and grace. Ada's non-merge commits on main, by committed month:
- 2025-03: m1 "Add CSV parser" +65, m3 "Handle quoted fields" +12 −4, b1 "Add CSV export" +42
  (ada@example.com), and m4 "Tune worker pool" +6 −2 by "Ada Lovelace <ada@work.example>";
- 2025-04: m6 "Update dependencies" +40 −15, of which poetry.lock +30 −12, and m8 "Refactor CSV
  dialects" +40 −9.
Grace's m2, m5, m7, m9 are not Ada's; the merge commit M1 (Ada's, parents m5 and b1) repeats b1's
lines; fb1 "WIP: feature flag plumbing" is only on `feature`. Merge requests: !2 merged 2025-03-24
by M1 (head b1, approved by grace), !4 squashed as m6 (2025-04-02), !7 squashed as m8
(2025-04-15); !1 merged in February, !3 closed unmerged, !8 merged in May; grace's !5 (April) was
approved by ada.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import time
from pathlib import Path
from unittest import mock

import pytest

from summarizer.cache import RunCache
from summarizer.choices import Forge
from summarizer.errors import ExitCode
from summarizer.models.activity import Activity
from summarizer.period import Period
from summarizer.sources import collect_activity
from summarizer.sources.gitlab_api import GitLabClient
from tests.conftest import run_cli
from tests.fake_gitlab import FIXTURES, TOKEN, Answer, FakeGitLab, Script, forbidden, rate_limited

PROJECT = "gitlab:group/subgroup/project"
PERIOD = Period(since="2025-03", until="2025-04")
CLI_PERIOD = ("--since", "2025-03", "--until", "2025-04")
SHA = {commit["title"]: commit["id"] for commit in json.loads((FIXTURES / "commits.json").read_text())}
ADA_MARCH = ["Add CSV parser", "Handle quoted fields", "Tune worker pool", "Add CSV export"]
ADA_APRIL = ["Update dependencies", "Refactor CSV dialects"]
GRACE = ["Fix typo in README", "Add retry to fetcher", "Add pagination to API client", "Fix flaky API test"]


@pytest.fixture(autouse=True)
def no_gitlab_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The user's own GitLab settings reach no test."""
    monkeypatch.delenv("GITLAB_URL", raising=False)
    monkeypatch.delenv("GITLAB_TOKEN", raising=False)


def read(server: FakeGitLab, cache_dir: Path, authors: tuple[str, ...] = (), token: str | None = TOKEN, login: str | None = "ada") -> Activity:
    """Ada's activity in the project over March and April 2025, as `run --gitlab-user ada` collects it."""
    settings = {"GITLAB_URL": server.web} | ({"GITLAB_TOKEN": token} if token else {})
    with mock.patch.dict(os.environ, settings):
        return collect_activity([PROJECT], list(authors), PERIOD, None, RunCache(cache_dir), logins={"gitlab": login} if login else {})


def run_gitlab(server: FakeGitLab, *arguments: str, token: str | None = TOKEN, url: str | None = None) -> subprocess.CompletedProcess[str]:
    environment = {"GITLAB_URL": url or server.web} | ({"GITLAB_TOKEN": token} if token else {})
    return run_cli("run", *arguments, *CLI_PERIOD, env=environment)


def assert_one_line_error(result: subprocess.CompletedProcess[str], exit_code: ExitCode, message: str) -> None:
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert message in result.stderr
    assert result.returncode == exit_code, result.stderr


def by_month(activity: Activity) -> dict[str, tuple[int, int, int]]:
    months: dict[str, tuple[int, int, int]] = {}
    for commit in activity.commits:
        commits, added, deleted = months.get(commit.month, (0, 0, 0))
        months[commit.month] = (commits + 1, added + commit.lines_added, deleted + commit.lines_deleted)
    return months


def test_commits_and_lines_per_month_leave_the_lock_file_out(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        activity = read(server, tmp_path)
    # March: 65 + 12 + 6 + 42 added, 4 + 2 deleted; April: m6 without poetry.lock (+10 −3) and m8 (+40 −9).
    assert by_month(activity) == {"2025-03": (4, 125, 6), "2025-04": (2, 50, 12)}
    assert [commit.subject for commit in activity.commits] == ADA_MARCH + ADA_APRIL
    lock = next(change for commit in activity.commits for change in commit.files if change.path == "poetry.lock")
    assert (lock.added, lock.deleted, lock.counted) == (30, 12, False)


def test_other_authors_commits_are_not_hers(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        activity = read(server, tmp_path)
    assert not {SHA[title] for title in GRACE} & {commit.sha for commit in activity.commits}
    assert {commit.author_name for commit in activity.commits} == {"Ada Lovelace"}


def test_a_commit_matched_by_the_account_name_alone_is_reported(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        activity = read(server, tmp_path)
    assert SHA["Tune worker pool"] in {commit.sha for commit in activity.commits}
    assert activity.warnings == [
        "group/subgroup/project: 1 commit by ada@work.example, matched by the name 'Ada Lovelace' of the GitLab account ada, "
        "not by its public e-mail (ada@example.com)"
    ]


def test_an_e_mail_the_account_does_not_show_counts_through_author_and_is_reported(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        server.commits[SHA["Tune worker pool"]]["author_name"] = "A. Lovelace"  # neither her name nor her public e-mail
        without = read(server, tmp_path / "without")
        with_author = read(server, tmp_path / "with", authors=("ada@work.example",))
    assert SHA["Tune worker pool"] not in {commit.sha for commit in without.commits}
    assert SHA["Tune worker pool"] in {commit.sha for commit in with_author.commits}
    assert with_author.warnings == ["group/subgroup/project: 1 commit by ada@work.example, matched from --author, not from the GitLab account ada"]


def test_the_commit_only_on_feature_is_absent(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        activity = read(server, tmp_path)
    assert SHA["WIP: feature flag plumbing"] not in {commit.sha for commit in activity.commits}


def test_the_merge_commit_is_skipped_and_its_lines_are_not_counted_twice(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        activity = read(server, tmp_path)
    assert SHA["Merge branch 'csv-export' into 'main'"] not in {commit.sha for commit in activity.commits}
    assert by_month(activity)["2025-03"][1] == 125  # b1's +42 once


def test_merge_requests_merged_in_the_period_are_her_work_items(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        activity = read(server, tmp_path)
    assert sorted(pull.number for pull in activity.pull_requests) == [2, 4, 7]  # not !1 (February), !3 (closed), !8 (May)
    carried = {commit.subject: commit.pr for commit in activity.commits}
    # !2 by its merge commit's second parent, !4 and !7 by their squash commits.
    assert (carried["Add CSV export"], carried["Update dependencies"], carried["Refactor CSV dialects"]) == (2, 4, 7)
    assert carried["Add CSV parser"] is None
    dialects = next(pull for pull in activity.pull_requests if pull.number == 7)
    assert (dialects.title, dialects.labels, dialects.url) == ("Refactor CSV dialects", ["refactoring"], f"{server.web}/group/subgroup/project/-/merge_requests/7")


def test_a_merged_merge_request_whose_commit_matches_no_identity_is_reported_not_counted(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        squash = server.commits[SHA["Refactor CSV dialects"]]
        squash["author_name"], squash["author_email"] = "Release Bot", "bot@example.com"
        activity = read(server, tmp_path)
    assert 7 not in {commit.pr for commit in activity.commits}
    assert any(warning.startswith("group/subgroup/project!7 was merged as b68de89, whose author matches neither") for warning in activity.warnings)


def test_without_gitlab_user_commits_are_matched_by_author_alone(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        activity = read(server, tmp_path, authors=("ada@example.com",), login=None)
    assert by_month(activity) == {"2025-03": (3, 119, 4), "2025-04": (2, 50, 12)}  # not m4, by ada@work.example
    assert activity.pull_requests == [] and activity.reviews_given is None
    assert "no --gitlab-user: GitLab commits are matched by --author alone, and merge requests are not read" in activity.warnings
    assert not any(seen.path.endswith(("/users", "/merge_requests")) for seen in server.requests)


def test_the_repository_links_to_gitlab_pages(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        activity = read(server, tmp_path)
    [repository] = activity.repositories
    assert (repository.name, repository.branch, repository.forge) == ("group/subgroup/project", "main", Forge.GITLAB)
    assert repository.web_url == f"{server.web}/group/subgroup/project"


def test_the_profile_links_merge_requests_and_commits_to_their_pages() -> None:
    with FakeGitLab(prefix="/gitlab") as server:
        result = run_gitlab(server, PROJECT, "--gitlab-user", "ada", "--format", "markdown")
    assert result.returncode == 0, result.stderr
    home = f"{server.origin}/gitlab/group/subgroup/project"
    assert f"[#2]({home}/-/merge_requests/2)" in result.stdout
    assert f"[#7]({home}/-/merge_requests/7)" in result.stdout
    assert f"({home}/-/commit/{SHA['Add CSV parser']})" in result.stdout


def test_approvals_are_the_reviews_given_and_received(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        activity = read(server, tmp_path)
    assert activity.reviews_given == {"2025-03": 0, "2025-04": 1}  # grace's !5, merged in April
    assert {pull.number: pull.reviews for pull in activity.pull_requests} == {2: 1, 4: 0, 7: 0}


def test_without_a_token_nothing_is_known_of_reviews(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        activity = read(server, tmp_path, token=None)
    assert activity.reviews_given is None
    assert by_month(activity) == {"2025-03": (4, 125, 6), "2025-04": (2, 50, 12)}
    assert "no GitLab token (GITLAB_TOKEN): approvals are not read, so nothing is known of reviews" in activity.warnings
    assert not any(seen.path.endswith("/approvals") or "private-token" in seen.headers for seen in server.requests)


def test_the_token_is_sent_as_private_token_and_reaches_neither_cache_nor_output(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        result = run_cli("run", PROJECT, "--gitlab-user", "ada", *CLI_PERIOD, "--format", "json",
                         env={"GITLAB_URL": server.web, "GITLAB_TOKEN": TOKEN, "SUMMARIZER_CACHE_DIR": str(tmp_path / "cache")})  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert {seen.headers.get("private-token") for seen in server.requests} == {TOKEN}
    assert TOKEN not in result.stdout + result.stderr
    stored = b"".join(path.read_bytes() for path in (tmp_path / "cache").rglob("*") if path.is_file())
    assert stored and TOKEN.encode() not in stored


def test_a_rerun_sends_only_conditional_requests_answered_304(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        first = read(server, tmp_path)
        cold = len(server.requests)
        second = read(server, tmp_path)
    rerun = server.requests[cold:]
    assert [seen.path for seen in rerun] == ["/api/v4/users", "/api/v4/users/101", "/api/v4/projects/group%2Fsubgroup%2Fproject"]
    assert all(seen.conditional and seen.status == 304 for seen in rerun)
    assert second == first


def test_an_instance_under_a_sub_path_gives_the_same_activity(tmp_path: Path) -> None:
    with FakeGitLab() as root, FakeGitLab(prefix="/gitlab") as under_path:
        on_root = read(root, tmp_path / "root")
        on_path = read(under_path, tmp_path / "path")
    assert {seen.path.split("/api/v4")[0] for seen in under_path.requests} == {"/gitlab"}
    assert on_path.model_dump(exclude={"repositories", "pull_requests"}) == on_root.model_dump(exclude={"repositories", "pull_requests"})
    assert [pull.url for pull in on_path.pull_requests] == [pull.url.replace(root.web, under_path.web) for pull in on_root.pull_requests]  # type: ignore[union-attr]


def test_an_answer_fetched_before_its_window_ended_is_asked_again(tmp_path: Path) -> None:
    with FakeGitLab() as server:
        client = GitLabClient(server.web, TOKEN, RunCache(tmp_path))
        client.get("/projects/4242", settled=dt.datetime.now(dt.timezone.utc) + dt.timedelta(hours=1))  # the window is still open
        client.get("/projects/4242", settled=dt.datetime.now(dt.timezone.utc))  # it has ended since
        client.get("/projects/4242", settled=dt.datetime.now(dt.timezone.utc) - dt.timedelta(hours=1))  # known after it ended
    assert [(seen.conditional, seen.status) for seen in server.requests] == [(False, 200), (True, 304)]


def test_a_short_rate_limit_is_waited_out(tmp_path: Path) -> None:
    replies = iter([rate_limited(retry_after=1)])
    with FakeGitLab(before=lambda seen: next(replies, None) if seen.path.endswith("/merge_requests") else None) as server:
        started = time.monotonic()
        activity = read(server, tmp_path)
    assert time.monotonic() - started >= 1
    assert sorted(pull.number for pull in activity.pull_requests) == [2, 4, 7]
    assert server.statuses().count(429) == 1


def answering(path_end: str, reply: Answer) -> Script:
    """A server script: `reply` to every request whose path ends with `path_end`."""
    return lambda seen: reply if seen.path.endswith(path_end) else None


@pytest.mark.parametrize(
    ("arguments", "script", "token", "exit_code", "message"),
    [
        ((PROJECT, "--gitlab-user", "ada"), None, "glpat-wrong0123456789abcd", ExitCode.UNAVAILABLE,
         "refused the token (401 Unauthorized): check GITLAB_TOKEN"),
        ((PROJECT, "--gitlab-user", "ada"), answering("/repository/commits", forbidden()), TOKEN, ExitCode.UNAVAILABLE,
         "(403 Forbidden): check the token's access (scope read_api)"),
        ((PROJECT, "--gitlab-user", "nobody"), None, TOKEN, ExitCode.BAD_INPUT, "there is no GitLab user 'nobody' at http://127.0.0.1:"),
        ((PROJECT, "--gitlab-user", "ada"), answering("/merge_requests", rate_limited(retry_after=3600)), TOKEN, ExitCode.UNAVAILABLE,
         "is rate limiting this client (429, Retry-After: 3600 s); run again after that"),
        ((PROJECT, "--gitlab-user", "ada"), answering("/users/101", Answer(200, b"{not json", {"content-type": "application/json"})), TOKEN,
         ExitCode.UNAVAILABLE, "/api/v4/users/101 answered with application/json, not JSON: is GITLAB_URL the instance's web address"),
        ((PROJECT, "--gitlab-user", "ada"), answering("/users/101", Answer(200, ["a list"])), TOKEN, ExitCode.UNAVAILABLE,
         "answered in a shape its API does not have"),
        ((PROJECT, "--gitlab-user", "ada"), answering("/repository/commits", Answer(502, b"<html>502</html>", {"content-type": "text/html", "retry-after": "0"})),
         TOKEN, ExitCode.UNAVAILABLE, "is failing: 502 Bad Gateway for http://127.0.0.1:"),
    ],
    ids=["bad token", "forbidden", "unknown user", "rate limit", "bad JSON", "another shape", "server error after retries"],
)  # fmt: skip
def test_a_failure_is_one_line_and_its_exit_code(arguments: tuple[str, ...], script: Script | None, token: str, exit_code: ExitCode, message: str) -> None:
    with FakeGitLab(before=script) as server:
        result = run_gitlab(server, *arguments, token=token)
    assert_one_line_error(result, exit_code, message)


def test_an_unknown_project_names_the_project_and_gitlab_url() -> None:
    with FakeGitLab() as server:
        result = run_gitlab(server, "gitlab:group/nope", "--gitlab-user", "ada")
    assert_one_line_error(result, ExitCode.BAD_INPUT, f"there is no project group/nope on GitLab at {server.web}, or the token cannot see it")


def test_gitlab_url_without_the_instance_path_is_one_line_and_exit_3() -> None:
    with FakeGitLab(prefix="/gitlab") as server:
        result = run_gitlab(server, PROJECT, "--gitlab-user", "ada", url=server.origin)
    assert_one_line_error(result, ExitCode.UNAVAILABLE, "answered with text/html, not JSON: is GITLAB_URL the instance's web address")


def test_an_unreachable_instance_is_one_line_and_exit_3() -> None:
    result = run_cli("run", PROJECT, "--gitlab-user", "ada", *CLI_PERIOD, env={"GITLAB_URL": "http://127.0.0.1:9"})
    assert_one_line_error(result, ExitCode.UNAVAILABLE, "cannot reach GitLab at http://127.0.0.1:9")


@pytest.mark.parametrize("argument", ["gitlab:", "gitlab:project", "gitlab:group/", "gitlab:/project"])
def test_a_gitlab_argument_that_names_no_project_is_one_line_and_exit_2_without_asking(argument: str) -> None:
    with FakeGitLab() as server:
        result = run_gitlab(server, argument, "--gitlab-user", "ada")
    assert_one_line_error(result, ExitCode.BAD_INPUT, f"{argument!r} names no GitLab project: write gitlab:GROUP/PROJECT")
    assert server.requests == []


def test_the_command_line_reads_gitlab_with_gitlab_user() -> None:
    with FakeGitLab() as server:
        result = run_gitlab(server, PROJECT, "--gitlab-user", "ada", "--author", "ada@work.example", "--format", "json")
    assert result.returncode == 0, result.stderr
    profile = json.loads(result.stdout)
    assert (profile["totals"]["commits"], profile["totals"]["lines_added"], profile["totals"]["lines_deleted"]) == (6, 175, 18)
    assert {month["month"]: month["commits"] for month in profile["months"]} == {"2025-03": 4, "2025-04": 2}
    assert [repository["name"] for repository in profile["repositories"]] == ["group/subgroup/project"]
    assert "1 commit by ada@work.example, matched from --author" in result.stderr


def test_a_roster_reads_a_gitlab_project_for_each_developer_by_their_gitlab_login(tmp_path: Path) -> None:
    roster = tmp_path / "team.toml"
    roster.write_text(
        f'since = "2025-03"\nuntil = "2025-04"\nrepositories = ["{PROJECT}"]\n\n'
        '[[developer]]\nname = "Ada Lovelace"\ngitlab = "ada"\nidentities = ["ada@work.example"]\n\n'
        '[[developer]]\nname = "Grace Hopper"\ngitlab = "grace"\n'
    )
    with FakeGitLab() as server:
        result = run_cli("team", str(roster), "--output", str(tmp_path / "site"), env={"GITLAB_URL": server.web, "GITLAB_TOKEN": TOKEN})
        single = run_gitlab(server, PROJECT, "--gitlab-user", "ada", "--author", "ada@work.example", "--format", "json")
    assert result.returncode == 0, result.stderr
    ada = json.loads((tmp_path / "site" / "ada-lovelace" / "profile.json").read_text())
    grace = json.loads((tmp_path / "site" / "grace-hopper" / "profile.json").read_text())
    assert ada["totals"] == json.loads(single.stdout)["totals"]
    assert {month["month"]: month["commits"] for month in grace["months"]} == {"2025-03": 2, "2025-04": 2}
