"""A developer's work as every stage reads it: work items, months, their statistics (SPEC §4).

`summarizer.months.build_history` builds a History from an Activity.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from summarizer.choices import Forge
from summarizer.classification import ItemClass
from summarizer.models.activity import Commit, PullRequest
from summarizer.models.signals import HistorySignals
from summarizer.period import Period
from summarizer.themes import Theme


class WorkItem(BaseModel):
    """A pull request with its commits, or a commit that belongs to no pull request."""

    model_config = ConfigDict(populate_by_name=True)

    id: str
    repo: str
    pr: int | None = None
    title: str
    item_class: ItemClass = Field(alias="class")
    # Which rule decided the class, e.g. "conventional:feat", "verb:add", "label:bug".
    class_rule: str
    area: str | None = None
    month: str
    labels: list[str] = []
    commits: list[str]
    lines_added: int = 0
    lines_deleted: int = 0


class MonthStats(BaseModel):
    commits: int = 0
    work_items: int = 0
    features: int = 0
    bugs: int = 0
    lines_added: int = 0
    lines_deleted: int = 0
    # Commits whose line counts git could not read (missing objects): the line figures leave them out.
    lines_unknown: int = 0
    repositories: list[str] = []
    # By lines changed, most first.
    languages: list[str] = []
    # Practices the changed files show: Testing, Documentation, CI …
    practices: list[str] = []


class Totals(MonthStats):
    activity_months: int = 0


class MonthActivity(BaseModel):
    month: str
    stats: MonthStats
    items: list[WorkItem]
    # The evidence: every commit that landed this month.
    commits: list[Commit]
    # The items grouped by what they are about (themes.py), most items first.
    themes: list[Theme] = []


class RepositorySpan(BaseModel):
    name: str
    first_month: str
    last_month: str
    months_active: int
    commits: int
    languages: list[str] = []
    web_url: str | None = None
    forge: Forge | None = None


class Developer(BaseModel):
    name: str
    ids: list[str]


class History(BaseModel):
    """Everything the drafters, the validator and the renderers know of the developer."""

    developer: Developer
    period: Period
    months: list[MonthActivity]  # active months only, oldest first
    totals: Totals
    repositories: list[RepositorySpan]
    warnings: list[str] = []
    # Other authors' commits beside the developer's (Activity.others): no line counts.
    others: list[Commit] = []
    # The themes that ran through more than one month.
    themes: list[Theme] = []
    # From GitHub: the developer's pull requests, and per month those of others they reviewed
    # (None: GitHub was not read with a token).
    pull_requests: list[PullRequest] = []
    reviews_given: dict[str, int] | None = None
    # What the repositories' own text says their acronyms stand for (Repository.spelled_out).
    spelled_out: list[str] = []
    # How the work was done (summarizer.signals): of the period and of each active month.
    signals: HistorySignals
