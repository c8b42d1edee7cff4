"""Evidence: what a claim about one month (or the whole period) may rest on."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from summarizer.models.history import History, MonthActivity, MonthStats
from summarizer.titles import METADATA_TRAILER

# Figures with a unit: "4.1 TB/s", "40%", "2x", "120 ms".
FIGURE = re.compile(
    r"(?<![\w.])(?P<value>\d+(?:\.\d+)?)\s?(?P<unit>%|[x×](?![\w-])|(?:[kMGT]B|[kMGT]iB)(?:/s)?\b|ms\b|µs|us\b|ns\b"
    r"|sec(?:onds?)?\b|minutes?\b|hours?\b|T?FLOPS\b|GFLOPS\b|tokens/s\b|it/s\b|QPS\b|req/s\b|fps\b)",
)
_UNIT_NAMES = {"×": "x", "us": "µs", "sec": "s", "second": "s", "seconds": "s", "minute": "min", "minutes": "min", "hour": "h", "hours": "h"}


# A term shorter than this is looked for as a word, not inside one.
WHOLE_WORD_BELOW = 4
# What joins the parts of a name ("fp8_gemm", "Flash-Attn"): a short term may be one of the parts.
SEPARATORS = re.compile(r"[_`-]+")


def short_word(needle: str) -> re.Pattern[str]:
    """A short term, normalized, as a word of a lower-case text whose separators are spaces."""
    return re.compile(rf"(?<![a-z0-9]){re.escape(needle)}(?![a-z0-9])")


def normalize(text: str) -> str:
    """Lower case without `_`, `-`, spaces or backticks: 'Flash-Attn V3' ~ 'flash_attn_v3';
    a version's "v." so too: "Xterm v. 5" ~ "Xterm v5"."""
    return _SEPARATED.sub("", _VERSION_DOT.sub("v", text.lower()))


_SEPARATED = re.compile(r"[\s_`\-]+")
_VERSION_DOT = re.compile(r"\bv\.\s*(?=\d)")


# Sizes as commands and configs write them ("-Xmx2G", "4K pages"): the same figure as "2 GB".
_SHORT_SIZE = re.compile(r"(?<![\w.])(?P<value>\d+(?:\.\d+)?)(?P<unit>[kKMGT])(?![\w/])")
# Times so written ("faster than 30s", "timeout=5min"): the same figure as "30 seconds".
_SHORT_TIME = re.compile(r"(?<![\w.])(?P<value>\d+(?:\.\d+)?)(?P<unit>s|min|h)(?![\w/])")


# A benchmark table's header names its columns' unit once ("…_persistent-tflops", "latency (ms)");
# its rows give bare figures under it.
_COLUMN_UNIT = re.compile(r"(?i)(?<![a-z])(t?flops|gflops|[tg]b/s|ms|µs|us|speedup)(?![a-z/])")
_COLUMN_UNITS = {"tflops": "TFLOPS", "flops": "FLOPS", "gflops": "GFLOPS", "tb/s": "TB/s", "gb/s": "GB/s", "us": "µs", "speedup": "x"}
_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")


def figures_in(text: str) -> set[tuple[float, str]]:
    figures = {(float(match.group("value")), unit_name(match.group("unit"))) for match in FIGURE.finditer(text)}
    figures |= {(float(match.group("value")), match.group("unit").replace("K", "k") + "B") for match in _SHORT_SIZE.finditer(text)}
    figures |= {(float(match.group("value")), match.group("unit")) for match in _SHORT_TIME.finditer(text)}
    return figures | _table_figures(text)


def _table_figures(text: str) -> set[tuple[float, str]]:
    """The decimal figures of a table's rows, in the units its header line names, up to a blank line."""
    figures: set[tuple[float, str]] = set()
    if not _DECIMAL.search(text) or not _COLUMN_UNIT.search(text):
        return figures
    units: set[str] = set()
    for line in text.splitlines():
        if not line.strip():
            units = set()
        elif not _DECIMAL.search(line):
            units |= {_COLUMN_UNITS.get(unit.lower(), unit.lower()) for unit in _COLUMN_UNIT.findall(line)}
        elif units:
            # Not a row's label: "(256, 4, 0.8, 20)" is a shape, not a figure.
            figures |= {(float(value), unit) for value in _DECIMAL.findall(re.sub(r"\([^()]*\)", " ", line)) for unit in units}
            if len(figures) >= _TABLE_FIGURES:
                break
    return figures


# A body's tables are read this far: a benchmark's results, not a log of a million rows pasted in.
_TABLE_FIGURES = 2_000


def unit_name(unit: str) -> str:
    return _UNIT_NAMES.get(unit, unit)


@dataclass
class Evidence:
    month: str | None  # None: the whole period
    stats: MonthStats
    activity_months: int
    pull_requests: int
    shas: list[str]
    pr_numbers: set[int]
    repositories: set[str]
    text: str  # subjects, bodies and paths, as written
    searchable: str  # the same, normalized
    figures: set[tuple[float, str]]
    commits_by_repo: dict[str, int] = field(default_factory=dict)

    def mentions(self, term: str) -> bool:
        needle = normalize(term)
        if 0 < len(needle) < WHOLE_WORD_BELOW:
            # A short term is a word of the commits, not letters inside one ("ICI" is not in "efficient");
            # one of parts ("1e-2") is those words.
            spelt = SEPARATORS.sub(" ", term.lower()).strip()
            return short_word(needle).search(self._lowered) is not None or (spelt != needle and short_word(spelt).search(self._lowered) is not None)
        if needle and needle in self.searchable:
            return True
        undotted = needle.replace(".", "")
        return bool(undotted) and undotted in self._undotted

    @cached_property
    def _undotted(self) -> str:
        return self.searchable.replace(".", "")

    @cached_property
    def _lowered(self) -> str:
        return SEPARATORS.sub(" ", _VERSION_DOT.sub("v", self.text.lower()))

    @cached_property
    def said(self) -> str:
        """The text in lower case without its messages' trailers of who and where ("Differential
        Revision: …") and their output (`in_words`): what the commits say of the work, read once
        for every effect of the month."""
        return in_words(METADATA_TRAILER.sub("", self.text)).lower()


def in_words(message: str) -> str:
    """A message without what it runs and prints: its fenced blocks, command lines and the rows of
    a table of output ("x_val    hstu_triton_ragged_attention-latency"). A benchmark's columns
    name what it measured, not that the work made it better; so does a title's "for performance
    measurement"."""
    return _MEASURING.sub(" ", _OUTPUT_LINE.sub("", _FENCED.sub("", message)))


# Performance as what is measured ("Add Gluon FA Blackwell for performance measurement"), not made better.
_MEASURING = re.compile(
    r"\bperf(?:ormance)?[\s_-]+(?:measurement|testing|tests?|benchmark\w*|tracking|analysis|dashboard|report|numbers|data|metrics?|counters?|profil\w*)s?\b", re.IGNORECASE
)
_FENCED = re.compile(r"^[ \t]*```.*?^[ \t]*```[^\n]*$", re.MULTILINE | re.DOTALL)
# A command (with its environment: "CUDA_VISIBLE_DEVICES=5 python run.py …"), a row of columns
# (a gap of three spaces or more inside it, or a Markdown table's pipes) or a rule of dashes.
_OUTPUT_LINE = re.compile(
    r"^[ \t]*(?:(?:\$\s+|(?:[A-Z_][A-Z0-9_]*=\S+\s+)+)?(?:python3?|pytest|buck2?|torchrun|bash|pip)\s.*|\S.*? {3,}\S.*|\|.*\||[-=+ ]{3,})$",
    re.MULTILINE,
)


# "varlen_fwd/bwd is merged into fwd/bwd": a name with its last part given two ways names both.
_ALTERNATION = re.compile(r"(?<![\w/])(?P<stem>[A-Za-z]\w*_)[A-Za-z0-9]+/(?P<other>[A-Za-z0-9]+)(?![\w/])")


# "add .expected_{cute,pallas} files": a name with a part given several ways in braces names each.
_BRACES = re.compile(r"\{(?P<parts>[\w.]+(?:,\s*[\w.]+)+)\}(?P<tail>[\w.]*)")
_STEM_BEFORE = re.compile(r"[\w.]*$")


def _alternatives(text: str) -> list[str]:
    """The names a text's alternations spell out: varlen_bwd of "varlen_fwd/bwd", .expected_pallas
    of ".expected_{cute,pallas}"."""
    # The braces found first, and the name's stem read back from each: a pattern that began with
    # the stem would try it at every letter of the text.
    braced = [
        stem + part.strip() + match.group("tail")
        for match in _BRACES.finditer(text)
        for stem in [_STEM_BEFORE.search(text, max(0, match.start() - 80), match.start()).group(0)]  # type: ignore[union-attr]
        for part in match.group("parts").split(",")
    ]
    # "Update pytest requirement from \<9,>=7.0": a changelog's title, its Markdown escapes the characters they escape.
    unescaped = [_MARKDOWN_ESCAPE.sub(r"\1", text)] if _MARKDOWN_ESCAPE.search(text) else []
    # "[_async_]start_kernel": a part in brackets that a name may have or not.
    optional = [match.group("part") + match.group("rest") for source in (text, *unescaped) for match in _OPTIONAL_PART.finditer(source)]
    return [match.group("stem") + match.group("other") for match in _ALTERNATION.finditer(text)] + braced + unescaped + optional


_MARKDOWN_ESCAPE = re.compile(r"\\([<>_*`#\[\]|\\])")
_OPTIONAL_PART = re.compile(r"(?<![\w\\])\[(?P<part>\w+)\](?P<rest>\w+)")


def evidence_by_month(history: History) -> dict[str | None, Evidence]:
    """One Evidence for each active month, and one (key None) for the whole period."""
    by_month: dict[str | None, Evidence] = {
        month.month: _evidence(history, month.month, [month], month.stats) for month in history.months
    }
    by_month[None] = _evidence(history, None, history.months, history.totals)
    return by_month


def no_evidence(history: History, month: str) -> Evidence:
    """The evidence of a month in which nothing of the developer's landed."""
    return _evidence(history, month, [], MonthStats())


def _evidence(history: History, month: str | None, months: list[MonthActivity], stats: MonthStats) -> Evidence:
    commits = [commit for month in months for commit in month.commits]
    items = [item for month in months for item in month.items]
    pieces = [history.developer.name, *history.developer.ids, *stats.languages, *stats.practices]
    for commit in commits:
        pieces += [commit.subject, commit.body, commit.repo, *commit.co_authors, *(change.path for change in commit.files)]
    text = "\n".join(pieces)
    commits_by_repo: dict[str, int] = {}
    for commit in commits:
        commits_by_repo[commit.repo] = commits_by_repo.get(commit.repo, 0) + 1
    return Evidence(
        month=month,
        stats=stats,
        activity_months=len(months),
        pull_requests=sum(item.pr is not None for item in items),
        shas=[commit.sha for commit in commits],
        pr_numbers={item.pr for item in items if item.pr is not None},
        repositories=set(stats.repositories),
        text=text,
        searchable=normalize("\n".join([text, *_alternatives(text)])),
        figures=figures_in(text),
        commits_by_repo=commits_by_repo,
    )
