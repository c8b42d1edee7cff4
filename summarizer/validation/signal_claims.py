"""Claims about how the work was done, checked against the signals (signals.py) as statistics.

"92% of her features came with tests" must be the tested-work share of the month (or the
period) it speaks of, and "none of his work was reverted" its reverted-work count; a share
claimed where the signal has too few items to give one is wrong too. A row of a profile's
"How the work was done" table must give its signal's figure as the signals word it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from summarizer.models.findings import Finding, FindingKind
from summarizer.models.signals import MIN_ITEMS
from summarizer.paths import is_test_path
from summarizer.signals import signal_rows
from summarizer.validation.claims import COUNT_REVERTED, NONE_REVERTED, PERCENTILE, TESTED_OF, TESTED_SHARE, cited_items, files_of, messages_of, number_value
from summarizer.validation.context import Context, finding
from summarizer.validation.evidence import Evidence
from summarizer.validation.sections import Sentence
from summarizer.words import count

SIGNAL_ROW = re.compile(r"^\|\s*(?P<name>Tested work|Reverted work|Follow-up fixes|Size|Documentation|Reviews)\s*\|\s*(?P<figure>[^|]*?)\s*\|")


def check_signal_row(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """A row of the signals table: its figure must be the signal's, word for word, or the first of
    them ("0 of 10 work items" of "0 of 10 work items reverted (0%)")."""
    row = SIGNAL_ROW.match(sentence.text.strip())
    if not row:
        return
    signals = context.signals_of(scope)
    truth = next((line.figure for line in signal_rows(signals) if line.name == row.group("name")), "no review figures (GitHub was not read)")
    if row.group("figure") != truth and not _shortened(row.group("figure"), truth):
        start = sentence.text.index(row.group("figure"), sentence.text.index(row.group("name")) + len(row.group("name")))
        message = f"{row.group('name')}{context.where(scope)}: {truth}"
        yield finding(FindingKind.WRONG_COUNT, sentence, (start, start + len(row.group("figure"))), scope, message, truth)


def _shortened(figure: str, truth: str) -> bool:
    """Whether a figure is the truth's first words, numbers and all."""
    words, told = figure.split(), truth.split()
    return any(character.isdigit() for character in figure) and told[: len(words)] == words


# "the lines per work item were around 311", "a median of 24 lines per PR", "311 lines per item".
_ITEM = r"(?:work\s+)?(?:items?|PRs?|pull\s+requests?|changes?)"
SIZE_PER_ITEM = re.compile(
    rf"(?<![\d,])(?P<number>\d[\d,]*)\s+lines?\s+(?:of\s+code\s+)?(?:per|an?|each)\s+{_ITEM}\b"
    rf"|\blines?\s+(?:of\s+code\s+)?per\s+{_ITEM}\b[^.\d]{{0,40}}?(?<![A-Za-z])(?P<after>\d[\d,]*)",
    re.IGNORECASE,
)


def check_item_sizes(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """A size of work items in lines must be the Size signal's median, of the month it speaks of or
    of the period; or its 90th percentile where the sentence says so ("311 lines per item" is
    what a typical item is, not the largest tenth)."""
    matches = list(SIZE_PER_ITEM.finditer(sentence.text))
    if not matches:
        return
    percentile = PERCENTILE.search(sentence.text) is not None
    sizes = [context.signals_of(scope).size, context.history.signals.period.size]
    given = {figure for size in sizes for figure in (size.median_lines, size.p90_lines if percentile else None)}
    size = sizes[0]
    for match in matches:
        group = "number" if match.group("number") else "after"
        if number_value(match.group(group)) in given:
            continue
        figure = f"median {count(size.median_lines or 0, 'line')}, 90th percentile {size.p90_lines or 0:,}"
        yield finding(FindingKind.WRONG_COUNT, sentence, match.span(group), scope, f"the work items{context.where(scope)} have a {figure}", str(size.median_lines))


def check_signal_claims(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    text = sentence.text
    yield from check_item_sizes(sentence, scope, context)
    if "test" not in text.lower() and "revert" not in text.lower():
        return
    signals = context.signals_of(scope)
    where = context.where(scope)
    tested = signals.tested_work
    for match in TESTED_SHARE.finditer(text):
        claimed = float(match.group("percent"))
        if tested.share is None:
            message = f"only {count(tested.of, 'feature or fix', 'features and fixes')}{where}: fewer than {MIN_ITEMS}, too few for a share of them with tests"
            yield finding(FindingKind.WRONG_COUNT, sentence, match, scope, message, f"{tested.count} of {tested.of}")
        elif abs(claimed - 100 * tested.share) > 1:
            share = f"{round(100 * tested.share)}%"
            message = f"{share} of the features and fixes{where} came with tests ({tested.count} of {tested.of})"
            yield finding(FindingKind.WRONG_COUNT, sentence, match, scope, message, share)
    for match in TESTED_OF.finditer(text):
        share = None if tested.share is None else 100 * tested.share
        told = {"count": tested.count, "of": tested.of, "percent": share}
        # A share may be told without its percentage ("(5 of 10)").
        groups = {name: group for name in told if (group := _group(match, name)) is not None}
        wrong = next((name for name, group in groups.items() if _differs(match.group(group), told[name], name)), None)
        if wrong is not None:
            message = f"{tested.count} of {count(tested.of, 'feature or fix', 'features and fixes')}{where} came with tests"
            yield finding(FindingKind.WRONG_COUNT, sentence, match.span(groups[wrong]), scope, message, f"{tested.count} of {tested.of}")
    reverted = signals.reverted_work
    nothing = [(match, 0) for match in NONE_REVERTED.finditer(text)]
    # "None of his 71 work items was reverted" tells no count of 71 reverted.
    counted = [(match, number_value(match.group("number"))) for match in COUNT_REVERTED.finditer(text) if not any(_overlap(match, other) for other, _ in nothing)]
    claims = nothing + counted
    for match, claimed_count in claims:
        if claimed_count != reverted.count:
            items = ", ".join(f"{revert.item} (by {revert.by} on {revert.on:%Y-%m-%d})" for revert in reverted.reverted[:3])
            message = f"{reverted.count} of the work items{where} {'was' if reverted.count == 1 else 'were'} reverted" + (f": {items}" if items else "")
            yield finding(FindingKind.WRONG_COUNT, sentence, match, scope, message, str(reverted.count))


# "All these changes were tested and verified", "verified through tests"; not what had been tested
# before ("… had been tested only on flash attention").
_TESTED = re.compile(r"\b(?<!had\s)(?<!had\sonly\s)(?:were|was|been|being)\s+(?:\w+ly\s+)?tested\b|\btested\s+and\s+verified\b|\bverified\s+(?:through|by|with)\s+(?:\w+\s+)?tests\b", re.IGNORECASE)


# "were tested with several benchmarks": what tested the work, which its messages must name.
_BENCHMARKED = re.compile(r"\b(?:tested|verified|validated|evaluated)\s+(?:with|on|using|against|through|by)\s+(?:[\w-]+\s+){0,2}?benchmarks?\b", re.IGNORECASE)
_BENCHMARK = re.compile(r"\bbench", re.IGNORECASE)


def check_testing_claims(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """`ungrounded_text` on work said to be tested where none of it (the items the sentence cites, else
    those of its month) changed a test file or is test work by its title ("Add tests for …"), or
    said to be tested with benchmarks where none of its messages speaks of one."""
    match, benchmarked = _TESTED.search(sentence.text), _BENCHMARKED.search(sentence.text)
    if match is None and benchmarked is None:
        return
    cited = cited_items(sentence.text, context)
    items = cited or context.citations.in_scope(scope.month)
    which = " cited" if cited else context.where(scope)
    if benchmarked is not None and not _BENCHMARK.search(messages_of(items, context)):
        yield finding(FindingKind.UNGROUNDED_TEXT, sentence, benchmarked.span(), scope, f"no work{which} speaks of a benchmark")
    elif match is not None and not any(is_test_path(change.path) for change in files_of(items, context)) and not any(item.item_class == "test" for item in items):
        yield finding(FindingKind.UNGROUNDED_TEXT, sentence, match.span(), scope, f"no work{which} changed a test or is test work")


def _overlap(one: re.Match[str], other: re.Match[str]) -> bool:
    return one.start() < other.end() and other.start() < one.end()


def _differs(claimed: str, truth: float | None, name: str) -> bool:
    """Whether a told count (or percentage, within a point) is not the signal's, or the signal has none."""
    return truth is None or abs(float(claimed) - truth) > (1 if name == "percent" else 0)


def _group(match: re.Match[str], name: str) -> str | None:
    """The group of TESTED_OF called `name` in whichever of its word orders matched, if it has one."""
    return next((group for group in (name, f"{name}2", f"{name}3", f"{name}4") if group in match.re.groupindex and match.group(group) is not None), None)
