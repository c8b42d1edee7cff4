"""The profile: the History's numbers, the draft's words and the findings, as SPEC §5 has it.

Numbers come from the statistics only; the draft contributes prose and citations.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from summarizer.choices import ReviewState
from summarizer.classification import ItemClass
from summarizer.models.drafts import DraftingReport, Highlight, ProfileDraft, Skills
from summarizer.models.findings import Finding
from summarizer.models.history import Developer, History, RepositorySpan, Totals
from summarizer.models.signals import Signals
from summarizer.period import Period
from summarizer.themes import Theme

# 2: `signals`, for the period and in each month (SPEC §11).
PROFILE_SCHEMA_VERSION = 2


class ProfileItem(BaseModel):
    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)

    id: str
    title: str
    item_class: ItemClass = Field(alias="class")
    class_rule: str
    repo: str
    pr: int | None = None
    commits: list[str]


class ProfileMonth(BaseModel):
    month: str
    commits: int
    work_items: int
    features: int
    bugs: int
    lines_added: int
    lines_deleted: int
    # Commits left out of the line figures: git could not read them (see MonthStats).
    lines_unknown: int = 0
    repositories: list[str]
    languages: list[str]
    summary: str
    review: ReviewState = ReviewState.DRAFT
    highlights: list[Highlight]
    skills: list[str]
    items: list[ProfileItem]
    # The items grouped by what they are about, with why (themes.py); most items first.
    themes: list[Theme] = []
    # How the work was done (signals.py): each figure with its definition and items; None in
    # a profile saved before schema 2 (a workspace keeps the last one rendered).
    signals: Signals | None = None


class ProfileTotals(BaseModel):
    commits: int
    work_items: int
    features: int
    bugs: int
    lines_added: int
    lines_deleted: int
    # Commits left out of the line figures: git could not read them (see MonthStats).
    lines_unknown: int = 0
    activity_months: int
    repositories: int
    languages: list[str]


class Profile(BaseModel):
    schema_version: int = PROFILE_SCHEMA_VERSION
    developer: Developer
    period: Period
    overview: str
    overview_review: ReviewState = ReviewState.DRAFT
    totals: ProfileTotals
    months: list[ProfileMonth]  # newest first
    skills: Skills
    # The themes that ran through more than one month.
    themes: list[Theme] = []
    signals: Signals | None = None
    repositories: list[RepositorySpan]
    findings: list[Finding]
    drafting: DraftingReport
    warnings: list[str] = []


def assemble_profile(
    history: History, draft: ProfileDraft, report: DraftingReport, findings: list[Finding]
) -> Profile:
    drafts = {month.month: month for month in draft.months}
    months = []
    for activity in reversed(history.months):
        stats, words = activity.stats, drafts[activity.month]
        months.append(
            ProfileMonth(
                month=activity.month,
                **stats.model_dump(),
                summary=words.summary,
                review=words.review,
                highlights=words.highlights,
                skills=words.skills,
                items=[ProfileItem.model_validate(item.model_dump()) for item in activity.items],
                themes=activity.themes,
                signals=history.signals.months[activity.month],
            )
        )
    return Profile(
        developer=history.developer,
        period=history.period,
        overview=draft.overview,
        overview_review=draft.overview_review,
        totals=_totals(history.totals, len(history.repositories)),
        months=months,
        skills=draft.skills,
        themes=history.themes,
        signals=history.signals.period,
        repositories=history.repositories,
        findings=_once_each(findings),
        drafting=report,
        warnings=history.warnings,
    )


def _totals(totals: Totals, repositories: int) -> ProfileTotals:
    return ProfileTotals(**totals.model_dump(exclude={"repositories"}), repositories=repositories)


def _once_each(findings: list[Finding]) -> list[Finding]:
    """The findings as the profile lists them: a claim that stands twice in the text (a title
    quoted in a month's summary and again in its highlights) is one line, not two alike."""
    listed: dict[str, Finding] = {}
    for finding in findings:
        listed.setdefault(finding.model_dump_json(), finding)
    return list(listed.values())
