"""Readings a fourteenth blind round (cases 3346-3361: summaries written from the commits of six
jupyterlab developers, a repository the check had not seen, with planted errors) asked of the
check: a skill of a practice ("release process") is told by its subject's word; a version written
"v. 5" is v5; "none of the N features and fixes changed a test file (0%)" is a share of tested
work; and "more dependable" is a claim of reliability.

The data: Grace Hopper in acme/vision (tests/vision_history.py), from the titles each behaviour needs.
"""

from __future__ import annotations

from summarizer.models.activity import Commit, FileChange
from tests.vision_history import commit, errors, march, titles_only

DEBUGGER = titles_only("Copy a variable's value to the clipboard from the debugger (#41)", "Update release instructions (#42)", "Upgrades Xterm to v. 5 (#43)")


def test_a_skill_of_a_practice_is_told_by_its_subjects_word() -> None:
    assert errors("**Skills:** debugger, release process", march(DEBUGGER)) == set()


def test_a_skill_of_a_practice_no_title_speaks_of_is_unsupported() -> None:
    assert errors("**Skills:** debugger, deployment process", march(DEBUGGER)) == {("unsupported_skill", "deployment process")}


def test_a_version_written_with_a_dotted_v_is_that_version() -> None:
    assert errors("She moved Xterm to v5 (#43).", march(DEBUGGER)) == set()


def test_another_version_is_still_ungrounded() -> None:
    assert errors("She moved Xterm to v6 (#43).", march(DEBUGGER)) == {("ungrounded_term", "v6")}


def _fixes(tested: int) -> list[Commit]:
    """Six fixes of March to vision/resize.py, the first `tested` of them changing its test too."""
    fixes = [commit(f"{number + 1:x}", f"2025-03-{number + 3:02d}", f"Fix resize rounding case {number} (#{41 + number})", "vision/resize.py") for number in range(6)]
    return [fix.model_copy(update={"files": [*fix.files, FileChange(path="tests/test_resize.py", added=3)]}) if number < tested else fix for number, fix in enumerate(fixes)]


def test_none_of_the_work_with_tests_at_zero_percent_is_right_when_none_had_tests() -> None:
    assert errors("None of the 6 features and fixes changed a test file (0%).", march(_fixes(0))) == set()


def test_none_of_the_work_with_tests_is_a_wrong_count_when_some_had_tests() -> None:
    assert errors("None of the 6 features and fixes changed a test file (0%).", march(_fixes(2))) == {("wrong_count", "0")}


def test_more_dependable_needs_a_message_that_speaks_of_reliability() -> None:
    found = errors("She let users copy a variable's value from the debugger (#41), making debugging far more dependable.", march(DEBUGGER))
    assert [kind for kind, _ in found] == ["ungrounded_text"]


def test_more_dependable_is_told_by_a_fix_of_a_flaky_test() -> None:
    month = march(titles_only("Fix flaky debugger test that failed on reruns (#41)"))
    assert errors("She fixed the flaky debugger test (#41), making the suite more dependable.", month) == set()
