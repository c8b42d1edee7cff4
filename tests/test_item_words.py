"""The index of the developer's work items that claims are matched against."""

from __future__ import annotations

from pathlib import Path

import pytest

from summarizer.months import build_history
from summarizer.sources.activity_file import read_activity
from summarizer.validation.items import ItemWords

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "validation"


@pytest.mark.parametrize("name", ["helion-jansel.json", "tritonbench-xzhao.json"])
def test_scoring_every_title_at_once_agrees_with_scoring_each_item(name: str) -> None:
    history = build_history(read_activity(FIXTURES / name))
    index = ItemWords.of(history)
    words = sorted({word for item in index.items for word in index.titles[item.id] if len(word) >= 7})[::7]
    # Claims of whole title words, of their beginnings and of longer words they begin (`listcomp`, "list comprehension").
    claims = [frozenset(words[:3]), frozenset(word[:5] for word in words[:20]), frozenset(word + "ization" for word in words[:20]), frozenset({"kernel", "tile", "doc"})]
    for month in [None, *(month.month for month in history.months)]:
        for claim in claims:
            scores = index.title_scores(claim, month)
            for item in index.items:
                if month is None or item.month == month:
                    assert scores[item.id] == index.shared(claim, item, title=True), (month, sorted(claim), item.title)
