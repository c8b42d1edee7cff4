"""Readings asked of the check in the session of cases 3431 on (round AJ: the real model's drafts of
14 months of nine developers it had not drafted, in helion, tritonbench, pydantic, jupyterlab,
notebook and nbconvert, labelled blind): a tool's name in lower case spelled out with words in place
of its standard form's ("sdist (signed distribution)") is an expansion to hold to the evidence; a
teammate's dotted name ("py.typed") is theirs where their title writes "Py-typed"; a login written
with capitals it has not ("AdriangB") or letters put into it ("JohnTPio") is a name mismatch; in a
history of titles alone, a Python project's own names (jupyter_client, `version_info`) show Python;
and effects in more forms: what others made of the work ("The team observed …", "a popular Python
library", "feature-rich"), more functionality without new features, a guarantee that nothing broke,
fewer failures. Round AK (writers' summaries in ipykernel, a repository the check had not read)
asked that an outcome closed by its own ref be held to that work too, and that an outcome's clause
end where the sentence goes on to other work in an irregular past ("…, and made …"). Round AL (the
real model's drafts of eight months, five of them in ipykernel) asked for security and compatibility
as effects, that performance a title measures ("for performance measurement") tells none, and that
a change in lines ("reducing the lines modified by 60 lines") is a figure, not a count of the month's.
The bench's run of the real model asked that a clause telling most of another month's title ("adding
support for block size variable outside of the hl.tile loop", September's, in October) be that
month's work.

The data: Grace Hopper in acme/vision (tests/vision_history.py), from the commits each behaviour needs.
"""

from __future__ import annotations

from tests.vision_history import commit, errors, grace_between, march, march_by_login, march_with_teammate, teammates, titles_only

PACKAGING = [commit("a", "2025-03-03", "Include all templates in the sdist (#41)", "pyproject.toml")]
RESIZE = [commit("r", "2025-03-03", "Add a resize transform (#41)", "vision/resize.py")]
PROFILING = [commit("b", "2025-03-04", "Add an nsys report analyzer (#42)", "vision/profiling/nsys.py")]


def kinds(text: str, month: list) -> list[str]:  # type: ignore[type-arg]
    return sorted(kind for kind, _ in errors(text, march(month)))


def test_a_lower_case_abbreviation_spelled_with_a_wrong_word_of_its_form_is_an_unsupported_expansion() -> None:
    assert kinds("She included all templates in the sdist (signed distribution) (#41).", PACKAGING) == ["unsupported_expansion"]


def test_a_profiler_named_as_another_tool_is_an_unsupported_expansion() -> None:
    assert kinds("She added an analyzer for nsys (NVIDIA Nsight Compute) reports (#42).", PROFILING) == ["unsupported_expansion"]


def test_a_lower_case_abbreviation_spelled_as_the_field_spells_it_passes() -> None:
    assert kinds("She included all templates in the sdist (source distribution) (#41).", PACKAGING) == []
    assert kinds("She added an analyzer for nsys (NVIDIA Nsight Systems) reports (#42).", PROFILING) == []


def test_words_that_tell_what_a_lower_case_abbreviation_is_are_no_expansion() -> None:
    assert kinds("She included all templates in the sdist (the source archive) (#41).", PACKAGING) == []


def test_a_teammates_dotted_name_written_with_a_hyphen_in_their_title_is_their_work() -> None:
    # As a changelog tells it: the title alone, no files.
    theirs = [teammates("c", "Add Py-typed marker. (#43)", "").model_copy(update={"files": []})]
    found = errors("She included all templates in the sdist (#41) and added a py.typed marker to the package.", march_with_teammate(PACKAGING, theirs))
    assert found == {("other_author", "py.typed marker")}


def test_a_login_written_with_capitals_it_does_not_have_is_a_name_mismatch() -> None:
    history = march_by_login("adriangb")
    assert errors("In March 2025, AdriangB added a resize transform (#41).", history) == {("name_mismatch", "AdriangB")}
    assert errors("Adriangb added a resize transform (#41).", history) == set()


def test_a_login_with_letters_put_into_it_is_a_name_mismatch() -> None:
    history = march_by_login("jtpio")
    assert errors("In March 2025, JohnTPio added a resize transform (#41).", history) == {("name_mismatch", "JohnTPio")}


def test_a_python_projects_names_show_python_in_a_history_of_titles() -> None:
    month = titles_only("Expose `version_info` (#41)", "Add support for jupyter_client 8 (#42)")
    assert kinds("She exposed `version_info` (#41).\n\n**Skills:** Python", month) == []


def test_a_history_of_titles_without_them_shows_no_python() -> None:
    month = titles_only("Update the release instructions (#41)", "Fix a flaky search test (#42)")
    assert kinds("She updated the release instructions (#41).\n\n**Skills:** Python", month) == ["unsupported_skill"]


def test_what_others_made_of_the_work_is_praise() -> None:
    assert kinds("She added a resize transform (#41). The team observed a noticeable drop in complaints.", RESIZE) == ["ungrounded_text"]
    assert kinds("She added a feature-rich resize transform (#41).", RESIZE) == ["ungrounded_text"]
    assert kinds("She added a resize transform (#41) to vision, a popular Python library.", RESIZE) == ["ungrounded_text"]


def test_improved_functionality_needs_new_features_or_words_of_it() -> None:
    upgrade = [commit("c", "2025-03-05", "Upgrade to Typescript 5.9 (#43)", "package.json")]
    assert kinds("She upgraded to Typescript 5.9 (#43) to improve the app's functionality.", upgrade) == ["ungrounded_text"]
    assert kinds("She added a resize transform (#41), improving the library's functionality.", RESIZE) == []


def test_a_guarantee_that_nothing_broke_is_an_effect() -> None:
    said = "She added a resize transform (#41), ensuring that the changes did not break existing functionality."
    assert kinds(said, RESIZE) == ["ungrounded_text"]


def test_fewer_failures_is_an_effect() -> None:
    assert kinds("She added a resize transform (#41), with a decrease in the number of test failures.", RESIZE) == ["ungrounded_text"]


def test_an_outcome_closed_by_its_own_ref_is_held_to_that_work_too() -> None:
    month = [*RESIZE, commit("g", "2025-03-06", "Add more tests and deprecate the Gtk event loops (#44)", "vision/gtk.py")]
    assert kinds("She added a resize transform (#41), closing with the deprecation of the Gtk event loops (#44).", month) == []


def test_an_outcome_ends_where_the_sentence_goes_on_to_other_work_in_an_irregular_past() -> None:
    month = [*RESIZE, commit("h", "2025-03-07", "Record the transform's colour space (#45)", "vision/colour.py")]
    said = "She added a resize transform (#41), which eliminated data loss for photographers, and made transforms record their colour space (#45)."
    assert kinds(said, month) == ["ungrounded_text"]


def test_security_and_compatibility_are_effects() -> None:
    bots = [commit("d", "2025-03-08", "Add dependabot (#46)", ".github/dependabot.yml")]
    assert kinds("She added dependabot (#46) to ensure compatibility and security.", bots) == ["ungrounded_text"]
    advisories = [commit("e", "2025-03-09", "Sanitize file names against path injection (#47)", "vision/io.py")]
    assert kinds("She sanitized file names (#47), for security.", advisories) == []


def test_performance_a_title_measures_tells_no_improvement() -> None:
    measured = [commit("m", "2025-03-10", "Add the resize kernel for performance measurement (#48)", "vision/bench.py")]
    said = "She added the resize kernel (#48).\n\nShe made progress on improving the performance of vision."
    assert kinds(said, measured) == ["ungrounded_text"]


def test_a_change_in_lines_no_commit_gives_is_an_unsupported_figure_not_a_wrong_count() -> None:
    assert kinds("She added a resize transform (#41), reducing the code by 60 lines.", RESIZE) == ["unsupported_number"]
    assert kinds("She added a resize transform (#41), which grew the module by 5 lines.", RESIZE) == []


SPRING = [
    commit("s", "2025-03-04", "Support bilinear resize outside of the tile loop (#50)", "vision/resize.py"),
    # April's code names each pair of those words, in one change or another, but no change all of them.
    commit("t", "2025-04-08", "Add a colour histogram transform (#60)", "vision/histogram.py").model_copy(update={"code": ["bilinear_resize_outside"]}),
    commit("u", "2025-04-09", "Speed up the histogram's bins (#61)", "vision/histogram.py").model_copy(update={"code": ["outside_tile_loop"]}),
]


def test_a_clause_telling_most_of_another_months_title_is_that_months_work() -> None:
    history = grace_between("2025-03", "2025-04", SPRING)
    said = "In April 2025, she added a colour histogram transform (#60), adding support for bilinear resize outside the tile loop."
    assert errors(said, history) == {("wrong_month", "adding support for bilinear resize outside the tile loop")}
    assert errors("In March 2025, she added support for bilinear resize outside the tile loop.", history) == set()
