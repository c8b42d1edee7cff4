"""Readings a ninth blind round (cases 3174-3249: developers of jupyter_server and jupyter_client
at once, both histories built from the projects' changelogs) asked of the check: a repository's
name whole in a claim; workflows as CI; a count of one repository's commits; commits of others
reverted; a name with a part in brackets; a history without files, whose languages only its
messages tell; a skill spelled as a glossary acronym's words; "code" and "packaging" in skills;
a repository read but not theirs, or listed with theirs; tools named in lower case; an expansion
with an apostrophe; a misspelt login as the subject of a paragraph; "40 repository checks"; an
outcome told with "closing"; praise of how essential the work was; and a claim that names the
repository its cited item landed in.

The data: Grace Hopper in acme/vision (tests/vision_history.py), and, for two repositories, the
same developer in acme/vision and acme/audio, with the few commits each behaviour needs written in
the test.
"""

from __future__ import annotations

from summarizer.models.activity import Activity, Commit, Repository
from summarizer.models.history import History
from summarizer.months import build_history
from summarizer.period import Period
from tests.vision_history import commit, errors, march, march_with_teammate, teammates, titles_only


def _two_repositories(vision: list[Commit], audio: list[Commit], others: list[Commit] | None = None, names: tuple[str, str] = ("acme/vision", "acme/audio")) -> History:
    """Grace's March 2025 in two repositories (acme/vision and acme/audio)."""
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name=name, path=f"/src/{name}", branch="main", tip="f" * 40) for name in names],
        commits=[*vision, *audio], others=others or [],
    )  # fmt: skip
    return build_history(activity)


def test_a_repositorys_name_whole_in_a_claim_tells_no_item_apart() -> None:
    vision = titles_only("Better handling of asyncio (#41)", "Test downstream vision_server_terminals (#42)", repo="acme/vision_server")
    month = _two_repositories(vision, titles_only("Add dependabot (#7)", repo="acme/audio", first=9), names=("acme/vision_server", "acme/audio"))
    assert errors("In vision_server she improved the handling of asyncio (#41).", month) == set()


def test_workflows_tell_ci() -> None:
    month = march(titles_only("Clean up CI (#41)", "Clean up workflows (#42)"))
    assert errors("CI was cleaned up over two changes (#41, #42).", month) == set()


def test_a_count_beside_a_repository_is_that_repositorys() -> None:
    month = _two_repositories(titles_only("Add a resize transform (#41)", "Add a crop transform (#42)"), titles_only("Add a resampler (#7)", repo="acme/audio", first=9))
    assert errors("**audio, March 2025** (1 commit)", month) == set()
    assert errors("**audio, March 2025** (2 commits)", month) == {("wrong_count", "2 commits")}


def test_commits_of_others_reverted_are_the_reverted_work_signals() -> None:
    mine = [commit("a1", "2025-03-03", "Add a resize transform (#41)", "vision/resize.py"), commit("b2", "2025-03-12", 'Revert "Add a crop transform (#42)" (#44)', "vision/crop.py")]
    month = march_with_teammate(mine, [teammates("c3", "Add a crop transform (#42)", "vision/crop.py")])
    assert errors("None of her work items was reverted; 1 commit of others was reverted.", month) == set()
    assert {kind for kind, _ in errors("None of her work items was reverted; 3 commits of others were reverted.", month)} == {"wrong_count"}


def test_a_name_with_a_part_in_brackets_names_both() -> None:
    month = march(titles_only("MAINT: \\[_async_\\]start_kernel should only take kwarg only (#41)"))
    assert errors("`start_kernel` and `_async_start_kernel` now take keyword arguments only (#41).", month) == set()


def test_without_files_a_languages_line_is_told_by_the_messages() -> None:
    month = march(titles_only("Support Python 3.8-3.11 (#41)"))
    assert errors("**Languages:** Python", month) == set()
    assert errors("**Languages:** Go", month) == {("unsupported_skill", "Go")}


def test_a_languages_line_is_the_files_where_there_are_files() -> None:
    month = march([commit("a1", "2025-03-03", "Support Python 3.8-3.11 (#41)", "ci/matrix.yml")])
    assert errors("**Languages:** Python", month) == {("unsupported_skill", "Python")}


def test_a_skill_spelled_as_a_glossary_acronyms_words_is_told_by_the_acronym() -> None:
    month = march(titles_only("Clean up CI (#41)"))
    assert errors("**Skills:** continuous integration", month) == set()


def test_code_and_packaging_in_skills() -> None:
    month = march(titles_only("Clean up the workflow and pyproject (#41)", "Clean up types (#42)"))
    assert errors("**Skills:** code cleanup, pyproject packaging", month) == set()


def test_a_repository_read_where_they_landed_nothing_is_not_theirs() -> None:
    others = [teammates("c3", "Add a resampler (#7)", "audio/resample.py").model_copy(update={"repo": "acme/audio_client"})]
    month = _two_repositories(titles_only("Add a resize transform (#41)"), [], others=others, names=("acme/vision", "acme/audio_client"))
    assert errors("In March 2025, Grace also worked in audio_client.", month) == {("unknown_repo", "audio_client")}


def test_a_name_listed_with_their_repositories_is_one() -> None:
    month = _two_repositories(titles_only("Add a resize transform (#41)"), titles_only("Add a resampler (#7)", repo="acme/audio", first=9))
    assert errors("She maintained the build of vision, audio and acme_core.", month) == {("unknown_repo", "acme_core")}


def test_a_tool_named_in_lower_case_is_a_term() -> None:
    month = march(titles_only("Run the linters in CI (#41)"))
    assert errors("She moved the linters to isort and pyright (#41).", month) == {("ungrounded_term", "isort"), ("ungrounded_term", "pyright")}


def test_a_tool_the_commits_name_in_lower_case_is_theirs() -> None:
    month = march(titles_only("Use isort (#41)"))
    assert errors("She adopted isort (#41).", month) == set()


def test_an_expansion_with_an_apostrophe_is_read() -> None:
    month = march(titles_only("Make the transform tests DRY (#41)"))
    assert errors("She made the transform tests DRY (Don't Rerun Yourself) (#41).", month) == {("unsupported_expansion", "DRY (Don't Rerun Yourself)")}


def test_a_misspelt_login_as_a_paragraphs_subject_speaks_of_them() -> None:
    activity = Activity(
        authors=["davidbrochart"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)],
        commits=[commit("a1", "2025-03-03", "Fix qtconsole issues (#41)", "vision/console.py").model_copy(update={"author_name": "davidbrochart"})],
    )  # fmt: skip
    text = "davidbrochard's month went into the console of the project and the suite of its tests."
    assert errors(text, build_history(activity)) == {("name_mismatch", "davidbrochard")}


def test_a_count_of_repository_checks_counts_no_repositories() -> None:
    month = march(titles_only("Adopt sp-repo-review (#41)"))
    assert errors("- Adopted sp-repo-review, bringing 40 repository checks into its workflow (#41)", month) == {("unsupported_number", "40 repository checks")}


def test_an_outcome_told_with_closing_is_held_to_the_cited_item() -> None:
    month = march(titles_only("Add ZMQ Curve for transport encryption (#41)"))
    text = "She added ZMQ Curve for transport encryption (#41), closing a long-standing security gap for remote users."
    assert errors(text, month) == {("ungrounded_text", "closing a long-standing security gap for remote users")}


def test_praise_of_how_essential_the_work_was_is_a_claim() -> None:
    month = march(titles_only("Upgrade to version 5.5 (#41)"))
    assert errors("She upgraded to version 5.5 (#41), which was a critical component for the project.", month) == {("ungrounded_text", "critical component")}


def test_a_claim_naming_the_repository_its_cited_item_landed_in_is_that_items() -> None:
    month = _two_repositories(titles_only("Adopt sp-repo-review (#41)"), titles_only("Use sp-repo-review (#7)", repo="acme/audio", first=9))
    assert errors("- Adopted sp-repo-review in audio (#7) and vision (#41)", month) == set()
