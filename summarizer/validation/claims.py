"""Checks of identifiers and numbers: commit hashes, PR numbers, counts and other figures."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import PurePosixPath

from summarizer.models.activity import FileChange
from summarizer.models.findings import Finding, FindingKind
from summarizer.models.history import WorkItem
from summarizer.models.signals import LARGE_ITEM_LINES
from summarizer.paths import is_test_path
from summarizer.titles import METADATA_TRAILER
from summarizer.validation.context import Context, finding
from summarizer.validation.evidence import FIGURE, Evidence, unit_name
from summarizer.validation.items import NUMBER_WORDS, WORD, keys, ref_of
from summarizer.validation.phrases import STOP_WORDS
from summarizer.validation.sections import MONTH_MENTION, MONTH_NAME, PR_REF, SHA, Sentence, each_month_before, month_before, months_of_period, within_spans
from summarizer.words import count_as


def refs_in(text: str) -> list[tuple[re.Match[str], str]]:
    """The refs a text cites, in order, each with its kind ("pr" or "sha")."""
    refs = [(match, "pr") for match in PR_REF.finditer(text)] + [(match, "sha") for match in SHA.finditer(text)]
    return sorted(refs, key=lambda ref: ref[0].start())


def cited_items(text: str, context: Context) -> list[WorkItem]:
    """The developer's work items a text's refs cite, in the refs' order."""
    return [item for match, kind in refs_in(text) for item in context.citations.cited(match, kind)]


def each_once(items: Iterable[WorkItem]) -> list[WorkItem]:
    """The items, each once, in the order first cited: a pasted run cites one item thousands of times."""
    return list({item.id: item for item in items}.values())


NUMBER = r"(?P<number>\d{1,3}(?:,\d{3})+|\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
_QUALIFIER = r"(?:(?P<qualifier>about|around|roughly|approximately|nearly|almost|over|more than|at least|under|fewer than|less than|up to|~)\s*)?"
_NOUNS = {
    "commits": r"commits?",
    "pull_requests": r"pull requests?|PRs?",
    "work_items": r"work items?|changes?",
    "items": r"items?",
    "features": r"features?",
    "bugs": r"bug[ -]?fix(?:es)?|fix(?:es)?|bugs?",
    "repositories": r"repositor(?:y|ies)|repos?",
    "months": r"months?",
    "lines": r"lines?",
}
COUNT = re.compile(
    _QUALIFIER
    + r"(?<![\w.,+−#-])"
    + NUMBER
    + r"(?P<between>(?:\s+(?!(?:and|or|of|in|to|across|over|from|with|by|for|the|on|per|at|than)\b)[a-z][\w-]*){0,2}?)\s+(?P<noun>"
    + "|".join(f"(?P<{key}>{pattern})" for key, pattern in _NOUNS.items())
    + r")\b(?=(?P<after>[^.;:]{0,40}))",
    re.IGNORECASE,
)
_PART_SAW = re.compile(
    r"^\s*(?:(?:in|during)\s+[A-Z][a-z]+\.?(?:\s+\d{4})?,?\s+)?(?:the|its|his|her|their)\s+(?!(?:work|month|period|year|quarter|team|project|repo|repository)\b)[\w-]+(?:\s+[\w-]+)?\s+(?:saw|got|received|gained|had|took)\s+$",
    re.IGNORECASE,
)
# "9 on 6 November", "two commits on November 20th": a day's count.
_DAY = rf"(?P<date>(?P<day>[0-3]?\d)(?:st|nd|rd|th)?\s+(?P<month>{MONTH_NAME})\b|(?P<month2>{MONTH_NAME})\.?\s+(?P<day2>[0-3]?\d)(?:st|nd|rd|th)?\b(?![,.]?\d))"
DAY_COUNT = re.compile(rf"(?<![\w.,-]){NUMBER}\s+(?:(?P<counted>commits?|changes?|of them|PRs?|pull requests?)\s+)?(?:(?:landed|merged)\s+)?on\s+(?:the\s+)?{_DAY}", re.IGNORECASE)
# A bare number is a day's count only in a list of them ("…: 9 on 6 November, 12 on 20 November and
# 1 on 21 November"), not a version's ("dropped Python 3 on 6 March").
_LISTED_BEFORE = re.compile(r"(?:^|[:,;(]|\band|\bwith)\s*$", re.IGNORECASE)
_DAY_WITH = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?\s+[A-Z][a-z]{2,8}\.?,?\s+with\s+$")
# "one feature line", "two commit messages": the noun names another thing, counted as no commits or features.
_COMPOUND_AFTER = re.compile(
    r"^\s+(?:lines?|flags?|branch(?:es)?|messages?|areas?|gates?|toggles?|threads?|stor(?:y|ies)|tracks?|famil(?:y|ies)|checks?|rules?|hooks?|templates?)\b", re.IGNORECASE
)
# "Six work items, each a single commit": a count of each of them.
_SUBSET_BEFORE = re.compile(r"\b(?:including|into|other|of which|among (?:them|these)|with|of the|of her|of his|of their|only|each)\s*$", re.IGNORECASE)
_SUBSET_AFTER = re.compile(r"^\s*(?:each|apiece|per|also|that|which|touching|related|affecting|about|on|for|to|under|inside|within)\b", re.IGNORECASE)
_IN_TARGET = re.compile(
    r"^\s*(?:in|to|into|across)\s+(?:the\s+)?(?P<targets>[\w./`-]+(?:(?:,\s*|\s+and\s+)[\w./`-]+)*)", re.IGNORECASE
)
# Words between a number and its noun that leave it a count of the whole ("15 new features").
_WHOLE_WORDS = frozenset({"other", "new", "total", "distinct", "individual", "merged", "landed", "authored", "own", "in", "all"})
# "were" or "was" before another participle than these tells what was done to some of them ("One
# work item was reverted"), not how many landed.
_DONE_TO_SOME = r"(?:was|were)\s+(?!(?:made|landed|merged|shipped|committed)\b)[a-z]+ed\b"
_LANDED = re.compile(
    rf"^\s*(?:in\s+(?:the\s+)?)?,?\s*(?:\w+\s+)?(?!{_DONE_TO_SOME})(?:landed|merged|shipped|went|came|made|in all|in total|total|were|was)\b",
    re.IGNORECASE,
)
_PART_DONE = re.compile(rf"\s*{_DONE_TO_SOME}", re.IGNORECASE)
_SUBSET_WORDS = {"more", "further", "additional", "remaining", "separate", "related", "of"}
PERCENT_OF_CLASS = re.compile(
    r"(?<![\d.])(?P<number>\d+)\s+(?P<noun>features?|bug fix(?:es)?|fix(?:es)?|bugs?)\s*\((?P<percent>\d+(?:\.\d+)?)\s?%\)"
    r"|(?<![\d.])(?P<percent2>\d+(?:\.\d+)?)\s?%\s+(?:of\s+(?:the\s+|her\s+|his\s+|their\s+)?(?:work items|work|changes|items|pull requests|PRs)\s+(?:were|was|are)\s+|were\s+|are\s+)?"
    r"(?P<noun2>features?|bug fixes|fixes|bugs?)\b",
    re.IGNORECASE,
)
# Claims about the signals (validation/signals.py checks them): the figure check leaves their shares alone.
_WHOSE = r"(?:(?:her|his|their|the|[A-Z][\w'’]*(?:\s+[A-Z][\w'’]*)?['’]s?)\s+)?"
_WORK = r"(?:work(?:\s+items)?|changes|commits|features|fixes|bug\s+fixes|features\s+and\s+(?:bug\s+)?fixes|pull\s+requests|PRs)"
TESTED_SHARE = re.compile(
    r"(?<![\d.])(?P<percent>\d+(?:\.\d+)?)\s?%\s+of\s+" + _WHOSE + _WORK
    + r"\s+(?:came|shipped|landed|were|was|had|included|changed|touched|added|with)\b[^.;]{0,30}?\btests?\b",
    re.IGNORECASE,
)  # fmt: skip
NONE_REVERTED = re.compile(
    r"\b(?:none\s+of\s+" + _WHOSE + r"(?:(?:\d[\d,]*\s+)?" + _WORK + r"|\d[\d,]*)|no(?:thing|\s+" + _WORK + r")(?:\s+of\s+(?:hers|his|theirs))?)"
    r"\s+(?:was|were|has\s+been|have\s+been|got|had\s+to\s+be)\s+(?:ever\s+|later\s+)?reverted\b",
    re.IGNORECASE,
)  # fmt: skip
COUNT_REVERTED = re.compile(
    r"(?<![\w.,#-])" + NUMBER + r"\s+(?:of\s+" + _WHOSE + r")?" + _WORK
    + r"\s+(?:was|were|has\s+been|have\s+been|got)\s+(?:later\s+)?reverted\b",
    re.IGNORECASE,
)  # fmt: skip
# "6 of her 24 features and fixes (25%) came with tests", "23 of the 25 features and fixes changed
# tests (92%)", "of his 7 features and bug fixes, 5 (71%) came with test changes": the tested-work
# count, of how many, and its share.
TESTED_OF = re.compile(
    r"(?<!\d)(?P<count>\d+)\s+of\s+" + _WHOSE + r"(?P<of>\d+)\s+" + _WORK + r"(?:\s+in\s+[^,.;()]{0,40}?|\s+[^,.;()]{0,30}?\btests?\b(?:\s+[a-z]+){0,2})?\s*\((?P<percent>\d+(?:\.\d+)?)\s?%\)"
    r"|\bof\s+" + _WHOSE + r"(?P<of2>\d+)\s+" + _WORK + r"[^.;]{0,50}?,\s*(?P<count2>\d+)\s*\((?P<percent2>\d+(?:\.\d+)?)\s?%\)"
    r"(?=[^.;]{0,40}?\btests?\b)"
    # "Half of his features and fixes (5 of 10) changed test files": the count in parentheses.
    r"|\b" + _WHOSE + _WORK + r"\s*\((?P<count3>\d+)\s+of\s+(?P<of3>\d+)\)(?=[^.;]{0,40}?\btests?\b)"
    # "None of the 10 features and fixes changed a test file (0%)": the share in parentheses.
    r"|\bnone\s+of\s+" + _WHOSE + r"(?P<of4>\d+)\s+" + _WORK + r"\s+[^,.;()]{0,30}?\btests?\b(?:\s+[a-z]+){0,2}\s*\((?P<percent4>\d+(?:\.\d+)?)\s?%\)",
    re.IGNORECASE,
)  # fmt: skip
_OF_THEM = re.compile(r"(?<=\w)\s+of\s+(?:them|these|which)\s+(?=\w)", re.IGNORECASE)
# A number told as a count of something the statistics do not name: "237 documentation updates".
QUANTITY = re.compile(
    r"(?<![\w.,#/+−$€£-])(?P<number>\d{1,3}(?:,\d{3})+|\d+)(?P<between>(?:\s+[a-z][\w-]*){0,2}?)\s+(?P<noun>[a-z][a-z-]*[a-z]s)\b(?![-/.]\w)",
    re.IGNORECASE,
)
# A number that names a thing rather than counting: "issue 71", "Python 3", "phase 2".
_NAMED_BY_NUMBER = re.compile(
    r"\b(?:issues?|PRs?|pull requests?|version|v|python|cuda|rocm|sm|phase|step|stage|round|part|level|gen|generation|top)\s*$"
    # A standard's number: "PEP 695 aliases", "RFC 3339 timestamps".
    r"|\b(?-i:[A-Z]{2,5})\s+$",
    re.IGNORECASE,
)
# Spans of time a sentence may give in its own words ("over 3 weeks"): no count of work.
_DAY_FIRST = re.compile(rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{MONTH_NAME})\.?\b")
_MONTH_FIRST = re.compile(rf"\b(?:{MONTH_NAME})\.?\s+$")
_TIME_NOUNS = frozenset("seconds minutes hours days weeks months years decades".split())
# Words ending in s that name nothing ("none of the 29 was reverted").
_NOT_NOUNS = frozenset("was has is does this thus its his hers theirs ours yours as us across always perhaps plus less unless versus".split())
LINES_DIFF = re.compile(r"\+(?P<added>\d[\d,]*)\s*/\s*[−-](?P<deleted>\d[\d,]*)")
_ADDED_REMOVED = re.compile(
    r"\badd(?:ed|ing)\s+(?P<added>\d[\d,]*)\s+lines?(?:\s+of\s+code)?,?\s+and\s+(?:remov|delet)(?:ed|ing)\s+(?P<deleted>\d[\d,]*)\b(?!\s*(?:%|x\b|percent))",
    re.IGNORECASE,
)
TABLE_ROW = re.compile(
    r"^\|\s*(?P<label>Commits|Work items|Pull requests|Features|Bugs|Fixes|Repositories|Activity months)\s*\|\s*(?P<value>\d[\d,]*)",
    re.IGNORECASE,
)


def check_identifiers(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    for match in SHA.finditer(sentence.text):
        token = match.group(0)
        # A hash the commits write ("reverts 1a2b3c4") may be named; one given as evidence must be a commit.
        if any(sha.startswith(token) for sha in scope.shas) or (token in scope.text and not _cited(sentence.text, match)):
            continue
        yield context.placed_elsewhere(
            lambda evidence: any(sha.startswith(token) for sha in evidence.shas), sentence, match, scope, f"commit {token}"
        ) or finding(FindingKind.UNKNOWN_SHA, sentence, match, scope, f"no commit of {context.name} starts with {token}{context.where(scope)}")
    for match in PR_REF.finditer(sentence.text):
        number = int(match.group("number"))
        if number in scope.pr_numbers or (re.search(rf"(?<!\w)#{number}\b|/pull/{number}\b", scope.text) and not _cited(sentence.text, match)):
            continue
        # "the reversion of the fix for … (#6827)" where their commit is 'Revert "Fix … (#6827)"': the reverted work's ref.
        if _REVERT.search(sentence.text) and re.search(rf"\brevert\w*\s+[\"“'][^\"”'\n]*\(#{number}\)", scope.text, re.IGNORECASE):
            continue
        # "copied from the OSS tutorial (PR7238)" where the commit says "from PR7238": its words, not a ref of theirs.
        if not match.group(0).startswith("#") and re.search(rf"(?<!\w){re.escape(match.group(0))}(?!\d)", scope.text):
            continue
        yield context.placed_elsewhere(
            lambda evidence: number in evidence.pr_numbers, sentence, match, scope, f"#{number}"
        ) or finding(FindingKind.UNKNOWN_PR, sentence, match, scope, f"no work item of {context.name} is #{number}{context.where(scope)}")


_REVERT = re.compile(r"\brever(?:t|sion|sal)", re.IGNORECASE)


def _cited(text: str, ref: re.Match[str]) -> bool:
    """Whether a ref stands as evidence: in parentheses that hold refs alone ("(#12, 0e1ac05)")."""
    opening, closing = text.rfind("(", 0, ref.start()), text.find(")", ref.end())
    return opening >= 0 and closing >= 0 and not PR_REF.sub("", SHA.sub("", text[opening + 1 : closing])).strip(" ,;#&and")


def check_counts(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    yield from _check_table_row(sentence, scope, context)
    # A table's row of lines gives each month's in its columns, and the period's.
    row_scopes = [context.scope(month) for month in (*context.period_months, None)] if sentence.text.lstrip().startswith("|") else []
    for match in LINES_DIFF.finditer(sentence.text):
        told = _told_of(sentence.text, match.start(), scope, context)
        added, deleted = number_value(match.group("added")), number_value(match.group("deleted"))
        if (added, deleted) not in _line_sizes(sentence, told, context) + [(each.stats.lines_added, each.stats.lines_deleted) for each in row_scopes]:
            lines = f"+{told.stats.lines_added:,} / −{told.stats.lines_deleted:,}"
            yield finding(FindingKind.WRONG_COUNT, sentence, match, told, f"the lines changed{context.where(told)} are {lines}", lines)
    # "added 49,607 lines and removed 1,450": the lines removed, told after the lines added.
    for match in _ADDED_REMOVED.finditer(sentence.text):
        told = _told_of(sentence.text, match.start(), scope, context)
        added, deleted = number_value(match.group("added")), number_value(match.group("deleted"))
        sizes = _line_sizes(sentence, told, context)
        if added in {size[0] for size in sizes} and (added, deleted) not in sizes:
            span = (match.start("deleted"), match.end("deleted"))
            yield finding(FindingKind.WRONG_COUNT, sentence, span, told, f"the lines removed{context.where(told)} are {told.stats.lines_deleted:,}", f"{told.stats.lines_deleted:,}")
    for match in PERCENT_OF_CLASS.finditer(sentence.text):
        noun = (match.group("noun") or match.group("noun2")).lower()
        count = scope.stats.bugs if noun.startswith(("bug", "fix")) else scope.stats.features
        share = round(100 * count / scope.stats.work_items) if scope.stats.work_items else 0
        claimed = float(match.group("percent") or match.group("percent2"))
        if abs(claimed - share) > 1:
            yield finding(FindingKind.WRONG_COUNT, sentence, match, scope, f"{share}% of the work items{context.where(scope)} are {noun}", f"{share}%")
    # "… in August 2025 were bug fixes": a month's year counts nothing.
    months = [match.span() for match in MONTH_MENTION.finditer(sentence.text)]
    # "22 commits, nine of them bug fixes": read as "nine bug fixes", where it stands. A month's year
    # is blanked too: "April 2026 brought four commits" counts four, not 2026.
    text = _without_of_them(sentence.text)
    for start, end in months:
        text = text[:start] + re.sub(r"\d", " ", text[start:end]) + text[end:]
    yield from _check_day_counts(sentence, context)
    counts = list(COUNT.finditer(text))
    # The items the sentence cites, read once: a pasted sentence counts thousands of times.
    cited = each_once(cited_items(sentence.text, context)) if counts else []
    for match in counts:
        each = each_month_before(sentence.text[max(0, match.start() - 120) : match.start()], context.period_months)
        for told in [context.scope(month) for month in each] or [_told_of(sentence.text, match.start(), scope, context)]:
            yield from _check_count(match, sentence, told, context, cited)


def _check_day_counts(sentence: Sentence, context: Context) -> Iterator[Finding]:
    """A count of a day's commits ("9 on 6 November, 12 on 20 November"): the commits that landed
    that day, of the one month of the period with that name."""
    for match in DAY_COUNT.finditer(sentence.text):
        if not match.group("counted") and not _LISTED_BEFORE.search(sentence.text, max(0, match.start() - 8), match.start()):
            continue
        months = months_of_period(match.group("month") or match.group("month2"), context.period_months)
        if len(months) != 1:
            continue
        (month,) = months
        day = int(match.group("day") or match.group("day2"))
        landed = sum(commit.committed_at.day == day for commit in context.commits_of(month))
        if number_value(match.group("number")) != landed:
            told = context.scope(month)
            span = (match.start("number"), match.end())
            yield finding(FindingKind.WRONG_COUNT, sentence, span, told, f"{count_as(landed, 'commit')} landed on {match.group('date')}", str(landed))


def _without_of_them(text: str) -> str:
    """The text with "of them" blanked: "22 commits, nine of them bug fixes" counts nine bug fixes."""
    return _OF_THEM.sub(lambda match: " " * len(match.group(0)), text)


def _line_sizes(sentence: Sentence, told: Evidence, context: Context) -> list[tuple[int, int]]:
    """The lines added and removed a sentence may give: of the scope it is told of, or of an item it
    cites ("(#2049, the largest item at +199 / −98)") or of a file that item changed ("simplified the
    launcher (+18 / −20)")."""
    items = cited_items(sentence.text, context)
    files = [(change.added, change.deleted) for change in files_of(items, context)]
    return [(told.stats.lines_added, told.stats.lines_deleted), *((item.lines_added, item.lines_deleted) for item in items), *files]


def files_of(items: list[WorkItem], context: Context) -> list[FileChange]:
    """The files the items' commits changed."""
    commits = context.citations.commits
    return [change for item in items for sha in item.commits if sha in commits for change in commits[sha].files]


def messages_of(items: list[WorkItem], context: Context) -> str:
    """The titles and commit messages of work items, without their trailers of who and where."""
    commits = [commit for item in items for sha in item.commits if (commit := context.citations.commits.get(sha)) is not None]
    return "\n".join([item.title for item in items] + [f"{commit.subject}\n{METADATA_TRAILER.sub('', commit.body)}" for commit in commits])


def _told_of(text: str, position: int, scope: Evidence, context: Context) -> Evidence:
    """The evidence a figure at `position` is told of: the month it is given beside ("between
    November 2024 (14 commits, +190 / −98 lines) and December 2024 (15 commits …)", "July's 21
    commits"), else the sentence's scope."""
    month = _month_told(text, position, context)
    return context.scope(month) if month else scope


def _month_told(text: str, position: int, context: Context) -> str | None:
    """The month a figure at `position` is given beside: right before it ("busiest month April 2025
    with 5 commits"), or before the parenthesis it is in ("November 2024 (14 commits, +190 / −98")."""
    # The words right before it: a pasted sentence of thousands of counts reads each once.
    before = text[max(0, position - _MONTH_REACH) : position]
    opening = before.rfind("(")
    inside = opening >= 0 and ")" not in before[opening:]
    return month_before(before, context.period_months) or (month_before(before[: opening + 1], context.period_months) if inside else None)


_MONTH_REACH = 160
_BEFORE_REACH = 200


def count_spans(sentence: Sentence) -> list[tuple[int, int]]:
    """Where the count checks already looked (a count's number only): other checks leave these alone."""
    # "40 repository checks" counts checks, which the quantity check reads.
    spans = [match.span("number") for match in COUNT.finditer(_without_of_them(sentence.text)) if not _COMPOUND_AFTER.match(match.group("after"))]
    patterns = (PERCENT_OF_CLASS, TESTED_SHARE, TESTED_OF, LINES_DIFF, MONTH_MENTION, _WORD_FIGURE)
    return spans + [match.span() for pattern in patterns for match in pattern.finditer(sentence.text)]


def check_figures(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    counted = count_spans(sentence)
    for match in FIGURE.finditer(sentence.text):
        if any(start <= match.start() < end for start, end in counted):
            continue
        figure = (float(match.group("value")), unit_name(match.group("unit")))
        if figure in scope.figures:
            continue
        yield context.placed_elsewhere(
            lambda evidence: figure in evidence.figures, sentence, match, scope, match.group(0)
        ) or finding(FindingKind.UNSUPPORTED_NUMBER, sentence, match, scope, f"{match.group(0)} appears in no commit{context.where(scope)}")


def check_word_figures(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """A figure told in words ("doubled the throughput", "twice as fast", "halved the memory",
    "a tenfold speed-up") is a figure all the same: the items the sentence cites (the month's,
    where it cites none) must state it, as "2x" or "50%", or say it in the same word."""
    citations = context.citations
    cited = cited_items(sentence.text, context)
    for match in _WORD_FIGURE.finditer(sentence.text):
        word = match.group(0).lower()
        value = _figure_value(word)
        halved = "hal" in word
        said = [value] + ([50.0] if halved else [])
        stems = keys("half") | keys("halve") if halved else keys(word.split()[0].split("-")[0])
        if cited:
            supported = any((v, "x") in citations.figures[item.id] or (v, "%") in citations.figures[item.id] for item in cited for v in said)
            supported = supported or any(citations.shared(stems, item) for item in cited)
        else:
            supported = any((v, "x") in scope.figures or (v, "%") in scope.figures for v in said) or bool(stems & citations.told(scope.month))
        if not supported:
            where = ", ".join(dict.fromkeys(ref_of(item) for item in cited)) if cited else f"no commit{context.where(scope)}"
            yield finding(FindingKind.UNSUPPORTED_NUMBER, sentence, match, scope, f"“{match.group(0)}” is a figure {where} does not state" if cited else f"“{match.group(0)}”: {where} states it")


# Figures told in words: a verb of change, or a multiple before a comparison.
_WORD_FIGURE = re.compile(
    # "halves" and "triples" a verb before what they change, not a noun ("the low and high 4-bit halves").
    r"\b(?:doubl(?:ed|ing)(?! as\b)|(?:doubl|tripl|quadrupl|halv)es(?=\s+(?:the|its|their|his|her|a|an)\b)|tripl(?:ed|ing)|quadrupl(?:ed|ing)|halv(?:ed|ing)|(?:cut )?in half|by half"
    r"|(?:twice|three times|four times|five times|ten times)(?= (?:as|faster|slower|smaller|larger|bigger|fewer|more|less|the)\b)"
    r"|(?:\d+|two|three|four|five|ten)[- ]?fold)\b",
    re.IGNORECASE,
)
_MULTIPLES = (("doubl", 2.0), ("twice", 2.0), ("two", 2.0), ("halv", 2.0), ("in", 2.0), ("cut", 2.0), ("by", 2.0), ("tripl", 3.0), ("three", 3.0), ("quadrupl", 4.0), ("four", 4.0), ("five", 5.0), ("ten", 10.0))


def _figure_value(phrase: str) -> float:
    """The multiple a figure in words tells: "doubled" 2, "three times" 3, "12-fold" 12."""
    first = re.split(r"[- ]|fold", phrase)[0]
    return float(first) if first.isdigit() else next(value for stem, value in _MULTIPLES if first.startswith(stem))


def check_quantities(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """A count of something ("237 documentation updates", "354 tests") must be a statistic or a
    signal, or a number a commit of the month states as such: a PR number (#237), a hash or a
    version grounds nothing."""
    text = sentence.text
    counted = count_spans(sentence) + [match.span() for pattern in (FIGURE, PR_REF, SHA) for match in pattern.finditer(text)]
    quantities = list(QUANTITY.finditer(text))
    # Read once, and each quantity in the words right before it: a pasted sentence holds thousands.
    cited = each_once(cited_items(text, context)) if quantities else []
    in_counted = within_spans(counted)
    for match in quantities:
        if match.group("noun").lower() in _TIME_NOUNS | _NOT_NOUNS or in_counted(match.start()):
            continue
        near = text[max(0, match.start() - _BEFORE_REACH) : match.start()]
        if _NAMED_BY_NUMBER.search(near):
            continue
        # "on 14 April", "on April 14": a day of a month counts nothing.
        if _DAY_FIRST.match(text, match.start()) or _MONTH_FIRST.search(near):
            continue
        number = number_value(match.group("number"))
        noun = match.group("noun").lower()
        of_lines = noun.rstrip("s") in _LINE_NOUNS
        # A statistic counts work ("354 tests", "237 documentation updates"); "12 atomic operations"
        # counts things only a commit can state.
        of_work = noun in _WORK_NOUNS or of_lines
        # "6 of the 9 changed test files": the whole a statistic's part is of (the tested-work signal's 9).
        whole_of_part = _PART_OF.search(near) is not None
        # "July carried 5 of the features": the month named right before it is the one counted.
        named = month_before(near, context.period_months)
        counted_in = _statistics(scope, context, of_lines) | (_statistics(context.scope(named), context, of_lines) if named else set())
        if ((of_work or whole_of_part) and number in counted_in) or _stated(number, scope.text) or _stated_by_cited(number, cited, context):
            continue
        # "A typing fix (#2813) adapted 13 files": how many files the cited item changed; "across 37
        # scripts", how many of them are not its tests.
        if noun in ("files", "modules", "scripts") and any(number in _files_counted(item, context) for item in cited):
            continue
        # "6 docs, 1 examples": how many work items went into an area.
        if number in (_area_items(noun, scope, context), _area_items(noun, context.scope(None), context)):
            continue
        if number in {_entries_under(word, cited, scope, context) for word in (*match.group("between").split(), noun)}:
            continue
        span = (match.start("number"), match.end("noun"))
        yield finding(FindingKind.UNSUPPORTED_NUMBER, sentence, span, scope, f"{number:,} is no statistic, and no commit{context.where(scope)} states it as a count")


def _area_items(noun: str, scope: Evidence, context: Context) -> int:
    """How many of the scope's work items went into the area a noun names ("docs", "examples")."""
    return sum(1 for item in context.citations.in_scope(scope.month) if item.area and item.area.lower() in (noun, noun.rstrip("s")))


def _files_counted(item: WorkItem, context: Context) -> set[int]:
    """How many files an item changed, and how many of them are not tests."""
    paths = {change.path for change in files_of([item], context)}
    return {len(paths), sum(1 for path in paths if not is_test_path(path))}


def _entries_under(noun: str, items: list[WorkItem], scope: Evidence, context: Context) -> int:
    """How many entries of a folder the noun names the told files go through: "across 10 operators"
    where the cited change edited tritonbench/operators/<ten of them>/operator.py, "37 example
    scripts" of 37 files in examples/. The files are the cited items' (`items`), else the scope's commits'."""
    files = files_of(items, context) if items else [change for commit in context.commits_of(scope.month) for change in commit.files]
    wanted = keys(noun)
    entries: set[str] = set()
    for change in files:
        folders = change.path.split("/")
        entries |= {folders[at + 1] for at in range(len(folders) - 1) if keys(folders[at]) & wanted}
    return len(entries)


_PART_OF = re.compile(r"\b\d[\d,]*\s+of\s+(?:the\s+|their\s+|his\s+|her\s+)?$", re.IGNORECASE)


def _statistics(scope: Evidence, context: Context, of_lines: bool) -> set[int]:
    """Every figure the statistics and signals give, of the sentence's month and of the period; a
    count of lines only where the count is of lines ("693 tests" is not the 90th-percentile size)."""
    numbers: set[int] = set()
    for evidence in (scope, context.scope(None)):
        numbers |= {value for key, value in evidence.stats.model_dump().items() if isinstance(value, int) and (of_lines or "line" not in key)}
        numbers |= {evidence.activity_months, evidence.pull_requests, len(evidence.repositories)}
    signals = context.history.signals
    for part in (signals.months.get(scope.month or ""), signals.period):
        if part is not None:
            numbers |= set(_integers(part.model_dump(), of_lines))
    return numbers


# The fields of a signal that are figures: its item lists carry PR numbers, which count nothing.
_SIGNAL_FIGURES = frozenset(
    "count of given received merged merged_unreviewed median_lines p90_lines over_1000 median_hours_to_merge lines days".split()
)
_LINE_FIGURES = frozenset({"median_lines", "p90_lines", "lines"})
# The nouns a statistic or a signal may count: work, its kinds, and what the signals measure.
_WORK_NOUNS = frozenset("""
commits changes items contributions updates patches prs requests merges fixes bugs features tests reverts reviews times
improvements enhancements additions refactors cleanups docs months repositories repos days hours weeks approvals
""".split())
# What a count of lines is called.
_LINE_NOUNS = frozenset({"line", "loc", "sloc", "lines of code"})


def _integers(value: object, of_lines: bool) -> Iterator[int]:
    """The figures of a signal's dump, at any depth (of lines only where `of_lines`)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in _SIGNAL_FIGURES and isinstance(inner, int) and not isinstance(inner, bool):
                if of_lines or key not in _LINE_FIGURES:
                    yield inner
            elif isinstance(inner, (dict, list)):
                yield from _integers(inner, of_lines)
    elif isinstance(value, list):
        for inner in value:
            yield from _integers(inner, of_lines)


def _lines_of_titled(after: str, scope: Evidence, context: Context) -> list[int]:
    """The lines of the item whose title the words after a count of lines tell, up to the clause's
    end ("17 lines added to the lowering for constant assignments", #187 "Add lowering for
    Constant assignment"): three of its title's words or more, and more than any other title."""
    if scope.month is None:
        return []
    clause = _CLAUSE_END.split(after, maxsplit=1)[0]
    said = {key for word in WORD.findall(clause) if word.lower() not in STOP_WORDS for key in keys(word)}
    scores = context.citations.title_scores(said, scope.month)
    ranked = scores.most_common(2)
    if not ranked or ranked[0][1] < _TITLE_WORDS or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
        return []
    item = next(item for item in context.citations.of_month(scope.month) if item.id == ranked[0][0])
    return [item.lines_added, item.lines_added + item.lines_deleted]


_CLAUSE_END = re.compile(r"[,;:.()]|\s(?:and|while|but)\s")
_TITLE_WORDS = 3


def _stated_by_cited(number: int, cited: list[WorkItem], context: Context) -> bool:
    """A number an item the sentence cites (`cited`) states itself ("fixed the 23 known bugs it
    listed (2f68cc4)", "12,000 commits from 6.0 s to 1.0 s (#13)"): that item's figure, no statistic."""
    return any(number in context.citations.stated[item.id] for item in cited)


def _enumerated(number: int, kind: str, after: str, context: Context) -> bool:
    """A count whose items the sentence goes on to cite, as many refs as it counts, each of the
    kind counted: "Two picker bugs were fixed: a wrong picker marker … (#688), and pickers for empty
    chunks (#691)" counts those two, though the statistics class #688, a typo's fix, as other work.
    Whether each ref did what it is cited for is the evidence check's."""
    if number < 2 or kind in ("repositories", "months", "lines"):
        return False
    # The refs that enumerate a count follow it closely: a pasted run of thousands reads each once.
    items = each_once(cited_items(after[:_ENUMERATION_REACH], context))
    if len(items) != number:
        return False
    if kind == "bugs":
        return all(item.item_class == "bug" or _FIX_TITLE.match(item.title) for item in items)
    return kind != "features" or all(item.item_class == "feature" for item in items)


_ENUMERATION_REACH = 400
_FIX_TITLE = re.compile(r"\W*(?:\[[^]]*\]\s*)*(?:fix|resolve|correct|repair)", re.IGNORECASE)


def _stated(number: int, text: str) -> bool:
    """Whether the text gives `number` as a quantity: not as a ref (#237, pull/237), a hash or a version."""
    return bool(re.search(rf"(?<![\w#/.:-]){number}(?![\w.:/-]|\.\d)", text))


def _check_table_row(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """A statistics table's row: its one figure is the scope's; figures in several columns
    ("| Commits | 24 | 29 | 53 |" under "| | November | December | Total |") are each month's, in
    order, then the period's."""
    row = TABLE_ROW.match(sentence.text.strip())
    if not row:
        return
    label = row.group("label").lower()
    cells = [(match.start(), number_value(match.group(0))) for match in re.finditer(r"(?<=\|)\s*\d[\d,]*\s*(?=\|)", sentence.text)]
    months = [context.scope(month) for month in context.period_months]
    if len(cells) > 1 and len(cells) in (len(months), len(months) + 1):
        scopes = (months + [context.scope(None)])[: len(cells)]
    else:
        cells, scopes = [(sentence.text.index(row.group("value"), sentence.text.index(row.group("label")) + len(row.group("label"))), number_value(row.group("value")))], [scope]
    for (offset, value), told in zip(cells, scopes):
        truth = _row_truth(label, told)
        if value != truth:
            text = sentence.text[offset:].split("|")[0]
            start = offset + len(text) - len(text.lstrip())
            yield finding(FindingKind.WRONG_COUNT, sentence, (start, start + len(text.strip())), told, f"{row.group('label')}{context.where(told)}: {truth}", str(truth))
            return


def _row_truth(label: str, scope: Evidence) -> int:
    return {
        "commits": scope.stats.commits, "work items": scope.stats.work_items, "pull requests": scope.pull_requests,
        "features": scope.stats.features, "bugs": scope.stats.bugs, "fixes": scope.stats.bugs,
        "repositories": len(scope.repositories), "activity months": scope.activity_months,
    }[label]  # fmt: skip


def _check_count(match: re.Match[str], sentence: Sentence, scope: Evidence, context: Context, cited: list[WorkItem]) -> Iterator[Finding]:
    kind = next(key for key in _NOUNS if match.group(key))
    between = match.group("between").lower().split()
    claimed = number_value(match.group("number"))
    # "within 14 days changed lines" counts days; "give one line and exit 2" is a message's length.
    if _TIME_NOUNS & set(between) or (kind == "lines" and claimed == 1) or _COMPOUND_AFTER.match(match.group("after")):
        return
    # "12 commits on 20 November": a day's count, which the day's check reads.
    if DAY_COUNT.match(sentence.text, match.start("number")):
        return
    if _stated_by_cited(claimed, cited, context) or _enumerated(claimed, kind, sentence.text[match.end() :], context):
        return
    # "Two nit commits", "five code changes": a count of a kind of them counts a part of the whole.
    # "April 2025 was the busiest month, with 4 commits": a month's figures, told beside it, are its whole.
    # Not a day's: "started on 20 March with two changes" counts a part of March.
    before = sentence.text[: match.start()]
    # What is read where the words end right before it, in the words right before it: a pasted
    # sentence of thousands of counts reads each once.
    near = sentence.text[max(0, match.start() - _BEFORE_REACH) : match.start()]
    beside_month = _month_told(sentence.text, match.start(), context) is not None and not _DAY_WITH.search(near)
    subset = bool(_SUBSET_WORDS & set(between) or set(between) - _WHOLE_WORDS) or (bool(_SUBSET_BEFORE.search(near)) and not beside_month)
    subset = subset or bool(_SUBSET_AFTER.match(match.group("after")) or _PART_DONE.match(match.group("after"))) or kind == "items"
    # "Two changes in April reached beyond the examples": a count that opens a sentence is its whole
    # only where the sentence says they landed ("Twelve commits landed in April").
    subset = subset or (not before.strip(" *_-#>") and not _LANDED.match(MONTH_MENTION.sub("", match.group("after"))))
    # "the CuTe backend (18 work items)": a count given beside a part of the work counts that part.
    subset = subset or bool(_BESIDE_A_PART.search(near))
    # "The runtime saw two changes": a count of what a part of the work got.
    subset = subset or bool(_PART_SAW.match(before))
    if kind == "months" and scope.month is not None:
        return
    truths = _truths(kind, match, sentence, scope, context)
    if kind == "lines":
        truths += _lines_of_titled(match.group("after"), scope, context)
    # "the only one of his 51 work items that touched docs", "All four features and fixes touched
    # tests" after the months' sections: a whole of theirs is the period's.
    if scope.month is not None and (_WHOLE_OF.search(near) or _ALL_OF.search(before if len(before) <= _BEFORE_REACH else near)):
        truths += _truths(kind, match, sentence, context.scope(None), context)
    if kind == "commits":
        target = _IN_TARGET.match(match.group("after"))
        if target:
            # "22 commits in tritonbench, nine of them features": a number ends the list of places.
            places = [name for name in re.split(r",\s*|\s+and\s+", target.group("targets")) if name.lower() not in NUMBER_WORDS and not name.isdigit()]
            named = [context.repository_named(name) for name in places]
            if places and all(named):
                # "10 commits to the Helion project": all of them there, however "to" reads elsewhere.
                truths, subset = [sum(scope.commits_by_repo.get(repository or "", 0) for repository in set(named))], subset and bool(between)
            elif _THE_WHOLE.match(target.group("targets")):
                subset = subset and bool(between)
            elif not MONTH_MENTION.match(target.group("targets")):
                subset = True
    if kind in ("commits", "work_items", "items", "pull_requests"):
        truths += _of_repositories_beside(match, sentence, scope, context)
    # "2 commits of others were reverted": the reverted-work signal's reverts of others' commits.
    if kind == "commits" and _OF_OTHERS.match(match.group("after")):
        truths.append(len(context.signals_of(scope).reverted_work.reverts_of_others))
    if any(_agrees(claimed, truth, match.group("qualifier"), subset) for truth in truths):
        return
    noun = match.group("noun")
    span = (match.start("number"), match.end("noun"))
    # "reducing the number of lines modified by 60 lines": a change in lines, a figure no total tells.
    if kind == "lines" and _CHANGED_BY.search(near):
        yield finding(FindingKind.UNSUPPORTED_NUMBER, sentence, span, scope, f"no commit or statistic{context.where(scope)} gives a change of {claimed:,} lines")
        return
    yield finding(
        FindingKind.WRONG_COUNT, sentence, span, scope,
        f"the statistics say {count_as(truths[0], noun)}{context.where(scope)}, not {claimed:,}",
        count_as(truths[0], noun),
    )  # fmt: skip


_CHANGED_BY = re.compile(
    r"\b(?:reduc\w*|cut(?:s|ting)?|increas\w*|decreas\w*|shr[iu]nk\w*|grow\w*|grew|trimm\w*|lower\w*|rais\w*)\b[^.;:]{0,60}?\bby\s+(?:about\s+|around\s+|roughly\s+|some\s+)?$",
    re.IGNORECASE,
)


def _of_repositories_beside(match: re.Match[str], sentence: Sentence, scope: Evidence, context: Context) -> list[int]:
    """Of a developer of several repositories, the commits and work items of each one named beside a
    count: "**jupyter_client, November 2022** (11 commits)", "two changes in jupyter_server"."""
    if len(context.history.repositories) < 2:
        return []
    window = sentence.text[max(0, match.start() - _BESIDE) : match.end() + _BESIDE]
    items = context.citations.in_scope(scope.month)
    return [count for repository in context.repositories_in(window) for count in (scope.commits_by_repo.get(repository, 0), sum(item.repo == repository for item in items))]


_OF_OTHERS = re.compile(r"^\s+(?:of|by)\s+(?:others|other\s+people|teammates)\b", re.IGNORECASE)
# How far from a count a repository's name is told beside it.
_BESIDE = 40


def _truths(kind: str, match: re.Match[str], sentence: Sentence, scope: Evidence, context: Context) -> list[int]:
    """What a count of `kind` may be in the scope: its statistic, or for lines any total or size figure."""
    stats = scope.stats
    between = match.group("between").lower().split()
    if kind == "work_items" and "other" in between:
        return [stats.work_items - stats.features - stats.bugs]
    if kind == "months":
        return [scope.activity_months, len(context.period_months), context.active_span]
    if kind == "lines":
        files = [(change.added, change.deleted) for change in _files_told(sentence, scope, context)]
        sizes = [size for added, deleted in files for size in (added, deleted, added + deleted)]
        return [stats.lines_added, stats.lines_deleted, stats.lines_added + stats.lines_deleted, *_size_figures(match, sentence, scope, context), *sizes]
    if kind == "features" and _AND_FIXES.match(match.group("after")):
        return [stats.features + stats.bugs]
    return [
        {
            "commits": stats.commits, "pull_requests": scope.pull_requests, "work_items": stats.work_items,
            "items": stats.work_items, "features": stats.features, "bugs": stats.bugs,
            "repositories": len(scope.repositories),
        }[kind]  # fmt: skip
    ]


def _files_told(sentence: Sentence, scope: Evidence, context: Context) -> list[FileChange]:
    """The files a sentence speaks of: those of the items it cites, and those of the scope's commits
    it names by path or file name ("removed 1,474 lines from test/test_autodiff.expected")."""
    text = sentence.text
    named = [
        change for commit in context.commits_of(scope.month) for change in commit.files
        if change.path in text or (len(name := PurePosixPath(change.path).name) >= 5 and name in text)
    ]  # fmt: skip
    return files_of(cited_items(text, context), context) + named


def _size_figures(match: re.Match[str], sentence: Sentence, scope: Evidence, context: Context) -> list[int]:
    """Counts of lines other than totals: the cited items' own sizes ("2,683 lines added (#3332)"),
    and where the sentence speaks of them the Size signal's median, 90th percentile and threshold
    ("a median of 41 lines", "four exceeded 1,000 lines")."""
    before = sentence.text[: match.start("number")]
    # Its net change too: "a net reduction of ten lines (#2348)".
    figures = [
        lines for item in cited_items(sentence.text, context)
        for lines in (item.lines_added, item.lines_deleted, item.lines_added + item.lines_deleted, abs(item.lines_added - item.lines_deleted))
    ]  # fmt: skip
    sizes = [context.signals_of(scope).size, context.history.signals.period.size]
    if _MEDIAN.search(before):
        figures += [size.median_lines for size in sizes if size.median_lines is not None]
    if _PERCENTILE.search(before):
        figures += [size.p90_lines for size in sizes if size.p90_lines is not None]
    # "the flash_attention rework the largest at 317 lines": the largest item's size.
    if _LARGEST.search(before):
        items = [item for items in context.citations.by_month_items.values() for item in items]
        figures += [max((item.lines_added + item.lines_deleted for item in items if scope.month in (None, item.month)), default=0)]
    # "four exceeded 1,000 lines", "none over 1,000 lines": the threshold, told with how many passed it.
    if _EXCEEDED.search(before) and (any(size.over_1000 for size in sizes) or _NONE_BEFORE.search(before)):
        figures.append(LARGE_ITEM_LINES)
    return figures


_AND_FIXES = re.compile(r"\s+and\s+(?:bug[ -]?)?fix(?:es)?\b", re.IGNORECASE)
# "10 commits in the period", "… to the project": the whole, not a part of it.
_THE_WHOLE = re.compile(r"(?:this\s+|that\s+|the\s+)?(?:period|project|codebase|repository|repo)\b", re.IGNORECASE)
_WHOLE_OF = re.compile(r"\bof\s+(?:the|his|her|their|[A-Z][\w'’]*(?:\s+[A-Z][\w'’]*)?['’]s?)\s*$")
_ALL_OF = re.compile(r"(?:^|[.;:]\s+)\W*all\s+(?:(?:of\s+)?(?:the|his|her|their)\s+)?$", re.IGNORECASE)
_BESIDE_A_PART = re.compile(r"[A-Za-z][\w`'’-]*`?\s*\(\s*$")
_NONE_BEFORE = re.compile(r"\b(?:none|no|zero|nothing|not one)\b[^.;]{0,20}$", re.IGNORECASE)
_MEDIAN = re.compile(r"\bmedian\b[^.;]{0,40}$", re.IGNORECASE)
_LARGEST = re.compile(r"\b(?:largest|biggest)\b[^.;]{0,40}$", re.IGNORECASE)
PERCENTILE = re.compile(r"\b(?:90(?:th)?[ -]?percentile|p90)\b", re.IGNORECASE)
_PERCENTILE = re.compile(PERCENTILE.pattern + r"[^.;]{0,30}$", re.IGNORECASE)
_EXCEEDED = re.compile(r"\b(?:exceed(?:ed|ing|s)?|topped|(?:went |gone |going )?past|over|above|more than|larger than|bigger than)\s*$", re.IGNORECASE)


def _agrees(claimed: int, truth: int, qualifier: str | None, subset: bool) -> bool:
    if subset:
        return claimed <= truth
    qualifier = (qualifier or "").lower()
    if qualifier in ("over", "more than"):
        return claimed < truth or (qualifier == "over" and claimed == truth)
    if qualifier == "at least":
        return claimed <= truth
    if qualifier in ("under", "fewer than", "less than"):
        return truth < claimed
    if qualifier == "up to":
        return truth <= claimed
    if qualifier in ("nearly", "almost"):
        return 0.85 * claimed <= truth <= claimed
    if qualifier:
        return abs(truth - claimed) <= max(1, 0.1 * claimed)
    return claimed == truth


def number_value(text: str) -> int:
    lowered = text.lower()
    return NUMBER_WORDS[lowered] if lowered in NUMBER_WORDS else int(text.replace(",", ""))
