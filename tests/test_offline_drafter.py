"""The offline drafter: readable, deterministic, and every statement true by construction."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from summarizer.activity import Activity, Commit, FileChange
from summarizer.cache import RunCache
from summarizer.drafting.offline import draft_offline, past_tense
from summarizer.months import History, build_history
from summarizer.period import Period
from summarizer.sources import collect_activity
from tests.conftest import BuiltRepo


@pytest.fixture
def history(cobol_tools: BuiltRepo) -> History:
    cache = RunCache(Path.home() / "cache", enabled=False)
    activity = collect_activity([str(cobol_tools.path)], ["Grace"], Period(since="2025-01", until="2025-06"), None, cache)
    return build_history(activity)


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Add pager (#15)", "added pager"),
        ("[MPS] Fix crash in softmax", "fixed crash in softmax"),
        ("feat(parser): implement level-88 conditions", "implemented level-88 conditions"),
        ("Support REDEFINES clause", "added support for REDEFINES clause"),
        ("Adds tracing", "added tracing"),
        ("Stop retrying on 404", "stopped retrying on 404"),
        ("Make the cache thread-safe", "made the cache thread-safe"),
        ("Simplify config loading.", "simplified config loading"),
        ("Regenerate tables", "landed “Regenerate tables”"),
        ("Pallas backend", "landed “Pallas backend”"),
        # A title whose first word may not be a verb is quoted, not mangled (issue 14's cases).
        ("Set Up TorchRec Docs", "landed “Set Up TorchRec Docs”"),
        ("Build Linux Wheels skip cuda 12.6", "landed “Build Linux Wheels skip cuda 12.6”"),
        ("default pattern search", "landed “default pattern search”"),
        ("Tests for the block-size heuristic", "landed “Tests for the block-size heuristic”"),
        ("Support for fp8 GEMM", "landed “Support for fp8 GEMM”"),
        ("Fix for flaky autotuner", "landed “Fix for flaky autotuner”"),
        ("Updates to the install guide", "landed “Updates to the install guide”"),
        ("Set up nightly wheels", "set up nightly wheels"),
        ("Test the fallback path", "tested the fallback path"),
    ],
)
def test_past_tense(title: str, expected: str) -> None:
    assert past_tense(title) == expected


def test_overview_states_the_statistics(history: History) -> None:
    overview = draft_offline(history).overview
    assert overview.startswith(
        "Grace Hopper landed 11 commits (10 work items) in cobol-tools between January 2025 and June 2025 "
        "over four active months: 5 features, 2 bug fixes and 3 other changes."
    )
    assert "added 56 lines and removed 4" in overview
    assert "The busiest month was March 2025, with 4 commits." in overview
    assert "mostly COBOL and Python" in overview


def test_month_summary_says_what_shipped_in_past_tense(history: History) -> None:
    may = next(month for month in draft_offline(history).months if month.month == "2025-05")
    assert may.summary.startswith("In May 2025, Grace Hopper added pager (#15), one of 2 separate work items.")
    assert may.summary.endswith("In all, 3 commits (2 work items) landed in cobol-tools in May 2025: 1 feature and 1 other change.")


def test_every_citation_belongs_to_that_months_work(history: History) -> None:
    for month, drafted in zip(history.months, draft_offline(history).months):
        own = {f"#{item.pr}" for item in month.items if item.pr} | {item.commits[0][:7] for item in month.items}
        cited = set(re.findall(r"\((#\d+|[0-9a-f]{7})\)", drafted.summary))
        assert cited <= own, month.month
        for highlight in drafted.highlights:
            assert set(highlight.evidence) <= own


def test_highlights_put_features_first(history: History) -> None:
    march = next(month for month in draft_offline(history).months if month.month == "2025-03")
    assert [h.text for h in march.highlights] == [
        "parser: implemented level-88 conditions",
        "parser: added support for REDEFINES clause",
        "cli: added tracing flag",
        "cli: reverted \"Add tracing flag\"",
    ]


def test_skills_are_backed_by_files(history: History) -> None:
    draft = draft_offline(history)
    assert draft.skills.languages == ["COBOL", "Python"]
    assert "Documentation" in draft.skills.technical
    assert "Testing" not in draft.skills.technical  # no test file was changed


def commit_titled(number: int, subject: str) -> Commit:
    when = dt.datetime(2025, 3, number, 12, tzinfo=dt.timezone.utc)
    return Commit(
        sha=f"{number:x}".rjust(7, "a") + "0" * 33, repo="kernels", author_name="Ada", author_email="ada@example.com", authored_at=when,
        committed_at=when, month="2025-03", subject=subject, files=[FileChange(path=f"src/k{number}.py", added=5)],
    )  # fmt: skip


def test_a_branch_like_theme_is_no_skill_tag_but_a_word_theme_is() -> None:
    titles = [
        "diff-train-patch sync kernels", "diff-train-patch sync tests", "diff-train-patch sync docs",
        "Speed up the autotuner", "Autotuner: prune configs", "Cache the autotuner results",
    ]  # fmt: skip
    activity = Activity(authors=["Ada"], period=Period(since="2025-03", until="2025-03"), commits=[commit_titled(n + 1, t) for n, t in enumerate(titles)])

    themes = [theme.name for theme in build_history(activity).months[0].themes]
    assert themes == ["diff-train-patch sync", "autotuner"]
    assert draft_offline(build_history(activity)).months[0].skills == ["Python", "autotuner"]


def test_same_history_gives_the_same_words(history: History) -> None:
    assert draft_offline(history) == draft_offline(history.model_copy(deep=True))
