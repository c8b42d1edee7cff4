"""Refs cited together for one claim, where one of them tells it: a ref beside it that shares only
the month's everyday words with the claim was cited for work it did not do ("Added fusion-aware
autotuning tests (#1904, #1906)", #1906 moving a field of the autotuner's cache key); one that
shares a word few of the month's items write is part of the same work ("Fix min version check
again" beside "Use global env for min version check"). The claim's words are counted by their
keys, so seq_length weighs more than fp8.

The data: Grace Hopper in acme/vision (tests/vision_history.py), her titles in each test.
"""

from __future__ import annotations

from tests.vision_history import errors, march, titles_only


def test_a_ref_beside_the_claims_own_sharing_an_everyday_word_is_wrong() -> None:
    month = march(titles_only(
        "Add fusion-aware autotuning tests (#41)",
        "Move the cache key field of the autotuner (#42)",
        "Speed up the autotuner search (#43)",
    ))  # fmt: skip
    assert errors("- Added fusion-aware autotuning tests (#41, #42)", month) == {("wrong_evidence", "#42")}


def test_a_ref_beside_the_claims_own_sharing_a_rare_word_is_the_same_work() -> None:
    month = march(titles_only(
        "Read the global environment for the tolerance check (#41)",
        "Fix the tolerance check again (#42)",
        "Add a resize transform (#43)",
        "Add a crop transform (#44)",
        "Document the transforms (#45)",
    ))  # fmt: skip
    assert errors("- Made the tolerance check read the global environment (#41, #42)", month) == set()


def test_a_ref_beside_that_tells_a_part_the_other_does_not_is_right() -> None:
    month = march(titles_only(
        "Add seq_length support to the fp8 attention benchmark (#41)",
        "Add causal support to the fp8 attention benchmark (#42)",
        "Add a TMA benchmark for fp8 attention (#43)",
    ))  # fmt: skip
    assert errors("- Added seq_length and causal modes to the fp8 attention benchmark (#41, #42)", month) == set()


def test_a_ref_beside_others_that_share_only_everyday_words_is_wrong() -> None:
    month = march(titles_only(
        "Add seq_length support to the fp8 attention benchmark (#41)",
        "Add causal support to the fp8 attention benchmark (#42)",
        "Add a TMA benchmark for fp8 attention (#43)",
    ))  # fmt: skip
    found = errors("- Added seq_length and causal modes to fp8 attention (#41, #42, #43)", month)
    assert found == {("wrong_evidence", "#43")}
