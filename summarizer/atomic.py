"""Writing files so that a crash leaves either the old content or the new, never half.

The temporary file renamed over the target is only right for a regular file: renamed over
a symlink, a FIFO or a device, it would put a plain file in that thing's place. So
`write_atomic` follows symlinks to the file they name and refuses anything that is not a
regular file (or not there yet), raising `NotARegularFile` for the caller to write through.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from summarizer.errors import SummarizerError


class NotARegularFile(SummarizerError):
    """The path names something a rename would destroy: a FIFO, a device, a folder, a socket."""


def write_atomic(path: Path, text: str) -> None:
    target, existing = _regular_target(path)
    directory = target.parent
    if not directory.is_dir():
        problem = f"{directory} is not a folder" if directory.exists() else f"folder {directory} does not exist"
        raise SummarizerError(f"cannot write {path}: {problem}")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=directory)
    except OSError as error:
        raise SummarizerError(f"cannot write {path}: {error.strerror or error}") from error
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            _take_over(stream.fileno(), existing)
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException as error:
        # Interrupted or failed, the old file is untouched; only the half-written copy goes.
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise SummarizerError(f"cannot write {path}: {error.strerror or error}") from error
        raise


def _regular_target(path: Path) -> tuple[Path, os.stat_result | None]:
    """The file to rename over, symlinks followed, and its status (None when it is not there yet)."""
    try:
        existing = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        # A missing file, or a dangling symlink: the file is created where the link points.
        return Path(os.path.realpath(path)), None
    except OSError as error:
        raise SummarizerError(f"cannot write {path}: {error.strerror or error}") from error
    if not stat.S_ISREG(existing.st_mode):
        raise NotARegularFile(f"cannot write {path} atomically: it is not a regular file")
    target = Path(os.path.realpath(path))
    try:
        same = os.path.samestat(existing, os.stat(target))
    except OSError:
        same = False
    if not same:
        # A link under /proc (as /dev/fd/N) can name an open file whose path is gone or
        # has changed; only the descriptor reaches it.
        raise NotARegularFile(f"cannot write {path} atomically: it names no file by a path")
    return target, existing


def _take_over(descriptor: int, existing: os.stat_result | None) -> None:
    """Give the new file the old one's owner and mode (mkstemp makes it private to us)."""
    if existing is None:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(descriptor, 0o666 & ~umask)
        return
    # Only root may give a file away; a member of the file's group may still keep the group.
    for owner in (existing.st_uid, -1):
        try:
            os.fchown(descriptor, owner, existing.st_gid)
            break
        except OSError:
            continue
    # After chown, which clears the set-user-ID and set-group-ID bits.
    os.fchmod(descriptor, stat.S_IMODE(existing.st_mode))
