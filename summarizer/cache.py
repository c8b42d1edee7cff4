"""The run cache (SPEC §9): diskcache under SUMMARIZER_CACHE_DIR, holding JSON text.

Values are stored as JSON and validated by the reader, so the cache outlives changes to
class layout; keys are SHA-256 digests of canonical JSON, so every input that changes an
answer changes its key. The cache never holds the review workspace or a secret.

Each value carries a digest of itself: a value cut short or overwritten (a full disk, a
kill mid-write, a hand edit) is a miss, never a half profile or a half activity file.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from summarizer.errors import SummarizerError

if TYPE_CHECKING:
    import diskcache

T = TypeVar("T")

def cache_dir() -> Path:
    configured = os.environ.get("SUMMARIZER_CACHE_DIR")
    if configured:
        return Path(configured).expanduser()
    import platformdirs  # only where no folder is set: it reads the platform's conventions

    return Path(platformdirs.user_cache_dir("summarizer"))


def cache_key(kind: str, **parts: Any) -> str:
    canonical = json.dumps({"kind": kind, **parts}, sort_keys=True, separators=(",", ":"))
    return f"{kind}:{hashlib.sha256(canonical.encode()).hexdigest()}"


@functools.cache
def code_digest() -> str:
    """This installation's code and templates: a profile cached by one version is not another's."""
    package = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".j2", ".css"):
            digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


class CacheInfo(BaseModel):
    directory: str
    entries: int
    size_bytes: int


class RunCache:
    """Opened on first use, so runs that never consult the cache never pay for it."""

    def __init__(self, directory: Path, enabled: bool = True) -> None:
        self.directory = directory
        self.enabled = enabled
        self.hits = 0
        self.misses = 0
        self._store: diskcache.Cache | None = None

    def get(self, key: str) -> str | None:
        if not self.enabled:
            return None
        stored = self._use(lambda store: _read(store, key))
        value = _unsealed(stored) if isinstance(stored, str) else None
        if value is not None:
            self.hits += 1
            return value
        self.misses += 1
        return None

    def set(self, key: str, value: str) -> None:
        if self.enabled:
            self._use(lambda store: store.set(key, _sealed(value)))

    def info(self) -> CacheInfo:
        return self._use(lambda store: CacheInfo(directory=str(self.directory), entries=len(store), size_bytes=store.volume()))

    def clear(self) -> int:
        return self._use(lambda store: store.clear())

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    def _use(self, action: Callable[[diskcache.Cache], T]) -> T:
        """`action` on the open store; a store that cannot be read or written is one message."""
        try:
            try:
                return action(self._open())
            except sqlite3.DatabaseError as error:
                if isinstance(error, sqlite3.OperationalError):
                    raise
                # Damage found past opening (a page in the middle): rebuilt as at opening.
                self.close()
                _remove_store(self.directory)
                return action(self._open())
        except (sqlite3.Error, OSError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            raise SummarizerError(f"cannot use the cache at {self.directory}: {reason} (--no-cache runs without it)") from error

    def _open(self) -> diskcache.Cache:
        if self._store is None:
            import diskcache  # its SQLite start-up only when the cache is first asked, not for --help

            if self.directory.exists() and not self.directory.is_dir():
                raise SummarizerError(f"the cache folder {self.directory} is a file (set SUMMARIZER_CACHE_DIR, or --no-cache)")
            try:
                self._store = diskcache.Cache(str(self.directory))
            except sqlite3.DatabaseError as error:
                if isinstance(error, sqlite3.OperationalError):
                    raise  # read-only, locked, no room: not damage, and not ours to delete
                # A damaged database is rebuilt: the cache only ever holds what can be redone.
                _remove_store(self.directory)
                self._store = diskcache.Cache(str(self.directory))
        return self._store


def _read(store: diskcache.Cache, key: str) -> Any:
    try:
        return store.get(key)
    except UnicodeDecodeError:
        return None  # a value file cut inside a character


def _sealed(value: str) -> str:
    return f"{_digest(value)}\n{value}"


def _unsealed(stored: str) -> str | None:
    digest, _, value = stored.partition("\n")
    return value if digest == _digest(value) else None


def _digest(value: str) -> str:
    return hashlib.blake2b(value.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()


def _remove_store(directory: Path) -> None:
    """diskcache's own files only: the cache folder may be one the user shares with other things."""
    for name in ("cache.db", "cache.db-wal", "cache.db-shm"):
        (directory / name).unlink(missing_ok=True)
    for folder in directory.iterdir():
        if _is_value_folder(folder):
            shutil.rmtree(folder, ignore_errors=True)


def _is_value_folder(folder: Path) -> bool:
    """diskcache keeps large values under two-hex-digit folders, in files ending `.val`."""
    if not (folder.is_dir() and re.fullmatch(r"[0-9a-f]{2}", folder.name)):
        return False
    return all(path.is_dir() or path.suffix == ".val" for path in folder.rglob("*"))


def open_cache(enabled: bool = True) -> RunCache:
    return RunCache(cache_dir(), enabled=enabled)
