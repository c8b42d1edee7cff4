"""The README's newcomer commands are the ones CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    return re.findall(r"```sh\n(.+?)\n```", (ROOT / "README.md").read_text())


def test_ci_runs_exactly_the_readme_test_command() -> None:
    test_command = readme_commands()[1]
    assert "pytest" in test_command
    assert test_command in (ROOT / ".ci" / "run").read_text().splitlines()


def test_first_readme_command_installs_and_runs_the_main_job() -> None:
    first = readme_commands()[0]
    assert first.startswith("pip install . && summarizer run --author ")
