"""How a model tells the value of work ("a crucial step", "under various conditions", "more
accurate results"): a claim each, held to what the month's messages say, read from the real
model's drafts of helion, tritonbench, pydantic and jupyter months that the labellers marked.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from tests.vision_history import commit, errors, march, titles_only


def test_how_much_the_work_mattered_is_a_claim() -> None:
    month = march(titles_only("Add a resize transform (#41)"))
    assert errors("She added a resize transform. This was a crucial step for the image pipeline.", month) == {("ungrounded_text", "crucial step")}


def test_praise_is_quoted_in_its_own_words() -> None:
    month = march(titles_only("Add a resize transform (#41)", "Add a crop transform (#42)"))
    assert errors("She added resize and crop transforms, which were both valuable.", month) == {("ungrounded_text", "valuable")}


def test_work_that_benefits_a_case_says_what_it_is() -> None:
    month = march(titles_only("Tile the resize transform by row (#41)"))
    assert errors("Large images benefit from the resize transform's new tiling by row (#41).", month) == set()


def test_work_benefiting_others_is_a_claim() -> None:
    month = march(titles_only("Tile the resize transform by row (#41)"))
    text = "She tiled the resize transform by row, benefiting the development of vision models."
    assert errors(text, month) == {("ungrounded_text", "benefiting the")}


def test_a_reach_over_unnamed_conditions_is_a_claim() -> None:
    month = march(titles_only("Add a resize transform (#41)"))
    assert errors("She added a resize transform that performs well under various conditions.", month) == {("ungrounded_text", "under various conditions")}


def test_a_reach_the_messages_name_is_told() -> None:
    month = march(titles_only("Run the resize transform on different platforms (#41)"))
    assert errors("She made the resize transform run well on different hardware platforms.", month) == set()


def test_finding_settings_more_quickly_is_speed() -> None:
    month = march(titles_only("Add a search over resize settings (#41)"))
    text = "She added a search over resize settings, which helped the pipeline more quickly find good settings."
    assert {kind for kind, _ in errors(text, month)} == {"ungrounded_text"}


def test_more_accurate_results_are_held_to_the_messages() -> None:
    month = march(titles_only("Add a search over resize settings (#41)"))
    assert errors("She added a search over resize settings for more accurate results.", month) == {("ungrounded_text", "more accurate")}


def test_accuracy_the_messages_speak_of_is_told() -> None:
    month = march(titles_only("Fix the numeric precision of the resize transform (#41)"))
    assert errors("She fixed the resize transform's precision, improving the accuracy of resized images.", month) == set()


def test_an_ability_to_handle_complex_work_is_a_claim() -> None:
    month = march(titles_only("Add a crop transform (#41)"))
    text = "She added a crop transform, which enhanced the pipeline's ability to handle complex transformations."
    assert {kind for kind, _ in errors(text, month)} == {"ungrounded_text"}


def test_integrity_ensured_is_held_to_the_messages() -> None:
    month = march(titles_only("Add a crop transform (#41)"))
    assert {kind for kind, _ in errors("She added a crop transform, ensuring the integrity of the images.", month)} == {"ungrounded_text"}


def test_an_effect_that_opens_a_citing_bullet_is_held_to_its_refs() -> None:
    month = march(titles_only("Fix scalar broadcasting in the resize transform (#41)"))
    assert errors("- Improved performance of scalar broadcasting in the resize transform (#41)", month) == {("ungrounded_text", "Improved performance")}


def test_an_effect_its_ref_speaks_of_opens_a_bullet() -> None:
    month = march(titles_only("Speed up scalar broadcasting in the resize transform (#41)"))
    assert errors("- Improved performance of scalar broadcasting in the resize transform (#41)", month) == set()


def test_work_said_to_be_well_received_is_praise() -> None:
    month = march(titles_only("Add a resize transform (#41)"))
    assert errors("She added a resize transform. Her work was well-received by the team.", month) == {("ungrounded_text", "well-received")}


def test_work_said_to_be_tested_with_benchmarks_needs_a_message_of_one() -> None:
    month = march([commit("a", "2025-03-03", "Add a resize transform (#41)", "tests/test_resize.py")])
    assert errors("The resize transform was tested with several benchmarks.", month) == {("ungrounded_text", "tested with several benchmarks")}


def test_work_benchmarked_in_its_message_was_tested_with_benchmarks() -> None:
    month = march([commit("a", "2025-03-03", "Add a resize transform and its benchmark (#41)", "tests/test_resize.py")])
    assert errors("The resize transform was tested with several benchmarks.", month) == set()


def test_a_messages_trailers_say_nothing_of_the_work() -> None:
    landed = commit("a", "2025-03-03", "Add a resize transform (#41)", "vision/resize.py").model_copy(
        update={"body": "Summary: a resize transform for the loader.\n\nReviewed By: ada\n\nDifferential Revision: D69618609"}
    )
    found = errors("She added a resize transform, ensuring it performs well on different hardware platforms.", march([landed]))
    assert found == {("ungrounded_text", "on different hardware platforms")}


def test_an_effect_after_a_comma_is_held_to_the_work_the_clause_before_names() -> None:
    month = march(titles_only("Fix the crop_box test failure (#41)", "Add numeric accuracy checks for the resize transform (#42)"))
    found = errors("She fixed a test failure in the `crop_box` tests, improving the accuracy of the code.", month)
    assert found == {("ungrounded_text", "improving the accuracy")}


def test_a_help_to_debugging_is_held_to_the_work_it_follows() -> None:
    month = march(titles_only("Expose tile.id in kernels (#41)", "Print the generated code when a kernel fails (#42)"))
    assert errors("She exposed `tile.id` for better debugging.", month) == {("ungrounded_text", "for better debugging")}


def test_a_help_to_debugging_its_work_speaks_of_passes() -> None:
    month = march(titles_only("Expose tile.id in kernels (#41)", "Print the generated code when a kernel fails (#42)"))
    assert errors("The generated code is now printed when a kernel fails, for easier debugging (#42).", month) == set()
