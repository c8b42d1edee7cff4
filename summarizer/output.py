"""`--output`: writing into whatever is at the path the user gave, never putting a file in its place.

A regular file (or a missing one, or one a symlink names) is replaced atomically; a FIFO or a
character device is opened and written as it is; `-`, and a path naming the file our own
stdout or stderr already is (/dev/stdout, /dev/fd/2, the file stdout was redirected to), is
written to that stream. A path that names one of the run's own inputs (the activity file it
reads, a review workspace) is refused: writing there would destroy what the user has.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TextIO

from summarizer.atomic import NotARegularFile, write_atomic
from summarizer.errors import SummarizerError

STDOUT = "-"


def write_output(path: Path, text: str, inputs: dict[Path, str] | None = None) -> None:
    """Write `text` at `path`; `inputs` are files (or folders, for every file in them) the run
    reads, each with what it is, that the output must not replace."""
    for kept, what in (inputs or {}).items():
        if str(path) != STDOUT and _is_within(path, kept):
            raise SummarizerError(f"{path} is {what}: writing the output there would destroy it; name another --output")
    if str(path) == STDOUT and sys.stdout is None:
        # Python's stand-in for a descriptor 1 that was closed: there is nowhere to write.
        raise SummarizerError("stdout is closed: name a file with --output")
    stream = sys.stdout if str(path) == STDOUT else _standard_stream(path)
    if stream is not None:
        stream.write(text)
        stream.flush()
        return
    try:
        write_atomic(path, text)
    except NotARegularFile:
        _write_through(path, text)


def _is_within(path: Path, kept: Path) -> bool:
    """Whether `path` is the file `kept`, or a file in the folder `kept`, by what is on disk."""
    try:
        if kept.is_dir():
            return path.resolve().parent == kept.resolve()
        return path.exists() and os.path.samefile(path, kept)
    except OSError:
        return False


def _standard_stream(path: Path) -> TextIO | None:
    """stdout or stderr when `path` is the file behind it.

    Opening that file again would start a second write at its beginning, over what the shell
    appended (`>>`) or what went to the stream before; writing to the stream keeps its place.
    """
    try:
        named = os.stat(path)
    except OSError:
        return None
    for stream in (sys.stdout, sys.stderr):
        try:
            if os.path.samestat(named, os.fstat(stream.fileno())):
                return stream
        except (AttributeError, OSError, ValueError):
            continue  # no stream, or one with no descriptor (replaced by a test harness)
    return None


def _write_through(path: Path, text: str) -> None:
    # No O_CREAT: whatever is here is not ours to create; O_TRUNC is what a shell's `>` asks.
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_TRUNC)
    except IsADirectoryError as error:
        raise SummarizerError(f"{path} is a folder; give the path of a file to write") from error
    except OSError as error:
        raise SummarizerError(f"cannot write {path}: {error.strerror or error}") from error
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as error:
        raise SummarizerError(f"cannot write {path}: {error.strerror or error}") from error
