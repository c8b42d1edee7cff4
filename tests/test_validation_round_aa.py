"""Readings an eleventh blind round (cases 3308-3317: the real model's drafts of five helion
developers the corpus had no drafts of, labelled against the commits) asked of the check: a name
read from the login ("Caleb M. Kim" of calebmkim); work said to be tested; the prompt's example
skill in a skills line; a platform their code's prose names; and refs cited together for a claim
that another item's title is.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from tests.vision_history import commit, errors, march, march_by_login, titles_only


def test_a_name_that_spells_the_login_is_the_developer() -> None:
    month = march_by_login("gracebhopper")
    assert errors("In March 2025, Grace B. Hopper added a resize transform (#41).", month) == set()


def test_a_name_of_the_login_without_its_middle_initial_is_the_developer() -> None:
    month = march_by_login("gracebhopper")
    assert errors("In March 2025, Grace Hopper added a resize transform (#41).", month) == set()


def test_work_said_to_be_tested_needs_a_test() -> None:
    month = march(titles_only("Add a resize transform (#41)"))
    assert errors("She added a resize transform. All these changes were tested and verified.", month) == {("ungrounded_text", "were tested")}


def test_work_that_changed_a_test_file_was_tested() -> None:
    month = march([commit("a", "2025-03-03", "Add a resize transform (#41)", "tests/test_resize.py")])
    assert errors("She added a resize transform, which was tested thoroughly.", month) == set()


def test_what_had_been_tested_before_is_no_claim() -> None:
    month = march(titles_only("Fix the crop transform on grayscale images (#41)"))
    assert errors("She fixed the crop transform on grayscale images, which had only been tested on color ones (#41).", month) == set()


def test_the_prompts_example_skill_in_a_skills_line_is_an_echo() -> None:
    month = march([commit("a", "2025-03-03", "Add a resize transform (#41)", "vision/resize.py")])
    line = "**Skills:** Python, Fortran"
    assert errors(line, month) == {("prompt_echo", line), ("unsupported_skill", "Fortran")}


def test_a_platform_their_codes_prose_names_is_a_skill() -> None:
    written = commit("a", "2025-03-03", "Add a resize kernel (#41)", "vision/resize.py").model_copy(update={"code": ["skip", "unless", "CUDA", "available"]})
    assert errors("**Skills:** Python, CUDA", march([written])) == set()


def test_a_platform_only_an_identifier_names_is_no_skill() -> None:
    called = commit("a", "2025-03-03", "Add a resize kernel (#41)", "vision/resize.py").model_copy(update={"code": ["torch.cuda.synchronize"]})
    assert errors("**Skills:** Python, CUDA", march([called])) == {("unsupported_skill", "CUDA")}


def test_refs_cited_together_for_another_items_title_are_wrong() -> None:
    month = march([
        commit("a", "2025-03-03", "move distributed runtime utils out of examples/ folder (#41)", "vision/runtime/dist_utils.py"),
        commit("b", "2025-03-04", "remove hl.signal/wait (#42)", "examples/distributed/all_gather.py"),
        commit("c", "2025-03-05", "properly codegen hl.triton_kernel (#43)", "examples/distributed/allreduce.py"),
    ])  # fmt: skip
    found = errors("- Moved examples related to distributed runtime utilities out of the examples/ folder (#42, #43)", month)
    assert found == {("wrong_evidence", "#42"), ("wrong_evidence", "#43")}
