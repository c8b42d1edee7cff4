"""A model's text as the profile writes it: refs in one form, paragraphs that open on their own."""

from __future__ import annotations

import pytest

from summarizer.drafting.tidy import as_profile_writes, opened_on_its_own, ref_as_profile_writes

SHAS = {"70e0f77d39c1a2b3c4d5e6f708192a3b4c5d6e7f", "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d"}


@pytest.mark.parametrize(
    ("written", "as_the_profile_writes"),
    [
        ("He made the autotuner faster (ref #1140).", "He made the autotuner faster (#1140)."),
        ("He made the autotuner faster (PR #1140).", "He made the autotuner faster (#1140)."),
        ("He made the autotuner faster (pull request 1140).", "He made the autotuner faster (#1140)."),
        ("He fixed the cache (#70e0f77d39).", "He fixed the cache (70e0f77)."),
        ("He fixed the cache in 70e0f77d39c1.", "He fixed the cache in 70e0f77."),
        ("He fixed the cache (#1140) in 70e0f77.", "He fixed the cache (#1140) in 70e0f77."),
        ("He fixed the cache (#deadbeef12).", "He fixed the cache (#deadbeef12)."),
        ("He added while loops (feature) and fixed lint (bug).", "He added while loops and fixed lint."),
    ],
)
def test_refs_are_written_as_the_profile_writes_them(written: str, as_the_profile_writes: str) -> None:
    assert as_profile_writes(written, SHAS) == as_the_profile_writes


@pytest.mark.parametrize(("ref", "written"), [("ref #12", "#12"), ("PR 12", "#12"), ("12", "#12"), ("#70e0f77d39", "70e0f77"), ("#12", "#12")])
def test_a_highlights_evidence_is_written_as_the_profile_writes_it(ref: str, written: str) -> None:
    assert ref_as_profile_writes(ref, SHAS) == written


@pytest.mark.parametrize(
    ("paragraph", "opened"),
    [
        ("He also added support for list comprehensions.", "He added support for list comprehensions."),
        ("Jason Ansel also made the autotuner faster.", "Jason Ansel made the autotuner faster."),
        ("Additionally, he fixed the fp64 constants.", "He fixed the fp64 constants."),
        ("Furthermore the docs moved to helionlang.com.", "The docs moved to helionlang.com."),
        ("He added support for list comprehensions. He also fixed the cache.", "He added support for list comprehensions. He also fixed the cache."),
        ("Also-ran kernels were dropped.", "Also-ran kernels were dropped."),
    ],
)
def test_a_paragraph_never_opens_on_a_connective(paragraph: str, opened: str) -> None:
    assert opened_on_its_own(paragraph) == opened
