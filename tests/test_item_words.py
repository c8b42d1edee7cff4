"""The index of the developer's work items that claims are matched against."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from summarizer.months import build_history
from summarizer.sources.activity_file import read_activity
from summarizer.validation.items import ItemWords, code_keys, evidence_keys, whole_keys

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


def test_an_identifier_of_the_code_is_keyed_as_its_words_and_as_each_part_of_letters_and_digits() -> None:
    # Caleb Kim's helion months, with the code his commits added and removed.
    history = build_history(read_activity(FIXTURES / "helion-calebmkim.json"))
    identifiers = {word for month in history.months for commit in month.commits for word in commit.code}
    identifiers |= {"test_hl_dot_3d_out_dtype", "self.cg.device_function._constexpr_args", "jnp.float8_e4m3fn", "XFAILs", "workflows", "__init__", "_"}
    assert len(identifiers) > 1_000
    for word in identifiers:
        # Put together from its parts' keys (code_keys), the same as read from the whole word.
        by_whole_word = evidence_keys(word).union(*(whole_keys(chunk) for chunk in re.split(r"[._/-]+", word) if not chunk.isalpha()))
        assert code_keys(word) == by_whole_word, word
