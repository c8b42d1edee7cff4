"""What a batch run's drafting passes leave for the Batch API (--batch): each request the cache
cannot answer is collected, and ends its developer's pass (Deferred)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Deferred(Exception):
    """The request waits for a batch (--batch): the drafting pass that asked it ends without it."""


class BatchRequest(BaseModel):
    """A request a drafting pass left for the Batch API: the Chat Completions body, and where its answer goes."""

    key: str
    answer: str  # the answer model's name, for parsing what comes back
    body: dict[str, Any]


class Collector:
    """What the drafting passes of a batch run leave for the Batch API, and what must not wait for it."""

    def __init__(self) -> None:
        self.requests: dict[str, BatchRequest] = {}
        self.answers: dict[str, type[BaseModel]] = {}
        # Lines a batch could not answer: asked directly from then on.
        self.synchronous: set[str] = set()
