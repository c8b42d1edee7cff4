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
  a month, 100 pull requests a call with title, body, labels, stats, merge commit, when
  it was opened and who reviewed it (needs a token). Bot-landed PRs end closed, not
  merged: their landed commit, which names them in a `Pull Request resolved:` trailer, is
  what counts.
- GraphQL, the count of `is:pr reviewed-by:{login} -author:{login} repo:{o}/{r}
  closed:{month}` a month: the reviews given (needs a token).

Where: REST under `GITHUB_API_URL` (https://api.github.com, or https://HOST/api/v3 on
GitHub Enterprise Server); GraphQL at `GITHUB_GRAPHQL_URL` when set (GitHub Actions sets
both), else beside the REST root as GitHub documents it: https://api.github.com/graphql,
https://HOST/api/graphql.

Months that have ended are answered from the cache without asking; the current month is
asked with `If-None-Match` (a 304 costs no rate limit), and its pull requests are searched
again only when its commits changed. The client (github_api.py) says how failures end: no
partial result, since pull requests missing would silently change classes, and the rerun
resumes from the cache anyway.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import urllib.parse
from typing import Any

from pydantic import ValidationError

from summarizer.cache import RunCache
from summarizer.choices import Forge
from summarizer.errors import ExitCode, SummarizerError, first_problem
from summarizer.models.activity import Commit, FileChange, PullRequest, Repository
from summarizer.period import Period, shift_month
from summarizer.sanitize import sanitized, sanitized_message, without_controls
from summarizer.sources.base import SourceExtract, SourceQuery, TeamRead, read_each
from summarizer.sources.commits import co_authors, mark_uncounted_files, pr_number
from summarizer.sources.github_api import DEFAULT_API, GitHubClient, NotFound, github_token
from summarizer.urls import url_setting

GITHUB_REPOSITORY = re.compile(r"^(?:github:)?(?P<owner>[A-Za-z0-9][\w.-]*)/(?P<name>[\w.-]+)$")
PREFIX = "github:"


class GitHubSource:
    """`owner/name` or `github:owner/name`; with no SOURCE named, every repository --github-user committed to."""

    name = "GitHub"
    login = "github"
    login_help = "with no SOURCE, every repository they committed to."

    def claims(self, argument: str) -> bool:
        if argument.startswith(PREFIX):
            if not GITHUB_REPOSITORY.match(argument):
                raise SummarizerError(f"{argument!r} names no GitHub repository: write {PREFIX}OWNER/NAME, as {PREFIX}octocat/hello-world")
            return True
        # `owner/name` may be a local folder as well: the folder wins.
        return bool(GITHUB_REPOSITORY.match(argument)) and not os.path.exists(argument)

    def when_none_named(self, query: SourceQuery) -> list[str] | None:
        return [] if query.logins.get(self.login) else None

    def cache_key(self, arguments: list[str], query: SourceQuery) -> str | None:
        return None  # whether GitHub's answers changed is only known by asking (cheaply: 304s)

    def read_team(self, argument: str, developers: dict[str, SourceQuery], cache: RunCache) -> TeamRead:
        return read_each(self, argument, developers, cache)

    def team_cache_key(self, argument: str, developers: dict[str, SourceQuery]) -> str | None:
        return None

    def read(self, arguments: list[str], query: SourceQuery, cache: RunCache) -> SourceExtract:
        login = query.logins.get(self.login) or _login_among(query.authors)
        emails = [author for author in query.authors if "@" in author]
        extract = read_github(arguments, login, emails, query.period, cache)
        extract.logins = [login]
        return extract

    def nothing_found(self, arguments: list[str], query: SourceQuery) -> str:
        where = ", ".join(argument.removeprefix(PREFIX) for argument in arguments) or "any repository"
        return f"on GitHub in {where}"


_PULL_REQUESTS_QUERY = """
query PullRequests($query: String!, $after: String) {
  rateLimit { cost remaining resetAt }
  search(type: ISSUE, query: $query, first: 100, after: $after) {
    issueCount
    pageInfo { hasNextPage endCursor }
    nodes {
      ... on PullRequest {
        number title body url merged createdAt mergedAt closedAt additions deletions changedFiles author { login }
        reviews(first: 100) { nodes { author { login } } }
        labels(first: 20) { nodes { name } }
        repository { nameWithOwner }
        mergeCommit { oid }
      }
    }
  }
}
"""

# Only how many: the pull requests of others a developer reviewed.
_REVIEWED_QUERY = """
query Reviewed($query: String!) {
  rateLimit { cost remaining resetAt }
  search(type: ISSUE, query: $query, first: 1) { issueCount }
}
"""


def read_github(
    repositories: list[str], login: str, emails: list[str], period: Period, cache: RunCache, client: GitHubClient | None = None
) -> SourceExtract:
    """The login's commits on the default branches of `repositories` (all they committed to, if none)."""

    client = client or GitHubClient(
        url_setting("GITHUB_API_URL", DEFAULT_API, DEFAULT_API), github_token(), cache,
        graphql=url_setting("GITHUB_GRAPHQL_URL", "", "https://HOST/api/graphql") or None,
    )
    warnings = [] if client.token else [
        "no GitHub token (GITHUB_TOKEN or `gh auth token`): anonymous requests are limited to 60 an hour, "
        "and pull request titles and labels need a token"
    ]  # fmt: skip
    try:
        user, _ = _get(client, f"/users/{urllib.parse.quote(login)}", f"there is no GitHub user {login!r}")
        names = [name.removeprefix(PREFIX) for name in repositories] or _contributed(client, login, period)
        extract = SourceExtract(warnings=warnings)
        for full_name in names:
            _read_repository(client, full_name, user, emails, period, extract)
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        # The answers are read as GitHub documents them; another shape (a proxy's page, another
        # API behind GITHUB_API_URL, a server bug) ends the run instead of going on with holes.
        what = f"no {error}" if isinstance(error, KeyError) else (first_problem(error) if isinstance(error, ValidationError) else str(error))
        raise SummarizerError(
            f"GitHub at {client.api} answered in a shape its API does not have ({what}); is GITHUB_API_URL a GitHub API?",
            ExitCode.UNAVAILABLE,
        ) from error
    return extract


def _read_repository(client: GitHubClient, full_name: str, user: dict[str, Any], emails: list[str], period: Period, extract: SourceExtract) -> None:
    repo, _ = _get(client, f"/repos/{full_name}", f"there is no repository {full_name} on GitHub, or the token cannot see it")
    name, branch = repo["full_name"], repo["default_branch"]
    extract.repositories.append(
        Repository(name=name, path=repo["html_url"], branch=branch, tip="", web_url=repo["html_url"], forge=Forge.GITHUB)
    )
    by_login: set[str] = set()
    unlinked: dict[str, int] = {}
    shas: list[str] = []
    # Whether to search a month's pull requests again: only the current one, only when its commits changed.
    search_again: dict[str, bool] = {}
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
        search_again[month] = ask and changed
        if client.token:
            closed = f"closed:{start:%Y-%m-%d}..{end:%Y-%m-%d}"
            extract.pull_requests += _pull_requests(client, f"is:pr author:{user['login']} repo:{name} {closed}", search_again[month])
            reviewed = f"is:pr repo:{name} reviewed-by:{user['login']} -author:{user['login']} {closed}"
            given = client.graphql(_REVIEWED_QUERY, {"query": reviewed}, search_again[month])["search"]["issueCount"]
            extract.reviews_given[month] = extract.reviews_given.get(month, 0) + given
    commits = [_commit(client, name, sha) for sha in shas]
    commits = [commit for commit in commits if commit.month in period]
    _attach_pull_requests(commits, [pr for pr in extract.pull_requests if pr.repo == name], name, by_login, extract)
    mark_uncounted_files(commits)
    extract.commits += commits
    if client.token:
        active = {month: search_again[month] for month in sorted({commit.month for commit in commits})}
        extract.others += _merged_by_others(client, name, user["login"], active)
    for email, count in unlinked.items():
        extract.warnings.append(
            f"{name}: {count} commit(s) by {email}, an e-mail GitHub does not link to {user['login']}, counted from --author"
        )


def _commit(client: GitHubClient, repo: str, sha: str) -> Commit:
    # A commit never changes: once fetched, it is not asked for again.
    body, _ = client.get(f"/repos/{repo}/commits/{sha}", ask=False)
    subject, _, rest = body["commit"]["message"].strip().partition("\n\n")
    subject, rest = sanitized_message(subject, rest)
    committed = dt.datetime.fromisoformat(body["commit"]["committer"]["date"].replace("Z", "+00:00"))
    return Commit(
        sha=body["sha"],
        repo=repo,
        author_name=sanitized(body["commit"]["author"]["name"]),
        author_email=sanitized(body["commit"]["author"]["email"]),
        authored_at=dt.datetime.fromisoformat(body["commit"]["author"]["date"].replace("Z", "+00:00")),
        committed_at=committed,
        month=f"{committed:%Y-%m}",
        subject=subject,
        body=rest,
        pr=pr_number(subject, rest),
        co_authors=co_authors(rest),
        files=[
            FileChange(path=without_controls(change["filename"]), added=change["additions"], deleted=change["deletions"], binary="patch" not in change and change["changes"] == 0)
            for change in body.get("files", [])
        ],
    )


def _pull_requests(client: GitHubClient, query: str, ask: bool) -> list[PullRequest]:
    pulls, after = [], None
    while True:
        data = client.graphql(_PULL_REQUESTS_QUERY, {"query": query, "after": after}, ask)
        search = data["search"]
        for node in search["nodes"]:
            title, body = sanitized_message(node["title"], node.get("body") or "")
            pulls.append(
                PullRequest(
                    repo=node["repository"]["nameWithOwner"], number=node["number"], title=title,
                    body=body, labels=[without_controls(label["name"]) for label in node["labels"]["nodes"]],
                    additions=node["additions"], deletions=node["deletions"], changed_files=node["changedFiles"],
                    merged_at=node["mergedAt"], closed_at=node["closedAt"], url=node["url"],
                    merge_commit=(node.get("mergeCommit") or {}).get("oid"), author=(node.get("author") or {}).get("login"),
                    created_at=node["createdAt"], reviews=_reviews_by_others(node),
                )
            )  # fmt: skip
        if not search["pageInfo"]["hasNextPage"]:
            return pulls
        after = search["pageInfo"]["endCursor"]


def _reviews_by_others(node: dict[str, Any]) -> int:
    author = (node.get("author") or {}).get("login")
    return sum((review.get("author") or {}).get("login") != author for review in node["reviews"]["nodes"])


def _merged_by_others(client: GitHubClient, repo: str, login: str, months: dict[str, bool]) -> list[Commit]:
    """The pull requests other authors merged in `repo` in the months the developer landed work there
    (searched again where `months` says so), as the commits they landed: title and body, no files."""
    others = []
    for month, ask in months.items():
        start, end = _window(month)
        for pull in _pull_requests(client, f"is:pr is:merged repo:{repo} merged:{start:%Y-%m-%d}..{end:%Y-%m-%d}", ask):
            if pull.author == login or pull.merged_at is None:
                continue
            landed = pull.merged_at.astimezone(dt.timezone.utc)
            others.append(
                Commit(
                    sha=pull.merge_commit or f"{repo}#{pull.number}", repo=repo, author_name=pull.author or "(unknown)",
                    author_email="", authored_at=landed, committed_at=landed, month=f"{landed:%Y-%m}", subject=pull.title,
                    body=pull.body, pr=pull.number, stats_complete=False,
                )
            )  # fmt: skip
    return others


def _attach_pull_requests(commits: list[Commit], pulls: list[PullRequest], repo: str, by_login: set[str], extract: SourceExtract) -> None:
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
    except NotFound as error:
        raise SummarizerError(f"{not_found} ({error.answer})") from error


def _login_among(authors: list[str]) -> str:
    logins = [author for author in authors if "@" not in author and " " not in author]
    if not logins:
        raise SummarizerError("GitHub sources need the developer's login: --github-user LOGIN")
    return logins[0]


def _window(month: str) -> tuple[dt.datetime, dt.datetime]:
    start = dt.datetime.fromisoformat(f"{month}-01T00:00:00+00:00")
    end = dt.datetime.fromisoformat(f"{shift_month(month, 1)}-01T00:00:00+00:00") - dt.timedelta(seconds=1)
    return start, end


