"""The labelled validation corpus (fixtures/validation/cases): recall per kind, no false positives.

Each case names an activity (fixtures/validation/*.json, written by make_activities.py and,
from the real histories, make_real_activities.py), the findings planted in its text as
`expect: kind "text"` lines, then `---` and the text. A case with no `expect` line is a
correct text: it must give no error-level finding. A finding meets a planted one when it
is of its kind and one text holds the other (where a phrase begins and ends is a
judgement; which words it covers is not).
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
    "unknown_repo", "ungrounded_term", "unsupported_expansion", "duplicate_text", "unsupported_skill", "other_author",
    "ungrounded_text", "prompt_echo", "wrong_evidence",
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


def meets(finding: tuple[str, str], planted: tuple[str, str]) -> bool:
    return finding[0] == planted[0] and (planted[1] in finding[1] or finding[1] in planted[1])


@pytest.mark.parametrize("path", CASES, ids=[path.stem for path in CASES])
def test_case(path: Path) -> None:
    activity, expected, text = load_case(path)
    findings = validate(text, history(activity))
    found = {(str(f.kind), f.text) for f in findings}
    errors = {(str(f.kind), f.text) for f in findings if f.severity == "error"}
    missed = {planted for planted in expected if not any(meets(f, planted) for f in found)}
    assert not missed, f"missed: {missed}; found: {found}"
    wrong = {f for f in errors if not any(meets(f, planted) for planted in expected)}
    assert not wrong, f"false positives: {wrong}"


def test_corpus_recall_per_kind_and_false_positives() -> None:
    planted, caught, false_positives, correct_texts = Counter(), Counter(), 0, 0
    for path in CASES:
        activity, expected, text = load_case(path)
        findings = validate(text, history(activity))
        found = {(str(f.kind), f.text) for f in findings}
        correct_texts += not expected
        for planted_one in expected:
            planted[planted_one[0]] += 1
            caught[planted_one[0]] += any(meets(f, planted_one) for f in found)
        errors = {(str(f.kind), f.text) for f in findings if f.severity == "error"}
        false_positives += sum(not any(meets(f, planted_one) for planted_one in expected) for f in errors)
    print(f"\n{len(CASES)} cases, {correct_texts} correct texts, {false_positives} false positives")
    for kind in sorted(KINDS):
        print(f"  {kind:24} recall {caught[kind]}/{planted[kind]} = {caught[kind] / max(planted[kind], 1):.0%}")
    assert len(CASES) >= 222 and correct_texts >= 70
    assert set(planted) == KINDS, f"kinds without a planted case: {KINDS - set(planted)}"
    assert all(caught[kind] == planted[kind] for kind in KINDS), "a kind's recall is below 100%"
    assert false_positives == 0
