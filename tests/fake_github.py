"""A GitHub-API-shaped server on 127.0.0.1, serving the bodies in fixtures/github/.

REST: users, repos, commit lists (filtered by author, since, until; paginated with a
`link` header), single commits, commit search. GraphQL: the pull request search. It
sends ETags and answers `If-None-Match` with 304, sends rate-limit headers, checks the
token, and lets a test script a reply (a rate limit, a 404, an HTML page, a connection
reset) before the normal one.

Two layouts: api.github.com's (REST at the root, GraphQL at /graphql) and GitHub
Enterprise Server's (REST under /api/v3, GraphQL at /api/graphql, web pages — HTML —
everywhere outside /api/). Anything else, /api/v3/graphql included, is a JSON 404, as on
the real servers.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import socket
import struct
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

from tests.loopback import Loopback

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "github"
TOKEN = "ghp_fake0123456789abcdefghijklmnopqrstuv"


@dataclass
class Seen:
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    status: int = 0
    body: dict[str, Any] | None = None


@dataclass
class Answer:
    status: int
    body: Any = None  # sent as JSON; bytes are sent as they are
    headers: dict[str, str] = field(default_factory=dict)


class ConnectionReset:
    """A scripted reply that is no answer: the server closes the connection with a TCP reset."""


@dataclass(frozen=True)
class Layout:
    name: str
    rest_path: str
    graphql_path: str


DOTCOM = Layout("api.github.com", rest_path="", graphql_path="/graphql")
ENTERPRISE = Layout("enterprise-server", rest_path="/api/v3", graphql_path="/api/graphql")
Script = Callable[[Seen], Answer | ConnectionReset | None]


class FakeGitHub(Loopback):
    def __init__(
        self, extra_commits: list[dict[str, Any]] = (), page_size: int = 2, before: Script | None = None, layout: Layout = DOTCOM  # type: ignore[assignment]
    ) -> None:
        self.layout = layout
        self.commits = [json.loads(path.read_text()) for path in sorted((FIXTURES / "commits").glob("*.json"))] + list(extra_commits)
        self.pulls = json.loads((FIXTURES / "graphql" / "pull_requests.json").read_text())
        self.page_size = page_size
        self.before = before
        self.requests: list[Seen] = []
        self.remaining = 5000
        self._lock = threading.Lock()
        super().__init__(self._handler())

    @property
    def url(self) -> str:
        """The REST root: what GITHUB_API_URL holds."""
        return f"{self.origin}{self.layout.rest_path}"

    def statuses(self) -> list[int]:
        return [request.status for request in self.requests]

    def answer(self, seen: Seen) -> Answer | ConnectionReset:
        scripted = self.before(seen) if self.before else None
        if scripted is not None:
            return scripted
        token = seen.headers.get("authorization")
        if token is not None and token != f"Bearer {TOKEN}":
            return Answer(401, {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest"})
        if seen.method == "POST":
            if seen.path != self.layout.graphql_path:
                return _not_found()
            if token is None:
                return Answer(401, {"message": "This endpoint requires you to be authenticated."})
            return Answer(200, self._graphql(seen.body or {}))
        if self.layout.rest_path and not seen.path.startswith("/api/"):
            return _web_page()
        if not seen.path.startswith(f"{self.layout.rest_path}/"):
            return _not_found()
        path = seen.path.removeprefix(self.layout.rest_path)
        if match := re.fullmatch(r"/users/([^/]+)", path):
            return self._fixture(f"users/{match.group(1)}.json")
        if match := re.fullmatch(r"/repos/([^/]+/[^/]+)", path):
            return self._fixture(f"repos/{match.group(1)}.json")
        if match := re.fullmatch(r"/repos/([^/]+/[^/]+)/commits", path):
            return self._commit_list(match.group(1), seen.query)
        if match := re.fullmatch(r"/repos/([^/]+/[^/]+)/commits/([0-9a-f]{40})", path):
            found = [commit for commit in self.commits if commit["sha"] == match.group(2)]
            return Answer(200, found[0]) if found else _not_found()
        if path == "/search/commits":
            return self._commit_search(seen.query)
        return _not_found()

    def _fixture(self, name: str) -> Answer:
        path = FIXTURES / name
        return Answer(200, json.loads(path.read_text())) if path.is_file() else _not_found()

    def _commit_list(self, repo: str, query: dict[str, str]) -> Answer:
        since, until = _time(query["since"]), _time(query["until"])
        author = query.get("author", "")
        listed = [
            {key: value for key, value in commit.items() if key not in ("stats", "files")}
            for commit in sorted(self.commits, key=lambda commit: commit["commit"]["committer"]["date"], reverse=True)
            if f"/repos/{repo}/" in commit["url"]
            and since <= _time(commit["commit"]["committer"]["date"]) <= until
            and author in ((commit["author"] or {}).get("login"), commit["commit"]["author"]["email"])
        ]
        page = int(query.get("page", "1"))
        chunk = listed[(page - 1) * self.page_size : page * self.page_size]
        headers = {}
        if page * self.page_size < len(listed):
            following = urllib.parse.urlencode({**query, "page": str(page + 1)})
            headers["link"] = f'<{self.url}/repos/{repo}/commits?{following}>; rel="next"'
        return Answer(200, chunk, headers)

    def _commit_search(self, query: dict[str, str]) -> Answer:
        author = re.search(r"author:(\S+)", query["q"]).group(1)  # type: ignore[union-attr]
        start, end = re.search(r"committer-date:(\S+)\.\.(\S+)", query["q"]).groups()  # type: ignore[union-attr]
        items = [
            {**{key: value for key, value in commit.items() if key not in ("stats", "files")},
             "repository": {"full_name": commit["url"].split("/repos/")[1].split("/commits")[0]}, "score": 1.0}
            for commit in self.commits
            if (commit["author"] or {}).get("login") == author and start <= commit["commit"]["committer"]["date"][:10] <= end
        ]  # fmt: skip
        return Answer(200, {"total_count": len(items), "incomplete_results": False, "items": items})

    def _graphql(self, body: dict[str, Any]) -> dict[str, Any]:
        variables = body["variables"]
        query = variables["query"]
        repo = re.search(r"repo:(\S+)", query).group(1)  # type: ignore[union-attr]
        field, start, end = re.search(r"(closed|merged):(\S+)\.\.(\S+)", query).groups()  # type: ignore[union-attr]
        author = re.search(r"(?<!-)author:(\S+)", query)
        not_author = re.search(r"-author:(\S+)", query)
        reviewer = re.search(r"reviewed-by:(\S+)", query)
        nodes = [
            pull for pull in self.pulls
            if pull["repository"]["nameWithOwner"] == repo and start <= (pull[f"{field}At"] or "")[:10] <= end
            and (author is None or pull["author"]["login"] == author.group(1))
            and (not_author is None or pull["author"]["login"] != not_author.group(1))
            and (reviewer is None or reviewer.group(1) in [review["author"]["login"] for review in pull["reviews"]["nodes"]])
        ]  # fmt: skip
        offset = int((variables.get("after") or "cursor:0").split(":")[1])
        page = nodes[offset : offset + self.page_size]
        more = offset + self.page_size < len(nodes)
        return {
            "data": {
                "rateLimit": {"cost": 1, "remaining": self.remaining, "resetAt": "2030-01-01T00:00:00Z"},
                "search": {"issueCount": len(nodes), "pageInfo": {"hasNextPage": more, "endCursor": f"cursor:{offset + len(page)}"}, "nodes": page},
            }
        }

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
                self._serve("GET", None)

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("content-length", 0))
                self._serve("POST", json.loads(self.rfile.read(length)))

            def _serve(self, method: str, body: dict[str, Any] | None) -> None:
                parsed = urllib.parse.urlsplit(self.path)
                seen = Seen(method, parsed.path, dict(urllib.parse.parse_qsl(parsed.query)), {k.lower(): v for k, v in self.headers.items()}, body=body)
                answer = fake.answer(seen)
                if isinstance(answer, ConnectionReset):
                    with fake._lock:
                        fake.requests.append(seen)
                    self._reset()
                    return
                payload = answer.body if isinstance(answer.body, bytes) else json.dumps(answer.body).encode() if answer.body is not None else b""
                etag = f'W/"{hashlib.sha256(payload).hexdigest()}"'
                status = 304 if method == "GET" and answer.status == 200 and seen.headers.get("if-none-match") == etag else answer.status
                with fake._lock:
                    seen.status = status
                    fake.requests.append(seen)
                    if status != 304:
                        fake.remaining -= 1
                self.send_response(status)
                headers = {
                    "x-ratelimit-limit": "5000", "x-ratelimit-remaining": str(fake.remaining),
                    "x-ratelimit-reset": str(int(time.time()) + 3600), "x-ratelimit-resource": "graphql" if method == "POST" else "core",
                    "content-type": "application/json; charset=utf-8", **answer.headers,
                }  # fmt: skip
                if method == "GET" and answer.status == 200:
                    headers["etag"] = etag
                for name, value in headers.items():
                    self.send_header(name, value)
                if status == 304:
                    self.end_headers()
                    return
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def _reset(self) -> None:
                # A zero linger makes close() send RST instead of the orderly FIN.
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.connection.close()
                self.close_connection = True

        return Handler


def _time(value: str) -> dt.datetime:
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def _not_found() -> Answer:
    return Answer(404, {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"})


def _web_page() -> Answer:
    return Answer(200, b"<!DOCTYPE html>\n<html><head><title>GitHub</title></head><body>Sign in</body></html>\n", {"content-type": "text/html; charset=utf-8"})
