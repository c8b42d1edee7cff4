"""Counts in words: "1 commit", "2 commits", "1 fix", "3 fixes"."""

from __future__ import annotations


def plural(number: int, singular: str, plural_form: str | None = None) -> str:
    return singular if number == 1 else plural_form or singular + "s"


def count(number: int, singular: str, plural_form: str | None = None) -> str:
    return f"{number:,} {plural(number, singular, plural_form)}"


def count_as(number: int, noun: str) -> str:
    """`number` with `noun` as a text wrote it, singular or plural, in the form the number takes:
    count_as(1, "commits") is "1 commit", count_as(3, "bug fix") "3 bug fixes"."""
    one = _singular(noun)
    return count(number, one, _plural(one))


def _singular(noun: str) -> str:
    lower = noun.lower()
    if lower.endswith("ies"):
        return noun[:-3] + "y"
    if lower.endswith(("xes", "ches", "shes", "sses")):
        return noun[:-2]
    return noun[:-1] if lower.endswith("s") and not lower.endswith("ss") else noun


def _plural(singular: str) -> str:
    lower = singular.lower()
    if lower.endswith("y") and lower[-2:-1] not in ("a", "e", "i", "o", "u"):
        return singular[:-1] + "ies"
    return singular + ("es" if lower.endswith(("x", "ch", "sh", "ss")) else "s")


def lines_figure(added: int, deleted: int, unknown: int = 0, unit: str = "") -> str:
    """"+56 / −4", and what it leaves out: "+56 / −4 lines (without 2 commits whose line counts are unknown)".

    A commit's line counts are unknown where git could not read its objects, or diffed it against
    other parents than its own (a shallow clone's cut-off, a graft)."""
    figure = f"+{added:,} / −{deleted:,}{unit}"
    return figure + (f" (without {count(unknown, 'commit')} whose line counts are unknown)" if unknown else "")


def month_counts(commits: int, features: int, fixes: int) -> str:
    """The line a profile shows under each month: "4 commits • 3 features • 0 fixes"."""
    return f"{count(commits, 'commit')} • {count(features, 'feature')} • {count(fixes, 'fix', 'fixes')}"
