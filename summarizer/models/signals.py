"""The quality signals' shapes (SPEC §11): each figure with its definition and the items it counts.

`summarizer.signals` finds them; every format and the check read them.
"""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel

MIN_ITEMS = 5
LARGE_ITEM_LINES = 1000

SIZE = f"lines added and deleted per work item, generated, vendored and lock files left out; items over {LARGE_ITEM_LINES:,} lines"
REVIEWS = (
    "from GitHub or GitLab (approvals): pull or merge requests of others the developer reviewed (closed that month); "
    "reviews others left on the developer's merged ones; hours from opened to merged (median); merged ones no one else reviewed"
)


class Share(BaseModel):
    """How many of the items a signal looks at show it: `items` are the ones that do."""

    count: int
    of: int
    # None below MIN_ITEMS: too few items for a share to mean anything.
    share: float | None = None
    items: list[str] = []
    definition: str


class Revert(BaseModel):
    item: str  # the work item reverted: the developer's, or (for reverts of others' work) the developer's revert
    title: str
    by: str
    on: dt.date
    revert: str  # the reverting commit, short


class RevertedWork(Share):
    reverted: list[Revert] = []
    # Reverts the developer made of other authors' work.
    reverts_of_others: list[Revert] = []


class FollowUp(BaseModel):
    item: str
    fix: str  # the fixing commit, short
    title: str
    by: str
    days: int
    lines: int  # how many of the feature's lines the fix changed


class FollowUpFixes(Share):
    follow_ups: list[FollowUp] = []
    # Features whose follow-ups could not be traced (not in `of`), and why.
    not_measured: list[str] = []
    why_not_measured: list[str] = []


class Size(BaseModel):
    median_lines: int | None = None
    p90_lines: int | None = None
    over_1000: int = 0
    of: int = 0
    # The items over LARGE_ITEM_LINES lines.
    items: list[str] = []
    definition: str = SIZE


class Reviews(BaseModel):
    """From a forge (GitHub reviews, GitLab approvals): the developer's merged pull or merge requests, and the reviews around them."""

    given: int
    received: int
    median_hours_to_merge: float | None = None
    merged_unreviewed: int
    of: int  # pull requests merged
    # The pull requests merged without a review by anyone but their author.
    items: list[str] = []
    definition: str = REVIEWS


class Signals(BaseModel):
    tested_work: Share
    reverted_work: RevertedWork
    follow_up_fixes: FollowUpFixes
    size: Size
    documentation: Share
    # None: GitHub was not read (with a token), so nothing is known of reviews.
    reviews: Reviews | None = None


class HistorySignals(BaseModel):
    period: Signals
    months: dict[str, Signals]
