"""How the check reads what the commits hold and what a sentence means: a benchmark table's
figures, an acronym's width, a family of numbered tests, a ref beside others, in apposition or
before a label's colon, where a count or a month belongs in a sentence, and what a docs change,
a skills line, a name in code and a tool's name are.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from summarizer.models.activity import Commit, FileChange
from summarizer.models.history import History
from summarizer.validation import validate
from summarizer.validation.evidence import figures_in
from tests.vision_history import commit, errors, grace_between, march

_TABLE = """Performance on H100
  (Batch, Heads, SeqLen)    decode_persistent-tflops    decode-tflops
------------------------  --------------------------  ---------------
            (8, 16, 8192)                     516.164          490.451
"""


def spring(commits: list[Commit]) -> History:
    """Grace's February and March 2025."""
    return grace_between("2025-02", "2025-03", commits)


def test_a_benchmark_tables_figures_take_the_unit_its_header_names() -> None:
    figures = figures_in(_TABLE)
    assert (516.164, "TFLOPS") in figures and (490.451, "TFLOPS") in figures
    assert (8192.0, "TFLOPS") not in figures  # a shape in the row's label is no figure


def test_a_log_of_many_rows_pasted_into_a_body_is_read_only_so_far() -> None:
    rows = "\n".join(f"({row}, 8)   {row / 7:.3f}" for row in range(1, 5_001))
    figures = figures_in(f"shape    latency-ms\n{rows}")
    assert (round(1 / 7, 3), "ms") in figures and len(figures) <= 2_000


def test_a_figure_from_a_table_in_the_commit_body_is_grounded() -> None:
    persistent = commit("a1", "2025-03-03", "Add a persistent decode kernel (#40)", "vision/decode.py").model_copy(update={"body": _TABLE})
    month = march([persistent])
    assert errors("In March 2025, Grace added a persistent decode kernel at 516.164 TFLOPS (#40).", month) == set()
    assert errors("In March 2025, Grace added a persistent decode kernel at 600.5 TFLOPS (#40).", month) == {("unsupported_number", "600.5 TFLOPS")}


def test_an_acronym_spelled_out_with_its_width_is_its_standard_expansion() -> None:
    month = march([commit("a1", "2025-03-03", "Check fp8 support before the dot tests (#41)", "test/test_dot.py")])
    assert errors("In March 2025, Grace checked 8-bit floating point (fp8) support before the dot tests (#41).", month) == set()


def test_an_acronym_spelled_out_after_with_is_no_persons_name() -> None:
    month = march([commit("a1", "2025-03-03", "Use TMA loads in the decoder (#42)", "vision/decode.py")])
    assert errors("In March 2025, Grace rewrote the decoder with Tensor Memory Accelerator (TMA) loads (#42).", month) == set()


def test_a_misspelt_name_is_one_finding_not_also_an_unknown_term() -> None:
    month = march([commit("a1", "2025-03-03", "Speed up the JPEG decoder (#15)", "vision/jpeg.py")])
    text = "**Grace Hoppen — March 2025 in acme/vision**\nShe sped up the JPEG decoder (#15)."
    assert errors(text, month) == {("name_mismatch", "Grace Hoppen")}


def test_a_period_of_one_month_weighs_its_items_as_that_months() -> None:
    generalized = commit("a1", "2025-03-03", "Generalize test cases to support XPU (#43)", "test/test_resize.py")
    generalized = generalized.model_copy(update={"files": [FileChange(path=f"test/test_{name}.py", added=5) for name in ("resize", "crop", "rotate")]})
    ports = [commit(sha, f"2025-03-0{day}", f"Port the {name} kernel to XPU (#{60 + day})", f"vision/{name}.py") for day, sha, name in ((5, "c3", "blur"), (6, "d4", "warp"))]
    month = march([generalized, commit("b2", "2025-03-04", "Enable test_flip for XPU (#44)", "test/test_flip.py"), *ports])
    # No month named: the text speaks of the period, which is March alone.
    assert errors("- Generalized test_resize and test_crop for XPU and removed a skip from test_rotate (#44).", month) == {("wrong_evidence", "#44")}
    assert errors("- Generalized test_resize and test_crop for XPU and removed a skip from test_rotate (#43).", month) == set()


def test_work_whose_title_adds_tests_beside_it_is_no_change_of_tests_alone() -> None:
    kernel = commit("a1", "2025-03-03", "[Benchmark] jsd kernel and test (#45)", "test/test_examples.py")
    kernel = kernel.model_copy(update={"files": [*kernel.files, FileChange(path="examples/jsd.py", added=300)]})
    tests_only = commit("b2", "2025-03-03", "Tests for the jsd kernel (#46)", "test/test_jsd.py")
    assert errors("### March 2025\n- Added a jsd kernel (#45)", march([kernel])) == set()
    assert errors("### March 2025\n- Added a jsd kernel (#46)", march([tests_only])) == {("wrong_evidence", "#46")}


def test_an_effect_is_not_told_by_a_word_inside_an_identifier() -> None:
    flags = commit("a1", "2025-03-03", "Enable the decode benchmark on B200 (#48)", "vision/bench.py").model_copy(
        update={"body": "None of the fast_accum variants run yet."}
    )
    month = march([flags])
    assert errors("In March 2025, Grace enabled the decode benchmark on B200, making it faster.", month) == {("ungrounded_text", "faster")}


def test_a_name_is_named_whole_not_by_a_word_that_begins_it() -> None:
    cache = commit("a1", "2025-03-03", "Optimize cache key computation (#49)", "vision/cache.py")
    launcher = commit("b2", "2025-03-04", "Use integers in the launcher (#50)", "vision/launch.py").model_copy(update={"code": ["funct", "grid"]})
    month = march([cache, launcher])
    text = "In March 2025, Grace optimized cache keys with functools.lru_cache (#49)."
    assert errors(text, month) == {("ungrounded_term", "functools.lru_cache")}


def test_a_number_after_a_thousands_comma_is_no_term() -> None:
    month = march([commit("a1", "2025-03-03", "Add type propagation (#51)", "vision/type_propagation.py")])
    assert errors("In March 2025, Grace added a 1,414-line type propagation pass (#51).", month) == set()


def test_a_family_of_numbered_tests_may_be_named_without_its_number() -> None:
    tiles = commit("a1", "2025-03-03", "Implement ND tile codegen (#52)", "test/test_tiles.py").model_copy(update={"code": ["test_add_tilend0", "test_add_tilend1"]})
    month = march([tiles])
    assert errors("In March 2025, Grace added ND tile codegen, tested by new test_add_tilend cases (#52).", month) == set()
    assert errors("In March 2025, Grace added ND tile codegen, tested by new test_add_tileset cases (#52).", month) == {("ungrounded_term", "test_add_tileset")}


def test_the_largest_item_is_told_by_its_size() -> None:
    big = commit("a1", "2025-03-03", "Rework the JPEG decoder (#15)", "vision/jpeg.py")
    month = march([big.model_copy(update={"files": [big.files[0].model_copy(update={"added": 200, "deleted": 117})]}), commit("b2", "2025-03-04", "Fix a typo (#16)", "README.md")])
    assert errors("Her changes were small, the decoder rework the largest at 317 lines changed.", month) == set()
    assert errors("Her changes were small, the decoder rework the largest at 400 lines changed.", month) == {("wrong_count", "400 lines")}


def test_a_sibling_item_told_by_its_own_word_is_the_one_cited() -> None:
    # The SwiGLU example was written from the GEGLU one: its code names GEGLU too.
    geglu = commit("a1", "2025-03-03", "[Benchmark] geglu example and test (#53)", "examples/geglu.py").model_copy(update={"code": ["geglu", "LigerGEGLUMLP", "gelu", "tanh", "Gemma", "MLP", "module"]})
    swiglu = commit("b2", "2025-03-04", "[Benchmark] swiglu example and test (#54)", "examples/swiglu.py").model_copy(update={"code": ["swiglu", "HelionGEGLUMLP", "geglu", "LigerGEGLUMLP", "MLP", "module"]})
    month = march([geglu, swiglu, commit("c3", "2025-03-05", "Speed up the JPEG decoder (#15)", "vision/jpeg.py")])
    text = "In March 2025 the focus was on activation kernels. A GEGLU example uses the tanh approximation of GELU, as in Gemma, and ships an MLP module matching Liger's LigerGEGLUMLP ({ref})."
    assert errors(text.format(ref="#54"), month) == {("wrong_evidence", "#54")}
    assert errors(text.format(ref="#53"), month) == set()


def test_a_joining_is_held_apart_only_by_a_title_that_holds_both_words() -> None:
    # Every item's code checks against a PyTorch reference; the layer-norm kernel's code sums too.
    layer_norm = commit("a1", "2025-03-03", "[Benchmark] jagged_layer_norm kernel (#55)", "examples/jagged_layer_norm.py").model_copy(update={"code": ["sum", "torch", "reference"]})
    jagged_sum = commit("b2", "2025-03-04", "[Benchmark] jagged_sum kernel (#56)", "examples/jagged_sum.py").model_copy(update={"code": ["torch", "reference"]})
    decoder = commit("c3", "2025-03-05", "Speed up the JPEG decoder (#15)", "vision/jpeg.py").model_copy(update={"code": ["torch", "reference"]})
    month = march([layer_norm, jagged_sum, decoder])
    assert errors("- Jagged sum: sums each row of a jagged tensor, checked against a PyTorch reference (#55)", month) == {("wrong_evidence", "#55")}
    assert errors("- Jagged sum: sums each row of a jagged tensor, checked against a PyTorch reference (#56)", month) == set()


def test_a_months_year_is_no_count() -> None:
    month = march([commit("a1", "2025-03-03", "Speed up the JPEG decoder (#15)", "vision/jpeg.py")])
    assert errors("March 2025 brought four commits.", month) == {("wrong_count", "four commits")}


def test_a_count_told_with_the_busiest_month_is_that_months_whole() -> None:
    history = spring([
        commit("a1", "2025-02-03", "Speed up the JPEG decoder (#15)", "vision/jpeg.py"),
        commit("b2", "2025-03-04", "Add a disk cache (#13)", "vision/cache.py"),
        commit("c3", "2025-03-05", "Add a frame cache (#14)", "vision/frames.py"),
    ])  # fmt: skip
    assert errors("March 2025 was the busiest month, with 2 commits.", history) == set()
    assert errors("March 2025 was the busiest month, with 3 commits.", history) == {("wrong_count", "3 commits")}
    assert errors("Grace landed 3 commits, with March 2025 the busiest month at 2 commits.", history) == set()
    assert errors("She started the month on 4 March with one commit.", history) == set()


def test_a_count_of_a_compound_noun_counts_no_features() -> None:
    month = march([commit("a1", "2025-03-03", "Add a disk cache (#13)", "vision/cache.py"), commit("b2", "2025-03-04", "Add a frame cache (#14)", "vision/frames.py")])
    assert errors("In March 2025, Grace's work followed one feature line, caching.", month) == set()


def test_alongside_this_goes_on_with_the_developers_own_work() -> None:
    month = march([commit("a1", "2025-03-03", "Add a disk cache (#13)", "vision/cache.py")])
    others = [commit("b2", "2025-03-04", "Add hl.jagged_tile (#60)", "vision/jagged.py").model_copy(update={"author_name": "Alan Turing", "author_email": "alan@example.com"})]
    history = month.model_copy(update={"others": others})
    assert errors("In March 2025, Grace added a disk cache (#13). Alongside this, Grace introduced the hl.jagged_tile API.", history) == {("other_author", "hl.jagged_tile")}


def test_a_ref_that_tells_only_everyones_words_of_a_claim_cited_to_several_is_wrong() -> None:
    # Every path is under tritonbench/: "triton" tells no item apart. 6d1bfda's title shares only
    # "function" with the claim, a plain word, while the claim's specific words are the others'.
    items = [
        commit("1887f12", "2025-03-03", "removing fp8_gemm_blockwise from running on AMD", "tritonbench/operators/fp8_gemm_blockwise/operator.py"),
        commit("666a0e7", "2025-03-04", "enabling fp8_gemm_rowwise on b200 dashboards.", "tritonbench/operators/fp8_gemm_rowwise/operator.py"),
        commit("6d1bfda", "2025-03-05", "env_util get_nvidia_gpu_model function change", "tritonbench/utils/env_utils.py"),
        commit("78165b1", "2025-03-06", "Enabling B200 ragged_attention for the dashboard.", "tritonbench/operators/ragged_attention/operator.py"),
        commit("eed23eb", "2025-03-07", "Enabling WS in tritonbench", "tritonbench/operators/fp8_gemm_grouped/operator.py"),
    ]
    month = march(items)
    text = "### March 2025\n- Added support for AMD-specific functions in `triton_fp8_blockwise` and `triton_fp8_gemm_rowwise` operators ({refs})"
    invented = {("ungrounded_term", "triton_fp8_blockwise"), ("ungrounded_term", "triton_fp8_gemm_rowwise")}
    assert errors(text.format(refs="1887f12, 666a0e7, 6d1bfda"), month) == invented | {("wrong_evidence", "6d1bfda")}
    assert errors(text.format(refs="1887f12, 666a0e7"), month) == invented


def test_a_file_name_with_a_capital_is_a_name_of_code() -> None:
    month = march([
        commit("a1", "2025-03-03", "Support python test/test_X.py command for all unit test files (#60)", "test/test_resize.py"),
        commit("b2", "2025-03-04", "Add the resize kernel (#61)", "vision/resize.py"),
    ])  # fmt: skip
    assert errors("### March 2025\n- Made every unit test file runnable directly with `python test/test_X.py` (#60).", month) == set()


def test_a_claim_in_words_no_item_holds_is_no_wrong_ref() -> None:
    month = march([commit("a1", "2025-03-03", "Minor fix to test file name (#1)", "test/test_resize.py"), commit("b2", "2025-03-04", "Add the resize kernel (#61)", "vision/resize.py")])
    assert errors("### March 2025\n- test file name typo fix (#1)", month) == set()


def test_a_ref_beside_the_one_that_tells_a_claim_tells_its_acronym() -> None:
    history = spring([
        commit("a1", "2025-02-03", "Add CI workflow (#2)", ".github/workflows/ci.yml"),
        commit("b2", "2025-02-04", "[CI] Use A10G machine type (#4)", ".github/workflows/ci.yml"),
        commit("c3", "2025-02-05", "Support Python 3.10; Run lint in CI (#7)", "setup.py"),
        commit("d4", "2025-03-04", "Add the resize kernel (#61)", "vision/resize.py"),
    ])  # fmt: skip
    assert errors("- February 2025: 3 commits, including the CI setup (#2, #4, #7).", history) == set()


def test_a_reason_clause_is_read_with_the_claim_it_explains() -> None:
    month = march([
        commit("a1", "2025-03-03", 'SplitK should use sem="relaxed" for reduction step', "vision/splitk.py").model_copy(update={"code": ["atomic_add"]}),
        commit("b2", "2025-03-04", "Fix numerical accuracy issues in StreamK for AMD", "vision/streamk.py").model_copy(update={"code": ["kernel"]}),
    ])  # fmt: skip
    text = "In March 2025, the SplitK kernel's closing reduction now uses a relaxed atomic_add, since nothing else in the kernel reads the output ({ref})."
    assert errors(text.format(ref="b2b2b2b"), month) == {("wrong_evidence", "b2b2b2b")}
    assert errors(text.format(ref="a1a1a1a"), month) == set()


def test_a_figure_cited_to_an_item_that_does_not_state_it_is_the_stating_items() -> None:
    streamk = commit("a1", "2025-03-03", "Add Stream-K to the GEMM benchmarks", "vision/streamk.py").model_copy(update={"body": "On H100: 103.698 TFLOPS against 619.955 TFLOPS for aten."})
    month = march([streamk, commit("b2", "2025-03-04", "Fix numerical accuracy issues in StreamK for AMD", "vision/streamk.py")])
    text = "In March 2025, Stream-K reached 103.698 TFLOPS on H100 ({ref})."
    assert errors(text.format(ref="b2b2b2b"), month) == {("wrong_evidence", "b2b2b2b")}
    assert errors(text.format(ref="a1a1a1a"), month) == set()


def test_a_paragraph_opening_on_a_month_speaks_of_it() -> None:
    history = spring([commit("a1", "2025-02-03", "Add a buffer ops option (#161)", "vision/ops.py"), commit("b2", "2025-03-04", "PartitionK fp32 accumulator", "vision/partition.py")])
    text = "In February 2025 the single change added a buffer ops option (#161).\n\nAccuracy is the thread running through March 2025. b2b2b2b moves PartitionK to fp32 accumulation."
    assert errors(text, history) == set()


def test_a_count_of_what_a_part_of_the_work_got_counts_a_part() -> None:
    month = march([commit("a1", "2025-03-03", "Do not precompile set configs (#183)", "vision/runtime.py"), commit("b2", "2025-03-04", "Add the resize kernel (#61)", "vision/resize.py"), commit("c3", "2025-03-05", "Add the crop kernel (#62)", "vision/crop.py")])
    assert errors("In March 2025, the runtime saw two changes.", month) == set()
    assert errors("In March 2025, the work saw two changes.", month) == {("wrong_count", "two changes")}


def test_a_dotted_name_is_found_inside_a_longer_one_or_as_a_module_and_its_import() -> None:
    lowering = commit("a1", "2025-03-03", "Support factory functions inside device loops (#50)", "vision/lowering.py").model_copy(
        update={"code": ["torch.ops.aten.full.default", "triton.testing", "do_bench"]}
    )
    month = march([lowering])
    assert errors("In March 2025, Grace lowered aten.full to tl.full inside device loops (#50).", month) == {("ungrounded_term", "tl.full")}
    assert errors("In March 2025, Grace timed device loops with triton.testing.do_bench (#50).", month) == set()


def test_a_ref_given_in_apposition_is_held_to_what_follows_it() -> None:
    fake = commit("a1", "2025-03-03", "Fix fake impl inference with unbacked SymInts (#1626)", "vision/fake.py").model_copy(update={"code": ["ShapeEnv", "SymInt"]})
    foreign = commit("b2", "2025-03-04", "Recreate foreign SymInts in the own ShapeEnv (#1671)", "vision/shape.py").model_copy(update={"code": ["ShapeEnv", "SymInt"]})
    month = march([fake, foreign, commit("c3", "2025-03-05", "Reject data-dependent output shapes (#1722)", "vision/spec.py")])
    text = "Grace spent March 2025 on SymInt handling. The one bug fix, {ref}, fixed fake-impl inference with unbacked SymInts."
    assert errors(text.format(ref="b2b2b2b"), month) == {("wrong_evidence", "b2b2b2b")}
    assert errors(text.format(ref="a1a1a1a"), month) == set()


def test_a_count_told_of_each_item_counts_each() -> None:
    month = march([commit("a1", "2025-03-03", "Add a blur kernel (#50)", "vision/blur.py"), commit("b2", "2025-03-04", "Add a warp kernel (#51)", "vision/warp.py")])
    assert errors("Grace's two work items of March 2025 (#50, #51) were each a single commit.", month) == set()


def test_a_count_after_a_dash_beside_the_busiest_month_is_that_months() -> None:
    months = spring([
        commit("a1", "2025-02-03", "Add a blur kernel (#50)", "vision/blur.py"),
        commit("b2", "2025-03-04", "Add a warp kernel (#51)", "vision/warp.py"),
        commit("c3", "2025-03-05", "Add a crop kernel (#52)", "vision/crop.py"),
    ])  # fmt: skip
    assert errors("- Busiest month: March 2025 — 2 commits, +10 / −0", months) == set()
    assert errors("- Busiest month: March 2025 — 3 commits", months) == {("wrong_count", "3 commits")}


def test_a_one_letter_name_is_a_variables_not_a_term() -> None:
    month = march([commit("a1", "2025-03-03", "Add the squeeze net example (#30)", "examples/squeeze.py")])
    assert errors("In March 2025, Grace added the squeeze net example, with gradients for its inputs `q` and `k` (#30).", month) == set()


def test_a_run_of_the_words_of_a_name_in_their_code_is_theirs() -> None:
    example = commit("a1", "2025-03-03", "Add the squeeze net example (#30)", "examples/squeeze.py")
    month = march([example.model_copy(update={"code": ["squeeze_net_fwd", "squeeze_net_bwd_da", "squeeze_net_bwd_db"]})])
    assert errors("### March 2025\n- squeeze net example: fwd, bwd_da, bwd_db (#30)", month) == set()
    assert errors("### March 2025\n- squeeze net example: fwd, bwd_dc (#30)", month) == {("ungrounded_term", "bwd_dc")}


def test_a_month_named_late_in_a_sentence_speaks_of_its_clause_alone() -> None:
    months = spring([commit("a1", "2025-02-03", "Add a blur kernel (#50)", "vision/blur.py"), commit("b2", "2025-03-04", "Add a warp kernel (#51)", "vision/warp.py")])
    assert errors("The work was kernels: a blur kernel (#50) and, in March 2025, a warp kernel (#51).", months) == set()
    assert errors("In March 2025 the work was kernels: a blur kernel (#50) and a warp kernel (#51).", months) == {("wrong_month", "#50")}


def test_a_practice_a_title_of_the_month_tells_is_a_skill() -> None:
    month = march([commit("a1", "2025-03-03", "Add a flex_attention benchmark (#30)", "vision/operators/flex.py")])
    assert errors("### March 2025\n- Added a flex_attention benchmark (#30)\n\n**Skills:** Python, Benchmarking", month) == set()
    assert errors("### March 2025\n- Added a flex_attention benchmark (#30)\n\n**Skills:** Python, Containers", month) == {("unsupported_skill", "Containers")}


def test_a_tool_something_was_done_with_is_a_term_not_a_person() -> None:
    month = march([commit("a1", "2025-03-03", "Add a TMA benchmark for fp8 attention (#30)", "vision/fp8.py")])
    assert errors("In March 2025, Grace added a TMA benchmark for fp8 attention (#30) and profiled it with Nsight Compute.", month) == {("ungrounded_term", "Nsight Compute")}


def test_the_initials_of_a_snake_case_name_are_no_acronym() -> None:
    month = march([commit("a1", "2025-03-03", "Log the autotune seed, which has to be set for a repro (#30)", "vision/autotune.py")])
    # H-A-S: "has" is a word of the title, not the variable's acronym.
    assert errors("In March 2025, Grace logged the autotune seed, pinned through `HELION_AUTOTUNE_SEED` (#30).", month) == {("ungrounded_term", "HELION_AUTOTUNE_SEED")}


def test_a_number_in_parentheses_is_no_hash_and_a_ref_a_word_after_a_quoted_title_holds_it() -> None:
    numel = commit("a1", "2025-03-03", "Fix ValueError: numel (2097152) exceeds triton maximum tensor numel (1048576) (#30)", "vision/config_generation.py")
    month = march([numel, commit("b2", "2025-03-04", "Fix the rms_norm example (#31)", "examples/rms_norm.py")])
    text = 'In March 2025, config generation no longer hits Triton\'s "numel (2097152) exceeds triton maximum tensor numel (1048576)" error ({}).'
    assert errors(text.format("#30"), month) == set()
    assert {kind for kind, _ in errors(text.format("#31"), month)} == {"wrong_evidence"}


def test_a_label_with_its_ref_before_a_colon_is_cited_for_what_follows() -> None:
    month = march([
        commit("a1", "2025-03-03", "torch.rand_like and torch.randn_like support (#30)", "vision/rng.py"),
        commit("b2", "2025-03-04", "Add the VISION_RANDOM_SEED env var (#31)", "vision/settings.py"),
    ])  # fmt: skip
    assert errors("1. **Random tensors in kernels** (#30): torch.rand_like and torch.randn_like are lowered in kernels.", month) == set()
    assert errors("1. **Random tensors in kernels** (#31): torch.rand_like and torch.randn_like are lowered in kernels.", month) == {("wrong_evidence", "#31")}


def test_how_many_items_went_into_an_area_is_a_statistic() -> None:
    pages = [commit(sha, f"2025-03-0{day}", f"Update the {name} page (#{30 + day})", f"docs/{name}.md") for day, sha, name in ((3, "a1", "index"), (4, "b2", "install"))]
    month = march([*pages, commit("c3", "2025-03-05", "Add a blur kernel (#40)", "vision/blur.py")])
    assert errors("Grace's March 2025 went mostly into the docs (2 docs).", month) == set()
    assert errors("Grace's March 2025 went mostly into the docs (4 docs).", month) == {("unsupported_number", "4 docs")}


def test_a_docs_change_that_sets_up_or_holds_what_a_claim_adds_made_it() -> None:
    chatbot = commit("a1", "2025-03-03", "Setting up the docs chatbot (#30)", "docs/_static/chatbot.js")
    logo = commit("b2", "2025-03-04", "No background image (#31)", "docs/_static/logo_nobackground.png")
    logo = logo.model_copy(update={"files": [*logo.files, FileChange(path="docs/conf.py", added=3)], "code": ["canonical_url", "logo.png", "logo_nobackground.png"]})
    test_only = commit("c3", "2025-03-05", "Add test for no options found in autotuner (#32)", "test/test_autotuner.py")
    month = march([chatbot, logo, test_only])
    assert errors("### March 2025\n- Added the docs chatbot (#30)", month) == set()
    assert errors("### March 2025\n- Added the no-background logo and a canonical URL (#31)", month) == set()
    # A test's words are the feature it tests, which it did not make.
    assert errors("### March 2025\n- Added a clear error for when the autotuner finds no options (#32)", month) == {("wrong_evidence", "#32")}


def test_the_library_a_message_names_and_the_repository_are_skills_its_folders_are_not() -> None:
    month = march([commit("a1", "2025-03-03", "update fbgemm to a3da0f3 (#30)", "submodules/FBGEMM")])
    assert errors("### March 2025\n- Updated FBGEMM (#30)\n\n**Skills:** fbgemm, vision", month) == set()
    assert errors("### March 2025\n- Updated FBGEMM (#30)\n\n**Skills:** submodules", month) == {("unsupported_skill", "submodules")}


def test_a_web_acronym_spelled_out_the_standard_way_needs_no_commit_to_spell_it() -> None:
    month = march([commit("a1", "2025-03-03", "Add the GTM analytics id to the docs (#30)", "docs/conf.py")])
    assert errors("In March 2025, Grace added a Google Tag Manager (GTM) analytics id to the docs (#30).", month) == set()


def test_a_name_with_its_last_part_given_two_ways_names_both() -> None:
    xformers = commit("a1", "2025-03-03", "Adapt the decoding op to the xformers pin (#30)", "vision/decoding.py")
    month = march([xformers.model_copy(update={"body": "varlen_fwd/bwd is merged into the fwd/bwd API."})])
    assert errors("In March 2025, Grace adapted the decoding op, since `varlen_fwd` and `varlen_bwd` were merged (#30).", month) == set()
    assert errors("In March 2025, Grace adapted the decoding op, since `varlen_mid` was merged (#30).", month) == {("ungrounded_term", "varlen_mid")}


def test_figures_after_a_range_of_months_and_a_closing_line_of_figures_are_the_periods() -> None:
    months = spring([commit("a1", "2025-02-03", "Add a blur kernel (#50)", "vision/blur.py"), commit("b2", "2025-03-04", "Add a warp kernel (#51)", "vision/warp.py")])
    assert errors("Grace made 2 commits from February 2025 to March 2025 (2 features, +10 / −0).", months) == set()
    assert errors("**Feb 2025**\n- A blur kernel (#50)\n\n**Mar 2025**\n- A warp kernel (#51)\n\n2 commits · 2 features · +10 / −0", months) == set()


def test_a_paragraph_opening_on_two_months_is_the_periods() -> None:
    months = spring([commit("a1", "2025-02-03", "Add a blur kernel (#50)", "vision/blur.py"), commit("b2", "2025-03-04", "Add a warp kernel (#51)", "vision/warp.py")])
    assert errors("February 2025 brought 1 commit, March 2025 brought 1. The warp kernel (#51) came last.", months) == set()


def test_a_short_term_of_parts_and_a_variable_set_to_a_value_are_the_commits_words() -> None:
    month = march([commit("a1", "2025-03-03", "Set atol and rtol to 1e-2 and honour TRITON_INTERPRET (#30)", "vision/ci.py")])
    assert errors("### March 2025\n- Tolerances set to 1e-2, and `TRITON_INTERPRET=1` honoured (#30).", month) == set()


def test_new_work_added_to_the_docs_is_a_docs_change() -> None:
    month = march([commit("a1", "2025-03-03", "Update autotuner.md with LFBO Pattern Search (#30)", "docs/api/autotuner.md")])
    assert errors("### March 2025\n- Added an LFBO Pattern Search entry, generated from its module, to the autotuner API docs (#30).", month) == set()
    assert errors("### March 2025\n- Added an LFBO Pattern Search, generated from its module, to the autotuner (#30).", month) == {("wrong_evidence", "#30")}


def test_a_package_imported_by_another_name_and_a_width_told_by_a_type_are_the_codes() -> None:
    kernel = commit("a1", "2025-03-03", "Add a W2A16 GEMM kernel with an int2 pack (#30)", "vision/w2a16.py")
    month = march([kernel.model_copy(update={"code": ["np.mean", "np.array", "pack_int2"]})])
    assert errors("### March 2025\n- A 2-bit-weight GEMM kernel (#30)\n\n**Skills:** Python, NumPy", month) == set()
    assert errors("### March 2025\n- A 3-bit-weight GEMM kernel (#30)", month) == {("ungrounded_term", "3-bit-weight")}


def test_a_vendor_is_named_by_its_hardware() -> None:
    month = march([commit("a1", "2025-03-03", "Upgrade fa3 on B200 (#30)", "vision/fa3.py")])
    assert errors("In March 2025, Grace upgraded FA3 so it runs on NVIDIA B200 GPUs (#30).", month) == set()
    assert errors("In March 2025, Grace upgraded FA3 so it runs on AMD GPUs (#30).", month) == {("ungrounded_term", "AMD")}


def test_an_acronym_spelled_out_is_no_language_and_may_be_short_for_its_words() -> None:
    month = march([commit("a1", "2025-03-03", "Bump the CUTLASS submodule and skip shared memory OOM (#30)", "vision/deps.py")])
    assert errors("In March 2025, Grace bumped CUTLASS (CUDA Templates for Linear Algebra Subroutines) (#30).", month) == set()
    assert errors("In March 2025, Grace skipped shared memory OOM (OOM, short for out-of-order memory) (#30).", month) == {
        ("unsupported_expansion", "OOM, short for out-of-order memory")
    }


def test_the_projects_own_words_in_its_code_are_no_persons_name() -> None:
    search = commit("a1", "2025-03-03", "Add diversity-aware batch selection (#30)", "vision/search.py")
    month = march([search.model_copy(update={"code": ["Uses", "the", "Random", "Forest", "leaf", "similarity"]})])
    assert errors("In March 2025, Grace made batch selection count the leaves the Random Forest's trees share (#30).", month) == set()


def test_praise_of_the_person_is_an_effect_no_commit_tells() -> None:
    month = march([commit("a1", "2025-03-03", "Add a blur kernel (#30)", "vision/blur.py")])
    text = "In March 2025, Grace added a blur kernel (#30).\n\nHer contributions set a new standard for kernel quality."
    assert errors(text, month) == {("ungrounded_text", "set a new standard")}
    assert errors("In March 2025, Grace added a blur kernel (#30).\n\nThis kept the kernels fast, ensuring their reliability.", month) == {
        ("ungrounded_text", "ensuring their reliability")
    }


def test_the_docs_link_to_the_repository_names_no_repository() -> None:
    month = march([commit("a1", "2025-03-03", "Fix the repo link in the docs (#30)", "docs/index.md")])
    assert errors("In March 2025, the docs repo link was corrected (#30).", month) == set()


def test_a_docs_title_that_goes_on_to_add_something_tells_new_work() -> None:
    month = march([commit("a1", "2025-03-03", "Update logo and add events for the hackathon (#30)", "docs/index.md")])
    assert errors("### March 2025\n- Added event listings for the hackathon, with a new logo (#30).", month) == set()


def test_a_language_named_as_the_platform_their_code_reads_is_no_claim_of_code_in_it() -> None:
    cap = commit("a1", "2025-03-03", "Cap maxnreg to fit the register file (#30)", "vision/config_spec.py")
    month = march([cap.model_copy(update={"code": ["torch.cuda.get_device_properties", "regs_per_multiprocessor"]})])
    assert errors("In March 2025, Grace capped maxnreg for CUDA GPUs (#30).", month) == set()
    assert errors("In March 2025, Grace wrote the maxnreg cap in CUDA (#30).", month) == {("unsupported_skill", "CUDA")}


def test_a_bash_script_is_a_shell_file_and_told_in_its_refs_month() -> None:
    months = spring([commit("a1", "2025-02-03", "Add a TPU run script (#30)", "scripts/run-on-tpu.sh")])
    assert errors("In February 2025, Grace wrote scripts/run-on-tpu.sh, a Bash script (#30).", months) == set()
    # Told under March, where nothing landed: the ref's month tells it, not also the language.
    assert errors("### March 2025\nGrace wrote scripts/run-on-tpu.sh, a Bash script (#30).", months) == {("wrong_month", "#30")}


def test_a_sentence_on_how_the_text_was_written_is_the_prompts_not_the_work() -> None:
    month = march([commit("a1", "2025-03-03", "Add a blur kernel (#30)", "vision/blur.py")])
    text = "What follows summarises Grace's commits month by month, citing only PR numbers from the commit list.\n\n### March 2025\n- A blur kernel (#30)"
    assert {kind for kind, _ in errors(text, month)} == {"prompt_echo"}


def test_work_said_to_contribute_to_a_quality_claims_it() -> None:
    month = march([commit("a1", "2025-03-03", "Add a blur kernel (#30)", "vision/blur.py")])
    text = "In March 2025, Grace added a blur kernel (#30). The kernel contributed to the overall stability of the library."
    assert errors(text, month) == {("ungrounded_text", "contributed to the overall stability")}


def test_a_wrong_ref_is_corrected_only_to_an_item_that_tells_the_claim() -> None:
    month = march([
        commit("a1", "2025-03-03", "Fix size hint lint from nightly (#30)", "vision/hints.py"),
        commit("b2", "2025-03-04", "Bump pytorch to 2.10 in the nightly benchmark (#31)", "ci/nightly.yml"),
        commit("c3", "2025-03-05", "Shrink the generated decoder code (#32)", "vision/decoder.py"),
    ])  # fmt: skip

    def suggested(text: str) -> list[str | None]:
        return [f.suggestion for f in validate(text, month) if f.kind == "wrong_evidence"]

    # #30 tells "size" alone of "reduced size of generated code": named, not offered as the ref.
    assert suggested("### March 2025\n- Reduced the size of the generated code (#31)") == [None]
    assert suggested("### March 2025\n- Shrank the generated decoder code (#31)") == ["#32"]
