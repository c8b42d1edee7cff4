"""One developer's run, stage by stage (SPEC §1); docs/architecture.md draws the layers.

1. sources    -> Activity: the developer's commits from every SOURCE (or a saved --activity file)
2. months     -> History: work items, classes, per-month and total statistics, the signals
3. drafting   -> ProfileDraft: the words, offline or by an LLM, checked as they are drafted
4. workspace  -> the reviewed texts replace their drafts (stale if commits changed)
5. validation -> Findings: every claim of the text checked against the History
6. profile    -> Profile: the numbers from the History, the words, the findings
7. render     -> Markdown, JSON or HTML (the CLI)

Each stage imports only those below it, and gets everything it needs in its input model; the
drafter and the review get the check and "regenerate" as functions from here. The team's run
(team/) calls the same stage functions for each developer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from pydantic import BaseModel
from rich.console import Console

from summarizer.cache import RunCache
from summarizer.drafting.draft import draft_profile, plan_profile, redraft_section
from summarizer.errors import SummarizerError
from summarizer.models.activity import Activity
from summarizer.models.profile import Profile, assemble_profile
from summarizer.models.request import ActivityRequest
from summarizer.months import build_history
from summarizer.period import Period, parse_month, resolve_period
from summarizer.render.escape import unescape
from summarizer.rerun import profile_key
from summarizer.review import ReviewSession
from summarizer.sanitize import sanitized
from summarizer.sources import activity_key, collect_activity
from summarizer.sources.activity_file import read_activity
from summarizer.validation import Checker, validate
from summarizer.workspace import (
    exported_workspace,
    locked,
    open_workspace,
    repository_ids,
    reviewed_draft,
    save_workspace,
    workspace_files,
    workspace_path,
)

if TYPE_CHECKING:
    from summarizer.drafting.progress import DraftingProgress
    from summarizer.models.drafts import DraftingOptions, DraftingReport, DraftPlan, ProfileDraft
    from summarizer.models.history import History
    from summarizer.validation import Finding
    from summarizer.workspace import Workspace


class FetchedActivity(BaseModel):
    """A `fetch` result as written: the activity's JSON text, with what the command reports."""

    text: str
    commits: int
    warnings: list[str]


def fetch_activity(request: ActivityRequest, cache: RunCache) -> FetchedActivity:
    """The activity as JSON text; a rerun on unchanged repositories copies it from the cache
    without reading it back into models."""
    period = resolve_period(request.since, request.until)
    key = activity_key(request.sources, request.authors, period, request.branch, request.logins)
    if key:
        # The text is stored as it is, beside a small note of what to report: reading it
        # back parses nothing.
        text, about = cache.get(key), cache.get(f"{key}:about")
        if text is not None and about is not None:
            return FetchedActivity.model_validate_json(about).model_copy(update={"text": text})
    activity = load_activity(request, cache)
    fetched = FetchedActivity(text=activity.model_dump_json(), commits=len(activity.commits), warnings=activity.warnings)
    if key:
        cache.set(key, fetched.text)
        cache.set(f"{key}:about", fetched.model_copy(update={"text": ""}).model_dump_json())
    return fetched


def load_activity(request: ActivityRequest, cache: RunCache) -> Activity:
    """The activity the request names, read from its sources or from a saved file."""
    if request.activity_file is None:
        period = resolve_period(request.since, request.until)
        return collect_activity(request.sources, request.authors, period, request.branch, cache, request.logins)
    if request.sources:
        raise SummarizerError("give either SOURCE paths or --activity, not both")
    return _narrow(read_activity(request.activity_file), request)


@dataclass
class Drafted:
    """A history with its draft: what run, review and regenerate share."""

    history: History
    check: Checker
    draft: ProfileDraft
    report: DraftingReport


def draft_activity(activity: Activity, options: DraftingOptions, cache: RunCache, progress: DraftingProgress | None = None) -> Drafted:
    history = build_history(activity)
    check = Checker(history)
    draft, report = draft_profile(history, options, cache, check, progress)
    return Drafted(history, check, draft, report)


def _checked_as_reviewed(drafted: Drafted, workspace: Workspace) -> Profile:
    """The profile of the draft as reviewed: reviewed texts in place, every claim checked."""
    draft = reviewed_draft(drafted.draft, workspace)
    findings = draft.removed + drafted.check(draft.text())
    profile = assemble_profile(drafted.history, draft, drafted.report, findings=findings)
    workspace.profile = profile
    return profile


def profile_of_request(
    request: ActivityRequest, options: DraftingOptions, cache: RunCache, progress: Callable[[], DraftingProgress], warn: Callable[[str], None]
) -> Profile:
    """A run's profile made again, its activity's warnings told, and kept for the next run to
    read back (`rerun.last_profile`, which the CLI asks first)."""
    key = profile_key(request, options)
    activity = load_activity(request, cache)
    for warning in activity.warnings:
        warn(warning)
    profile = profile_of_activity(activity, options, cache, progress())
    if key:
        # Keyed again: this run saved the workspace, and the next one finds it so.
        cache.set(profile_key(request, options) or key, profile.model_dump_json())
    return profile


def profile_of_activity(activity: Activity, options: DraftingOptions, cache: RunCache, progress: DraftingProgress | None = None) -> Profile:
    """Draft, keep what was reviewed, check, and record it in the workspace."""
    return profile_of_draft(activity, draft_activity(activity, options, cache, progress))


def profile_of_draft(activity: Activity, drafted: Drafted) -> Profile:
    """The profile of a draft with what was reviewed kept, checked, and recorded in the workspace."""
    # One developer and period are saved one run at a time, whichever repositories they read.
    with locked(workspace_path(activity.identities, activity.period), "run"):
        path, workspace, notes = _open_workspace(activity, drafted.history)
        workspace.merge(drafted.draft, drafted.history)
        profile = _checked_as_reviewed(drafted, workspace)
        save_workspace(path, workspace)
    if notes:
        profile.drafting.notes += notes
    return profile


def _open_workspace(activity: Activity, history: History) -> tuple[Path, Workspace, list[str]]:
    """The workspace of the activity's repositories and developer (see workspace.open_workspace)."""
    active = sorted({span.web_url or span.name for span in history.repositories})
    return open_workspace(activity.identities, activity.period, repository_ids(activity.repositories), history.developer.ids, active)


def review_workspace(activity: Activity, options: DraftingOptions, cache: RunCache, stdin: TextIO, stdout: TextIO) -> None:
    """The interactive review of the activity's workspace (one review at a time)."""

    drafted = draft_activity(activity, options, cache)
    console = Console(file=stdout, highlight=False)
    with locked(workspace_path(activity.identities, activity.period), "review"):
        path, workspace, notes = _open_workspace(activity, drafted.history)
        for note in notes:
            console.print(f"Note: {note}.", markup=False)
        workspace.merge(drafted.draft, drafted.history)

        def save() -> None:
            _checked_as_reviewed(drafted, workspace)
            save_workspace(path, workspace)

        def regenerate(key: str, text: str, findings: list[Finding]) -> str:
            return redraft_section(drafted.history, options, cache, drafted.check, key, text, findings)

        save()
        ReviewSession(workspace, drafted.history, drafted.check, regenerate, save, stdin, console).run()


def profile_from_workspace(request: ActivityRequest, repositories: list[str]) -> Profile:
    """The profile as last reviewed, from the workspace alone: no repository is read. Where the
    developer has reviews of several sets of repositories, `repositories` (names) or the saved
    activity's say which."""
    identities, since, until, reviewed = request.identities, request.since, request.until, None
    if request.activity_file is not None:
        saved = read_activity(request.activity_file)
        identities, since, until = saved.identities, since or saved.period.since, until or saved.period.until
        reviewed = repository_ids(saved.repositories)
    period = resolve_period(since, until)
    found = exported_workspace(identities, period, reviewed, repositories)
    if found is None:
        asked = ", ".join(repositories) or "the activity's repositories"
        where = f"no review of {asked}" if workspace_files(identities, period) else f"{workspace_path(identities, period)} does not exist"
        raise SummarizerError(
            f"nothing to export for {', '.join(identities)} from {period.since} to {period.until} "
            f"({where}): run `summarizer run` or `summarizer review` first"
        )
    _, workspace = found
    assert workspace.profile is not None  # exported_workspace finds only workspaces with one
    return workspace.profile


def plan_drafting(activity: Activity, options: DraftingOptions, warn: Callable[[str], None]) -> DraftPlan:
    """For --dry-run: the prompts an LLM run would send, counted; nothing is sent."""
    return plan_profile(build_history(activity), options, warn)


def check_text(text: str, activity: Activity) -> list[Finding]:
    """The findings of any summary text against the activity it claims to describe, its
    Markdown escapes read as the characters a reader sees (a profile escapes commit text)."""
    return validate(unescape(text), build_history(activity))


# A profile of twenty months is tens of kB; a megabyte takes the check about ten seconds.
LARGEST_SUMMARY = 1_000_000


def read_summary(path: Path) -> str:
    """The text `check` is given: UTF-8, not empty, at most LARGEST_SUMMARY bytes (no more is read)."""
    try:
        with path.open("rb") as stream:
            data = stream.read(LARGEST_SUMMARY + 1)
        text = data.decode("utf-8")
    except FileNotFoundError as error:
        raise SummarizerError(f"no such file: {path}") from error
    except IsADirectoryError as error:
        raise SummarizerError(f"{path} is a folder; give the summary's file") from error
    except UnicodeDecodeError as error:
        if len(data) <= LARGEST_SUMMARY or error.start < LARGEST_SUMMARY - 3:
            raise SummarizerError(f"{path} is not UTF-8 text (byte {error.start} cannot be read)") from error
        text = ""  # cut inside a character at the limit: too long, said below
    except OSError as error:
        raise SummarizerError(f"cannot read {path}: {error.strerror or error}") from error
    if len(data) > LARGEST_SUMMARY:
        raise SummarizerError(f"{path} is over {LARGEST_SUMMARY:,} bytes, the most check reads (a summary, not a dump): check it in parts")
    if not text.strip():
        raise SummarizerError(f"{path} is empty: nothing to check")
    # The findings quote the text back: what a terminal would obey or a secret is taken out first.
    return sanitized(text)


def _narrow(activity: Activity, request: ActivityRequest) -> Activity:
    """A saved activity, cut down to the --author and --since/--until asked for."""
    period = Period(
        since=parse_month(request.since, "--since") if request.since else activity.period.since,
        until=parse_month(request.until, "--until") if request.until else activity.period.until,
    )
    if period.since > period.until:
        raise SummarizerError(f"--since {period.since} is after --until {period.until}")
    if period.since < activity.period.since or period.until > activity.period.until:
        raise SummarizerError(
            f"{request.activity_file} covers {activity.period.since} to {activity.period.until}; "
            f"{period.since} to {period.until} is outside it"
        )
    commits = [
        commit
        for commit in activity.commits
        if commit.month in period and (not request.authors or commit.is_by(request.authors))
    ]
    if not commits:
        raise SummarizerError(f"{request.activity_file} has no commits by the authors asked for in {period.since} to {period.until}")
    others = [commit for commit in activity.others if commit.month in period]
    return activity.model_copy(update={"period": period, "commits": commits, "others": others})
