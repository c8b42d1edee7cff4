"""What a source is: a kind of place commits come from, behind one small interface.

Each kind — a local git repository, a GitHub repository, and whatever comes next (GitLab,
Gitea) — implements `Source` in a module of its own and is registered once, in
`summarizer.sources.SOURCES` (or by `register`). The collection asks each source which
SOURCE arguments it claims, what it reads when none is named, and whether a cache key can
say that nothing changed; then it reads.
"""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel

from summarizer.cache import RunCache
from summarizer.models.activity import Commit, PullRequest, Repository
from summarizer.period import Period


class SourceQuery(BaseModel):
    """Whose commits, for when: what every source is asked."""

    # The developer's identities as --author gave them (else a login).
    authors: list[str]
    # The developer's login on each forge that has accounts, by its source's `login` key:
    # {"github": "octocat", "gitlab": "ada"} (from --github-user, --gitlab-user, a roster).
    logins: dict[str, str] = {}
    period: Period
    branch: str | None = None


class SourceExtract(BaseModel):
    """What one source gives: its repositories, the developer's commits and pull requests."""

    repositories: list[Repository] = []
    commits: list[Commit] = []
    pull_requests: list[PullRequest] = []
    # Other authors' work beside the developer's (see Activity.others).
    others: list[Commit] = []
    warnings: list[str] = []
    # The GitHub logins the source read the developer's work by.
    logins: list[str] = []
    # Per month, how many pull requests of others the developer reviewed (GitHub, with a token).
    reviews_given: dict[str, int] = {}


class TeamRead(BaseModel):
    """What one repository gives for a whole roster: each developer's commits, by their key."""

    repositories: list[Repository] = []
    commits: dict[str, list[Commit]] = {}
    # Commits that revert one, by people outside the roster in the period and by anyone after
    # it: a developer's reverted work counts every revert, as in a single run.
    reverts: list[Commit] = []
    warnings: list[str] = []


class Source(Protocol):
    name: str  # what the source is called in messages: "git", "GitHub"
    # The key of the developer's login this source reads (SourceQuery.logins): its
    # `--KEY-user` option and a roster's `KEY = "login"`. None: the source has no accounts.
    login: str | None
    # How --KEY-user reads for this source, after "The developer's NAME login".
    login_help: str

    def claims(self, argument: str) -> bool:
        """Whether a SOURCE argument names a place of this kind; a SummarizerError when it is
        written as one but names none (`github:` alone), so that nothing is read for it."""

    def when_none_named(self, query: SourceQuery) -> list[str] | None:
        """The arguments to read when no SOURCE is named at all; None to read nothing."""

    def cache_key(self, arguments: list[str], query: SourceQuery) -> str | None:
        """A key that changes whenever `read` would give something else; None when only asking tells."""

    def read(self, arguments: list[str], query: SourceQuery, cache: RunCache) -> SourceExtract:
        """The developer's commits in the places `arguments` name."""

    def nothing_found(self, arguments: list[str], query: SourceQuery) -> str:
        """Where nothing was found, said so that the user can correct the run (who was there instead)."""

    def read_team(self, argument: str, developers: dict[str, SourceQuery], cache: RunCache) -> TeamRead:
        """Every roster developer's commits in the place `argument` names, by their key in `developers`."""

    def team_cache_key(self, argument: str, developers: dict[str, SourceQuery]) -> str | None:
        """A key that changes whenever `read_team` would give something else; None when only asking tells."""


def read_each(source: Source, argument: str, developers: dict[str, SourceQuery], cache: RunCache) -> TeamRead:
    """A roster's read of a place that is asked per developer (a forge's API): one `read` each."""
    team = TeamRead()
    for key, query in developers.items():
        extract = source.read([argument], query, cache)
        team.commits[key] = extract.commits
        team.repositories += [repository for repository in extract.repositories if repository not in team.repositories]
        team.warnings += extract.warnings
    return team
