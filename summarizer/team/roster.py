"""The roster: a team's developers, their identities and repositories, and the period (SPEC §10).

    since = "2025-01"
    until = "2025-12"
    repositories = ["../cobol-tools", "acme/compiler"]

    [[developer]]
    name = "Grace Hopper"
    identities = ["Grace Hopper", "grace@navy.example"]
    github = "ghopper"
    repositories = ["../cobol-tools"]

Paths are relative to the roster file. Every problem is one SummarizerError naming the
file and the place in it: an unknown key, a month that is none, a developer with no identity,
an identity (name, e-mail or GitHub login) two developers claim, a repository path that does
not exist.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import tomllib
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from summarizer.errors import SummarizerError, first_problem
from summarizer.models.profile import Profile
from summarizer.period import parse_month
from summarizer.sanitize import sanitized
from summarizer.sources import is_local, login_keys


class RosterDeveloper(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    identities: list[str] = []
    # Their login on each forge, written as the source's key: `github = "ghopper"`, `gitlab = "grace"`.
    logins: dict[str, str] = {}
    # Only these of the team's repositories (or others) count for them; all of the team's by default.
    repositories: list[str] | None = None

    @model_validator(mode="before")
    @classmethod
    def _forge_logins(cls, data: Any) -> Any:
        """`github = "ghopper"` as written, into `logins`: the keys are the registered sources' own."""
        if not isinstance(data, dict):
            return data
        if "logins" in data:
            written = " or ".join(f'{key} = "LOGIN"' for key in login_keys())
            raise PydanticCustomError("login", f"logins is not a key of a developer: write a forge login as {written}")
        keys = sorted(login_keys().keys() & data.keys())
        for key in keys:
            if not isinstance(data[key], str):
                raise PydanticCustomError("login", f'{key} = {data[key]!r} is no login: write {key} = "LOGIN"')
        return {name: value for name, value in data.items() if name not in keys} | ({"logins": {key: data[key] for key in keys}} if keys else {})

    @property
    def slug(self) -> str:
        """The page's folder: "Grace Hopper" → grace-hopper."""
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-") or "developer"

    @property
    def authors(self) -> list[str]:
        return self.identities or list(dict.fromkeys(self.logins.values()))


class Roster(BaseModel):
    model_config = ConfigDict(extra="forbid")

    since: str | None = None
    until: str | None = None
    repositories: list[str] = []
    developer: list[RosterDeveloper] = Field(default_factory=list)

    def developers_of(self, repository: str) -> list[RosterDeveloper]:
        """Who counts in a repository: those who list it, and those who list none, if the team does."""
        return [d for d in self.developer if repository in (self.repositories if d.repositories is None else d.repositories)]

    def all_repositories(self) -> list[str]:
        return list(dict.fromkeys(self.repositories + [r for d in self.developer for r in d.repositories or []]))

    def named(self, name: str) -> RosterDeveloper:
        """The developer a `--developer` names: by display name or slug, case-insensitive."""
        for developer in self.developer:
            if name.lower() in (developer.name.lower(), developer.slug):
                return developer
        names = ", ".join(developer.name for developer in self.developer)
        raise SummarizerError(f"no developer {name!r} in the roster (it lists {names})")


def roster_request(roster: Path | None, developer: str | None, given: dict[str, Any]) -> dict[str, Any]:
    """What a command's request is for `--roster FILE --developer NAME`: their identities,
    repositories and the roster's period (a --since/--until given wins)."""
    if roster is None or developer is None:
        raise SummarizerError("--roster and --developer go together: the roster file, and whose profile")
    if given.get("sources") or given.get("author") or given.get("activity") or any(given.get(f"{key}_user") for key in login_keys()):
        raise SummarizerError("with --roster, the developer's identities and repositories come from the roster: give no SOURCE, --author or --activity")
    read = read_roster(roster)
    chosen = read.named(developer)
    return {
        "sources": read.repositories if chosen.repositories is None else chosen.repositories,
        "authors": chosen.authors, "logins": chosen.logins,
        "since": given.get("since") or read.since, "until": given.get("until") or read.until,
    }  # fmt: skip


def read_roster(path: Path) -> Roster:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise SummarizerError(f"cannot read roster {path}: {error.strerror}") from error
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SummarizerError(f"{path} is not a TOML roster ({error})") from error
    try:
        roster = Roster.model_validate(data)
    except ValidationError as error:
        raise SummarizerError(f"{path}: {first_problem(error)}") from error
    # A roster's names reach every page and the terminal, as commit text does: made safe the same way.
    for developer in roster.developer:
        developer.name = " ".join(sanitized(developer.name).split())
        if not developer.name:
            raise SummarizerError(f"{path}: a developer's name is empty once its control characters are taken out")
    roster.since = parse_month(roster.since, f"{path}: since") if roster.since is not None else None
    roster.until = parse_month(roster.until, f"{path}: until") if roster.until is not None else None
    if roster.since and roster.until and roster.since > roster.until:
        raise SummarizerError(f"{path}: since {roster.since} is after until {roster.until}")
    base = path.resolve().parent
    roster.repositories = [_located(repository, base, path) for repository in roster.repositories]
    for developer in roster.developer:
        if developer.repositories is not None:
            developer.repositories = [_located(repository, base, path) for repository in developer.repositories]
    _check(roster, path)
    return roster


def _located(repository: str, base: Path, roster: Path) -> str:
    """A repository as the sources take it: `owner/name` as written, a path resolved against the roster."""
    local = (base / Path(repository).expanduser()).resolve()
    if local.exists():
        return str(local)
    if not is_local(repository):
        return repository
    raise SummarizerError(f"{roster}: repository {repository!r} does not exist (paths are relative to the roster)")


def _check(roster: Roster, path: Path) -> None:
    if not roster.developer:
        raise SummarizerError(f"{path} lists no developer ([[developer]] with a name and identities)")
    slugs: dict[str, str] = {}
    for developer in roster.developer:
        named = developer.identities + list(developer.logins.values())
        if any(not identity.strip() for identity in named):
            raise SummarizerError(f"{path}: developer {developer.name!r} has an empty identity")
        if not developer.authors:
            raise SummarizerError(f"{path}: developer {developer.name!r} has no identity (identities = [name or e-mail], or a forge login: {', '.join(login_keys())})")
        if developer.slug in slugs:
            raise SummarizerError(f"{path}: developers {slugs[developer.slug]!r} and {developer.name!r} would share the page {developer.slug}/")
        slugs[developer.slug] = developer.name
        if not roster.repositories and not developer.repositories:
            raise SummarizerError(f"{path}: no repository for {developer.name!r} (repositories = [...] for the team or for them)")
    _check_identities(roster.developer, path)


def _check_identities(developers: list[RosterDeveloper], path: Path) -> None:
    """Each identity belongs to one developer: one two developers share would credit both
    with the same commits. An author matches any name or e-mail it is part of, so an
    identity inside another developer's ("Grace" and "Grace Hopper") is shared as well."""
    owners: dict[str, str] = {}
    for developer in developers:
        for identity in developer.authors + list(developer.logins.values()):
            owner = owners.setdefault(_normalised(identity), developer.name)
            if owner != developer.name:
                raise SummarizerError(f"{path}: {owner!r} and {developer.name!r} both claim {identity.strip()}")
    authors = [(developer.name, identity.strip(), _normalised(identity)) for developer in developers for identity in developer.authors]
    for owner, identity, key in authors:
        for other, within, other_key in authors:
            if other != owner and key in other_key:
                raise SummarizerError(
                    f"{path}: {owner!r} and {other!r} would be credited the same commits: {identity!r} is part of "
                    f"{within!r}, and an identity matches every name or e-mail it is part of"
                )


def _normalised(identity: str) -> str:
    """An identity as a person tells two apart: not by case, spacing or a character's Unicode form."""
    return " ".join(unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", identity).casefold()).split())


class TeamMember(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    developer: RosterDeveloper
    # None when they have no commit in the period: the index says so.
    profile: Profile | None = None
