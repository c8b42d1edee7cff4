"""Review through its real input loop: scripted standard input, an $EDITOR that is a script.

The activity is fixtures/validation/grace.json (no repository needed); its sections, in
review order: the overview, June, May, April, March and January 2025.
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import pytest

from tests.conftest import run_cli

GRACE = Path(__file__).resolve().parents[1] / "fixtures" / "validation" / "grace.json"
PROMPT_START = "[a]ccept [e]dit"
EDIT = "Grace Hopper made batch jobs easier to set up with a JCL job card generator (#21)."


def workspace_file() -> Path:
    return Path(os.environ["SUMMARIZER_HOME"]) / "workspaces" / "grace-hopper_2025-01_2025-06.json"


def workspace() -> dict:
    return json.loads(workspace_file().read_text())


def editor(tmp_path: Path, body: str) -> str:
    script = tmp_path / "editor.sh"
    script.write_text(f"#!/bin/sh\n{body}\n")
    script.chmod(0o755)
    return str(script)


def review(stdin: str, editor_command: str | None = None, *extra: str):  # type: ignore[no-untyped-def]
    env = {"NO_COLOR": "1"} | ({"EDITOR": editor_command} if editor_command else {})
    return run_cli("review", "--activity", str(GRACE), *extra, stdin=stdin, env=env)


def test_accepting_saves_the_decision_at_once() -> None:
    result = review("a\nq\n")
    assert result.returncode == 0, result.stderr
    saved = workspace()
    assert saved["sections"]["overview"]["state"] == "accepted"
    assert saved["sections"]["overview"]["text"] == saved["sections"]["overview"]["draft"]
    assert saved["position"] == "2025-06"
    assert "Saved. `summarizer review` again goes on from here." in result.stdout


def test_an_edit_is_checked_again_and_shown_with_its_findings(tmp_path: Path) -> None:
    claimed = "In April 2025 Grace Hopper landed 9 commits, among them the tokenizer (#99)."
    result = review("s\ns\ns\ne\na\nq\n", editor(tmp_path, f"printf '%s\\n' '{claimed}' > \"$1\""))
    assert result.returncode == 0, result.stderr
    april = workspace()["sections"]["2025-04"]
    assert (april["state"], april["text"]) == ("edited", claimed)
    assert april["previous"] == [april["draft"]]
    assert "April 2025 · edited" in result.stdout
    assert "landed [9 commits], among them the tokenizer ([#99])." in result.stdout
    assert "• wrong_count: “9 commits”" in result.stdout and "• unknown_pr: “#99”" in result.stdout


def test_an_interrupted_review_resumes_where_it_stopped() -> None:
    review("a\na\n")  # standard input ends: the session stops as if interrupted
    assert workspace()["position"] == "2025-05"
    result = review("a\nq\n")
    assert "Resuming at May 2025." in result.stdout
    states = {key: section["state"] for key, section in workspace()["sections"].items()}
    assert states == {"overview": "accepted", "2025-06": "accepted", "2025-05": "accepted", "2025-04": "draft", "2025-03": "draft", "2025-01": "draft"}


def test_an_editor_that_fails_keeps_the_text(tmp_path: Path) -> None:
    result = review("s\ne\nq\n", editor(tmp_path, "echo broken > \"$1\"; exit 3"))
    assert "The editor exited with status 3; the text is kept as it was." in result.stdout
    assert workspace()["sections"]["2025-06"]["state"] == "draft"


def test_a_missing_editor_keeps_the_text() -> None:
    result = review("s\ne\nq\n", "/nowhere/editor")
    assert "No editor found (/nowhere/editor); the text is kept as it was." in result.stdout
    assert workspace()["sections"]["2025-06"]["text"] is None


def test_an_edit_that_empties_a_section_asks_first(tmp_path: Path) -> None:
    empty = editor(tmp_path, ': > "$1"')
    result = review("s\ne\nn\nq\n", empty)
    assert "The edit leaves this section empty. Empty it? [y/N]" in result.stdout
    assert "Kept the text as it was." in result.stdout and workspace()["sections"]["2025-06"]["state"] == "draft"
    review("e\ny\nq\n", empty)  # the review resumes at June, where the first one quit
    assert (workspace()["sections"]["2025-06"]["state"], workspace()["sections"]["2025-06"]["text"]) == ("edited", "")


def test_regenerate_keeps_the_old_text_for_undo() -> None:
    result = review("s\nr\nu\nq\n")
    june = workspace()["sections"]["2025-06"]
    assert "Asking for a new draft…" in result.stdout
    assert june["previous"] == [] and june["state"] == "draft" and june["draft"].startswith("In June 2025, Grace Hopper added CICS transaction stubs (#30)")


def test_view_shows_the_commits_behind_a_month() -> None:
    result = review("s\nv\nq\n")
    assert "Evidence: June 2025" in result.stdout
    assert "Revert \"Support REDEFINES clause\"" in result.stdout and "#30" in result.stdout


def test_the_screen_fits_80_columns_without_colour() -> None:
    result = review("v\ns\nv\nq\n")
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert "\x1b[" not in result.stdout


def test_a_workspace_edited_into_invalid_json_is_named_and_left_alone() -> None:
    review("q\n")
    workspace_file().write_text('{"version": 1, "sections": ')
    for command in (["review", "--activity", str(GRACE)], ["run", "--activity", str(GRACE)]):
        result = run_cli(*command, stdin="q\n")
        assert result.returncode == 2
        assert f"the workspace {workspace_file()} cannot be read" in result.stderr and "it was left as it is" in result.stderr
    assert workspace_file().read_text() == '{"version": 1, "sections": '


def test_a_second_review_is_told_who_holds_the_workspace() -> None:
    review("q\n")
    lock = workspace_file().with_suffix(".lock")
    lock.write_text(json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "since": "2026-11-22T10:00:00"}))
    result = review("q\n")
    assert result.returncode == 2
    assert f"is being reviewed already (pid {os.getpid()} on {socket.gethostname()}, since 2026-11-22T10:00:00)" in result.stderr


def test_a_lock_left_by_a_dead_process_is_taken_over() -> None:
    review("q\n")
    workspace_file().with_suffix(".lock").write_text(json.dumps({"pid": 2**22 + 12345, "host": socket.gethostname(), "since": "x"}))
    assert review("q\n").returncode == 0


def test_run_keeps_reviewed_sections_and_marks_them_stale_when_their_commits_change(tmp_path: Path) -> None:
    review("s\ns\ns\ne\nq\n", editor(tmp_path, f"printf '%s\\n' '{EDIT}' > \"$1\""))
    kept = json.loads(run_cli("run", "--activity", str(GRACE), "--format", "json").stdout)
    april = next(month for month in kept["months"] if month["month"] == "2025-04")
    assert (april["summary"], april["review"]) == (EDIT, "edited")
    activity = json.loads(GRACE.read_text())
    late = next(commit for commit in activity["commits"] if commit["month"] == "2025-04") | {
        "sha": "f" * 40, "subject": "Fix pager flag", "pr": None, "committed_at": "2025-04-28T10:00:00Z", "authored_at": "2025-04-28T10:00:00Z",
    }  # fmt: skip
    activity["commits"].append(late)
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(activity))
    rerun = run_cli("run", "--activity", str(changed))
    assert EDIT in rerun.stdout and "Stale: the commits of this section changed after it was reviewed" in rerun.stdout
    assert workspace()["sections"]["2025-04"]["state"] == "stale" and workspace()["sections"]["2025-04"]["text"] == EDIT


def test_export_renders_the_reviewed_workspace_without_a_repository(tmp_path: Path) -> None:
    assert "nothing to export" in run_cli("export", "--author", "Grace Hopper", "--since", "2025-01", "--until", "2025-06").stderr
    review("s\ns\ns\ne\nq\n", editor(tmp_path, f"printf '%s\\n' '{EDIT}' > \"$1\""))
    exported = run_cli("export", "--author", "Grace Hopper", "--since", "2025-01", "--until", "2025-06")
    assert exported.returncode == 0 and EDIT in exported.stdout
    as_json = json.loads(run_cli("export", "--activity", str(GRACE), "--format", "json").stdout)
    assert next(month for month in as_json["months"] if month["month"] == "2025-04")["summary"] == EDIT


def test_cache_clear_leaves_the_workspace_alone() -> None:
    review("a\nq\n")
    before = workspace_file().read_text()
    assert run_cli("cache", "clear").returncode == 0
    assert workspace_file().read_text() == before


@pytest.mark.parametrize("stdin", ["x\nq\n", "\nq\n"])
def test_an_unknown_command_says_which_letters_work(stdin: str) -> None:
    assert "Type a, e, r, u, v, s or q, then Enter." in review(stdin).stdout


def test_the_same_developer_and_period_find_the_same_workspace() -> None:
    from summarizer.period import Period
    from summarizer.workspace import workspace_path

    period = Period(since="2025-01", until="2025-06")
    assert workspace_path(["ghopper", "Grace Hopper"], period) == workspace_path(["grace hopper", "ghopper", "ghopper"], period)
    assert workspace_path(["ghopper"], period) != workspace_path(["ghopper"], Period(since="2025-02", until="2025-06"))


def test_a_regenerated_draft_keeps_the_old_text_for_undo_once_saved() -> None:
    review("s\nr\nq\n")
    june = workspace()["sections"]["2025-06"]
    assert june["previous"] == [june["draft"]]  # the offline drafter writes the same words again
    assert review("u\nq\n").returncode == 0 and workspace()["sections"]["2025-06"]["previous"] == []


def test_a_workspace_saved_before_the_signals_existed_is_read_and_exported(tmp_path: Path) -> None:
    review("s\ns\ns\ne\nq\n", editor(tmp_path, f"printf '%s\\n' '{EDIT}' > \"$1\""))
    saved = workspace()
    # As schema 1 wrote it: no `signals` in the profile, nor in its months.
    saved["profile"].pop("signals")
    for month in saved["profile"]["months"]:
        month.pop("signals")
    workspace_file().write_text(json.dumps(saved))
    exported = run_cli("export", "--author", "Grace Hopper", "--since", "2025-01", "--until", "2025-06")
    assert exported.returncode == 0, exported.stderr
    assert EDIT in exported.stdout and "How the work was done" not in exported.stdout
    rerun = run_cli("run", "--activity", str(GRACE), "--format", "json")
    assert rerun.returncode == 0, rerun.stderr
    assert json.loads(rerun.stdout)["signals"]["tested_work"]["definition"]


TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


def test_a_secret_typed_in_an_edit_is_redacted_in_the_workspace_and_every_export(tmp_path: Path) -> None:
    typed = f"Grace Hopper set up the release token {TOKEN} for the JCL job card generator (#21)."
    result = review("e\nq\n", editor(tmp_path, f"printf '%s\\n' '{typed}' > \"$1\""))
    assert result.returncode == 0, result.stderr
    assert "a secret reads [REDACTED]" in " ".join(result.stdout.split())
    assert workspace()["sections"]["overview"]["text"] == typed.replace(TOKEN, "[REDACTED]")
    for output_format in ("markdown", "json", "html"):
        exported = run_cli("export", "--activity", str(GRACE), "--format", output_format)
        assert exported.returncode == 0 and "REDACTED" in exported.stdout and TOKEN not in exported.stdout
    assert TOKEN not in workspace_file().read_text()


def test_escape_sequences_typed_in_an_edit_never_reach_the_screen_or_the_workspace(tmp_path: Path) -> None:
    # Clears the screen, then retitles the terminal: both would hide the findings and the prompt.
    script = tmp_path / "editor.py"
    script.write_text(
        "import sys\n"
        "open(sys.argv[1], 'w').write('In April 2025 Grace Hopper landed 9 commits.\\x1b[2J\\x1b[H\\x1b]0;pwned\\x07\\n')\n"
    )
    result = review("e\nq\n", f"python3 {script}")
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "landed [9 commits]." in result.stdout and PROMPT_START in result.stdout.split("landed [9 commits].")[1]
    text = workspace()["sections"]["overview"]["text"]
    assert text == "In April 2025 Grace Hopper landed 9 commits." and "\x1b" not in workspace_file().read_text()


def test_a_workspace_edited_by_hand_is_made_safe_before_it_is_shown_or_exported() -> None:
    review("q\n")
    saved = workspace()
    saved["sections"]["overview"] |= {"state": "edited", "text": f"Grace Hopper \x1b[31mtoken {TOKEN}\x1b[0m"}
    workspace_file().write_text(json.dumps(saved))
    shown = review("q\n")
    assert shown.returncode == 0 and "\x1b" not in shown.stdout and TOKEN not in shown.stdout
    exported = run_cli("run", "--activity", str(GRACE), "--format", "json")
    assert json.loads(exported.stdout)["overview"] == "Grace Hopper token [REDACTED]"


def test_commit_text_in_the_evidence_view_is_shown_as_written_never_as_markup(tmp_path: Path) -> None:
    activity = json.loads(GRACE.read_text())
    june = next(commit for commit in activity["commits"] if commit["month"] == "2025-06")
    june["subject"] = "Fix [/bold] and [red]colour[/red] tags in the pager"
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps(activity))
    result = run_cli("review", "--activity", str(odd), stdin="s\nv\nq\n", env={"NO_COLOR": "1", "COLUMNS": "200"})
    assert result.returncode == 0, result.stderr
    assert "Fix [/bold] and [red]colour[/red] tags in the pager" in result.stdout
