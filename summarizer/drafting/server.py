"""How many requests the model server answers at once.

llama.cpp serves a fixed number of slots (its `/props` says `total_slots`); a request past them
waits in the server's queue without a byte sent back, and the client's idle timeout fires on a
request the model has not even started. vLLM and OpenAI batch every request they are sent and
have no such limit (and no `/props`). So the server is asked once per run, and no more requests
than its slots are ever sent at once; the timeout then only ever runs while the model reads the
prompt or writes (llama.cpp pings a stream every 30 s while it reads a long prompt).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from typing import Any

# How long the server may take to say how many slots it has.
PROPS_TIMEOUT = 5.0


class ServerSlots:
    """The server's slots, learnt at the first request, and a pool of that many for the run."""

    def __init__(self, base_url: str, known_unlimited: bool) -> None:
        self.base_url = base_url
        self.total: int | None = None
        self._asked = known_unlimited
        self._pool: asyncio.Semaphore | None = None
        self._lock: asyncio.Lock | None = None

    async def pool(self) -> Any:
        """What a request holds while it is sent: one of the server's slots, or nothing where it has no limit."""
        if not self._asked:
            self._lock = self._lock or asyncio.Lock()
            async with self._lock:
                if not self._asked:
                    self.total = await total_slots(self.base_url)
                    self._pool = asyncio.Semaphore(self.total) if self.total else None
                    self._asked = True
        return self._pool or contextlib.nullcontext()


async def total_slots(base_url: str) -> int | None:
    """llama.cpp's `total_slots` from `/props` beside the API's `/v1`; None where the server has none."""
    http = http_library()
    url = base_url.removesuffix("/").removesuffix("/v1") + "/props"
    try:
        async with http.AsyncClient(timeout=PROPS_TIMEOUT) as client:
            answer = await client.get(url)
        total = answer.json().get("total_slots") if answer.status_code == 200 else None
    except (http.HTTPError, json.JSONDecodeError, AttributeError):
        return None
    return total if isinstance(total, int) and not isinstance(total, bool) and total > 0 else None


def http_library() -> Any:
    """The HTTP library the installed openai SDK is built on (httpx, or its successor)."""
    import openai  # the SDK (0.7 s) only when a server is asked

    client_class = next(base for base in openai.DefaultAsyncHttpxClient.__mro__ if base.__name__ == "AsyncClient")
    return sys.modules[client_class.__module__.partition(".")[0]]
