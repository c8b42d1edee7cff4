"""The command line as a user runs it: a real process, real exit codes, stdout and stderr."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import GRACE, BuiltRepo, run_cli
from tests.gitrepo import GitRepo, lines

PERIOD = ("--since", "2025-01", "--until", "2025-06")
SPEC_KEYS = {
    "schema_version", "developer", "period", "overview", "totals", "months", "skills",
    "repositories", "findings", "drafting",
}  # fmt: skip
SPEC_MONTH_KEYS = {
    "month", "commits", "work_items", "features", "bugs", "lines_added", "lines_deleted",
    "repositories", "summary", "highlights", "skills", "items",
}  # fmt: skip


def test_json_profile_has_the_spec_fields_and_numbers(cobol_tools: BuiltRepo) -> None:
    result = run_cli("run", str(cobol_tools.path), "--author", "Grace Hopper", *PERIOD, "--format", "json")
    assert result.returncode == 0, result.stderr
    profile = json.loads(result.stdout)
    assert SPEC_KEYS <= set(profile)
    assert profile["schema_version"] == 2
    assert profile["developer"] == {"name": "Grace Hopper", "ids": ["Grace Hopper", "grace@example.com"]}
    assert profile["period"] == {"since": "2025-01", "until": "2025-06"}
    totals = {key: profile["totals"][key] for key in ("commits", "work_items", "features", "bugs", "lines_added", "lines_deleted", "activity_months", "repositories")}
    assert totals == {"commits": 11, "work_items": 10, "features": 5, "bugs": 2, "lines_added": 56, "lines_deleted": 4, "activity_months": 4, "repositories": 1}
    assert [month["month"] for month in profile["months"]] == ["2025-06", "2025-05", "2025-03", "2025-01"]
    assert all(SPEC_MONTH_KEYS <= set(month) for month in profile["months"])
    item = profile["months"][1]["items"][-1]
    assert {"id", "title", "class", "commits"} <= set(item) and item["class"] == "feature"
    assert set(profile["months"][0]["highlights"][0]) == {"text", "evidence"}
    assert profile["skills"]["languages"] == ["COBOL", "Python"]
    assert profile["repositories"][0] | {"languages": None, "web_url": None, "forge": None} == {
        "name": "cobol-tools", "first_month": "2025-01", "last_month": "2025-06", "months_active": 4,
        "commits": 11, "languages": None, "web_url": None, "forge": None,
    }  # fmt: skip
    assert profile["findings"] == []
    drafting = {key: profile["drafting"][key] for key in ("backend", "model", "llm_calls", "cache_hits", "prompt_tokens", "completion_tokens")}
    assert drafting == {"backend": "offline", "model": None, "llm_calls": 0, "cache_hits": 0, "prompt_tokens": 0, "completion_tokens": 0}
    assert "drafted by the offline backend" in result.stderr


def test_markdown_reads_like_a_profile(cobol_tools: BuiltRepo) -> None:
    result = run_cli("run", str(cobol_tools.path), "-a", "grace", *PERIOD)
    assert result.returncode == 0, result.stderr
    text = result.stdout
    for heading in ("# Grace Hopper", "## Statistics", "## Work history", "### June 2025", "## Skills", "## Repositories"):
        assert f"\n{heading}\n" in f"\n{text}"
    assert "| Features vs bugs | 5 features (50%) · 2 fixes (20%) · 3 other |" in text
    assert "| Lines | +56 / −4 |" in text
    assert "| Activity months | 4 of 6 |" in text
    assert "**4 commits • 3 features • 0 fixes**" in text
    assert "| cobol-tools | January 2025 – June 2025 | 4 | 11 | COBOL, Python |" in text
    assert text.index("### June 2025") < text.index("### January 2025")


def test_output_option_writes_the_file_and_keeps_stdout_empty(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    target = tmp_path / "profile.md"
    result = run_cli("run", str(cobol_tools.path), "-a", "grace", *PERIOD, "--output", str(target))
    assert (result.returncode, result.stdout) == (0, "")
    assert target.read_text().startswith("# Grace Hopper")


def test_second_run_is_served_from_the_cache_without_git_log(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    first = run_cli("run", str(cobol_tools.path), "-a", "grace", *PERIOD, "--format", "json")
    calls = tmp_path / "git-calls"
    shim = tmp_path / "bin"
    shim.mkdir()
    (shim / "git").write_text(f'#!/bin/sh\necho "$1 $2 $3 $4" >> {calls}\nexec {shutil.which("git")} "$@"\n')
    (shim / "git").chmod(0o755)
    second = run_cli(
        "run", str(cobol_tools.path), "-a", "grace", *PERIOD, "--format", "json",
        env={"PATH": f"{shim}{os.pathsep}{os.environ['PATH']}"},
    )  # fmt: skip
    assert second.stdout == first.stdout
    invoked = calls.read_text().splitlines()
    assert invoked and not any(" log " in f" {line} " for line in invoked), invoked


def test_no_cache_reads_git_again(cobol_tools: BuiltRepo) -> None:
    run_cli("run", str(cobol_tools.path), "-a", "grace", *PERIOD)
    entries = re.search(r"entries: (\d+)", run_cli("cache", "info").stdout).group(1)  # type: ignore[union-attr]
    assert entries == "2"  # the repository's commits, and the profile made of them
    run_cli("run", str(cobol_tools.path), "-a", "grace", *PERIOD, "--no-cache", "--since", "2025-02")
    assert f"entries: {entries}" in run_cli("cache", "info").stdout


def test_cache_clear_empties_the_cache(cobol_tools: BuiltRepo) -> None:
    run_cli("run", str(cobol_tools.path), "-a", "grace", *PERIOD)
    assert run_cli("cache", "clear").returncode == 0
    assert "entries: 0" in run_cli("cache", "info").stdout


def test_fetch_then_run_from_the_activity_file(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    saved = tmp_path / "activity.json"
    fetched = run_cli("fetch", str(cobol_tools.path), "-a", "grace", *PERIOD, "--output", str(saved))
    assert fetched.returncode == 0, fetched.stderr
    assert json.loads(saved.read_text())["schema_version"] == 1
    direct = run_cli("run", str(cobol_tools.path), "-a", "grace", *PERIOD, "-f", "json")
    from_file = run_cli("run", "--activity", str(saved), "-f", "json")
    assert from_file.stdout == direct.stdout


def test_activity_file_narrowed_to_a_month(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    saved = tmp_path / "activity.json"
    run_cli("fetch", str(cobol_tools.path), "-a", "grace", *PERIOD, "--output", str(saved))
    result = run_cli("run", "--activity", str(saved), "--since", "2025-03", "--until", "2025-03", "-f", "json")
    assert json.loads(result.stdout)["totals"]["commits"] == 4


def test_runs_in_the_current_folder_by_default(cobol_tools: BuiltRepo) -> None:
    result = run_cli("run", "-a", "grace", *PERIOD, "-f", "json", cwd=cobol_tools.path)
    assert json.loads(result.stdout)["totals"]["commits"] == 11


def test_help_lists_the_commands_without_any_credentials() -> None:
    result = run_cli("--help")
    assert result.returncode == 0
    for command in ("run", "fetch", "cache"):
        assert f"  {command} " in result.stdout


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["run", "-a", "grace", "--since", "June"], "--since takes a month like 2025-06, not 'June'"),
        (["run", "-a", "grace", "--since", "2025-13"], "--since takes a month like 2025-06"),
        (["run", "-a", "grace", "--since", "2025-06", "--until", "2025-01"], "--since 2025-06 is after --until 2025-01"),
        (["run", "{repo}/nowhere", "-a", "grace"], "no such repository path"),
        (["run", "{repo}/parser", "-a", "grace", "--branch", "nope"], "unknown branch 'nope'"),
        (["run", "{repo}", "-a", "Grace Hoper", *PERIOD], "closest authors there: Grace Hopper <grace@example.com> (11 commits)"),
        (["run", "{repo}"], "--author is required"),
        (["run", "--activity", "{repo}/LICENSE"], "is not a summarizer activity file"),
        (["run", "--activity", "{repo}/missing.json"], "cannot read activity file"),
        (["run", "{repo}", "-a", "grace", *PERIOD, "--output", "{repo}/no/such/dir/out.md"], "cannot write {repo}/no/such/dir/out.md: folder"),
        (["run", "{repo}", "-a", "grace", *PERIOD, "--format", "yaml"], "'yaml' is not one of 'markdown', 'json', 'html'"),
        (["run", "{repo}", "-a", "grace", *PERIOD, "--backend", "magic"], "'magic' is not one of 'auto', 'offline', 'openai'"),
        (["run", "{repo}", "-a", "grace", *PERIOD, "--jobs", "0"], "Invalid value for '--jobs': Input should be greater than or equal to 1"),
        (["run", "{repo}", "-a", "grace", *PERIOD, "--nonsense"], "No such option: --nonsense"),
    ],
    ids=[
        "month name", "month 13", "since after until", "missing path", "unknown branch", "unknown author",
        "no author", "activity not json", "activity missing", "output folder missing", "unknown format", "unknown backend",
        "no jobs", "unknown option",
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(cobol_tools: BuiltRepo, arguments: list[str], message: str) -> None:
    result = run_cli(*[argument.replace("{repo}", str(cobol_tools.path)) for argument in arguments])
    assert result.returncode == 2, result.stderr
    assert message.replace("{repo}", str(cobol_tools.path)) in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_not_a_repository_is_exit_2(tmp_path: Path) -> None:
    result = run_cli("run", str(tmp_path), "-a", "grace")
    assert (result.returncode, result.stderr.strip()) == (2, f"summarizer: error: {tmp_path} is not a git repository")


def test_debug_shows_the_traceback(tmp_path: Path) -> None:
    result = run_cli("--debug", "run", str(tmp_path / "nowhere"), "-a", "grace")
    assert result.returncode != 0 and "Traceback" in result.stderr


def test_check_passes_a_true_summary(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("### May 2025\n\nGrace Hopper added a pager (#15) and described the build.\n")
    result = run_cli("check", str(summary), str(cobol_tools.path), "-a", "grace", *PERIOD)
    assert (result.returncode, result.stdout.strip().splitlines()[-1]) == (0, "No findings: every claim checked out against the commits.")


def test_check_marks_each_false_claim_and_exits_1(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("In May 2025, Grace Hopper landed 9 commits, including a pager (#16).\n")
    result = run_cli("check", str(summary), str(cobol_tools.path), "-a", "grace", *PERIOD, env={"NO_COLOR": "1"})
    assert result.returncode == 1
    assert "landed [9 commits], including" in result.stdout
    assert "the statistics say 3 commits in May 2025, not 9 (suggestion: 3 commits)" in result.stdout
    assert "no work item of Grace Hopper is #16 in May 2025" in result.stdout


def test_check_json_lists_the_findings(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("Gina Hopper landed 11 commits.\n")
    saved = tmp_path / "activity.json"
    run_cli("fetch", str(cobol_tools.path), "-a", "grace", *PERIOD, "--output", str(saved))
    result = run_cli("check", str(summary), "--activity", str(saved), "--format", "json")
    assert result.returncode == 1
    assert json.loads(result.stdout)["findings"] == [{
        "kind": "name_mismatch", "severity": "error", "month": None, "text": "Gina Hopper",
        "message": "“Gina Hopper” is not how the commits name Grace Hopper", "suggestion": "Grace Hopper",
    }]  # fmt: skip


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: tmp / "missing.md", "no such file"),
        (lambda tmp: tmp, "is a folder"),
        (lambda tmp: (tmp / "latin1.md").write_bytes(b"caf\xe9\n") and tmp / "latin1.md", "is not UTF-8 text"),
    ],
    ids=["missing", "folder", "not utf-8"],
)
def test_check_bad_text_file_is_exit_2(cobol_tools: BuiltRepo, tmp_path: Path, make, message: str) -> None:
    result = run_cli("check", str(make(tmp_path)), str(cobol_tools.path), "-a", "grace", *PERIOD)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_run_strict_passes_a_profile_without_errors(cobol_tools: BuiltRepo) -> None:
    result = run_cli("run", str(cobol_tools.path), "-a", "grace", *PERIOD, "--strict", "-f", "json")
    assert result.returncode == 0 and json.loads(result.stdout)["findings"] == []


def test_a_second_fetch_writes_the_same_activity_without_git_log(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    run_cli("fetch", str(cobol_tools.path), "-a", "grace", *PERIOD, "-o", str(first))
    calls = tmp_path / "git-calls"
    shim = tmp_path / "bin"
    shim.mkdir()
    (shim / "git").write_text(f'#!/bin/sh\necho "$1 $2 $3 $4" >> {calls}\nexec {shutil.which("git")} "$@"\n')
    (shim / "git").chmod(0o755)
    result = run_cli("fetch", str(cobol_tools.path), "-a", "grace", *PERIOD, "-o", str(second), env={"PATH": f"{shim}{os.pathsep}{os.environ['PATH']}"})
    assert result.returncode == 0 and "wrote 11 commits" in result.stderr
    assert second.read_text() == first.read_text()
    assert not any(" log " in f" {line} " for line in calls.read_text().splitlines())


def test_fetch_reads_again_when_the_branch_moves(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    from tests.gitrepo import GitRepo, lines

    target = tmp_path / "activity.json"
    run_cli("fetch", str(cobol_tools.path), "-a", "grace", *PERIOD, "-o", str(target))
    GitRepo.existing(cobol_tools.path).commit("Add late fix", {"late.py": lines(1)}, "Grace Hopper <grace@example.com>", "2025-06-20T10:00:00+00:00")
    run_cli("fetch", str(cobol_tools.path), "-a", "grace", *PERIOD, "-o", str(target))
    assert len(json.loads(target.read_text())["commits"]) == 12


def test_ctrl_c_is_one_line_and_exit_130() -> None:
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import interruptible
    from tests.fake_openai import FakeOpenAI

    grace = Path(__file__).resolve().parents[1] / "fixtures" / "validation" / "grace.json"
    with FakeOpenAI(delay=30) as server:
        env = {**os.environ, "OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "sk-test"}
        process = subprocess.Popen(
            [sys.executable, "-m", "summarizer", "run", "--activity", str(grace), "--format", "json"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=interruptible,
        )  # fmt: skip
        deadline = time.monotonic() + 20
        while not server.requests and time.monotonic() < deadline:
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and stdout == ""
    assert stderr.strip().splitlines()[-1] == "summarizer: interrupted; what was fetched, drafted or decided so far is kept"


def test_figures_without_unreadable_commits_say_so_in_every_format(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    shas = [
        repo.commit(f"Change {n}", {"notes.txt": lines(n + 1, "note")}, GRACE, f"2025-02-{n + 1:02}T10:00:00+00:00") for n in range(4)
    ]
    blob = repo.git("rev-parse", f"{shas[1]}:notes.txt")
    (repo.path / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    outputs = {
        form: run_cli("run", str(repo.path), "-a", "grace", "--since", "2025-02", "--until", "2025-02", "--format", form)
        for form in ("markdown", "html", "json")
    }
    assert all(result.returncode == 0 for result in outputs.values()), [r.stderr for r in outputs.values()]
    assert "| Lines | +2 / −0 (without 2 commits whose line counts are unknown) |" in outputs["markdown"].stdout
    assert "+2 / −0 lines (without 2 commits whose line counts are unknown)" in outputs["html"].stdout
    profile = json.loads(outputs["json"].stdout)
    assert (profile["totals"]["lines_unknown"], profile["months"][0]["lines_unknown"]) == (2, 2)


def test_a_count_of_one_is_singular(cobol_tools: BuiltRepo) -> None:
    result = run_cli("run", str(cobol_tools.path), "-a", "grace", "--since", "2025-06", "--until", "2025-06")
    assert "| Features vs bugs | 0 features (0%) · 1 fix (50%) · 1 other |" in result.stdout


def test_export_help_speaks_of_the_reviewed_profile_not_of_reading_sources() -> None:
    result = run_cli("export", "--help")
    assert "SOURCE" not in result.stdout and "keeps only these authors" not in result.stdout
    assert "reviewed profile" in result.stdout


def test_source_help_says_how_to_name_a_repository() -> None:
    assert "PATH=NAME" in run_cli("run", "--help").stdout
