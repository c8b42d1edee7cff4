"""Themes: a month's work items grouped by what they are about, each named from what its items share.

A reader of a month wants "built out the Metal backend (10 of the 16 work items)", not 16
titles sorted by folder. Items group by what they share, in this order of trust:

1. a PR series — titles that differ only in a "(2/5)" or "Part 2" marker;
2. significant words of their titles (a `[Tag]` or a conventional scope counts as one):
   not function words, not the verbs and nouns any change could use, not the
   repository's own name; a word of a body joins an item to a group its title words
   already formed, never forms one;
3. a folder below the top level that their files share (snapshot and expected-output
   files left out: they say what a change affected, not what it was about).

Grouping is greedy: the candidate that holds the most items still free becomes a theme,
its items leave the other candidates, until no candidate holds two. Every step is kept
as the theme's `reason`, so a reader of the JSON sees why items stand together. Pure
functions, deterministic: the same items give the same themes in the same order.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Literal, NamedTuple

from pydantic import BaseModel

from summarizer.titles import BRACKET_TAGS, CONVENTIONAL, PR_SUFFIX

ThemeKind = Literal["series", "words", "folder"]

MAX_THEMES = 6
# A word names a group when at least this share of its items' titles hold it.
NAMING_SHARE = 0.6
NAME_WORDS = 3
# A theme this large, holding more than this share of the month, is told in its parts.
SPLIT_AT = 8
SPLIT_SHARE = 0.5

_SERIES_MARK = re.compile(r"\s*(?:[\[(]\s*\d+\s*/\s*\d+\s*[\])]|\b(?:part|pt\.?|step)\s*\d+(?:\s*of\s*\d+)?)\s*", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_+.-]*[A-Za-z0-9+]|[A-Za-z]")
# Body lines that are tooling, not description, and the labels of those that are.
_BODY_NOISE = re.compile(
    r"^(?:differential revision|pull request resolved|reviewed by|pulled by|ghstack[\w-]*|co-authored-by|"
    r"signed-off-by|stack from|fixes|closes)\b.*$|^(?:summary|test plan)\s*:|https?://\S+",
    re.IGNORECASE | re.MULTILINE,
)
SNAPSHOT = re.compile(r"(?:^|/)(?:__snapshots__|snapshots|expected|expect|golden|goldens)/|\.(?:expected|expect|snap|golden|ambr|out)$")
COMMON_WORDS = frozenset("""
a an the and or of to in on for with without from by at as into onto over under via per vs
is are be been being was were it its this that these those there their our your my we you i
not no non all any some more most less few many much each every other another same new old
when while if then than so but also only just still yet again back up down out off now
add adds added adding fix fixes fixed fixing update updates updated updating remove removes
removed removing use uses used using make makes made making support supports supported
change changes changed changing improve improves improved implement implements implemented
allow allows enable enables disable disables handle handles refactor refactors refactored
move moves moved rename renames renamed clean cleanup cleans introduce introduces create
creates delete deletes replace replaces set sets get gets let lets run runs ensure ensures
avoid avoids revert reverts reland reapply bump bumps try tries do does
increase increases increased decrease decreases decreased raise raises lower lowers reduce reduces reduced
upgrade upgrades upgraded downgrade downgrades downgraded
minor small misc various some initial first follow followup follow-up part step wip
code file files function functions method methods class classes type types test tests
testing issue issues bug bugs error errors case cases thing things stuff version versions
default defaults option options config configs value values name names way ways work
able unused missing broken better proper properly correct correctly basic simple extra
feat chore style hotfix bugfix example examples sample
skill language technical technology tool
""".split())


class Theme(BaseModel):
    """Work items that are about one thing, named from what they share."""

    name: str
    kind: ThemeKind
    items: list[str]  # work item ids, heaviest first
    # Why they stand together: "titles share “metal”, “backend”", "files under backends/apple".
    reason: str
    months: list[str] = []  # a period theme's months
    # A theme that holds most of a busy month, in its own themes ("cutedsl": tcgen05, flash attention …).
    parts: list[Theme] = []


class ThemeItem(NamedTuple):
    """What the grouping reads of one work item."""

    id: str
    title: str
    body: str
    paths: Sequence[str]
    weight: int  # lines changed


class _Candidate(NamedTuple):
    kind: ThemeKind
    key: str
    items: frozenset[str]


def month_themes(items: Sequence[ThemeItem], repositories: Iterable[str] = ()) -> list[Theme]:
    """The month's themes, most items first; items that share nothing with another are in none."""
    own_names = {_stem(part.lower()) for name in repositories for part in re.split(r"[/_.-]", name) if part}
    return _themes(items, own_names, split=True)


def _themes(items: Sequence[ThemeItem], own_names: set[str], split: bool) -> list[Theme]:
    if len(items) < 2:
        return []
    by_id = {item.id: item for item in items}
    title_words = {item.id: _title_words(item.title) for item in items}
    body_words = {item.id: _body_words(item.body) for item in items}
    candidates = _series(items) + _word_groups(title_words, body_words, own_names)
    if split:
        candidates += _folders(items, own_names)
    else:  # a theme's parts are named by words; what all its items share is what made it
        candidates = [candidate for candidate in candidates if len(candidate.items) < len(items)]
    themes: list[Theme] = []
    free = set(by_id)
    while len(themes) < MAX_THEMES:
        best = max(
            (candidate._replace(items=candidate.items & free) for candidate in candidates),
            key=lambda candidate: (len(candidate.items), _TRUST[candidate.kind], candidate.key.count("/"), candidate.key),
            default=None,
        )
        if best is None or len(best.items) < 2:
            break
        members = sorted(best.items, key=lambda item_id: (-by_id[item_id].weight, item_id))
        theme = _theme(best, members, title_words, own_names)
        if split and len(members) >= SPLIT_AT and len(members) > SPLIT_SHARE * len(items):
            # The words that named it say nothing within it: its parts are named by the rest.
            inside = own_names | {_stem(word.lower()) for word in theme.name.split()} | {best.key}
            theme.parts = _themes([by_id[item_id] for item_id in members], inside, split=False)
        themes.append(theme)
        free -= best.items
    return themes


def period_themes(months: Sequence[tuple[str, Sequence[Theme]]]) -> list[Theme]:
    """The themes that ran through more than one month: the same name, its months and all its items."""
    joined: dict[str, Theme] = {}
    for month, themes in months:
        for theme in themes:
            key = theme.name.lower()
            if key in joined:
                joined[key].items += theme.items
                joined[key].months.append(month)
            else:
                joined[key] = theme.model_copy(update={"items": list(theme.items), "months": [month]})
    spanning = [theme for theme in joined.values() if len(theme.months) > 1]
    return sorted(spanning, key=lambda theme: (-len(theme.items), theme.months[0], theme.name))


_TRUST: dict[ThemeKind, int] = {"series": 2, "words": 1, "folder": 0}


def _series(items: Sequence[ThemeItem]) -> list[_Candidate]:
    groups: dict[str, set[str]] = defaultdict(set)
    spelled: dict[str, str] = {}
    for item in sorted(items, key=lambda item: item.id):
        if _SERIES_MARK.search(item.title):
            title = BRACKET_TAGS.sub("", PR_SUFFIX.sub("", item.title))
            name = " ".join(_SERIES_MARK.sub(" ", title).split())
            groups[name.lower()].add(item.id)
            spelled.setdefault(name.lower(), name)
    return [_Candidate("series", spelled[key], frozenset(members)) for key, members in groups.items() if len(members) > 1]


def _word_groups(title_words: dict[str, dict[str, str]], body_words: dict[str, set[str]], own_names: set[str]) -> list[_Candidate]:
    holders: dict[str, set[str]] = defaultdict(set)
    for item_id, words in title_words.items():
        for key in words:
            if key not in own_names:
                holders[key].add(item_id)
    candidates = []
    for key, members in holders.items():
        if len(members) < 2:
            continue
        joined = members | {item_id for item_id, words in body_words.items() if key in words}
        candidates.append(_Candidate("words", key, frozenset(joined)))
    return candidates


def _folders(items: Sequence[ThemeItem], own_names: set[str]) -> list[_Candidate]:
    holders: dict[str, set[str]] = defaultdict(set)
    for item in items:
        for folder in _folders_of(item.paths, own_names):
            holders[folder].add(item.id)
    return [_Candidate("folder", folder, frozenset(members)) for folder, members in holders.items() if len(members) > 1]


def _folders_of(paths: Sequence[str], own_names: set[str]) -> set[str]:
    """Every folder below the top level that holds a file of the item (snapshots aside); the
    repository's own package folder is the top level ("helion/_compiler" is a top folder)."""
    kept = [path for path in paths if not SNAPSHOT.search(path)] or list(paths)
    folders = set()
    for path in kept:
        parts = path.split("/")[:-1]
        lowest = 3 if parts and _stem(parts[0].lower()) in own_names else 2
        folders.update("/".join(parts[:depth]) for depth in range(lowest, len(parts) + 1))
    return folders


def _theme(candidate: _Candidate, members: list[str], title_words: dict[str, dict[str, str]], own_names: set[str]) -> Theme:
    if candidate.kind == "folder":
        return Theme(name=candidate.key, kind="folder", items=members, reason=f"their files are under {candidate.key}/")
    if candidate.kind == "series":
        return Theme(name=candidate.key, kind="series", items=members, reason=f"one series of PRs, “{candidate.key}” part by part")
    shared = _shared_keys(members, title_words, own_names)
    name = _name_from_words(members, title_words, shared, must=candidate.key)
    in_titles = sum(candidate.key in title_words[item_id] for item_id in members)
    reason = f"titles share {', '.join(f'“{key}”' for key in shared)}"
    if in_titles < len(members):
        reason += f"; {len(members) - in_titles} more by their descriptions"
    return Theme(name=name, kind="words", items=members, reason=reason)


def _shared_keys(members: list[str], title_words: dict[str, dict[str, str]], own_names: set[str]) -> list[str]:
    counts = Counter(key for item_id in members for key in title_words[item_id] if key not in own_names)
    needed = max(2, math.ceil(NAMING_SHARE * len(members)))
    return [key for key, holders in counts.most_common() if holders >= needed]


def _name_from_words(members: list[str], title_words: dict[str, dict[str, str]], shared: list[str], must: str) -> str:
    """The words most of the items' titles share (`shared`, `must` among them), in the order
    the titles use them, as they write them."""
    shared = shared[:NAME_WORDS] if must in shared[:NAME_WORDS] else [must] + shared[: NAME_WORDS - 1]
    position: dict[str, list[int]] = defaultdict(list)
    spelling: dict[str, Counter[str]] = defaultdict(Counter)
    for item_id in members:
        words = title_words[item_id]
        for index, key in enumerate(words):
            if key in shared:
                position[key].append(index)
                spelling[key][words[key]] += 1
    ordered = sorted(shared, key=lambda key: (sum(position[key]) / max(1, len(position[key])), key))
    return " ".join(spelling[key].most_common(1)[0][0] if spelling[key] else key for key in ordered)


def _title_words(title: str) -> dict[str, str]:
    """The title's significant words, by their key (lower case, singular), with their first spelling."""
    text = PR_SUFFIX.sub("", title)
    words: dict[str, str] = {}
    tags = BRACKET_TAGS.match(text)
    if tags:
        for tag in re.findall(r"\[([^\]]{1,40})\]", tags.group(1)):
            words.setdefault(_stem(tag.strip().lower()), tag.strip())
        text = text[tags.end() :]
    conventional = CONVENTIONAL.match(text)
    if conventional and conventional.group("scope"):
        # "feat(mps): …" is about mps; the type stays a word, "Autotuner: …" being a scope too.
        scope = conventional.group("scope").strip()
        words.setdefault(_stem(scope.lower()), scope)
    for word in _WORD.findall(text):
        key = _stem(word.lower().strip(".-"))
        if _significant(key):
            words.setdefault(key, word.strip(".-"))
    return words


def _body_words(body: str) -> set[str]:
    text = _BODY_NOISE.sub(" ", body[:600])
    return {key for word in _WORD.findall(text) if _significant(key := _stem(word.lower().strip(".-")))}


def _significant(key: str) -> bool:
    if len(key) < 3 or key in COMMON_WORDS or re.fullmatch(r"v?\d[\d.]*", key):
        return False
    # Adverbs ("temporarily", "properly") say how, not what.
    return not (len(key) > 5 and key.endswith("ly") and key not in _NOT_ADVERBS)


_NOT_ADVERBS = frozenset({"assembly", "family", "supply", "anomaly", "monopoly"})


def _stem(word: str) -> str:
    """Plurals and their singulars share a key: "kernels" and "kernel", "dependencies" and "dependency"."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word
