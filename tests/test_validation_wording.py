"""How the check reads a writer's wording: names said as the commits say them in other forms,
counts and figures in everyday words, and where a list's items speak of their months.

The data: Grace Hopper in acme/vision in March 2025 (tests/vision_history.py), with the few
commits each behaviour needs written in the test.
"""

from __future__ import annotations

from summarizer.models.activity import Activity, Repository
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.validation.sections import month_before, split_sentences
from tests.vision_history import commit, errors, march


def test_an_acronym_and_the_word_beside_it_are_one_word_of_the_commits() -> None:
    month = march([commit("a1", "2025-03-03", "Speed up rmsnorm forward (#20)", "vision/norm.py")])
    assert errors("In March 2025, Grace sped up the RMS norm forward pass (#20).", month) == set()


def test_a_package_named_as_its_code_imports_it_is_grounded() -> None:
    month = march([commit("a1", "2025-03-03", "Decode frames into torch tensors (#21)", "vision/decode.py")])
    assert errors("In March 2025, Grace made the decoder return PyTorch tensors (#21).", month) == set()
    assert errors("In March 2025, Grace made the decoder return TensorFlow tensors (#21).", month) == {("ungrounded_term", "TensorFlow")}


def test_a_dotted_name_their_code_writes_inside_a_longer_name_is_grounded() -> None:
    benchmark = commit("a1", "2025-03-03", "Use accurate baselines in the decode benchmark (#22)", "benchmarks/run.py")
    month = march([benchmark.model_copy(update={"code": ["torch_compile_decode_baseline", "eager_decode_baseline"]})])
    assert errors("In March 2025, Grace renamed the eager and torch.compile baselines (#22).", month) == set()
    assert errors("In March 2025, Grace renamed the eager and torch.export baselines (#22).", month) == {("ungrounded_term", "torch.export")}


def test_two_of_their_words_joined_by_a_slash_after_for_are_no_repository() -> None:
    month = march([commit("a1", "2025-03-03", "Add a tiled load and store path for frames (#23)", "vision/tiles.py")])
    assert errors("In March 2025, Grace added a tiling strategy for load/store (#23).", month) == set()
    assert errors("In March 2025, Grace added a tiling strategy to pytorch/vision (#23).", month) == {("unknown_repo", "pytorch/vision")}


def test_a_skill_of_two_joined_words_is_not_told_by_its_first_alone() -> None:
    month = march([commit("a1", "2025-03-03", "Decode frames into torch tensors (#21)", "vision/decode.py")])
    assert errors("In March 2025, Grace decoded frames into tensors (#21).\n\n**Skills:** TensorFlow", month) == {("unsupported_skill", "TensorFlow")}
    assert errors("In March 2025, Grace decoded frames into tensors (#21).\n\n**Skills:** Tensors", month) == set()


def test_halves_as_a_noun_is_no_figure_and_as_a_verb_is_one() -> None:
    month = march([commit("a1", "2025-03-03", "Speed up the JPEG decoder (#15)", "vision/jpeg.py")])
    assert errors("In March 2025, Grace sped up the JPEG decoder by decoding the two halves of each frame apart (#15).", month) == set()
    assert errors("In March 2025, Grace's change halves the JPEG decoder's time (#15).", month) == {("unsupported_number", "halves")}


def test_nothing_over_the_large_item_threshold_names_the_threshold() -> None:
    month = march([commit("a1", "2025-03-03", "Speed up the JPEG decoder (#15)", "vision/jpeg.py")])
    assert errors("In March 2025, Grace landed 1 commit, nothing over 1,000 lines.", month) == set()


def test_a_count_of_what_was_done_to_some_items_counts_a_part() -> None:
    month = march([
        commit("a1", "2025-03-03", "Speed up the JPEG decoder (#15)", "vision/jpeg.py"),
        commit("b2", "2025-03-04", "Add a disk cache for decoded frames (#13)", "vision/cache.py"),
    ])  # fmt: skip
    assert errors("In March 2025, one work item was reverted.", month) == set()
    assert errors("In March 2025, one work item was merged.", month) == {("wrong_count", "one work item")}


def test_new_work_cited_to_docs_alone_is_told_where_it_went_into_the_api_reference() -> None:
    month = march([commit("a1", "2025-03-03", "Document the disk cache (#30)", "docs/api/cache.md")])
    assert errors("### March 2025\n- Added the disk cache to the API reference (#30)", month) == set()
    assert errors("### March 2025\n- Added the disk cache (#30)", month) == {("wrong_evidence", "#30")}


def test_a_month_with_none_of_their_commits_is_told_by_the_misplaced_ref_under_it() -> None:
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since="2025-02", until="2025-03"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)],
        commits=[commit("a1", "2025-03-03", "Speed up the JPEG decoder (#15)", "vision/jpeg.py")],
    )  # fmt: skip
    history = build_history(activity)
    assert errors("### February 2025\n- Sped up the JPEG decoder (#15)", history) == {("wrong_month", "#15")}
    assert ("wrong_month", "February 2025") in errors("### February 2025\n- Sped up the JPEG decoder", history)


def test_a_month_before_its_figures_is_the_month_they_count() -> None:
    period = ["2025-09", "2025-10"]
    assert month_before("Busiest month: October 2025 with 8 commits (", period) == "2025-10"
    assert month_before("The split was even, but October carried ", period) == "2025-10"
    assert month_before("September and October 2025 with ", period) is None


def test_a_list_item_without_a_month_after_items_labelled_by_months_speaks_of_the_period() -> None:
    text = "- 13 commits in all.\n- September 2025: 2 commits.\n- October 2025: 11 commits.\n- One work item was reverted."
    assert [sentence.month for sentence in split_sentences(text)] == [None, "2025-09", "2025-10", None]


def test_a_sentence_may_open_on_a_name_of_code_in_lower_case() -> None:
    sentences = split_sentences("She added hl.signal with a send helper. hl.wait arrived with an example.")
    assert [sentence.text.strip() for sentence in sentences] == ["She added hl.signal with a send helper.", "hl.wait arrived with an example."]


def test_a_language_inlined_in_their_code_is_no_skill_claim() -> None:
    shim = commit("a1", "2025-03-03", "Add a peer pointer shim (#50)", "vision/peers.py")
    month = march([shim.model_copy(update={"code": ["load_inline", "cpp_sources", "from_blob"]})])
    assert errors("In March 2025, Grace added a small load_inline C++ shim for peer pointers (#50).", month) == set()
    assert errors("In March 2025, Grace wrote the peer pointer shim in C++ (#50).", month) == {("unsupported_skill", "C++")}


def test_an_acronym_spelled_out_as_one_standard_word_is_no_term() -> None:
    month = march([commit("a1", "2025-03-03", "Honour dot_precision in the bmm lowering (#40)", "vision/bmm.py")])
    assert errors("In March 2025, Grace made the bmm lowering honour dot_precision such as TF32 (TensorFloat-32) (#40).", month) == set()


def test_bmm_spelled_out_otherwise_than_batched_is_a_wrong_expansion() -> None:
    month = march([commit("a1", "2025-03-03", "Add dense bmm support (#40)", "vision/bmm.py")])
    assert errors("In March 2025, Grace added dense batched matrix multiply (bmm) support (#40).", month) == set()
    assert errors("In March 2025, Grace added dense bmm (block matrix multiplication) support (#40).", month) == {
        ("unsupported_expansion", "bmm (block matrix multiplication)")
    }


def test_a_line_of_languages_and_skills_is_a_tag_line() -> None:
    month = march([commit("a1", "2025-03-03", "Add the resize kernel (#61)", "vision/resize.py")])
    assert errors("In March 2025, Grace added the resize kernel (#61).\n\nLanguages & skills: Python, Kubernetes", month) == {("unsupported_skill", "Kubernetes")}


def test_a_runtimes_version_named_in_prose_is_no_skill_claim() -> None:
    month = march([commit("a1", "2025-03-03", "Use a workflow matrix for the A10G jobs (#168)", ".github/workflows/test.yml")])
    assert errors("In March 2025, the CUDA 12.6 A10G test jobs came from one matrix (#168).", month) == set()
    assert errors("In March 2025, Grace wrote the A10G test jobs in CUDA (#168).", month) == {("unsupported_skill", "CUDA")}


def test_a_topic_sentence_naming_ci_names_a_kind_of_work() -> None:
    month = march([commit("a1", "2025-03-03", "Use a workflow matrix for the test jobs (#168)", ".github/workflows/test.yml")])
    assert errors("### March 2025\nPart of the month went to tooling and CI. The test jobs now come from one matrix (#168).", month) == set()


def test_effects_on_resources_ease_and_code_quality_are_held_to_the_commits() -> None:
    month = march([commit("a1", "2025-03-03", "Add the resize kernel (#61)", "vision/resize.py")])
    assert errors("In March 2025, Grace added the resize kernel, which reduced resource consumption.", month) == {("ungrounded_text", "reduced resource consumption")}
    assert errors("In March 2025, Grace added the resize kernel. The library is now easier to run.", month) == {("ungrounded_text", "easier to run")}
    assert errors("In March 2025, Grace improved the library's speed and usability.", month) == {("ungrounded_text", "improved the library's speed and usability")}
    assert errors("In March 2025, Grace added the resize kernel and improved code quality.", month) == {("ungrounded_text", "improved code quality")}
    assert errors("In March 2025, Grace added the resize kernel and improved code quality with tests.", month) == set()


def test_an_aim_appended_to_the_work_claims_no_effect() -> None:
    month = march([commit("a1", "2025-03-03", "Add the resize kernel (#61)", "vision/resize.py")])
    assert errors("In March 2025, Grace added the resize kernel, aimed at improving usability.", month) == set()
    assert errors("In March 2025, Grace added the resize kernel. These changes aim to improve usability.", month) == {("ungrounded_text", "improve usability")}


def test_robustness_is_told_by_failures_and_exceptions_a_commit_handles() -> None:
    guarded = commit("a1", "2025-03-03", "get_gpu_model: catch the exception when the toolchain is missing (#70)", "vision/env.py")
    month = march([guarded.model_copy(update={"body": "The dashboard runs saw failures without it."})])
    assert errors("In March 2025, Grace guarded the GPU model lookup (#70). The dashboard runs are now more robust.", month) == set()
    plain = march([commit("a1", "2025-03-03", "Add the resize kernel (#61)", "vision/resize.py")])
    assert errors("In March 2025, Grace added the resize kernel. The runs are now more robust.", plain) == {("ungrounded_text", "more robust")}
