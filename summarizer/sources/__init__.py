"""Sources: where a developer's commits come from. `collect_activity` is the entry point.

Each kind of source implements `summarizer.sources.base.Source` in its own module and
is listed in SOURCES, which is asked in order: the first source that claims a SOURCE
argument reads it, and local git, which claims whatever is left, comes last. A new kind
is one module and one `register(...)` line.
"""

from __future__ import annotations

import os

from summarizer.cache import RunCache, cache_key
from summarizer.errors import SummarizerError
from summarizer.models.activity import Activity
from summarizer.period import Period
from summarizer.sources.base import Source, SourceQuery
from summarizer.sources.git import GitSource
from summarizer.sources.github import GitHubSource
from summarizer.sources.gitlab import GitLabSource

SOURCES: list[Source] = [GitHubSource(), GitLabSource(), GitSource()]


def register(source: Source) -> None:
    """Add a kind of source; it is asked before those registered earlier."""
    SOURCES.insert(0, source)


def source_for(argument: str) -> Source:
    """The source that reads a SOURCE argument: the first that claims it."""
    return next(source for source in SOURCES if source.claims(argument))


def is_local(argument: str) -> bool:
    """Whether a SOURCE argument is read as a local path (no other source claims it)."""
    return isinstance(source_for(argument), GitSource)


def login_keys() -> dict[str, Source]:
    """The sources with accounts, by the key of the developer's login on them ("github")."""
    return {source.login: source for source in SOURCES if source.login}


def collect_activity(
    arguments: list[str], authors: list[str], period: Period, branch: str | None, cache: RunCache, logins: dict[str, str] | None = None
) -> Activity:
    """One Activity from every SOURCE argument (or what is read when none is named), by the
    developer named by `authors` (else by their forge `logins`); a commit seen in several repositories counts once."""
    query = _query(authors, period, branch, logins or {})
    # The logins are the developer's whether or not their forge is read: the workspace is found by them too.
    activity = Activity(authors=query.authors, logins=list(dict.fromkeys(query.logins.values())), period=query.period)
    seen: set[str] = set()
    plan = _plan(arguments, query)
    for source, named in plan:
        extract = source.read(named, query, cache)
        activity.repositories += extract.repositories
        activity.pull_requests += extract.pull_requests
        activity.warnings += extract.warnings
        activity.logins += [login for login in extract.logins if login not in activity.logins]
        for commit in extract.commits:
            if commit.sha not in seen:
                seen.add(commit.sha)
                activity.commits.append(commit)
        activity.others += extract.others
        if extract.reviews_given:
            given = activity.reviews_given or {}
            activity.reviews_given = {month: given.get(month, 0) + extract.reviews_given.get(month, 0) for month in given | extract.reviews_given}
    if not activity.commits:
        wanted = " or ".join(repr(author) for author in query.authors)
        places = "; ".join(source.nothing_found(named, query) for source, named in plan)
        # What the sources warned of (commits left out, a shallow clone's cut-off) may be why: the run ends here, so it is said here.
        told = "".join(f"; {warning}" for warning in activity.warnings)
        raise SummarizerError(f"no commits by {wanted} from {query.period.since} to {query.period.until} {places}{told}")
    activity.commits.sort(key=lambda commit: commit.committed_at)
    # Another author's commit seen in two clones, or once as the developer's, counts once.
    others = {commit.sha: commit for commit in activity.others if commit.sha not in seen}
    activity.others = sorted(others.values(), key=lambda commit: commit.committed_at)
    return activity


def activity_key(arguments: list[str], authors: list[str], period: Period, branch: str | None, logins: dict[str, str] | None = None) -> str | None:
    """The cache key of a whole collection; None when a source can only tell by asking."""
    query = _query(authors, period, branch, logins or {})
    keys = [source.cache_key(named, query) for source, named in _plan(arguments, query)]
    return None if None in keys else cache_key("activity", sources=keys)


def _query(authors: list[str], period: Period, branch: str | None, logins: dict[str, str]) -> SourceQuery:
    logins = {forge: login for forge, login in logins.items() if login}
    identities = [author.strip() for author in authors if author.strip()] or list(dict.fromkeys(logins.values()))
    if not identities:
        raise SummarizerError("--author is required: a name, e-mail or login of the developer, as in `git log`")
    return SourceQuery(authors=identities, logins=logins, period=period, branch=branch)


def _plan(arguments: list[str], query: SourceQuery) -> list[tuple[Source, list[str]]]:
    """Which source reads which arguments, in the order the sources are asked."""
    if not arguments:
        return [(source, named) for source in SOURCES if (named := source.when_none_named(query)) is not None]
    claimed: dict[int, list[str]] = {}
    for argument in arguments:
        owner = next(index for index, source in enumerate(SOURCES) if source.claims(argument))
        if not isinstance(SOURCES[owner], GitSource):
            _refuse_mistyped_path(argument, SOURCES[owner])
        claimed.setdefault(owner, []).append(argument)
    return [(SOURCES[index], claimed[index]) for index in sorted(claimed)]


def _refuse_mistyped_path(argument: str, source: Source) -> None:
    """A SOURCE argument under a folder that is here (`base/nonexistent`, `base` being here) is a local
    path mistyped, not a place elsewhere of the same shape (a GitHub `owner/name`): said so, and nothing
    is asked. Only on the command line: a roster's paths are relative to the roster, not to this folder."""
    first, slash, _ = argument.partition("/")
    if slash and first and os.path.isdir(first) and not os.path.exists(argument):
        raise SummarizerError(f"no such repository path: {argument} ({first} is a folder here, so it is not looked for on {source.name})")
