"""A GitLab-REST-API-v4-shaped server on 127.0.0.1, serving the bodies in fixtures/gitlab/.

Shapes follow GitLab's API docs (commits.md, merge_requests.md, merge_request_approvals.md,
users.md, projects.md, rest/index.md for pagination/auth/errors, user_and_ip_rate_limits.md
for 429s) and its source for pagination (lib/api/commits.rb, offset_header_builder.rb).

Layout: the API is at `{prefix}/api/v4` (prefix "" like gitlab.com, or e.g. "/gitlab" for a
self-managed instance under a sub-path); anything outside it is an HTML 404 page; an unknown
route under it is a JSON 404 `{"error": "404 Not Found"}` (rest/index.md, "Unknown route").
Fixture URLs use https://gitlab.example.com, rewritten to this server's `web` (origin+prefix).

The fixture's facts (project `group/subgroup/project`, id 4242; branches `main` and
`feature`; users ada (id 101, public_email ada@example.com) and grace (id 102, public_email
""); months by committed_date in UTC, which is what `since`/`until` filter on):

| month   | author e-mail     | commits (non-merge, on main)           | +adds -dels            |
|---------|-------------------|----------------------------------------|------------------------|
| 2025-03 | ada@example.com   | 3: m1 +65-0, m3 +12-4, b1 +42-0         | +119 -4                |
| 2025-03 | ada@work.example  | 1: m4 +6-2 (only `--author` e-mail)     | +6 -2                  |
| 2025-03 | grace@example.com | 2: m2 +1-1, m5 +20-3                    | +21 -4                 |
| 2025-04 | ada@example.com   | 2: m6 +40-15 (poetry.lock +30-12), m8 +40-9 | +80 -24; no lock +50 -12 |
| 2025-04 | grace@example.com | 2: m7 +49-5, m9 +4-4                    | +53 -9                 |

Also on main: merge commit M1 (Ada, 2025-03-24, parents [m5, b1], stats +42-0 = b1's lines
again: skip commits with two parents); m6 was authored 2025-03-28 but committed 2025-04-02;
m3 is dated 09:15+01:00; outside the period: r0 (Grace, Feb, +75), f1 (Ada, Feb, +3), and
`may` (Ada, 2025-05-06, +28). On `feature` only: fb1 (Ada, 2025-04-10, +15). Mar..Apr on
main is 11 commits (7 in March, 4 in April). Merge requests (all target main; iids follow
created_at): !1 Ada merged 2025-02-25 (squash f1) but updated 2025-04-10, so a Mar..Apr
updated_after/updated_before window returns it; !2 Ada merged 2025-03-24 (merge_commit_sha M1,
sha b1; approved by grace); !3 Ada closed unmerged 2025-04-05; !4 Ada merged 2025-04-02
(squash m6); !5 Grace merged 2025-04-08 (squash m7; approved by ada); !6 Ada opened (draft,
source `feature`, sha fb1); !7 Ada merged 2025-04-15 (squash m8); !8 Ada created in April,
merged 2025-05-06 (squash `may`). Squashed MRs' `sha` is a deleted branch head, not served.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import threading
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

from tests.loopback import Loopback

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "gitlab"
TOKEN = "glpat-fake0123456789abcdef"
FIXTURE_WEB = "https://gitlab.example.com"


@dataclass
class Seen:
    method: str
    path: str  # as sent: %2F stays encoded
    query: dict[str, str]
    headers: dict[str, str]  # lower-cased names
    status: int = 0
    conditional: bool = False  # sent If-None-Match


@dataclass
class Answer:
    status: int
    body: Any = None  # sent as JSON; bytes are sent as they are
    headers: dict[str, str] = field(default_factory=dict)


Script = Callable[[Seen], Answer | None]


def rate_limited(retry_after: int = 1, limit: int = 600) -> Answer:
    """Rack::Attack's throttle reply: 429, a plain-text `Retry later` body and RateLimit-* headers."""
    reset = int(dt.datetime.now(dt.timezone.utc).timestamp()) + retry_after
    return Answer(429, b"Retry later\n", {
        "content-type": "text/plain", "retry-after": str(retry_after), "ratelimit-name": "throttle_authenticated_api",
        "ratelimit-limit": str(limit), "ratelimit-observed": str(limit + 1), "ratelimit-remaining": "0",
        "ratelimit-reset": str(reset), "ratelimit-resettime": formatdate(reset, usegmt=True),
    })  # fmt: skip


def forbidden() -> Answer:
    return Answer(403, {"message": "403 Forbidden"})


class FakeGitLab(Loopback):
    def __init__(
        self, prefix: str = "", page_size: int = 2, token: str = TOKEN, private: bool = False, before: Script | None = None
    ) -> None:
        self.prefix = prefix.rstrip("/")
        self.page_size = page_size
        self.token = token
        self.private = private
        self.before = before
        self.requests: list[Seen] = []
        self._lock = threading.Lock()
        super().__init__(self._handler())
        load = lambda name: json.loads((FIXTURES / name).read_text().replace(FIXTURE_WEB, self.web))  # noqa: E731
        self.project: dict[str, Any] = load("project.json")
        self.project["visibility"] = "private" if private else "public"
        self.branches: dict[str, str] = load("branches.json")
        self.users: list[dict[str, Any]] = load("users.json")
        self.commits: dict[str, dict[str, Any]] = {commit["id"]: commit for commit in load("commits.json")}
        self.diffs: dict[str, list[dict[str, Any]]] = load("diffs.json")
        self.merge_requests: list[dict[str, Any]] = load("merge_requests.json")
        self.approvals: dict[str, dict[str, Any]] = load("approvals.json")

    @property
    def web(self) -> str:
        """The instance's web root: what web_url fields start with."""
        return f"{self.origin}{self.prefix}"

    @property
    def url(self) -> str:
        """The REST root, `{web}/api/v4`."""
        return f"{self.web}/api/v4"

    def statuses(self) -> list[int]:
        return [request.status for request in self.requests]

    def answer(self, seen: Seen) -> Answer:
        scripted = self.before(seen) if self.before else None
        if scripted is not None:
            return scripted
        root = f"{self.prefix}/api/v4"
        if not seen.path.startswith(f"{root}/"):
            return _web_not_found()
        if seen.method != "GET":
            return Answer(405, {"error": "405 Not Allowed"})
        given = seen.headers.get("private-token") or seen.headers.get("authorization", "").removeprefix("Bearer ") or None
        if given is not None and given != self.token:
            return Answer(401, {"message": "401 Unauthorized"})
        signed_in = given is not None
        path = seen.path.removeprefix(root)
        if path == "/users":
            login = seen.query.get("username", "").lower()
            listed = [_basic(user) for user in self.users if not login or user["username"].lower() == login]
            return self._page(seen, listed)
        if match := re.fullmatch(r"/users/(\d+)", path):
            found = [user for user in self.users if user["id"] == int(match.group(1))]
            return Answer(200, found[0]) if found else Answer(404, {"message": "404 User Not Found"})
        match = re.fullmatch(r"/projects/([^/]+)(/.*)?", path)
        if not match:
            return _api_not_found()
        project_id, rest = urllib.parse.unquote(match.group(1)), match.group(2) or ""
        if project_id not in (str(self.project["id"]), self.project["path_with_namespace"]) or (self.private and not signed_in):
            return Answer(404, {"message": "404 Project Not Found"})
        if rest == "":
            return Answer(200, self.project)
        if rest == "/repository/commits":
            return self._commit_list(seen)
        if match := re.fullmatch(r"/repository/commits/([^/]+)(/diff)?", rest):
            sha = self._resolve(urllib.parse.unquote(match.group(1)))
            if sha is None:
                return Answer(404, {"message": "404 Commit Not Found"})
            if match.group(2):
                return self._page(seen, self.diffs[sha])
            detail = {**self.commits[sha], "status": None, "project_id": self.project["id"], "last_pipeline": None}
            if not _true(seen.query.get("stats", "true")):
                del detail["stats"]
            return Answer(200, detail)
        if rest == "/merge_requests":
            return self._merge_request_list(seen)
        if match := re.fullmatch(r"/merge_requests/(\d+)(/approvals)?", rest):
            found = [mr for mr in self.merge_requests if mr["iid"] == int(match.group(1))]
            if match.group(2) and not signed_in:
                return Answer(401, {"message": "401 Unauthorized"})  # "Must be authenticated for all endpoints."
            if not found:
                return Answer(404, {"message": "404 Merge Request Not Found"})
            return Answer(200, self.approvals[match.group(1)] if match.group(2) else found[0])
        return _api_not_found()

    def _resolve(self, ref: str) -> str | None:
        """A full SHA, an unambiguous prefix of at least 7 hex digits, or a branch name."""
        if ref in self.branches:
            return self.branches[ref]
        found = [sha for sha in self.commits if re.fullmatch(r"[0-9a-f]{7,40}", ref) and sha.startswith(ref)]
        return found[0] if len(found) == 1 else None

    def _reachable(self, heads: list[str]) -> set[str]:
        seen: set[str] = set()
        todo = list(heads)
        while todo:
            sha = todo.pop()
            if sha in self.commits and sha not in seen:
                seen.add(sha)
                todo.extend(self.commits[sha]["parent_ids"])
        return seen

    def _commit_list(self, seen: Seen) -> Answer:
        query = seen.query
        try:
            since, until = _times(query, ("since", "until")).values()
        except ValueError as error:
            return Answer(400, {"error": f"{error.args[0]} is invalid"})
        if _true(query.get("all", "")):
            heads = list(self.branches.values())
        else:
            head = self._resolve(query.get("ref_name") or self.project["default_branch"])
            heads = [head] if head else []
        author = query.get("author", "").lower()
        reachable = self._reachable(heads)
        listed = [
            commit if _true(query.get("with_stats", "")) else {key: value for key, value in commit.items() if key != "stats"}
            for commit in sorted(self.commits.values(), key=lambda commit: _time(commit["committed_date"]), reverse=True)  # type: ignore[arg-type, return-value]
            if commit["id"] in reachable
            and (since is None or _time(commit["committed_date"]) >= since)  # type: ignore[operator]
            and (until is None or _time(commit["committed_date"]) <= until)  # type: ignore[operator]
            and author in f"{commit['author_name']} <{commit['author_email']}>".lower()
        ]  # fmt: skip
        # lib/api/commits.rb: no counts (x-total, x-total-pages, rel="last"); a full page always has a next page.
        return self._page(seen, listed, counted=False)

    def _merge_request_list(self, seen: Seen) -> Answer:
        query = seen.query
        try:
            bounds = _times(query, ("created_after", "created_before", "updated_after", "updated_before"))
        except ValueError as error:
            return Answer(400, {"error": f"{error.args[0]} is invalid"})
        state = query.get("state", "all")
        listed = [
            mr for mr in self.merge_requests
            if state in ("all", mr["state"])
            and query.get("author_username", mr["author"]["username"]) == mr["author"]["username"]
            and query.get("author_id", str(mr["author"]["id"])) == str(mr["author"]["id"])
            and query.get("target_branch", mr["target_branch"]) == mr["target_branch"]
            and query.get("source_branch", mr["source_branch"]) == mr["source_branch"]
            and all(bound is None or (_time(mr[name.split("_")[0] + "_at"]) >= bound if name.endswith("after")  # type: ignore[operator]
                                      else _time(mr[name.split("_")[0] + "_at"]) <= bound)  # type: ignore[operator]
                    for name, bound in bounds.items())
        ]  # fmt: skip
        order = query.get("order_by", "created_at")
        if order not in ("created_at", "updated_at", "title", "merged_at"):
            return Answer(400, {"error": "order_by does not have a valid value"})
        listed.sort(key=lambda mr: (mr[order] is not None, mr[order] or "", mr["id"]), reverse=query.get("sort", "desc") != "asc")
        return self._page(seen, listed)

    def _page(self, seen: Seen, items: list[Any], counted: bool = True) -> Answer:
        """Offset pagination as lib/gitlab/pagination/offset_header_builder.rb writes it."""
        query = seen.query
        page = max(_int(query.get("page"), 1), 1)
        asked = _int(query.get("per_page"), 20)
        asked = asked if asked > 0 else 20
        per_page = min(asked, 100, self.page_size)
        chunk = items[(page - 1) * per_page : page * per_page]
        if counted:
            total_pages = max(-(-len(items) // per_page), 1)
            next_page = page + 1 if page < total_pages else None
        else:
            next_page = page + 1 if len(chunk) == per_page else None
        prev_page = page - 1 if page > 1 else None
        params = {**query, "page": "", "per_page": str(asked)}
        if match := re.match(rf"{re.escape(self.prefix)}/api/v4/projects/([^/]+)", seen.path):
            params["id"] = urllib.parse.unquote(match.group(1))  # Grape's params hold the route's :id too

        def href(number: int) -> str:
            return f"{self.origin}{seen.path}?{urllib.parse.urlencode(sorted({**params, 'page': str(number)}.items()))}"

        links = [f'<{href(number)}>; rel="{rel}"' for number, rel in ((prev_page, "prev"), (next_page, "next"), (1, "first")) if number]
        headers = {"x-per-page": str(per_page), "x-page": str(page), "x-next-page": str(next_page or ""), "x-prev-page": str(prev_page or "")}
        if counted:
            links.append(f'<{href(total_pages)}>; rel="last"')
            headers.update({"x-total": str(len(items)), "x-total-pages": str(total_pages)})
        return Answer(200, chunk, {**headers, "link": ", ".join(links)})

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
                self._serve("GET")

            def do_POST(self) -> None:  # noqa: N802
                self._serve("POST")

            def _serve(self, method: str) -> None:
                parsed = urllib.parse.urlsplit(self.path)
                headers = {name.lower(): value for name, value in self.headers.items()}
                seen = Seen(method, parsed.path, dict(urllib.parse.parse_qsl(parsed.query)), headers, conditional="if-none-match" in headers)
                answer = fake.answer(seen)
                payload = answer.body if isinstance(answer.body, bytes) else json.dumps(answer.body).encode() if answer.body is not None else b""
                sent = {"content-type": "application/json", "cache-control": "max-age=0, private, must-revalidate", **answer.headers}
                status = answer.status
                if method == "GET" and status == 200:
                    # Rack::ETag: a weak tag over the body; Rack::ConditionalGet: 304, no body, other headers kept.
                    sent["etag"] = f'W/"{hashlib.md5(payload).hexdigest()}"'
                    wanted = [tag.strip() for tag in headers.get("if-none-match", "").split(",")]
                    if sent["etag"] in wanted or "*" in wanted:
                        status, payload = 304, b""
                        sent.pop("content-type")
                with fake._lock:
                    seen.status = status
                    fake.requests.append(seen)
                self.send_response(status)
                for name, value in sent.items():
                    self.send_header(name, value)
                if status != 304:
                    self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        return Handler


def _time(value: str | None) -> dt.datetime | None:
    """ISO 8601 (`Z`, an offset, or none = UTC; a bare date is midnight UTC)."""
    if value is None or value == "":
        return None
    parsed = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.timezone.utc)


def _times(query: dict[str, str], names: tuple[str, ...]) -> dict[str, dt.datetime | None]:
    """The named query times; a ValueError carrying the name of the first that does not parse."""
    times = {}
    for name in names:
        try:
            times[name] = _time(query.get(name))
        except ValueError:
            raise ValueError(name) from None
    return times


def _int(value: str | None, default: int) -> int:
    return int(value) if value and value.lstrip("-").isdigit() else default


def _true(value: str) -> bool:
    return value.lower() in ("true", "1", "yes", "t")


def _basic(user: dict[str, Any]) -> dict[str, Any]:
    """users.md: the list, as a regular user, carries no public_email (GET /users/:id does)."""
    return {key: user[key] for key in ("id", "username", "name", "state", "locked", "avatar_url", "web_url")}


def _api_not_found() -> Answer:
    return Answer(404, {"error": "404 Not Found"})


def _web_not_found() -> Answer:
    page = b"<!DOCTYPE html>\n<html><head><title>Not Found (404)</title></head><body><h1>404</h1><p>Page Not Found</p></body></html>\n"
    return Answer(404, page, {"content-type": "text/html; charset=utf-8"})
