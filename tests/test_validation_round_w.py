"""Readings a seventh blind round (cases 3022-3097: pydantic, a repository the corpus had not
seen, its history built from the project's changelog: titles alone, no files) asked of the check:
a skill word that begins a title's word or that one begins ("deprecations" for "Deprecate");
performance told by titles of speed; a language told by a file of the repository a title names;
a misspelt login doing the work mid-sentence; a standard's number ("PEP 695 aliases"); outcomes
told with "drew" or "eliminating", and praise of how the work was received, after a citation; an
effect in a sentence that also names a language; a repository named beside theirs with a hyphen;
a teammate's work told after the sentence's last ref; the ref of the work a revert undid; and a
ref cited beside one found wrong.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from summarizer.models.activity import Activity, Repository
from summarizer.months import build_history
from summarizer.period import Period
from tests.vision_history import commit, errors, march, march_with_teammate, teammates, titles_only


def test_a_skill_word_may_begin_a_word_of_the_titles_or_be_begun_by_one() -> None:
    month = march(titles_only("Deprecate `Resize.antialias` (#41)", "Relax signature checks of validators (#42)"))
    assert errors("**Skills:** deprecations, validation", month) == set()


def test_a_skill_of_another_word_is_still_unsupported() -> None:
    month = march(titles_only("Deprecate `Resize.antialias` (#41)"))
    assert errors("**Skills:** deprecations, serialization", month) == {("unsupported_skill", "serialization")}


def test_a_name_of_parts_is_not_told_by_the_beginning_of_one_of_them() -> None:
    month = march(titles_only("Add a tensor layout check (#41)"))
    assert errors("**Skills:** TensorFlow", month) == {("unsupported_skill", "TensorFlow")}


def test_handling_is_a_kind_of_skill() -> None:
    month = march(titles_only("Fix deprecation warning of `ast.Str` (#41)"))
    assert errors("**Skills:** deprecation handling", month) == set()


def test_performance_is_told_by_titles_of_speed() -> None:
    month = march(titles_only("Speed up `to_snake()` by 27% (#41)", "Speed up `dataclass()` by 7% (#42)"))
    assert errors("**Skills:** performance optimization", month) == set()


def test_performance_is_not_told_by_titles_of_other_work() -> None:
    month = march(titles_only("Add a resize transform (#41)"))
    assert errors("**Skills:** performance optimization", month) == {("unsupported_skill", "performance optimization")}


def test_a_file_of_the_repository_a_title_names_tells_its_language() -> None:
    month = march(titles_only("Speed up `resize()` by 20% in `vision/transforms.rs` (#41)"))
    assert errors("**Skills:** Rust", month) == set()


def test_a_file_outside_the_repository_a_message_quotes_tells_no_language() -> None:
    month = march(titles_only("Fix a crash seen at /home/grace/pytorch/aten/src/ATen/Context.cpp (#41)"))
    assert errors("**Skills:** C++", month) == {("unsupported_skill", "C++")}


def test_a_misspelt_login_doing_the_work_mid_sentence_is_a_name_mismatch() -> None:
    activity = Activity(
        authors=["adriangb"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)],
        commits=[commit("a1", "2025-03-03", "Simplify flattening of the core schema (#41)", "vision/schema.py").model_copy(update={"author_name": "adriangb"})],
    )  # fmt: skip
    text = "In March 2025, adriangv focused on the core schema (#41)."
    assert errors(text, build_history(activity)) == {("name_mismatch", "adriangv")}


def test_a_standards_number_counts_nothing() -> None:
    month = march(titles_only("Fix `display_as_type` for `TypeAliasType` in Python 3.12 (#41)"))
    assert errors("She fixed `display_as_type` for `TypeAliasType` under Python 3.12's PEP 695 aliases (#41).", month) == {("ungrounded_term", "PEP")}


def test_an_outcome_told_with_an_irregular_past_is_held_to_the_cited_item() -> None:
    month = march(titles_only("Add a people page to the docs (#41)"))
    text = "The docs gained a people page (#41), which drew a wave of new contributors to the project."
    assert errors(text, month) == {("ungrounded_text", "which drew a wave of new contributors to the project")}


def test_an_outcome_ends_where_the_sentence_goes_on_to_other_work() -> None:
    month = march(titles_only("Fix usage of `PlainSerializer` with builtin types (#41)", "Fix the typing of `TypeAdapter` (#42)"))
    text = "She fixed the use of `PlainSerializer` with builtin types (#41), eliminating a source of user bug reports, and corrected the typing of `TypeAdapter` (#42)."
    assert errors(text, month) == {("ungrounded_text", "eliminating a source of user bug reports")}


def test_praise_of_how_the_work_was_received_is_a_claim_beside_a_citation() -> None:
    month = march(titles_only("Update the deselected tests of test-fastapi (#41)"))
    text = "- Updated the deselected tests for test-fastapi (#41), which the FastAPI team had been waiting on for weeks"
    assert errors(text, month) == {("ungrounded_text", "had been waiting on")}


def test_fitness_for_production_is_an_effect_the_cited_item_must_tell() -> None:
    month = march(titles_only("Don't decode bytes when displaying `SecretBytes` (#41)"))
    text = "- Stopped decoding bytes when displaying `SecretBytes` (#41), making secret handling fully safe for production"
    assert errors(text, month) == {("ungrounded_text", "fully safe")}


def test_an_effect_is_checked_in_a_sentence_that_also_names_a_language() -> None:
    month = march(titles_only("Add a benchmark of the startup time (#41)", "Relax signature checks of validators (#42)"))
    text = "In March 2025, Grace added a startup benchmark (#41) and relaxed signature checks (#42). These improvements enhance the reliability of the library, making it easier to use from Go projects."
    assert errors(text, month) == {("unsupported_skill", "Go"), ("ungrounded_text", "enhance the reliability"), ("ungrounded_text", "easier to use")}


def test_a_name_of_parts_beside_the_repository_is_a_repository_of_its_own() -> None:
    month = march(titles_only("Add extras to the resize transform of vision (#41)"))
    assert errors("Her March 2025 work landed in vision and vision-extras.", month) == {("unknown_repo", "vision-extras")}


def test_a_teammates_work_told_after_the_last_ref_is_not_the_cited_items() -> None:
    mine = [
        commit("a1", "2025-03-03", "Eagerly resolve discriminated unions (#41)", "vision/unions.py"),
        commit("b2", "2025-03-04", "Fix schema references in discriminated unions (#42)", "vision/unions.py"),
    ]
    theirs = [teammates("c3", "Fix bug with JSON schema for sequence of discriminated union (#43)", "vision/json_schema.py")]
    text = "She made their resolution eager (#41), fixed their schema references (#42), and fixed the JSON schema for sequences of discriminated unions."
    assert {kind for kind, _ in errors(text, march_with_teammate(mine, theirs))} == {"other_author"}


def test_the_ref_of_the_work_a_revert_undid_is_known() -> None:
    month = march(titles_only('Revert "Fix default port for mongosrv DSNs (#6827)" (#41)'))
    text = "She reverted the fix for the default port of mongosrv DSNs (#6827) in #41."
    assert errors(text, month) == set()


def test_a_ref_beside_one_found_wrong_is_read_without_it() -> None:
    month = march(
        titles_only(
            "Fix bug with schema generation with `Field(...)` in a forward ref (#41)",
            "Fix schema-building bug with `TypeAliasType` for types with refs (#42)",
            "Add support for `dataclass` fields `init` (#43)",
        )
    )
    assert errors("- Enhanced the schema generation for forward refs (#42, #43)", month) == {("wrong_evidence", "#42"), ("wrong_evidence", "#43")}
