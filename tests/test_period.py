"""Months and periods: what a month may be, the years a period can hold, and how each place
that takes a month (an option, a saved activity, a roster) refuses one that is none.

A run reads a day either side of its period and the month after it, in any UTC offset: the
years 0002 to 9998 are those whose every such date Python's calendar holds.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from pydantic import ValidationError

from summarizer.errors import SummarizerError
from summarizer.period import Period, parse_month, resolve_period
from tests.conftest import run_cli
from tests.gitrepo import GitRepo

EVE = "Eve Tester <eve@example.com>"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """One commit of Eve's, in March 2025."""
    repository = GitRepo(tmp_path / "repo")
    repository.commit("Add a pager", {"pager.py": "print('page')\n"}, EVE, "2025-03-04T10:00:00+00:00")
    return repository.path


def saved_activity(path: Path, since: str, until: str, committed: str, month: str | None = None) -> Path:
    """A saved activity of one commit of Eve's, landed at `committed`, in the month `month` (by default that of `committed`)."""
    commit = {
        "sha": "a" * 40, "repo": "repo", "author_name": "Eve Tester", "author_email": "eve@example.com",
        "authored_at": committed, "committed_at": committed, "month": month or committed[:7], "subject": "Add a pager",
        "files": [{"path": "pager.py", "added": 1, "deleted": 0}],
    }  # fmt: skip
    repository = {"name": "repo", "path": "/nowhere/repo", "branch": "main", "tip": "a" * 40}
    path.write_text(json.dumps({"authors": ["Eve"], "period": {"since": since, "until": until}, "repositories": [repository], "commits": [commit]}))
    return path


def command_line(command: str, repo: Path, tmp_path: Path) -> list[str]:
    """`command` on Eve's repository, with what else it needs: check a summary, fetch into a file."""
    summary = tmp_path / "summary.md"
    summary.write_text("Eve added a pager.\n")
    needs = {"check": [str(summary), str(repo)], "fetch": [str(repo), "-o", str(tmp_path / "out.json")], "run": [str(repo)]}
    return [command, *needs.get(command, []), "-a", "Eve"]


def assert_one_line_exit_2(result: subprocess.CompletedProcess[str], phrase: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert phrase in result.stderr, result.stderr


@pytest.mark.parametrize(("given", "month"), [("2025-06", "2025-06"), (" 2025-06 ", "2025-06"), ("0002-01", "0002-01"), ("9998-12", "9998-12")])
def test_a_month_is_read_as_four_digits_a_dash_and_two(given: str, month: str) -> None:
    assert parse_month(given, "--since") == month


@pytest.mark.parametrize(
    "given",
    ["June", "2025-13", "2025-00", "2025-6", "25-06", "2025-06-01", "٢٠٢٥-٠٦"],
    ids=["a month name", "month 13", "month 0", "one digit", "two-digit year", "a day", "Arabic-Indic digits"],
)
def test_what_is_not_a_month_is_refused_as_such(given: str) -> None:
    with pytest.raises(SummarizerError, match=re.escape(f"--since takes a month like 2025-06, not '{given}'")):
        parse_month(given, "--since")


@pytest.mark.parametrize("given", ["0000-12", "0001-01", "0001-12", "9999-01", "9999-12"])
def test_a_year_whose_dates_the_calendar_cannot_hold_is_refused(given: str) -> None:
    with pytest.raises(SummarizerError, match=f"^--until {given} is outside the years 0002 to 9998$"):
        parse_month(given, "--until")


@pytest.mark.parametrize("given", ["", "  "])
def test_an_empty_month_is_refused_as_empty(given: str) -> None:
    with pytest.raises(SummarizerError, match="^team.toml: since is empty"):
        parse_month(given, "team.toml: since")


def test_the_default_period_begins_no_earlier_than_the_first_year() -> None:
    assert resolve_period(None, "0002-03") == Period(since="0002-01", until="0002-03")


@pytest.mark.parametrize(
    ("since", "until", "problem"),
    [
        ("banana", "2025-01", "'banana' is not a month like 2025-06"),
        ("2025-01", "2025-01\n", "'2025-01\\n' is not a month like 2025-06"),
        ("0001-01", "0001-12", "'0001-01' is outside the years 0002 to 9998"),
        ("9999-01", "9999-12", "'9999-01' is outside the years 0002 to 9998"),
        ("2025-06", "2025-01", "since 2025-06 is after until 2025-01"),
    ],
    ids=["not a month", "a month and a newline", "year 1", "year 9999", "since after until"],
)
def test_a_period_read_from_a_file_holds_months_in_order(since: str, until: str, problem: str) -> None:
    with pytest.raises(ValidationError, match=re.escape(problem)):
        Period.model_validate({"since": since, "until": until})


@pytest.mark.parametrize("command", ["run", "fetch", "check", "export", "review"])
@pytest.mark.parametrize(("option", "month"), [("--since", "0001-01"), ("--until", "0001-06"), ("--until", "9999-01")])
def test_each_command_refuses_a_year_outside_the_calendar_in_one_line(repo: Path, tmp_path: Path, command: str, option: str, month: str) -> None:
    before = (repo / "pager.py").read_bytes()
    result = run_cli(*command_line(command, repo, tmp_path), option, month)
    assert_one_line_exit_2(result, f"{option} {month} is outside the years 0002 to 9998")
    assert not (tmp_path / "out.json").exists() and (repo / "pager.py").read_bytes() == before


def test_a_default_period_reaching_before_the_first_year_begins_with_it(repo: Path) -> None:
    result = run_cli("run", str(repo), "-a", "Eve", "--until", "0002-03")
    assert_one_line_exit_2(result, "no commits by 'Eve' from 0002-01 to 0002-03")


@pytest.mark.parametrize("period", [("0002-01", "0002-01"), ("9998-12", "9998-12")], ids=["first month", "last month"])
def test_a_repository_is_read_for_the_first_and_the_last_month_a_period_can_hold(repo: Path, period: tuple[str, str]) -> None:
    result = run_cli("run", str(repo), "-a", "Eve", "--since", period[0], "--until", period[1])
    assert_one_line_exit_2(result, f"no commits by 'Eve' from {period[0]} to {period[1]}")


@pytest.mark.parametrize(
    ("since", "until", "committed"),
    [("0002-01", "0002-01", "0002-01-01T00:30:00+01:00"), ("9998-12", "9998-12", "9998-12-31T23:30:00-05:00")],
    ids=["first month, an hour east", "last month, five hours west"],
)
def test_a_saved_activity_at_the_first_or_last_month_is_drafted_and_exported(tmp_path: Path, since: str, until: str, committed: str) -> None:
    activity = saved_activity(tmp_path / "activity.json", since, until, committed)
    drafted = run_cli("run", "--activity", str(activity), "--backend", "offline", "-f", "json")
    assert drafted.returncode == 0, drafted.stderr
    assert json.loads(drafted.stdout)["period"] == {"since": since, "until": until}
    exported = run_cli("export", "--activity", str(activity), "-f", "json")
    assert exported.returncode == 0, exported.stderr


@pytest.mark.parametrize("command", ["run", "check", "export"])
@pytest.mark.parametrize(
    ("since", "until", "committed", "month", "problem"),
    [
        ("9999-01", "9999-12", "9999-06-01T00:00:00+00:00", None, "period.since: '9999-01' is outside the years 0002 to 9998"),
        ("0001-01", "0001-12", "0001-03-01T00:00:00+00:00", None, "period.since: '0001-01' is outside the years 0002 to 9998"),
        ("banana", "2025-12", "2025-03-01T00:00:00+00:00", None, "period.since: 'banana' is not a month like 2025-06"),
        ("2025-06", "2025-01", "2025-03-01T00:00:00+00:00", None, "period: since 2025-06 is after until 2025-01"),
        ("2025-01", "2025-12", "2025-03-01T00:00:00+00:00", "2025-0a", "commits.0.month"),
    ],
    ids=["year 9999", "year 1", "not a month", "since after until", "a commit's month not a month"],
)  # fmt: skip
def test_a_saved_activity_whose_months_are_none_is_one_line_and_exit_2(
    tmp_path: Path, command: str, since: str, until: str, committed: str, month: str | None, problem: str
) -> None:
    activity = saved_activity(tmp_path / "activity.json", since, until, committed, month)
    saved = activity.read_bytes()
    summary = tmp_path / "summary.md"
    summary.write_text("Eve added a pager.\n")
    result = run_cli(command, *([str(summary)] if command == "check" else []), "--activity", str(activity))
    assert_one_line_exit_2(result, f"{activity} is not a summarizer activity file ({problem}")
    assert activity.read_bytes() == saved and result.stdout == ""


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["-a", "Eve", "--since", ""], "--since '' is empty: give --since YYYY-MM, or leave it out"),
        (["-a", "Eve", "--until", "  "], "--until '  ' is empty: give --until YYYY-MM, or leave it out"),
        (["-a", "", "-a", "Eve"], "--author '' is empty: give --author ID, or leave it out"),
        (["-a", "Eve", "--branch", ""], "--branch '' is empty: give --branch REF, or leave it out"),
        (["-a", "Eve", "--github-user", " "], "--github-user ' ' is empty: give --github-user LOGIN, or leave it out"),
        (["", "-a", "Eve"], "SOURCE '' is empty: give a repository, or leave it out"),
    ],
    ids=["since", "until", "one author of two", "branch", "github user", "source"],
)  # fmt: skip
def test_an_option_given_empty_is_one_line_and_exit_2_not_its_default(repo: Path, arguments: list[str], message: str) -> None:
    # Should an empty --github-user be taken for one, GitHub is this closed port, not the internet.
    result = run_cli("run", *arguments, cwd=repo, env={"GITHUB_API_URL": "http://127.0.0.1:9"})
    assert_one_line_exit_2(result, message)
    assert result.stdout == ""


@pytest.mark.parametrize("command", ["fetch", "check", "export", "review"])
def test_every_command_refuses_an_empty_since(repo: Path, tmp_path: Path, command: str) -> None:
    result = run_cli(*command_line(command, repo, tmp_path), "--since", "")
    assert_one_line_exit_2(result, "--since '' is empty")
    assert not (tmp_path / "out.json").exists()


def test_an_empty_since_with_a_saved_activity_is_refused_not_read_as_the_files_period(tmp_path: Path) -> None:
    activity = saved_activity(tmp_path / "activity.json", "2025-01", "2025-06", "2025-03-04T10:00:00+00:00")
    result = run_cli("run", "--activity", str(activity), "--since", "", "--backend", "offline")
    assert_one_line_exit_2(result, "--since '' is empty")
