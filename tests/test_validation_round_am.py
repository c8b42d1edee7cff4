"""Readings asked of the check in the session of cases 3469 on (round AM: writers' summaries of five
nbdime developers, a repository the check had not read, from its changelog): a numbered release
spelled out ("rc.0 (release commit 0)") is an expansion to hold to the glossary; a skill written as
two words where the titles write one ("source maps" for sourcemap), or as the support of a version
the titles bump ("Python version support"), is shown; a count whose items the sentence goes on to
cite, as many refs as it counts ("Two picker bugs were fixed: … (#688), and … (#691)"), counts
those; and a day's count ("9 on 6 November") is the commits that landed that day. Round AN (the
real model's drafts of twelve months of nine developers, seven it had not drafted) asked that a
quality said of a piece of the work ("more efficient indexing") be held to the items that name it;
that praise and the effect it goes on to ("was instrumental in improving …") be one claim; that
keeping something up to date be an effect, and making it easier to develop; that a functionality
the work names ("improved shutdown functionality") be no effect; that a ref telling a part of a
claim in words of its own pass beside another item's title copied; and that "performance
improvement" as a skill claim performance. Round AO (writers' summaries in nbformat and
jupyter_events) asked that one specific word of a claim ("setup" of "The CI setup was cleaned up")
not give it to another item where the cited title holds more of its words, that "several pull
requests" name no work, and that ending every lint warning be an effect a message must give.
Round AP (the real model's drafts of fourteen months, seven in nbdime, new to it) asked that "JS"
show JavaScript; that prose in backticks be no name; that "did not impact the performance", a
severity ("critical issues"), "thorough tests", "enhanced the helion experience" and "optimized
the code" be claims a message must make.

The data: Grace Hopper in acme/vision (tests/vision_history.py), from the commits each behaviour needs.
"""

from __future__ import annotations

import pytest

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


@pytest.mark.parametrize(
    ("titles", "skill", "found"),
    [
        pytest.param(("Bump min Python to reflect CI, test up to 3.14 (#41)",), "Python version support", [], id="a-version-the-titles-bump"),
        pytest.param(("Bump min Python to reflect CI, test up to 3.14 (#41)",), "Windows support", ["unsupported_skill"], id="what-no-title-names"),
        pytest.param(("Bump JS packages to rc.0 (#41)",), "JavaScript", [], id="js-in-capitals"),
        pytest.param(("Disable Node.js setup in CI workflows (#41)",), "JavaScript", ["unsupported_skill"], id="node-js-alone"),
    ],
)
def test_a_skill_in_a_history_of_titles_is_shown_by_its_words(titles: tuple[str, ...], skill: str, found: list[str]) -> None:
    month = titles_only(*titles, "Improve the diff view (#42)")
    assert kinds(f"She worked on the build (#41).\n\n**Skills:** {skill}", month) == found


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


def test_a_version_released_on_a_day_is_no_days_count() -> None:
    assert kinds("She dropped Python 3 on 6 March and added a blur transform (#47).", DAYS) == []


def test_a_days_count_told_wrongly_is_a_wrong_count() -> None:
    assert errors("Her commits landed on two days: 1 on 6 March and 2 on 20 March.", march(DAYS)) == {
        ("wrong_count", "1 on 6 March"),
        ("wrong_count", "2 on 20 March"),
    }


RESIZE = [commit("r", "2025-03-03", "Add a resize transform (#41)", "vision/resize.py")]


LAUNCHER = [
    commit("h", "2025-03-03", "Add proper indexing to the resize launcher (#50)", "vision/launcher.py"),
    commit("i", "2025-03-04", "Reduce launcher overhead (#51)", "vision/launcher.py"),
]


def test_a_quality_said_of_a_piece_of_the_work_is_held_to_the_items_that_name_it() -> None:
    assert kinds("In March 2025 the runtime got more efficient indexing.", LAUNCHER) == ["ungrounded_text"]
    assert kinds("In March 2025 the runtime got more efficient launcher overhead handling.", LAUNCHER) == []


def test_praise_and_the_effect_it_goes_on_to_are_one_claim() -> None:
    said = "She added a resize transform (#41). This work was instrumental in improving the performance of vision."
    assert errors(said, march(RESIZE)) == {("ungrounded_text", "instrumental in improving the performance")}


def test_keeping_something_up_to_date_is_an_effect_a_message_must_give() -> None:
    docs = [commit("j", "2025-03-05", "Fix the docs version (#52)", "docs/conf.py")]
    assert kinds("She fixed the docs version (#52), ensuring that the documentation stayed up to date.", docs) == ["ungrounded_text"]
    tools = [commit("k", "2025-03-05", "Update pyrefly to 0.46.2 (#53)", ".pre-commit-config.yaml")]
    assert kinds("In March 2025 she kept the pyrefly type checking up to date (#53).", tools) == []


def test_a_functionality_the_work_names_is_no_effect() -> None:
    shutdown = [commit("l", "2025-03-06", "Shutdown kernels and terminals on api/shutdown (#54)", "vision/api.py")]
    assert kinds("In March 2025 she improved shutdown functionality in vision.", shutdown) == []
    assert kinds("In March 2025 she improved the app's functionality in vision.", shutdown) == ["ungrounded_text"]


def test_a_fallback_when_something_cannot_be_done_tells_robustness_and_compatibility() -> None:
    fallback = [commit("m", "2025-03-07", "Fall back to the old json_clean if we are not able to serialize a message (#55)", "vision/io.py")]
    said = "She added a fall back to the old json_clean (#55). This improved robustness and compatibility with the old json_clean."
    assert kinds(said, fallback) == []


DOWNSTREAM = [
    commit("n", "2025-03-08", "Fix downstream workflow (#56)", ".github/workflows/downstream.yml"),
    commit("o", "2025-03-08", "Re-enable qtconsole in downstream checks (#57)", ".github/workflows/downstream.yml"),
]


def test_a_ref_telling_a_part_of_the_claim_in_words_of_its_own_passes() -> None:
    said = "She fixed downstream workflow by ensuring qtconsole is enabled in downstream checks (#57)."
    assert kinds(said, DOWNSTREAM) == []


def test_a_ref_beside_another_items_title_copied_is_wrong_evidence() -> None:
    assert kinds("She fixed downstream workflow (#57).", DOWNSTREAM) == ["wrong_evidence"]


def test_a_performance_improvement_is_a_claim_of_performance() -> None:
    improved = [commit("p", "2025-03-09", "Improve the resize transform's docs (#58)", "vision/resize.py")]
    assert kinds("She improved the resize transform's docs (#58).\n\n**Skills:** Python, performance improvement", improved) == ["unsupported_skill"]


CLEANUP = [
    commit("q", "2025-03-10", "Clean up CI checks (#35)", ".github/workflows/ci.yml"),
    commit("s", "2025-03-11", "Use base setup dependency type (#47)", "pyproject.toml"),
    commit("t", "2025-03-12", "Adopt ruff and address lint (#51)", "pyproject.toml"),
]


def test_one_word_of_a_claim_gives_it_to_no_other_item_whose_title_holds_fewer_of_its_words() -> None:
    assert kinds("The CI setup was cleaned up over several pull requests (#35).", CLEANUP) == []


def test_ending_every_lint_warning_is_an_effect_a_message_must_give() -> None:
    assert kinds("She adopted ruff (#51), which eliminated every lint warning in the codebase.", CLEANUP) == ["ungrounded_text"]


def test_prose_in_backticks_is_no_name() -> None:
    said = "She added a resize transform (the `transform that resizes images to a given size`) (#41)."
    assert kinds(said, RESIZE) == []


@pytest.mark.parametrize(
    "said",
    [
        "She added a resize transform (#41). The changes did not impact the performance of vision.",
        "She added a resize transform (#41), which addressed critical issues in vision.",
        "She added a resize transform (#41), backed by thorough tests.",
        "She added a resize transform (#41), which enhanced the vision experience for everyone.",
        "In March 2025 she optimized the code for resizing images.",
        "She added a resize transform (#41), making it easier to develop vision models.",
        # The bench's overview at 33d3074: a guess at the month's work, no claim the commits make.
        "In March 2025 she added a resize transform (#41), likely focusing on fixing bugs and adding new features.",
    ],
)
def test_a_claim_of_what_the_work_was_worth_needs_a_message_that_makes_it(said: str) -> None:
    assert kinds(said, RESIZE) == ["ungrounded_text"]
