"""What the forges' HTTP clients (github_api.py, gitlab_api.py) read alike of an answer and an address."""

from __future__ import annotations

import urllib.parse


def retry_after_seconds(retry_after: str | None) -> float | None:
    """A `Retry-After` in seconds; None when absent or an HTTP date, which neither forge sends."""
    try:
        return max(0.0, float(retry_after)) if retry_after is not None else None
    except ValueError:
        return None


def origin(url: str) -> str:
    """The scheme and host of `url`: where a client could not reach, said without the path."""
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"
