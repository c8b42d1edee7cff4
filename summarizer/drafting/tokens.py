"""Token budgets: counts with tiktoken for the model's encoding, or an honest estimate.

tiktoken downloads an encoding on first use; where that cannot happen (offline, or a
model tiktoken does not know and no encoding cached) counts fall back to an estimate of
four bytes a token, with a warning said once.
"""

from __future__ import annotations

import math
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import tiktoken

# US dollars per million tokens (input, output), as published by OpenAI; for estimates only.
PRICES = {
    "gpt-4o": (2.50, 10.00), "gpt-4o-mini": (0.15, 0.60), "gpt-4.1": (2.00, 8.00), "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40), "gpt-5": (1.25, 10.00), "gpt-5-mini": (0.25, 2.00), "gpt-5-nano": (0.05, 0.40),
    "o4-mini": (1.10, 4.40), "o3": (2.00, 8.00),
}  # fmt: skip
_DOWNLOAD_TIMEOUT = 10.0


class TokenCounter:
    def __init__(self, model: str, encoding: tiktoken.Encoding | None = None, warn: Callable[[str], None] | None = None) -> None:
        self.model = model
        self._encoding = encoding
        self._loaded = encoding is not None
        self._warn = warn
        self.approximate = False

    def count(self, text: str) -> int:
        encoding = self._load()
        if encoding is None:
            return math.ceil(len(text.encode()) / 4)
        return len(encoding.encode(text, disallowed_special=()))

    def _load(self) -> tiktoken.Encoding | None:
        if not self._loaded:
            self._loaded = True
            self._encoding = _encoding_for(self.model)
            if self._encoding is None:
                self.approximate = True
                if self._warn:
                    self._warn(f"token counts are estimates: tiktoken could not load the encoding for {self.model!r} (offline?)")
        return self._encoding


def estimated_cost(model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
    prices = PRICES.get(model) or next((PRICES[name] for name in sorted(PRICES, key=len, reverse=True) if model.startswith(name + "-")), None)
    if prices is None:
        return None
    return round((prompt_tokens * prices[0] + completion_tokens * prices[1]) / 1_000_000, 6)


def _encoding_for(model: str) -> tiktoken.Encoding | None:
    import tiktoken  # only when a model's prompt is counted: offline runs never load it

    try:
        name = tiktoken.encoding_name_for_model(model)
    except KeyError:
        name = "o200k_base"  # the encoding of current OpenAI models; a fair guess for others
    previous = socket.getdefaulttimeout()
    # tiktoken's download sets no timeout of its own; a dead network must not hang the run.
    socket.setdefaulttimeout(_DOWNLOAD_TIMEOUT)
    try:
        return tiktoken.get_encoding(name)
    except Exception:  # noqa: BLE001 - any failure to fetch or read the file means: estimate
        return None
    finally:
        socket.setdefaulttimeout(previous)
