"""The GitHub API client: sequential, cached, conditional requests to one API root.

Every response is cached with its ETag: `ask=False` reuses a cached answer without
asking (a month that has ended does not change), and a conditional request answered 304
costs no rate limit. Rate limits: a secondary limit is waited out (`retry-after`); the
primary limit stops the run with the time it resets, everything fetched so far cached so
that the rerun resumes. A 5xx is asked again up to MAX_RETRIES times, waiting
`retry-after` or 1, 2, 4 s. Any answer that cannot be used then stops the run with one
line (a SummarizerError): exit 2 for what the input can fix (404/410, 422, GraphQL
NOT_FOUND/UNPROCESSABLE), exit 3 for a service that cannot be used (unreachable,
connection broken, 401/403, 5xx, not JSON, other GraphQL errors, rate limits).
"""

from __future__ import annotations

import datetime as dt
import http.client
import json
import math
import os
import re
import shutil
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

from summarizer.cache import RunCache, cache_key
from summarizer.errors import ExitCode, SummarizerError
from summarizer.sources.forge_http import origin, retry_after_seconds, still_failing, unexpected_answer

DEFAULT_API = "https://api.github.com"
_NEXT_PAGE = re.compile(r'<([^>]+)>;\s*rel="next"')
MAX_RETRIES = 3  # a rate-limited or failing (5xx) answer is asked again at most this many times
FIRST_BACKOFF_SECONDS = 1.0  # doubled at each retry of a 5xx that names no `retry-after`
# The input names something that is not there, or asks what GitHub cannot answer; other
# GraphQL error types (FORBIDDEN, INTERNAL, untyped "Something went wrong") are the service's.
_USER_FIXABLE_GRAPHQL_ERRORS = {"NOT_FOUND", "UNPROCESSABLE"}
def graphql_endpoint(api: str) -> str:
    """The GraphQL endpoint beside a REST root, as GitHub documents it: https://api.github.com
    has https://api.github.com/graphql; Enterprise Server's https://HOST/api/v3 has
    https://HOST/api/graphql."""
    root = api.rstrip("/")
    if root.endswith("/api/v3"):
        return f"{root.removesuffix('/v3')}/graphql"
    return f"{root}/graphql"


class GitHubClient:
    """Sequential, cached requests to one API root; the token is sent, never stored."""

    def __init__(
        self, api: str, token: str | None, cache: RunCache, graphql: str | None = None, sleep: Callable[[float], None] = time.sleep
    ) -> None:
        self.api = api.rstrip("/")
        self.graphql_url = graphql or graphql_endpoint(self.api)
        self.token = token
        self.cache = cache
        self.sleep = sleep

    def get(self, path: str, ask: bool = True) -> tuple[Any, bool]:
        """The JSON at `path` and whether it changed; `ask=False` reuses a cached answer unasked."""
        body, changed, _ = self._fetch(f"{self.api}{path}", ask)
        return body, changed

    def pages(self, path: str, ask: bool = True) -> tuple[list[Any], bool]:
        """Every page of a REST list, following `link: rel="next"`, and whether any changed."""
        items: list[Any] = []
        changed = False
        url: str | None = f"{self.api}{path}"
        while url:
            body, page_changed, url = self._fetch(url, ask)
            items += body
            changed = changed or page_changed
        return items, changed

    def _fetch(self, url: str, ask: bool) -> tuple[Any, bool, str | None]:
        key = cache_key("github-rest", url=url)
        cached = self.cache.get(key)
        stored = json.loads(cached) if cached else None
        if stored and not ask:
            return stored["body"], False, stored["next"]
        headers = {"If-None-Match": stored["etag"]} if stored and stored.get("etag") else {}
        status, response_headers, body = self._send(urllib.request.Request(url, headers=headers))
        if status == 304 and stored:
            return stored["body"], False, stored["next"]
        next_url = _next_page(response_headers)
        self.cache.set(key, json.dumps({"etag": response_headers.get("etag"), "body": body, "next": next_url}))
        return body, True, next_url

    def graphql(self, query: str, variables: dict[str, Any], ask: bool = True) -> Any:
        key = cache_key("github-graphql", url=self.graphql_url, query=query, variables=variables)
        cached = self.cache.get(key)
        if cached is not None and not ask:
            return json.loads(cached)
        payload = json.dumps({"query": query, "variables": variables}).encode()
        request = urllib.request.Request(self.graphql_url, data=payload, headers={"Content-Type": "application/json"})
        try:
            _, _, body = self._send(request)
        except NotFound as error:
            raise SummarizerError(
                f"there is no GraphQL API at {self.graphql_url} ({error.answer}); set GITHUB_GRAPHQL_URL to the server's "
                f"(https://HOST/api/graphql on GitHub Enterprise Server)"
            ) from error
        if not isinstance(body, dict) or not ("data" in body or "errors" in body):
            raise SummarizerError(f"{self.graphql_url} did not answer as a GraphQL API", ExitCode.UNAVAILABLE)
        errors = body.get("errors") or []
        if any(error.get("type") == "RATE_LIMITED" for error in errors):
            raise _primary_limit(_reset_from_graphql(body))
        if errors:
            first = errors[0]
            exit_code = ExitCode.BAD_INPUT if first.get("type") in _USER_FIXABLE_GRAPHQL_ERRORS else ExitCode.UNAVAILABLE
            raise SummarizerError(f"GitHub's GraphQL API answered: {first.get('message', first)}", exit_code)
        self.cache.set(key, json.dumps(body["data"]))
        return body["data"]

    def _send(self, request: urllib.request.Request) -> tuple[int, dict[str, str], Any]:
        request.add_header("Accept", "application/vnd.github+json")
        request.add_header("X-GitHub-Api-Version", "2022-11-28")
        request.add_header("User-Agent", "summarizer")
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        url = request.full_url
        retries = 0
        while True:
            try:
                with urllib.request.urlopen(request, timeout=60) as response:
                    return response.status, _lowered(response.headers), _json_body(response, url)
            except urllib.error.HTTPError as error:
                headers = _lowered(error.headers)
                if error.code == 304:
                    return 304, headers, None
                wait = _retry_wait(error.code, headers, retries)
                if wait is None or retries == MAX_RETRIES:
                    raise _http_error(error, headers, url, self.api) from error
                self.sleep(wait)
                retries += 1
            except urllib.error.URLError as error:
                raise SummarizerError(f"cannot reach GitHub at {origin(url)}: {error.reason}", ExitCode.UNAVAILABLE) from error
            except (OSError, http.client.HTTPException) as error:
                # Past the connection: a reset, a timeout or a cut-off answer while reading it.
                raise SummarizerError(
                    f"GitHub at {origin(url)} broke off its answer: {str(error) or type(error).__name__}", ExitCode.UNAVAILABLE
                ) from error


def _retry_wait(status: int, headers: dict[str, str], retries: int) -> float | None:
    """Seconds to wait before asking again, or None when asking again cannot help; the
    primary rate limit stops the run."""
    retry_after = retry_after_seconds(headers.get("retry-after"))
    if status in (403, 429):
        if headers.get("x-ratelimit-remaining") == "0":
            raise _primary_limit(int(headers.get("x-ratelimit-reset", "0")))
        if retry_after is not None:
            return retry_after
        # GitHub asks for at least a minute when a secondary limit names no wait; a 403
        # without one is a refusal.
        return 60.0 if status == 429 else None
    if status >= 500:
        return retry_after if retry_after is not None else FIRST_BACKOFF_SECONDS * 2**retries
    return None


def github_token() -> str | None:
    token = os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")
    if token:
        return token.strip()
    if shutil.which("gh"):
        result = subprocess.run(["gh", "auth", "token"], capture_output=True, text=True)
        if result.returncode == 0 and result.stdout.strip():
            return result.stdout.strip()
    return None


class NotFound(SummarizerError):
    """A 404 or 410; callers that know what was asked for say so in the user's terms."""

    def __init__(self, url: str, answer: str) -> None:
        super().__init__(f"GitHub has nothing at {url} ({answer})", ExitCode.BAD_INPUT)
        self.answer = answer


def _http_error(error: urllib.error.HTTPError, headers: dict[str, str], url: str, api: str) -> SummarizerError:
    """The error an HTTP failure ends in, once retrying is over or cannot help."""
    status = error.code
    said = _github_says(error) or error.reason
    if status == 429 or (status == 403 and "retry-after" in headers):
        return SummarizerError("GitHub kept answering with its secondary rate limit; wait a few minutes and run again", ExitCode.UNAVAILABLE)
    if status == 401:
        return SummarizerError(f"GitHub at {api} refused the token (401 Bad credentials): check GITHUB_TOKEN", ExitCode.UNAVAILABLE)
    if status == 403:
        return SummarizerError(f"GitHub at {api} refused {url} (403 {said}): check the token's access", ExitCode.UNAVAILABLE)
    if status in (404, 410):
        return NotFound(url, f"{status} {said}")
    if status >= 500:
        return still_failing("GitHub", api, status, said, url, MAX_RETRIES + 1)
    return unexpected_answer("GitHub", status, url, said)


def _github_says(error: urllib.error.HTTPError) -> str:
    """GitHub's own words in an error's JSON body, with the first detail of a 422
    ("Validation Failed: The listed users cannot be searched…"); "" when it sent none."""
    try:
        body = json.loads(error.read() or b"{}")
    except (ValueError, OSError, http.client.HTTPException):
        return ""
    if not isinstance(body, dict):
        return ""
    details = [detail["message"] for detail in body.get("errors") or [] if isinstance(detail, dict) and detail.get("message")]
    return ": ".join(str(part) for part in [body.get("message"), *details[:1]] if part)


def _json_body(response: http.client.HTTPResponse, url: str) -> Any:
    text = response.read()
    try:
        return json.loads(text or b"null")
    except ValueError as error:
        kind = (response.headers.get("content-type") or "an unnamed type").split(";")[0]
        raise SummarizerError(
            f"{url} answered with {kind}, not JSON: is it GitHub's API? GITHUB_API_URL is https://api.github.com, "
            f"or https://HOST/api/v3 on GitHub Enterprise Server",
            ExitCode.UNAVAILABLE,
        ) from error




def _primary_limit(reset: int) -> SummarizerError:
    wait = max(0, reset - int(time.time()))
    at = dt.datetime.fromtimestamp(reset, dt.timezone.utc)
    return SummarizerError(
        f"GitHub's rate limit is used up; it resets in {max(1, math.ceil(wait / 60))} min (at {at:%H:%M} UTC). "
        f"Everything fetched so far is cached: run again then to resume",
        ExitCode.UNAVAILABLE,
    )


def _reset_from_graphql(body: dict[str, Any]) -> int:
    reset_at = ((body.get("data") or {}).get("rateLimit") or {}).get("resetAt")
    return int(dt.datetime.fromisoformat(reset_at.replace("Z", "+00:00")).timestamp()) if reset_at else int(time.time()) + 3600


def _next_page(headers: dict[str, str]) -> str | None:
    match = _NEXT_PAGE.search(headers.get("link", ""))
    return match.group(1) if match else None


def _lowered(headers: Any) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()} if headers else {}
