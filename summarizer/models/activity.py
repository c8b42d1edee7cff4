"""The sources' output: one developer's commits in a period, from one or more repositories.

`Activity` is what `summarizer fetch` writes and what `--activity FILE` reads back.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gc
import threading
from collections.abc import Iterator

from pydantic import BaseModel, Field

from summarizer.choices import Forge
from summarizer.period import Month, Period

ACTIVITY_SCHEMA_VERSION = 1


class _CollectorPause:
    """How many reads hold the cycle collector off (several threads may read at once), and
    whether it ran before the first."""

    lock = threading.Lock()
    holders = 0
    was_enabled = False


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cycle collector held off while tens of thousands of commits are built: each
    collection walks every object built so far, which cost a 30,000-commit read a third of its
    time; commits hold no reference cycles, so nothing is left for it to find. It runs again
    when the last read that paused it is done, with what was built meanwhile frozen (left out
    of its walks from then on): its first walk of them alone cost a 200-developer team's
    read 0.13 s. A frozen object is still freed when the last reference to it goes."""
    with _CollectorPause.lock:
        if _CollectorPause.holders == 0:
            _CollectorPause.was_enabled = gc.isenabled()
            gc.disable()
        _CollectorPause.holders += 1
    try:
        yield
    finally:
        with _CollectorPause.lock:
            _CollectorPause.holders -= 1
            if _CollectorPause.holders == 0:
                gc.freeze()
                if _CollectorPause.was_enabled:
                    gc.enable()


class FileChange(BaseModel):
    path: str
    added: int = 0
    deleted: int = 0
    binary: bool = False
    # False for binary, generated, vendored and lock files: listed, but not lines of code.
    counted: bool = True


def is_by(name: str, email: str, authors: list[str]) -> bool:
    """Whether an --author matches the name or e-mail (case-insensitive substring)."""
    name, email = name.lower(), email.lower()
    return any(author.lower() in name or author.lower() in email for author in authors)


class Commit(BaseModel):
    sha: str
    repo: str
    author_name: str
    author_email: str
    authored_at: dt.datetime
    # When it landed: the month of a commit is read from this, in the offset it records.
    committed_at: dt.datetime
    month: Month
    subject: str
    body: str = ""
    pr: int | None = None
    # default_factory: a list default would be deep-copied for every commit read back.
    co_authors: list[str] = Field(default_factory=list)
    files: list[FileChange] = Field(default_factory=list)
    # False when missing objects kept git from reading the commit's line counts.
    stats_complete: bool = True
    # For a bug fix that may follow the developer's work (sources/blame.py): the developer's
    # commits whose lines it changed → how many of them, or why git could not tell; None when
    # it was not traced (not such a fix, or read without line evidence).
    blamed: dict[str, int] | str | None = None
    # The words of the lines it changed in code files: identifiers, comments, docstrings
    # (sources/code.py); empty when read without the code.
    code: list[str] = Field(default_factory=list)

    def is_by(self, authors: list[str]) -> bool:
        """Whether an --author matches the name or e-mail (case-insensitive substring)."""
        return is_by(self.author_name, self.author_email, authors)

    @property
    def short_sha(self) -> str:
        return self.sha[:7]

    @property
    def lines_added(self) -> int:
        return sum(f.added for f in self.files if f.counted)

    @property
    def lines_deleted(self) -> int:
        return sum(f.deleted for f in self.files if f.counted)


class PullRequest(BaseModel):
    """A pull request as GitHub describes it; its commits carry its number."""

    repo: str
    number: int
    title: str
    body: str = ""
    labels: list[str] = Field(default_factory=list)
    additions: int = 0
    deletions: int = 0
    changed_files: int = 0
    merged_at: dt.datetime | None = None
    closed_at: dt.datetime | None = None
    url: str | None = None
    # The commit a merge made (None for squash-less bots that close the PR instead).
    merge_commit: str | None = None
    author: str | None = None  # the login that opened it
    created_at: dt.datetime | None = None
    # Reviews submitted by others than its author.
    reviews: int = 0


class Repository(BaseModel):
    name: str
    path: str
    branch: str
    tip: str
    # https://github.com/owner/name when the origin remote is on a known forge.
    web_url: str | None = None
    forge: Forge | None = None
    shallow: bool = False
    # The user named it (SOURCE given as PATH=NAME) rather than its remote or folder.
    named: bool = False
    # Phrases of its own text at the tip that set an acronym beside words ("Key-Value (KV)"):
    # what the project says its acronyms stand for (sources/code.py).
    spelled_out: list[str] = Field(default_factory=list)


# `--author @` matches every author: each e-mail holds an "@" (git matches "Name <e-mail>").
EVERY_AUTHOR = "@"


class Activity(BaseModel):
    schema_version: int = ACTIVITY_SCHEMA_VERSION
    authors: list[str]
    # GitHub logins of the developer, when a GitHub source was read.
    logins: list[str] = []
    period: Period
    repositories: list[Repository] = []
    commits: list[Commit] = []
    pull_requests: list[PullRequest] = []
    warnings: list[str] = []
    # Other authors' commits in the same repositories and period that a check or a signal may
    # need: those of the months the developer was active in, those that came within
    # FOLLOW_UP_DAYS of a commit of theirs, and those that revert one. Message and file
    # names only: they carry no line counts (stats_complete is False).
    others: list[Commit] = Field(default_factory=list)
    # Per month, the pull requests of others the developer reviewed: None when GitHub was not
    # read with a token, so the review signal is left out rather than shown as zero.
    reviews_given: dict[str, int] | None = None

    @property
    def identities(self) -> list[str]:
        """Whose activity this is, as the workspace knows them: the authors, then the logins, each once."""
        return list(dict.fromkeys(self.authors + self.logins))


def developer_identities(authors: list[str], logins: list[str]) -> list[str]:
    """The identities a run names: each --author (else the forge logins), then the logins, each once."""
    logins = [login for login in logins if login]
    named = [author.strip() for author in authors if author.strip()] or logins
    return list(dict.fromkeys(named + logins))
