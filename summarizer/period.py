"""Months as `YYYY-MM` strings, and the inclusive month range a run covers."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated

from pydantic import BaseModel, StringConstraints, field_validator, model_validator
from pydantic_core import PydanticCustomError

from summarizer.errors import SummarizerError

_MONTH = re.compile(r"([0-9]{4})-([0-9]{2})")
_NOT_A_MONTH = "is not a month like 2025-06"
# A run reads a day either side of its period and the month after it (git's date window, the
# later reverts, the follow-up signal), and a date's UTC offset moves it by up to a day: a
# year's margin inside Python's calendar (0001 to 9999) keeps every one of those dates in it.
FIRST_YEAR, LAST_YEAR = 2, 9998
# A commit's month, its form only: whether it counts is for the period it lies in to say.
Month = Annotated[str, StringConstraints(pattern=r"^[0-9]{4}-(0[1-9]|1[0-2])$")]
MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


class Period(BaseModel):
    """Inclusive range of months, e.g. since 2025-01 until 2025-06."""

    since: str
    until: str

    @field_validator("since", "until")
    @classmethod
    def _a_month(cls, value: str) -> str:
        problem = month_problem(value)
        if problem:
            raise PydanticCustomError("month", "{value} {problem}", {"value": repr(value), "problem": problem})
        return value

    @model_validator(mode="after")
    def _in_order(self) -> Period:
        if self.since > self.until:
            raise PydanticCustomError("period", "since {since} is after until {until}", {"since": self.since, "until": self.until})
        return self

    def months(self) -> list[str]:
        return months_between(self.since, self.until)

    def __contains__(self, month: str) -> bool:
        return self.since <= month <= self.until


def month_problem(value: str) -> str | None:
    """What keeps `value` from being a month a period can hold, in a few words; None when nothing."""
    match = _MONTH.fullmatch(value)
    if not match or not 1 <= int(match.group(2)) <= 12:
        return _NOT_A_MONTH
    if not FIRST_YEAR <= int(match.group(1)) <= LAST_YEAR:
        return f"is outside the years {FIRST_YEAR:04d} to {LAST_YEAR:04d}"
    return None


def parse_month(value: str, option: str) -> str:
    """A month given as `option` (a command-line option, or a file's field), refused with one line."""
    month = value.strip()
    if not month:
        raise SummarizerError(f"{option} is empty: give a month like 2025-06")
    problem = month_problem(month)
    if problem == _NOT_A_MONTH:
        raise SummarizerError(f"{option} takes a month like 2025-06, not {value!r}")
    if problem:
        raise SummarizerError(f"{option} {month} {problem}")
    return month


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
    since_month = parse_month(since, "--since") if since is not None else None
    until_month = parse_month(until, "--until") if until is not None else f"{today.year:04d}-{today.month:02d}"
    since_month = since_month or max(shift_month(until_month, -11), f"{FIRST_YEAR:04d}-01")
    if since_month > until_month:
        raise SummarizerError(f"--since {since_month} is after --until {until_month}")
    return Period(since=since_month, until=until_month)
