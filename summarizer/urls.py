"""Service addresses the user sets in the environment (OPENAI_BASE_URL, GITHUB_API_URL, …)."""

from __future__ import annotations

import os
import urllib.parse

from summarizer.errors import SummarizerError


def url_setting(variable: str, default: str, example: str) -> str:
    """The variable's URL, else `default`; a value that is no http(s) address is the user's to fix,
    said before any request is tried (the clients' own errors name neither the variable nor the fix)."""
    value = os.environ.get(variable)
    if not value:
        return default
    parts = urllib.parse.urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SummarizerError(f"{variable} is {value!r}, not an http:// or https:// address (like {example})")
    return value.strip()
