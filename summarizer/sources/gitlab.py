"""GitLab source: one developer's landed commits and merged merge requests, from GitLab's REST API.

Calls a run makes, sequentially, under `{GITLAB_URL}/api/v4` (https://gitlab.com, or a
self-managed instance, a sub-path kept: https://HOST/gitlab), for one login and project:
- `GET /users?username={login}`, then `GET /users/{id}`: the account's name and public
  e-mail (conditional: a rerun is answered 304).
- `GET /projects/{group%2Fsub%2Fproject}`: its id, web page and default branch (conditional).
- `GET /projects/{id}/repository/commits?ref_name={branch}&since&until&with_stats=true` a
  month, 100 commits a page: every author's commits that landed on the branch. GitLab ties
  no commit to an account, so the matching is done here (see `Identities`) and the other
  authors' commits stand beside the developer's, as a git read's do, for the signals.
- `GET /projects/{id}/repository/commits/{sha}/diff` once per commit of theirs, ever: the
  files (languages) and their lines, to leave lock and generated files out of the counts.
- `GET /projects/{id}/merge_requests?state=merged&author_username={login}&target_branch&
  updated_after={start}&created_before={end}`: their merge requests; the API filters on no
  merge date, so merged_at is checked here. Squash, merge and fast-forwarded heads tie an
  MR to its commits: the work item is the MR, kept as `#N` with the forge's links
  (`/-/merge_requests/N`).
- With a token only: the same list for every author, and `GET .../merge_requests/{iid}/approvals`
  per merged MR of the period (at most MAX_APPROVALS_ASKED a project): approvals are the
  review signal, given (others' MRs they approved) and received (others' approvals of theirs).

Answers that cannot change any more are reused from the cache without asking: a month's
commit list fetched after it ended, a commit's diff, the merge requests of a period that
ended, a merged MR's approvals. The rest is asked with `If-None-Match`. The client
(gitlab_api.py) says how failures end.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import urllib.parse
from collections import Counter
from typing import Any, NamedTuple

from pydantic import ValidationError

from summarizer.cache import RunCache
from summarizer.choices import Forge
from summarizer.errors import ExitCode, SummarizerError, first_problem
from summarizer.models.activity import Commit, FileChange, PullRequest, Repository
from summarizer.period import Period, shift_month
from summarizer.sanitize import sanitized, sanitized_message, without_controls, without_credentials
from summarizer.sources.base import SourceExtract, SourceQuery, TeamRead, read_each
from summarizer.sources.commits import co_authors, mark_uncounted_files, relevant_others
from summarizer.sources.gitlab_api import DEFAULT_URL, EVER, URL_EXAMPLE, GitLabClient, NotFound, gitlab_token
from summarizer.urls import url_setting
from summarizer.words import count

PREFIX = "gitlab:"
GITLAB_PROJECT = re.compile(r"^gitlab:(?P<path>[\w.-]+(?:/[\w.-]+)+)$")
# GitLab's merge commit message, and squash templates that keep its line: "See merge request group/project!12".
_SEE_MERGE_REQUEST = re.compile(r"^See merge request (?P<project>\S+)!(?P<iid>\d+)\s*$", re.MULTILINE)
MAX_APPROVALS_ASKED = 300  # per project and run: beyond it, reviews given are left unknown, with a warning
# How a commit was found to be the developer's (`Identities.how`).
BY_EMAIL, BY_AUTHOR, BY_NAME = "public e-mail", "--author", "name"


class GitLabSource:
    """`gitlab:group/subgroup/project`; read for the developer --gitlab-user names (else by --author alone)."""

    name = "GitLab"
    login = "gitlab"
    login_help = "their GitLab name and public e-mail find their commits in gitlab:GROUP/PROJECT, their username their merge requests."

    def claims(self, argument: str) -> bool:
        if not argument.startswith(PREFIX):
            return False
        if not GITLAB_PROJECT.match(argument):
            raise SummarizerError(
                f"{argument!r} names no GitLab project: write {PREFIX}GROUP/PROJECT, as {PREFIX}group/subgroup/project"
            )
        return True

    def when_none_named(self, query: SourceQuery) -> list[str] | None:
        # GitLab is not searched for every project a user committed to: with only --gitlab-user, `read` says so.
        return [] if query.logins.get(self.login) else None

    def cache_key(self, arguments: list[str], query: SourceQuery) -> str | None:
        return None  # whether GitLab's answers changed is only known by asking (cheaply: 304s)

    def read(self, arguments: list[str], query: SourceQuery, cache: RunCache) -> SourceExtract:
        projects = [argument.removeprefix(PREFIX) for argument in arguments]
        return read_gitlab(projects, query.logins.get(self.login), query.authors, query.period, query.branch, cache)

    def nothing_found(self, arguments: list[str], query: SourceQuery) -> str:
        if not arguments:
            return "on GitLab (no project named)"
        where = ", ".join(argument.removeprefix(PREFIX) for argument in arguments)
        return f"on GitLab ({os.environ.get('GITLAB_URL') or 'https://gitlab.com'}) in {where}"

    def read_team(self, argument: str, developers: dict[str, SourceQuery], cache: RunCache) -> TeamRead:
        return read_each(self, argument, developers, cache)

    def team_cache_key(self, argument: str, developers: dict[str, SourceQuery]) -> str | None:
        return None


class Account(NamedTuple):
    login: str
    name: str
    email: str | None  # the public e-mail; None when the user shows none


class Identities(NamedTuple):
    """Whose commits are the developer's. GitLab links no commit to an account, so they are matched:
    the account's public e-mail (whole), each --author (git's rule: a substring of the name or the
    e-mail, case-insensitive), then the account's name (whole, case-insensitive)."""

    account: Account | None
    authors: list[str]

    def how(self, commit: Commit) -> str | None:
        """How the commit was found to be theirs (BY_EMAIL, BY_AUTHOR, BY_NAME); None: it is not."""
        if self.account and self.account.email and commit.author_email.lower() == self.account.email:
            return BY_EMAIL
        if self.authors and commit.is_by(self.authors):
            return BY_AUTHOR
        if self.account and _folded(commit.author_name) == _folded(self.account.name):
            return BY_NAME
        return None


def read_gitlab(
    projects: list[str], login: str | None, authors: list[str], period: Period, branch: str | None, cache: RunCache,
    client: GitLabClient | None = None,
) -> SourceExtract:  # fmt: skip
    """The developer's commits on the branch (default: each project's default branch) of `projects`."""

    client = client or GitLabClient(url_setting("GITLAB_URL", DEFAULT_URL, URL_EXAMPLE), gitlab_token(), cache)
    extract = SourceExtract(logins=[login] if login else [])
    if not projects:
        extract.warnings.append("GitLab projects are read only when named: add gitlab:GROUP/PROJECT to read one for --gitlab-user")
        return extract
    if not login:
        extract.warnings.append("no --gitlab-user: GitLab commits are matched by --author alone, and merge requests are not read")
    elif not client.token:
        extract.warnings.append("no GitLab token (GITLAB_TOKEN): approvals are not read, so nothing is known of reviews")
    # The login names the account (matched by its name and e-mail), not a substring of every author's.
    named = [sanitized(author) for author in authors if not login or author.lower() != login.lower()]
    try:
        account = _account(client, login) if login else None
        reviews_known = bool(login and client.token)
        for project in projects:
            reviews_known = _read_project(client, project, Identities(account, named), period, branch, extract) and reviews_known
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        # The answers are read as GitLab documents them; another shape (a proxy's page, another API
        # behind GITLAB_URL) ends the run instead of going on with holes.
        what = f"no {error}" if isinstance(error, KeyError) else (first_problem(error) if isinstance(error, ValidationError) else str(error))
        raise SummarizerError(
            f"GitLab at {client.web} answered in a shape its API does not have ({what}); is GITLAB_URL a GitLab instance?",
            ExitCode.UNAVAILABLE,
        ) from error
    if not reviews_known:
        extract.reviews_given = {}
    return extract


def _account(client: GitLabClient, login: str) -> Account:
    found = [user for user in client.get(f"/users?{urllib.parse.urlencode({'username': login})}") if user["username"].lower() == login.lower()]
    if not found:
        raise SummarizerError(f"there is no GitLab user {login!r} at {client.web}")
    user = client.get(f"/users/{found[0]['id']}")
    email = sanitized(user.get("public_email") or "").strip().lower()
    return Account(login=user["username"], name=sanitized(user["name"]), email=email or None)


def _read_project(client: GitLabClient, path: str, identities: Identities, period: Period, branch: str | None, extract: SourceExtract) -> bool:
    """Reads one project into `extract`; whether the reviews given there are known."""

    try:
        project = client.get(f"/projects/{urllib.parse.quote(path, safe='')}")
    except NotFound as error:
        raise SummarizerError(f"there is no project {path} on GitLab at {client.web}, or the token cannot see it ({error.answer})") from error
    name, web = sanitized(project["path_with_namespace"]), without_credentials(project["web_url"])
    branch = branch or project.get("default_branch")
    if not branch:
        extract.warnings.append(f"{name}: the project has no commits (no default branch)")
        return True
    extract.repositories.append(Repository(name=name, path=web, branch=branch, tip="", web_url=web, forge=Forge.GITLAB))
    base = f"/projects/{project['id']}"
    listed = _listed_commits(client, base, name, branch, period)
    account = identities.account
    merge_requests = _merged(client, base, branch, period, account.login) if account else []
    landed = _landed_by(listed, merge_requests)
    mine, others, found = [], [], Counter[tuple[str, str]]()
    for item in listed.values():
        if len(item["parent_ids"]) > 1:
            continue  # a merge commit: its lines are its parents' again
        commit = _commit(item, name)
        if commit.month not in period:
            continue
        commit.pr = commit.pr or landed.get(commit.sha)
        how = identities.how(commit)
        if how is None:
            others.append(commit.model_copy(update={"stats_complete": False}))
            continue
        commit.files, unshown = _diff_files(client, base, commit.sha)
        mark_uncounted_files([commit])
        commit.stats_complete = _lines_known(commit.files, unshown, item.get("stats"))
        mine.append(commit)
        found[(commit.author_email.lower(), how)] += 1
    mine.sort(key=lambda commit: commit.committed_at)
    extract.commits += mine
    extract.others += relevant_others(others, mine)
    extract.warnings += _matched_warnings(name, identities, found)
    if not account:
        return False
    pulls = [_pull_request(mr, name) for mr in merge_requests]
    extract.pull_requests += pulls
    extract.warnings += _not_counted(name, pulls, mine, account.login)
    return bool(client.token) and _read_reviews(client, base, name, branch, period, account, pulls, extract)


def _listed_commits(client: GitLabClient, base: str, name: str, branch: str, period: Period) -> dict[str, dict[str, Any]]:
    """Every author's commits on `branch` that landed in the period, by SHA, asked a month at a time (a
    day wider at both ends: a commit's month is read in the offset its date records, not in UTC)."""

    now = dt.datetime.now(dt.timezone.utc)
    months = period.months()
    listed: dict[str, dict[str, Any]] = {}
    for month in months:
        start, end = _window(month)
        start -= dt.timedelta(days=1) if month == months[0] else dt.timedelta(0)
        end += dt.timedelta(days=1) if month == months[-1] else dt.timedelta(0)
        if start > now:
            break
        query = urllib.parse.urlencode({"ref_name": branch, "since": _iso(start), "until": _iso(end), "with_stats": "true"})
        try:
            month_commits = client.pages(f"{base}/repository/commits?{query}", settled=end)
        except NotFound as error:
            raise SummarizerError(f"there is no branch {branch!r} in {name} on GitLab ({error.answer})") from error
        for item in month_commits:
            listed.setdefault(item["id"], item)
    return listed


def _commit(item: dict[str, Any], repo: str) -> Commit:
    subject, _, rest = (item.get("message") or item["title"]).strip().partition("\n\n")
    subject, rest = sanitized_message(subject, rest)
    committed = _time(item["committed_date"])
    mentioned = [int(match["iid"]) for match in _SEE_MERGE_REQUEST.finditer(rest) if match["project"] == repo]
    return Commit(
        sha=item["id"], repo=repo, author_name=sanitized(item["author_name"]), author_email=sanitized(item["author_email"]),
        authored_at=_time(item["authored_date"]), committed_at=committed, month=f"{committed:%Y-%m}",
        subject=subject, body=rest, pr=mentioned[-1] if mentioned else None, co_authors=co_authors(rest),
    )  # fmt: skip


def _diff_files(client: GitLabClient, base: str, sha: str) -> tuple[list[FileChange], list[FileChange]]:
    """A commit's files with the lines its diff shows (a commit never changes: asked once, ever), and
    those of them whose diff GitLab did not show (too large, collapsed)."""

    files, unshown = [], []
    for diff in client.pages(f"{base}/repository/commits/{sha}/diff", settled=EVER):
        text = diff.get("diff") or ""
        lines = text.splitlines()
        change = FileChange(
            path=without_controls(diff["new_path"] or diff["old_path"]),
            added=sum(line.startswith("+") for line in lines),
            deleted=sum(line.startswith("-") for line in lines),
            binary=text.startswith("Binary files"),
            counted=not diff.get("generated_file"),
        )
        files.append(change)
        if not text and (diff.get("too_large") or diff.get("collapsed")):
            unshown.append(change)
    return files, unshown


def _lines_known(files: list[FileChange], unshown: list[FileChange], stats: dict[str, int] | None) -> bool:
    """Whether the files' lines add up to the commit's stats once the lines no diff showed are given
    to a file whose diff was not shown (one that counts, if any does: the stats say how many, not where)."""
    shown = {"additions": sum(change.added for change in files), "deletions": sum(change.deleted for change in files)}
    missing = [(stats or {}).get(key, 0) - lines for key, lines in shown.items()]
    if max(missing) <= 0:
        return True
    if not unshown:
        return False  # the stats and the diff disagree: which lines are which is not known
    holder = next((change for change in unshown if change.counted), unshown[0])
    holder.added, holder.deleted = holder.added + max(missing[0], 0), holder.deleted + max(missing[1], 0)
    return True


def _merged(client: GitLabClient, base: str, branch: str, period: Period, author: str | None) -> list[dict[str, Any]]:
    """The merge requests merged into `branch` in the period (by `author`, else by anyone)."""
    start, end = _window(period.since)[0], _window(period.until)[1]
    query = {"state": "merged", "scope": "all", "target_branch": branch, "updated_after": _iso(start), "created_before": _iso(end)}
    if author:
        query["author_username"] = author
    # Which MRs were merged in a period that has ended never changes (merged is final).
    listed = client.pages(f"{base}/merge_requests?{urllib.parse.urlencode(query)}", settled=end)
    return [mr for mr in listed if mr.get("merged_at") and start <= _time(mr["merged_at"]) <= end]


def _landed_by(listed: dict[str, dict[str, Any]], merge_requests: list[dict[str, Any]]) -> dict[str, int]:
    """The merge request each listed commit landed with, by SHA: a squash commit, a fast-forwarded
    head, and the commits a merge commit brought in (reachable from its second parent, not from
    the branch's first-parent line)."""
    landed: dict[str, int] = {}
    merges = []
    for mr in merge_requests:
        if mr.get("squash_commit_sha"):
            landed.setdefault(mr["squash_commit_sha"], mr["iid"])
        elif mr.get("merge_commit_sha") in listed:
            merges.append((listed[mr["merge_commit_sha"]], mr["iid"]))
        elif mr.get("sha") and not mr.get("merge_commit_sha"):
            landed.setdefault(mr["sha"], mr["iid"])  # fast-forwarded: the head landed as it was
    mainline: set[str] = set()
    for merge, _ in merges:
        sha = merge["parent_ids"][0]
        while sha in listed and sha not in mainline:
            mainline.add(sha)
            sha = (listed[sha]["parent_ids"] or [None])[0]
    for merge, iid in merges:
        todo = list(merge["parent_ids"][1:])
        while todo:
            sha = todo.pop()
            if sha in listed and sha not in mainline and sha not in landed:
                landed[sha] = iid
                todo += listed[sha]["parent_ids"]
    return landed


def _pull_request(mr: dict[str, Any], repo: str) -> PullRequest:
    title, body = sanitized_message(mr["title"], mr.get("description") or "")
    labels = [label["name"] if isinstance(label, dict) else label for label in mr.get("labels") or []]
    return PullRequest(
        repo=repo, number=mr["iid"], title=title, body=body, labels=[without_controls(label) for label in labels],
        merged_at=mr["merged_at"], closed_at=mr.get("closed_at"), url=without_credentials(mr["web_url"]),
        merge_commit=mr.get("squash_commit_sha") or mr.get("merge_commit_sha") or mr.get("sha"),
        author=sanitized(mr["author"]["username"]), created_at=mr.get("created_at"),
    )  # fmt: skip


def _not_counted(repo: str, pulls: list[PullRequest], mine: list[Commit], login: str) -> list[str]:
    """Their merged MRs that no commit of theirs carries: the landed commit's author matched nothing."""
    carried = {commit.pr for commit in mine}
    return [
        f"{repo}!{pull.number} was merged as {(pull.merge_commit or '?')[:7]}, whose author matches neither the name nor "
        f"the public e-mail of GitLab account {login}: not counted; add that author's e-mail with --author to count it"
        for pull in pulls if pull.number not in carried
    ]  # fmt: skip


def _read_reviews(
    client: GitLabClient, base: str, repo: str, branch: str, period: Period, account: Account, pulls: list[PullRequest], extract: SourceExtract
) -> bool:
    """Approvals as reviews: others' approvals of their merged MRs (received), and the others' MRs
    merged in the period that they approved (given, by merge month). False when too many to ask."""
    theirs = [mr for mr in _merged(client, base, branch, period, None) if mr["author"]["username"].lower() != account.login.lower()]
    if len(theirs) + len(pulls) > MAX_APPROVALS_ASKED:
        extract.warnings.append(
            f"{repo}: {count(len(theirs) + len(pulls), 'merge request')} merged in the period, more than the "
            f"{MAX_APPROVALS_ASKED} whose approvals a run asks for: reviews are left unknown"
        )
        return False
    for pull in pulls:
        approvers = _approvers(client, base, pull.number, pull.merged_at)
        pull.reviews = sum(approver != (pull.author or "").lower() for approver in approvers)
    given = extract.reviews_given
    for month in period.months():
        given.setdefault(month, 0)
    for mr in theirs:
        if account.login.lower() in _approvers(client, base, mr["iid"], _time(mr["merged_at"])):
            month = f"{_time(mr['merged_at']).astimezone(dt.timezone.utc):%Y-%m}"
            given[month] = given.get(month, 0) + 1
    return True


def _approvers(client: GitLabClient, base: str, iid: int, merged_at: dt.datetime | None) -> list[str]:
    # A merged MR's approvals are final: asked once after its merge.
    body = client.get(f"{base}/merge_requests/{iid}/approvals", settled=merged_at)
    return [entry["user"]["username"].lower() for entry in body.get("approved_by") or []]


def _matched_warnings(repo: str, identities: Identities, found: Counter[tuple[str, str]]) -> list[str]:
    """What was matched otherwise than by the account's public e-mail, said, so that a wrong match shows."""
    account = identities.account
    if account is None:
        return []
    warnings = []
    for (email, how), number in sorted(found.items()):
        if how == BY_AUTHOR:
            warnings.append(f"{repo}: {count(number, 'commit')} by {email}, matched from --author, not from the GitLab account {account.login}")
        elif how == BY_NAME:
            warnings.append(
                f"{repo}: {count(number, 'commit')} by {email}, matched by the name {account.name!r} of the GitLab account "
                f"{account.login}, not by its public e-mail ({account.email or 'it shows none'})"
            )
    return warnings


def _folded(name: str) -> str:
    return " ".join(name.split()).casefold()


def _time(value: str) -> dt.datetime:
    parsed = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.timezone.utc)


def _iso(moment: dt.datetime) -> str:
    return f"{moment.astimezone(dt.timezone.utc):%Y-%m-%dT%H:%M:%SZ}"


def _window(month: str) -> tuple[dt.datetime, dt.datetime]:
    start = dt.datetime.fromisoformat(f"{month}-01T00:00:00+00:00")
    end = dt.datetime.fromisoformat(f"{shift_month(month, 1)}-01T00:00:00+00:00") - dt.timedelta(seconds=1)
    return start, end
