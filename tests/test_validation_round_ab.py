"""Readings a twelfth blind round (cases 3318-3329: the real model's drafts of pydantic, jupyter_server
and tritonbench developers the corpus had no drafts of, labelled against the commits) asked of the
check: Python shown by its tools in a history of titles; a version bump as a dependency updated;
the login as the developer's name; "A/B testing" and a vendor before its tool as skills; the
identifier a cited title names; and two claims of value ("easier for other developers to
understand", "which will likely lead to …").

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from tests.vision_history import errors, march, march_by_login, march_with_teammate, teammates, titles_only


def test_python_is_shown_by_its_tools_in_a_history_of_titles() -> None:
    month = march(titles_only("Add mypy 1.5.0 (#41)", "Support `__get_validators__` (#42)"))
    assert errors("**Skills:** Python", month) == set()


def test_python_is_not_shown_by_titles_that_name_none_of_its_tools() -> None:
    month = march(titles_only("Add a resize transform (#41)"))
    assert errors("**Skills:** Python", month) == {("unsupported_skill", "Python")}


def test_a_version_bump_is_a_dependency_updated() -> None:
    month = march_with_teammate(
        titles_only("Update mypy 1.5.0 to 1.5.1 in CI (#41)", "Add a resize transform (#42)"),
        [teammates("b", "Update dependencies, fix pydantic-core usage (#50)", "pyproject.toml")],
    )  # fmt: skip
    assert errors("In March 2025, Grace Hopper added a resize transform (#42) and updated dependencies.", month) == set()


def test_the_login_is_the_developers_name() -> None:
    month = march_by_login("gracehopper", "Grace Hopper")
    assert errors("In March 2025, gracehopper added a resize transform (#41).", month) == set()


def test_a_login_a_letter_off_is_a_name_mismatch() -> None:
    month = march_by_login("gracehopper", "Grace Hopper")
    assert errors("In March 2025, gracehoper added a resize transform (#41).", month) == {("name_mismatch", "gracehoper")}


def test_a_b_testing_is_one_skill_beside_a_teammate_whose_name_has_the_letter() -> None:
    month = march_with_teammate(
        titles_only("Add A/B testing command line arguments (#41)"),
        [teammates("b", "Fix the crop transform (#50)", "vision/crop.py").model_copy(update={"author_name": "Ada A Lovelace"})],
    )  # fmt: skip
    assert errors("**Skills:** A/B testing", month) == set()


def test_a_vendor_before_its_tool_is_told_by_the_tool() -> None:
    month = march(titles_only("Use nvtx.range_start in the profiler (#41)"))
    assert errors("**Skills:** NVIDIA nvtx", month) == set()


def test_a_vendor_before_a_tool_of_another_is_not() -> None:
    month = march(titles_only("Use nvtx.range_start in the profiler (#41)"))
    assert errors("**Skills:** AMD nvtx", month) == {("unsupported_skill", "AMD nvtx")}


def test_the_identifier_the_cited_title_names_is_what_the_claim_is_of() -> None:
    month = march(titles_only("Add env variable support for port options (#41)", "Add support for JUPYTER_TOKEN_FILE (#42)"))
    assert errors("- Added env variable support for JUPYTER_TOKEN_FILE (#42)", month) == set()


def test_easier_for_other_developers_is_a_claim() -> None:
    month = march(titles_only("Add attribute docstrings to the resize transform (#41)"))
    found = errors("She documented the resize transform (#41), making it easier for other developers to understand the codebase.", month)
    assert found == {("ungrounded_text", "making it easier for other developers to understand the codebase")}


def test_what_the_work_will_likely_lead_to_is_a_claim() -> None:
    month = march(titles_only("Add a results comparison to the resize benchmark (#41)"))
    found = errors("She added a results comparison to the resize benchmark (#41), which will likely lead to better decisions.", month)
    assert found == {("ungrounded_text", "which will likely lead to")}
