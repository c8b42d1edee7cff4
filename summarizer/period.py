"""Months as `YYYY-MM` strings, and the inclusive month range a run covers."""

from __future__ import annotations

import datetime as dt
import re

from pydantic import BaseModel

from summarizer.errors import SummarizerError

_MONTH = re.compile(r"^(\d{4})-(\d{2})$")
MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


class Period(BaseModel):
    """Inclusive range of months, e.g. since 2025-01 until 2025-06."""

    since: str
    until: str

    def months(self) -> list[str]:
        return months_between(self.since, self.until)

    def __contains__(self, month: str) -> bool:
        return self.since <= month <= self.until


def parse_month(value: str, option: str) -> str:
    match = _MONTH.match(value.strip())
    if not match or not 1 <= int(match.group(2)) <= 12:
        raise SummarizerError(f"{option} takes a month like 2025-06, not {value!r}")
    if not 1 <= int(match.group(1)) <= 9998:
        # The calendar's own edges (Python's dates, a month's end a day past it).
        raise SummarizerError(f"{option} {value.strip()} is outside the years 0001 to 9998")
    return value.strip()


def shift_month(month: str, delta: int) -> str:
    year, number = int(month[:4]), int(month[5:7])
    index = year * 12 + number - 1 + delta
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def months_between(since: str, until: str) -> list[str]:
    months = [since]
    while months[-1] < until:
        months.append(shift_month(months[-1], 1))
    return months


def month_label(month: str) -> str:
    """'2025-06' -> 'June 2025'."""
    return f"{MONTH_NAMES[int(month[5:7]) - 1]} {month[:4]}"


def resolve_period(since: str | None, until: str | None, today: dt.date | None = None) -> Period:
    """The inclusive period of a run; by default the last 12 months up to this one."""
    today = today or dt.date.today()
    since_month = parse_month(since, "--since") if since else None
    until_month = parse_month(until, "--until") if until else f"{today.year:04d}-{today.month:02d}"
    since_month = since_month or max(shift_month(until_month, -11), "0001-01")
    if since_month > until_month:
        raise SummarizerError(f"--since {since_month} is after --until {until_month}")
    return Period(since=since_month, until=until_month)
