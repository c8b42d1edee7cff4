"""Readings asked of the check in the session of cases 3431 on: a tool's name in lower case spelled
out with words in place of its standard form's ("sdist (signed distribution)", "nsys (NVIDIA Nsight
Compute)") is an expansion to hold to the evidence, as a capital acronym's is; a teammate's name
with a dot ("py.typed") is theirs where their title writes it with another separator ("Py-typed").

The data: Grace Hopper in acme/vision (tests/vision_history.py), from the commits each behaviour needs.
"""

from __future__ import annotations

from tests.vision_history import commit, errors, march, march_with_teammate, teammates

PACKAGING = [commit("a", "2025-03-03", "Include all templates in the sdist (#41)", "pyproject.toml")]
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
