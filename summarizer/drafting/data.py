"""The DATA blocks sent to a model: a month's work items, trimmed, redacted and budgeted.

Bodies keep what says what a change does and why; sign-offs, review and tooling
trailers, and long logs or code are cut before tokens are counted. Commit text arrives
redacted (summarizer.sanitize, as every source reads it). A month whose data exceeds the token budget is split into
chunks of whole work items, drafted separately and merged (map-reduce), never cut off.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field

from summarizer.months import MonthActivity, WorkItem
from summarizer.signals import Share, Signals

MAX_BODY_LINES = 12
MAX_BODY_CHARACTERS = 800
MAX_FILES = 8
_TRAILER = re.compile(
    r"^(?:signed-off-by|co-authored-by|reviewed[- ]by|approved by|differential revision|pull request resolved|"
    r"pulled by|fbshipit-source-id|ghstack-source-id|change-id|reviewers|subscribers|tags|test plan|stack from ghstack)\b.*$",
    re.IGNORECASE,
)
_FENCE = re.compile(r"```.*?(```|\Z)", re.DOTALL)


class CommitData(BaseModel):
    sha: str
    subject: str
    body: str = ""
    files: list[str] = []
    lines: str


class ItemData(BaseModel):
    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)

    ref: str
    repo: str
    title: str
    item_class: str = Field(alias="class")
    commits: list[CommitData]


def trim_body(body: str) -> str:
    """What a body says about the change, without trailers, code blocks or long logs."""
    text = _FENCE.sub("[code omitted]", body)
    lines = [line.rstrip() for line in text.splitlines() if not _TRAILER.match(line.strip())]
    kept = "\n".join(lines[:MAX_BODY_LINES]).strip()
    if len(lines) > MAX_BODY_LINES or len(kept) > MAX_BODY_CHARACTERS:
        kept = kept[:MAX_BODY_CHARACTERS].rstrip() + " …"
    return kept


def item_ref(item: WorkItem, single_repo: bool) -> str:
    """How a work item is cited: "#12", "owner/name#12", or its first commit's SHA."""
    if item.pr is None:
        return item.commits[0][:10]
    return f"#{item.pr}" if single_repo else item.id


def month_items(month: MonthActivity, single_repo: bool) -> list[ItemData]:
    commits = {commit.sha: commit for commit in month.commits}
    items = []
    for item in month.items:
        members = [commits[sha] for sha in item.commits if sha in commits]
        items.append(
            ItemData(
                ref=item_ref(item, single_repo),
                repo=item.repo,
                title=item.title,
                item_class=item.item_class,
                commits=[
                    CommitData(
                        sha=commit.sha[:10],
                        subject=commit.subject,
                        body=trim_body(commit.body),
                        files=[change.path for change in commit.files[:MAX_FILES]],
                        lines=f"+{commit.lines_added}/-{commit.lines_deleted}",
                    )
                    for commit in members
                ],
            )
        )
    return items


def to_json(items: list[ItemData]) -> str:
    return json.dumps([item.model_dump(exclude_defaults=True) for item in items], indent=1, ensure_ascii=False)


def chunks_within(items: list[ItemData], budget: int, count: Callable[[str], int]) -> list[list[ItemData]]:
    """Whole work items in order, as few chunks as fit the budget (an item alone may exceed it)."""
    chunks: list[list[ItemData]] = [[]]
    used = 0
    for item in items:
        size = count(to_json([item]))
        if chunks[-1] and used + size > budget:
            chunks.append([])
            used = 0
        chunks[-1].append(item)
        used += size
    return chunks


def signal_figures(signals: Signals) -> dict[str, dict[str, int | float | None]]:
    """The signals as a prompt cites them: counts, and a percent only where there are enough items."""

    def share(signal: Share) -> dict[str, int | float | None]:
        figures: dict[str, int | float | None] = {"count": signal.count, "of": signal.of}
        return figures | ({"percent": round(100 * signal.share)} if signal.share is not None else {})

    size, reviews = signals.size, signals.reviews
    figures: dict[str, dict[str, int | float | None]] = {
        "features_and_fixes_with_tests": share(signals.tested_work),
        "work_items_reverted": share(signals.reverted_work),
        # Features left untraced are out of `of`: the model is told how many, lest it read "none".
        "features_whose_lines_a_fix_changed_within_14_days": share(signals.follow_up_fixes) | {"not_measured": len(signals.follow_up_fixes.not_measured)},
        "code_changes_with_docs": share(signals.documentation),
        "lines_per_work_item": {"median": size.median_lines, "p90": size.p90_lines, "over_1000": size.over_1000},
    }
    if reviews is not None:
        figures["pull_request_reviews"] = {
            "given": reviews.given, "received": reviews.received, "median_hours_to_merge": reviews.median_hours_to_merge,
            "merged_without_review": reviews.merged_unreviewed, "merged": reviews.of,
        }  # fmt: skip
    return figures
