"""A saved activity (`summarizer fetch`'s output, read by `--activity`): `read_activity` is the entry point.

What it may hold: not the values no fetch writes, and not the entries it lists twice. A file given to `--activity` may come from anywhere: edited by hand, joined from two fetches,
damaged. A value no source writes (a negative count, a commit filed under a month it did not
land in or outside the file's period, a time without its UTC offset, a commit's name that is
none) is refused with its place in the file before any figure rests on it. An entry listed twice counts once, as the sources
count a commit seen in two clones; copies that differ are refused, since which one is right
cannot be told.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel, ValidationError

from summarizer.errors import SummarizerError, first_problem
from summarizer.models.activity import ACTIVITY_SCHEMA_VERSION, Activity, Commit, PullRequest
from summarizer.sanitize import sanitized, sanitized_message, without_controls, without_credentials
from summarizer.words import count

if TYPE_CHECKING:
    import datetime as dt

    from summarizer.period import Period

Entry = TypeVar("Entry", bound=BaseModel)
_MONTH = re.compile(r"[0-9]{4}-(?:0[1-9]|1[0-2])")
# A commit's name as git prints it: SHA-1, or SHA-256 in a repository that uses it.
_OBJECT_NAME = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")

# The sources' rule: a commit seen in two repositories (two clones, a fork) counts once.
_SAME_COMMIT_ELSEWHERE = {"repo"}
_NAMED_AT_MOST = 5


def first_impossibility(activity: Activity) -> str | None:
    """Where the activity first holds what no fetch writes, and what it is, e.g.
    "commits.3.files.0.added: -5, and a line count is never negative"; None when nothing is."""
    return next(_impossibilities(activity), None)


def counted_once(activity: Activity) -> tuple[Activity, list[str]]:
    """The activity with every entry listed again left out (the first copy kept), and what was
    left out: "commit 2ed2966", "pull request acme/cobol-tools#7". Another author's commit that
    is also the developer's is the developer's, as the sources have it."""
    seen: set[str] = set()
    commits, again = _first_of_each(activity.commits, lambda commit: commit.sha, seen)
    others, others_again = _first_of_each(activity.others, lambda commit: commit.sha, seen)
    pulls, pulls_again = _first_of_each(activity.pull_requests, lambda pull: f"{pull.repo}#{pull.number}", set())
    repeated = [f"commit {sha[:7]}" for sha in again + others_again] + [f"pull request {name}" for name in pulls_again]
    return activity.model_copy(update={"commits": commits, "others": others, "pull_requests": pulls}), repeated


def repeated_warning(source: str, repeated: list[str]) -> str:
    """The line that says what a file listed more than once."""
    if len(repeated) == 1:
        return f"{source} lists {repeated[0]} more than once: it is counted once"
    named = ", ".join(repeated[:_NAMED_AT_MOST]) + (", …" if len(repeated) > _NAMED_AT_MOST else "")
    return f"{source} lists {count(len(repeated), 'entry', 'entries')} more than once ({named}): each is counted once"


def _first_of_each(entries: list[Entry], key: Callable[[Entry], str], seen: set[str]) -> tuple[list[Entry], list[str]]:
    kept, again = [], []
    for entry in entries:
        name = key(entry)
        if name in seen:
            again.append(name)
        else:
            seen.add(name)
            kept.append(entry)
    return kept, again


def _impossibilities(activity: Activity) -> Iterator[str]:
    period = activity.period
    if not activity.authors and not activity.logins:
        yield "authors: empty, and so is logins: the file names no developer"
    for name, commits in (("commits", activity.commits), ("others", activity.others)):
        for index, commit in enumerate(commits):
            yield from _commit_problems(f"{name}.{index}", commit, period, developers=name == "commits")
        yield from _differing_copies(name, commits, lambda commit: commit.sha, _SAME_COMMIT_ELSEWHERE, lambda commit: f"commit {commit.sha[:7]}")
    for index, pull in enumerate(activity.pull_requests):
        yield from _pull_request_problems(f"pull_requests.{index}", pull)
    yield from _differing_copies(
        "pull_requests", activity.pull_requests, lambda pull: (pull.repo, pull.number), set(), lambda pull: f"pull request {pull.repo}#{pull.number}"
    )
    for month, reviews in (activity.reviews_given or {}).items():
        if not _MONTH.fullmatch(month):
            yield f"reviews_given: {month!r} is not a month like 2025-06"
        elif not period.since <= month <= period.until:
            yield f"reviews_given.{month}: outside the file's period, {period.since} to {period.until}"
        elif reviews < 0:
            yield f"reviews_given.{month}: {reviews}, and a count is never negative"


def _commit_problems(place: str, commit: Commit, period: Period, developers: bool) -> Iterator[str]:
    """What no fetch writes of a commit: of the developer's (`developers`), or another author's,
    which may be a revert that landed after the period, or a pull request merged without a
    merge commit GitHub names (it is named by its number)."""
    if not _OBJECT_NAME.fullmatch(commit.sha) and (developers or commit.sha != f"{commit.repo}#{commit.pr}"):
        yield f"{place}.sha: {commit.sha!r} is not a commit's name (40 or 64 hexadecimal digits)"
    if commit.authored_at.utcoffset() is None or commit.committed_at.utcoffset() is None:
        yield from _without_offset(place, {"authored_at": commit.authored_at, "committed_at": commit.committed_at})
    landed = commit.committed_at
    # The month a commit is filed under is its committer date's, in the offset it records.
    landed_month = f"{landed.year:04d}-{landed.month:02d}"
    if commit.month != landed_month:
        yield f"{place}.month: {commit.month!r}, but it was committed on {landed.isoformat()}"
    elif developers and commit.month not in period:
        yield f"{place}.month: {commit.month} is outside the file's period, {period.since} to {period.until}"
    if commit.pr is not None and commit.pr < 1:
        yield f"{place}.pr: {commit.pr}, and a pull request's number is 1 or more"
    for index, change in enumerate(commit.files):
        if change.added < 0 or change.deleted < 0:
            field, lines = ("added", change.added) if change.added < 0 else ("deleted", change.deleted)
            yield f"{place}.files.{index}.{field}: {lines}, and a line count is never negative"


def _pull_request_problems(place: str, pull: PullRequest) -> Iterator[str]:
    if pull.number < 1:
        yield f"{place}.number: {pull.number}, and a pull request's number is 1 or more"
    for field, figure in (("additions", pull.additions), ("deletions", pull.deletions), ("changed_files", pull.changed_files), ("reviews", pull.reviews)):
        if figure < 0:
            yield f"{place}.{field}: {figure}, and a count is never negative"
    yield from _without_offset(place, {"created_at": pull.created_at, "merged_at": pull.merged_at, "closed_at": pull.closed_at})


def _without_offset(place: str, times: dict[str, dt.datetime | None]) -> Iterator[str]:
    """Times without a UTC offset: git and GitHub always give one, and one without it cannot be
    ordered among those with one."""
    for field, time in times.items():
        if time is not None and time.utcoffset() is None:
            yield f"{place}.{field}: {time.isoformat()} has no UTC offset"


def _differing_copies(
    name: str, entries: Sequence[Entry], key: Callable[[Entry], Hashable], alike_apart_from: set[str], what: Callable[[Entry], str]
) -> Iterator[str]:
    first: dict[Hashable, int] = {}
    for index, entry in enumerate(entries):
        earlier = first.setdefault(key(entry), index)
        if earlier != index and entries[earlier].model_dump(exclude=alike_apart_from) != entry.model_dump(exclude=alike_apart_from):
            yield f"{name}.{index}: the same {what(entry)} as {name}.{earlier}, with other contents: which is right cannot be told"


def read_activity(path: Path) -> Activity:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise SummarizerError(f"cannot read activity file {path}: {error.strerror}") from error
    try:
        activity = Activity.model_validate_json(data)
    except ValidationError as error:
        raise SummarizerError(f"{path} is not a summarizer activity file ({first_problem(error)})") from error
    if activity.schema_version != ACTIVITY_SCHEMA_VERSION:
        raise SummarizerError(
            f"{path} has activity schema version {activity.schema_version}; "
            f"this summarizer reads version {ACTIVITY_SCHEMA_VERSION}"
        )
    # A file may come from anywhere: its text is made safe as a source's would be, what no
    # fetch writes is refused, and an entry listed twice counts once.
    activity = _sanitized_activity(activity)
    problem = first_impossibility(activity)
    if problem:
        raise SummarizerError(f"{path} is not a summarizer activity file ({problem})")
    activity, repeated = counted_once(activity)
    if repeated:
        activity.warnings.append(repeated_warning(str(path), repeated))
    return activity


def _sanitized_activity(activity: Activity) -> Activity:
    """Every text of a read activity that reaches a terminal, a page or a model, as the sources
    keep it: without control characters; names and messages with secrets redacted (file paths
    and labels, the bulk of a file, are only read for what they name); links without credentials."""
    for pull in activity.pull_requests:
        pull.title, pull.body = sanitized_message(pull.title, pull.body)
        pull.repo, pull.labels = sanitized(pull.repo), [without_controls(label) for label in pull.labels]
        pull.author = sanitized(pull.author) if pull.author is not None else None
        pull.url = without_credentials(pull.url) if pull.url is not None else None
    for repository in activity.repositories:
        repository.name, repository.path, repository.branch = (sanitized(text) for text in (repository.name, repository.path, repository.branch))
        repository.web_url = without_credentials(repository.web_url) if repository.web_url is not None else None
    return activity.model_copy(update={
        "authors": [sanitized(author) for author in activity.authors],
        "logins": [sanitized(login) for login in activity.logins],
        "warnings": [sanitized(warning) for warning in activity.warnings],
        "commits": [_sanitized(commit) for commit in activity.commits],
        "others": [_sanitized(commit) for commit in activity.others],
    })  # fmt: skip


def _sanitized(commit: Commit) -> Commit:
    subject, body = sanitized_message(commit.subject, commit.body)
    return commit.model_copy(update={
        "subject": subject, "body": body, "repo": sanitized(commit.repo), "author_name": sanitized(commit.author_name),
        "author_email": sanitized(commit.author_email), "co_authors": [sanitized(name) for name in commit.co_authors],
        "files": [change.model_copy(update={"path": without_controls(change.path)}) for change in commit.files],
    })  # fmt: skip
