"""Sources: where a developer's commits come from. `collect_activity` is the entry point."""

from __future__ import annotations

import difflib
from collections import Counter
from pathlib import Path

from summarizer.activity import Activity
from summarizer.cache import RunCache
from summarizer.errors import SummarizerError
from summarizer.period import Period
from summarizer.sources import git


def collect_activity(
    sources: list[str],
    authors: list[str],
    period: Period,
    branch: str | None,
    cache: RunCache,
) -> Activity:
    """One Activity from every SOURCE; a commit seen in several repositories counts once."""
    authors = [author.strip() for author in authors if author.strip()]
    if not authors:
        raise SummarizerError("--author is required: a name, e-mail or login of the developer")
    activity = Activity(authors=authors, period=period)
    seen: set[str] = set()
    for source in sources or ["."]:
        extract = git.read_repository(Path(source).expanduser(), authors, period, branch, cache)
        activity.repositories.append(extract.repository)
        activity.warnings.extend(extract.warnings)
        for commit in extract.commits:
            if commit.sha not in seen:
                seen.add(commit.sha)
                activity.commits.append(commit)
    if not activity.commits:
        raise SummarizerError(_no_commits_message(sources or ["."], authors, period, branch))
    activity.commits.sort(key=lambda commit: commit.committed_at)
    return activity


def _no_commits_message(sources: list[str], authors: list[str], period: Period, branch: str | None) -> str:
    present: Counter[str] = Counter()
    for source in sources:
        present += git.authors_present(Path(source).expanduser(), period, branch)
    where = ", ".join(sources)
    wanted = " or ".join(repr(author) for author in authors)
    message = f"no commits by {wanted} in {where} from {period.since} to {period.until}"
    if not present:
        return message + " (nobody committed in that period; try --since/--until)"
    return message + "; closest authors there: " + ", ".join(_closest(authors, present))


def _closest(authors: list[str], present: Counter[str], limit: int = 3) -> list[str]:
    def similarity(identity: str) -> float:
        lowered = identity.lower()
        return max(
            max(difflib.SequenceMatcher(None, author.lower(), part).ratio() for part in lowered.split(" <"))
            for author in authors
        )

    ranked = sorted(present, key=lambda identity: (-similarity(identity), -present[identity], identity))
    return [f"{identity} ({present[identity]} commits)" for identity in ranked[:limit]]
