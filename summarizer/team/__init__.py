"""A team's profiles from a roster: `build_team` is the entry point (SPEC §10).

Design:
1. roster   -> Roster: the developers, their identities and repositories, the period
2. sources  -> one Activity per developer: each local repository read once for the whole
   roster and split by identity (sources.git.read_team_repository); a GitHub repository
   is read per developer, as a single run reads it
3. profiles -> the pipeline of a single run for each developer (months, drafting,
   review, validation), so each page's figures equal those of `summarizer run`
4. site     -> summarizer.team.site writes the pages and the team's index
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from summarizer.activity import Activity, Commit, Repository
from summarizer.cache import RunCache
from summarizer.drafting.model import DraftingOptions
from summarizer.drafting.progress import DraftingProgress
from summarizer.period import Period
from summarizer.profile import Profile
from summarizer.sources.base import SourceQuery
from summarizer.sources.commits import relevant_others
from summarizer.sources.git import read_team_repository
from summarizer.sources.github import GitHubSource
from summarizer.team.roster import Roster, RosterDeveloper


class TeamMember(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    developer: RosterDeveloper
    # None when they have no commit in the period: the index says so.
    profile: Profile | None = None


def team_activities(roster: Roster, period: Period, branch: str | None, cache: RunCache) -> tuple[dict[str, Activity], list[str]]:
    """Each developer's activity (by slug), and the warnings of the reading."""
    commits: dict[str, list[Commit]] = defaultdict(list)
    homes: dict[str, dict[str, Repository]] = defaultdict(dict)
    warnings: list[str] = []
    github = GitHubSource()
    for repository in roster.all_repositories():
        developers = roster.developers_of(repository)
        if github.claims(repository):
            for developer in developers:
                query = SourceQuery(authors=developer.authors, github_user=developer.github, period=period, branch=branch)
                extract = github.read([repository], query, cache)
                commits[developer.slug] += extract.commits
                homes[developer.slug].update((r.name, r) for r in extract.repositories)
                warnings += extract.warnings
            continue
        team = read_team_repository(Path(repository), {d.slug: d.authors for d in developers}, period, branch, cache)
        warnings += team.warnings
        for developer in developers:
            commits[developer.slug] += team.commits[developer.slug]
            homes[developer.slug][team.repository.name] = team.repository
    activities = {}
    for developer in roster.developer:
        mine = sorted({c.sha: c for c in commits[developer.slug]}.values(), key=lambda commit: commit.committed_at)
        if not mine:
            warnings.append(f"{developer.name}: no commits from {period.since} to {period.until} in their repositories")
            continue
        shas = {commit.sha for commit in mine}
        # Their teammates' commits of the same repositories stand beside theirs (for the checks that need them).
        teammates = [c for slug, theirs in commits.items() if slug != developer.slug for c in theirs if c.sha not in shas]
        used = {commit.repo for commit in mine}
        others = relevant_others(list({c.sha: c for c in teammates if c.repo in used}.values()), mine)
        activities[developer.slug] = Activity(
            authors=developer.authors, logins=[developer.github] if developer.github else [], period=period,
            repositories=[homes[developer.slug][name] for name in sorted(used)], commits=mine,
            others=sorted(others, key=lambda commit: commit.committed_at),
        )  # fmt: skip
    return activities, warnings


def build_team(
    roster: Roster, period: Period, branch: str | None, options: DraftingOptions, cache: RunCache, progress: DraftingProgress | None = None
) -> tuple[list[TeamMember], list[str]]:
    """Every developer's profile, drafted, reviewed where they were, checked; and the warnings."""
    from summarizer.pipeline import build_profile

    activities, warnings = team_activities(roster, period, branch, cache)
    members = []
    for developer in roster.developer:
        activity = activities.get(developer.slug)
        members.append(TeamMember(developer=developer, profile=build_profile(activity, options, cache, progress) if activity else None))
    return members, warnings
