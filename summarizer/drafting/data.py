"""The DATA blocks sent to a model: a month's work items, trimmed, redacted and budgeted.

A paragraph rests on an item's title, ref, class, area and size, and on the part of its
body that says why: that is what the model reads. The full evidence (every body, path and
changed line) stays with the check, which reads it all. Bodies lose sign-offs, review and
tooling trailers, links, checklists and code before tokens are counted. Commit text arrives
redacted (summarizer.sanitize, as every source reads it). A month whose data exceeds the token budget is split into
chunks of whole work items, drafted separately and merged (map-reduce), never cut off.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field

from summarizer.models.history import MonthActivity, WorkItem
from summarizer.models.signals import Share, Signals
from summarizer.titles import METADATA_TRAILERS, PR_SUFFIX

# The other commits' subjects an item lists at most.
MAX_SUBJECTS = 5
# What an item's body adds to its title in the prompt: the paragraph that says why, this long at most.
MAX_WHY_CHARACTERS = 320
_TRAILER = re.compile(rf"^(?:{METADATA_TRAILERS}|test plan|stack from ghstack)\b.*$", re.IGNORECASE)
_FENCE = re.compile(r"```.*?(```|\Z)", re.DOTALL)
# Lines that carry no reason: list markers of a stack, links, checklists, headings, tables, tool output.
_NOT_PROSE = re.compile(r"^(?:\s*(?:\*|-|\d+\.)?\s*(?:#\d+|https?://\S+)\W*$|\s*[-*] \[[ x]\]|#+ |\||>|\$ |\s{4})")


class ItemData(BaseModel):
    """One work item as the model reads it: what a paragraph rests on, not all the check reads."""

    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)

    ref: str
    repo: str = ""  # only where the month spans several repositories
    title: str
    item_class: str = Field(alias="class")
    area: str = ""
    lines: str
    # The body's first paragraph of prose, where it says more than the title.
    why: str = ""
    # The subjects of the item's other commits, where they differ from the title.
    commits: list[str] = []


def why_of(body: str, title: str) -> str:
    """The first paragraph of a body that is prose, on one line, cut at MAX_WHY_CHARACTERS; nothing
    when it only repeats the title."""
    text = _FENCE.sub("", body)
    for paragraph in re.split(r"\n\s*\n", text):
        lines = [line.strip() for line in paragraph.splitlines() if line.strip() and not _TRAILER.match(line.strip()) and not _NOT_PROSE.match(line)]
        prose = " ".join(lines)
        if len(prose.split()) < 4 or prose.rstrip(".").lower() == title.rstrip(".").lower():
            continue
        if len(prose) > MAX_WHY_CHARACTERS:
            prose = prose[:MAX_WHY_CHARACTERS].rsplit(" ", 1)[0] + " …"
        return prose
    return ""


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
        title = PR_SUFFIX.sub("", item.title).strip()
        bodies = [why for commit in members if (why := why_of(commit.body, title))]
        items.append(
            ItemData(
                ref=item_ref(item, single_repo),
                repo="" if single_repo else item.repo,
                title=title,
                item_class=item.item_class,
                area=item.area or "",
                lines=f"+{item.lines_added}/-{item.lines_deleted}",
                why=bodies[0] if bodies else "",
                commits=list(dict.fromkeys(s for commit in members if (s := PR_SUFFIX.sub("", commit.subject).strip()) != title))[:MAX_SUBJECTS],
            )
        )
    return items


def to_json(items: list[ItemData]) -> str:
    """The items as a JSON list, one item to a line: indentation costs tokens and tells nothing."""
    lines = [json.dumps(item.model_dump(exclude_defaults=True), ensure_ascii=False) for item in items]
    return "[\n" + ",\n".join(lines) + "\n]"


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
