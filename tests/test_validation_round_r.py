"""Readings a second blind round on helion (cases 2667-2740) asked of the check: tests made by a
second verb, a ref that is its clause's subject, a file named as the whole claim, a share of tested
work, a closing count of the period, paragraphs of themes, inflected adverbs and abbreviations,
a type named without its suffix, a teammate's folder, a title copied in the past tense, expansions
the field spells one way, a format's rules echoed, and work done to an end.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from summarizer.models.activity import Commit, FileChange
from summarizer.validation.items import keys
from summarizer.validation.vocabulary import stem
from tests.vision_history import commit, errors, grace_between, march, march_with_teammate, teammates


def _with(change: Commit, **update: object) -> Commit:
    return change.model_copy(update=update)


def test_new_work_whose_second_verb_enabled_tests_may_cite_a_change_of_tests() -> None:
    month = march([commit("a1", "2025-03-03", "Enable test random (#80)", "test/test_random.py")])
    assert errors("- Added codegen for random numbers, and enabled the random test files (#80).", month) == set()
    assert errors("- Added codegen for random numbers (#80).", month) == {("wrong_evidence", "#80")}


def test_suites_enabled_for_a_backend_are_tests() -> None:
    month = march([commit("a1", "2025-03-03", "[cute] Enable bunch of test suites (#81)", "test/test_aot.py")])
    assert errors("- cute enabled for AOT autotuning and type-propagation suites (#81)", month) == set()


def test_a_ref_that_is_its_clauses_subject_is_cited_for_the_words_after_it() -> None:
    cast = commit("a1", "2025-03-03", "Fix atomic_add dtype cast and VMEM preload (#82)", "vision/atomics.py")
    validate = _with(commit("b2", "2025-03-04", "Validate pallas_loop_type (#83)", "vision/loops.py"), code=["raise", "ValueError"])
    month = march([cast, validate])
    text = "The rest was smaller: #82 casts atomic_add sums to the destination dtype, #83 turns an invalid pallas_loop_type into a ValueError."
    assert errors(text, month) == set()
    assert errors(text.replace("#82 casts", "#83 casts").replace("#83 turns", "#82 turns"), month) == {("wrong_evidence", "#82"), ("wrong_evidence", "#83")}


def test_a_hash_that_opens_a_sentence_is_cited_for_that_sentence_alone() -> None:
    bench = commit("a1", "2025-03-03", "sync bench/rebench result across ranks (#84)", "vision/_testing.py")
    seeds = commit("b2", "2025-03-05", "sync seeds across ranks (#85)", "vision/_utils.py")
    month = march([bench, seeds])
    text = "In March 2025, a1a1a1a syncs bench and rebench results across ranks. b2b2b2b adds seed syncing across ranks in vision/_utils.py."
    assert errors(text, month) == set()


def test_a_claim_of_a_file_alone_which_the_cited_change_changed_is_told() -> None:
    breakage = commit("a1", "2025-03-03", "Fix OSS breakage with global variables access (#86)", "vision/kernels/profile.py")
    timing = commit("b2", "2025-03-04", "Implement GPU timing kernel in kernels/profile.py", "vision/kernels/profile.py")
    month = march([breakage, timing])
    assert errors("- #86 updated kernels/profile.py accordingly.", month) == set()


def test_a_share_of_tested_work_given_after_what_it_changed_is_the_signals() -> None:
    features = [commit(f"{n}{n}", f"2025-03-0{n}", f"Add the step {n} to the loader (#9{n})", f"test/test_step{n}.py") for n in range(1, 6)]
    features = [_with(change, files=[*change.files, FileChange(path=f"vision/step{n}.py", added=40)]) for n, change in enumerate(features, 1)]
    month = march(features)
    assert errors("In March 2025, 5 of the 5 features and fixes changed tests (100%).", month) == set()


def test_all_of_the_features_and_fixes_after_the_months_sections_are_the_periods() -> None:
    fixes = [commit(f"{n}a", f"2025-02-0{n}", f"Fix the crop step {n} (#7{n})", "vision/crop.py") for n in range(1, 4)]
    march_work = [commit(f"{n}b", f"2025-03-0{n}", f"Rename the resize step {n} (#6{n})", "vision/resize.py") for n in range(1, 3)]
    spring = grace_between("2025-02", "2025-03", fixes + march_work)
    text = "**February 2025** — three fixes (#71, #72, #73).\n\n**March 2025** — two renames (#61, #62).\n\nAll three features and fixes touched the code."
    assert errors(text, spring) == set()


def test_a_paragraph_of_a_theme_speaks_of_its_month_and_not_the_next_themes() -> None:
    crop = commit("a1", "2025-02-03", "Fix the crop bounds (#50)", "vision/crop.py")
    gather = commit("b2", "2025-03-04", "Add the indirect gather (#51)", "vision/gather.py")
    spring = grace_between("2025-02", "2025-03", [crop, gather])
    text = "**Correctness.** In February 2025 she fixed the crop bounds (#50).\n\n**New lowering.** The indirect gather arrived (#51)."
    assert errors(text, spring) == set()


def test_an_adverb_in_ily_stems_as_its_adjective() -> None:
    assert stem("temporarily") == stem("temporary") and stem("necessarily") == stem("necessary")


def test_an_inflected_abbreviation_is_the_word_it_stands_for() -> None:
    assert keys("syncing") & keys("sync") and keys("allocs") & keys("alloc")


def test_a_type_named_without_the_suffix_its_class_has_in_their_code_is_grounded() -> None:
    item = _with(commit("a1", "2025-03-03", "Improve Tensor.item() handling (#55)", "vision/types.py"), code=["SymFloatType.new_unbacked", "SymBoolType"])
    month = march([item])
    assert errors("In March 2025, Grace made a scalar tensor's item an unbacked SymFloat (#55).", month) == set()
    assert errors("In March 2025, Grace made a scalar tensor's item an unbacked SymDouble (#55).", month) == {("ungrounded_term", "SymDouble")}



def test_a_title_a_teammate_wrote_in_the_present_is_theirs_told_in_the_past() -> None:
    mine = [commit("a1", "2025-03-03", "Add seed syncing across ranks (#56)", "vision/_utils.py")]
    theirs = [teammates("c3", "Move do_bench/sync_object from _testing to autotuner/benchmarking to fix docs build (#99)", "vision/autotuner/benchmarking.py")]
    month = march_with_teammate(mine, theirs)
    text = "- Moved do_bench and sync_object from _testing into autotuner/benchmarking to fix the docs build."
    assert {kind for kind, _ in errors(text, month)} == {"other_author"}


def test_an_acronym_the_field_spells_one_way_is_not_spelt_otherwise_by_scattered_code_words() -> None:
    priors = _with(commit("a1", "2025-03-03", "Add cute config priors (#57)", "vision/priors.py"), code=["tensor", "TMA", "load", "Memory", "pool", "allocator"])
    month = march([priors])
    assert errors("In March 2025, Grace added priors for TMA (Tensor Memory Allocator) loads (#57).", month) == {
        ("unsupported_expansion", "TMA (Tensor Memory Allocator)")
    }


def test_nfc_is_no_functional_change_and_codegen_is_code_generation() -> None:
    month = march([commit("a1", "2025-03-03", "[Pallas] Move indexing codegen helpers, NFC (#58)", "vision/codegen.py")])
    assert errors("- NFC (no functional change) refactor of the indexing helpers (#58).\n\n**Skills:** Python, code generation", month) == set()


def test_the_formats_guidelines_told_as_the_texts_own_are_an_echo() -> None:
    month = march([commit("a1", "2025-03-03", "Make imports relative (#59)", "vision/loader.py")])
    text = "Per the guidelines, every statement below sticks to Grace's own commits and cites its pull request.\n\n- Made imports relative (#59)."
    assert {kind for kind, _ in errors(text, month)} == {"prompt_echo"}


def test_work_done_to_an_end_says_what_it_was_for() -> None:
    month = march([commit("a1", "2025-03-03", "Add tests for the resize step (#60)", "test/test_resize.py")])
    assert errors("In March 2025, Grace added tests to ensure the stability of the resize step.", month) == set()
    assert errors("In March 2025, Grace's tests ensured the stability of the resize step.", month) == {("ungrounded_text", "ensured the stability")}


def test_a_count_of_commits_in_the_period_or_to_the_repository_is_the_whole() -> None:
    month = march([commit(f"{n}c", f"2025-03-0{n}", f"Add the blur step {n} (#4{n})", "vision/blur.py") for n in range(1, 6)])
    assert errors("Overall, she contributed 2 commits to the vision project during this period.", month) == {("wrong_count", "2 commits")}
    assert errors("She landed 2 commits in the period.", month) == {("wrong_count", "2 commits")}
    assert errors("She landed 5 commits in the period, 2 commits to the blur step.", month) == set()
