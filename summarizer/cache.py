"""The run cache (SPEC §9): diskcache under SUMMARIZER_CACHE_DIR, holding JSON text.

Values are stored as JSON and validated by the reader, so the cache outlives changes to
class layout; keys are SHA-256 digests of canonical JSON, so every input that changes an
answer changes its key. The cache never holds the review workspace or a secret.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from summarizer.errors import SummarizerError

if TYPE_CHECKING:
    import diskcache


def cache_dir() -> Path:
    configured = os.environ.get("SUMMARIZER_CACHE_DIR")
    if configured:
        return Path(configured).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("summarizer"))


def cache_key(kind: str, **parts: Any) -> str:
    canonical = json.dumps({"kind": kind, **parts}, sort_keys=True, separators=(",", ":"))
    return f"{kind}:{hashlib.sha256(canonical.encode()).hexdigest()}"


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
        value = self._open().get(key)
        if isinstance(value, str):
            self.hits += 1
            return value
        self.misses += 1
        return None

    def set(self, key: str, value: str) -> None:
        if self.enabled:
            self._open().set(key, value)

    def info(self) -> CacheInfo:
        store = self._open()
        return CacheInfo(directory=str(self.directory), entries=len(store), size_bytes=store.volume())

    def clear(self) -> int:
        return self._open().clear()

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    def _open(self) -> diskcache.Cache:
        if self._store is None:
            import diskcache

            try:
                self._store = diskcache.Cache(str(self.directory))
            except sqlite3.DatabaseError:
                # A damaged database is rebuilt: the cache only ever holds what can be redone.
                shutil.rmtree(self.directory, ignore_errors=True)
                self._store = diskcache.Cache(str(self.directory))
            except OSError as error:
                raise SummarizerError(
                    f"cannot open the cache at {self.directory}: {error.strerror or error}"
                ) from error
        return self._store


def open_cache(enabled: bool = True) -> RunCache:
    return RunCache(cache_dir(), enabled=enabled)
