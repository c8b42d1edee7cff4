"""The offline drafter: readable prose built from the History alone, true by construction.

Every sentence is assembled from a statistic, a work item's own title (turned into the
past tense when it opens with a known verb, quoted otherwise) or a file the developer
changed, and every work item it names is cited. No network, and the same input always
gives the same words.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from summarizer.drafting.model import Highlight, MonthDraft, ProfileDraft, Skills
from summarizer.months import (
    CHANGE_TYPES,
    PRACTICES,
    History,
    MonthActivity,
    MonthStats,
    WorkItem,
    area_of,
)
from summarizer.period import month_label
from summarizer.words import count

AREAS_PER_MONTH = 4
ITEMS_PER_AREA = 3
HIGHLIGHTS_PER_MONTH = 5
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")

_LEADING_TAGS = re.compile(r"^\s*(?:\[[^\]]{1,40}\]\s*)+")
_CONVENTIONAL = re.compile(r"^[A-Za-z]+(?:\([^)]{1,40}\))?!?:\s+")
_IRREGULAR = {
    "make": "made", "run": "ran", "rerun": "reran", "split": "split", "write": "wrote",
    "rewrite": "rewrote", "keep": "kept", "build": "built", "rebuild": "rebuilt", "set": "set",
    "reset": "reset", "let": "let", "put": "put", "get": "got", "take": "took", "give": "gave",
    "do": "did", "undo": "undid", "find": "found", "hold": "held", "bring": "brought",
    "teach": "taught", "read": "read", "cut": "cut", "hide": "hid", "speed": "sped",
    "send": "sent", "lead": "led", "feed": "fed", "choose": "chose", "throw": "threw",
    "support": "added support for", "bump": "bumped",
}  # fmt: skip
_DOUBLED = {"stop", "drop", "skip", "ship", "plan", "swap", "wrap", "unwrap", "strip", "trim", "pin", "unpin",
            "map", "tag", "flag", "log", "zip", "step", "plug", "pad", "scan", "trap", "snap", "clip", "emit",
            "commit", "submit", "permit", "omit", "refer", "prefer", "transfer", "control"}
_VERBS = set(_IRREGULAR) | _DOUBLED | {
    "add", "fix", "implement", "update", "remove", "refactor", "improve", "use", "move", "rename",
    "enable", "disable", "allow", "handle", "avoid", "clean", "introduce", "revert", "change",
    "create", "replace", "simplify", "optimize", "optimise", "reduce", "increase", "document",
    "expose", "extend", "migrate", "convert", "switch", "merge", "delete", "deprecate", "upgrade",
    "port", "restore", "reland", "guard", "cache", "check", "validate", "ensure", "prevent", "raise",
    "return", "pass", "propagate", "generate", "register", "unify", "factor", "extract", "inline",
    "lower", "hoist", "fuse", "tune", "autotune", "benchmark", "test", "stage", "track", "print",
    "show", "limit", "align", "resolve", "correct", "relax", "tighten", "preserve", "respect",
    "honor", "honour", "mark", "expand", "infer", "route", "plumb", "wire", "integrate", "release",
    "prepare", "initialize", "reuse", "share", "fold", "format", "lint", "tweak", "adjust", "fetch",
    "load", "save", "store", "parse", "sort", "deduplicate", "allocate", "copy", "bind", "override",
    "apply", "gate", "default", "account", "include", "exclude", "specialize", "cleanup",
    "reorganize", "restructure", "consolidate", "parallelize", "vectorize", "annotate", "type",
    "warn", "detect", "compute", "lift", "decouple", "dedupe", "describe", "explain", "clarify",
    "mention", "reword", "polish", "speed", "fill", "complete", "finish", "unblock", "silence",
}


def draft_offline(history: History) -> ProfileDraft:
    single_repo = len(history.repositories) == 1
    months = [_draft_month(history, month, single_repo) for month in history.months]
    return ProfileDraft(
        overview=_overview(history),
        months=months,
        skills=Skills(languages=history.totals.languages, technical=_technical_skills(history.months, minimum=2)),
    )


def past_tense(title: str) -> str:
    """'[MPS] Add foo (#12)' -> 'added foo'; a title that opens with no known verb is quoted."""
    text = _CONVENTIONAL.sub("", _LEADING_TAGS.sub("", title)).strip()
    text = re.sub(r"\s*\(#\d+\)\s*$", "", text).rstrip(". ")
    first, _, rest = text.partition(" ")
    verb = _base_verb(first.lower())
    if verb is None or not rest:
        return f"landed “{text}”"
    return f"{_past(verb)} {rest}"


def _base_verb(word: str) -> str | None:
    for candidate in (word, word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else ""):
        if candidate in _VERBS:
            return candidate
    if word.endswith("ed") and (word[:-2] in _VERBS or word[:-1] in _VERBS):
        return word[:-2] if word[:-2] in _VERBS else word[:-1]
    return None


def _past(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb in _DOUBLED:
        return verb + verb[-1] + "ed"
    if verb.endswith("e"):
        return verb + "d"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ied"
    return verb + "ed"


def _overview(history: History) -> str:
    totals = history.totals
    first, last = history.months[0].month, history.months[-1].month
    when = f"in {month_label(first)}" if first == last else f"between {month_label(first)} and {month_label(last)}"
    over = f" over {_words(totals.activity_months)} active months" if totals.activity_months > 1 else ""
    sentences = [
        f"{history.developer.name} landed {_landed(totals)} in "
        f"{_join([repository.name for repository in history.repositories])} {when}{over}: "
        f"{_class_breakdown(totals.features, totals.bugs, totals.work_items)}.",
        f"Together {'the commits git could read' if totals.lines_unknown else 'they'} added "
        f"{count(totals.lines_added, 'line')} and removed {totals.lines_deleted:,}.",
    ]
    areas = Counter(item.area for month in history.months for item in month.items if item.area)
    if areas:
        top = [f"{area} ({count(items, 'item')})" for area, items in areas.most_common(3)]
        sentences.append(f"Most of the work went into {_join(top)}.")
    if len(history.months) > 1:
        busiest = max(history.months, key=lambda month: (month.stats.commits, month.month))
        sentences.append(
            f"The busiest month was {month_label(busiest.month)}, with {count(busiest.stats.commits, 'commit')}."
        )
    if totals.languages:
        sentences.append(f"The code changed was mostly {_join(totals.languages[:3])}.")
    return " ".join(sentences)


def _draft_month(history: History, month: MonthActivity, single_repo: bool) -> MonthDraft:
    stats = month.stats
    lines = [
        f"In {month_label(month.month)}, {history.developer.name} landed {_landed(stats)} in "
        f"{_join(stats.repositories)}: {_class_breakdown(stats.features, stats.bugs, stats.work_items)}."
    ]
    by_area: dict[str | None, list[WorkItem]] = defaultdict(list)
    for item in _by_weight(month.items):
        by_area[item.area].append(item)
    areas = sorted(by_area, key=lambda area: (-len(by_area[area]), area or ""))
    for area in areas[:AREAS_PER_MONTH]:
        items = by_area[area]
        shown = [f"{past_tense(item.title)} ({_cite(item, single_repo)})" for item in items[:ITEMS_PER_AREA]]
        if len(items) > len(shown):
            shown.append(count(len(items) - len(shown), "more change"))
        lines.append(f"{f'In {area}' if area else 'Across the project'}: {_join(shown)}.")
    rest = areas[AREAS_PER_MONTH:]
    if rest:
        named = [area for area in rest if area][:3]
        elsewhere = named + (["elsewhere"] if len(named) < len(rest) else [])
        lines.append(
            f"{_capitalize(count(sum(len(by_area[area]) for area in rest), 'further change'))} "
            f"touched {_join(elsewhere)}."
        )
    highlights = [
        Highlight(text=_highlight_text(item), evidence=[_cite(item, single_repo)])
        for item in _by_weight(month.items)[:HIGHLIGHTS_PER_MONTH]
    ]
    return MonthDraft(
        month=month.month,
        summary=" ".join(lines),
        highlights=highlights,
        skills=stats.languages[:4] + _technical_skills([month], minimum=1)[:5],
    )


def _landed(stats: MonthStats) -> str:
    commits = count(stats.commits, "commit")
    return commits if stats.work_items == stats.commits else f"{commits} ({count(stats.work_items, 'work item')})"


def _highlight_text(item: WorkItem) -> str:
    text = past_tense(item.title)
    return f"{item.area}: {text}" if item.area else _capitalize(text)


def _by_weight(items: list[WorkItem]) -> list[WorkItem]:
    """Features first, then fixes, then the rest; larger changes before smaller ones."""
    rank = {"feature": 0, "bug": 1, "other": 2}
    return sorted(items, key=lambda item: (rank[item.item_class], -(item.lines_added + item.lines_deleted), item.id))


def _cite(item: WorkItem, single_repo: bool) -> str:
    if item.pr is None:
        return item.commits[0][:7]
    return f"#{item.pr}" if single_repo else item.id


def _technical_skills(months: list[MonthActivity], minimum: int) -> list[str]:
    """Tags named by the developer's own titles ([Tag], scope) and the practices their files show."""
    items = [item for month in months for item in month.items]
    # A conventional type used as a tag ("[ci]", "chore:") names a kind of change, not a skill.
    titled = Counter(
        area for item in items if (area := area_of(item.title, [], item.repo)) and area.lower() not in CHANGE_TYPES
    )
    from_paths = sorted({practice for month in months for practice in month.stats.practices}, key=PRACTICES.index)
    from_titles = [area for area, uses in sorted(titled.items(), key=lambda kv: (-kv[1], kv[0])) if uses >= minimum]
    return from_titles[:8] + from_paths


def _class_breakdown(features: int, bugs: int, work_items: int) -> str:
    counts = [(features, "feature", None), (bugs, "bug fix", "bug fixes"), (work_items - features - bugs, "other change", None)]
    return _join([count(number, singular, plural) for number, singular, plural in counts if number])


def _words(number: int) -> str:
    return NUMBER_WORDS[number] if number < len(NUMBER_WORDS) else f"{number:,}"


def _join(parts: list[str]) -> str:
    if len(parts) <= 2:
        return " and ".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]
