"""Readings the sixteenth and seventeenth blind rounds (cases 3378-3403: the real model's drafts of
26 months of developers it had not drafted, in helion, pydantic, jupyter_server, tritonbench,
jupyterlab, notebook and nbconvert, labelled blind) asked of the check: an effect said of the
quality first ("the performance … was improved"), as what the work was for ("… for stability"),
as an optimization of it or as ease of upkeep; a message's output (a benchmark's table, a command)
tells no effect; a figure elsewhere in the sentence, or a misspelled name, does not silence an
effect; "the tritonbench repository" is no teammate's phrase, and "the Triton Benchmark
repository" is tritonbench; and in a history of titles the JavaScript ecosystem's tools show
JavaScript and npm, an sdist Python, and CUDA's words GPU work.

The data: Grace Hopper in acme/vision (tests/vision_history.py), from the commits each behaviour needs.
"""

from __future__ import annotations

from tests.vision_history import commit, errors, march, march_with_teammate, teammates, titles_only

RESIZE = [commit("a", "2025-03-03", "Add a resize transform (#41)", "vision/resize.py")]


def kinds(text: str, month: list) -> list[str]:  # type: ignore[type-arg]
    return sorted(kind for kind, _ in errors(text, march(month)))


def test_a_quality_said_first_and_then_improved_is_an_effect() -> None:
    assert kinds("The performance of the transforms was improved.", RESIZE) == ["ungrounded_text"]


def test_a_quality_the_work_was_done_for_is_an_effect() -> None:
    assert kinds("She moved the resize into its own module for stability.", RESIZE) == ["ungrounded_text"]


def test_performance_naming_what_a_test_measures_is_no_effect() -> None:
    assert kinds("She added the resize transform for performance testing.", RESIZE) == []


def test_optimizing_a_quality_is_an_effect() -> None:
    assert kinds("She added the resize transform, which will help in optimizing the pipeline's performance.", RESIZE) == ["ungrounded_text"]


TABLE = """Example output
                         x_val    resize-latency
-------------------------------  ----------------
(256, 4, 16384)                           146.458
CUDA_VISIBLE_DEVICES=5 python run.py --op resize --metrics latency"""


def test_a_benchmarks_table_and_command_in_a_message_tell_no_effect() -> None:
    month = [RESIZE[0].model_copy(update={"body": TABLE})]
    assert kinds("She added the resize transform, improving performance.", month) == ["ungrounded_text"]


def test_a_message_that_says_it_speeds_the_work_up_tells_the_effect() -> None:
    month = [RESIZE[0].model_copy(update={"body": f"This speeds up resizing.\n\n{TABLE}"})]
    assert kinds("She added the resize transform, improving performance.", month) == []


def test_the_repository_named_with_its_noun_is_nobodys_phrase() -> None:
    month = march_with_teammate(RESIZE, [teammates("b", "Migrate the servicelab config into the vision repository (#50)", "ci/servicelab.yml")])
    assert errors("She added a resize transform in the vision repository (#41).", month) == set()


def test_javascript_is_shown_by_a_bundlers_plugin_in_a_history_of_titles() -> None:
    assert kinds("**Skills:** JavaScript", titles_only("Add `JSONLicenseWebpackPlugin` (#41)")) == []


def test_javascript_is_not_shown_by_a_formatter_a_python_project_uses_too() -> None:
    assert kinds("**Skills:** JavaScript", titles_only("Use mdformat instead of prettier (#41)")) == ["unsupported_skill"]


def test_npm_is_shown_by_a_monorepos_tooling() -> None:
    assert kinds("**Skills:** npm, Node.js", titles_only("Enable lerna caching for build scripts (#41)")) == []


def test_python_is_shown_by_an_sdist() -> None:
    assert kinds("**Skills:** Python", titles_only("Include tests in the sdist (#41)")) == []


def test_gpu_programming_is_shown_by_the_words_of_cuda() -> None:
    assert kinds("**Skills:** GPU programming", titles_only("Update the assignment of tiles to each SM in the persistent kernel (#41)")) == []


def test_gpu_programming_is_not_shown_by_work_of_no_gpu() -> None:
    assert kinds("**Skills:** GPU programming", titles_only("Add a resize transform (#41)")) == ["unsupported_skill"]


# Round AG (cases 3393-3403, the real model's drafts of eleven more months, labelled blind).


def test_easier_to_maintain_is_an_effect() -> None:
    assert kinds("She added the resize transform, which made the code easier to maintain.", RESIZE) == ["ungrounded_text"]


def test_user_friendly_after_another_quality_is_an_effect() -> None:
    assert kinds("She documented the resize transform, making the documentation more comprehensive and user-friendly.", RESIZE) == ["ungrounded_text"]


def test_an_effect_beside_a_figure_of_another_claim_is_checked() -> None:
    month = titles_only("Speed up the resize transform by 31% (#41)")
    assert kinds("She sped up the resize transform by 31%, resulting in improved reliability of the loader.", month) == ["ungrounded_text"]


def test_an_effect_a_figure_measures_where_it_stands_is_the_figure_checks() -> None:
    found = errors("She made the resize timings about 20% more stable (#41).", march(RESIZE))
    assert [kind for kind, _ in found] == ["unsupported_number"]


def test_a_misspelled_name_does_not_silence_the_effect_beside_it() -> None:
    assert kinds("Grcae Hopper made the loader more reliable.", RESIZE) == ["name_mismatch", "ungrounded_text"]


def test_a_repository_spelled_out_in_words_is_that_repository() -> None:
    assert kinds("She worked in the Vision Library repository (#41).", RESIZE) == []


def test_a_repository_of_other_words_is_unknown() -> None:
    assert "unknown_repo" in kinds("She worked in the Imaging Library repository (#41).", RESIZE)


def test_a_tunable_operation_is_told_by_tunableop() -> None:
    assert kinds("**Skills:** tunable operation", titles_only("add tunableop for gemm (#41)")) == []
