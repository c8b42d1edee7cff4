"""`git log` read into commits: records parsed while git is still writing the next ones.

A repository is read by up to three logs at once (the developer's, everyone else's beside
it, the reverts after the period): the first is parsed as it comes, the others each in a
thread of its own, so that git never waits on a full pipe and the cores are used.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import re
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import cast

from summarizer.activity import Commit, FileChange, gc_paused
from summarizer.errors import SummarizerError
from summarizer.sanitize import sanitized_message, without_controls
from summarizer.sources.commits import co_authors, pr_number

_FIELD = "%x1f"
LOG_FORMAT = "%x1e" + _FIELD.join(["%H", "%aN", "%aE", "%aI", "%cI", "%B"]) + _FIELD
# How git log writes the records parsed here; the commits are chosen by other arguments.
OUTPUT = ["-z", "--no-renames", f"--format={LOG_FORMAT}"]
_RECORD_START = re.compile(rb"\x1e(?=[0-9a-f]{40,64}\x1f)")
# Room for git to write ahead while the records before are parsed (Linux's most for a user).
_PIPE_SIZE = 1 << 20
_CHUNK = 1 << 16
_OBJECT_NAME = re.compile(rb"[0-9a-f]{40}|[0-9a-f]{64}")
_REPOSITORY_VARIABLES = frozenset({
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES",
})  # fmt: skip

# Whether a commit by this author name and e-mail, landed in this month ("2025-03"), is wanted:
# asked before the commit is built, so the rest of the record is never parsed.
Wanted = Callable[[str, str, str], bool]


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
        self._parsed: tuple[list[Commit], int, str] | BaseException | None = None
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

    def commits(self) -> tuple[list[Commit], int, str]:
        """The commits, git's exit code and its error output."""
        if self._thread is None:
            return self._parse()
        self._thread.join()
        if isinstance(self._parsed, BaseException):
            raise self._parsed
        return cast("tuple[list[Commit], int, str]", self._parsed)

    def _parse_aside(self) -> None:
        try:
            self._parsed = self._parse()
        except BaseException as error:  # raised again in the thread that asks for the commits
            self._parsed = error

    def _parse(self) -> tuple[list[Commit], int, str]:
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
        return commits, returncode, self._errors.read().decode(errors="replace").strip()

    def _commits_in(self, records: Iterable[bytes]) -> Iterator[Commit]:
        for record in records:
            commit = _parse_record(record, self._repo, self._wanted, self._line_counts) if record else None
            if commit is not None and (self._keep is None or self._keep(commit)):
                yield commit


def read_log(path: Path, arguments: list[str], repo: str, keep: Callable[[Commit], bool] | None = None) -> tuple[list[Commit], int, str]:
    """One `git log` read to its end: its commits that `keep` wants, git's exit code and its error output."""
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


def _parse_record(record: bytes, repo: str, wanted: Wanted | None, line_counts: bool) -> Commit | None:
    header, _, numstat = record.partition(b"\x1f\x00")
    sha, name, email, authored, committed, message = header.decode(errors="replace").split("\x1f", 5)
    name, email = without_controls(name), without_controls(email)
    if wanted is not None and not wanted(name, email, committed[:7]):
        return None
    subject, _, body = message.strip().partition("\n\n")
    subject, body = sanitized_message(subject, body)
    return Commit(
        sha=sha,
        repo=repo,
        author_name=name,
        author_email=email,
        authored_at=dt.datetime.fromisoformat(authored),
        committed_at=dt.datetime.fromisoformat(committed),
        month=committed[:7],
        subject=subject,
        body=body,
        pr=pr_number(subject, body),
        co_authors=co_authors(body),
        files=_parse_numstat(numstat),
        stats_complete=line_counts,
    )


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
