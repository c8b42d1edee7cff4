"""The offline drafter: readable, deterministic, and every statement true by construction."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from summarizer.cache import RunCache
from summarizer.drafting.offline import draft_offline, past_tense
from summarizer.models.activity import Activity, Commit, FileChange
from summarizer.models.history import History
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.sources import collect_activity
from tests.conftest import BuiltRepo, run_cli
from tests.gitrepo import GitRepo


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


def commit_titled(number: int, subject: str, path: str = "", author: tuple[str, str] = ("Ada", "ada@example.com")) -> Commit:
    when = dt.datetime(2025, 3, number, 12, tzinfo=dt.timezone.utc)
    return Commit(
        sha=f"{number:x}".rjust(7, "a") + "0" * 33, repo="kernels", author_name=author[0], author_email=author[1], authored_at=when,
        committed_at=when, month="2025-03", subject=subject, files=[FileChange(path=path or f"src/k{number}.py", added=5)],
    )  # fmt: skip


def march_of(*commits: Commit) -> History:
    return build_history(Activity(authors=[commits[0].author_name], period=Period(since="2025-03", until="2025-03"), commits=list(commits)))


def test_a_branch_like_theme_is_no_skill_tag_but_a_word_theme_is() -> None:
    titles = [
        "diff-train-patch sync kernels", "diff-train-patch sync tests", "diff-train-patch sync docs",
        "Speed up the autotuner", "Autotuner: prune configs", "Cache the autotuner results",
    ]  # fmt: skip
    activity = Activity(authors=["Ada"], period=Period(since="2025-03", until="2025-03"), commits=[commit_titled(n + 1, t) for n, t in enumerate(titles)])

    themes = [theme.name for theme in build_history(activity).months[0].themes]
    assert themes == ["diff-train-patch sync", "autotuner"]
    assert draft_offline(build_history(activity)).months[0].skills == ["Python", "autotuner"]


def test_a_theme_named_by_a_phrase_about_the_work_is_no_skill_tag() -> None:
    march = march_of(
        commit_titled(1, "Improve error message for rank mismatch"),
        commit_titled(2, "Better error message for unpacking a tile"),
        commit_titled(3, "Clearer error message for kernels without a device loop"),
    )

    assert [theme.name for theme in march.months[0].themes] == ["error message"]
    assert draft_offline(march).months[0].skills == ["Python"]
    assert draft_offline(march).skills.technical == []


def test_a_persons_name_or_login_is_no_skill_tag() -> None:
    jason = ("Jason Ansel", "jansel@example.com")
    march = march_of(
        commit_titled(1, "[jansel] Speed up the loader", author=jason),
        commit_titled(2, "[jansel] Prune autotuner configs", author=jason),
        commit_titled(3, "[jansel] Cache compiled kernels", author=jason),
    )

    assert draft_offline(march).months[0].skills == ["Python"]
    assert draft_offline(march).skills.technical == []


def test_a_label_a_practice_tells_already_is_no_skill_tag() -> None:
    march = march_of(
        commit_titled(1, "[Docs] Add the deployment guide", "docs/deployment.rst"),
        commit_titled(2, "[Docs] Document the settings", "docs/settings.rst"),
        commit_titled(3, "[Docs] Fix broken links", "docs/index.rst"),
    )

    skills = draft_offline(march).months[0].skills
    assert "Documentation" in skills
    assert "Docs" not in skills


def test_a_folder_theme_is_told_as_where_the_changes_were() -> None:
    march = march_of(
        commit_titled(1, "Speed up the tiling pass", "compiler/passes/tiling.py"),
        commit_titled(2, "Handle empty loops", "compiler/passes/loops.py"),
        commit_titled(3, "Bump the CI image", ".ci/image.txt"),
    )

    summary = draft_offline(march).months[0].summary
    assert "Ada's work centred on changes under compiler/passes/ (2 of the 3 work items)." in summary
    assert "Changes under compiler/passes/: " in summary


def test_run_tags_no_person_and_no_phrase_about_the_work_as_a_skill(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "kernels")
    for day, title in enumerate([
        "[jansel] Speed up the loader", "[jansel] Prune autotuner configs", "[jansel] Cache compiled kernels",
        "Improve error message for rank mismatch", "Better error message for unpacking a tile", "Clearer error message for kernels without a device loop",
    ], start=3):  # fmt: skip
        repo.commit(title, {f"kernels/k{day}.py": f"{title}\n"}, author="Jason Ansel <jansel@example.com>", date=f"2025-03-{day:02}T12:00:00+00:00")

    result = run_cli("run", str(repo.path), "--author", "Jason", "--since", "2025-03", "--until", "2025-03", "--format", "json", "--backend", "offline")

    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    profile = json.loads(result.stdout)
    assert profile["skills"]["technical"] == []
    assert profile["months"][0]["skills"] == ["Python"]


def test_same_history_gives_the_same_words(history: History) -> None:
    assert draft_offline(history) == draft_offline(history.model_copy(deep=True))
