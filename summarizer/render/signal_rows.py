"""The signals' rows with their items as links: to their forge page, or on a page to their month."""

from __future__ import annotations

from typing import NamedTuple

from summarizer.models.profile import Profile, ProfileMonth
from summarizer.render.links import citation_url
from summarizer.signals import SignalRow, signal_rows

# Items listed beside a signal before "and N more".
SHOWN_ITEMS = 8


class LinkedRow(NamedTuple):
    row: SignalRow
    links: list[tuple[str, str | None]]  # the first SHOWN_ITEMS items, each with its page
    more: int  # items beyond those


def linked_rows(profile: Profile, in_page: bool = False) -> list[LinkedRow]:
    """The profile's signal rows (none for a profile saved before them), each item with the web
    page of its item where its repository has one; on a page (`in_page`), else its month there."""
    if profile.signals is None:
        return []
    months: dict[str, ProfileMonth] = {item.id: month for month in profile.months for item in month.items}

    def link(ref: str) -> tuple[str, str | None]:
        month = months.get(ref)
        url = citation_url(profile, month, ref) if month else None
        return ref, url or (f"#month-{month.month}" if month and in_page else None)

    rows = signal_rows(profile.signals)
    return [LinkedRow(row, [link(ref) for ref in row.items[:SHOWN_ITEMS]], max(0, len(row.items) - SHOWN_ITEMS)) for row in rows]
