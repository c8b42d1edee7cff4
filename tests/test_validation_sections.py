"""Sectioning: each sentence is scoped to the month it speaks of, whatever the format."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from summarizer.months import build_history
from summarizer.sources.activity_file import read_activity
from summarizer.validation import Checker
from summarizer.validation.sections import split_sentences

GRACE = Path(__file__).resolve().parents[1] / "fixtures" / "validation" / "grace.json"  # January to June 2025


def months_of(text: str) -> list[tuple[str, str | None]]:
    return [(sentence.text.strip(), sentence.month) for sentence in split_sentences(text)]


@pytest.mark.parametrize(
    "label",
    ["### June 2025", "**Jun 2025**", "## 2025-06", "Summary for 2025-06:", "June 2025 (2025-06) monthly summary"],
)
def test_a_month_label_scopes_the_text_below_it(label: str) -> None:
    sentences = months_of(f"{label}\n\nShipped the pager. Fixed the lexer.")
    assert [month for _, month in sentences[-2:]] == ["2025-06", "2025-06"]


def test_a_paragraph_opening_with_a_month_is_that_months_section() -> None:
    assert months_of("In March 2025, she added the parser. It reads COBOL.")[1] == ("It reads COBOL.", "2025-03")


def test_text_without_a_month_speaks_of_the_whole_period() -> None:
    assert months_of("She landed 11 commits.") == [("She landed 11 commits.", None)]


def test_a_heading_without_a_month_returns_to_the_whole_period() -> None:
    sentences = months_of("### June 2025\n\nShipped the pager.\n\n## Skills\n\nCOBOL and Python.")
    assert sentences[-1] == ("COBOL and Python.", None)


def test_a_sentence_naming_another_month_speaks_of_it() -> None:
    sentences = months_of("### June 2025\n\nShipped the pager. The lexer had landed in April 2025.")
    assert sentences[-1][1] == "2025-04"


def test_a_sentence_naming_two_months_keeps_its_section() -> None:
    sentences = months_of("Between January 2025 and June 2025, she landed 11 commits.")
    assert sentences == [("Between January 2025 and June 2025, she landed 11 commits.", None)]


def test_abbreviations_and_decimals_do_not_end_a_sentence() -> None:
    assert len(split_sentences("It is 2.5x faster, e.g. on H100. Done.")) == 2


def test_sentence_offsets_point_into_the_text() -> None:
    text = "Intro.\n\n### May 2025\n\nAdded a codec. Fixed a bug."
    for sentence in split_sentences(text):
        assert text[sentence.start : sentence.start + len(sentence.text)] == sentence.text


def test_each_sentence_keeps_the_whole_line_it_stands_on() -> None:
    text = "### May 2025\nAdded a codec. Fixed a bug.\n\n- Wrote docs. Cut a release.\nLast line"
    lines = [(sentence.text, sentence.line) for sentence in split_sentences(text)]
    assert lines == [
        ("### May 2025", "### May 2025"),
        ("Added a codec.", "Added a codec. Fixed a bug."),
        ("Fixed a bug.", "Added a codec. Fixed a bug."),
        ("- Wrote docs.", "- Wrote docs. Cut a release."),
        ("Cut a release.", "- Wrote docs. Cut a release."),
        ("Last line", "Last line"),
    ]


def test_splitting_one_long_line_of_sentences_takes_memory_in_proportion_to_its_length() -> None:
    # 1,000 sentences on one line: a copy of the line for each would take 1,000 times its size.
    text = "In March 2025 Eve added parser part 3. " * 1000 + "\n"
    tracemalloc.start()
    try:
        sentences = split_sentences(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(sentences) == 1000
    assert peak < 40 * len(text)


@pytest.mark.parametrize(
    ("text", "outside"),
    [
        ("Between March 2024 and June 2025, Grace Hopper landed 11 commits in cobol-tools.", "March 2024"),
        ("From December to June 2025, Grace Hopper landed 11 commits in cobol-tools.", "December"),
        ("Grace Hopper kept fixing the pager into July 2025.", "July 2025"),
    ],
)
def test_a_month_outside_the_period_is_wrong_wherever_the_sentence_names_it(text: str, outside: str) -> None:
    findings = Checker(build_history(read_activity(GRACE)))(text)
    assert [(finding.kind, finding.text) for finding in findings] == [("wrong_month", outside)]


def test_a_sentence_opening_on_a_month_without_its_year_speaks_of_that_month_of_the_period() -> None:
    sentences = split_sentences("In August, he fixed the pager. In May he wrote docs. He may go.", ["2025-07", "2025-08", "2025-09"])
    assert [(sentence.text, sentence.month) for sentence in sentences] == [
        ("In August, he fixed the pager.", "2025-08"),
        ("In May he wrote docs.", None),
        ("He may go.", None),
    ]


def test_a_month_without_its_year_that_the_period_holds_twice_speaks_of_neither() -> None:
    (sentence,) = split_sentences("In August, he fixed the pager.", ["2024-08", "2025-08"])
    assert sentence.month is None


def test_a_list_item_labelled_by_a_bold_month_speaks_of_it_and_the_paragraph_after_the_list_of_the_period() -> None:
    text = "- **March 2025.** Added the parser.\n- **April 2025.** Fixed the lexer.\n\nBoth shipped with tests."
    assert [month for _, month in months_of(text)] == ["2025-03", "2025-04", None]


def test_a_sentence_going_on_from_one_month_speaks_of_it() -> None:
    text = "In March 2025, she added the parser, and in April 2025 the pager. She also fixed the lexer."
    assert months_of(text)[-1] == ("She also fixed the lexer.", "2025-04")


def test_a_sentence_going_on_that_names_its_own_months_is_not_carried() -> None:
    text = "In March 2025 she added the parser. In April 2025 she added the pager. She also fixed the lexer in March."
    assert months_of(text)[-1][1] == "2025-03"


def test_a_statistics_table_s_columns_are_its_months_then_the_period() -> None:
    history = build_history(read_activity(GRACE))
    months = history.period.months()
    by_month = {month.month: month.stats.commits for month in history.months}
    cells = [by_month.get(month, 0) for month in months] + [history.totals.commits]
    header = "| | " + " | ".join(months) + " | Total |\n|" + "---|" * (len(months) + 2) + "\n"
    check = Checker(history)
    assert not [f for f in check(header + "| Commits | " + " | ".join(map(str, cells)) + " |") if f.severity == "error"]
    swapped = [cells[-1], *cells[1:-1], cells[0]]
    assert [f.kind for f in check(header + "| Commits | " + " | ".join(map(str, swapped)) + " |") if f.severity == "error"] == ["wrong_count"]
