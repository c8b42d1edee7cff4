"""The check's findings are the same from run to run: nothing in them may follow the order of a
set of strings, which Python changes with its hash seed, nor what was checked before in the process.

The data: case 2636 of the corpus (Oguz Ulgen's July 2025 in helion), whose last bullet is a
teammate's work: which of two teammates' commits it names once followed that order; and two
histories of Grace Hopper's (tests/vision_history.py) whose teammates' commits share a SHA.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.vision_history import commit, errors, march_with_teammate, teammates

ROOT = Path(__file__).resolve().parents[1]
_FINDINGS = """
from tests.test_validation_corpus import CORPUS, history, load_case
from summarizer.validation import validate
activity, _, text = load_case(next((CORPUS / "cases").glob("2636-*.md")))
for finding in validate(text, history(activity)):
    print(finding.kind, repr(finding.text), finding.message)
"""


def _findings_under(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.run([sys.executable, "-c", _FINDINGS], cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout


def test_a_texts_findings_do_not_depend_on_the_hash_seed() -> None:
    first, second = _findings_under("1"), _findings_under("3")
    assert "other_author" in first
    assert first == second


def _findings(theirs: str) -> set[tuple[str, str]]:
    mine = [commit("a1", "2025-03-03", "Use hatch-vcs for versioning (#103)", "pyproject.toml")]
    return errors("In March 2025, Grace added mergebot workflows (#103).", march_with_teammate(mine, [teammates("c3", theirs, "pyproject.toml")]))


def test_a_texts_findings_do_not_depend_on_a_history_checked_before_with_the_same_shas() -> None:
    assert _findings("Fix the crop bounds (#56)") == set()
    # The teammate's commit of the same SHA, with another text: read as itself.
    assert {kind for kind, _ in _findings("Add mergebot workflows and merge labels (#55)")} == {"other_author"}
