"""The developer's work items, each with the words it is told by (title, messages, paths and the
words of the code its commits changed), for matching claims to them.

Words are compared as their `keys`: lower case, stemmed, identifiers split at `_`, `.`, `-`
and camelCase and kept joined too (`layer_norm`, "layer norm" and `LayerNorm` meet), the
initials of a compound identifier (`FullyShardedDataParallel` is `fsdp`), and the
abbreviations developers use (`cfg`, `fwd`, `bf16` …) read as the words they stand for.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from summarizer.models.activity import Commit
from summarizer.models.history import History, WorkItem
from summarizer.paths import is_docs_path
from summarizer.validation.evidence import figures_in
from summarizer.validation.phrases import STOP_WORDS
from summarizer.validation.vocabulary import stem

# The abbreviations developers write, each read as the word it stands for (both sides are read so);
# a command line's options, flags and arguments are one thing.
ABBREVIATIONS = {
    "cfg": "config", "conf": "config", "configuration": "config", "configs": "config",
    "fwd": "forward", "bwd": "backward", "impl": "implementation", "perf": "performance",
    "bf16": "bfloat16", "fp16": "float16", "half": "float16", "fp32": "float32", "fp8": "float8", "fp64": "float64",
    "doc": "documentation", "docs": "documentation", "guide": "documentation", "guides": "documentation", "docstring": "documentation", "docstrings": "documentation",
    "args": "option", "arg": "option", "argument": "option", "arguments": "option", "params": "parameter", "param": "parameter", "dtype": "dtype",
    "init": "initialize", "initialization": "initialize", "util": "utility", "utils": "utility",
    "dir": "directory", "dirs": "directory", "repo": "repository", "env": "environment", "msg": "message",
    "err": "error", "ci": "ci", "cli": "cli", "flag": "option", "flags": "option", "options": "option",
    "tests": "test", "testing": "test", "unittest": "test", "unittests": "test",
    "async": "asynchronous", "sync": "synchronous", "alloc": "allocate", "allocation": "allocate", "allocator": "allocate",
    "ref": "reference", "refs": "reference", "eval": "evaluation", "exec": "execute", "spec": "specification",
    "seq": "sequence", "varlen": "variablelength", "len": "length", "lens": "length", "num": "number", "max": "maximum", "min": "minimum",
    "backwardpass": "backward", "forwardpass": "forward", "bwdpass": "backward", "fwdpass": "forward",
    "commandline": "cli", "kv": "kv", "kvcache": "kvcache",
    "flakiness": "flaky", "flakey": "flaky",
    "bench": "benchmark", "seg": "segment", "div": "divergence", "rng": "random", "rand": "random", "segfault": "crash", "segfaults": "crash", "crashes": "crash", "crashing": "crash",
    # Irregular verbs: a paraphrase tells in the past what a title tells in the present.
    "sped": "speed", "rewrote": "rewrite", "rewritten": "rewrite", "rebuilt": "rebuild", "broke": "break", "broken": "break",
    "split": "split", "led": "lead", "fed": "feed", "grew": "grow", "grown": "grow", "threw": "throw", "thrown": "throw",
    "drew": "draw", "drawn": "draw", "chose": "choose", "chosen": "choose", "froze": "freeze", "frozen": "freeze",
    "hid": "hide", "hidden": "hide", "bound": "bind", "wound": "wind", "taught": "teach", "caught": "catch",
    "sought": "seek", "fought": "fight", "shook": "shake", "stole": "steal", "woke": "wake", "spun": "spin",
}  # fmt: skip
# Words of code that stand for several of prose: an xfail is an expected failure; a warp spec, or
# warpspec, is warp specialization as often as a specification; codegen is code generation, autodiff
# automatic differentiation.
_SPELLED = {
    **dict.fromkeys(("xfail", "xfails", "xfailed"), ("expected", "failure", "expectedfailure")),
    "spec": ("specialization", "specification"), "warpspec": ("warp", "specialization", "warpspecialization"),
    "codegen": ("code", "generation", "codegeneration"), "autodiff": ("automatic", "differentiation", "automaticdifferentiation"),
    # Keybindings, a keymap and hotkeys are the keyboard's: "the keyboard shortcuts" where they wrote "changing keybindings".
    **dict.fromkeys(("keybinding", "keybindings", "keymap", "keymaps", "hotkey", "hotkeys"), ("key", "binding", "keyboard")),
}  # fmt: skip
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "a dozen": 12, "a single": 1, "a couple of": 2,
}  # fmt: skip
# A number written as a word before what it counts ("three config-validity fixes").
_WORD_QUANTITY = re.compile(r"\b(" + "|".join(word for word in NUMBER_WORDS if " " not in word) + r")\s+(?=[a-z])", re.IGNORECASE)
# A number given as a quantity: not a ref (#237, pull/237), a hash, a path or a version; a size
# before its unit counts (">32-thread").
QUANTITY_NUMBER = re.compile(r"(?<![\w#/.:,-])(\d{1,3}(?:,\d{3})+|\d+)(?![\w.:/]|-(?![a-z]{3})|\.\d|,\d)")
WORD = re.compile(r"_*[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)*")
_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


@cache
def parts(word: str) -> tuple[str, ...]:
    """The words an identifier is made of, lower case: `out_dtype` is out, dtype; `LayerNorm` layer, norm."""
    return tuple(part.lower() for chunk in re.split(r"[._/-]+", word) for part in _CAMEL.findall(chunk)) or (word.lower(),)


@cache
def keys(word: str) -> frozenset[str]:
    """What a word (or identifier) is compared as: its stemmed parts, their joining, its initials."""
    pieces = parts(word)
    spelled = {_key(word) for piece in pieces for word in _SPELLED.get(piece, ())}
    return frozenset(key for key in {_key(piece) for piece in pieces if len(piece) > 1} | whole_keys(word) | spelled if key)


@cache
def name_keys(name: str) -> frozenset[str]:
    """The keys of a name and of the abbreviation it ends on: "tritonbench" is of benchmarks."""
    lowered = name.lower()
    tails = {_key(lowered[cut:]) for cut in range(1, len(lowered) - 3) if lowered[cut:] in ABBREVIATIONS}
    return keys(name) | tails


@cache
def whole_keys(word: str) -> frozenset[str]:
    """A word compared whole: its parts joined (`bf16` is bfloat16, `LayerNorm` layernorm) and, for a
    compound of three words or more, its initials (`FullyShardedDataParallel` is fsdp)."""
    pieces = parts(word)
    found = {_key("".join(pieces))}
    if len(pieces) >= 3 and all(piece.isalpha() for piece in pieces):
        found.add("".join(piece[0] for piece in pieces))
    return frozenset(key for key in found if key)


@cache
def evidence_keys(word: str) -> frozenset[str]:
    """The keys of a word of the evidence, and of each name a dotted one is made of:
    `jnp.float8_e4m3fn` writes float8_e4m3fn. GitHub's workflows are its CI: "Clean up workflows"
    tells a claim of CI (not the other way: a claim of workflows names them)."""
    found = keys(word) | (_CI if word.lower() in _WORKFLOWS else frozenset())
    if "." not in word:
        return found
    return found.union(*(whole_keys(segment) for segment in word.split(".")[1:]))


_WORKFLOWS = frozenset({"workflow", "workflows"})
_CI = frozenset({"ci"})


@cache
def code_keys(word: str) -> frozenset[str]:
    """The keys of an identifier of the code, and of each part of it of letters and digits
    (`test_hl_dot_3d_out_dtype` names 3d): the names of the code are made of such parts.

    The same keys as `evidence_keys(word)` and the parts' `whole_keys`, put together from its
    parts' (`_chunk_keys`): a history's code holds tens of thousands of identifiers, made of far
    fewer parts."""
    pieces: list[str] = []
    found: set[str] = set()
    for chunk in _CHUNK.split(word):
        chunk_pieces, chunk_keys = _chunk_keys(chunk)
        pieces += chunk_pieces
        found |= chunk_keys
    if not pieces:
        return evidence_keys(word)
    found.add(_key("".join(pieces)))
    if len(pieces) >= 3 and all(piece.isalpha() for piece in pieces):
        found.add("".join(piece[0] for piece in pieces))
    if word.lower() in _WORKFLOWS:
        found |= _CI
    found.update(*(whole_keys(segment) for segment in word.split(".")[1:]))
    found.discard("")
    return frozenset(found)


@cache
def _chunk_keys(chunk: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """A part of an identifier between separators: its words, and the keys of its words (as
    `keys` gives them) and of itself whole if it is not only letters (`3d`)."""
    pieces = tuple(part.lower() for part in _CAMEL.findall(chunk))
    found = {_key(piece) for piece in pieces if len(piece) > 1} | {_key(word) for piece in pieces for word in _SPELLED.get(piece, ())}
    return pieces, frozenset(found | (whole_keys(chunk) if not chunk.isalpha() else set()))


_CHUNK = re.compile(r"[._/-]+")


# A version ("PyTorch 2.9", "ROCm 7.0", "py3.12"): a word of what the work was, compared as "v2.9".
VERSION = re.compile(r"(?<![\d.#/])v?(\d{1,3}\.\d{1,3}(?:\.\d{1,3})?)(?![\d.]*\d)")


# A major version alone: "v2", "version2", "version 2" are one word, "v2".
MAJOR_VERSION = re.compile(r"(?<![\w.])(?:v|version\s?)(\d{1,2})(?![\w.])", re.IGNORECASE)


def version_keys(text: str) -> frozenset[str]:
    return frozenset(f"v{version}" for pattern in (VERSION, MAJOR_VERSION) for version in pattern.findall(text))


# Two keys this long meet when one begins the other.
_PREFIX = 5


def _begins(key: str, words: frozenset[str], ordered: tuple[str, ...]) -> bool:
    """Whether a word begins with `key`, or `key` begins with a word, among words of _PREFIX letters or more."""
    at = bisect_left(ordered, key)
    if at < len(ordered) and ordered[at].startswith(key):
        return True
    return any(key[:length] in words for length in range(_PREFIX, len(key)))


def word_runs(text: str) -> frozenset[tuple[str, str, str]]:
    """Each run of three words of a text, stop words left out, as keys: a phrase the text writes. A
    hyphenated word is its parts ("fake-impl inference" runs as "fake impl inference")."""
    words = [_key(part) for word in WORD.findall(text.lower()) for part in word.split("-") if part and part not in STOP_WORDS]
    return frozenset(zip(words, words[1:], words[2:]))


def ref_of(item: WorkItem) -> str:
    """How a text cites a work item: its pull request, or its first commit's short hash."""
    return f"#{item.pr}" if item.pr is not None else item.commits[0][:7]


def _lookup(index: dict[str, frozenset[str]], key: str) -> frozenset[str]:
    """The ids an index (`ItemWords._index`) gives a key: the same word, or one of _PREFIX letters or
    more that begins it or that it begins."""
    found = index.get(key, frozenset())
    if len(key) >= _PREFIX:
        found = found.union(*(index.get("=" + key[:length], ()) for length in range(_PREFIX, len(key))))
    return found


def joined_key(first: str, second: str) -> str:
    """Two neighbouring words compared as one ("layer norm" as `layernorm`)."""
    return _key("".join(parts(first) + parts(second)))


@cache
def _key(word: str) -> str:
    word = ABBREVIATIONS.get(word, word)
    # British spelling is American to the commits: "normalising" is normalizing.
    word = stem(_BRITISH.sub("iz", word) if "is" in word else word)
    # An abbreviation inflected ("syncing", "allocs") is the word it stands for.
    if word in ABBREVIATIONS:
        word = stem(ABBREVIATIONS[word])
    # "tiling" stems to "til", "tile" stays: the trailing e is no part of a word's identity.
    return word[:-1] if word.endswith("e") and len(word) > 4 else word


_BRITISH = re.compile(r"(?<=[a-z]{4})is(?=(?:e|ed|es|ing|ings|ation|ations|er|ers)$)")


@cache
def kind_keys(path: str) -> frozenset[str]:
    """What a changed file is, in the words a writer uses: a README is documentation, a .md file
    Markdown ("updated the Markdown docs" of pretuned_kernels/README.md)."""
    found = keys("documentation") if is_docs_path(path) else frozenset()
    suffix = path.rpartition(".")[2].lower() if "." in path.rpartition("/")[2] else ""
    return found | frozenset().union(*(keys(name) for name in _FORMATS.get(suffix, ())))


# File formats by suffix, as prose names them.
_FORMATS = {
    "md": ("Markdown",), "markdown": ("Markdown",), "rst": ("reStructuredText",), "yml": ("YAML",), "yaml": ("YAML",),
    "json": ("JSON",), "toml": ("TOML",), "ipynb": ("Jupyter", "notebook"), "csv": ("CSV",), "proto": ("protobuf",),
}  # fmt: skip


def _split_compounds(words: dict[str, frozenset[str]], titles: dict[str, frozenset[str]]) -> None:
    """Gives each item the words its titles' compounds are made of, where both are words of the
    developer's items: "pytorchbot" holds bot (and pytorch), which another title writes apart."""
    vocabulary = frozenset().union(*words.values())
    for id_, told in titles.items():
        parts = {
            part for key in told if len(key) >= _COMPOUND
            for cut in range(_COMPOUND_HEAD, len(key) - _COMPOUND_TAIL + 1) if key[:cut] in vocabulary and key[cut:] in vocabulary
            for part in (key[:cut], key[cut:])
        }  # fmt: skip
        if parts - words[id_]:
            words[id_] = words[id_] | parts


_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9]+(?:-[a-z0-9]+)*\b")
# A version bump: "Update mypy 1.5.0 to 1.5.1", "Add mypy 1.5.0", "Bump minimatch from 3.1.2 to 3.1.5".
BUMP = re.compile(r"\b(?:bump|update|upgrade|pin|add|require)\w*\s+(?:to\s+)?`?[a-z][\w.-]*`?\s+(?:from\s+|to\s+|>=\s*)?v?\d+\.\d+", re.IGNORECASE)
_DEPENDENCIES = keys("dependency") | keys("dependencies")
# A title's word of this many letters or more may be two words run together, the first of at least
# _COMPOUND_HEAD letters and the second of _COMPOUND_TAIL.
_COMPOUND, _COMPOUND_HEAD, _COMPOUND_TAIL = 7, 4, 3


@dataclass
class ItemWords:
    """The developer's work items with the keys of their words, indexed once per history."""

    items: list[WorkItem]
    words: dict[str, frozenset[str]]  # item id -> keys of its title, messages, paths and code
    titles: dict[str, frozenset[str]]  # item id -> keys of its title and its commits' subjects
    by_title_key: dict[str, list[WorkItem]]  # key -> the items whose title holds it
    by_month_title_key: dict[tuple[str, str], list[WorkItem]]  # (month, key) -> the same, of that month
    by_month: dict[str, frozenset[str]]  # month -> keys of all its items' words
    by_month_items: dict[str, list[WorkItem]]
    everywhere: frozenset[str]  # keys of every item's words
    figures: dict[str, set[tuple[float, str]]]  # item id -> the figures its commits state ("2x", "40%")
    stated: dict[str, frozenset[int]]  # item id -> the numbers its commits state as quantities ("23 known bugs")
    by_pr: dict[tuple[str | None, int], list[WorkItem]]
    by_sha: dict[str, WorkItem]
    by_short_sha: dict[str, list[WorkItem]]  # a hash's first seven characters -> the items of the commits it begins
    _sorted: dict[tuple[str, bool], tuple[str, ...]] = field(default_factory=dict, repr=False)
    _title_index: dict[str | None, dict[str, frozenset[str]]] = field(default_factory=dict, repr=False)
    _words_index: dict[str, tuple[dict[str, list[str]], list[str]]] = field(default_factory=dict, repr=False)
    commits: dict[str, Commit] = field(default_factory=dict, repr=False)  # sha -> the commit
    _runs: dict[str, frozenset[tuple[str, str, str]]] = field(default_factory=dict, repr=False)
    _by_id: dict[str, WorkItem] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, history: History) -> ItemWords:
        commits = {commit.sha: commit for month in history.months for commit in month.commits}
        items = [item for month in history.months for item in month.items]
        words: dict[str, frozenset[str]] = {}
        titles: dict[str, frozenset[str]] = {}
        figures: dict[str, set[tuple[float, str]]] = {}
        stated: dict[str, frozenset[int]] = {}
        by_pr: dict[tuple[str | None, int], list[WorkItem]] = {}
        by_sha: dict[str, WorkItem] = {}
        for item in items:
            texts = [item.title, *item.labels]
            # Each commit's subject titles a part of the work: an item grouped from several commits
            # ("… (#32)") is told by all their subjects, not only by its first.
            headlines = [item.title]
            paths: list[str] = []
            for sha in item.commits:
                by_sha[sha] = item
                commit = commits.get(sha)
                if commit is not None:
                    changed = [change.path for change in commit.files]
                    paths += changed
                    texts += [commit.subject, commit.body, *changed]
                    headlines.append(commit.subject)
            code = [word for sha in item.commits if (commit := commits.get(sha)) is not None for word in commit.code]
            whole = "\n".join(texts)
            # Each word once: a path's folders and a body's words come back in every line.
            words[item.id] = frozenset().union(*map(evidence_keys, set(WORD.findall(whole))), *map(code_keys, set(code)))
            words[item.id] |= version_keys(whole) | frozenset().union(*(kind_keys(path) for path in paths))
            # "`--isolate` is the last arg": an option of a command line.
            if _OPTION.search(whole):
                words[item.id] |= keys("command-line")
            # "Update mypy 1.5.0 to 1.5.1", "Bump pytest from 7.4 to 8.0": a dependency updated.
            said = "\n".join(headlines)
            if BUMP.search(said):
                words[item.id] |= _DEPENDENCIES
            titles[item.id] = frozenset().union(*(keys(word) for headline in headlines for word in WORD.findall(headline)))
            titles[item.id] |= version_keys(said)
            figures[item.id] = figures_in(whole)
            stated[item.id] = frozenset(int(number.replace(",", "")) for number in QUANTITY_NUMBER.findall(whole)) | {
                NUMBER_WORDS[word.lower()] for word in _WORD_QUANTITY.findall(whole)
            }
            if item.pr is not None:
                by_pr.setdefault((None, item.pr), []).append(item)
                by_pr.setdefault((item.repo.lower(), item.pr), []).append(item)
                if "/" in item.repo:
                    by_pr.setdefault((_short_name(item.repo), item.pr), []).append(item)
        _split_compounds(words, titles)
        by_title_key: dict[str, list[WorkItem]] = {}
        by_month_title_key: dict[tuple[str, str], list[WorkItem]] = {}
        for item in items:
            for key in titles[item.id]:
                by_title_key.setdefault(key, []).append(item)
                by_month_title_key.setdefault((item.month, key), []).append(item)
        by_short_sha: dict[str, list[WorkItem]] = {}
        for sha, item in by_sha.items():
            by_short_sha.setdefault(sha[:7], []).append(item)
        by_month: dict[str, frozenset[str]] = {}
        for month in history.months:
            by_month[month.month] = frozenset().union(*(words[item.id] for item in month.items))
        everywhere = frozenset().union(*by_month.values())
        return cls(
            items=items, words=words, titles=titles, by_title_key=by_title_key, by_month_title_key=by_month_title_key,
            by_month=by_month, by_month_items={month.month: month.items for month in history.months}, everywhere=everywhere,
            figures=figures, stated=stated, by_pr=by_pr, by_sha=by_sha, by_short_sha=by_short_sha,
            commits=commits,
        )  # fmt: skip

    def runs(self, item: WorkItem) -> frozenset[tuple[str, str, str]]:
        """The item's runs of three words (`word_runs`) in its messages and the code words of its commits."""
        found = self._runs.get(item.id)
        if found is None:
            commits = [self.commits[sha] for sha in item.commits if sha in self.commits]
            texts = [item.title, *(f"{commit.subject}\n{commit.body}" for commit in commits), *(" ".join(commit.code) for commit in commits)]
            found = self._runs[item.id] = frozenset().union(*(word_runs(text) for text in texts))
        return found

    def item(self, id_: str) -> WorkItem:
        """The item of an id."""
        if not self._by_id:
            self._by_id.update((item.id, item) for item in self.items)
        return self._by_id[id_]

    def of_month(self, month: str) -> list[WorkItem]:
        """The items of a month."""
        return self.by_month_items.get(month, [])

    def in_scope(self, month: str | None) -> list[WorkItem]:
        """The items of a month, of the whole period for None."""
        return self.items if month is None else self.of_month(month)

    def told(self, month: str | None) -> frozenset[str]:
        """The keys of the words of a month's items (of the whole period for None)."""
        return self.everywhere if month is None else self.by_month.get(month, frozenset())

    def shared(self, claim: Iterable[str], item: WorkItem, title: bool = False) -> int:
        """How many of a claim's keys an item's words (or its title alone) hold: the same key, or,
        both being five letters or more, one that begins the other (`listcomp`, "list comprehension")."""
        words = self.titles[item.id] if title else self.words[item.id]
        ordered = self._sorted.get((item.id, title))
        if ordered is None:
            ordered = self._sorted[(item.id, title)] = tuple(sorted(word for word in words if len(word) >= _PREFIX))
        return sum(1 for key in claim if key in words or (len(key) >= _PREFIX and _begins(key, words, ordered)))

    def holding(self, key: str, month: str) -> frozenset[str]:
        """The ids of the month's items whose words hold a key (as `shared` reads it): the same word,
        or, both of _PREFIX letters or more, one that begins the other. Read from the month's words,
        sorted, whose prefixes are not indexed: an item's words are many more than its title's."""
        index = self._words_index.get(month)
        if index is None:
            # Lists (each item's words are a set), made sets only for the keys asked: a month's code
            # holds tens of thousands of words, most of them of one item.
            exact: dict[str, list[str]] = {}
            for item in self.of_month(month):
                for word in self.words[item.id]:
                    exact.setdefault(word, []).append(item.id)
            index = self._words_index[month] = (exact, sorted(exact))
        exact_ids, ordered = index
        found = frozenset(exact_ids.get(key, ()))
        if len(key) < _PREFIX:
            return found
        begun = ordered[bisect_left(ordered, key) : bisect_left(ordered, key + "\uffff")]
        prefixes = (key[:length] for length in range(_PREFIX, len(key)))
        return found.union(*(exact_ids[word] for word in begun), *(exact_ids.get(prefix, ()) for prefix in prefixes))

    def title_scores(self, claim: Iterable[str], month: str | None) -> Counter[str]:
        """`shared(claim, item, title=True)` of every item of a month (of the period for None) at
        once, by item id, read from an index of the titles' words and their prefixes."""
        index = self._title_index.get(month)
        if index is None:
            index = self._title_index[month] = self._index_titles(month)
        scores: Counter[str] = Counter()
        for key in claim:
            scores.update(_lookup(index, key))
        return scores

    def _index_titles(self, month: str | None) -> dict[str, frozenset[str]]:
        return self._index(self.titles, self.in_scope(month))

    @staticmethod
    def _index(words: dict[str, frozenset[str]], items: list[WorkItem]) -> dict[str, frozenset[str]]:
        """Word → the ids of the items whose words hold it or, of _PREFIX letters or more, a word it
        begins; and "=" + word → those whose words hold that word of _PREFIX letters or more."""
        index: dict[str, set[str]] = {}
        for item in items:
            for word in words[item.id]:
                index.setdefault(word, set()).add(item.id)
                if len(word) >= _PREFIX:
                    index.setdefault("=" + word, set()).add(item.id)
                    for length in range(_PREFIX, len(word)):
                        index.setdefault(word[:length], set()).add(item.id)
        return {key: frozenset(ids) for key, ids in index.items()}

    def titled(self, keys_each: list[frozenset[str]]) -> list[WorkItem]:
        """The items whose titles hold one key of each set."""
        found: dict[str, WorkItem] | None = None
        for wanted in keys_each:
            holding = {item.id: item for key in wanted for item in self.by_title_key.get(key, [])}
            found = holding if found is None else {id_: item for id_, item in found.items() if id_ in holding}
        return list((found or {}).values())

    def cited(self, ref: re.Match[str], kind: str) -> list[WorkItem]:
        if kind == "sha":
            token = ref.group(0).lower()
            return [item for item in self.by_short_sha.get(token[:7], []) if any(sha.startswith(token) for sha in item.commits)][:1]
        repo, number = ref.group("repo"), int(ref.group("number"))
        if not repo:
            return self.by_pr.get((None, number), [])
        # "owner/helion#12" of a repository named "helion" here, or "helion#12" of "owner/helion".
        return self.by_pr.get((repo.lower(), number)) or self.by_pr.get((_short_name(repo), number), [])


def _short_name(repo: str) -> str:
    """A repository's name without its owner, lower case: "helion" of "pytorch/helion"."""
    return repo.rsplit("/", 1)[-1].lower()
