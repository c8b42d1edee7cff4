"""The git source on real histories (../shared/real-history), checked against git itself.

The expected figures are computed here by a plain `git log --numstat`, independently of
the source's parser: commits by author in the period, and lines outside binary and lock
files (these histories carry no linguist attributes).
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from summarizer.cache import RunCache
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.sources import collect_activity
from summarizer.sources.commits import LOCK_FILES
from tests.conftest import SHARED
from tests.gitrepo import clone

BUNDLES = SHARED / "real-history"
pytestmark = pytest.mark.skipif(not BUNDLES.is_dir(), reason="../shared/real-history is absent (it is not part of a clone)")


@pytest.fixture(scope="module", params=["tritonbench", "helion"])
def real_repo(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return clone(BUNDLES / f"{request.param}.bundle", tmp_path_factory.mktemp("real") / request.param)


def git_figures(repo: Path, author: str, period: Period) -> tuple[int, int, int, Counter[str]]:
    output = subprocess.run(
        ["git", "-C", str(repo), "log", "--no-merges", "--numstat", "--format=@%aN%x09%aE%x09%cI", "HEAD"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    commits, added, deleted, months = 0, 0, 0, Counter()
    keep = False
    for line in output.splitlines():
        if line.startswith("@"):
            name, email, committed = line[1:].split("\t")
            keep = author.lower() in name.lower() or author.lower() in email.lower()
            keep = keep and period.since <= committed[:7] <= period.until
            if keep:
                commits += 1
                months[committed[:7]] += 1
        elif keep and line:
            plus, minus, path = line.split("\t", 2)
            if plus != "-" and Path(path).name not in LOCK_FILES:
                added, deleted = added + int(plus), deleted + int(minus)
    return commits, added, deleted, months


def top_authors(repo: Path, count: int) -> list[str]:
    output = subprocess.run(["git", "-C", str(repo), "log", "--no-merges", "--format=%aE"], capture_output=True, text=True, check=True).stdout
    return [email for email, _ in Counter(output.split()).most_common(count)]


@pytest.mark.parametrize("rank", [0, 1, 2])
def test_totals_agree_with_git_log_numstat(real_repo: Path, rank: int) -> None:
    author = top_authors(real_repo, 3)[rank]
    period = Period(since="2024-01", until="2026-12")
    activity = collect_activity([str(real_repo)], [author], period, None, RunCache(Path("unused"), enabled=False))
    history = build_history(activity)
    commits, added, deleted, months = git_figures(real_repo, author, period)
    assert (history.totals.commits, history.totals.lines_added, history.totals.lines_deleted) == (commits, added, deleted)
    assert {month.month: month.stats.commits for month in history.months} == dict(months)
    assert history.totals.activity_months == len(months)


def test_pull_request_items_match_the_refs_in_the_messages(real_repo: Path) -> None:
    author = top_authors(real_repo, 1)[0]
    period = Period(since="2024-01", until="2026-12")
    history = build_history(collect_activity([str(real_repo)], [author], period, None, RunCache(Path("unused"), enabled=False)))
    messages = subprocess.run(
        ["git", "-C", str(real_repo), "log", "--no-merges", f"--author={author}", "--format=%B%x00"],
        capture_output=True, text=True, check=True,
    ).stdout.split("\0")  # fmt: skip
    refs = set()
    for message in messages:
        resolved = re.findall(r"^Pull Request resolved: \S+/pull/(\d+)", message, re.MULTILINE)
        suffix = re.search(r"\(#(\d+)\)$", message.strip().split("\n")[0])
        if resolved or suffix:
            refs.add(int(resolved[-1] if resolved else suffix.group(1)))
    items = [item for month in history.months for item in month.items]
    assert {item.pr for item in items if item.pr} == refs
    assert len(items) == history.totals.work_items
    assert history.totals.features + history.totals.bugs > 0
