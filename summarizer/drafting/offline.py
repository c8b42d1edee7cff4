"""The offline drafter: readable prose built from the History alone, true by construction.

Every sentence is assembled from a statistic, a work item's own title (turned into the
past tense when it opens with a known verb, quoted otherwise) or a file the developer
changed, and every work item it names is cited. No network, and the same input always
gives the same words.
"""

from __future__ import annotations

import re
from collections import Counter

from summarizer.languages import language_named
from summarizer.models.drafts import Highlight, MonthDraft, ProfileDraft, Skills
from summarizer.models.history import History, MonthActivity, MonthStats, WorkItem
from summarizer.months import PRACTICES
from summarizer.people import is_a_person, name_words
from summarizer.period import month_label
from summarizer.themes import Theme
from summarizer.titles import BRACKET_TAGS, CONVENTIONAL, PR_SUFFIX
from summarizer.words import count

MAIN_THEMES = 3
ITEMS_PER_THEME = 3
ITEMS_ELSEWHERE = 3
HIGHLIGHTS_PER_MONTH = 5
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")

# A skill tag is one word, as a label or a name writes it ("Pallas", "autotuner", "CuTe"): not a
# phrase about the work ("error message"), nor an identifier, a file or a branch ("hl.grid",
# "README.md", "diff-train-patch", "v2").
_ONE_WORD = re.compile(r"[A-Za-z][A-Za-z+#]*")
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

# Verbs as often nouns or adjectives at a title's start: turned only before a determiner.
_NOUN_VERBS = {
    "default", "test", "type", "format", "benchmark", "cache", "release", "log", "map", "tag", "flag", "step",
    "print", "share", "fold", "gate", "account", "lint", "stage", "track", "lower", "speed", "fill", "complete",
    "finish", "plan", "scan", "trap", "snap", "clip", "pad", "plug", "zip", "pin", "control", "document",
    "check", "guard", "limit", "mark", "route", "store", "sort", "copy", "bind", "lift", "warn", "show",
    "set", "reset", "commit", "factor",
}  # fmt: skip
_DETERMINERS = {"the", "a", "an", "all", "each", "every", "this", "these", "that", "those", "its", "our", "their", "it", "them", "some", "any", "up"}
_NOUN_AFTER = {"for", "of"}
_PREPOSITIONS = {"to", "in", "on", "with", "from", "at", "by", "about", "into", "when", "after", "before"}


def draft_offline(history: History) -> ProfileDraft:
    single_repo = len(history.repositories) == 1
    people = name_words(history)
    months = [_draft_month(history, month, single_repo, people) for month in history.months]
    return ProfileDraft(
        overview=_overview(history),
        months=months,
        skills=Skills(languages=history.totals.languages, technical=_technical_skills(history, people)),
    )


def past_tense(title: str) -> str:
    """'[MPS] Add foo (#12)' -> 'added foo'. A title is quoted, never turned, when its first word
    may not be a verb at all: no known verb, a name in Title Case ("Build Linux Wheels …"), a
    verb that is as often a noun or an adjective ("Default pattern search", "Tests for …")."""
    text = CONVENTIONAL.sub("", BRACKET_TAGS.sub("", title)).strip()
    text = PR_SUFFIX.sub("", text).rstrip(". ")
    first, _, rest = text.partition(" ")
    verb = _base_verb(first.lower())
    if verb is None or not rest or not _reads_as_verb(first.lower(), verb, rest.split()):
        return f"landed “{text}”"
    return f"{_past(verb)} {rest}"


def _reads_as_verb(word: str, verb: str, rest: list[str]) -> bool:
    following = rest[0].lower()
    if len(rest) > 1 and all(re.fullmatch(r"[A-Z][a-z][\w-]*", part) for part in rest[:2]):
        return False  # "Set Up TorchRec Docs", "Build Linux Wheels": a name, not a sentence
    if following in _NOUN_AFTER:
        return False  # "Fix for …", "Support for …", "Tests for …", "Updates to …"
    if word != verb and following in _PREPOSITIONS:
        return False
    return verb not in _NOUN_VERBS or following in _DETERMINERS


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
        f"Together {'the commits whose line counts are known' if totals.lines_unknown else 'they'} added "
        f"{count(totals.lines_added, 'line')} and removed {totals.lines_deleted:,}.",
    ]
    spanning = history.themes[:3]
    if spanning:
        named = [
            f"{_called(theme)} ({len(theme.months)} of the {totals.activity_months} active months, "
            f"{len(theme.items)} of the {totals.work_items} work items)"
            for theme in spanning
        ]
        sentences.append(f"Work that ran through several months: {_join(named)}.")
    else:
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


def _draft_month(history: History, month: MonthActivity, single_repo: bool, people: frozenset[str]) -> MonthDraft:
    """Themes first — what the month was about, its items named — then the rest briefly, then the figures."""
    stats, ordered = month.stats, _by_weight(month.items)
    by_id = {item.id: item for item in month.items}
    main, minor = month.themes[:MAIN_THEMES], month.themes[MAIN_THEMES:]
    lines = [_lead(history.developer.name, month, main, ordered[0], single_repo)]
    named: set[str] = set()
    for theme in main:
        lines += _told(theme, by_id, single_repo)
        named.update(theme.items)
    if not main:
        named.add(ordered[0].id)
    if minor:
        lines.append(f"Smaller threads: {_join([f'{_called(theme)} ({len(theme.items)})' for theme in minor])}.")
        named.update(item_id for theme in minor for item_id in theme.items)
    rest = [item for item in ordered if item.id not in named]
    if rest:
        lines.append(f"{'Besides' if main else 'Also'}: {_listed(rest, ITEMS_ELSEWHERE, single_repo, 'further change')}.")
    # The month is named again: two months of the same figures must not say the same sentence.
    lines.append(
        f"In all, {_landed(stats)} landed in {_join(stats.repositories)} in {month_label(month.month)}: "
        f"{_class_breakdown(stats.features, stats.bugs, stats.work_items)}."
    )
    highlights = [
        Highlight(text=_highlight_text(item), evidence=[_cite(item, single_repo)])
        for item in ordered[:HIGHLIGHTS_PER_MONTH]
    ]
    return MonthDraft(
        month=month.month,
        summary=" ".join(lines),
        highlights=highlights,
        skills=stats.languages[:4] + _theme_skills(month.themes, "\n".join(item.title.lower() for item in month.items), people)[:3] + stats.practices,
    )


def _lead(name: str, month: MonthActivity, main: list[Theme], first_item: WorkItem, single_repo: bool) -> str:
    """The month's first sentence: the theme it centred on (or, with none, its first item by weight)."""
    when, total = month_label(month.month), month.stats.work_items
    if not main:
        alone = "" if total == 1 else f", one of {total} separate work items"
        return f"In {when}, {name} {past_tense(first_item.title)} ({_cite(first_item, single_repo)}){alone}."
    first = f"{_called(main[0])} ({len(main[0].items)} of the {total} work items)"
    others = [f"{_called(theme)} ({len(theme.items)})" for theme in main[1:]]
    parts = [f"{_called(part)} ({len(part.items)})" for part in main[0].parts[:MAIN_THEMES]]
    if parts:
        besides = f"; besides, {_join(others)}" if others else ""
        return f"In {when}, {name}'s work centred on {first}, above all {_join(parts)}{besides}."
    return f"In {when}, {name}'s work centred on {_join([first, *others])}."


def _told(theme: Theme, by_id: dict[str, WorkItem], single_repo: bool) -> list[str]:
    """A theme's sentences: its items, heaviest first; a large one's told by its own parts."""
    parts = theme.parts[:MAIN_THEMES]
    lines = [
        f"{_heading(part)}: {_listed(_by_weight([by_id[i] for i in part.items]), ITEMS_PER_THEME, single_repo)}."
        for part in parts
    ]
    told = {item_id for part in parts for item_id in part.items}
    rest = _by_weight([by_id[item_id] for item_id in theme.items if item_id not in told])
    if rest:
        other = f"Other {_called(theme)}" if theme.kind == "folder" else f"Other {theme.name} work"
        label = other if parts else _heading(theme)
        lines.append(f"{label}: {_listed(rest, ITEMS_PER_THEME if not parts else ITEMS_ELSEWHERE, single_repo)}.")
    return lines


def _called(theme: Theme) -> str:
    """How prose names a theme: a folder is where the changes were, not what they were about."""
    return f"changes under {theme.name}/" if theme.kind == "folder" else theme.name


def _heading(theme: Theme) -> str:
    return _capitalize(_called(theme))


def _listed(items: list[WorkItem], shown: int, single_repo: bool, more: str = "more change") -> str:
    listed = [f"{past_tense(item.title)} ({_cite(item, single_repo)})" for item in items[:shown]]
    if len(items) > shown:
        listed.append(count(len(items) - shown, more))
    return _join(listed)


def _theme_skills(themes: list[Theme], titles: str, people: frozenset[str]) -> list[str]:
    """Theme names that read as skills: of three items or more, named by one word the titles
    (`titles`, lower case) write just so, not a verb; never a folder, a person's name, a
    language or a practice the files show already ("docs", "CI")."""
    return [
        theme.name for theme in themes
        if theme.kind == "words" and len(theme.items) >= 3 and _ONE_WORD.fullmatch(theme.name)
        and theme.name.lower() in titles and _base_verb(theme.name.lower()) is None
        and not is_a_person(theme.name, people) and language_named(theme.name) is None and not _a_practice(theme.name)
    ]  # fmt: skip


def _a_practice(word: str) -> bool:
    """Whether `word` names a practice the skills list already ("docs": Documentation, "CI", "Benchmark")."""
    stem = word.lower().rstrip("s")
    return any(part.startswith(stem) for practice in PRACTICES for part in re.findall(r"[a-z]+", practice.lower()))


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


def _technical_skills(history: History, people: frozenset[str]) -> list[str]:
    """Tags from the themes that ran through months (else the largest of each month's) and the
    practices the files show: never a path fragment, a branch name or a conventional type."""
    themes = history.themes or sorted((t for m in history.months for t in m.themes), key=lambda t: -len(t.items))
    titles = "\n".join(item.title.lower() for month in history.months for item in month.items)
    named = list(dict.fromkeys(name for name in _theme_skills(themes, titles, people) if len(name) < 40))
    return named[:8] + list(history.totals.practices)


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
