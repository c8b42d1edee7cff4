"""Readings a blind round of texts on helion and tritonbench (cases 2587-2666) asked of the check:
a closing line about both months, names spelt in braces, a platform's image, a sibling's word
written by the cited change itself, an acronym spelt out in a charter's text, a class no commit
names, operators, times written "30s", a docs change set up in two words, a dotted name of
another item's title, an upstream PR named as the commit names it, cuDNN, and an aim.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from summarizer.models.activity import Commit, FileChange
from tests.vision_history import commit, errors, grace_between, march


def _with(change: Commit, **update: object) -> Commit:
    return change.model_copy(update=update)


def test_figures_said_over_the_two_months_at_the_end_of_a_months_paragraph_are_the_periods() -> None:
    february = [commit(f"a{day}", f"2025-02-0{day}", f"Add the crop step {day} (#{10 + day})", "vision/crop.py") for day in range(1, 4)]
    march_work = [commit("b1", "2025-03-03", "Add the resize step (#20)", "vision/resize.py")]
    spring = grace_between("2025-02", "2025-03", february + march_work)
    text = "### March 2025\nGrace added the resize step (#20).\n\nOver the two months she landed 4 commits."
    assert errors(text, spring) == set()
    assert errors("### March 2025\nGrace added the resize step (#20). She landed 4 commits.", spring) == {("wrong_count", "4 commits")}


def test_a_name_whose_part_a_title_gives_in_braces_is_named_by_it() -> None:
    month = march([commit("a1", "2025-03-03", "Add .expected_{cpu,gpu} golden files (#30)", "test/test_resize.py")])
    assert errors("In March 2025, Grace added `.expected_gpu` golden files (#30).", month) == set()
    assert errors("In March 2025, Grace added `.expected_tpu` golden files (#30).", month) == {("ungrounded_term", ".expected_tpu")}


def test_a_platforms_development_image_is_no_code_written_in_its_language() -> None:
    docker = _with(commit("a1", "2025-03-03", "Add Dockerfile (#31)", "Dockerfile"), code=["FROM", "nvidia", "cuda", "devel", "torch.cuda"])
    month = march([docker])
    assert errors("In March 2025, Grace added a Dockerfile for a CUDA development image (#31).", month) == set()
    assert errors("In March 2025, Grace added a Dockerfile with CUDA kernels (#31).", month) == {("unsupported_skill", "CUDA")}


def test_a_siblings_word_is_the_cited_changes_where_it_changed_that_file_too() -> None:
    runner = commit("a1", "2025-03-03", "Add scripts/runner.py (#40)", "scripts/runner.py")
    skill = _with(commit("b2", "2025-03-20", "Add runner SKILL.md (#41)", ".claude/skills/runner/SKILL.md"))
    skill = _with(skill, files=[*skill.files, FileChange(path="scripts/runner.py", added=200, deleted=50)])
    month = march([runner, skill])
    assert errors("- Extended runner.py to reuse a running pod (#41).", month) == set()


def test_a_siblings_word_is_the_cited_changes_where_its_message_writes_it() -> None:
    prepare = commit("a1", "2025-03-03", "Prepare grouped scheduler for device split sizes (#50)", "vision/scheduler.py")
    support = _with(commit("b2", "2025-03-04", "Support device grouped split sizes (#51)", "vision/split.py"), body="Materialize clipped scheduler metadata in-kernel.")
    sort = commit("c3", "2025-03-05", "Implement torch.sort support (#52)", "vision/sort.py")
    topk = commit("d4", "2025-03-06", "Implement torch.topk support (#53)", "vision/topk.py")
    month = march([prepare, support, sort, topk])
    assert errors("- The compiler learned to materialize clipped scheduler metadata for device split sizes in-kernel (#51).", month) == set()
    assert errors("- Added torch.topk support inside kernels (#52).", month) == {("wrong_evidence", "#52")}


def test_an_acronym_spelt_out_by_the_words_of_one_commits_text_is_supported() -> None:
    charter = _with(commit("a1", "2025-03-03", "Add the technical charter (#60)", "CHARTER.md"), code=["Technical", "oversight", "TSC", "voting", "Steering", "Committee"])
    month = march([charter])
    assert errors("In March 2025, Grace added the charter, which sets up a Technical Steering Committee (TSC) (#60).", month) == set()
    assert errors("In March 2025, Grace added the charter, which sets up a Technical Standards Council (TSC) (#60).", month) == {
        ("unsupported_expansion", "Technical Standards Council (TSC)")
    }


def test_flashattention_4_is_the_standard_expansion_of_fa4() -> None:
    month = march([commit("a1", "2025-03-03", "Generalize FA4 online softmax codegen (#61)", "vision/attention.py")])
    assert errors("In March 2025, Grace generalized FlashAttention-4 (FA4) online softmax code generation (#61).", month) == set()


def test_a_class_named_by_the_initials_of_another_name_in_the_code_is_ungrounded() -> None:
    policy = _with(commit("a1", "2025-03-03", "Model the flash target policy (#62)", "vision/policy.py"), code=["policy.corr_regs", "PreparedCall"])
    month = march([policy])
    assert errors("In March 2025, Grace modelled the flash target policy around a `PreparedCallRegistry` (#62).", month) == {
        ("ungrounded_term", "PreparedCallRegistry")
    }


def test_a_class_told_by_the_acronym_its_title_writes_is_grounded() -> None:
    month = march([commit("a1", "2025-03-03", "Wrap the model in FSDP for training (#63)", "vision/train.py")])
    assert errors("In March 2025, Grace wrapped the model in `FullyShardedDataParallel` for training (#63).", month) == set()


def test_an_operator_in_code_is_no_name_to_ground() -> None:
    month = march([commit("a1", "2025-03-03", "Support comparing sequences for equality (#64)", "vision/types.py")])
    assert errors("- `SequenceType` `==` comparisons (#64)", month) == {("ungrounded_term", "SequenceType")}
    assert errors("- Support for `==` comparisons of sequences (#64)", month) == set()


def test_a_time_written_short_is_the_same_figure_in_words() -> None:
    month = march([commit("a1", "2025-03-03", "Require tests to be faster than 30s (#65)", ".github/workflows/test.yml")])
    assert errors("In March 2025, Grace required tests to be faster than 30 seconds (#65).", month) == set()
    assert errors("In March 2025, Grace required tests to be faster than 40 seconds (#65).", month) == {("unsupported_number", "40 seconds")}


def test_a_docs_change_holding_each_word_made_what_it_sets_up() -> None:
    templates = commit("a1", "2025-03-03", "Update issue templates", ".github/ISSUE_TEMPLATE/bug_report.md")
    templates = _with(templates, files=[*templates.files, FileChange(path=".github/ISSUE_TEMPLATE/feature_request.md", added=20)])
    month = march([templates])
    assert errors("- Added GitHub issue templates for bug reports and feature requests (a1a1a1a)", month) == set()


def test_a_dotted_name_of_another_items_title_in_the_clause_a_ref_closes_is_that_items() -> None:
    launcher = commit("a1", "2025-03-03", "Add BlockSpec support and proper indexing to the launcher (#70)", "vision/launcher.py")
    iota = commit("b2", "2025-03-05", "Add codegen for prims.iota (#71)", "vision/lowering.py")
    month = march([launcher, iota])
    text = "In March 2025, Grace filled in the lowering: the launcher gained BlockSpec support and proper indexing, `prims.iota` is now lowered (#70)."
    assert errors(text, month) == {("wrong_evidence", "#70")}
    assert errors(text.replace("(#70)", "(#71)").replace(", `prims", " (#70), `prims"), month) == set()


def test_an_upstream_pr_named_as_the_commit_names_it_is_no_ref_of_theirs() -> None:
    copied = _with(commit("a1", "2025-03-03", "Add the attention tutorial kernel (#72)", "vision/attention.py"), body="Copied from the OSS tutorial, from PR7238")
    month = march([copied])
    assert errors("- Added the attention tutorial kernel (#72), copied from the OSS tutorial (PR7238)", month) == set()
    assert errors("- Added the attention tutorial kernel (#72), copied from the OSS tutorial (PR7239)", month) == {("unknown_pr", "PR7239")}


def test_cudnn_tells_cuda_in_a_skills_line() -> None:
    month = march([commit("a1", "2025-03-03", "Catch missing cudnn error (#73)", "vision/errors.py")])
    assert errors("In March 2025, Grace caught a missing cuDNN error (#73).\n\n**Skills:** Python, CUDA", month) == set()


def test_an_effect_the_work_was_focused_on_is_an_aim_not_a_claim() -> None:
    month = march([commit("a1", "2025-03-03", "Centralize the resize buffers (#74)", "vision/resize.py")])
    assert errors("In March 2025, Grace focused on enhancing the performance of the resize step.", month) == set()
    assert errors("In March 2025, Grace's work enhanced the performance of the resize step.", month) == {("ungrounded_text", "enhanced the performance")}
