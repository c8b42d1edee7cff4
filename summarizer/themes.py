"""Themes: a month's work items grouped by what they are about, each named from what its items share.

A reader of a month wants "built out the Metal backend (10 of the 16 work items)", not 16
titles sorted by folder. Items group by what they share, in this order of trust:

1. a PR series — titles that differ only in a "(2/5)" or "Part 2" marker;
2. significant words of their titles (a `[Tag]` or a conventional scope counts as one):
   not function words, not the verbs and nouns any change could use, not the
   repository's own name; a word of a body joins an item to a group its title words
   already formed, never forms one, and never outnumbers the titles that say it;
3. a folder below the top level where their work lies: it holds at least half of each
   item's files, tests, documentation and snapshots aside (they say what a change
   checked or described, not what it was about: a settings page every change updates in
   passing is no theme).

A group of words is a theme only when it can be named so that a reader learns what it is
about: by the label the project gives it (a `[Tag]`, a conventional scope, an
`Autotuner:` prefix), else by the phrase around the word that most of its titles write
("error message", "stable API compatibility tests"), else by the word alone when it reads
as a name — an identifier (`hl.grid`, `aoti_common`), an acronym or mixed-case name (AMD,
CuTe, PyTorch) or a capitalised word inside a sentence (Pallas). A plain word alone
("size", "warning", "unit") names nothing a reader can picture: its items stay unthemed.

Grouping is greedy: the candidate that holds the most items still free becomes a theme
(when it can be named), its items leave the other candidates, until no candidate holds
two. Every step is kept as the theme's `reason`, so a reader of the JSON sees why items
stand together. Pure functions, deterministic: the same items give the same themes in the
same order.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Literal, NamedTuple

from pydantic import BaseModel

from summarizer.paths import is_docs_path, is_test_path
from summarizer.titles import BRACKET_TAGS, CONVENTIONAL, PR_SUFFIX

ThemeKind = Literal["series", "words", "folder"]

MAX_THEMES = 6
# A word or phrase names a group when at least this share of its items' titles hold it.
NAMING_SHARE = 0.6
PHRASE_WORDS = 5
# A theme this large, holding more than this share of the month, is told in its parts.
SPLIT_AT = 8
SPLIT_SHARE = 0.5

_SERIES_MARK = re.compile(r"\s*(?:[\[(]\s*\d+\s*/\s*\d+\s*[\])]|\b(?:part|pt\.?|step)\s*\d+(?:\s*of\s*\d+)?)\s*", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_+.-]*[A-Za-z0-9+]|[A-Za-z]")
# A phrase's words: the significant ones and the numbers between them ("PyTorch 2.9").
_TOKEN = re.compile(_WORD.pattern + r"|\d[\w.]*\w|\d")
# A phrase never runs across punctuation: "fix foo; add bar" holds no "foo add".
_CLAUSE_BREAK = re.compile(r"[,;:!?()\[\]{}<>\"“”‘’|=]|(?<!\w)'|'(?!\w)|\s[-–—]+\s|\.(?=\s|$)")
# A name rather than a word: an identifier (hl.grid, aoti_common, fp8, diff-train-patch), or
# capitals inside it (AMD, CuTe). One hyphen is as often a verb ("re-enable").
_NAME_LIKE = re.compile(r"\w[._+#]\w|\w-\w+-\w|\d|^.+[A-Z]")
# Body lines that are tooling, not description, and the labels of those that are.
_BODY_NOISE = re.compile(
    r"^(?:differential revision|pull request resolved|reviewed by|pulled by|ghstack[\w-]*|co-authored-by|"
    r"signed-off-by|stack from|fixes|closes)\b.*$|^(?:summary|test plan)\s*:|https?://\S+",
    re.IGNORECASE | re.MULTILINE,
)
SNAPSHOT = re.compile(r"(?:^|/)(?:__snapshots__|snapshots|expected|expect|golden|goldens)/|\.(?:expected|expect|snap|golden|ambr|out)$")
_FUNCTION_WORDS = frozenset("""
a an the and or nor of to in on for with without from by at as into onto over under via per vs versus
is are be been being was were it its this that these those there their our your my we you i
not no non all any some more most less few many much each every other another same new old both either
when while if then than so but also only just still yet again back up down out off now
which what where who whom whose how why instead about after before between across through during within
one two three four five six seven eight nine ten
""".split())
_GENERIC_VERBS = frozenset("""
add adds added adding fix fixes fixed fixing update updates updated updating remove removes
removed removing use uses used using make makes made making support supports supported
change changes changed changing improve improves improved implement implements implemented
allow allows enable enables disable disables handle handles refactor refactors refactored
move moves moved rename renames renamed clean cleanup cleans introduce introduces create
creates delete deletes replace replaces set sets get gets let lets run runs ensure ensures
avoid avoids revert reverts reland reapply bump bumps try tries do does
increase increases increased decrease decreases decreased raise raises lower lowers reduce reduces reduced
upgrade upgrades upgraded downgrade downgrades downgraded
""".split())
_FILLER = frozenset("""
minor small misc various initial first follow followup follow-up part step wip
able unused missing broken better proper properly correct correctly basic simple extra
feat chore style hotfix bugfix
""".split())
# Nouns any change could use: no group of their own, but a phrase may hold them ("error message").
_GENERIC_NOUNS = frozenset("""
code file files function functions method methods class classes type types test tests
testing issue issues bug bugs error errors case cases thing things stuff version versions
default defaults option options config configs value values name names way ways work
example examples sample skill language technical technology tool
""".split())
COMMON_WORDS = _FUNCTION_WORDS | _GENERIC_VERBS | _FILLER | _GENERIC_NOUNS
# A phrase neither opens nor ends on these: "fix timeouts in" says no more than "timeouts";
# "work with …" is a verb there more often than not.
_NO_EDGE = _FUNCTION_WORDS | _GENERIC_VERBS | _FILLER | {"work", "way", "ways", "thing", "things", "stuff"}


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


class _Token(NamedTuple):
    spelling: str
    key: str
    initial: bool  # the title's first word, whose capital says nothing
    joint: str  # what joins it to the word before: " ", " + ", "/"


class _Title(NamedTuple):
    """What naming reads of one title."""

    words: dict[str, str]  # significant words by key (lower case, singular), with their first spelling
    labels: dict[str, list[tuple[int, str]]]  # the project's labels by key, with their spelling's trust
    clauses: list[list[_Token]]  # its words, in runs no punctuation breaks
    title_case: bool  # "Set Up TorchRec Docs": its capitals say nothing either


# A spelling's trust: as a label writes it, inside a sentence, at a title's start.
_AS_LABEL, _INSIDE, _AT_START = 0, 1, 2


def month_themes(items: Sequence[ThemeItem], repositories: Iterable[str] = ()) -> list[Theme]:
    """The month's themes, most items first; items that share nothing with another are in none."""
    own_names = {_stem(part.lower()) for name in repositories for part in re.split(r"[/_.-]", name) if part}
    titles = {item.id: _read_title(item.title) for item in items}
    body_words = {item.id: _body_words(item.body) for item in items}
    return _themes(items, titles, body_words, own_names, split=True)


def _themes(items: Sequence[ThemeItem], titles: dict[str, _Title], body_words: dict[str, set[str]], own_names: set[str], split: bool) -> list[Theme]:
    if len(items) < 2:
        return []
    by_id = {item.id: item for item in items}
    title_words = {item.id: titles[item.id].words for item in items}
    candidates = _series(items) + _word_groups(title_words, {item.id: body_words[item.id] for item in items}, own_names)
    if split:
        candidates += _folders(items, own_names)
    else:  # a theme's parts are named by words; what all its items share is what made it
        candidates = [candidate for candidate in candidates if len(candidate.items) < len(items)]
    themes: list[Theme] = []
    free = set(by_id)
    while len(themes) < MAX_THEMES and candidates:
        best = max(candidates, key=lambda candidate: (len(candidate.items & free), _TRUST[candidate.kind], candidate.key.count("/"), candidate.key))
        held = best.items & free
        if len(held) < 2:
            break
        candidates.remove(best)
        members = sorted(held, key=lambda item_id: (-by_id[item_id].weight, item_id))
        theme = _theme(best, members, titles, own_names)
        if theme is None:
            continue  # a group no words name tells a reader nothing: its items stay free for another
        if split and len(members) >= SPLIT_AT and len(members) > SPLIT_SHARE * len(items):
            # The words that named it say nothing within it: its parts are named by the rest.
            inside = own_names | {_stem(word.lower()) for word in theme.name.split()} | {best.key}
            theme.parts = _themes([by_id[item_id] for item_id in members], titles, body_words, inside, split=False)
        themes.append(theme)
        free -= held
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
        described = {item_id for item_id, words in body_words.items() if key in words} - members
        # Descriptions join a group only while most of its titles still say what it is about.
        joined = members | described if len(members) >= NAMING_SHARE * (len(members) + len(described)) else members
        candidates.append(_Candidate("words", key, frozenset(joined)))
    return candidates


def _folders(items: Sequence[ThemeItem], own_names: set[str]) -> list[_Candidate]:
    holders: dict[str, set[str]] = defaultdict(set)
    for item in items:
        for folder in _folders_of(item.paths, own_names):
            holders[folder].add(item.id)
    return [_Candidate("folder", folder, frozenset(members)) for folder, members in holders.items() if len(members) > 1]


def _folders_of(paths: Sequence[str], own_names: set[str]) -> set[str]:
    """The folders below the top level where the item's work lies: each holds at least half
    of the files it was made in (tests, documentation and snapshots aside, unless it has
    nothing else); the repository's own package folder is the top level ("helion/_compiler"
    is a top folder)."""
    kept = [path for path in paths if not SNAPSHOT.search(path)] or list(paths)
    made = [path for path in kept if not is_test_path(path) and not is_docs_path(path)] or kept
    holding: Counter[str] = Counter()
    for path in made:
        parts = path.split("/")[:-1]
        lowest = 3 if parts and _stem(parts[0].lower()) in own_names else 2
        holding.update("/".join(parts[:depth]) for depth in range(lowest, len(parts) + 1))
    return {folder for folder, files in holding.items() if 2 * files >= len(made)}


def _theme(candidate: _Candidate, members: list[str], titles: dict[str, _Title], own_names: set[str]) -> Theme | None:
    if candidate.kind == "folder":
        return Theme(name=candidate.key, kind="folder", items=members, reason=f"their files are under {candidate.key}/")
    if candidate.kind == "series":
        return Theme(name=candidate.key, kind="series", items=members, reason=f"one series of PRs, “{candidate.key}” part by part")
    read = [titles[item_id] for item_id in members]
    needed = max(2, math.ceil(NAMING_SHARE * len(members)))
    in_titles = sum(candidate.key in title.words for title in read)
    if in_titles < needed:
        return None
    name = _label_name(candidate.key, read) or _phrase_name(candidate.key, read, needed, own_names) or _word_name(candidate.key, read)
    if name is None:
        return None
    shared = _shared_keys([title.words for title in read], own_names, needed)
    reason = f"titles share {', '.join(f'“{key}”' for key in shared)}"
    if in_titles < len(members):
        reason += f"; {len(members) - in_titles} more by their descriptions"
    return Theme(name=name, kind="words", items=members, reason=reason)


def _shared_keys(title_words: list[dict[str, str]], own_names: set[str], needed: int) -> list[str]:
    counts = Counter(key for words in title_words for key in words if key not in own_names)
    return [key for key, holders in counts.most_common() if holders >= needed]


def _label_name(key: str, titles: list[_Title]) -> str | None:
    """The label the project gives the group, when one of its titles gives it: as a `[Tag]`
    or a scope writes it, else as the titles write the word."""
    labels = [label for title in titles for label in title.labels.get(key, [])]
    if not labels:
        return None
    written = [(_AT_START if token.initial else _INSIDE, token.spelling) for title in titles for clause in title.clauses for token in clause if token.key == key]
    return _best_spelling(labels + written)


def _phrase_name(key: str, titles: list[_Title], needed: int, own_names: set[str]) -> str | None:
    """The phrase of two words or more around `key` that the most titles write, at least
    `needed` of them (the longest of those), opening and ending on a word that says
    something: "timeouts in autotuning", not "fix timeouts in"; and saying more than `key`
    ("Helion kernel" says no more than "kernel" in helion). A title's first word is most
    often an imperative ("Pin AMD …", "Seed …"): a phrase opens there only on a name."""
    holders: dict[tuple[str, ...], set[int]] = defaultdict(set)
    spellings: dict[tuple[str, ...], list[tuple[int, str]]] = defaultdict(list)
    for index, title in enumerate(titles):
        for clause in title.clauses:
            for start, end in _phrases_around(clause, key):
                words = tuple(token.key for token in clause[start:end])
                if all(word == key or word in _FUNCTION_WORDS or word in own_names for word in words):
                    continue
                holders[words].add(index)
                text = clause[start].spelling + "".join(token.joint + token.spelling for token in clause[start + 1 : end])
                spellings[words].append((_AT_START if clause[start].initial else _INSIDE, text))
    held = [words for words, titles_holding in holders.items() if len(titles_holding) >= needed]
    if not held:
        return None
    best = max(held, key=lambda words: (len(holders[words]), len(words), " ".join(words)))
    return _best_spelling(spellings[best])


def _phrases_around(clause: list[_Token], key: str) -> Iterable[tuple[int, int]]:
    for position, token in enumerate(clause):
        if token.key != key:
            continue
        for start in range(max(0, position - PHRASE_WORDS + 1), position + 1):
            if clause[start].initial and not _NAME_LIKE.search(clause[start].spelling):
                continue
            for end in range(max(position + 1, start + 2), min(len(clause), start + PHRASE_WORDS) + 1):
                if _can_edge(clause[start].key) and _can_edge(clause[end - 1].key):
                    yield start, end


def _can_edge(key: str) -> bool:
    return key not in _NO_EDGE and not _adverb(key)


def _word_name(key: str, titles: list[_Title]) -> str | None:
    """The word alone, when more than half of the titles that hold it write it as a name."""
    as_names: list[tuple[int, str]] = []
    holding = named_in = 0
    for title in titles:
        tokens = [token for clause in title.clauses for token in clause if token.key == key]
        names = [(_AT_START if token.initial else _INSIDE, token.spelling) for token in tokens if _reads_as_name(token, title)]
        holding, named_in, as_names = holding + bool(tokens), named_in + bool(names), as_names + names
    return _best_spelling(as_names) if 2 * named_in > holding else None


def _reads_as_name(token: _Token, title: _Title) -> bool:
    if _NAME_LIKE.search(token.spelling):
        return True
    return token.spelling[:1].isupper() and not token.initial and not title.title_case


def _best_spelling(spellings: list[tuple[int, str]]) -> str | None:
    """The spelling the most trusted writings use most (ties: the first in sort order)."""
    if not spellings:
        return None
    trust = min(trust for trust, _ in spellings)
    counts = Counter(spelling for level, spelling in spellings if level == trust)
    return min(counts, key=lambda spelling: (-counts[spelling], spelling))


def _read_title(title: str) -> _Title:
    text = PR_SUFFIX.sub("", title)
    words: dict[str, str] = {}
    labels: dict[str, list[tuple[int, str]]] = defaultdict(list)
    tags = BRACKET_TAGS.match(text)
    if tags:
        for tag in (tag.strip() for tag in re.findall(r"\[([^\]]{1,40})\]", tags.group(1))):
            if any(_significant(_stem(word.lower())) for word in _WORD.findall(tag)):  # not "[WIP]" nor "[Example]"
                words.setdefault(_stem(tag.lower()), tag)
                labels[_stem(tag.lower())].append((_AS_LABEL, tag))
        text = text[tags.end() :]
    conventional = CONVENTIONAL.match(text)
    if conventional:
        # "feat(mps): …" is about mps, "Autotuner: …" about the autotuner; "fix: …" names a kind of change.
        scope = conventional.group("scope")
        label, trust = (scope.strip(), _AS_LABEL) if scope else (conventional.group("type"), _AT_START)
        if _significant(key := _stem(label.lower())):
            words.setdefault(key, label)
            labels[key].append((trust, label))
        text = text[conventional.end() :]
    clauses: list[list[_Token]] = []
    for part in _CLAUSE_BREAK.split(text.replace("`", "")):
        clause: list[_Token] = []
        end = 0
        for match in _TOKEN.finditer(part):
            gap = part[end : match.start()]
            spelling, key = match.group(), _stem(match.group().lower().strip(".-"))
            clause.append(_Token(spelling, key, not clauses and not clause, gap if gap == " " else re.sub(r"\s+", " ", gap)))
            if _significant(key):
                words.setdefault(key, spelling.strip(".-"))
            end = match.end()
        if clause:
            clauses.append(clause)
    later = [token.spelling for clause in clauses for token in clause if not token.initial and token.spelling.isalpha() and token.key not in _FUNCTION_WORDS]
    title_case = len(later) >= 2 and 2 * sum(word[0].isupper() for word in later) > len(later)
    return _Title(words=words, labels=dict(labels), clauses=clauses, title_case=title_case)


def _body_words(body: str) -> set[str]:
    text = _BODY_NOISE.sub(" ", body[:600])
    return {key for word in _WORD.findall(text) if _significant(key := _stem(word.lower().strip(".-")))}


# A month's titles say the same few hundred words again and again.
@lru_cache(maxsize=8192)
def _significant(key: str) -> bool:
    if len(key) < 3 or key in COMMON_WORDS or re.fullmatch(r"v?\d[\d.]*", key):
        return False
    return not _adverb(key)


def _adverb(key: str) -> bool:
    """"temporarily", "properly": they say how, not what."""
    return len(key) > 5 and key.endswith("ly") and key not in _NOT_ADVERBS


_NOT_ADVERBS = frozenset({"assembly", "family", "supply", "anomaly", "monopoly"})


@lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    """Plurals and their singulars share a key: "kernels" and "kernel", "dependencies" and "dependency"."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word
