"""Readings a sixth blind round (cases 2956-3012: more small months of helion and tritonbench)
asked of the check: an outcome told after an adverb (", which noticeably sped up …") or with a
participle (", greatly improving …"), and one closing a sentence before its ref; a sentence that
opens on a login in lower case; a name given beside the developer's login; how many of a cited
item's files are not tests ("across 37 scripts"); sibling titles apart by a name of a file
("Pin pyrefly in lint.yml"); a claim that is another item's title with its verb in another form;
a version only a teammate's title gives; two refs of one sentence cited each for the other's work;
"alongside" before work, not before a person; "compiled kernels" as everyone's phrase.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from summarizer.models.activity import Activity, Commit, FileChange, Repository
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.validation.sections import split_sentences
from tests.vision_history import commit, errors, march, march_with_teammate, teammates


def _with(change: Commit, **update: object) -> Commit:
    return change.model_copy(update=update)


def _attention_month() -> list[Commit]:
    return [
        commit("a1", "2025-03-03", "Unify the TMA kernels under ENABLE_WS (#230)", "vision/attention.py"),
        commit("b2", "2025-03-05", "Merge the base and opt attention kernels (#233)", "vision/attention.py"),
    ]


def test_an_outcome_told_after_an_adverb_is_held_to_the_cited_items() -> None:
    text = "She merged the base and opt kernels (#233), which noticeably sped up the attention benchmarks."
    assert errors(text, march(_attention_month())) == {("ungrounded_text", "sped up")}


def test_an_outcome_told_with_a_participle_is_held_to_the_cited_items() -> None:
    text = "She merged the base and opt kernels (#233), greatly improving the stability of long benchmark runs."
    assert errors(text, march(_attention_month())) == {("ungrounded_text", "greatly improving the stability of long benchmark runs")}


def test_an_outcome_before_the_ref_that_closes_the_sentence_is_held_to_it() -> None:
    text = "- Merged the base and opt attention kernels, which eliminated autotuner misconfiguration across CI (#233)"
    assert errors(text, march(_attention_month())) == {("ungrounded_text", "which eliminated autotuner misconfiguration across CI")}


def test_a_sentence_may_open_on_a_login_in_lower_case() -> None:
    text = "The centrepiece broadened the flex benchmark (#194). drisspg also added the required dependencies (#193)."
    assert [sentence.text for sentence in split_sentences(text)] == [
        "The centrepiece broadened the flex benchmark (#194).",
        "drisspg also added the required dependencies (#193).",
    ]


def test_a_name_given_beside_the_developers_login_must_be_theirs() -> None:
    activity = Activity(
        authors=["ghopper"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)],
        commits=[_with(change, author_name="ghopper", author_email="ghopper@example.com") for change in _attention_month()],
    )  # fmt: skip
    month = build_history(activity)
    assert errors("In March 2025, ghopper merged the base and opt kernels (#233).", month) == set()
    assert errors("In March 2025, Gina Holt (ghopper) merged the base and opt kernels (#233).", month) == {("name_mismatch", "Gina Holt")}


def test_a_count_of_scripts_is_how_many_of_the_cited_items_files_are_not_tests() -> None:
    files = [FileChange(path=f"examples/ex{n}.py", added=3) for n in range(37)] + [FileChange(path="test/test_types.expected", added=9)]
    month = march([_with(commit("a1", "2025-03-03", "Use DEVICE in the examples (#915)", "x.py"), files=files)])
    assert errors("- Switched the examples to the `DEVICE` variable across 37 scripts (#915)", month) == set()
    assert errors("- Switched the examples to the `DEVICE` variable across 39 scripts (#915)", month) == {("unsupported_number", "39 scripts")}


def _pyrefly_month() -> list[Commit]:
    update = commit("a1", "2025-03-29", "Update pyrefly to 0.46.2 (#1317)", ".github/workflows/lint.yml")
    update = _with(update, files=[*update.files, FileChange(path="vision/atomic_ops.py", added=15)])
    return [update, commit("b2", "2025-03-29", "Pin pyrefly in lint.yml to 0.46.2. (#1318)", ".github/workflows/lint.yml")]


def test_sibling_titles_apart_by_a_file_name_are_siblings() -> None:
    assert errors("In March 2025 pyrefly was pinned to 0.46.2 in the lint workflow (#1317).", march(_pyrefly_month())) == {("wrong_evidence", "#1317")}


def test_another_items_title_told_with_its_verb_in_another_form_is_that_items() -> None:
    assert errors("- Updated pyrefly to 0.46.2 (b2b2b2b)", march(_pyrefly_month())) == {("wrong_evidence", "b2b2b2b")}


def test_two_refs_of_one_sentence_cited_each_for_the_others_work_are_both_wrong() -> None:
    text = (
        "In March 2025 pyrefly was pinned to 0.46.2 in the lint workflow (#1317), and it was updated to 0.46.2 in a change"
        " that also touched `vision/atomic_ops.py` (#1318)."
    )
    assert errors(text, march(_pyrefly_month())) == {("wrong_evidence", "#1317"), ("wrong_evidence", "#1318")}


def test_a_version_only_a_teammates_title_gives_is_their_work() -> None:
    mine = [commit("a1", "2025-03-03", "Update the pyrefly pre-commit hook (#1186)", ".pre-commit-config.yaml")]
    theirs = [teammates("c3", "[CI] Bump ruff to 0.14.10 (#1315)", ".pre-commit-config.yaml")]
    text = "In March 2025 Grace updated the pyrefly hook (#1186) and bumped ruff to 0.14.10 in CI."
    assert errors(text, march_with_teammate(mine, theirs)) == {("other_author", "ruff to 0.14.10")}


def test_alongside_work_gives_nothing_away() -> None:
    mine = [commit("a1", "2025-03-03", "[Benchmark] bf16 x int16 helion kernel (#794)", "vision/gemm.py")]
    theirs = [teammates("c3", "Add XPU support for RNG operations (#774)", "vision/rng.py")]
    text = "Alongside a bf16 x int16 GEMM example (#794), Grace added XPU support for RNG operations."
    assert {kind for kind, _ in errors(text, march_with_teammate(mine, theirs))} == {"other_author"}
    assert errors("Alongside Ada Lovelace, who added XPU support for RNG operations, Grace wrote a GEMM example (#794).", march_with_teammate(mine, theirs)) == set()


def test_compiled_kernels_is_everyones_phrase() -> None:
    mine = [commit("a1", "2025-03-03", "Make the flex benchmark more robust (#194)", "vision/flex.py")]
    theirs = [teammates("c3", "Report compiled kernels in the json (#146)", "vision/json.py")]
    assert errors("Its sample results show compiled kernels across the mask types (#194).", march_with_teammate(mine, theirs)) == set()
