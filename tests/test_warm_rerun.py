"""A rerun on unchanged repositories, options, prompts, code and workspace is the last run's
profile read back: nothing grouped, drafted or checked again, and none of it imported; any
change among those makes the profile again."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.conftest import GRACE, BuiltRepo, run_cli
from tests.fake_openai import FakeOpenAI
from tests.gitrepo import GitRepo, lines

PERIOD = ("--since", "2025-01", "--until", "2025-06")
ACTIVITY = Path(__file__).resolve().parents[1] / "fixtures" / "validation" / "grace.json"
# What only grouping, drafting and checking need.
LATER_STAGES = ("summarizer.validation.checker", "summarizer.drafting.offline")


def profile(repo: Path, *extra: str, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    result = run_cli("run", str(repo), "-a", "grace", *PERIOD, "-f", "json", *extra, env=env)
    assert result.returncode == 0, result.stderr
    return result


def test_a_rerun_gives_the_same_profile_without_importing_the_later_stages(cobol_tools: BuiltRepo) -> None:
    first = profile(cobol_tools.path, env={"PYTHONPROFILEIMPORTTIME": "1"})
    again = profile(cobol_tools.path, env={"PYTHONPROFILEIMPORTTIME": "1"})
    assert again.stdout == first.stdout
    assert all(module in first.stderr for module in LATER_STAGES)
    assert not any(module in again.stderr for module in LATER_STAGES)


def test_a_rerun_tells_the_activitys_warnings_again(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "tools")
    repo.commit("Add parser", {"parser.py": lines(5)}, GRACE, "2025-02-03T10:00:00+00:00")
    repo.commit("Add lexer", {"lexer.py": lines(5)}, GRACE, "2025-03-03T10:00:00+00:00")
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{repo.path}", str(shallow)], check=True)
    first, again = profile(shallow), profile(shallow)
    assert "is a shallow clone" in first.stderr and "is a shallow clone" in again.stderr


def test_a_review_since_the_last_run_is_in_the_rerun(cobol_tools: BuiltRepo, tmp_path: Path) -> None:
    profile(cobol_tools.path)
    editor = tmp_path / "editor.sh"
    editor.write_text("#!/bin/sh\nprintf '%s\\n' 'Grace Hopper rewrote the overview by hand.' > \"$1\"\n")
    editor.chmod(0o755)
    reviewed = run_cli("review", str(cobol_tools.path), "-a", "grace", *PERIOD, stdin="e\nq\n", env={"EDITOR": str(editor), "NO_COLOR": "1"})
    assert reviewed.returncode == 0, reviewed.stderr
    assert json.loads(profile(cobol_tools.path).stdout)["overview"] == "Grace Hopper rewrote the overview by hand."


def test_a_new_commit_makes_the_profile_again(cobol_tools: BuiltRepo) -> None:
    before = json.loads(profile(cobol_tools.path).stdout)["totals"]["commits"]
    GitRepo.existing(cobol_tools.path).commit("Fix pager crash", {"ui/pager.py": lines(9)}, GRACE, "2025-06-10T10:00:00+00:00")
    assert json.loads(profile(cobol_tools.path).stdout)["totals"]["commits"] == before + 1


def test_other_options_make_the_profile_again(cobol_tools: BuiltRepo) -> None:
    profile(cobol_tools.path)
    assert json.loads(profile(cobol_tools.path, "--since", "2025-03").stdout)["period"]["since"] == "2025-03"


def test_a_rerun_against_another_model_server_asks_that_server(cobol_tools: BuiltRepo) -> None:
    with FakeOpenAI() as first, FakeOpenAI() as second:
        def drafted(server: FakeOpenAI) -> None:
            profile(cobol_tools.path, env={"OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "local"})

        drafted(first)
        asked = len(first.requests)
        drafted(first)
        drafted(second)
    assert asked > 0 and len(first.requests) == asked  # the rerun sent nothing
    assert len(second.requests) == asked  # the same prompts, to the server now named


def test_a_rerun_of_a_saved_activity_is_read_back_too_and_a_changed_file_is_not(tmp_path: Path) -> None:
    saved = tmp_path / "activity.json"
    saved.write_bytes(ACTIVITY.read_bytes())
    env = {"PYTHONPROFILEIMPORTTIME": "1"}
    first, again = (run_cli("run", "--activity", str(saved), "-f", "json", env=env) for _ in range(2))
    assert again.stdout == first.stdout and not any(module in again.stderr for module in LATER_STAGES)
    activity = json.loads(saved.read_text())
    activity["commits"] = activity["commits"][1:]
    saved.write_text(json.dumps(activity))
    changed = json.loads(run_cli("run", "--activity", str(saved), "-f", "json").stdout)
    assert changed["totals"]["commits"] == json.loads(first.stdout)["totals"]["commits"] - 1
