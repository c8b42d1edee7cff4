"""A colleague's work credited to the developer, near-miss names, expansions, effects no commit tells.

The data: Grace Hopper in acme/vision in March and April 2025; Ada Lovelace lands the
bilinear resampling in March, beside twenty unrelated commits of other people that make
"performance improvements" a common phrase.
"""

from __future__ import annotations

from summarizer.models.activity import Activity, Commit, FileChange, Repository
from summarizer.models.history import History
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.validation import validate

GRACE = ("Grace Hopper", "grace@example.com")
ADA = ("Ada Lovelace", "ada@example.com")
ALAN = ("Alan Turing", "alan@example.com")


def commit(sha: str, who: tuple[str, str], day: str, subject: str, path: str, body: str = "") -> Commit:
    return Commit(
        sha=sha * 40, repo="acme/vision", author_name=who[0], author_email=who[1], authored_at=f"{day}T10:00:00+00:00",
        committed_at=f"{day}T10:00:00+00:00", month=day[:7], subject=subject, body=body, files=[FileChange(path=path, added=5)],
    )  # fmt: skip


def grace_in_march(commits: list[Commit], others: list[Commit]) -> History:
    """Grace's March 2025 of the commits a test needs, beside its teammates' (hashes no other test's
    commits have: a commit's words are read once per hash)."""
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)], commits=commits, others=others,
    )  # fmt: skip
    return build_history(activity)


def history() -> History:
    mine = [
        commit("a", GRACE, "2025-03-04", "Add nearest-neighbour resize to the image loader", "vision/resize.py"),
        commit("b", GRACE, "2025-03-18", "Speed up the JPEG decoder", "vision/jpeg.py", "Performance improvements for large images."),
        commit("c", GRACE, "2025-04-09", "Add RDMA transport for shard reads", "vision/rdma.py", "RDMA (Remote Direct Memory Access) reads."),
    ]
    others = [
        commit("d", ADA, "2025-03-11", "Add bilinear resampling to resize", "vision/resize.py",
               "Adds RESAMPLE_MODE and bilinear_resampling().\n\nReviewed By: Alan Turing"),
        commit("e", ADA, "2025-04-02", "Move the weight offload path to pinned memory", "vision/offload.py"),
        *(commit(f"{n:x}", ALAN, f"2025-03-{n:02}", f"Performance improvements in stage {n}", f"vision/stage{n}.py") for n in range(1, 21)),
    ]
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since="2025-03", until="2025-04"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)], commits=mine, others=others,
    )  # fmt: skip
    return build_history(activity)


def errors(text: str) -> set[tuple[str, str]]:
    return {(f.kind, f.text) for f in validate(text, history()) if f.severity == "error"}


def test_a_teammates_feature_in_lowercase_words_is_other_author() -> None:
    text = "In March 2025, Grace added bilinear resampling to the image loader."
    assert errors(text) == {("other_author", "bilinear resampling")}


def test_other_author_names_the_commit_and_who_landed_it() -> None:
    text = "In March 2025, Grace added bilinear resampling to the image loader."
    (found,) = [f for f in validate(text, history()) if f.kind == "other_author"]
    assert found.message.startswith(f"landed by Ada Lovelace in {'d' * 7}, not by Grace Hopper")


def test_a_teammates_work_of_another_month_is_not_credited_to_her_month_by_this_check() -> None:
    text = "In April 2025, Grace added bilinear resampling to the image loader."
    assert ("other_author", "bilinear resampling") not in errors(text)


def test_a_phrase_of_her_own_commits_is_hers_though_a_teammate_also_uses_words_of_it() -> None:
    text = "In March 2025, Grace added nearest-neighbour resize to the image loader and sped up the JPEG decoder."
    assert errors(text) == set()


def test_a_phrase_common_in_the_period_is_nobodys_work() -> None:
    text = "In March 2025, Grace delivered performance improvements in the decoder stage."
    assert errors(text) == set()


def test_the_name_of_a_reviewer_is_not_work() -> None:
    text = "In March 2025, Grace sped up the JPEG decoder, with Alan Turing reviewing."
    assert errors(text) == set()


def test_a_surname_one_letter_off_is_a_name_mismatch() -> None:
    assert errors("In March 2025, Grace Hoppe sped up the JPEG decoder.") == {("name_mismatch", "Grace Hoppe")}


def test_a_first_name_one_letter_off_is_a_name_mismatch() -> None:
    assert errors("In March 2025, Grece Hopper sped up the JPEG decoder.") == {("name_mismatch", "Grece Hopper")}


def test_a_surname_cut_short_is_a_name_mismatch() -> None:
    assert errors("In March 2025, Grace Hop sped up the JPEG decoder.") == {("name_mismatch", "Grace Hop")}


def test_a_hyphenated_invented_expansion_is_unsupported() -> None:
    text = "In April 2025, Grace added an RDMA (Remote Device-Memory Access) transport for shard reads."
    assert errors(text) == {("unsupported_expansion", "RDMA (Remote Device-Memory Access)")}


def test_a_slashed_invented_expansion_is_unsupported() -> None:
    text = "In April 2025, Grace added an RDMA (Remote Disk/Memory Access) transport for shard reads."
    assert errors(text) == {("unsupported_expansion", "RDMA (Remote Disk/Memory Access)")}


def test_the_expansion_the_data_gives_passes_hyphenated_or_not() -> None:
    for expansion in ("Remote Direct Memory Access", "Remote Direct-Memory Access"):
        assert errors(f"In April 2025, Grace added an RDMA ({expansion}) transport for shard reads.") == set()


def test_a_repository_phrase_the_commits_use_themselves_is_not_a_repository_claim() -> None:
    activity = history()
    march = activity.months[0]
    march.commits[1] = march.commits[1].model_copy(update={"subject": "Update JPEG repo instructions"})
    found = {(f.kind, f.text) for f in validate("In March 2025, Grace updated the JPEG repo instructions.", activity)}
    assert not [kind for kind, _ in found if kind == "unknown_repo"]


def test_a_range_of_months_in_one_sentence_speaks_of_both() -> None:
    text = "Between March–April 2025, Grace sped up the JPEG decoder and added an RDMA transport for shard reads."
    assert errors(text) == set()


def test_a_teammates_term_credited_to_them_is_nobodys_error() -> None:
    text = "In March 2025, Grace sped up the JPEG decoder; Ada Lovelace's bilinear_resampling landed beside it."
    assert errors(text) == set()


def test_a_teammates_term_credited_to_the_developer_is_other_author() -> None:
    assert ("other_author", "RESAMPLE_MODE") in errors("In March 2025, Grace added RESAMPLE_MODE to the image loader.")


def test_a_standard_expansion_of_the_field_passes_though_no_commit_spells_it() -> None:
    assert errors("In March 2025, Grace sped up the JPEG (Joint Photographic Experts Group) decoder.") == set()


def test_a_glossary_acronym_spelled_with_other_words_is_unsupported() -> None:
    text = "In March 2025, Grace sped up the JPEG (Joint Photo Group) decoder."
    assert errors(text) == {("unsupported_expansion", "JPEG (Joint Photo Group)")}


def test_an_effect_no_commit_of_the_month_tells_is_ungrounded_text() -> None:
    text = "In April 2025, Grace added an RDMA transport for shard reads. It made the vision pipeline more reliable."
    assert errors(text) == {("ungrounded_text", "more reliable")}


def test_an_effect_a_commit_of_the_month_tells_passes() -> None:
    assert errors("In March 2025, Grace added nearest-neighbour resize. The JPEG decoder got faster.") == set()


def test_an_effect_of_the_work_its_clause_names_is_held_to_that_work_alone() -> None:
    history = grace_in_march([
        commit("1", GRACE, "2025-03-04", "Speed up jpeg_decode", "vision/jpeg.py", "Performance improvements for large images."),
        commit("2", GRACE, "2025-03-18", "Thread image_loader through the resize path", "vision/resize.py"),
    ], [])  # fmt: skip

    def effects(clause: str) -> list[str]:
        text = f"In March 2025, Grace Hopper made the vision code simpler, and she {clause} for better performance."
        return [f.text for f in validate(text, history) if f.kind == "ungrounded_text"]

    assert effects("threaded image_loader through the resize path") == ["better performance"]
    assert effects("reworked jpeg_decode") == []


def test_a_phrase_the_glossary_spells_as_an_acronym_of_theirs_is_theirs() -> None:
    def told(body: str) -> list[str]:
        history = grace_in_march(
            [commit("a", GRACE, "2025-03-18", "Speed up the JPEG decoder", "vision/jpeg.py", body)],
            [commit("0", ADA, "2025-03-11", "Stage decoder tiles through tensor memory", "vision/tiles.py")],
        )
        text = "In March 2025, Grace sped up the JPEG decoder by keeping tiles in tensor memory."
        return [f.text for f in validate(text, history) if f.kind == "other_author"]

    assert told("Keep the tiles in TMEM.") == []
    assert told("Keep the tiles in registers.") == ["tensor memory"]


def test_a_teammates_title_told_as_the_developers_work_is_other_author_though_each_word_is_theirs() -> None:
    history = grace_in_march([
        commit("5", GRACE, "2025-03-04", "Add torch helpers for frames", "vision/torch_helpers.py", "Adds torch.stack of frames."),
        commit("6", GRACE, "2025-03-05", "Support stacked frames in the loader", "vision/loader.py"),
    ], [commit("7", ADA, "2025-03-11", "Add torch.stack support", "vision/ops.py")])  # fmt: skip

    def found(text: str) -> set[tuple[str, str]]:
        return {(f.kind, f.text) for f in validate(text, history) if f.severity == "error"}

    assert found("In March 2025, Grace added torch helpers and added torch.stack support.") == {("other_author", "added torch.stack support")}
    assert found("In March 2025, Grace added torch helpers, and Ada Lovelace added torch.stack support.") == set()
    assert found("In March 2025, Grace added torch helpers for stacked frames.") == set()


def test_an_effect_on_users_or_upkeep_is_held_to_the_commits_like_speed() -> None:
    assert errors("In April 2025, Grace added an RDMA transport, which streamlined the development process.") == {("ungrounded_text", "streamlined")}
    assert errors("In March 2025, Grace sped up the JPEG decoder, which made the code more maintainable.") == {("ungrounded_text", "more maintainable")}
    simpler = grace_in_march([commit("8", GRACE, "2025-03-06", "Simplify the loader API", "vision/loader.py")], [])
    assert [f.text for f in validate("In March 2025, Grace made the loader easier to use.", simpler) if f.severity == "error"] == []


def found_in(text: str, history: History) -> set[tuple[str, str]]:
    return {(f.kind, f.text) for f in validate(text, history) if f.severity == "error"}


def test_a_teammates_pair_that_goes_on_from_one_of_theirs_names_their_own_thing() -> None:
    history = grace_in_march(
        [commit("9", GRACE, "2025-03-04", "Fix a missing attribute in the FP8 rowwise gemm operator", "vision/fp8_gemm_rowwise.py")],
        [commit("a1", ADA, "2025-03-05", "Add flash_attention_benchmark and gemm_benchmark", "vision/bench.py")],
    )
    # "rowwise gemm" is Grace's: "GEMM benchmark" goes on from it to name her operator's benchmark.
    assert found_in("In March 2025, Grace fixed the FP8 rowwise GEMM benchmark.", history) == set()
    assert found_in("In March 2025, Grace added the GEMM benchmark.", history) == {("other_author", "GEMM benchmark")}


def test_a_folder_they_changed_files_in_is_their_word() -> None:
    history = grace_in_march(
        [commit("b1", GRACE, "2025-03-04", "Add seq_length to the fp8 attention benchmark", "vision/operators/fp8_attention/operator.py")],
        [commit("b2", ADA, "2025-03-05", "Add fp8_gemm_grouped", "vision/grouped.py", "New benchmark operators for grouped gemm.")],
    )
    assert found_in("In March 2025, Grace's work went into the benchmark operators: the fp8 attention benchmark took seq_length.", history) == set()


def test_what_went_wrong_beside_one_of_their_words_is_nobodys_phrase() -> None:
    history = grace_in_march(
        [commit("c1", GRACE, "2025-03-04", "Make the autotuner robust to InvalidConfig", "vision/autotuner.py")],
        [commit("c2", ADA, "2025-03-05", "Autotuner failed to clone mutated input arg", "vision/autotuner.py")],
    )
    assert found_in("In March 2025, Grace fixed a bug that caused the autotuner to fail on an InvalidConfig.", history) == set()


def test_a_term_inside_a_teammates_phrase_is_told_once_as_theirs() -> None:
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since="2025-03", until="2025-04"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)],
        commits=[
            commit("d1", GRACE, "2025-03-04", "Add an init file to tools", "tools/__init__.py"),
            commit("d2", GRACE, "2025-04-04", "Run the WarpSpec FP8 kernel with --warp_specialization", "vision/fp8.py"),
        ],
        others=[commit("d3", ADA, "2025-03-05", "Add WarpSpec version for Flash Attention", "vision/attention.py")],
    )  # fmt: skip
    text = "In March 2025, Grace added an init file to tools. She also added a WarpSpec version of Flash Attention."
    # WarpSpec is Grace's April word too: the phrase is Ada's, and not also April's work told in March.
    assert found_in(text, build_history(activity)) == {("other_author", "added a WarpSpec version of Flash Attention")}


def test_a_pair_of_the_repositorys_everyday_words_is_nobodys() -> None:
    everyday = [commit(f"f{n}", ALAN, f"2025-03-{n + 10:02}", f"Tune the {'kernel' if n % 2 else 'config'} of stage {n}", f"vision/stage{n}.py") for n in range(8)]
    history = grace_in_march(
        [commit("e1", GRACE, "2025-03-04", "Add the LFBO pattern search", "vision/search.py")],
        [commit("e2", ADA, "2025-03-05", "Add a generic kernel config adapter", "vision/adapter.py"), *everyday],
    )
    # "kernel" and "config" are each in a tenth of the commits or more: the pair tells nobody's work.
    assert found_in("In March 2025, Grace added the LFBO pattern search, which decides which kernel configs are worth benchmarking.", history) == set()
    assert found_in("In March 2025, Grace added the LFBO pattern search and a kernel config adapter.", history) == {("other_author", "config adapter")}
