"""Phrases: the neighbouring content words of a text, and who in the data uses which.

A pair of neighbouring content words ("bilinear resampling", "weight offload") says what a
sentence is about more surely than a single word does: stop words are left out, each word
is stemmed, and a pair never runs across punctuation or a conjunction.
"""


from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple

from summarizer.models.activity import Commit
from summarizer.models.history import History
from summarizer.validation.evidence import SEPARATORS, WHOLE_WORD_BELOW, normalize, short_word
from summarizer.validation.vocabulary import GENERIC_STEMS, stem

ACTION_STEMS = frozenset(stem(word) for word in """
add added adds adding fix fixed fixes support supported supports improve improved update updated implement implemented
remove removed enable enabled make made use used introduce introduced refactor refactored allow allowed bump bumped
upgrade upgraded clean cleaned handle handled run ran set skip skipped create created move moved rename renamed
prepare prepared build built write wrote land landed ship shipped deliver delivered extend extended wire wired
touch touched change changed switch switched migrate migrated replace replaced convert converted
""".split())
# What went wrong, beside one of their words ("the autotuner to fail"): how any work is told.
_OUTCOME_STEMS = frozenset(stem(word) for word in "fail failed fails failing crash crashed crashes break broke".split())
_EVERYDAY_SHARE = 0.1
_EVERYDAY_LEAST = 5
RARE_SHARE = 0.01
RARE_LEAST = 3
STOP_WORDS = frozenset("""
a an the of for to in on at by with and or but nor from into onto over under as is was were be been being this that these
those it its their his her hers our we they he she them him us also then than so such via per each all any some both
one two three four five six seven eight nine ten between
""".split())
# Words that only join others: no phrase of anyone's work rests on them.
FUNCTION_WORDS = frozenset("""
when where while whether which who whom whose why how what whenever wherever then than once since until unless after before
during without within also not now only just very still yet even ever here there thus hence instead rather already again
""".split())
# Phrases do not run across punctuation or a conjunction.
_RUN = re.compile(r"[^,;:()\[\]{}\"“”'’.!?]+")
# A single letter joined to a word is part of it: "split-k" and "SPLIT_K" are the word "splitk".
_TOKEN = re.compile(r"(?:[A-Za-z][A-Za-z0-9]*|(?<!\d)\d+[A-Za-z][A-Za-z0-9]*)(?:[-_][A-Za-z0-9](?![A-Za-z0-9]))?")
# A word, or (an empty group) a mark no phrase runs across.
_PIECE = re.compile(r"((?:[a-z][a-z0-9]*|(?<!\d)\d+[a-z][a-z0-9]*)(?:[-_][a-z0-9](?![a-z0-9]))?)|[,;:()\[\]{}\"“”'’.!?]")
_PATH_MARKS = str.maketrans("/_-", "   ")
_JOINED = re.compile(r"[-_]")
_CONJUNCTIONS = frozenset({"and", "or", "but", "nor"})

Pair = tuple[str, str]


# Words no phrase is made of: stop words, and single letters.
_SKIPPED = STOP_WORDS | frozenset("abcdefghijklmnopqrstuvwxyz")


class Token(NamedTuple):
    stem: str
    start: int
    end: int


def tokens(text: str) -> Iterator[list[Token]]:
    """The runs of content words of a text, stemmed, with where each word stands."""
    for run in _RUN.finditer(text):
        current: list[Token] = []
        for match in _TOKEN.finditer(run.group(0)):
            word = _JOINED.sub("", match.group(0).lower())
            if word in _CONJUNCTIONS:
                yield current
                current = []
            elif word not in STOP_WORDS and len(word) > 1:
                current.append(Token(stem(word), run.start() + match.start(), run.start() + match.end()))
        yield current


def pairs(text: str, words: set[str] | None = None) -> set[Pair]:
    """The pairs of neighbouring content words of a text (`tokens` in one pass, for indexing many
    texts), adding each content word to `words` when given."""
    found: set[Pair] = set()
    previous = None
    for word in _PIECE.findall(text.lower()):
        if not word or word in _CONJUNCTIONS:
            previous = None
        elif word not in _SKIPPED:
            current = stem(word if word.isalnum() else _JOINED.sub("", word))
            if words is not None:
                words.add(current)
            if previous is not None:
                found.add((previous, current))
            previous = current
    return found


def title_words(text: str) -> tuple[str, ...]:
    """A title's words, stemmed, lower case, its tags ("[Autotuner]"), PR number and stop words left out."""
    text = _TITLE_NOISE.sub(" ", text)
    return tuple(stem(word.lower()) for word in TITLE_WORD.findall(text) if word.lower() not in STOP_WORDS)


def follows(words: tuple[str, ...], text: tuple[str, ...]) -> tuple[int, int] | None:
    """Where `text` says `words` in their order, each at most one word after the one before: the
    positions of the first and the last; None where it does not."""
    for first in (index for index, word in enumerate(text) if _same(word, words[0])):
        at = first
        for word in words[1:]:
            nxt = next((index for index in range(at + 1, min(at + 3, len(text))) if _same(text[index], word)), None)
            if nxt is None:
                break
            at = nxt
        else:
            return first, at
    return None


def saying(texts: Sequence[tuple[str, ...]]) -> Callable[[str], set[int]]:
    """Which of `texts` say a word as `follows` reads it (`_same`): an index, so that a title is
    followed only through the texts that say its first word."""
    index: dict[str, set[int]] = defaultdict(set)
    for number, text in enumerate(texts):
        for said in text:
            index[said.removesuffix("e")].add(number)
            if "_" in said:
                for part in said.split("_"):
                    index["_" + part].add(number)

    def of(word: str) -> set[int]:
        found = index.get(word.removesuffix("e"), set())
        return found | index.get("_" + word, set()) if "_" not in word and len(word) >= 3 else found

    return of


def _same(said: str, word: str) -> bool:
    """Two stems of one word: "moved" stems to mov, "move" keeps its e; or a word of a name said
    whole: "rtol" of `autotune_baseline_rtol`."""
    if said == word or (said[-1:] == "e") != (word[-1:] == "e") and said.removesuffix("e") == word.removesuffix("e"):
        return True
    return "_" in said and "_" not in word and len(word) >= 3 and word in said.split("_")


_TITLE_NOISE = re.compile(r"\[[^\]]*\]|\(#\d+\)")
TITLE_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[._][A-Za-z0-9]+)*")


def _text(commit: Commit) -> str:
    """A commit's subject, body and file paths (each path's parts as words), no phrase across two of them."""
    paths = " . ".join(change.path for change in commit.files).translate(_PATH_MARKS)
    return f"{commit.subject} .\n{commit.body} .\n{paths}"


# A team's profiles share their commits: each is read into pairs once per process. By what it says,
# not by its SHA alone: two histories may give one SHA other texts (an activity file edited, a
# test's commits). The key holds the commit's own strings, no copy of them.
_PAIRS_OF: dict[tuple[str, str, str, tuple[str, ...]], set[Pair]] = {}


def _pairs_of(commit: Commit) -> set[Pair]:
    said = (commit.sha, commit.subject, commit.body, tuple(change.path for change in commit.files))
    found = _PAIRS_OF.get(said)
    if found is None:
        found = _PAIRS_OF[said] = pairs(_text(commit))
    return found


# A verb's particle ("picked up", "rolled out"): the pair is an everyday verb, nobody's phrase.
_PARTICLES = frozenset({"up", "out", "down", "off", "back", "away"})
# Phrases every codebase uses for a kind of thing, not for a piece of anyone's work: rare in two
# months of one repository, they are still nobody's ("an environment variable to override it").
FIELD_PHRASES = frozenset(
    (stem(first), stem(second))
    for first, second in (
        ("environment", "variable"), ("environment", "variables"), ("env", "var"), ("env", "vars"), ("env", "variable"),
        ("command", "line"), ("unit", "test"), ("unit", "tests"), ("error", "message"), ("error", "messages"),
        ("type", "hints"), ("type", "hint"), ("code", "path"), ("code", "paths"), ("edge", "case"), ("edge", "cases"),
        ("corner", "case"), ("corner", "cases"), ("test", "suite"), ("test", "cases"), ("dead", "code"), ("default", "value"),
        ("return", "value"), ("config", "file"), ("pull", "request"), ("merge", "request"), ("stack", "trace"),
        ("regression", "test"), ("regression", "tests"), ("integration", "test"), ("integration", "tests"),
        ("lint", "failure"), ("lint", "failures"), ("lint", "error"), ("lint", "errors"), ("generated", "code"),
        ("memory", "usage"), ("test", "coverage"), ("data", "dependent"), ("memory", "access"), ("memory", "accesses"),
        ("hard", "coded"), ("dynamic", "slice"), ("dynamic", "slices"), ("benchmark", "runner"),
        ("ci", "benchmark"), ("ci", "benchmarks"), ("autotuner", "heuristic"), ("autotuner", "heuristics"),
        ("user", "facing"), ("user", "visible"), ("compiled", "kernel"), ("compiled", "kernels"),
    )
)
# Nouns of how any project works, beside one of the developer's words their subject in everyday
# words ("the pyrefly lint"), like the generic nouns.
_PROCESS_NOUNS = frozenset(stem(word) for word in "lint linter linting".split())


class Colleagues:
    """The pairs of the developer's work and of the others' commits of each month, indexed once."""

    def __init__(self, history: History) -> None:
        mine = [commit for month in history.months for commit in month.commits]
        mine_pairs = [pairs(_text(commit)) for commit in mine]
        # Their own names, which others' commits carry ("Reviewed By: …"), are not anyone's work.
        more = [item.title for month in history.months for item in month.items] + history.developer.ids
        # The words they wrote (not the names of every file they touched: a big commit touches them all).
        self.my_words: set[str] = set()
        for text in [*(f"{commit.subject} .\n{commit.body}" for commit in mine), *more]:
            pairs(text, self.my_words)
        self.mine: set[Pair] = set().union(*mine_pairs, *(pairs(text) for text in more))
        # The folders they changed files in ("tritonbench/operators"): "the benchmark operators" is
        # where their own work went, in their words.
        self.my_folders = {stem(part) for commit in mine for change in commit.files for part in change.path.lower().split("/")[:-1] if part.isalpha()}
        active: dict[str, set[str]] = defaultdict(set)
        for commit in mine:
            active[commit.month].add(commit.repo)
        # month -> pair -> the commits by others that use it, in the developer's repositories that month
        self.theirs: dict[str, dict[Pair, list[Commit]]] = defaultdict(lambda: defaultdict(list))
        self.used: Counter[Pair] = Counter()  # commits, theirs and others', that use a pair
        words_used: Counter[str] = Counter()  # commits, theirs and others', that use a word in a pair
        for used in mine_pairs:
            self.used.update(used)
            words_used.update({word for pair in used for word in pair})
        for commit in history.others:
            used = _pairs_of(commit)
            self.used.update(used)
            words_used.update({word for pair in used for word in pair})
            if commit.repo in active.get(commit.month, ()):
                month = self.theirs[commit.month]
                for pair in used:
                    month[pair].append(commit)
        self.rare = max(RARE_LEAST, math.ceil(RARE_SHARE * (len(mine) + len(history.others))))
        # The repositories' everyday words: "kernel" in a kernel library, used by a tenth of the commits or more.
        everyday = max(_EVERYDAY_LEAST, math.ceil(_EVERYDAY_SHARE * (len(mine) + len(history.others))))
        self.everyday = {word for word, commits in words_used.items() if commits >= everyday}
        self._my_titles = [title_words(item.title) for month in history.months for item in month.items]
        self._saying_mine = saying(self._my_titles)
        self._titles: dict[str, list[tuple[tuple[str, ...], Commit]]] | None = None
        # month -> the others' texts, normalized and with their spaces, when asked
        # (and normalized without dots, for a dotted term: "py.typed" where their title says "Py-typed")
        self._texts: dict[str, list[tuple[str, str, str, Commit]]] = {}

    def is_common(self, word: str) -> bool:
        """A generic word, or one of the developer's own."""
        return word in GENERIC_STEMS or word in self.my_words

    def mentioning(self, term: str, months: Iterable[str]) -> list[Commit]:
        """The other authors' commits of `months`, beside the developer's, whose text names `term`."""
        needle = normalize(term)
        if not needle:
            return []
        # A short term is a word of theirs, not letters inside one ("3-D" is not the "3d" of a hash).
        short = short_word(needle) if len(needle) < WHOLE_WORD_BELOW else None
        # "py.typed" where their title says "Py-typed": a name's dot is a separator, as the evidence reads it.
        undotted = needle.replace(".", "") if "." in needle else ""
        found = []
        for month in months:
            if month not in self._texts:
                # In the order they landed: the pairs' order is a set's, which differs from run to run.
                beside = sorted({id(c): c for commits in self.theirs.get(month, {}).values() for c in commits}.values(), key=lambda commit: (commit.authored_at, commit.sha))
                self._texts[month] = [
                    (normalized, normalized.replace(".", ""), SEPARATORS.sub(" ", text.lower()), commit)
                    for commit in beside for text in [_text(commit)] for normalized in [normalize(text)]
                ]  # fmt: skip
            found += [
                commit for text, plain, spaced, commit in self._texts[month]
                if (short.search(spaced) if short else needle in text or (undotted and undotted in plain))
            ]  # fmt: skip
        return found

    def titled_by_others(self, month: str) -> list[tuple[tuple[str, ...], Commit]]:
        """The others' commits of a month in the developer's repositories, each with its title's words
        (`title_words`), where the title tells work of its own (three words or more, one of them
        specific, two of them a rare pair) that no title of the developer's tells."""
        if self._titles is None:
            self._titles = {}
            for each, by_pair in self.theirs.items():
                # In the order they landed: the pairs' order is a set's, which differs from run to run.
                commits = sorted({commit.sha: commit for used in by_pair.values() for commit in used}.values(), key=lambda commit: (commit.authored_at, commit.sha))
                titled = [(title_words(commit.subject), commit) for commit in commits]
                self._titles[each] = [
                    (words, commit) for words, commit in titled
                    if len(words) >= 3 and not all(self.is_generic(word) for word in words)
                    # A title many commits share ("Performance improvements in stage 3") is nobody's.
                    and any(self.used[pair] <= self.rare for pair in pairs(commit.subject))
                    and not any(follows(words, self._my_titles[mine]) for mine in self._saying_mine(words[0]))
                ]  # fmt: skip
        return self._titles.get(month, [])

    @staticmethod
    def is_generic(word: str) -> bool:
        """A generic word, or a verb every commit uses ("add", "fix", "support")."""
        return word in GENERIC_STEMS or word in ACTION_STEMS

    def landed_by_others(self, pair: Pair, months: Iterable[str]) -> list[Commit]:
        """The other authors' commits of `months` that use a specific pair none of the developer's does."""
        # A pair of the developer's own words (and verbs) only recombines their work; a pair of
        # generic words and verbs says nothing. One of theirs beside a generic word ("gemm
        # analyzer") may well be someone else's tool.
        if pair in self.mine or self.used[pair] > self.rare or pair in FIELD_PHRASES or any(word in _PARTICLES for word in pair):
            return []
        if all(word in self.my_words or word in ACTION_STEMS or word in _OUTCOME_STEMS for word in pair) or all(self.is_generic(word) or word in self.everyday for word in pair):
            return []
        if any(word in self.my_words for word in pair) and all(word in self.my_words or word in self.my_folders for word in pair):
            return []
        # One of their own words beside a generic noun ("autotuner work", "Pallas side"): their
        # subject in everyday words. Beside a verb it may name another's tool ("gemm analyzer").
        if any(word in self.my_words for word in pair) and any((word in GENERIC_STEMS or word in _PROCESS_NOUNS) and word not in ACTION_STEMS for word in pair):
            return []
        return [commit for month in months for commit in self.theirs.get(month, {}).get(pair, [])]
