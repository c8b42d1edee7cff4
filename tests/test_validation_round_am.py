"""Readings asked of the check in the session of cases 3469 on (round AM: writers' summaries of five
nbdime developers, a repository the check had not read, from its changelog): a numbered release
spelled out ("rc.0 (release commit 0)") is an expansion to hold to the glossary; a skill written as
two words where the titles write one ("source maps" for sourcemap), or as the support of a version
the titles bump ("Python version support"), is shown; a count whose items the sentence goes on to
cite, as many refs as it counts ("Two picker bugs were fixed: … (#688), and … (#691)"), counts
those; and a day's count ("9 on 6 November") is the commits that landed that day.

The data: Grace Hopper in acme/vision (tests/vision_history.py), from the commits each behaviour needs.
"""

from __future__ import annotations

from tests.vision_history import commit, errors, march, titles_only

RELEASE = [commit("a", "2025-03-03", "Bump JS packages to rc.0 (#41)", "package.json")]
FIXES = [
    # The statistics class a typo's fix as other work, not as a bug fix.
    commit("b", "2025-03-04", "Fix wrong picker marker (a typo during the migration) (#42)", "vision/picker.py"),
    commit("c", "2025-03-04", "Fix pickers for empty chunks (#43)", "vision/picker.py"),
    commit("d", "2025-03-12", "Add a readthedocs config file (#44)", ".readthedocs.yml"),
]


def kinds(text: str, month: list) -> list[str]:  # type: ignore[type-arg]
    return sorted(kind for kind, _ in errors(text, march(month)))


def test_a_numbered_release_spelled_out_wrongly_is_an_unsupported_expansion() -> None:
    assert kinds("She bumped the JS packages to rc.0 (release commit 0) (#41).", RELEASE) == ["unsupported_expansion"]


def test_a_numbered_release_spelled_out_as_the_field_spells_it_passes() -> None:
    assert kinds("She bumped the JS packages to rc.0 (release candidate 0) (#41).", RELEASE) == []


def test_a_skill_in_two_words_that_the_titles_write_as_one_is_shown() -> None:
    month = titles_only("Add src for sourcemap (#41)", "Improve the diff view (#42)")
    assert kinds("She added the sources for the sourcemap (#41).\n\n**Skills:** source maps", month) == []


def test_the_support_of_a_version_the_titles_bump_is_shown() -> None:
    month = titles_only("Bump min Python to reflect CI, test up to 3.14 (#41)", "Debounce `isGit` queries (#42)")
    assert kinds("She bumped the minimum Python (#41).\n\n**Skills:** Python version support", month) == []


def test_the_support_of_what_no_title_names_is_not_shown() -> None:
    month = titles_only("Bump min Python to reflect CI, test up to 3.14 (#41)", "Debounce `isGit` queries (#42)")
    assert kinds("She bumped the minimum Python (#41).\n\n**Skills:** Windows support", month) == ["unsupported_skill"]


def test_a_count_of_fixes_the_sentence_cites_one_by_one_counts_those() -> None:
    said = "Two picker bugs were fixed: a wrong picker marker (#42), and pickers for empty chunks (#43)."
    assert kinds(said, FIXES) == []


def test_a_count_of_fixes_beyond_the_refs_that_fix_something_is_a_wrong_count() -> None:
    said = "Three picker bugs were fixed: a wrong picker marker (#42), pickers for empty chunks (#43) and a docs config (#44)."
    assert "wrong_count" in kinds(said, FIXES)


DAYS = [
    commit("e", "2025-03-06", "Add a resize transform (#45)", "vision/resize.py"),
    commit("f", "2025-03-06", "Add a crop transform (#46)", "vision/crop.py"),
    commit("g", "2025-03-20", "Add a blur transform (#47)", "vision/blur.py"),
]


def test_a_days_count_is_the_commits_that_landed_that_day() -> None:
    assert kinds("Her commits landed on two days: 2 on 6 March and 1 on 20 March.", DAYS) == []
    assert kinds("She landed 2 commits on March 6th and one on March 20.", DAYS) == []


def test_a_days_count_told_wrongly_is_a_wrong_count() -> None:
    assert errors("Her commits landed on two days: 1 on 6 March and 2 on 20 March.", march(DAYS)) == {
        ("wrong_count", "1 on 6 March"),
        ("wrong_count", "2 on 20 March"),
    }
