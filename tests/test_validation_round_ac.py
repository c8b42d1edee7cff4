"""Readings a thirteenth blind round (cases 3330-3345: summaries written from the commits of Jongsok
Choi's and Yifei Xu's helion months, Sydney Runkle's pydantic months and Ian Thomas's jupyter_client
month, with planted errors) asked of the check: a teammate's term told with their title's words
before it is one phrase of theirs; and two refs of one sentence swapped, the second claim in
plain words. And one the real model's benchmark run asked (Will Feng, 2025-09): a claim that holds
another item's title word for word and more of the cited item's title is the cited item's.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from summarizer.models.activity import Commit
from tests.vision_history import commit, errors, march, march_with_teammate, teammates, titles_only

EVENTS = titles_only("Add list of all events (upcoming and previous) to docs (#41)", "Fix docs event page (#42)", "Update events with the PLDI tutorial (#43)")


def test_a_teammates_term_is_quoted_with_their_titles_words_before_it() -> None:
    month = march_with_teammate(
        titles_only("Convert non-contiguous inputs in the Pallas launcher (#41)"),
        [teammates("b", "Add Pallas reduction support and enable test_reductions for TPU (#50)", "test/test_reductions.py")],
    )  # fmt: skip
    found = errors("She fixed the Pallas launcher (#41), and she added Pallas reduction support so `test_reductions` runs.", month)
    assert found == {("other_author", "added Pallas reduction support so `test_reductions")}


def test_two_refs_swapped_are_both_wrong_the_second_told_in_plain_words() -> None:
    text = "He added a docs page listing all upcoming and previous events (#42), added the PLDI tutorial to the events (#43), and then fixed the event page (#41)."
    assert errors(text, march(EVENTS)) == {("wrong_evidence", "#42"), ("wrong_evidence", "#41")}


def test_the_same_refs_in_their_places_are_right() -> None:
    text = "He added a docs page listing all upcoming and previous events (#41), added the PLDI tutorial to the events (#43), and then fixed the event page (#42)."
    assert errors(text, march(EVENTS)) == set()


def constexpr_fix_month() -> list[Commit]:
    """A codegen fix (#41) and the fix of its constexpr assignment (#42), whose code names it."""
    fix = commit("b", "2025-03-04", "Fix missing block size constexpr assignment in host code (#42)", "vision/codegen.py")
    return [*titles_only("Fix `register_block_size` codegen (#41)"), fix.model_copy(update={"code": ["register_block_size", "constexpr", "host_code"]})]


def test_a_claim_holding_another_title_and_more_of_the_cited_ones_is_the_cited_items() -> None:
    text = "- Fixed `register_block_size` codegen to handle block size constexpr assignment in host code (#42)"
    assert errors(text, march(constexpr_fix_month())) == set()


def test_a_claim_that_is_another_title_alone_is_that_items() -> None:
    assert errors("- Fixed `register_block_size` codegen (#42)", march(constexpr_fix_month())) == {("wrong_evidence", "#42")}
