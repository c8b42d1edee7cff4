"""Readings a fourth blind round on helion (cases 2816-2876) asked of the check: the share of tested
work told with its count in parentheses or after "test files"; a title's word run together from
two ("pytorchbot"); a README as documentation and a .md file as Markdown; "user-facing" and
"switched" as everyone's words; a word after a name of the developer's code ("an `hl.grid` loop");
a mixed-case acronym spelled out by all its letters ("RoPE (Relative Offset Position Encoding)"); and
lines told beside an item's title ("17 lines added to the lowering for constant assignments").

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from summarizer.models.activity import Commit, FileChange
from summarizer.models.history import History
from tests.vision_history import commit, errors, march, march_with_teammate, teammates


def _with(change: Commit, **update: object) -> Commit:
    return change.model_copy(update=update)


def _tested_month() -> History:
    """Six features, three of them with a test file."""
    features = [commit(f"{n}{n}", f"2025-03-0{n}", f"Add the step {n} to the loader (#9{n})", f"vision/step{n}.py") for n in range(1, 7)]
    tested = [_with(change, files=[*change.files, FileChange(path=f"test/test_step{n}.py", added=9)]) for n, change in enumerate(features[:3], 1)]
    return march(tested + features[3:])


def test_a_share_of_tested_work_told_with_its_count_in_parentheses_is_checked() -> None:
    month = _tested_month()
    assert errors("Grace landed six features in March 2025.\n\nHalf of her features and fixes (3 of 6) changed test files.", month) == set()
    assert errors("Grace landed six features in March 2025.\n\nHalf of her features and fixes (4 of 6) changed test files.", month) == {("wrong_count", "4")}


def test_a_share_of_tested_work_told_after_test_files_is_the_signals() -> None:
    month = _tested_month()
    assert errors("In March 2025, 3 of her 6 features and fixes changed test files (50%).", month) == set()
    assert errors("In March 2025, 4 of her 6 features and fixes changed test files (67%).", month) == {("wrong_count", "4")}


def test_a_word_of_a_title_run_together_from_two_holds_both() -> None:
    probe = commit("a1", "2025-03-03", "pytorchbot test (#33)", "README.md")
    kill = commit("b2", "2025-03-20", "Kill pytorch merge bot (#69)", ".github/merge_rules.yaml")
    kill = _with(kill, files=[*kill.files, FileChange(path="README.md", deleted=1)])
    utils = commit("c4", "2025-03-12", "Add more pytorchbot utils (#43)", ".github/scripts/label_utils.py")
    month = march([probe, kill, utils])
    assert errors("In March 2025 she opened a one-line README change to try the bot out (#33).", month) == set()


def test_a_readme_is_documentation_and_a_md_file_markdown() -> None:
    example = commit("a1", "2025-03-03", "RoPE kernel (#2415)", "examples/rope.py")
    example = _with(example, files=[*example.files, FileChange(path="pretuned_kernels/README.md", added=10)])
    month = march([example, commit("b2", "2025-03-05", "Speed up the crop step (#2416)", "vision/crop.py")])
    assert errors("In March 2025 the item that touched documentation (#2415) updated Markdown files alongside the code.", month) == set()



def test_user_facing_is_everyones_word() -> None:
    mine = [commit("a1", "2025-03-03", "Inject the device into factory calls (#57)", "vision/ast.py")]
    theirs = [teammates("c3", "Replace internal assertion with user-facing error in set_pid (#99)", "vision/pid.py")]
    assert errors("In March 2025, Grace made a user-facing change: the device is now injected into factory calls (#57).", march_with_teammate(mine, theirs)) == set()


def test_switched_is_a_verb_of_any_work() -> None:
    mine = [commit("a1", "2025-03-03", "Use hatch-vcs for versioning (#103)", "pyproject.toml")]
    theirs = [teammates("c3", "Switch build system to Hatchling which has much better Language Server support (#55)", "pyproject.toml")]
    assert errors("In March 2025, Grace switched the build to hatch-vcs (#103).", march_with_teammate(mine, theirs)) == set()


def test_a_word_after_a_name_of_the_developers_code_says_what_it_is() -> None:
    mine = [_with(commit("a1", "2025-03-03", "Fix scalar tensor indexing crash (#1620)", "vision/indexing.py"), code=["for", "grid_m", "hl.grid", "idx"])]
    theirs = [teammates("c3", "[Pallas] Fix block_spec_info grid/loop_order mismatch (#1788)", "vision/pallas.py")]
    month = march_with_teammate(mine, theirs)
    assert errors("- Fixed a crash when indexing with a scalar tensor inside an `hl.grid` loop (#1620).", month) == set()


def test_a_mixed_case_acronym_spelled_by_all_its_letters_is_an_expansion() -> None:
    month = march([commit("a1", "2025-03-03", "RoPE kernel (#2415)", "examples/rope.py")])
    assert errors("In March 2025, Grace added a RoPE (rotary position embedding) kernel (#2415).", month) == set()
    assert errors("In March 2025, Grace added a RoPE (Relative Offset Position Encoding) kernel (#2415).", month) == {
        ("unsupported_expansion", "RoPE (Relative Offset Position Encoding)")
    }


def test_lines_given_beside_the_title_of_an_item_are_that_items() -> None:
    lowering = _with(commit("a1", "2025-03-03", "Add lowering for Constant assignment (#187)", "vision/lowering.py"), files=[FileChange(path="vision/lowering.py", added=2), FileChange(path="test/test_lowering.py", added=15)])
    tile_id = _with(commit("b2", "2025-03-05", "Expose tile.id (#188)", "vision/tile.py"), files=[FileChange(path="vision/tile.py", added=130)])
    month = march([lowering, tile_id])
    text = "In March 2025 the work was sizeable, with 130 lines added to the `tile.id` implementation and 17 lines added to the lowering for constant assignments."
    assert errors(text, month) == set()
    assert errors(text.replace("17 lines", "19 lines"), month) == {("wrong_count", "19 lines")}
