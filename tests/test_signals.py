"""Quality signals on a generated repository where each signal's truth is known.

Grace Hopper's work in cobol-tools, January to June 2025, with Ada Lovelace beside her:

    2025-01-10  Add parser            src/parser.py + tests/test_parser.py    tested
    2025-01-20  Add lexer             src/lexer.py                            untested; Ada reverts it on 2025-02-03
    2025-02-05  Fix reader crash      src/reader.go + src/reader_test.go      tested (Go)
    2025-02-10  Add widget            src/Widget.java + src/test/java/WidgetTest.java  tested (JUnit)
    2025-03-01  Add exporter          src/export.py + docs/export.md          Ada fixes src/export.py 13 days later
    2025-04-01  Add importer          src/import.py                           Ada fixes src/import.py 15 days later
    2025-04-20  Add lockfile          package-lock.json (5,000 lines) + src/deps.py (10 lines)
    2025-05-02  Revert "Add printer"  Grace reverts Ada's printer
    2025-06-25  Add pager             src/pager.py                            too close to the period's end for a follow-up
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from summarizer.cache import RunCache
from summarizer.drafting.model import DraftingReport
from summarizer.drafting.offline import draft_offline
from summarizer.months import History, build_history, is_test_path
from summarizer.period import Period
from summarizer.profile import assemble_profile
from summarizer.render.markdown import render_markdown
from summarizer.render.terminal import print_profile
from summarizer.signals import DOCUMENTATION, FOLLOW_UP_FIXES, MIN_ITEMS, REVERTED_WORK, SIZE, TESTED_WORK, signal_rows
from summarizer.sources import collect_activity
from summarizer.validation import validate
from tests.gitrepo import GitRepo, lines

ADA = "Ada Lovelace <ada@example.com>"
PERIOD = Period(since="2025-01", until="2025-06")


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> History:
    repo = GitRepo(tmp_path_factory.mktemp("signals") / "cobol-tools")
    repo.commit("Add parser", {"src/parser.py": lines(10), "tests/test_parser.py": lines(5)}, date="2025-01-10T12:00:00+00:00")
    lexer = repo.commit("Add lexer", {"src/lexer.py": lines(20)}, date="2025-01-20T12:00:00+00:00")
    repo.revert(lexer, ADA, "2025-02-03T12:00:00+00:00")
    repo.commit("Fix reader crash", {"src/reader.go": lines(8), "src/reader_test.go": lines(4)}, date="2025-02-05T12:00:00+00:00")
    repo.commit("Add widget", {"src/Widget.java": lines(6), "src/test/java/WidgetTest.java": lines(3)}, date="2025-02-10T12:00:00+00:00")
    repo.commit("Add exporter", {"src/export.py": lines(12), "docs/export.md": lines(4)}, date="2025-03-01T12:00:00+00:00")
    repo.commit("Fix exporter crash on empty rows", {"src/export.py": lines(13)}, author=ADA, date="2025-03-14T12:00:00+00:00")
    repo.commit("Add importer", {"src/import.py": lines(12)}, date="2025-04-01T12:00:00+00:00")
    repo.commit("Fix importer crash on empty rows", {"src/import.py": lines(13)}, author=ADA, date="2025-04-16T12:00:00+00:00")
    repo.commit("Add lockfile", {"package-lock.json": lines(5000), "src/deps.py": lines(10)}, date="2025-04-20T12:00:00+00:00")
    printer = repo.commit("Add printer", {"src/printer.py": lines(7)}, author=ADA, date="2025-05-01T12:00:00+00:00")
    repo.revert(printer, "Grace Hopper <grace@example.com>", "2025-05-02T12:00:00+00:00")
    repo.commit("Add pager", {"src/pager.py": lines(9)}, date="2025-06-25T12:00:00+00:00")
    activity = collect_activity([str(repo.path)], ["grace hopper"], PERIOD, None, RunCache(Path("unused"), enabled=False))
    return build_history(activity)


def ids(history: History, *titles: str) -> list[str]:
    by_title = {item.title: item.id for month in history.months for item in month.items}
    return [by_title[title] for title in titles]


def test_tested_work_counts_features_and_fixes_that_change_a_test_file_by_each_languages_convention(history: History) -> None:
    tested = history.signals.period.tested_work
    assert (tested.count, tested.of) == (3, 8)  # 7 features and 1 fix; the revert is neither
    assert sorted(tested.items) == sorted(ids(history, "Add parser", "Fix reader crash", "Add widget"))
    assert tested.share == 0.375


@pytest.mark.parametrize(
    "path", ["tests/test_io.py", "pkg/conftest.py", "io_test.go", "src/io.test.ts", "web/io.spec.js", "spec/io_spec.rb",
             "src/test/java/IoTest.java", "IoTests.cs", "base/io_unittest.cc", "src/__tests__/io.js"],
)  # fmt: skip
def test_test_files_are_recognised_by_the_usual_conventions(path: str) -> None:
    assert is_test_path(path)


@pytest.mark.parametrize("path", ["src/latest.py", "src/contest.py", "src/attestation.go", "src/Testimony.java"])
def test_files_that_only_resemble_tests_are_not_tests(path: str) -> None:
    assert not is_test_path(path)


def test_work_reverted_by_another_author_says_who_and_when(history: History) -> None:
    reverted = history.signals.period.reverted_work
    assert reverted.items == ids(history, "Add lexer")
    (revert,) = reverted.reverted
    assert (revert.by, str(revert.on), revert.title) == ("Ada Lovelace", "2025-02-03", "Add lexer")


def test_reverts_the_developer_made_of_others_work_are_listed_apart(history: History) -> None:
    (revert,) = history.signals.period.reverted_work.reverts_of_others
    assert (revert.title, revert.by, str(revert.on)) == ("Add printer", "Ada Lovelace", "2025-05-02")
    assert history.signals.period.reverted_work.count == 1  # reverting others' work is not her work reverted


def test_a_fix_13_days_after_a_feature_is_a_follow_up_and_one_15_days_after_is_not(history: History) -> None:
    follow_ups = history.signals.period.follow_up_fixes
    (follow_up,) = follow_ups.follow_ups
    assert (follow_up.item, follow_up.days, follow_up.by) == (*ids(history, "Add exporter"), 13, "Ada Lovelace")
    assert ids(history, "Add importer")[0] not in follow_ups.items


def test_a_feature_too_close_to_the_periods_end_is_not_counted_for_follow_ups(history: History) -> None:
    # 7 features, of which "Add pager" (June 25) has no 14 days left in the period.
    assert history.signals.period.follow_up_fixes.of == 6


def test_size_leaves_generated_and_lock_files_out(history: History) -> None:
    size = history.signals.period.size
    lockfile = next(item for month in history.months for item in month.items if item.title == "Add lockfile")
    assert lockfile.lines_added == 10
    assert size.over_1000 == 0 and size.items == []
    # Her 9 items: 7, 9, 9, 10, 12, 12, 15, 16 and 20 lines.
    assert size.of == 9 and size.median_lines == 12 and size.p90_lines == 20


def test_documentation_counts_items_that_change_docs_alongside_code(history: History) -> None:
    documentation = history.signals.period.documentation
    assert documentation.items == ids(history, "Add exporter")
    assert documentation.of == 9


def test_a_signal_over_fewer_items_than_the_minimum_gives_no_share(history: History) -> None:
    february = history.signals.months["2025-02"]
    assert february.tested_work.of < MIN_ITEMS
    assert (february.tested_work.count, february.tested_work.share) == (2, None)


def test_the_markdown_profile_shows_each_signal_with_its_figure_definition_and_items(history: History) -> None:
    profile = assemble_profile(history, draft_offline(history), DraftingReport(backend="offline"), [])
    section = render_markdown(profile).split("## How the work was done\n", 1)[1].split("\n## ", 1)[0]
    assert "| Tested work | 3 of 8 features and fixes with tests (38%) |" in section
    assert f"| Reverted work | 1 of 9 work items reverted (11%) — {ids(history, 'Add lexer')[0]} by Ada Lovelace on 2025-02-03; reverted 1 commit of others |" in section
    assert all(definition in section for definition in (TESTED_WORK, REVERTED_WORK, FOLLOW_UP_FIXES, SIZE, DOCUMENTATION))


def test_the_rendered_signals_pass_the_check_and_an_edited_figure_does_not(history: History) -> None:
    markdown = render_markdown(assemble_profile(history, draft_offline(history), DraftingReport(backend="offline"), []))
    assert [f for f in validate(markdown, history) if f.severity == "error"] == []
    edited = markdown.replace("3 of 8 features and fixes with tests (38%)", "8 of 8 features and fixes with tests (100%)")
    (wrong,) = [f for f in validate(edited, history) if f.severity == "error"]
    assert (wrong.kind, wrong.suggestion) == ("wrong_count", "3 of 8 features and fixes with tests (38%)")


@pytest.mark.parametrize(
    ("claim", "wrong"),
    [
        ("In all, 38% of her features and fixes came with tests.", False),
        ("In all, 90% of her features and fixes came with tests.", True),
        ("One of her work items was reverted.", False),
        ("None of her work was reverted.", True),
    ],
)
def test_a_claim_about_tests_or_reverts_must_match_the_signals(history: History, claim: str, wrong: bool) -> None:
    text = f"Grace Hopper landed 9 commits in cobol-tools from January to June 2025. {claim}"
    assert [f.kind for f in validate(text, history) if f.severity == "error"] == (["wrong_count"] if wrong else [])


def test_a_revert_after_the_period_still_counts_its_work_as_reverted(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "cobol-tools")
    cache = repo.commit("Add cache", {"src/cache.py": lines(10)}, date="2025-06-10T12:00:00+00:00")
    repo.commit("Add index", {"src/index.py": lines(10)}, author=ADA, date="2025-07-01T12:00:00+00:00")
    repo.revert(cache, ADA, "2025-08-04T12:00:00+00:00")
    activity = collect_activity([str(repo.path)], ["grace hopper"], PERIOD, None, RunCache(Path("unused"), enabled=False))
    (revert,) = build_history(activity).signals.period.reverted_work.reverted
    assert (revert.title, revert.by, str(revert.on)) == ("Add cache", "Ada Lovelace", "2025-08-04")


def test_the_terminal_view_has_a_panel_of_the_signals_with_their_definitions(history: History) -> None:
    profile = assemble_profile(history, draft_offline(history), DraftingReport(backend="offline"), [])
    screen = io.StringIO()
    print_profile(profile, Console(file=screen, width=200, color_system=None))
    shown = screen.getvalue()
    assert "How the work was done" in shown and "3 of 8 features and fixes with tests (38%)" in shown
    assert all(row.definition in shown for row in signal_rows(profile.signals))
