"""Writing files so that a crash leaves either the old content or the new, never half."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from summarizer.errors import SummarizerError


def write_atomic(path: Path, text: str) -> None:
    directory = path.parent
    if not directory.is_dir():
        raise SummarizerError(f"cannot write {path}: folder {directory} does not exist")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    except OSError as error:
        raise SummarizerError(f"cannot write {path}: {error.strerror or error}") from error
    try:
        # mkstemp makes the file private; give it the mode a plain open() would have.
        os.chmod(temporary, _existing_mode(path))
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise SummarizerError(f"cannot write {path}: {error.strerror or error}") from error


def _existing_mode(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
