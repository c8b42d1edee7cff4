"""Sources: where a developer's commits come from. `collect_activity` is the entry point."""

from __future__ import annotations

import difflib
import os
import re
from collections import Counter
from pathlib import Path

from summarizer.activity import Activity, Commit
from summarizer.cache import RunCache, cache_key
from summarizer.errors import SummarizerError
from summarizer.period import Period
from summarizer.sources import git

GITHUB_REPOSITORY = re.compile(r"^(?:github:)?(?P<owner>[A-Za-z0-9][\w.-]*)/(?P<name>[\w.-]+)$")


def collect_activity(
    sources: list[str],
    authors: list[str],
    period: Period,
    branch: str | None,
    cache: RunCache,
    github_user: str | None = None,
) -> Activity:
    """One Activity from every SOURCE; a commit seen in several repositories counts once.

    Local repositories are read with git; `owner/name` (or `github:owner/name`) SOURCEs, or
    every repository `github_user` committed to when no SOURCE is named, from GitHub.
    """
    authors = _identities(authors, github_user)
    remote, local = _split(sources, github_user)
    activity = Activity(authors=authors, period=period)
    seen: set[str] = set()

    def add(commits: list[Commit]) -> None:
        for commit in commits:
            if commit.sha not in seen:
                seen.add(commit.sha)
                activity.commits.append(commit)

    for source in local:
        extract = git.read_repository(Path(source).expanduser(), authors, period, branch, cache)
        activity.repositories.append(extract.repository)
        activity.warnings.extend(extract.warnings)
        add(extract.commits)
    if remote or github_user:
        login = github_user or _login_among(authors)
        emails = [author for author in authors if "@" in author]
        # Imported here: its HTTP machinery costs start-up time that local runs never need.
        from summarizer.sources.github import read_github

        found = read_github(remote, login, emails, period, cache)
        activity.logins.append(login)
        activity.repositories += found.repositories
        activity.pull_requests += found.pull_requests
        activity.warnings += found.warnings
        add(found.commits)
    if not activity.commits:
        raise SummarizerError(_no_commits_message(local, authors, period, branch))
    activity.commits.sort(key=lambda commit: commit.committed_at)
    return activity


def activity_key(sources: list[str], authors: list[str], period: Period, branch: str | None, github_user: str | None = None) -> str | None:
    """The cache key of a whole collection from local repositories (None when GitHub is read:
    whether its answers changed is only known by asking)."""
    remote, local = _split(sources, github_user)
    if remote or github_user:
        return None
    identities = _identities(authors, github_user)
    keys = [git.extraction_key(Path(source).expanduser(), identities, period, branch)[0] for source in local]
    return cache_key("activity", repositories=keys)


def _identities(authors: list[str], github_user: str | None) -> list[str]:
    identities = [author.strip() for author in authors if author.strip()] or ([github_user] if github_user else [])
    if not identities:
        raise SummarizerError("--author is required: a name, e-mail or login of the developer")
    return identities


def _split(sources: list[str], github_user: str | None) -> tuple[list[str], list[str]]:
    """GitHub repositories and local ones; the current folder when nothing is named."""
    remote = [source for source in sources if is_github_source(source)]
    local = [source for source in sources if source not in remote] or ([] if remote or github_user else ["."])
    return remote, local


def is_github_source(source: str) -> bool:
    """`github:owner/name`, or `owner/name` that is not a folder here."""
    return source.startswith("github:") or (bool(GITHUB_REPOSITORY.match(source)) and not os.path.exists(source))


def _login_among(authors: list[str]) -> str:
    logins = [author for author in authors if "@" not in author and " " not in author]
    if not logins:
        raise SummarizerError("GitHub sources need the developer's login: --github-user LOGIN")
    return logins[0]


def _no_commits_message(sources: list[str], authors: list[str], period: Period, branch: str | None) -> str:
    if not sources:
        return f"no commits by {' or '.join(map(repr, authors))} on GitHub from {period.since} to {period.until}"
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
