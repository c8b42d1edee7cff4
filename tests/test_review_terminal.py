"""End to end in a real terminal: tmux runs `summarizer review`, keys are sent, the screen read.

Edits one month, accepts the next, quits; then `run` and `export` must show the edit.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.terminal import Terminal

GRACE = Path(__file__).resolve().parents[1] / "fixtures" / "validation" / "grace.json"
EDIT = "Grace Hopper reverted REDEFINES and added CICS transaction stubs (#30)."
pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (.ci/run installs it)")


def test_edit_accept_quit_then_run_and_export_keep_the_edit(tmp_path: Path) -> None:
    editor = tmp_path / "editor.sh"
    editor.write_text(f"#!/bin/sh\nprintf '%s\\n' '{EDIT}' > \"$1\"\n")
    editor.chmod(0o755)
    variables = {name: os.environ[name] for name in ("SUMMARIZER_HOME", "SUMMARIZER_CACHE_DIR", "HOME", "PATH")}
    environment = " ".join(f"{name}={shlex.quote(value)}" for name, value in variables.items())
    command = f"env {environment} EDITOR={shlex.quote(str(editor))} {shlex.quote(sys.executable)} -m summarizer review --activity {shlex.quote(str(GRACE))}"
    terminal = Terminal(f"summarizer-{os.getpid()}", f"cd {shlex.quote(str(Path(__file__).parents[1]))} && {command}")
    try:
        terminal.wait_for("Overview · draft")
        terminal.wait_for("[a]ccept [e]dit [r]egenerate")
        terminal.answer("s")
        terminal.wait_for("June 2025 · draft")
        terminal.answer("e")
        terminal.wait_for("June 2025 · edited")
        terminal.answer("a")
        terminal.wait_for("May 2025 · draft")
        terminal.answer("a")
        terminal.wait_for("April 2025 · draft")
        terminal.answer("q")
        screen = terminal.wait_for("Saved. `summarizer review` again goes on from here.")
    finally:
        terminal.close()
    assert EDIT in screen
    profile = json.loads(run_cli("run", "--activity", str(GRACE), "--format", "json").stdout)
    reviewed = {month["month"]: (month["review"], month["summary"]) for month in profile["months"]}
    assert reviewed["2025-06"] == ("edited", EDIT)
    assert reviewed["2025-05"][0] == "accepted"
    assert EDIT in run_cli("export", "--activity", str(GRACE)).stdout


def test_run_in_a_terminal_shows_the_rich_view_and_piped_it_writes_markdown() -> None:
    variables = {name: os.environ[name] for name in ("SUMMARIZER_HOME", "SUMMARIZER_CACHE_DIR", "HOME", "PATH")}
    environment = " ".join(f"{name}={shlex.quote(value)}" for name, value in variables.items())
    command = f"env {environment} {shlex.quote(sys.executable)} -m summarizer run --activity {shlex.quote(str(GRACE))}; sleep 30"
    terminal = Terminal(f"summarizer-view-{os.getpid()}", command)
    try:
        screen = terminal.wait_for("Commits per month")
        screen = terminal.wait_for("June 2025 · 2 commits • 1 feature • 0 fixes")
    finally:
        terminal.close()
    assert "╭─ Statistics" in screen and "█" in screen
    assert run_cli("run", "--activity", str(GRACE)).stdout.startswith("# Grace Hopper\n")
