"""The GitLab REST API (v4) client: sequential, cached, conditional requests to one instance.

Every answer is cached under its URL with its ETag and the time it was fetched. A caller
that knows when an answer stopped changing (a month that has ended, a commit, a merged
merge request's approvals) says so, and an answer fetched after that moment is reused
without asking; anything else is asked with `If-None-Match`, and a 304 reuses the cached
body. Lists are walked by `x-next-page` (offset pagination; an empty page ends one too).

Failures: a 5xx, or a 429 whose `Retry-After` is short, is asked again up to MAX_RETRIES
times; then, as for anything that cannot be used, the run stops with one line (a
SummarizerError): exit 2 for what the input can fix (404, 400, 422: callers name what was
not found), exit 3 for a service that cannot be used (unreachable, connection broken,
401/403, rate limited, 5xx, not JSON). The token goes in `PRIVATE-TOKEN`, never into the
cache, and never to a host a redirect points at.
"""

from __future__ import annotations

import datetime as dt
import http.client
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

from summarizer.cache import RunCache, cache_key
from summarizer.errors import ExitCode, SummarizerError
from summarizer.sources.forge_http import origin, retry_after_seconds, still_failing, unexpected_answer

DEFAULT_URL = "https://gitlab.com"
URL_EXAMPLE = "https://gitlab.example.com, or https://HOST/gitlab for an instance under a path"
MAX_RETRIES = 3  # a failing (5xx) or briefly throttled (429) answer is asked again at most this many times
FIRST_BACKOFF_SECONDS = 1.0  # doubled at each retry of a 5xx that names no `Retry-After`
# GitLab's throttles count per minute: a longer wait is the user's to choose, not the run's.
LONGEST_WAIT_SECONDS = 60.0
# Answers that never change once fetched (a commit and its diff).
EVER = dt.datetime.min.replace(tzinfo=dt.timezone.utc)


def api_root(web: str) -> str:
    """The REST root of an instance whose web address is `web` (a sub-path kept): `{web}/api/v4`."""
    root = web.strip().rstrip("/")
    return root if root.endswith("/api/v4") else f"{root}/api/v4"


def gitlab_token() -> str | None:
    token = os.environ.get("GITLAB_TOKEN", "").strip()
    return token or None


class NotFound(SummarizerError):
    """A 404; callers that know what was asked for say so in the user's terms."""

    def __init__(self, url: str, answer: str) -> None:
        super().__init__(f"GitLab has nothing at {url} ({answer})", ExitCode.BAD_INPUT)
        self.answer = answer


class GitLabClient:
    """Sequential, cached requests to one instance's REST root; the token is sent, never stored."""

    def __init__(self, web: str, token: str | None, cache: RunCache, sleep: Callable[[float], None] = time.sleep) -> None:
        self.api = api_root(web)
        self.web = self.api.removesuffix("/api/v4")
        self.token = token
        self.cache = cache
        self.sleep = sleep

    def get(self, path: str, settled: dt.datetime | None = None) -> Any:
        """The JSON at `path`; a cached answer fetched after `settled` is reused without asking."""
        return self._fetch(f"{self.api}{path}", settled)[0]

    def pages(self, path: str, settled: dt.datetime | None = None) -> list[Any]:
        """Every item of a list, page after page as `x-next-page` says (`per_page=100`)."""
        items: list[Any] = []
        separator = "&" if "?" in path else "?"
        page: str | None = "1"
        while page:
            body, page = self._fetch(f"{self.api}{path}{separator}per_page=100&page={page}", settled)
            if not isinstance(body, list):
                raise TypeError(f"a list was expected at {path}, not {type(body).__name__}")
            if not body:
                break
            items += body
        return items

    def _fetch(self, url: str, settled: dt.datetime | None) -> tuple[Any, str | None]:
        key = cache_key("gitlab-rest", url=url)
        cached = self.cache.get(key)
        stored = json.loads(cached) if cached else None
        if stored and settled is not None and dt.datetime.fromisoformat(stored["fetched"]) > settled:
            return stored["body"], stored["next"]
        headers = {"If-None-Match": stored["etag"]} if stored and stored.get("etag") else {}
        fetched = dt.datetime.now(dt.timezone.utc)
        status, answer_headers, body = self._send(urllib.request.Request(url, headers=headers))
        if status == 304 and stored:
            body, next_page = stored["body"], stored["next"]
        else:
            next_page = answer_headers.get("x-next-page") or None
        # Stored again after a 304 too: the time it was last known right is what lets it be reused unasked.
        etag = answer_headers.get("etag") or (stored or {}).get("etag")
        self.cache.set(key, json.dumps({"etag": etag, "body": body, "next": next_page, "fetched": fetched.isoformat()}))
        return body, next_page

    def _send(self, request: urllib.request.Request) -> tuple[int, dict[str, str], Any]:
        request.add_header("Accept", "application/json")
        request.add_header("User-Agent", "summarizer")
        if self.token:
            # Not carried to wherever a redirect points: the token is this instance's only.
            request.add_unredirected_header("PRIVATE-TOKEN", self.token)
        url = request.full_url
        retries = 0
        while True:
            try:
                with urllib.request.urlopen(request, timeout=60) as response:
                    return response.status, _lowered(response.headers), _json_body(response.read(), response.headers, url)
            except urllib.error.HTTPError as error:
                headers = _lowered(error.headers)
                if error.code == 304:
                    return 304, headers, None
                wait = _retry_wait(error.code, headers, retries)
                if wait is None or retries == MAX_RETRIES:
                    raise self._http_error(error, headers, url) from error
                self.sleep(wait)
                retries += 1
            except urllib.error.URLError as error:
                raise SummarizerError(
                    f"cannot reach GitLab at {origin(url)}: {error.reason} (GITLAB_URL is {self.web})", ExitCode.UNAVAILABLE
                ) from error
            except (OSError, http.client.HTTPException) as error:
                # Past the connection: a reset, a timeout or a cut-off answer while reading it.
                raise SummarizerError(
                    f"GitLab at {origin(url)} broke off its answer: {str(error) or type(error).__name__}", ExitCode.UNAVAILABLE
                ) from error

    def _http_error(self, error: urllib.error.HTTPError, headers: dict[str, str], url: str) -> SummarizerError:
        """The error an HTTP failure ends in, once retrying is over or cannot help."""
        status = error.code
        raw = _read_error(error)
        said = _gitlab_says(raw) or error.reason
        if status == 429:
            wait = headers.get("retry-after") or "?"
            return SummarizerError(
                f"GitLab at {self.web} is rate limiting this client (429, Retry-After: {wait} s); run again after that: "
                f"everything fetched so far is cached",
                ExitCode.UNAVAILABLE,
            )
        if status == 401:
            return SummarizerError(f"GitLab at {self.web} refused the token (401 {said}): check GITLAB_TOKEN", ExitCode.UNAVAILABLE)
        if status == 403:
            return SummarizerError(
                f"GitLab at {self.web} refused {url} (403 {said}): check the token's access (scope read_api)", ExitCode.UNAVAILABLE
            )
        if status == 404:
            if not _is_json(headers):
                # A web page, not the API: GITLAB_URL names something else than an instance's root.
                return _not_the_api(url, headers, self.web)
            return NotFound(url, f"404 {said}")
        if status >= 500:
            return still_failing("GitLab", self.web, status, said, url, MAX_RETRIES + 1)
        return unexpected_answer("GitLab", status, url, said)


def _retry_wait(status: int, headers: dict[str, str], retries: int) -> float | None:
    """Seconds to wait before asking again, or None when asking again cannot help now."""
    retry_after = retry_after_seconds(headers.get("retry-after"))
    if status == 429:
        return retry_after if retry_after is not None and retry_after <= LONGEST_WAIT_SECONDS else None
    if status >= 500:
        return retry_after if retry_after is not None else FIRST_BACKOFF_SECONDS * 2**retries
    return None


def _json_body(text: bytes, headers: Any, url: str) -> Any:
    try:
        return json.loads(text or b"null")
    except ValueError as error:
        raise _not_the_api(url, _lowered(headers), None) from error


def _not_the_api(url: str, headers: dict[str, str], web: str | None) -> SummarizerError:
    kind = (headers.get("content-type") or "an unnamed type").split(";")[0]
    where = f" (GITLAB_URL is {web})" if web else ""
    return SummarizerError(
        f"{url} answered with {kind}, not JSON: is GITLAB_URL the instance's web address{where}? "
        f"Like {DEFAULT_URL}, {URL_EXAMPLE}",
        ExitCode.UNAVAILABLE,
    )


def _read_error(error: urllib.error.HTTPError) -> bytes:
    try:
        return error.read() or b""
    except (OSError, http.client.HTTPException):
        return b""


def _gitlab_says(raw: bytes) -> str:
    """GitLab's own words in an error's JSON body (`message`, else `error`); "" when it sent none."""
    try:
        body = json.loads(raw or b"{}")
    except ValueError:
        return ""
    if not isinstance(body, dict):
        return ""
    said = body.get("message") or body.get("error") or ""
    if isinstance(said, dict):  # a validation error: {"field": ["is invalid"]}
        said = "; ".join(f"{field} {' '.join(map(str, problems)) if isinstance(problems, list) else problems}" for field, problems in said.items())
    # "401 Unauthorized" already carries the status the caller puts before it.
    return str(said).split(" ", 1)[1] if str(said)[:3].isdigit() and " " in str(said) else str(said)


def _is_json(headers: dict[str, str]) -> bool:
    return "json" in headers.get("content-type", "")




def _lowered(headers: Any) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()} if headers else {}
