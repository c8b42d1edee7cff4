"""A work item's title quoted as it stands: the commit's words, not claims of the text.

The data: Grace Hopper in acme/vision in March 2025, three commits; one title holds a number and
an issue ref of its own ("The 23 known bugs of the loader fixed (#12): …").
"""

from __future__ import annotations

from summarizer.models.history import History
from tests.vision_history import commit, errors, march

BUGS = "The 23 known bugs of the loader fixed (#12): a cut-short file is a miss, never a traceback"


def history() -> History:
    return march([
        commit("a1", "2025-03-04", BUGS, "vision/loader.py"),
        commit("b2", "2025-03-11", "Add CSV export to the report", "vision/report.py"),
        commit("c3", "2025-03-18", "Speed up the JPEG decoder", "vision/jpeg.py"),
    ])


def test_the_number_and_ref_of_a_quoted_title_are_the_commits_words() -> None:
    assert errors(f"In March 2025, Grace landed “{BUGS}” (a1a1a1a).", history()) == set()


def test_a_title_cut_short_with_an_ellipsis_is_still_the_title() -> None:
    assert errors(f"In March 2025, Grace landed “{BUGS[:60]}…” (a1a1a1a).", history()) == set()


def test_a_title_quoted_over_sentences_of_its_own_is_one_quotation() -> None:
    title_of_two_sentences = "The 23 known bugs of the loader fixed (#12). A cut-short file is a miss"
    one = march([commit("a1", "2025-03-04", title_of_two_sentences, "vision/loader.py")])
    assert errors(f"In March 2025, Grace landed “{title_of_two_sentences}” (a1a1a1a).", one) == set()


def test_the_same_number_outside_the_quotation_is_a_claim() -> None:
    assert ("wrong_count", "23 bugs") in errors(f"In March 2025, Grace fixed 23 bugs; she also landed “{BUGS}”.", history())


def test_a_title_quoted_beside_another_items_ref_is_checked_as_written() -> None:
    found = errors("In March 2025, Grace landed “Add CSV export to the report” (c3c3c3c).", history())
    assert ("wrong_evidence", "c3c3c3c") in found
