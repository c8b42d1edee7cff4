"""Readings a fifth blind round (cases 2880-2949: small months of helion and tritonbench) asked of
the check: a month's figures beside its name in a list; a folder's entries counted ("across 10
operators"); a library written in lower case by the commits as no person; the repository's name
and a command line's options as evidence of skills; a hash of digits alone in backticks; a
repository listed before a verb; a teammate's title retold without its verb, or with a name of its
words said whole; new work told in the passive and cited to a docs change; a file both words of a
phrase name; an outcome appended to cited work (", which made …") held to the cited items; a ref
that opens its sentence after "Commit"; a GPU's model as hardware, not a teammate's work; "non" of
non-performing as no phrase of anyone's.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from summarizer.models.activity import Activity, Commit, FileChange, Repository
from summarizer.months import build_history
from summarizer.period import Period
from tests.vision_history import commit, errors, grace_between, march, march_with_teammate, teammates


def _with(change: Commit, **update: object) -> Commit:
    return change.model_copy(update=update)


def test_each_months_lines_told_beside_its_name_are_that_months() -> None:
    april = commit("a1", "2025-03-03", "Add the crop step (#11)", "vision/crop.py")
    may = _with(commit("b2", "2025-04-07", "Add the blur step (#12)", "vision/blur.py"), files=[FileChange(path="vision/blur.py", added=20, deleted=3)])
    months = grace_between("2025-03", "2025-04", [april, may])
    assert errors("- +25 / −3 lines (March +5 / −0, April +20 / −3)", months) == set()
    assert errors("- +25 / −3 lines (March +5 / −0, April +21 / −3)", months) == {("wrong_count", "+21 / −3")}


def test_a_count_of_a_folders_entries_the_cited_change_went_through_is_a_count() -> None:
    operators = [FileChange(path=f"vision/operators/op{n}/operator.py", added=2) for n in range(10)]
    month = march([_with(commit("a1", "2025-03-03", "Format benchmark names (#35)", "vision/x.py"), files=operators)])
    assert errors("In March 2025 she formatted the benchmark names across 10 operators (#35).", month) == set()
    assert errors("In March 2025 she formatted the benchmark names across 12 operators (#35).", month) == {("unsupported_number", "12 operators")}


def test_a_name_the_commits_write_in_lower_case_is_no_person() -> None:
    month = march([commit("a1", "2025-03-03", "Add kl_div and swiglu from liger kernel (#26)", "vision/ops.py")])
    assert errors("In March 2025 Grace brought two operators from Liger Kernel into the suite (#26).", month) == set()


def test_autodiff_is_automatic_differentiation() -> None:
    month = march([commit("a1", "2025-03-03", "Move autodiff to the experimental folder (#1519)", "vision/experimental/autodiff.py")])
    assert errors("**Skills:** Python, automatic differentiation", month) == set()


def test_a_repositorys_name_tells_what_its_work_is() -> None:
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="acme/visionbench", path="/src/vb", branch="main", tip="f" * 40)],
        commits=[_with(commit("a1", "2025-03-03", "Add tunableop for gemm", "vb/operators/gemm/operator.py"), repo="acme/visionbench")],
    )  # fmt: skip
    assert errors("**Skills:** Python, GEMM benchmarking", build_history(activity)) == set()


def test_an_option_of_a_command_line_is_command_line_work() -> None:
    parser = _with(commit("a1", "2025-03-03", "Fix the parser", "vision/utils/parser.py"), body="this doesn't work if `--isolate` is the last arg")
    month = march([parser, commit("b2", "2025-03-05", "Add tunableop for gemm", "vision/gemm.py")])
    assert errors("**Skills:** Python, command-line parsing", month) == set()


def test_a_hash_of_digits_alone_in_backticks_is_a_hash() -> None:
    month = march([commit("8338452", "2025-03-03", "Autotuning progress bar (#739)", "vision/search.py")])
    assert errors("- `8338452` Autotuning progress bar for the search", month) == set()


def test_a_name_listed_with_their_repository_before_a_verb_is_a_repository() -> None:
    month = march([commit("a1", "2025-03-03", "Add the crop step (#11)", "vision/crop.py")])
    assert errors("Her March 2025 work in vision and tritonbench centred on cropping (#11).", month) == {("unknown_repo", "tritonbench")}


def test_a_teammates_title_retold_without_its_verb_is_theirs() -> None:
    mine = [commit("a1", "2025-03-03", "Autotuning progress bar (#739)", "vision/search.py"), _with(commit("b2", "2025-03-05", "Clean interrupt of background processes (#766)", "vision/search.py"), code=["PrecompileFuture"])]
    theirs = [teammates("c3", "Add progress bar for precompiling (#919)", "vision/precompile.py")]
    month = march_with_teammate(mine, theirs)
    found = errors("In March 2025 Grace added an autotuning progress bar (#739) and later extended it with a progress bar for precompiling.", month)
    assert {kind for kind, _ in found} == {"other_author"}


def test_a_word_of_a_teammates_title_said_inside_a_name_is_said() -> None:
    code = ["self.settings.autotune_baseline_atol", "self.settings.autotune_baseline_rtol", "_effective_atol", "user", "default"]
    mine = [_with(commit("a1", "2025-03-03", "Use zero tolerance for fp8 dtypes during autotuning (#1158)", "vision/settings.py"), code=code)]
    theirs = [teammates("c3", "Add user-customizable autotune_baseline_atol / rtol settings (#1136)", "vision/settings.py")]
    month = march_with_teammate(mine, theirs)
    text = "In March 2025 Grace added user-customizable `autotune_baseline_atol` / `autotune_baseline_rtol` settings (#1158)."
    assert errors(text, month) == {("other_author", "added user-customizable `autotune_baseline_atol` / `autotune_baseline_rtol` settings")}


def test_new_work_told_in_the_passive_and_cited_to_a_docs_change_is_wrong_evidence() -> None:
    wire = commit("a1", "2025-03-03", "Wire from_cache to the remote backend (#2453)", "vision/cache.py")
    docs = commit("b2", "2025-03-18", "Document remote cache and warm-start behavior (#2475)", "docs/deployment.md")
    docs = _with(docs, body="The from_cache lookup now queries the remote backend and deduplicates its results.")
    found = errors("The from_cache lookups were wired to query the remote backend and deduplicate their results (#2475).", march([wire, docs]))
    assert found == {("wrong_evidence", "#2475")}


def test_a_phrase_whose_words_name_one_of_their_files_is_theirs() -> None:
    mine = [commit("a1", "2025-03-03", "Document remote cache and warm-start behavior (#2475)", "docs/deployment_autotuning.md")]
    theirs = [teammates("c3", "Docs: merge AOT autotuning into the deployment guide (#2369)", "docs/deployment.md")]
    assert errors("She finished March 2025 by documenting the remote cache in the deployment guide.", march_with_teammate(mine, theirs)) == set()


def test_an_effect_appended_to_cited_work_is_held_to_the_cited_items() -> None:
    fix = commit("a1", "2025-03-03", "Fix _benchmark dropping configs that fail compilation (#1942)", "vision/search.py")
    flaky = commit("b2", "2025-03-05", "Retry flaky benchmark runs (#1950)", "vision/bench.py")
    month = march([fix, flaky])
    text = "She fixed configs that fail compilation being dropped (#1942), which made autotuning more stable."
    assert errors(text, month) == {("ungrounded_text", "more stable")}
    assert errors("She retried benchmark runs (#1950), which made them more stable.", month) == set()


def test_an_outcome_no_cited_item_tells_is_ungrounded() -> None:
    fix = commit("a1", "2025-03-03", "Fix _supports_maxnreg() to guard against non-CUDA backends (#1981)", "vision/compat.py")
    month = march([fix, commit("b2", "2025-03-05", "Add the crop step (#11)", "vision/crop.py")])
    text = "She fixed `_supports_maxnreg()` to guard against non-CUDA backends (#1981), which eliminated register-spilling failures on AMD GPUs."
    assert errors(text, month) == {("ungrounded_text", "which eliminated register-spilling failures on AMD GPUs")}
    assert errors("She fixed `_supports_maxnreg()` (#1981), which now guards against non-CUDA backends.", month) == set()


def test_a_ref_named_as_a_commit_is_cited_for_the_words_after_it() -> None:
    tracing = commit("a1", "2025-03-03", "Decide distributed pid_type restrictions based on kernel tracing (#3057)", "vision/tracing.py")
    logger = commit("b2", "2025-03-12", "Let the search space logger respect config overrides (#3335)", "vision/logger.py")
    month = march([tracing, logger])
    assert errors("Commit a1a1a1a then taught the search space logger to respect config overrides.", month) == {("wrong_evidence", "a1a1a1a")}
    assert errors("Commit b2b2b2b then taught the search space logger to respect config overrides.", month) == set()


def test_a_gpus_model_a_teammate_names_is_hardware_not_their_work() -> None:
    mine = [commit("a1", "2025-03-03", "Fix the matmul example's backward (#1045)", "vision/matmul.py")]
    theirs = [teammates("c3", "Pin H100 nightly and skip a flaky test (#1624)", "ci/nightly.yml")]
    assert errors("In March 2025 Grace ran the matmul benchmarks on H100 (#1045).", march_with_teammate(mine, theirs)) == {("ungrounded_term", "H100")}


def test_a_prefix_left_of_a_teammates_phrase_is_no_phrase() -> None:
    skip = commit("a1", "2025-03-03", "Skip configs that fail to compile in the parallel autotuner benchmark (#1673)", "vision/bench.py")
    mine = [_with(skip, body="The autotuner considers the warps of each config, to avoid compiling it twice.")]
    theirs = [teammates("c3", "Capping the number of warps to avoid non-performing configs and reducing the autotuning time. (#1674)", "vision/warps.py")]
    text = "In March 2025 Grace made the benchmark skip configs that fail to compile (#1673), and capped the number of warps the autotuner considers to avoid non-performing configs."
    assert errors(text, march_with_teammate(mine, theirs)) == {("other_author", "capped")}


def test_a_wrong_spelling_of_a_gated_linear_unit_is_an_expansion() -> None:
    month = march([commit("a1", "2025-03-03", "Add the geglu and swiglu operators (#21)", "vision/ops.py")])
    assert errors("In March 2025 she added GEGLU (Gated Exponential Linear Unit) to the suite (#21).", month) == {
        ("unsupported_expansion", "GEGLU (Gated Exponential Linear Unit)")
    }
    assert errors("In March 2025 she added GEGLU (GELU-gated linear unit) to the suite (#21).", month) == set()


def test_reproducibility_is_an_effect_the_commits_must_tell() -> None:
    month = march([commit("a1", "2025-03-03", "Kernel metadata hooks (#2699)", "vision/hooks.py"), commit("b2", "2025-03-09", "Add the crop step (#11)", "vision/crop.py")])
    assert errors("Kernel metadata hooks gave kernels an identity (#2699), making autotuning results fully reproducible across machines.", month) != set()


def test_an_effect_on_the_whole_project_is_held_to_the_cited_items() -> None:
    month = march([commit("a1", "2025-03-03", "Fix _supports_maxnreg() to guard against non-CUDA backends (#1981)", "vision/compat.py")])
    text = "In March 2025 Grace made the vision project more stable and reliable: she fixed `_supports_maxnreg()` (#1981)."
    assert errors(text, month) == {("ungrounded_text", "more stable and reliable")}


def test_an_outcome_appended_after_another_error_is_still_checked() -> None:
    skip = commit("a1", "2025-03-03", "Skip test_hl_rand_mixed_argument_order on MTIA (#1977)", "test/test_random.py")
    month = march([skip, commit("b2", "2025-03-05", "Fix _supports_maxnreg() to guard against non-CUDA backends (#1981)", "vision/compat.py")])
    text = "She skipped a random test on MTIA (#1981), ensuring a smoother user experience."
    assert errors(text, month) == {("wrong_evidence", "#1981"), ("ungrounded_text", "ensuring a smoother user experience")}


def test_an_acronym_spelled_by_fewer_words_than_letters_is_an_expansion() -> None:
    month = march([commit("a1", "2025-03-03", "Skip TestRandomPhiloxParity class on MTIA (#1982)", "test/test_random.py")])
    text = "In March 2025 she skipped a test class on multi-threading architecture (MTIA) (#1982)."
    assert errors(text, month) == {("unsupported_expansion", "multi-threading architecture (MTIA)")}


def test_an_items_lines_told_in_words_name_its_work() -> None:
    month = march([_with(commit("a1", "2025-03-03", "Use two matmul fwd calls (#1045)", "vision/matmul.py"), files=[FileChange(path="vision/matmul.py", added=70, deleted=177)])])
    text = "In March 2025 Grace reworked the matmul example (#1045). The rework reduced the number of lines added by 70 and removed 177."
    assert errors(text, month) == set()


def test_a_fault_and_a_function_word_tell_no_months_work() -> None:
    february = commit("a1", "2025-02-03", "Fix hl.rand crash when dim is specialized to size 1 (#1401)", "vision/random.py")
    march_skip = commit("b2", "2025-03-05", "Skip the philox parity tests on MTIA (#1982)", "test/test_random.py")
    months = grace_between("2025-02", "2025-03", [february, march_skip])
    assert errors("### March 2025\n\nShe skipped the philox parity tests on MTIA (#1982) after crashes when running them.", months) == set()
