"""The run, stage by stage (SPEC §1).

Design:
1. sources  -> Activity: the developer's commits from every SOURCE (or a saved --activity file)
2. months   -> History: work items, classes, per-month and total statistics
3. drafting -> ProfileDraft: the words, from the offline drafter (or an LLM)
4. review   -> the workspace's reviewed texts replace their drafts (stale if commits changed)
5. validate -> Findings: every claim of the text checked against the History
6. profile  -> Profile: the numbers from the History, the words, the findings
7. render   -> Markdown or JSON

Data flows one way; each stage gets everything it needs in its input model.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from pydantic import BaseModel, model_validator

from summarizer.models.activity import Activity, developer_identities
from summarizer.sources.activity_file import read_activity
from summarizer.cache import RunCache, cache_key, code_digest
from summarizer.errors import SummarizerError
from summarizer.period import Period, parse_month, resolve_period
from summarizer.sanitize import sanitized

if TYPE_CHECKING:
    from summarizer.models.drafts import DraftPlan, DraftingOptions, DraftingReport, ProfileDraft
    from summarizer.drafting.progress import DraftingProgress
    from summarizer.models.history import History
    from summarizer.models.profile import Profile
    from summarizer.validation import Checker, Finding
    from summarizer.workspace import Workspace


class ActivityRequest(BaseModel):
    """Whose activity, from where, for when: SOURCEs read now, or a saved `fetch` output.

    Built once from the command line; git, GitHub and the workspace all take the
    developer's identities from it.
    """

    sources: list[str] = []
    authors: list[str] = []
    since: str | None = None
    until: str | None = None
    branch: str | None = None
    # The developer's login on each forge, by source (SourceQuery.logins).
    logins: dict[str, str] = {}
    activity_file: Path | None = None

    @model_validator(mode="after")
    def _names_someone(self) -> ActivityRequest:
        if self.activity_file is None and not self.identities:
            raise SummarizerError("--author is required: a name, e-mail or login of the developer, as in `git log`")
        return self

    @property
    def identities(self) -> list[str]:
        return developer_identities(self.authors, list(self.logins.values()))


class FetchedActivity(BaseModel):
    """A `fetch` result as written: the activity's JSON text, with what the command reports."""

    text: str
    commits: int
    warnings: list[str]


def fetch_activity(request: ActivityRequest, cache: RunCache) -> FetchedActivity:
    """The activity as JSON text; a rerun on unchanged repositories copies it from the cache
    without reading it back into models."""
    from summarizer.sources import activity_key

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
        from summarizer.sources import collect_activity

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
    # Imported here: `fetch` and cached reruns of it never need the later stages.
    from summarizer.drafting import draft_profile
    from summarizer.months import build_history
    from summarizer.validation import Checker

    history = build_history(activity)
    check = Checker(history)
    draft, report = draft_profile(history, options, cache, check, progress)
    return Drafted(history, check, draft, report)


def reviewed_profile(drafted: Drafted, workspace: Workspace) -> Profile:
    """The profile of the draft as reviewed: reviewed texts in place, every claim checked."""
    from summarizer.models.profile import assemble_profile
    from summarizer.workspace import reviewed_draft

    draft = reviewed_draft(drafted.draft, workspace)
    findings = draft.removed + drafted.check(draft.text())
    profile = assemble_profile(drafted.history, draft, drafted.report, findings=findings)
    workspace.profile = profile
    return profile


def run_profile(
    request: ActivityRequest, options: DraftingOptions, cache: RunCache, progress: Callable[[], DraftingProgress], warn: Callable[[str], None]
) -> Profile:
    """A run's profile, its activity's warnings told. A rerun on unchanged repositories, options,
    prompts, code and workspace is the last run's profile read back whole: nothing is grouped,
    drafted or checked again, and what only those stages need is never imported."""
    from summarizer.models.profile import Profile

    key = _profile_key(request, options)
    cached = cache.get(key) if key else None
    if cached is not None:
        profile = Profile.model_validate_json(cached)
        for warning in profile.warnings:
            warn(warning)
        report = profile.drafting
        # Nothing was sent this time: what the last run asked is answered from the cache.
        return profile.model_copy(update={"drafting": report.model_copy(update={"llm_calls": 0, "cache_hits": report.cache_hits + report.llm_calls})})
    activity = load_activity(request, cache)
    for warning in activity.warnings:
        warn(warning)
    profile = build_profile(activity, options, cache, progress())
    if key:
        # Keyed again: this run saved the workspace, and the next one finds it so.
        cache.set(_profile_key(request, options) or key, profile.model_dump_json())
    return profile


def _profile_key(request: ActivityRequest, options: DraftingOptions) -> str | None:
    """What a run's profile rests on: the sources' extraction keys (a saved activity's bytes and
    the request), who drafts, the prompts, the code, the workspace; None when only asking
    GitHub would tell."""
    from summarizer.drafting import drafter_identity
    from summarizer.prompt_templates import prompts_digest
    from summarizer.sources import activity_key
    from summarizer.workspace import workspaces_digest

    if request.activity_file is not None:
        try:
            saved = request.activity_file.read_bytes()
        except OSError:
            return None  # reading it for the run says what is wrong
        sources: str | None = cache_key("activity-file", digest=hashlib.sha256(saved).hexdigest(), request=request.model_dump(mode="json"))
        identities, period = _file_identities(saved, request)
    else:
        period = resolve_period(request.since, request.until)
        sources, identities = activity_key(request.sources, request.authors, period, request.branch, request.logins), request.identities
    if sources is None or period is None:
        return None
    return cache_key(
        "profile", code=code_digest(), sources=sources, prompts=prompts_digest(), drafter=drafter_identity(options),
        options=options.model_dump(mode="json", exclude={"jobs", "timeout", "max_retries"}),
        workspaces=workspaces_digest(identities, period),
    )  # fmt: skip


class _SavedActivityHead(BaseModel):
    """Whose a saved activity is and for when: all a key needs of it, without its commits' models."""

    authors: list[str]
    logins: list[str] = []
    period: Period


def _file_identities(saved: bytes, request: ActivityRequest) -> tuple[list[str], Period | None]:
    """The identities and period of the workspace a run of a saved activity records in (as
    `_narrow` cuts it); no period when the file or the request is not one a run would take."""
    try:
        head = _SavedActivityHead.model_validate_json(saved)
        period = Period(
            since=parse_month(request.since, "--since") if request.since else head.period.since,
            until=parse_month(request.until, "--until") if request.until else head.period.until,
        )
    except (ValueError, SummarizerError):
        return [], None
    return list(dict.fromkeys(head.authors + head.logins)), period


def build_profile(activity: Activity, options: DraftingOptions, cache: RunCache, progress: DraftingProgress | None = None) -> Profile:
    """Draft, keep what was reviewed, check, and record it in the workspace."""
    return recorded_profile(activity, draft_activity(activity, options, cache, progress))


def recorded_profile(activity: Activity, drafted: Drafted) -> Profile:
    """The profile of a draft with what was reviewed kept, checked, and recorded in the workspace."""
    from summarizer.workspace import locked, save_workspace, workspace_path

    # One developer and period are saved one run at a time, whichever repositories they read.
    with locked(workspace_path(activity.identities, activity.period), "run"):
        path, workspace, notes = _open_workspace(activity, drafted.history)
        workspace.merge(drafted.draft, drafted.history)
        profile = reviewed_profile(drafted, workspace)
        save_workspace(path, workspace)
    if notes:
        profile.drafting.notes += notes
    return profile


def _open_workspace(activity: Activity, history: History) -> tuple[Path, Workspace, list[str]]:
    """The workspace of the activity's repositories and developer (see workspace.open_workspace)."""
    from summarizer.workspace import open_workspace, repository_ids

    active = sorted({span.web_url or span.name for span in history.repositories})
    return open_workspace(activity.identities, activity.period, repository_ids(activity.repositories), history.developer.ids, active)


def review_workspace(activity: Activity, options: DraftingOptions, cache: RunCache, stdin: TextIO, stdout: TextIO) -> None:
    """The interactive review of the activity's workspace (one review at a time)."""
    from rich.console import Console

    from summarizer.drafting import redraft_section
    from summarizer.review import ReviewSession
    from summarizer.workspace import locked, save_workspace, workspace_path

    drafted = draft_activity(activity, options, cache)
    console = Console(file=stdout, highlight=False)
    with locked(workspace_path(activity.identities, activity.period), "review"):
        path, workspace, notes = _open_workspace(activity, drafted.history)
        for note in notes:
            console.print(f"Note: {note}.", markup=False)
        workspace.merge(drafted.draft, drafted.history)

        def save() -> None:
            reviewed_profile(drafted, workspace)
            save_workspace(path, workspace)

        def regenerate(key: str, text: str, findings: list[Finding]) -> str:
            return redraft_section(drafted.history, options, cache, drafted.check, key, text, findings)

        save()
        ReviewSession(workspace, drafted.history, drafted.check, regenerate, save, stdin, console).run()


def exported_profile(request: ActivityRequest, repositories: list[str]) -> Profile:
    """The profile as last reviewed, from the workspace alone: no repository is read. Where the
    developer has reviews of several sets of repositories, `repositories` (names) or the saved
    activity's say which."""
    from summarizer.workspace import exported_workspace, repository_ids, workspace_files, workspace_path

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
    from summarizer.drafting import plan_profile
    from summarizer.months import build_history

    return plan_profile(build_history(activity), options, warn)


def check_text(text: str, activity: Activity) -> list[Finding]:
    """The findings of any summary text against the activity it claims to describe, its
    Markdown escapes read as the characters a reader sees (a profile escapes commit text)."""
    from summarizer.months import build_history
    from summarizer.render.escape import unescape
    from summarizer.validation import validate

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
