"""A team's profiles from a roster: `build_team` is the entry point (SPEC §10).

Design:
1. roster   -> Roster: the developers, their identities and repositories, the period
2. sources  -> one Activity per developer: each repository read for the whole roster by the
   source that claims it (Source.read_team): a local one in one `git log` split by identity,
   a forge's per developer, as a single run reads it
3. profiles -> the pipeline of a single run for each developer (months, drafting,
   review, validation), so each page's figures equal those of `summarizer run`
4. site     -> summarizer.team.site writes the pages and the team's index
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel

from summarizer.cache import RunCache, cache_key, code_digest
from summarizer.choices import Backend
from summarizer.drafting.backend import drafter_identity, resolve_backend
from summarizer.drafting.draft import draft_histories, plan_profile
from summarizer.drafting.llm_settings import llm_settings
from summarizer.drafting.progress import DraftingProgress
from summarizer.errors import SummarizerError
from summarizer.models.activity import Activity, Commit, Repository, developer_identities, gc_paused
from summarizer.models.drafts import DraftingOptions, TeamPlan
from summarizer.models.history import History
from summarizer.models.profile import Profile
from summarizer.months import build_history
from summarizer.period import Period, resolve_period, shift_month
from summarizer.pipeline import Drafted, profile_of_draft
from summarizer.prompt_templates import prompts_digest
from summarizer.render.plan import render_team_plan
from summarizer.sources import source_for
from summarizer.sources.base import SourceQuery
from summarizer.sources.commits import relevant_others, reverted_by
from summarizer.team.roster import Roster, RosterDeveloper, TeamMember, read_roster
from summarizer.team.site import write_site
from summarizer.validation import Checker
from summarizer.workspace import workspaces_digest


def team_activities(roster: Roster, period: Period, branch: str | None, cache: RunCache) -> tuple[dict[str, Activity], list[str]]:
    """Each developer's activity (by slug), and the warnings of the reading."""
    # The commits and each developer's teammates (a list as long as the repository's window, 200
    # times over) live as long as the run and hold no cycles: built with the cycle collector held
    # off, and left out of its walks after, as a single read's are: a walk would find nothing to collect.
    with gc_paused():
        return _team_activities(roster, period, branch, cache)


def _team_activities(roster: Roster, period: Period, branch: str | None, cache: RunCache) -> tuple[dict[str, Activity], list[str]]:
    commits: dict[str, list[Commit]] = defaultdict(list)
    homes: dict[str, dict[str, Repository]] = defaultdict(dict)
    warnings: list[str] = []
    outside_reverts: list[Commit] = []
    for repository in roster.all_repositories():
        developers = roster.developers_of(repository)
        team = source_for(repository).read_team(repository, _queries(developers, period, branch), cache)
        warnings += team.warnings
        outside_reverts += team.reverts
        for developer in developers:
            commits[developer.slug] += team.commits.get(developer.slug, [])
            homes[developer.slug].update((read.name, read) for read in team.repositories)
    # The roster's commits by repository and month, once: each developer's teammates are looked up there.
    everyone = sorted(_first_of_each([c for theirs in commits.values() for c in theirs]), key=lambda commit: commit.committed_at)
    by_place: dict[tuple[str, str], list[Commit]] = defaultdict(list)
    position: dict[str, int] = {}  # a commit's index in its place's list
    reverts = []
    # One walk over the roster's commits builds every index the teammates are looked up in.
    for commit in everyone:
        place = by_place[(commit.repo, commit.month)]
        position[commit.sha] = len(place)
        place.append(commit)
        if reverted_by(commit) != ([], None):
            reverts.append(commit)
    reverts += outside_reverts
    activities = {}
    for developer in roster.developer:
        # A commit seen in two clones counts once, as in a single run: the first repository's.
        mine = sorted(_first_of_each(commits[developer.slug]), key=lambda commit: commit.committed_at)
        if not mine:
            warnings.append(f"{developer.name}: no commits from {period.since} to {period.until} in their repositories")
            continue
        # Built from commits already checked, as each developer's teammates are (a list as
        # long as the repository's window, 200 times over): nothing to validate again.
        activities[developer.slug] = Activity.model_construct(
            authors=developer.authors, logins=list(developer.logins.values()), period=period,
            repositories=[homes[developer.slug][name] for name in sorted({c.repo for c in mine})], commits=mine,
            others=_teammates(mine, by_place, position, reverts),
        )  # fmt: skip
    return activities, warnings


def _queries(developers: list[RosterDeveloper], period: Period, branch: str | None) -> dict[str, SourceQuery]:
    """What each developer of a repository is asked by, by their page's name."""
    return {d.slug: SourceQuery(authors=d.authors, logins=d.logins, period=period, branch=branch) for d in developers}


def _first_of_each(commits: list[Commit]) -> list[Commit]:
    seen: dict[str, Commit] = {}
    for commit in commits:
        seen.setdefault(commit.sha, commit)
    return list(seen.values())


def _teammates(
    mine: list[Commit], by_place: dict[tuple[str, str], list[Commit]], position: dict[str, int], reverts: list[Commit]
) -> list[Commit]:
    """The roster's other commits that stand beside a developer's (for the checks that need them):
    of the repositories and months they worked in, and the month after (a follow-up), and reverts
    (the roster's, and those of anyone outside it that the reading kept)."""
    shas = {commit.sha for commit in mine}
    holes: dict[tuple[str, str], list[int]] = defaultdict(list)
    for commit in mine:
        place, index = by_place.get((commit.repo, commit.month), []), position.get(commit.sha, -1)
        if 0 <= index < len(place) and place[index] is commit:
            holes[(commit.repo, commit.month)].append(index)
    active = sorted({(commit.month, commit.repo) for commit in mine})
    # Each place's list is in date order and holds their own commits too: the runs between those are copied whole.
    beside: list[Commit] = []
    for month, repo in active:
        place, start = by_place.get((repo, month), []), 0
        for hole in sorted(holes[(repo, month)]):
            beside += place[start:hole]
            start = hole + 1
        beside += place[start:]
    places = {(repo, month) for month, repo in active}
    following = {(repo, shift_month(month, 1)) for month, repo in active} - places
    repositories = {repo for _, repo in active}
    later = [c for place in following for c in by_place.get(place, [])] + [c for c in reverts if c.repo in repositories]
    # `beside` holds every commit of an active place but their own: tested by place, not by a
    # set of every sha in it, which would be built for every developer.
    later = [c for c in relevant_others(later, mine) if c.sha not in shas and ((c.repo, c.month) not in places or c.sha not in position)]
    if len(repositories) == 1 and not later:
        return beside  # one place after another, in date order already
    return sorted(beside + list({c.sha: c for c in later}.values()), key=lambda commit: commit.committed_at)


def build_team(
    roster: Roster, period: Period, branch: str | None, options: DraftingOptions, cache: RunCache,
    progress: DraftingProgress | None = None, batch: bool = False, say: Callable[[str], None] = lambda _: None,
) -> tuple[list[TeamMember], list[str]]:
    """Every developer's profile — drafted together (through the Batch API with `batch`), reviewed
    where they were, checked — and the warnings."""
    # A rerun on unchanged repositories and workspaces is the last run's team, read back whole.
    key = _team_key(roster, period, branch, options)
    cached = _cached_team(roster, key, cache) if key else None
    if cached is not None:
        return cached
    activities, warnings = team_activities(roster, period, branch, cache)
    histories = team_histories(roster, activities)
    drafts = draft_histories(histories, options, cache, progress, batch, say)
    members = []
    for developer in roster.developer:
        # Taken out as they are used: a checker's caches (teammates' phrases, names) are a
        # developer's alone, and all of them held to the end would be most of a team run's memory.
        activity = activities.pop(developer.slug, None)
        if activity is None:
            members.append(TeamMember(developer=developer))
            continue
        history, check = histories.pop(developer.name)
        draft, report = drafts.pop(developer.name)
        profile = profile_of_draft(activity, Drafted(history, check, draft, report))
        members.append(TeamMember(developer=developer, profile=profile))
    if key:
        # Keyed again: this run saved the workspaces, and the next one finds them so.
        _cache_team(members, warnings, _team_key(roster, period, branch, options) or key, cache)
    return members, warnings


class BuiltTeam(BaseModel):
    """A built team as cached: who has a profile (each under its own key), and the warnings."""

    profiled: list[str]  # the slugs of the developers with a profile
    warnings: list[str]


def _cache_team(members: list[TeamMember], warnings: list[str], key: str, cache: RunCache) -> None:
    # One entry a profile: the JSON of every profile at once would be held whole in memory.
    for member in members:
        if member.profile is not None:
            cache.set(f"{key}:{member.developer.slug}", member.profile.model_dump_json())
    profiled = [member.developer.slug for member in members if member.profile is not None]
    cache.set(key, BuiltTeam(profiled=profiled, warnings=warnings).model_dump_json())


def _cached_team(roster: Roster, key: str, cache: RunCache) -> tuple[list[TeamMember], list[str]] | None:
    """The last run's team, read back; None when any of it is missing from the cache."""
    cached = cache.get(key)
    if cached is None:
        return None
    built = BuiltTeam.model_validate_json(cached)
    members = []
    for developer in roster.developer:
        profile = None
        if developer.slug in built.profiled:
            text = cache.get(f"{key}:{developer.slug}")
            if text is None:
                return None
            profile = Profile.model_validate_json(text)
        members.append(TeamMember(developer=developer, profile=profile))
    return members, built.warnings


def _team_key(roster: Roster, period: Period, branch: str | None, options: DraftingOptions) -> str | None:
    """What a team's profiles rest on: each repository's extraction key (its tip, .mailmap, the
    identities), the drafting options and prompts, every workspace's bytes. None when a repository
    of the roster is on a forge: only asking it would tell whether it changed."""
    repositories = roster.all_repositories()
    extractions = [source_for(r).team_cache_key(r, _queries(roster.developers_of(r), period, branch)) for r in repositories]
    if None in extractions:
        return None
    workspaces = [workspaces_digest(developer_identities(developer.authors, list(developer.logins.values())), period) for developer in roster.developer]
    return cache_key(
        "team", code=code_digest(), roster=roster.model_dump(mode="json"), extractions=extractions, period=period.model_dump(),
        options=options.model_dump(mode="json", exclude={"jobs", "timeout", "max_retries"}), prompts=prompts_digest(),
        drafter=drafter_identity(options), workspaces=workspaces,
    )  # fmt: skip


def plan_team(roster: Roster, period: Period, branch: str | None, options: DraftingOptions, cache: RunCache, warn: Callable[[str], None]) -> TeamPlan:
    """For --dry-run: what the team's drafting would send, counted; nothing is sent."""
    activities, warnings = team_activities(roster, period, branch, cache)
    for warning in warnings:
        warn(warning)
    plans = {name: plan_profile(history, options, warn) for name, (history, _) in team_histories(roster, activities).items()}
    return TeamPlan(developers=plans)


def team_histories(roster: Roster, activities: dict[str, Activity]) -> dict[str, tuple[History, Checker]]:
    """Each active developer's history and its checker, by display name."""
    histories = {}
    for developer in roster.developer:
        if developer.slug in activities:
            history = build_history(activities[developer.slug])
            histories[developer.name] = (history, Checker(history))
    return histories


def team_site(
    roster_path: Path, since: str | None, until: str | None, branch: str | None, options: DraftingOptions,
    cache: RunCache, site: Path, progress: DraftingProgress | None = None, batch: bool = False,
    say: Callable[[str], None] = lambda _: None,
) -> tuple[list[Path], list[str]]:
    """Every roster developer's profile written into `site`, with the team's index: the files, and the warnings."""
    roster = read_roster(roster_path)
    period = resolve_period(since or roster.since, until or roster.until)
    if site.exists() and not site.is_dir():
        raise SummarizerError(f"{site} is a file; --output names the site's folder")
    if batch and resolve_backend(options.backend) is Backend.OFFLINE:
        raise SummarizerError("--batch drafts with the OpenAI Batch API: set OPENAI_API_KEY (or OPENAI_BASE_URL), or --backend openai")
    members, warnings = build_team(roster, period, branch, options, cache, progress, batch, say)
    site.mkdir(parents=True, exist_ok=True)
    return write_site(site, members, period), warnings


def team_plan(
    roster_path: Path, since: str | None, until: str | None, branch: str | None, options: DraftingOptions,
    cache: RunCache, warn: Callable[[str], None],
) -> str:
    """For a team's --dry-run: the table of what its drafting would send, and the cost with and without --batch."""
    roster = read_roster(roster_path)
    period = resolve_period(since or roster.since, until or roster.until)
    model = llm_settings(options.model, options.jobs, require_key=False).model
    return render_team_plan(plan_team(roster, period, branch, options, cache, warn), model)
