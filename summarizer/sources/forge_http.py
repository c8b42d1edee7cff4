"""What the forges' HTTP clients (github_api.py, gitlab_api.py) read alike of an answer and an address."""

from __future__ import annotations

import urllib.parse

from summarizer.errors import ExitCode, SummarizerError


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


def still_failing(forge: str, where: str, status: int, said: str, url: str, attempts: int) -> SummarizerError:
    """A server error (5xx) that asking `attempts` times did not get past: one line, exit 3."""
    return SummarizerError(
        f"{forge} at {where} is failing: {status} {said} for {url}, {attempts} times in a row. "
        f"Everything fetched so far is cached: run again later to resume",
        ExitCode.UNAVAILABLE,
    )


def unexpected_answer(forge: str, status: int, url: str, said: str) -> SummarizerError:
    """Any other answer the client has no reading of: the forge's words, exit 2."""
    return SummarizerError(f"{forge} answered {status} for {url}: {said}", ExitCode.BAD_INPUT)
