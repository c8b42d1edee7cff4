"""Team profiles from a roster: each page equals the single run, one git pass per repository, the index.

The team (the `roster` fixture of tests/conftest.py): Grace Hopper (with her old identity
mapped by .mailmap) and Ada Lovelace in cobol-tools, Grace alone in a second repository,
report-tools.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ADA, GRACE, BuiltRepo, run_cli
from tests.gitrepo import GitRepo, lines
from tests.test_html import CHROMIUM, Page, png_colours

PERIOD = ("--since", "2025-01", "--until", "2025-06")


@pytest.fixture
def git_log_calls(tmp_path: Path) -> Path:
    """A `git` first on PATH that records each `git log` it is asked for, then runs the real one."""
    shim = tmp_path / "shim"
    shim.mkdir()
    calls = tmp_path / "git-log-calls"
    real = shutil.which("git")
    (shim / "git").write_text(f'#!/bin/sh\ncase " $* " in *" log "*) echo "$*" >> {calls};; esac\nexec {real} "$@"\n')
    (shim / "git").chmod(0o755)
    calls.touch()
    return calls


def team(roster: Path, site: Path, env: dict[str, str] | None = None) -> None:
    result = run_cli("team", str(roster), "--output", str(site), env=env)
    assert result.returncode == 0, result.stderr


def test_each_developers_page_has_the_figures_of_their_single_run(roster: Path, cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    team(roster, tmp_path / "site")
    runs = {
        "grace-hopper": run_cli("run", str(cobol_tools.path), str(tmp_path / "report-tools"), "-a", "Grace Hopper", "-a", "grace@example.com", *PERIOD, "-f", "json"),
        "ada-i-lovelace-i": run_cli("run", str(cobol_tools.path), "-a", "ada@example.com", *PERIOD, "-f", "json"),
    }  # fmt: skip
    for slug, single in runs.items():
        page = json.loads((tmp_path / "site" / slug / "profile.json").read_text())
        alone = json.loads(single.stdout)
        assert page["totals"] == alone["totals"]
        assert page["signals"] == alone["signals"]
        assert [(m["month"], m["commits"], m["lines_added"], [i["id"] for i in m["items"]]) for m in page["months"]] == [
            (m["month"], m["commits"], m["lines_added"], [i["id"] for i in m["items"]]) for m in alone["months"]
        ]


def test_each_repository_is_read_with_one_git_log_for_the_whole_team(roster: Path, tmp_path: Path, git_log_calls: Path) -> None:
    env = {"PATH": f"{git_log_calls.parent / 'shim'}{os.pathsep}{os.environ['PATH']}"}
    team(roster, tmp_path / "site", env)
    numstat = [line for line in git_log_calls.read_text().splitlines() if "--numstat" in line]
    assert len(numstat) == 2 and not any("--author" in line for line in numstat)


def test_a_rerun_on_unchanged_repositories_reads_no_history(roster: Path, tmp_path: Path, git_log_calls: Path) -> None:
    env = {"PATH": f"{git_log_calls.parent / 'shim'}{os.pathsep}{os.environ['PATH']}"}
    team(roster, tmp_path / "site", env)
    git_log_calls.write_text("")
    team(roster, tmp_path / "site", env)
    assert git_log_calls.read_text() == ""


def test_the_site_has_a_page_per_developer_and_an_index_linking_them(roster: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    team(roster, site)
    for slug in ("grace-hopper", "ada-i-lovelace-i"):
        assert {path.name for path in (site / slug).iterdir()} == {"profile.md", "profile.json", "index.html"}
    index = (site / "index.html").read_text()
    assert 'href="grace-hopper/index.html"' in index and 'href="ada-i-lovelace-i/index.html"' in index
    assert "Ada &lt;i&gt;Lovelace&lt;/i&gt;" in index and "<i>Lovelace" not in index
    assert "unreviewed" in index
    assert "http://" not in index and "https://" not in index and "<script" not in index


def test_a_developer_with_no_commits_is_listed_as_such(roster: Path, tmp_path: Path) -> None:
    roster.write_text(roster.read_text() + '\n[[developer]]\nname = "Alan Turing"\nidentities = ["alan@example.com"]\n')
    result = run_cli("team", str(roster), "--output", str(tmp_path / "site"))
    assert result.returncode == 0, result.stderr
    assert "Alan Turing: no commits" in result.stderr
    assert "no commits in the period" in (tmp_path / "site" / "index.html").read_text()


@pytest.mark.parametrize(
    ("addition", "message"),
    [
        ('\n[[developer]]\nname = "Alan Turing"\nidentities = []\n', "'Alan Turing' has no identity"),
        ('\n[[developer]]\nname = "Alan Turing"\nidentities = ["ada@example.com"]\n', "both claim ada@example.com"),
        ('\n[[developer]]\nname = "Alan Turing"\nemail = "alan@example.com"\n', "Extra inputs are not permitted"),
        ('\n[[developer]]\nname = "Alan Turing"\nidentities = ["alan"]\nrepositories = ["../gone"]\n', "repository '../gone' does not exist"),
        ("\nbranch = 'main'\n", "branch"),
        ('\n[[developer]]\nname = "Grace  Hopper"\nidentities = ["gh"]\n', "would share the page grace-hopper/"),
        ('\n[[developer]]\nname = "Alan Turing"\nidentities = ["grace  HOPPER "]\n', "'Grace Hopper' and 'Alan Turing' both claim grace  HOPPER"),
        ('\n[[developer]]\nname = "Alan Turing"\nidentities = ["Ｇｒａｃｅ Hopper"]\n', "'Grace Hopper' and 'Alan Turing' both claim Ｇｒａｃｅ Hopper"),
        ('github = "aturing"\n\n[[developer]]\nname = "Alan Turing"\ngithub = "ATuring"\n', "'Ada <i>Lovelace</i>' and 'Alan Turing' both claim ATuring"),
        ('\n[[developer]]\nname = "Alan Turing"\nidentities = ["Grace"]\n', "'Alan Turing' and 'Grace Hopper' would be credited the same commits: 'Grace' is part of 'Grace Hopper'"),
        ('\n[[developer]]\nname = "Alan Turing"\nidentities = ["", "alan@example.com"]\n', "developer 'Alan Turing' has an empty identity"),
        ('\n[[developer]]\nname = "Alan Turing"\ngitlab = 5\n', 'gitlab = 5 is no login: write gitlab = "LOGIN"'),
        ('\n[[developer]]\nname = "Alan Turing"\nlogins = {gitlab = "aturing"}\n', "logins is not a key of a developer"),
    ],
    ids=[
        "no identity", "shared e-mail", "unknown developer key", "missing repository", "unknown key", "same page",
        "shared name", "shared name in full-width letters", "shared GitHub login", "a name inside another's", "empty identity",
        "a login that is no text", "logins written as a key",
    ],
)  # fmt: skip
def test_a_bad_roster_is_one_line_and_exit_2(roster: Path, tmp_path: Path, addition: str, message: str) -> None:
    roster.write_text(roster.read_text() + addition)
    result = run_cli("team", str(roster), "--output", str(tmp_path / "site"))
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize(
    ("period", "message"),
    [
        ('since = "0001-01"', 'team.toml: since 0001-01 is outside the years 0002 to 9998'),
        ('until = "9999-12"', 'team.toml: until 9999-12 is outside the years 0002 to 9998'),
        ('since = ""', "team.toml: since is empty"),
        ('since = "June"', "team.toml: since takes a month like 2025-06, not 'June'"),
        ('since = "2025-06"\nuntil = "2025-01"', "team.toml: since 2025-06 is after until 2025-01"),
    ],
    ids=["year 1", "year 9999", "empty", "not a month", "since after until"],
)
def test_a_roster_period_that_is_none_is_one_line_and_exit_2_naming_the_roster(roster: Path, tmp_path: Path, period: str, message: str) -> None:
    roster.write_text(roster.read_text().replace('since = "2025-01"\nuntil = "2025-06"', period))
    result = run_cli("team", str(roster), "--output", str(tmp_path / "site"))
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "site").exists()


def test_an_empty_since_is_refused_not_taken_for_the_rosters(roster: Path, tmp_path: Path) -> None:
    result = run_cli("team", str(roster), "--since", "", "--output", str(tmp_path / "site"))
    assert result.returncode == 2
    assert "--since '' is empty" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "site").exists()


def test_a_roster_that_is_not_toml_is_one_line_and_exit_2(tmp_path: Path) -> None:
    roster = tmp_path / "team.toml"
    roster.write_text("[[developer]\nname = ")
    result = run_cli("team", str(roster), "--output", str(tmp_path / "site"))
    assert (result.returncode, "is not a TOML roster" in result.stderr) == (2, True)


def test_review_and_export_take_a_roster_developer(roster: Path, tmp_path: Path) -> None:
    team(roster, tmp_path / "site")
    result = run_cli("export", "--roster", str(roster), "--developer", "Grace Hopper", "-f", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["totals"]["commits"] == 13
    assert ADA not in result.stdout


def test_a_rerun_on_an_unchanged_team_is_read_back_whole_without_touching_the_workspaces(roster: Path, tmp_path: Path) -> None:
    team(roster, tmp_path / "site")
    workspaces = sorted((Path(os.environ["SUMMARIZER_HOME"]) / "workspaces").glob("*.json"))
    before = [(path.stat().st_ino, path.read_bytes()) for path in workspaces]
    page = tmp_path / "site" / "grace-hopper" / "profile.json"
    first = (page.stat().st_ino, page.read_text())
    team(roster, tmp_path / "site")
    assert [(path.stat().st_ino, path.read_bytes()) for path in workspaces] == before  # not even saved again
    assert (page.stat().st_ino, page.read_text()) == first  # a page that says the same is not written again


def test_a_review_between_two_team_runs_shows_in_the_rerun(roster: Path, tmp_path: Path) -> None:
    team(roster, tmp_path / "site")
    review = run_cli("review", "--roster", str(roster), "--developer", "Grace Hopper", stdin="a\n" * 6 + "q\n")
    assert review.returncode == 0, review.stderr
    team(roster, tmp_path / "site")
    index = (tmp_path / "site" / "index.html").read_text()
    assert index.count("state-reviewed\">reviewed<") == 1 and index.count("state-unreviewed\">unreviewed<") == 1


def test_a_new_commit_between_two_team_runs_shows_in_the_rerun(roster: Path, tmp_path: Path) -> None:
    team(roster, tmp_path / "site")
    GitRepo.existing(tmp_path / "report-tools").commit("Add report footer", {"footer.py": lines(7)}, GRACE, "2025-06-03T10:00:00+00:00")
    team(roster, tmp_path / "site")
    assert json.loads((tmp_path / "site" / "grace-hopper" / "profile.json").read_text())["totals"]["commits"] == 14


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs Debian's chromium)")
def test_the_index_opens_in_headless_chromium_with_no_console_error_and_no_request(roster: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    team(roster, site)
    shot, netlog = tmp_path / "index.png", tmp_path / "netlog.json"
    shown = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", f"--user-data-dir={tmp_path / 'chrome'}", "--enable-logging=stderr",
         f"--log-net-log={netlog}", "--window-size=1100,500", f"--screenshot={shot}", (site / "index.html").as_uri()],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    assert png_colours(shot) > 20
    assert "CONSOLE" not in shown.stderr
    assert page_requests(netlog) == []


def page_requests(netlog: Path) -> list[str]:
    """The network requests a page made: the browser's own (update checks) have no initiator."""
    log = json.loads(netlog.read_text())
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    return [
        event["params"]["url"] for event in log["events"]
        if event["type"] == start and "url" in event.get("params", {}) and event["params"].get("initiator") != "not an origin"
    ]  # fmt: skip


def test_work_reverted_by_someone_outside_the_roster_counts_as_in_a_single_run(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "parsers")
    parser = repo.commit("Add parser", {"parser.py": lines(6)}, GRACE, "2025-02-03T10:00:00+00:00")
    lexer = repo.commit("Add lexer", {"lexer.py": lines(6)}, GRACE, "2025-03-03T10:00:00+00:00")
    repo.revert(parser, ADA, "2025-02-10T10:00:00+00:00")  # Ada is not in this roster
    repo.revert(lexer, ADA, "2025-08-10T10:00:00+00:00")  # nor is a revert after the period in its window
    roster = tmp_path / "team.toml"
    roster.write_text('since = "2025-01"\nuntil = "2025-06"\nrepositories = ["parsers"]\n\n[[developer]]\nname = "Grace Hopper"\nidentities = ["grace@example.com"]\n')
    team(roster, tmp_path / "site")
    page = json.loads((tmp_path / "site" / "grace-hopper" / "profile.json").read_text())
    alone = json.loads(run_cli("run", str(repo.path), "-a", "grace@example.com", *PERIOD, "-f", "json").stdout)
    assert [(r["title"], r["by"]) for r in page["signals"]["reverted_work"]["reverted"]] == [("Add parser", "Ada Lovelace"), ("Add lexer", "Ada Lovelace")]
    assert page["signals"] == alone["signals"]


def test_the_index_shows_each_developers_signals_with_their_definitions(roster: Path, tmp_path: Path) -> None:
    team(roster, tmp_path / "site")
    index = (tmp_path / "site" / "index.html").read_text()
    grace = json.loads((tmp_path / "site" / "grace-hopper" / "profile.json").read_text())["signals"]
    reverted = grace["reverted_work"]
    assert f"Reverted work {round(100 * reverted['share'])}%" in index
    hovers = [attributes["title"] for tag, attributes in Page(index).tags if tag == "span" and "title" in attributes]
    assert any(hover.endswith(reverted["definition"]) for hover in hovers)


def test_a_rosters_names_are_made_safe_like_commit_text_on_every_page(roster: Path, tmp_path: Path) -> None:
    token = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"
    roster.write_text(roster.read_text().replace('name = "Grace Hopper"', f'name = "Grace \\u001b]0;pwned\\u0007Hopper {token}"'))
    site = tmp_path / "site"
    result = run_cli("team", str(roster), "--output", str(site))
    assert result.returncode == 0, result.stderr
    written = "".join(path.read_text() for path in site.rglob("*") if path.is_file()) + result.stderr
    assert "\x1b" not in written and "\x07" not in written and token not in written
    assert "Grace Hopper [REDACTED]" in (site / "index.html").read_text()
