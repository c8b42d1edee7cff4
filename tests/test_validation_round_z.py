"""Readings a tenth blind round (cases 3250-3305: developers of jupyter_server, jupyter_client and
traitlets, the histories built from the projects' changelogs) asked of the check: skills told in
the words the titles use for them (static typing by typings, package metadata by trove
classifiers, a project's compatibility); two bullets whose
refs are swapped; and praise of how the work was received.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from tests.vision_history import errors, march, titles_only


def test_static_typing_and_type_annotations_are_told_by_typings() -> None:
    month = march(titles_only("Update typings (#41)", "Require mypy>=1.20 (#42)"))
    assert errors("**Skills:** static typing, type annotations", month) == set()


def test_static_typing_is_not_told_by_other_work() -> None:
    month = march(titles_only("Add a resize transform (#41)"))
    assert errors("**Skills:** static typing", month) == {("unsupported_skill", "static typing")}


def test_package_metadata_is_told_by_trove_classifiers() -> None:
    month = march(titles_only("Add more project URLs, trove classifiers (#41)"))
    assert errors("**Skills:** package metadata", month) == set()


def test_a_projects_compatibility_is_told_by_the_project() -> None:
    month = march(titles_only("Fall back to the old ipykernel json_clean (#41)"))
    assert errors("**Skills:** ipykernel compatibility", month) == set()



def test_two_bullets_whose_refs_are_swapped_are_both_wrong() -> None:
    month = march(titles_only("Pin virtualenv below 21 in tests because of a breaking change (#41)", "Removed pinning on virtualenv (#42)"))
    text = "- Pinned virtualenv below 21 in the tests because of a breaking change (#42)\n- Removed the pinning on virtualenv (#41)"
    assert errors(text, month) == {("wrong_evidence", "#42"), ("wrong_evidence", "#41")}


def test_a_bullet_beside_a_wrong_ref_keeps_its_own_right_ref() -> None:
    month = march(titles_only("Pin virtualenv below 21 in tests because of a breaking change (#41)", "Removed pinning on virtualenv (#42)"))
    text = "- Pinned virtualenv below 21 in the tests because of a breaking change (#42)\n- Pinned virtualenv again below 21 (#41)"
    assert errors(text, month) == {("wrong_evidence", "#42")}


def test_praise_of_how_the_work_was_received_is_a_claim() -> None:
    month = march(titles_only("Fall back to the old json_clean (#41)"))
    text = "She added a fallback to the old json_clean (#41), which the maintainers singled out as the most valuable work of the release."
    assert {kind for kind, _ in errors(text, month)} == {"ungrounded_text"}
