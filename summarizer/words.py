"""Counts in words: "1 commit", "2 commits", "1 fix", "3 fixes"."""

from __future__ import annotations


def plural(number: int, singular: str, plural_form: str | None = None) -> str:
    return singular if number == 1 else plural_form or singular + "s"


def count(number: int, singular: str, plural_form: str | None = None) -> str:
    return f"{number:,} {plural(number, singular, plural_form)}"


def lines_figure(added: int, deleted: int, unknown: int = 0, unit: str = "") -> str:
    """"+56 / −4", and what it leaves out: "+56 / −4 lines (without 2 commits git could not read)"."""
    figure = f"+{added:,} / −{deleted:,}{unit}"
    return figure + (f" (without {count(unknown, 'commit')} git could not read)" if unknown else "")


def month_counts(commits: int, features: int, fixes: int) -> str:
    """The line a profile shows under each month: "4 commits • 3 features • 0 fixes"."""
    return f"{count(commits, 'commit')} • {count(features, 'feature')} • {count(fixes, 'fix', 'fixes')}"
