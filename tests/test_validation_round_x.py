"""Readings an eighth blind round (cases 3098-3173: jupyter_server, a second repository the corpus
had not seen, its history built from the project's changelog) asked of the check: a title's
Markdown escapes ("\\<10"); dependencies told by bumps; a signal's figure given by its first words;
a count told of each of two months; "4 of them features" as a count of the statistics; a major
version in words ("version 2" is v2); outcomes told as "a change that …"; failures ended, attacks
resisted and flexibility as effects; a repository listed after "on"; a misspelt login before any
past-tense verb; the repository's name in words ("the Jupyter Server's …"); a tool named before
"-based"; the acronyms of web security; a teammate's work after the last ref told with an
irregular verb.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from summarizer.models.activity import Activity, Repository
from summarizer.months import build_history
from summarizer.period import Period
from tests.vision_history import commit, errors, grace_between, march, march_with_teammate, teammates, titles_only


def test_a_titles_markdown_escapes_are_the_characters_they_escape() -> None:
    month = march(titles_only("Update pytest requirement from \\<9,>=7.0 to >=7.0,\\<10 (#41)"))
    assert errors("She updated the pytest requirement to `>=7.0,<10` (#41).", month) == set()


def test_dependencies_are_told_by_bumps() -> None:
    month = march(titles_only("Bump minimatch from 3.1.2 to 3.1.5 (#41)", "Bump brace-expansion from 1.1.11 to 1.1.12 (#42)"))
    assert errors("**Skills:** dependency management", month) == set()


def test_dependencies_are_not_told_by_other_work() -> None:
    month = march(titles_only("Add a resize transform (#41)"))
    assert errors("**Skills:** dependency management", month) == {("unsupported_skill", "dependency management")}


def test_a_signal_row_may_give_the_first_words_of_its_figure() -> None:
    month = march(titles_only("Add a resize transform (#41)", "Add a crop transform (#42)"))
    assert errors("| Reverted work | 0 of 2 work items |", month) == set()


def test_a_signal_row_giving_other_numbers_is_a_wrong_count() -> None:
    month = march(titles_only("Add a resize transform (#41)", "Add a crop transform (#42)"))
    assert {kind for kind, _ in errors("| Reverted work | 1 of 2 work items |", month)} == {"wrong_count"}


def test_a_count_told_of_each_of_two_months_is_each_months() -> None:
    months = grace_between("2025-03", "2025-04", [*titles_only("Add a resize transform (#41)"), *titles_only("Add a crop transform (#42)", month="2025-04")])
    assert errors("March and April each saw 1 commit.", months) == set()
    assert errors("March and April each saw 2 commits.", months) == {("wrong_count", "2 commits")}


def test_a_count_of_them_is_a_count_of_the_statistics() -> None:
    month = march(titles_only("Add a resize transform (#41)", "Fix the crop transform (#42)"))
    assert errors("Grace landed 2 commits in March 2025, 4 of them features.", month) == {("wrong_count", "4 of them features")}


def test_a_major_version_in_words_is_the_version() -> None:
    month = march(titles_only("Update to version2 releaser (#41)", "Use admin github token for releaser (#42)"))
    assert errors("- Updated to the version 2 releaser (#42)", month) == {("wrong_evidence", "#42")}
    assert errors("- Updated to the version 2 releaser (#41)", month) == set()


def test_an_outcome_told_as_a_change_that_did_it_is_held_to_the_cited_item() -> None:
    month = march(titles_only("Recreate the notary store on failure (#41)"))
    text = "The notary store is now recreated when it fails (#41), a change that eliminated user reports of lost notebooks."
    assert errors(text, month) == {("ungrounded_text", "a change that eliminated user reports of lost notebooks")}


def test_failures_ended_are_an_effect_the_cited_items_must_tell() -> None:
    month = march(titles_only("Use an admin token for the releaser (#41)"))
    assert errors("Releases now use an admin token (#41), which eliminated failed releases.", month) == {("ungrounded_text", "eliminated failed")}


def test_failures_ended_are_told_by_a_fix_of_them() -> None:
    month = march(titles_only("Recreate the notary store to prevent a save deadlock (#41)"))
    assert errors("The notary store is recreated on failure, preventing a save deadlock (#41).", month) == set()


def test_resistance_to_attacks_is_an_effect_the_cited_item_must_tell() -> None:
    month = march(titles_only("Implement password hashing with `argon2-cffi` (#41)"))
    text = "- Implemented password hashing with `argon2-cffi` (#41), which made stored passwords resistant to GPU cracking attacks"
    assert errors(text, month) == {("ungrounded_text", "resistant to GPU cracking")}


def test_flexibility_is_an_effect_the_cited_item_must_tell() -> None:
    month = march(titles_only("Emit events from the contents service (#41)"))
    text = "She made the contents service emit events, which allows for more flexible event emission."
    assert errors(text, month) == {("ungrounded_text", "more flexible")}


def test_flexibility_is_told_by_options() -> None:
    month = march(titles_only("Add options for the resize transform's interpolation (#41)"))
    assert errors("She made the resize transform more flexible (#41).", month) == set()


def test_a_repository_listed_after_on_beside_theirs_is_checked() -> None:
    month = march(titles_only("Add a resize transform (#41)"))
    assert errors("In March 2025, Grace worked on vision and jupyverse, landing 1 commit.", month) == {("unknown_repo", "jupyverse")}


def test_a_misspelt_login_before_any_past_tense_verb_is_a_name_mismatch() -> None:
    activity = Activity(
        authors=["ojarjur"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)],
        commits=[commit("a1", "2025-03-03", "Merge the gateway handlers into the standard handlers (#41)", "vision/gateway.py").model_copy(update={"author_name": "ojarjur"})],
    )  # fmt: skip
    assert errors("In March 2025, ojarjour folded the gateway handlers into the standard handlers (#41).", build_history(activity)) == {("name_mismatch", "ojarjour")}


def test_the_repositorys_name_in_words_is_no_person() -> None:
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="jupyter/jupyter_server", path="/src/server", branch="main", tip="f" * 40)],
        commits=[commit("a1", "2025-03-03", "Load the default config manager by default (#41)", "jupyter_server/config.py").model_copy(update={"repo": "jupyter/jupyter_server"})],
    )  # fmt: skip
    assert errors("Grace improved the Jupyter Server's configuration management (#41).", build_history(activity)) == set()


def test_a_tool_named_before_based_is_a_term() -> None:
    month = march(titles_only("Add pre-commit hooks for the lint step (#41)"))
    assert errors("She added pre-commit hooks and a Ruff-based lint step (#41).", month) == {("ungrounded_term", "Ruff")}


def test_the_acronyms_of_web_security_are_in_the_glossary() -> None:
    month = march(titles_only("Tighten the XSRF checks (#41)"))
    assert errors("She tightened the XSRF (cross-site request forgery) checks (#41).", month) == set()
    assert errors("She tightened the XSRF (Cross-Server Request Forwarding) checks (#41).", month) == {
        ("unsupported_expansion", "XSRF (Cross-Server Request Forwarding)")
    }


def test_a_teammates_work_after_the_last_ref_told_with_an_irregular_verb_is_not_the_cited_items() -> None:
    mine = [commit("a1", "2025-03-03", "Fix schema references in discriminated unions (#41)", "vision/unions.py")]
    theirs = [teammates("c3", "Fix bug with JSON schema for sequence of discriminated union (#43)", "vision/json_schema.py")]
    text = "She fixed their schema references (#41) and wrote the JSON schema for sequences of discriminated unions."
    assert {kind for kind, _ in errors(text, march_with_teammate(mine, theirs))} == {"other_author"}
