"""Readings the sixteenth to eighteenth blind rounds (cases 3378-3414: the real model's drafts of
37 months of developers it had not drafted, in helion, pydantic, jupyter_server, tritonbench,
jupyterlab, notebook and nbconvert, labelled blind) asked of the check: an effect said of the
quality first ("the performance … was improved"), as what the work was for ("… for stability"),
as an optimization of it or as ease of upkeep; a message's output (a benchmark's table, a command)
tells no effect; a figure elsewhere in the sentence, or a misspelled name, does not silence an
effect; "the tritonbench repository" is no teammate's phrase, and "the Triton Benchmark
repository" is tritonbench, compared by its letters ("Jupyter Server" is jupyter_server); praise of
how well the work was documented or of the person's expertise; and in a history of titles the JavaScript ecosystem's tools show
JavaScript and npm, an sdist Python, and CUDA's words GPU work.

The data: Grace Hopper in acme/vision (tests/vision_history.py), from the commits each behaviour needs.
"""

from __future__ import annotations

from summarizer.models.activity import Activity, Repository
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.validation import validate
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


# Round AH (cases 3404-3414, the real model's drafts of eleven more months, labelled blind).


def test_work_said_to_be_well_documented_is_praise() -> None:
    assert kinds("She added the resize transform (#41), ensuring the new features were well-documented and understood by the team.", RESIZE) == ["ungrounded_text"]


def test_work_said_to_demonstrate_the_persons_expertise_is_praise() -> None:
    assert kinds("The resize transform (#41) demonstrates Grace's expertise in developing imaging libraries.", RESIZE) == ["ungrounded_text"]


def test_a_more_seamless_experience_is_an_effect() -> None:
    assert kinds("She added the resize transform, which allowed for a more seamless experience.", RESIZE) == ["ungrounded_text"]


def test_easier_to_contribute_is_told_by_a_contributing_guide() -> None:
    month = titles_only("Fix contributing guide for building the docs (#41)")
    assert kinds("She fixed the contributing guide (#41), which made it easier for others to contribute.", month) == []


def test_handling_more_complex_cases_is_a_reach_the_messages_must_claim() -> None:
    assert kinds("She added the resize transform to ensure it could handle more complex scenarios.", RESIZE) == ["ungrounded_text"]


def test_a_repository_spelled_out_in_words_is_compared_by_its_letters() -> None:
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="jupyter/jupyter_server", path="/src/jupyter_server", branch="main", tip="f" * 40)],
        commits=titles_only("Add session workflows documentation (#41)", repo="jupyter/jupyter_server"),
    )  # fmt: skip
    found = validate("She improved the docs of the Jupyter Server repository (#41).", build_history(activity))
    assert "unknown_repo" not in [finding.kind for finding in found]


# Round AI (cases 3415-3430, summaries written from the commits of jupyterlab, notebook and nbconvert developers).


def test_a_javascript_linter_shows_javascript_not_typescript() -> None:
    month = titles_only("Add eslint-plugin-regexp to the linters (#41)")
    assert kinds("**Skills:** JavaScript", month) == []
    assert kinds("**Skills:** TypeScript", month) == ["unsupported_skill"]


def test_typescript_is_shown_by_its_own_config() -> None:
    assert kinds("**Skills:** TypeScript", titles_only("Turn on strict mode in tsconfig (#41)")) == []
