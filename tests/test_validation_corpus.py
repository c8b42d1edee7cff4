"""The labelled validation corpus (fixtures/validation/cases): recall per kind, no false positives.

Each case names an activity (fixtures/validation/*.json, written by make_activities.py),
the findings planted in its text as `expect: kind "exact text"` lines, then `---` and the
text. A case with no `expect` line is a correct text: it must give no error-level finding.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from summarizer.activity import read_activity
from summarizer.months import History, build_history
from summarizer.validation import validate

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "validation"
KINDS = {
    "unknown_sha", "unknown_pr", "wrong_month", "wrong_count", "unsupported_number", "name_mismatch",
    "unknown_repo", "ungrounded_term", "unsupported_expansion", "duplicate_text", "unsupported_skill",
}  # fmt: skip


def load_case(path: Path) -> tuple[str, set[tuple[str, str]], str]:
    header, text = path.read_text().split("\n---\n", 1)
    activity = re.search(r"^activity: (\S+)$", header, re.MULTILINE).group(1)  # type: ignore[union-attr]
    expected = {(kind, quoted) for kind, quoted in re.findall(r'^expect: (\w+) "(.*)"$', header, re.MULTILINE)}
    return activity, expected, text


@lru_cache
def history(name: str) -> History:
    return build_history(read_activity(CORPUS / f"{name}.json"))


CASES = sorted((CORPUS / "cases").glob("*.md"))


@pytest.mark.parametrize("path", CASES, ids=[path.stem for path in CASES])
def test_case(path: Path) -> None:
    activity, expected, text = load_case(path)
    found = {(f.kind, f.text) for f in validate(text, history(activity))}
    errors = {(f.kind, f.text) for f in validate(text, history(activity)) if f.severity == "error"}
    assert expected <= found, f"missed: {expected - found}"
    assert errors <= expected, f"false positives: {errors - expected}"


def test_corpus_recall_per_kind_and_false_positives() -> None:
    planted, caught, false_positives, correct_texts = Counter(), Counter(), 0, 0
    for path in CASES:
        activity, expected, text = load_case(path)
        findings = validate(text, history(activity))
        found = {(f.kind, f.text) for f in findings}
        correct_texts += not expected
        for kind, quoted in expected:
            planted[kind] += 1
            caught[kind] += (kind, quoted) in found
        false_positives += sum(f.severity == "error" and (f.kind, f.text) not in expected for f in findings)
    print(f"\n{len(CASES)} cases, {correct_texts} correct texts, {false_positives} false positives")
    for kind in sorted(KINDS):
        print(f"  {kind:24} recall {caught[kind]}/{planted[kind]} = {caught[kind] / max(planted[kind], 1):.0%}")
    assert len(CASES) >= 60 and correct_texts >= 20
    assert set(planted) == KINDS, f"kinds without a planted case: {KINDS - set(planted)}"
    assert all(caught[kind] / planted[kind] >= 0.95 for kind in KINDS), "recall below 95% for a kind"
    assert false_positives == 0
