"""A saved activity (`fetch -o activity.json`, read back by `--activity`) may come from anywhere.

Each test edits a copy of fixtures/validation/grace.json (a fetch's output: Grace Hopper's 11
commits of 2025-01..06) in one place and reads it back: a value no fetch writes is one line
naming the file and the place, exit 2, and nothing the user had is touched; an entry listed
twice counts once, and the run says so.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from summarizer.errors import SummarizerError
from summarizer.sources.activity_file import read_activity
from tests.conftest import run_cli

GRACE = Path(__file__).resolve().parents[1] / "fixtures" / "validation" / "grace.json"
EARLIER = "# My earlier profile\n\nWritten by hand; a refused run must leave it.\n"
# A pull request of Grace's commit 275a700 ("Fix crash on empty record (#7)"), as GitHub describes it.
PULL = {"repo": "cobol-tools", "number": 7, "title": "Fix crash on empty record", "merged_at": "2025-01-25T15:00:00Z"}
# Another author's commit, as `others` holds one: message and time, no line counts.
ADAS = {
    "sha": "c" * 40, "repo": "cobol-tools", "author_name": "Ada Lovelace", "author_email": "ada@example.com",
    "authored_at": "2025-03-06T12:00:00Z", "committed_at": "2025-03-06T12:00:00Z", "month": "2025-03",
    "subject": "Tweak docs", "stats_complete": False,
}  # fmt: skip


def grace() -> dict[str, Any]:
    return json.loads(GRACE.read_text())


def saved(tmp_path: Path, activity: dict[str, Any]) -> Path:
    path = tmp_path / "activity.json"
    path.write_text(json.dumps(activity, indent=1))
    return path


def edited(changes: dict[str, Any]) -> dict[str, Any]:
    """Grace's activity with each dotted place ("commits.0.files.0.added") set to its value."""
    activity = grace()
    for place, value in changes.items():
        *path, last = [int(part) if part.isdigit() else part for part in place.split(".")]
        parent = activity
        for part in path:
            parent = parent[part]
        parent[last] = value
    return activity


def totals(result: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["totals"]  # type: ignore[no-any-return]


# ---------------------------------------------------------------------------------------------
# Values no fetch writes


@pytest.mark.parametrize(
    ("changes", "place"),
    [
        ({"commits.0.files.0.added": -120}, "commits.0.files.0.added: -120"),
        ({"commits.1.files.0.deleted": -3}, "commits.1.files.0.deleted: -3"),
        (
            {"commits.0.authored_at": "2024-12-12T09:00:00Z", "commits.0.committed_at": "2024-12-12T09:00:00Z", "commits.0.month": "2024-12"},
            "commits.0.month: 2024-12 is outside the file's period",
        ),
        ({"commits.0.month": "2025-02"}, "commits.0.month: '2025-02', but it was committed on 2025-01-12T09:00:00+00:00"),
        ({"commits.0.month": "2025-13"}, "commits.0.month"),
        ({"commits.1.committed_at": "2025-01-25T15:00:00"}, "commits.1.committed_at: 2025-01-25T15:00:00 has no UTC offset"),
        ({"commits.1.pr": 0}, "commits.1.pr: 0"),
        ({"pull_requests": [PULL | {"additions": -5}]}, "pull_requests.0.additions: -5"),
        ({"pull_requests": [PULL | {"number": -7}]}, "pull_requests.0.number: -7"),
        ({"reviews_given": {"2025-03": -1}}, "reviews_given.2025-03: -1"),
        ({"reviews_given": {"2024-03": 2}}, "reviews_given.2024-03: outside the file's period"),
        ({"reviews_given": {"March": 2}}, "reviews_given: 'March' is not a month"),
        ({"commits.0.sha": "\x1b[2J"}, "commits.0.sha: '\\x1b[2J' is not a commit's name"),
        ({"others": [ADAS | {"month": "2025-04"}]}, "others.0.month: '2025-04', but it was committed on 2025-03-06T12:00:00+00:00"),
        ({"authors": []}, "authors: empty"),
    ],
    ids=[
        "negative lines added", "negative lines deleted", "commit outside the period", "commit filed under another month",
        "commit month 13", "commit time without offset", "pull request number 0", "pull request negative additions",
        "pull request negative number", "negative reviews given", "reviews given outside the period", "reviews given in no month",
        "commit sha of no commit", "other author's commit filed under another month", "no developer named",
    ],
)  # fmt: skip
def test_a_value_no_fetch_writes_is_one_line_naming_the_file_and_the_place(changes: dict[str, Any], place: str, tmp_path: Path) -> None:
    activity = saved(tmp_path, edited(changes))
    output = tmp_path / "profile.md"
    output.write_text(EARLIER)
    before = activity.read_bytes()
    result = run_cli("run", "--activity", str(activity), "--output", str(output))
    assert "Traceback" not in result.stderr and result.returncode == 2, result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"summarizer: error: {activity} is not a summarizer activity file (") and place in line, line
    assert output.read_text() == EARLIER and activity.read_bytes() == before


def test_two_different_copies_of_one_commit_are_refused(tmp_path: Path) -> None:
    activity = grace()
    activity["commits"].append(activity["commits"][1] | {"files": [{"path": "parser/record.py", "added": 1200, "deleted": 3}]})
    path = saved(tmp_path, activity)
    result = run_cli("run", "--activity", str(path))
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
    assert "commits.11: the same commit 275a700 as commits.1, with other contents" in result.stderr


def test_two_different_copies_of_one_pull_request_are_refused(tmp_path: Path) -> None:
    path = saved(tmp_path, edited({"pull_requests": [PULL, PULL | {"title": "Something else"}]}))
    with pytest.raises(SummarizerError, match=r"pull_requests\.1: the same pull request cobol-tools#7 as pull_requests\.0"):
        read_activity(path)


def test_escape_sequences_in_the_files_warnings_and_names_never_reach_the_terminal(tmp_path: Path) -> None:
    activity = grace()
    activity["warnings"] = ["\x1b]0;owned\x07\x1b[2Jthe screen was cleared"]
    activity["repositories"][0]["name"] = "cobol\x1b[31m-tools"
    for commit in activity["commits"]:
        commit["repo"] = "cobol\x1b[31m-tools"
    result = run_cli("run", "--activity", str(saved(tmp_path, activity)))
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stderr + result.stdout
    assert "summarizer: warning: the screen was cleared" in result.stderr.splitlines()
    assert "| cobol-tools |" in result.stdout  # the repositories' table: the name without its escape sequence


@pytest.mark.parametrize("form", ["markdown", "json", "html"])
def test_a_secret_in_the_files_repository_name_reaches_no_output(form: str, tmp_path: Path) -> None:
    token = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"
    activity = grace()
    activity["repositories"][0]["name"] = f"acme/{token}"
    for commit in activity["commits"]:
        commit["repo"] = f"acme/{token}"
    result = run_cli("run", "--activity", str(saved(tmp_path, activity)), "--format", form)
    assert result.returncode == 0, result.stderr
    assert token not in result.stdout + result.stderr
    assert "acme/[REDACTED]" in result.stdout


def test_a_repository_link_loses_the_credentials_it_carries(tmp_path: Path) -> None:
    activity = edited({"repositories.0.web_url": "https://user:hunter2@github.com/acme/cobol-tools", "repositories.0.forge": "github"})
    result = run_cli("run", "--activity", str(saved(tmp_path, activity)), "--format", "json")
    assert result.returncode == 0, result.stderr
    assert [repository["web_url"] for repository in json.loads(result.stdout)["repositories"]] == ["https://github.com/acme/cobol-tools"]
    assert "hunter2" not in result.stdout + result.stderr


# ---------------------------------------------------------------------------------------------
# Entries listed twice


def test_a_commit_listed_twice_counts_once_and_the_run_says_so(tmp_path: Path) -> None:
    activity = grace()
    activity["commits"].append(activity["commits"][1])
    result = run_cli("run", "--activity", str(saved(tmp_path, activity)), "--format", "json")
    assert totals(result) == totals(run_cli("run", "--activity", str(GRACE), "--format", "json"))
    assert f"summarizer: warning: {tmp_path / 'activity.json'} lists commit 275a700 more than once: it is counted once" in result.stderr.splitlines()
    assert json.loads(result.stdout)["totals"]["commits"] == sum(len(item["commits"]) for month in json.loads(result.stdout)["months"] for item in month["items"])


def test_a_file_joined_with_itself_counts_each_entry_once_in_one_warning(tmp_path: Path) -> None:
    activity = grace()
    activity["commits"] += activity["commits"]
    read = read_activity(saved(tmp_path, activity))
    assert [commit.sha for commit in read.commits] == [commit["sha"] for commit in grace()["commits"]]
    (warning,) = read.warnings
    assert warning.startswith(f"{tmp_path / 'activity.json'} lists 11 entries more than once (commit 2ed2966, commit 275a700, ")
    assert warning.endswith(", …): each is counted once")


def test_a_commit_seen_in_two_repositories_counts_once_like_a_fetch_counts_it(tmp_path: Path) -> None:
    activity = grace()
    activity["commits"].append(activity["commits"][1] | {"repo": "cobol-tools-fork"})
    read = read_activity(saved(tmp_path, activity))
    assert [commit.repo for commit in read.commits if commit.sha.startswith("275a700")] == ["cobol-tools"]


def test_a_pull_request_listed_twice_counts_once(tmp_path: Path) -> None:
    read = read_activity(saved(tmp_path, edited({"pull_requests": [PULL, PULL]})))
    assert [(pull.repo, pull.number) for pull in read.pull_requests] == [("cobol-tools", 7)]
    assert read.warnings == [f"{tmp_path / 'activity.json'} lists pull request cobol-tools#7 more than once: it is counted once"]


def test_another_authors_revert_after_the_period_is_kept_as_a_fetch_keeps_it(tmp_path: Path) -> None:
    later = ADAS | {"authored_at": "2025-09-01T10:00:00Z", "committed_at": "2025-09-01T10:00:00Z", "month": "2025-09", "subject": 'Revert "Add CICS transaction stubs (#30)"'}
    assert [commit.month for commit in read_activity(saved(tmp_path, edited({"others": [later]}))).others] == ["2025-09"]


def test_another_authors_commit_listed_twice_is_kept_once(tmp_path: Path) -> None:
    read = read_activity(saved(tmp_path, edited({"others": [ADAS, ADAS]})))
    assert [commit.sha for commit in read.others] == [ADAS["sha"]]


def test_a_commit_both_the_developers_and_another_authors_is_the_developers(tmp_path: Path) -> None:
    activity = grace()
    activity["others"] = [activity["commits"][2] | {"author_name": "Ada Lovelace", "author_email": "ada@example.com"}]
    read = read_activity(saved(tmp_path, activity))
    assert read.others == [] and len(read.commits) == len(activity["commits"])
