"""Readings the fourteenth and fifteenth blind rounds (cases 3346-3377: summaries written from the
commits of developers of jupyterlab, notebook and nbconvert, repositories the check had not seen,
with planted errors) asked of the check: a skill of a practice ("release process") is told by its
subject's word; a version written "v. 5" is v5; "none of the N features and fixes changed a test
file (0%)" is a share of tested work; "more dependable" is a claim of reliability; keybindings are
the keyboard's; a title's sdist tells packaging; and the words before a colon that several cited
clauses follow are their theme, not the first one's claim.

The data: Grace Hopper in acme/vision (tests/vision_history.py), from the titles each behaviour needs.
"""

from __future__ import annotations

from summarizer.models.activity import Commit, FileChange
from tests.vision_history import commit, errors, march, march_with_teammate, teammates, titles_only

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


SHORTCUTS = titles_only("Refactor shortcuts UI to fix most of the known issues (#41)", "Fix logic for changing keybindings in shortcut editor (#42)")


def test_keybindings_are_the_keyboards() -> None:
    assert errors("**Skills:** keyboard shortcuts, TypeScript", march(SHORTCUTS)) == {("unsupported_skill", "TypeScript")}


def test_a_teammates_words_for_the_keyboard_are_the_developers_too_where_they_wrote_keybindings() -> None:
    month = march_with_teammate(SHORTCUTS, [teammates("b", "Dynamic label for toggle sidebar element in keyboard shortcuts (#50)", "")])
    assert errors("She worked on the keyboard shortcuts, fixing how keybindings change in the shortcut editor (#42).", month) == set()


# Michał Krassowski's April 2024 in jupyterlab: the shortcuts work among the rest.
APRIL = titles_only(
    "Enable `full` notebook windowing mode by default (#15964)",
    "Refactor shortcuts UI to fix most of the known issues (#16043)",
    "Do not require `IWorkspaceCommands` in apputils extension (#16058)",
    "Make visual regression tests faster (#16069)",
    "Tackle flaky readonly notification and workspaces context menu snapshots (#16072)",
    "Fix missing backtick in plugin manager docs (#16083)",
    "Fix migration script, use extras for its dependencies (#16088)",
    "Fix scrolling to output area inputs on caret movement (#16068)",
    "Upgrade lumino to v2024.3.25, improve CodeMirror shortcuts handling (#16078)",
    "Use `smart` scroll in debugger to minimize distraction (#16084)",
    "Mention JupyterLab Desktop in the installation section (#16100)",
    "Use `dependency_type: minimum` for Minimum Versions check (#16105)",
    "Revert traitlets pin (#16118)",
    "Upgrade xterm.js from 5.1.0 to 5.5.0 (#15962)",
    "Improve the keybinding input guard using proposed lumino features (#15927)",
    "User-facing changelog for JupyterLab 4.2 (#16103)",
    "Fix recents menu not getting updated after loading history (#16149)",
    "Fix accepting completion with `Enter` (#16156)",
    "Fix documentation snapshots test (#16159)",
    "Clarify the LSP documentation (#16160)",
    "Fix error in kernels sidebar when switching kernels, remove unused prop (#16188)",
    "Ensure that input in recently open files modal is focused (#16199)",
    "Fix logic for changing keybindings in shortcut editor (#16214)",
    "Migrate shortcuts search to use `FilterBox` (#16216)",
    "Fix toggling extension at system level (#16241)",
    "Install Firefox from brew on Mac on CI (#16245)",
)


def test_the_words_before_a_colon_are_the_theme_of_the_clauses_cited_after_it() -> None:
    text = "Keyboard shortcuts were a recurring theme: she refactored the shortcuts UI to fix most of its known issues (#16043), fixed the logic for changing keybindings in the shortcut editor (#16214)."
    assert errors(text, march(APRIL)) == set()


def test_a_clause_after_the_colon_cited_for_the_wrong_work_is_still_wrong() -> None:
    text = "Keyboard shortcuts were a recurring theme: she refactored the shortcuts UI to fix most of its known issues (#16214), fixed the logic for changing keybindings in the shortcut editor (#16043)."
    assert errors(text, march(APRIL)) == {("wrong_evidence", "#16214"), ("wrong_evidence", "#16043")}


def test_packaging_is_told_by_a_titles_sdist() -> None:
    assert errors("**Skills:** packaging, CI", march(titles_only("Include tests in the sdist (#41)", "Remove redundant link check from CI (#42)"))) == set()


def test_packaging_no_title_speaks_of_is_unsupported() -> None:
    month = march(titles_only("Include tests in the docs (#41)", "Remove redundant link check from CI (#42)"))
    assert errors("**Skills:** packaging, CI", month) == {("unsupported_skill", "packaging")}
