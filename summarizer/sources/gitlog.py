"""`git log` read into commits: records parsed while git is still writing the next ones.

A repository is read by up to three logs at once (the developer's, everyone else's beside
it, the reverts after the period): the first is parsed as it comes, the others each in a
thread of its own, so that git never waits on a full pipe and the cores are used.
"""

from __future__ import annotations

import datetime as dt
import functools
import io
import os
import re
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import NamedTuple, cast

from summarizer.errors import SummarizerError
from summarizer.models.activity import Commit, FileChange, gc_paused
from summarizer.sanitize import sanitized, sanitized_message, without_controls
from summarizer.sources.commits import co_authors, pr_number
from summarizer.words import count

_FIELD = "%x1f"
LOG_FORMAT = "%x1e" + _FIELD.join(["%H", "%aN", "%aE", "%aI", "%cI", "%B"]) + _FIELD
# How git log writes the records parsed here; the commits are chosen by other arguments.
OUTPUT = ["-z", "--no-renames", f"--format={LOG_FORMAT}"]
_RECORD_START = re.compile(rb"\x1e(?=[0-9a-f]{40,64}\x1f)")
# Room for git to write ahead while the records before are parsed (Linux's most for a user).
_PIPE_SIZE = 1 << 20
_CHUNK = 1 << 16
_OBJECT_NAME = re.compile(rb"[0-9a-f]{40}|[0-9a-f]{64}")
# A date as %aI writes it, any year and any offset: git keeps whatever offset a commit records
# (+9999 is written +99:99), and writes the placeholder itself for a date it cannot read.
_GIT_DATE = re.compile(r"(?P<local>(?P<year>[0-9]{4,})-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2})(?P<sign>[+-])(?P<hours>[0-9]{2}):(?P<minutes>[0-9]{2})")
# What a commit whose date cannot be read is asked `keep` with, before it is left out.
_NO_DATE = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
_REPOSITORY_VARIABLES = frozenset({
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES",
})  # fmt: skip

# Whether a commit by this author name and e-mail, landed in this month ("2025-03"), is wanted:
# asked before the commit is built, so the rest of the record is never parsed.
Wanted = Callable[[str, str, str], bool]


class Misdated(NamedTuple):
    """A commit whose date git wrote in a form not read as written: what was done, and whether it was left out."""

    sha: str
    note: str
    left_out: bool


class LogRead(NamedTuple):
    """A log read to its end: the commits, git's exit code and error output, the commits misdated."""

    commits: list[Commit]
    returncode: int
    stderr: str
    misdated: list[Misdated]


def git_environment() -> dict[str, str]:
    # Without the variables that would point git at another repository than the one asked for.
    env = {k: v for k, v in os.environ.items() if k not in _REPOSITORY_VARIABLES}
    # GIT_FLUSH=0: git log writes to a pipe in full buffers, not a write (and a wake-up of the
    # reader) per commit: a 30,000-commit log spent a second of system time on those.
    env.update(LC_ALL="C", GIT_TERMINAL_PROMPT="0", GIT_FLUSH="0")
    return env


class GitLog:
    """A running `git log`, its records parsed into commits as git writes them: when `commits()`
    is asked, or from the start in a thread of its own (`background`), for a log that runs
    beside another. Only the commits `wanted` and `keep` let through are built and kept."""

    def __init__(
        self, path: Path, arguments: list[str], repo: str, *, keep: Callable[[Commit], bool] | None = None,
        wanted: Wanted | None = None, background: bool = False, line_counts: bool = True,
    ) -> None:  # fmt: skip
        self._errors = tempfile.TemporaryFile()
        try:
            self._process = subprocess.Popen(
                ["git", "-C", str(path), *arguments], stdout=subprocess.PIPE, stderr=self._errors, env=git_environment(),
                pipesize=_PIPE_SIZE,
            )  # fmt: skip
        except FileNotFoundError as error:
            self._errors.close()
            raise SummarizerError("git is not installed (or not on PATH)") from error
        self._repo, self._keep, self._wanted, self._line_counts = repo, keep, wanted, line_counts
        self._thread: threading.Thread | None = None
        self._parsed: LogRead | BaseException | None = None
        self._misdated: list[Misdated] = []
        if background:
            self._thread = threading.Thread(target=self._parse_aside, daemon=True)
            self._thread.start()

    def __enter__(self) -> GitLog:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        # A log left unread (an error in the one before it) is stopped, not waited for.
        if self._process.poll() is None:
            self._process.kill()
        if self._thread is not None:
            self._thread.join()
        self._process.wait()
        cast(io.BufferedReader, self._process.stdout).close()
        self._errors.close()

    def commits(self) -> LogRead:
        """The commits, git's exit code, its error output and the commits whose dates were not read as written."""
        if self._thread is None:
            return self._parse()
        self._thread.join()
        if isinstance(self._parsed, BaseException):
            raise self._parsed
        return cast(LogRead, self._parsed)

    def _parse_aside(self) -> None:
        try:
            self._parsed = self._parse()
        except BaseException as error:  # raised again in the thread that asks for the commits
            self._parsed = error

    def _parse(self) -> LogRead:
        stdout = cast(io.BufferedReader, self._process.stdout)
        commits: list[Commit] = []
        pending = b""
        with gc_paused():
            for chunk in iter(lambda: stdout.read1(_CHUNK), b""):
                # Every piece but the last is a whole record: a record ends where the next begins.
                *records, pending = _RECORD_START.split(pending + chunk)
                commits.extend(self._commits_in(records))
            commits.extend(self._commits_in([pending]))
        returncode = self._process.wait()
        self._errors.seek(0)
        return LogRead(commits, returncode, self._errors.read().decode(errors="replace").strip(), self._misdated)

    def _commits_in(self, records: Iterable[bytes]) -> Iterator[Commit]:
        for record in records:
            parsed = _parse_record(record, self._repo, self._wanted, self._line_counts) if record else None
            if parsed is None:
                continue
            commit, misdated = parsed
            if self._keep is not None and not self._keep(commit):
                continue
            if misdated is not None:
                self._misdated.append(misdated)
                if misdated.left_out:
                    continue
            yield commit


def read_log(path: Path, arguments: list[str], repo: str, keep: Callable[[Commit], bool] | None = None) -> LogRead:
    """One `git log` read to its end: its commits that `keep` wants, git's exit code, its error output and the misdated commits."""
    with GitLog(path, arguments, repo, keep=keep) as log:
        return log.commits()


def line_counts(path: Path, shas: list[str]) -> dict[str, list[FileChange]]:
    """The files and line counts of each commit git can read, in as few `git diff-tree` runs as
    the unreadable ones allow: a run stops at the first of them, and goes on after it."""
    found: dict[str, list[FileChange]] = {}
    remaining = shas
    while remaining:
        described, returncode = _diff_tree(path, remaining)
        if returncode == 0:
            found.update(described)
            break
        # git names a commit before it reads its files: the last one named is where it
        # stopped, unless it stopped before naming the next (then that one is).
        named = list(described)
        found.update((sha, described[sha]) for sha in named[:-1])
        suspect = named[-1] if named else remaining[0]
        alone, returncode = _diff_tree(path, [suspect])
        if returncode == 0:
            found.update(alone)
        remaining = remaining[remaining.index(suspect) + 1 :]
    return found


def _diff_tree(path: Path, shas: list[str]) -> tuple[dict[str, list[FileChange]], int]:
    arguments = ["diff-tree", "--stdin", "-z", "-r", "--numstat", "--no-renames", "--root"]
    result = subprocess.run(
        ["git", "-C", str(path), *arguments], input="\n".join(shas).encode() + b"\n", capture_output=True, env=git_environment()
    )  # fmt: skip
    described: dict[str, list[FileChange]] = {}
    current: list[FileChange] = []
    for entry in result.stdout.split(b"\x00"):
        if _OBJECT_NAME.fullmatch(entry):
            current = described.setdefault(entry.decode(), [])
        elif entry.strip():
            current.extend(_parse_numstat(entry))
    return described, result.returncode


def misdated_warnings(repo: str, misdated: list[Misdated]) -> list[str]:
    """What the user is told of the commits whose dates were not read as written, those left out first."""
    warnings = []
    for left_out, what in ((True, "left out, no month being readable from its commit date"), (False, "read with a date git wrote oddly")):
        notes = [f"{commit.sha[:7]} ({commit.note})" for commit in misdated if commit.left_out == left_out]
        if notes:
            warnings.append(f"{repo}: {count(len(notes), 'commit')} {what}: {', '.join(notes[:5])}{', …' if len(notes) > 5 else ''}")
    return warnings


def _parse_record(record: bytes, repo: str, wanted: Wanted | None, line_counts: bool) -> tuple[Commit, Misdated | None] | None:
    """The commit a record describes, and how its dates were read when not as written; None when not `wanted`."""
    header, _, numstat = record.partition(b"\x1f\x00")
    sha, name, email, authored, committed, message = header.decode(errors="replace").split("\x1f", 5)
    name, email = _identity(name, email)
    committed_at, committed_trouble = _git_date(committed)
    if committed_at is None:
        # No month to ask `wanted` about; `keep` is still asked, so that only a wanted commit is said to be left out.
        if wanted is not None:
            return None
        misdated = Misdated(sha, committed_trouble, left_out=True)
        committed_at = authored_at = _NO_DATE
    else:
        authored_at, authored_trouble = _git_date(authored)
        notes = [committed_trouble] if committed_trouble else []
        if authored_at is None:
            authored_at = committed_at
            notes.append(f"author date {authored_trouble}: the commit date stands in")
        elif authored_trouble and authored_trouble != committed_trouble:  # a clock set wrong gives both the same
            notes.append(f"author date: {authored_trouble}")
        misdated = Misdated(sha, "; ".join(notes), left_out=False) if notes else None
    # %cI writes the committer's own offset: its first seven characters are the month the commit landed in there.
    month = f"{committed_at:%Y-%m}" if committed_trouble else committed[:7]
    if wanted is not None and not wanted(name, email, month):
        return None
    subject, _, body = message.strip().partition("\n\n")
    subject, body = sanitized_message(subject, body)
    commit = Commit(
        sha=sha,
        repo=repo,
        author_name=name,
        author_email=email,
        authored_at=authored_at,
        committed_at=committed_at,
        month=month,
        subject=subject,
        body=body,
        pr=pr_number(subject, body),
        co_authors=co_authors(body),
        files=_parse_numstat(numstat),
        stats_complete=line_counts,
    )
    return commit, misdated


@functools.lru_cache(maxsize=4096)
def _identity(name: str, email: str) -> tuple[str, str]:
    """An author's name and e-mail as the tool keeps them, like commit text (a token pasted into
    a name is redacted): worked out once per author, not once per commit."""
    return sanitized(name), sanitized(email)


def _git_date(text: str) -> tuple[dt.datetime | None, str]:
    """A date as %aI writes it, and what was odd about it ("" when read as written): an offset no
    place has (a day or more either way) is read as UTC; None when git could not read the date
    itself, or it lies past the year 9999, which Python does not hold."""
    try:
        return dt.datetime.fromisoformat(text), ""
    except ValueError:
        pass
    match = _GIT_DATE.fullmatch(text)
    if match is None:
        return None, "which git cannot read"
    if len(match["year"]) > 4:
        return None, "after the year 9999"
    offset = dt.timedelta(hours=int(match["hours"]), minutes=int(match["minutes"]))
    local = f"{match['sign']}{match['hours']}{match['minutes']}"
    try:
        instant = dt.datetime.fromisoformat(match["local"]) - (offset if match["sign"] == "+" else -offset)
    except (ValueError, OverflowError):
        return None, "which git cannot read"
    return instant.replace(tzinfo=dt.timezone.utc), f"UTC offset {local}, which no place has: read as UTC"


def _parse_numstat(numstat: bytes) -> list[FileChange]:
    """`--numstat` entries ("added\tdeleted\tpath"), or `--name-only` ones (the path alone)."""
    files = []
    for entry in numstat.lstrip(b"\n").split(b"\x00"):
        if not entry:
            continue
        if b"\t" not in entry:
            files.append(FileChange(path=without_controls(entry.decode(errors="replace"))))
            continue
        added, deleted, path = entry.decode(errors="replace").split("\t", 2)
        path = without_controls(path)
        if added == "-":
            files.append(FileChange(path=path, binary=True, counted=False))
        else:
            files.append(FileChange(path=path, added=int(added), deleted=int(deleted)))
    return files
