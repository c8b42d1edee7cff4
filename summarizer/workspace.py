"""The review workspace: one developer's drafts for one period and one set of repositories,
and what the user decided.

Stored as readable JSON under SUMMARIZER_HOME (the platform's user data folder by default),
never in the cache, written atomically after every decision. Each section — the overview
and each month's summary — is `draft`, `accepted`, `edited` or `stale` (reviewed, but its
commits changed since). A rerun replaces only unreviewed drafts: a reviewed text is never
overwritten, and goes stale instead when the work under it changed.

A workspace belongs to the repositories it reviews and to the developer's identities: the
same --author over other repositories is another workspace, never this one's text. The
first set of repositories reviewed for a developer and period has the plain file name
(`grace-hopper_2025-01_2025-06.json`), so that `export --author` finds it; another set has
its own (`…_2025-06_3f9a0c2b1d.json`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import socket
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pydantic import BaseModel, ValidationError, field_validator

from summarizer.atomic import write_atomic
from summarizer.choices import ReviewState
from summarizer.errors import SummarizerError, first_problem
from summarizer.models.activity import Repository
from summarizer.models.drafts import OVERVIEW, ProfileDraft
from summarizer.models.history import History
from summarizer.models.profile import Profile
from summarizer.period import Period
from summarizer.sanitize import sanitized

WORKSPACE_VERSION = 1


class Section(BaseModel):
    state: ReviewState = ReviewState.DRAFT
    draft: str
    # What the user accepted or wrote; it wins over the draft.
    text: str | None = None
    # Earlier texts of this section, oldest first, for undo.
    previous: list[str] = []
    # A digest of the commits the draft rests on, and of those when it was reviewed.
    evidence: str
    reviewed_evidence: str | None = None

    # A workspace is a file anyone can edit: its texts are made safe as commit text is,
    # before they are shown, checked or exported.
    @field_validator("draft", "text")
    @classmethod
    def _safe(cls, text: str | None) -> str | None:
        return None if text is None else sanitized(text)

    @field_validator("previous")
    @classmethod
    def _safe_previous(cls, texts: list[str]) -> list[str]:
        return [sanitized(text) for text in texts]

    @property
    def shown(self) -> str:
        return self.text if self.text is not None else self.draft


class Workspace(BaseModel):
    version: int = WORKSPACE_VERSION
    authors: list[str]
    period: Period
    # What is reviewed: the repositories, by `repository_ids`, and the developer's identities
    # after .mailmap (names and e-mails of their commits, logins). Both empty in a workspace
    # saved before they were recorded.
    repositories: list[str] = []
    developer: list[str] = []
    # The section to show first when review starts again.
    position: str | None = None
    sections: dict[str, Section] = {}
    # The last profile rendered, so that export needs no repository.
    profile: Profile | None = None

    def section_keys(self) -> list[str]:
        """The overview, then the months newest first."""
        return [OVERVIEW] + sorted((key for key in self.sections if key != OVERVIEW), reverse=True)

    def merge(self, draft: ProfileDraft, history: History) -> None:
        """Take in a new draft, once a run: reviewed texts stay (going stale if their commits
        changed); an unreviewed section takes the new draft and keeps its undo history."""
        evidence = evidence_digests(history)
        texts = {OVERVIEW: draft.overview} | {month.month: month.summary for month in draft.months}
        for key, text in texts.items():
            section = self.sections.get(key)
            if section is None:
                self.sections[key] = Section(draft=text, evidence=evidence[key])
                continue
            section.draft, section.evidence = text, evidence[key]
            if section.state not in (ReviewState.DRAFT, ReviewState.STALE) and section.reviewed_evidence != evidence[key]:
                section.state = ReviewState.STALE


def reviewed_draft(draft: ProfileDraft, workspace: Workspace) -> ProfileDraft:
    """The draft with the reviewed texts in place and each section's review state."""
    sections = workspace.sections
    months = [
        month.model_copy(update={"summary": sections[month.month].shown, "review": sections[month.month].state})
        if month.month in sections
        else month
        for month in draft.months
    ]
    overview = sections.get(OVERVIEW)
    return draft.model_copy(
        update={
            "overview": overview.shown if overview else draft.overview,
            "overview_review": overview.state if overview else ReviewState.DRAFT,
            "months": months,
        }
    )


def evidence_digests(history: History) -> dict[str, str]:
    def digest(shas: list[str]) -> str:
        return hashlib.sha256("\n".join(sorted(shas)).encode()).hexdigest()[:16]

    digests = {month.month: digest([commit.sha for commit in month.commits]) for month in history.months}
    digests[OVERVIEW] = digest([commit.sha for month in history.months for commit in month.commits])
    return digests


def workspace_home() -> Path:
    configured = os.environ.get("SUMMARIZER_HOME")
    if configured:
        return Path(configured).expanduser()
    import platformdirs  # only where SUMMARIZER_HOME is unset, as for the cache

    return Path(platformdirs.user_data_dir("summarizer"))


def workspace_path(authors: list[str], period: Period) -> Path:
    """The plain file of a developer and period: the same --author/--github-user values find it again."""
    who = "-".join(sorted({re.sub(r"[^a-z0-9]+", "-", author.lower()).strip("-") for author in authors}))[:80] or "developer"
    return workspace_home() / "workspaces" / f"{who}_{period.since}_{period.until}.json"


def workspace_files(authors: list[str], period: Period) -> list[Path]:
    """Every workspace of a developer and period that exists: one per set of repositories."""
    plain = workspace_path(authors, period)
    # The developer part of a name holds no "_": another developer's files never match.
    scoped = sorted(plain.parent.glob(f"{plain.stem}_*.json")) if plain.parent.is_dir() else []
    return [path for path in [plain, *scoped] if path.exists()]


def workspaces_digest(authors: list[str], period: Period) -> str:
    """What every workspace of a developer and period holds, for a cache key."""
    digest = hashlib.sha256()
    for path in workspace_files(authors, period):
        digest.update(path.name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b"") + b"\0")
    return digest.hexdigest()


def repository_ids(repositories: Iterable[Repository]) -> list[str]:
    """Repositories as a workspace tells them apart: their forge address, else where they are (two
    unrelated clones may share a folder's name, and so the name the extraction gives them)."""
    return sorted({repository.web_url or repository.path or repository.name for repository in repositories})


def open_workspace(
    authors: list[str], period: Period, repositories: list[str], developer: list[str], active: list[str]
) -> tuple[Path, Workspace, list[str]]:
    """The workspace of these repositories (`repository_ids`) and this developer, where it is
    saved or is to be: its path, the workspace, and what the user should know of the others.

    `active` are the repositories the developer has commits in: a workspace saved before
    repositories were recorded is this one only when its profile was of those same repositories
    and the same developer; one that cannot be told is left as it is.
    """
    plain = workspace_path(authors, period)
    scope = hashlib.sha256("\n".join(repositories).encode()).hexdigest()[:10]
    scoped = plain.with_name(f"{plain.stem}_{scope}.json")
    notes: list[str] = []
    if scoped.exists():
        path = scoped
    elif not plain.exists():
        path = plain
    else:
        found = load_workspace(plain, authors, period)
        if found.repositories:
            path = plain if found.repositories == repositories else scoped
        elif found.profile is None:
            path = scoped
            notes.append(
                f"the workspace {plain} does not say which repositories it reviewed, so it is not shown for these; "
                f"it was left as it is"
            )
        else:
            reviewed = {span.web_url or span.name for span in found.profile.repositories}
            same = reviewed == set(active) and bool(set(found.profile.developer.ids) & set(developer))
            path = plain if same else scoped
    workspace = load_workspace(path, authors, period)
    if workspace.developer and developer and not set(workspace.developer) & set(developer):
        raise SummarizerError(
            f"the workspace {path} reviews the work of {', '.join(workspace.developer)}, not of {', '.join(developer)}; "
            f"move it away to start a new review — it was left as it is"
        )
    workspace.repositories = repositories
    workspace.developer = list(dict.fromkeys(developer + workspace.developer))
    return path, workspace, notes


def exported_workspace(authors: list[str], period: Period, repositories: list[str] | None, names: list[str]) -> tuple[Path, Workspace] | None:
    """The reviewed workspace to export: the one of `repositories` (a saved activity's) or of the
    repositories `names` name; any one when only one exists. None when there is none."""
    found = [(path, load_workspace(path, authors, period)) for path in workspace_files(authors, period)]
    found = [(path, workspace) for path, workspace in found if workspace.profile is not None]
    if repositories is not None:
        found = [(path, workspace) for path, workspace in found if _reviews(workspace, repositories)]
    if names:
        found = [(path, workspace) for path, workspace in found if all(_names(name, reviewed_repositories(workspace)) for name in names)]
    if len(found) > 1:
        sets = "; ".join(f"{', '.join(reviewed_repositories(workspace)) or '?'} ({path.name})" for path, workspace in found)
        raise SummarizerError(
            f"{len(found)} reviewed profiles of {', '.join(authors)} from {period.since} to {period.until}, each of other repositories: "
            f"{sets}; say which with --repository NAME"
        )
    return found[0] if found else None


def reviewed_repositories(workspace: Workspace) -> list[str]:
    """The repositories a workspace reviews: as recorded, else those its last profile shows."""
    if workspace.repositories or workspace.profile is None:
        return workspace.repositories
    return sorted({span.web_url or span.name for span in workspace.profile.repositories})


def _reviews(workspace: Workspace, repositories: list[str]) -> bool:
    """Whether a workspace is of these repositories; one saved before they were recorded is
    when its profile's repositories (those with commits) are among them."""
    if workspace.repositories:
        return workspace.repositories == repositories
    return set(reviewed_repositories(workspace)) <= set(repositories)


def _names(name: str, repositories: list[str]) -> bool:
    """Whether `name` names one of `repositories`: whole, or as its last parts (`parser`, `acme/parser`)."""
    wanted = name.strip().strip("/").lower()
    return any(repository.lower() == wanted or repository.lower().endswith("/" + wanted) for repository in repositories)


def load_workspace(path: Path, authors: list[str], period: Period) -> Workspace:
    """The workspace at `path`, or a new one; a damaged file is reported and left alone."""
    if not path.exists():
        return Workspace(authors=authors, period=period)
    try:
        workspace = Workspace.model_validate_json(path.read_bytes())
    except ValidationError as error:
        raise SummarizerError(
            f"the workspace {path} cannot be read ({first_problem(error)}); mend it or move it away — it was left as it is"
        ) from error
    except OSError as error:
        raise SummarizerError(f"cannot read the workspace {path}: {error.strerror}") from error
    if workspace.version != WORKSPACE_VERSION:
        raise SummarizerError(f"the workspace {path} is version {workspace.version}; this summarizer reads version {WORKSPACE_VERSION}")
    return workspace


def save_workspace(path: Path, workspace: Workspace) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, workspace.model_dump_json(indent=2) + "\n")


@contextmanager
def locked(path: Path, purpose: str) -> Iterator[None]:
    """Only one review of a workspace at a time; a second one is told who holds it. A run
    holds the lock for the moment it takes to save, so one waits for another run's turn."""
    lock = path.with_suffix(".lock")
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SummarizerError(f"cannot make the workspace folder {lock.parent}: {error.strerror or error}") from error
    holder = {"pid": os.getpid(), "host": socket.gethostname(), "since": dt.datetime.now().isoformat(timespec="seconds"), "purpose": purpose}
    give_up = time.monotonic() + _RUN_TURN_SECONDS
    while True:
        try:
            descriptor = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            break
        except FileExistsError:
            other = _read_holder(lock)
            if _holder_is_gone(lock, other):
                lock.unlink(missing_ok=True)
            # An empty holder is one being written this moment: its purpose is known soon.
            elif (other and other.get("purpose", "review") == "review") or time.monotonic() > give_up:
                reviewed = other.get("purpose", "review") == "review"
                raise SummarizerError(
                    f"{path.name} is being {'reviewed already' if reviewed else 'saved by another run'} (pid {other.get('pid')} "
                    f"on {other.get('host')}, since {other.get('since')}); {'finish that review' if reviewed else 'wait for it'} first"
                ) from None
            else:
                time.sleep(0.05)
        except OSError as error:
            raise SummarizerError(f"cannot lock the workspace {path}: {error.strerror or error}") from error
    with os.fdopen(descriptor, "w") as stream:
        json.dump(holder, stream)
    try:
        yield
    finally:
        lock.unlink(missing_ok=True)


# A run's save takes milliseconds; a minute of waiting is a run stuck, not a queue.
_RUN_TURN_SECONDS = 60
# Between creating a lock and writing its holder is a moment: a lock still empty after this
# long was left by a process killed in that moment.
_EMPTY_LOCK_SECONDS = 10


def _read_holder(lock: Path) -> dict[str, object]:
    try:
        holder = json.loads(lock.read_text())
        return holder if isinstance(holder, dict) else {}
    except (OSError, ValueError):
        return {}


def _holder_is_gone(lock: Path, holder: dict[str, object]) -> bool:
    """A lock left by a process of this host that no longer runs (a crash, a kill -9), or one
    a kill left without its holder."""
    if not holder:
        try:
            return time.time() - lock.stat().st_mtime > _EMPTY_LOCK_SECONDS
        except OSError:
            return True  # gone already
    pid = holder.get("pid")
    if holder.get("host") != socket.gethostname() or not isinstance(pid, int):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False
