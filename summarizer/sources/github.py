"""GitHub source: one developer's landed commits and pull requests, from the GitHub API.

Calls a run makes, sequentially (GitHub asks for that), for one login:
- REST `GET /users/{login}`: the user (conditional: a rerun is answered 304).
- REST `GET /repos/{owner}/{name}` for each repository named: its default branch (conditional).
- REST `GET /search/commits?q=author:{login} committer-date:{month}` a month, only when no
  repository is named: which repositories they committed to.
- REST `GET /repos/{o}/{r}/commits?sha={branch}&author={login or e-mail}&since&until` a
  month, 100 commits a page: the commits that landed on the default branch, once by login
  (commits GitHub links to the account, its noreply address included) and once for each
  e-mail given with --author (commits GitHub does not link, which are reported).
- REST `GET /repos/{o}/{r}/commits/{sha}` once per commit, ever: message, stats and the
  files (for languages). File names exist only here, and this call carries the stats too,
  so GraphQL's commit history would add calls rather than save them.
- GraphQL `search(type: ISSUE, query: "is:pr author:{login} repo:{o}/{r} closed:{month}")`
  a month, 100 pull requests a call with title, body, labels, stats and merge commit
  (needs a token). Bot-landed PRs end closed, not merged: their landed commit, which names
  them in a `Pull Request resolved:` trailer, is what counts.

Where: REST under `GITHUB_API_URL` (https://api.github.com, or https://HOST/api/v3 on
GitHub Enterprise Server); GraphQL at `GITHUB_GRAPHQL_URL` when set (GitHub Actions sets
both), else beside the REST root as GitHub documents it: https://api.github.com/graphql,
https://HOST/api/graphql.

Every response is cached. Months that have ended are answered from the cache without
asking; the current month is asked with `If-None-Match` (a 304 costs no rate limit), and
its pull requests are searched again only when its commits changed. Rate limits: a
secondary limit is waited out (`retry-after`); the primary limit stops the run with the
time it resets, everything fetched so far cached so that the rerun resumes.

Failures: a 5xx is asked again up to MAX_RETRIES times, waiting `retry-after` or 1, 2, 4 s.
Any answer that cannot be used then stops the run with one line (a SummarizerError): exit 2
for what the input can fix (404/410, 422, GraphQL NOT_FOUND/UNPROCESSABLE), exit 3 for a
service that cannot be used (unreachable, connection broken, 401/403, 5xx, not JSON, other
GraphQL errors, rate limits). No partial result: pull requests missing would silently
change classes, and the rerun resumes from the cache anyway.
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

from pydantic import BaseModel

from summarizer.activity import Commit, FileChange, PullRequest, Repository
from summarizer.cache import RunCache, cache_key
from summarizer.errors import ExitCode, SummarizerError
from summarizer.period import Period, shift_month
from summarizer.sources.git import mark_uncounted_files, pr_number

DEFAULT_API = "https://api.github.com"
_NEXT_PAGE = re.compile(r'<([^>]+)>;\s*rel="next"')
MAX_RETRIES = 3  # a rate-limited or failing (5xx) answer is asked again at most this many times
FIRST_BACKOFF_SECONDS = 1.0  # doubled at each retry of a 5xx that names no `retry-after`
# The input names something that is not there, or asks what GitHub cannot answer; other
# GraphQL error types (FORBIDDEN, INTERNAL, untyped "Something went wrong") are the service's.
_USER_FIXABLE_GRAPHQL_ERRORS = {"NOT_FOUND", "UNPROCESSABLE"}
_PULL_REQUESTS_QUERY = """
query PullRequests($query: String!, $after: String) {
  rateLimit { cost remaining resetAt }
  search(type: ISSUE, query: $query, first: 100, after: $after) {
    issueCount
    pageInfo { hasNextPage endCursor }
    nodes {
      ... on PullRequest {
        number title body url merged mergedAt closedAt additions deletions changedFiles
        labels(first: 20) { nodes { name } }
        repository { nameWithOwner }
        mergeCommit { oid }
      }
    }
  }
}
"""


class GitHubExtract(BaseModel):
    repositories: list[Repository]
    commits: list[Commit]
    pull_requests: list[PullRequest]
    warnings: list[str] = []


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
        except _NotFound as error:
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
                raise SummarizerError(f"cannot reach GitHub at {_origin(url)}: {error.reason}", ExitCode.UNAVAILABLE) from error
            except (OSError, http.client.HTTPException) as error:
                # Past the connection: a reset, a timeout or a cut-off answer while reading it.
                raise SummarizerError(
                    f"GitHub at {_origin(url)} broke off its answer: {str(error) or type(error).__name__}", ExitCode.UNAVAILABLE
                ) from error


def _retry_wait(status: int, headers: dict[str, str], retries: int) -> float | None:
    """Seconds to wait before asking again, or None when asking again cannot help; the
    primary rate limit stops the run."""
    retry_after = _seconds(headers.get("retry-after"))
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


def read_github(
    repositories: list[str], login: str, emails: list[str], period: Period, cache: RunCache, client: GitHubClient | None = None
) -> GitHubExtract:
    """The login's commits on the default branches of `repositories` (all they committed to, if none)."""
    client = client or GitHubClient(
        os.environ.get("GITHUB_API_URL") or DEFAULT_API, github_token(), cache, graphql=os.environ.get("GITHUB_GRAPHQL_URL")
    )
    warnings = [] if client.token else [
        "no GitHub token (GITHUB_TOKEN or `gh auth token`): anonymous requests are limited to 60 an hour, "
        "and pull request titles and labels need a token"
    ]  # fmt: skip
    user, _ = _get(client, f"/users/{urllib.parse.quote(login)}", f"there is no GitHub user {login!r}")
    names = [name.removeprefix("github:") for name in repositories] or _contributed(client, login, period)
    extract = GitHubExtract(repositories=[], commits=[], pull_requests=[], warnings=warnings)
    for full_name in names:
        _read_repository(client, full_name, user, emails, period, extract)
    return extract


def _read_repository(client: GitHubClient, full_name: str, user: dict[str, Any], emails: list[str], period: Period, extract: GitHubExtract) -> None:
    repo, _ = _get(client, f"/repos/{full_name}", f"there is no repository {full_name} on GitHub, or the token cannot see it")
    name, branch = repo["full_name"], repo["default_branch"]
    extract.repositories.append(Repository(name=name, path=repo["html_url"], branch=branch, tip="", web_url=repo["html_url"]))
    by_login: set[str] = set()
    unlinked: dict[str, int] = {}
    shas: list[str] = []
    now = dt.datetime.now(dt.timezone.utc)
    for month in period.months():
        start, end = _window(month)
        if start > now:
            break
        ask = end >= now  # an ended month is reused from the cache without asking
        window = f"since={start:%Y-%m-%dT%H:%M:%SZ}&until={end:%Y-%m-%dT%H:%M:%SZ}&per_page=100"
        listed, changed = client.pages(f"/repos/{name}/commits?sha={urllib.parse.quote(branch)}&author={urllib.parse.quote(user['login'])}&{window}", ask)
        by_login.update(item["sha"] for item in listed)
        shas += [item["sha"] for item in listed if item["sha"] not in shas]
        for email in emails:
            found, email_changed = client.pages(f"/repos/{name}/commits?sha={urllib.parse.quote(branch)}&author={urllib.parse.quote(email)}&{window}", ask)
            changed = changed or email_changed
            for item in found:
                if item["sha"] not in by_login and item["sha"] not in shas:
                    unlinked[email] = unlinked.get(email, 0) + 1
                    shas.append(item["sha"])
        if client.token:
            extract.pull_requests += _pull_requests(client, name, user["login"], month, ask=ask and changed)
    commits = [_commit(client, name, sha) for sha in shas]
    commits = [commit for commit in commits if commit.month in period]
    _attach_pull_requests(commits, [pr for pr in extract.pull_requests if pr.repo == name], name, by_login, extract)
    mark_uncounted_files(commits)
    extract.commits += commits
    for email, count in unlinked.items():
        extract.warnings.append(
            f"{name}: {count} commit(s) by {email}, an e-mail GitHub does not link to {user['login']}, counted from --author"
        )


def _commit(client: GitHubClient, repo: str, sha: str) -> Commit:
    # A commit never changes: once fetched, it is not asked for again.
    body, _ = client.get(f"/repos/{repo}/commits/{sha}", ask=False)
    message = body["commit"]["message"]
    subject, _, rest = message.strip().partition("\n\n")
    committed = dt.datetime.fromisoformat(body["commit"]["committer"]["date"].replace("Z", "+00:00"))
    return Commit(
        sha=body["sha"],
        repo=repo,
        author_name=body["commit"]["author"]["name"],
        author_email=body["commit"]["author"]["email"],
        authored_at=dt.datetime.fromisoformat(body["commit"]["author"]["date"].replace("Z", "+00:00")),
        committed_at=committed,
        month=f"{committed:%Y-%m}",
        subject=" ".join(subject.split()),
        body=rest.strip(),
        pr=pr_number(subject, rest),
        co_authors=re.findall(r"^Co-authored-by:\s*(.+?)\s*$", rest, re.IGNORECASE | re.MULTILINE),
        files=[
            FileChange(path=change["filename"], added=change["additions"], deleted=change["deletions"], binary="patch" not in change and change["changes"] == 0)
            for change in body.get("files", [])
        ],
    )


def _pull_requests(client: GitHubClient, repo: str, login: str, month: str, ask: bool) -> list[PullRequest]:
    start, end = _window(month)
    query = f"is:pr author:{login} repo:{repo} closed:{start:%Y-%m-%d}..{end:%Y-%m-%d}"
    pulls, after = [], None
    while True:
        data = client.graphql(_PULL_REQUESTS_QUERY, {"query": query, "after": after}, ask)
        search = data["search"]
        for node in search["nodes"]:
            pulls.append(
                PullRequest(
                    repo=node["repository"]["nameWithOwner"], number=node["number"], title=node["title"],
                    body=node.get("body") or "", labels=[label["name"] for label in node["labels"]["nodes"]],
                    additions=node["additions"], deletions=node["deletions"], changed_files=node["changedFiles"],
                    merged_at=node["mergedAt"], closed_at=node["closedAt"], url=node["url"],
                    merge_commit=(node.get("mergeCommit") or {}).get("oid"),
                )
            )  # fmt: skip
        if not search["pageInfo"]["hasNextPage"]:
            return pulls
        after = search["pageInfo"]["endCursor"]


def _attach_pull_requests(commits: list[Commit], pulls: list[PullRequest], repo: str, by_login: set[str], extract: GitHubExtract) -> None:
    """A squash-merged PR's commit names it; a merge commit is matched by its SHA."""
    by_sha = {pull.merge_commit: pull.number for pull in pulls if pull.merge_commit}
    found = {commit.sha for commit in commits}
    for commit in commits:
        if commit.pr is None and commit.sha in by_sha:
            commit.pr = by_sha[commit.sha]
    landed = {commit.pr for commit in commits if commit.pr}
    for pull in pulls:
        if pull.merged_at and pull.number not in landed and pull.merge_commit not in found:
            extract.warnings.append(
                f"{repo}#{pull.number} was merged as {(pull.merge_commit or '?')[:7]}, which GitHub does not attribute to "
                f"this login (its author e-mail is not linked): not counted; add that e-mail with --author to count it"
            )


def _contributed(client: GitHubClient, login: str, period: Period) -> list[str]:
    names: list[str] = []
    for month in period.months():
        start, end = _window(month)
        query = urllib.parse.quote(f"author:{login} committer-date:{start:%Y-%m-%d}..{end:%Y-%m-%d}")
        body, _ = client.get(f"/search/commits?q={query}&per_page=100", ask=end >= dt.datetime.now(dt.timezone.utc))
        names += [item["repository"]["full_name"] for item in body.get("items", []) if item["repository"]["full_name"] not in names]
    if not names:
        raise SummarizerError(f"GitHub finds no commits by {login} from {period.since} to {period.until}")
    return names


def _get(client: GitHubClient, path: str, not_found: str) -> tuple[Any, bool]:
    try:
        return client.get(path)
    except _NotFound as error:
        raise SummarizerError(f"{not_found} ({error.answer})") from error


class _NotFound(SummarizerError):
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
        return _NotFound(url, f"{status} {said}")
    if status >= 500:
        return SummarizerError(
            f"GitHub at {api} is failing: {status} {said} for {url}, {MAX_RETRIES + 1} times in a row. "
            f"Everything fetched so far is cached: run again later to resume",
            ExitCode.UNAVAILABLE,
        )
    return SummarizerError(f"GitHub answered {status} for {url}: {said}", ExitCode.BAD_INPUT)


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


def _seconds(retry_after: str | None) -> float | None:
    """A `retry-after` in seconds; None when absent or an HTTP date, which GitHub does not send."""
    try:
        return max(0.0, float(retry_after)) if retry_after is not None else None
    except ValueError:
        return None


def _origin(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


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


def _window(month: str) -> tuple[dt.datetime, dt.datetime]:
    start = dt.datetime.fromisoformat(f"{month}-01T00:00:00+00:00")
    end = dt.datetime.fromisoformat(f"{shift_month(month, 1)}-01T00:00:00+00:00") - dt.timedelta(seconds=1)
    return start, end


def _next_page(headers: dict[str, str]) -> str | None:
    match = _NEXT_PAGE.search(headers.get("link", ""))
    return match.group(1) if match else None


def _lowered(headers: Any) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()} if headers else {}


