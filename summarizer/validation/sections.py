"""Sectioning: any summary text cut into sentences, each scoped to the month it speaks of.

A heading or a paragraph that opens with a month ("### June 2025", "Summary for
2025-08:", "In March 2025, …", "September 2025 (2025-09) monthly summary") starts that
month's section; a heading without one returns to the whole period. Inside a section,
a sentence that names exactly one other month speaks of that month instead. A profile's
own "## Unverified" list quotes claims it could not check, and its footer names the
model that drafted it: neither is checked.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate
from typing import NamedTuple

from summarizer.period import MONTH_NAMES

_MONTH_NUMBERS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
MONTH_NAME = (
    r"Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?"
)
MONTH_MENTION = re.compile(
    rf"\b(?P<name>{MONTH_NAME})\.?,?\s+(?P<year>(?:19|20|21)\d{{2}})\b"
    r"|\b(?P<iso_year>(?:19|20|21)\d{2})-(?P<iso_month>0[1-9]|1[0-2])\b(?!-?\d)",
)
# "September–October 2024", "Sep to Nov 2025": the first month of a range takes the year of the last.
_RANGE_START = re.compile(rf"\b(?P<first>{MONTH_NAME})\.?\s*(?:–|—|-|to|through|until|and|&)\s*(?=(?:{MONTH_NAME})\.?,?\s+(?:19|20|21)\d{{2}}\b)")
# A person's name as prose writes it: up to three capitalised words or initials.
# Accented letters too: "Timothée", "Guðmundsson".
_NAME_WORD = r"(?:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+(?:[-'][A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+)*|[A-Z]\.)"
PERSON = re.compile(rf"(?<![\w.])(?P<name>{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,2}})(?!\w)")
# A hash, bare or written as a ref ("#2368cc4a66", as a model may): letters and digits both.
# A hash has a letter and a digit, unless it stands alone in parentheses or backticks ("(adacbda)",
# "(1970349)"), where no word or count does.
SHA = re.compile(
    r"(?<![\w/.@-])(?<![\w]#)(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}(?![\w@-])"
    r"|(?<=\()(?:[a-f]{7,40}|\d{7,40})(?=[),;])|(?<=`)(?:[a-f]{7,40}|\d{7,40})(?=`)|(?<=, )(?:[a-f]{7,40}|\d{7,40})(?=\))"
)
# A ref may name its repository as owner/name or by its name alone ("helion#2377").
PR_REF = re.compile(
    r"(?:(?<![\w.-])(?P<repo>[A-Za-z0-9][\w.-]*/[\w.-]+|[A-Za-z][\w.-]*[A-Za-z0-9])#|(?<![\w&/#])#|\bPRs?\s*#?|\bpull/|\bpull requests?\s+#?)(?P<number>\d+)\b"
)
# A line of skill or language tags ("Skills: Python, Triton").
TAG_LINE = re.compile(
    r"^\s*(?:[-*]\s+)?(?:\*\*|__)?(?P<label>Languages?(?:\s*(?:&|and|/)\s*[Ss]kills?)?|Skills?(?:\s*(?:&|and|/)\s*[Ll]anguages?)?|Technical(?: skills)?|Technologies|Tech stack|Tools)"
    r"(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(?P<tags>\S.*)$",
)
# Between the tags of a tag line: "Python, Triton · CUDA and Metal".
TAG_SEPARATOR = re.compile(r"\s*(?:,|;|•|·|\(|\)|\band\b|\s[—–|]\s)\s*")
_UNVERIFIED = re.compile(r"^\s{0,3}#{1,6}\s+Unverified\s*$")
# The line a profile ends with, naming the backend and model that drafted it: the tool's, not a claim.
_OWN_FOOTER = re.compile(r"^<sub>Drafted by summarizer's \w+ backend[^<]*</sub>$")
_HEADING = re.compile(r"^\s{0,3}(?:#{1,6}\s+\S|\*\*[^*]+\*\*:?\s*$|__[^_]+__:?\s*$)")
_LEADING_MONTH = re.compile(
    r"^[\s>*_#-]*(?:(?:in|during|for|summary for|monthly summary for|month of|work in)\s+)?(?:the month of\s+)?"
    + f"(?:{MONTH_MENTION.pattern})",
    re.IGNORECASE,
)
# A sentence ends at . ! or ? followed by space and a capital, digit, quote or markup.
# A sentence may open on a name of code, lower case: "… helper. hl.wait arrived with …".
# A sentence may open in lower case with a login that does something: ". drisspg also added …".
_SENTENCE_END = re.compile(
    r"(?<=[.!?])[\"”')\]]*\s+(?=[A-Z0-9\"“(`*\[#@_]|[a-z][a-z0-9]*[._][A-Za-z]|[a-z][a-z0-9_-]*\s+(?:also\s+|then\s+|later\s+)?[a-z]{2,}ed\b)|\n+"
)
# "In April he launched the dashboard (#2053); in May he added its footer rows (#2364)", "…; June
# centred on …": a clause that opens on another month speaks of that month, a sentence of its own.
_MONTH_CLAUSE = re.compile(
    rf"(?:;|,(?=\s+(?i:but|while|whereas|and)\s))\s+(?=(?i:(?:and|then|later|while|but|whereas)\s+)?(?:(?i:in|during|by|through|throughout)\s+)?(?:{MONTH_NAME})\b)"
)
# How far before a phrase the clause it closes is read (an effect's, a teammate's term's): a pasted
# run of them with no clause break is read in linear time.
CLAUSE_REACH = 400
# An abbreviation, or a middle initial ("Caleb M. Kim"), ends no sentence.
_ABBREVIATIONS = re.compile(r"\b(?i:e\.g|i\.e|etc|vs|approx|incl|cf)\.$|\b[A-Z][a-z]+\s+[A-Z]\.$")


class Sentence(NamedTuple):
    text: str
    start: int  # offset in the whole text
    month: str | None  # None: the whole period
    line: str  # the line it stands on, for context
    paragraph: int = 0  # which paragraph of the text it belongs to


def months_named(text: str) -> list[str]:
    """Every month the text names, in order, as YYYY-MM (both ends of "September–October 2024")."""
    return [month for _, month in month_mentions(text)]


def month_mentions(text: str) -> list[tuple[tuple[int, int], str]]:
    """Where the text names each month, and the month (YYYY-MM), in order."""
    named = [(match.span(), _month_of(match)) for match in MONTH_MENTION.finditer(text)]
    for match in _RANGE_START.finditer(text):
        end = MONTH_MENTION.match(text, match.end())
        if end:
            last = _month_of(end)
            first = _MONTH_NUMBERS[match.group("first")[:3].lower()]
            year = int(last[:4]) - (first > int(last[5:]))  # "December–January 2025" begins in 2024
            named.append((match.span("first"), f"{year}-{first:02d}"))
    return sorted(named)


# "July's 21 commits", "November 2024 (14 commits", "The July work (4 commits", "November the busier
# month at 25 commits": a month named right before what is told of it.
# "June had 4 commits (+368 / −18)", "February was busiest with 8 commits (+89 / −17)", "October 2025 with 8
# commits (+844 / −14)": a month with its figures.
_COUNTED = r"(?:\d[\d,]*\s+(?:(?:commits?|changes|work items|items|pull requests|PRs)\s*)?[(,]\s*)?"
_MONTH_BEFORE = re.compile(
    rf"\b(?P<name>{MONTH_NAME})(?:\.?,?\s+(?P<year>(?:19|20|21)\d{{2}}))?(?:['’]s\s+|\s*\(\s*|\s+(?:work|changes|commits|contributions)\s*\(\s*"
    rf"|,?\s+(?:was\s+)?(?:the\s+)?(?:busier|busiest|quieter|quietest)(?:\s+month)?(?:,?\s+(?:at|with))?\s*(?:\(\s*|{_COUNTED})"
    rf"|\s+(?:had|saw|brought|contributed|landed|added|got|carried|held|delivered|produced|shipped|accounted for)\s+{_COUNTED}"
    # "Busiest month: October 2025 with 8 commits (+844 / −14)", "Busiest month: January 2025 — 4 commits, +46 / −10".
    rf"|,?\s+with\s+{_COUNTED}|\s+[—–]\s+{_COUNTED}"
    # "(April +794 / −50, May +1,010 / −127)", "May: 4 commits": a month and its figure side by side.
    r"|:?\s+)$"
)


def month_before(text: str, period: list[str]) -> str | None:
    """The month (YYYY-MM) `text` ends naming, as a possessive ("July's ") or before a parenthesis
    ("November 2024 ("); without its year, the one month of `period` so named."""
    match = _MONTH_BEFORE.search(text)
    # "June–July 2026 (17 commits …)", "January and February 2025 (+176 / −42)": the figures of a range of months are the period's.
    if match is None or _RANGE_OPENING.search(text[: match.start()]):
        return None
    if match.group("year"):
        return f"{match.group('year')}-{_MONTH_NUMBERS[match.group('name')[:3].lower()]:02d}"
    named = months_of_period(match.group("name"), period)
    return named.pop() if len(named) == 1 else None


def each_month_before(text: str, period: list[str]) -> list[str]:
    """The months (YYYY-MM) of `period` a count after `text` is told of each of: "March and April
    each saw 6 commits". None but where `text` ends on "each" and names two months or more."""
    if not _EACH.search(text):
        return []
    named = {month for name in re.findall(rf"\b(?:{MONTH_NAME})\b", text) for month in months_of_period(name, period)}
    return sorted(named) if len(named) >= 2 else []


_EACH = re.compile(r"\beach\s+(?:[a-z]+\s+){0,2}$")


# Any month's full name in a sentence; "May" (a verb too) and abbreviations aside.
_BARE_MONTH = re.compile(r"\b(" + "|".join(name for name in MONTH_NAMES if name != "May") + r")\b")
# "This built on February's work": a month named without its year whose work a sentence tells.
_YEARLESS_POSSESSIVE = re.compile(rf"\b(?P<name>{MONTH_NAME})['’]s\b")
# "In August, he …", "December was the busier month": a month named without its year where a sentence begins.
_YEARLESS_OPENING = re.compile(rf"^(?:(?i:and|then|later|while|but|whereas)\s+)?(?:(?i:in|during|throughout|over|by|through)\s+(?:the\s+month\s+of\s+)?)?(?P<name>{MONTH_NAME})\b(?!\.?,?\s+(?:19|20|21)\d{{2}})")


def split_sentences(text: str, period: list[str] | None = None) -> list[Sentence]:
    """The text's sentences, each with the month it speaks of. A sentence that opens on a month
    without its year ("In August, …") speaks of that month of `period` (its months, YYYY-MM)
    where the period holds one such month."""
    sentences: list[Sentence] = []
    section: str | None = None
    quoting = False  # in a profile's own list of what it could not check: claims quoted, not made
    offset = 0
    # Every sentence on a line shares that line's one string: a copy each would cost a
    # one-line text of n sentences n copies of itself.
    lines = text.split("\n")
    line_starts = list(accumulate((len(line) + 1 for line in lines[:-1]), initial=0))
    paragraphs = re.split(r"(\n\s*\n)", text)
    last = max((number for number, paragraph in enumerate(paragraphs) if paragraph.strip()), default=-1)
    sections_seen: set[str] = set()
    theme_of: tuple[str | None] | None = None  # the section a paragraph of a theme that named its month interrupted
    in_list = False  # in a list of items labelled by months
    after_list: str | None = None  # the section to return to after it
    label_indent = 0  # how far its labelled items are indented
    for number, paragraph in enumerate(paragraphs):
        start = offset
        offset += len(paragraph)
        if not paragraph.strip() or _OWN_FOOTER.match(paragraph.strip()):
            continue
        if theme_of is not None:
            section, theme_of = theme_of[0], None
        first_line = paragraph.strip().splitlines()[0]
        parts = _sentences_of(paragraph)
        named = set(months_named(first_line))
        if _HEADING.match(first_line):
            section = named.pop() if len(named) == 1 else None
            sections_seen.add(section or "")
            quoting = bool(_UNVERIFIED.match(first_line))
        elif quoting:
            continue
        elif number == last and len(sections_seen - {""}) >= 2 and (
            all(TAG_LINE.match(line) for line in paragraph.strip().splitlines()) or _FIGURES_LINE.match(paragraph.strip())
        ):
            # Tag lines, or a line of figures ("5 commits · 3 features · +1,386 / −31"), closing a text
            # of several months, a paragraph of their own, are the period's.
            section = None
        elif _LABELLED_ITEM.match(first_line):
            # A list of items labelled by their months: its labels speak of their items, not of the
            # paragraphs after the list ("Both features in the period …").
            in_list, after_list, label_indent = True, section, _indent(first_line)
        else:
            leading = _LEADING_MONTH.match(paragraph.strip())
            # "Accuracy is the thread running through March 2025. …": a paragraph whose first
            # sentence names one month, year and all, speaks of it.
            opening = _own_part(parts[0][0]) if parts else ""
            topic = _months_told(opening)
            # "December 2025 brought 4 commits …, January 2026 brought 3": an opening of two months is the period's.
            if leading and len(topic) <= 1:
                section = _month_of(leading)
                sections_seen.add(section)
            elif len(topic) == 1 and _TOPIC_MONTH.search(opening) and not _LIST_ITEM.match(first_line):
                # "**Correctness.** In March 2026 he …": a paragraph of a theme speaks of its month, and
                # the next theme's paragraph of the section before it.
                if _THEME_LABEL.match(first_line):
                    theme_of = (section,)
                section = topic.pop()
                sections_seen.add(section)
        heading_ends = paragraph.find("\n", paragraph.find(first_line)) if _HEADING.match(first_line) else -1
        told: str | None = None  # the one month the paragraph's last sentence named
        for text_part, part_start in parts:
            # Text right under a heading, with no blank line between, is a paragraph of its own.
            paragraph_id = 2 * number + (heading_ends != -1 and part_start > heading_ends)
            line = lines[bisect_right(line_starts, start + part_start) - 1]
            # "- August 2026: …", a list item labelled by its month, speaks of it to the next label.
            labelled = _LABELLED_ITEM.match(line)
            opens_line = line.lstrip().startswith(text_part.lstrip()[:20])
            if labelled and opens_line:
                if not in_list:
                    in_list, after_list, label_indent = True, section, _indent(line)
                section, told = _month_of(labelled), None
            elif _TOTALS_ITEM.match(line) and opens_line:
                section = None  # "- Totals: 16 commits, …" after the months' items: the period's
            elif in_list and opens_line and _LIST_ITEM.match(line) and _indent(line) <= label_indent:
                # "- One work item was reverted: …" after "- November 2025: …": an item of the list
                # without a label of its own speaks of what the list's first label did not.
                section, told = after_list, None
            own_part = _own_part(text_part)
            mentioned = _months_told(own_part) or _yearless(own_part, period or [])
            # "In December he added hl.randint. He also moved …": a sentence that goes on from the one
            # before it, naming no month, speaks of the one month that sentence named.
            if _OF_THE_PERIOD.match(text_part):
                month = told = None  # "The period's work also included: …" says whose it is
            elif len(mentioned) == 1:
                month = told = mentioned.pop()
            else:
                going_on = _GOING_ON.match(text_part) and not _ANY_MONTH_NAME.search(text_part)
                month = told if told is not None and not mentioned and going_on else section
                told = None
            sentences.append(Sentence(text_part, start + part_start, month, line, paragraph_id))
        if in_list:
            section, in_list = after_list, False
    return sentences


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


_ANY_MONTH_NAME = re.compile(rf"\b(?:{MONTH_NAME})\b")
_FIGURES_LINE = re.compile(r"^[*_]*\d[\d,]*\s+(?:commits?|work items?|pull requests?|PRs?)\b[^\n]*$", re.IGNORECASE)
_LATE_MONTH = re.compile(rf"(?:[,;]\s*(?:(?:and|then|plus|while)\s*,?\s*)?|\s+(?:and|then|plus|while)\s*,\s*)(?:in|during)\s+(?:{MONTH_NAME})\s+(?:19|20|21)\d{{2}}\s*,", re.IGNORECASE)
_GOING_ON = re.compile(r"^\W*(?:(?:he|she|they)\s+(?:also|then|later|further|additionally)|also|then|later|afterwards|additionally)\b", re.IGNORECASE)


# A list item's marker: "-", "*", "•", "1." or "1)".
LIST_MARKER = r"(?:[-*•]|\d+[.)])"
_LIST_ITEM = re.compile(rf"^\s*{LIST_MARKER}\s")
# A paragraph's bold label of a theme: "**Correctness.** …", "**New lowering:** …".
_THEME_LABEL = re.compile(r"^\s*(?:\*\*|__)[A-Z][^*_\n]{1,40}(?:\*\*|__)")
# "- August 2026: …", "- **July 2026.** …", "- **June 2026**: …".
_LABELLED_ITEM = re.compile(
    rf"^\s*{LIST_MARKER}\s+(?P<bold>\*\*|__)?(?:{MONTH_MENTION.pattern})(?(bold)[.:]?(?:\*\*|__)\s*(?::|—|–|-\s)?|\s*(?::|—|–|-\s))"
)
_TOTALS_ITEM = re.compile(rf"^\s*{LIST_MARKER}\s+(?:\*\*|__)?(?:totals?|overall|altogether|in total|both months|the period|period)\b", re.IGNORECASE)
# "Over the two months he landed 56 commits", at the end of a month's paragraph: the period's.
_OF_THE_PERIOD = re.compile(
    r"^\W*(?:the period['’]s|(?:over|across|in|for|during|throughout)\s+(?:the\s+(?:whole\s+)?period|(?:the|these|those|all|both)\s+(?:(?:two|three|four|five|six|\d+)\s+)?months)\b)",
    re.IGNORECASE,
)
# A month named with its year after a word of time: "… running through March 2025", "… in May 2025".
_TOPIC_MONTH = re.compile(rf"\b(?:in|during|through|throughout|across|over|of|spent|spends)\s+(?:the\s+month\s+of\s+)?(?:{MONTH_NAME})\s+(?:19|20|21)\d{{2}}\b", re.IGNORECASE)
_RANGE_OPENING = re.compile(rf"\b(?:{MONTH_NAME})\.?(?:\s+(?:19|20|21)\d{{2}})?\s*(?:–|—|-|to|through|and)\s*$")
# "… · busiest month August 2025 (9 commits)", "…, with November 2024 the busiest month at 4 commits":
# which month ranked first, told of the period.
_RANKED_MONTH = re.compile(rf"\b(?:busiest|busier|most active|quietest|quieter|peak)\s+month\s*(?:was\s+|:\s*|,\s*)?(?:{MONTH_MENTION.pattern})", re.IGNORECASE)
_RANKED_AFTER = re.compile(rf"\bwith\s+(?:{MONTH_MENTION.pattern})\s+(?:as\s+)?the\s+(?:busiest|busier|most active|quietest|quieter|peak)\s+month", re.IGNORECASE)


def _months_told(sentence: str) -> set[str]:
    """The months a sentence names as its own, less one it only ranks ("busiest month August 2025")."""
    return set(months_named(_RANKED_AFTER.sub("", _RANKED_MONTH.sub("", sentence))))


def _own_part(sentence: str) -> str:
    """The part of a sentence whose months are its own: "… (#585), (#597), and, in October 2025, a
    new example (#870)" names October late, after the work before it was cited, for its clause alone."""
    late = _LATE_MONTH.search(sentence)
    before = sentence[: late.start()] if late else ""
    return before if PR_REF.search(before) or SHA.search(before) else sentence


def _yearless(sentence: str, period: list[str]) -> set[str]:
    named = _YEARLESS_OPENING.match(sentence) or _YEARLESS_POSSESSIVE.search(sentence)
    if named is None:
        return set()
    # "… with November the busier month (25 commits against October's 23)": two months compared.
    others = {name[:3].lower() for name in _BARE_MONTH.findall(sentence)} - {named.group("name")[:3].lower()}
    return months_of_period(named.group("name"), period) | {month for name in others for month in months_of_period(name, period)}


def months_of_period(name: str, period: list[str]) -> set[str]:
    """The months (YYYY-MM) of `period` a month's name without its year may be."""
    number = _MONTH_NUMBERS[name[:3].lower()]
    return {month for month in period if int(month[5:]) == number}


def _sentences_of(paragraph: str) -> list[tuple[str, int]]:
    parts: list[tuple[str, int]] = []
    position = 0
    for boundary in _SENTENCE_END.finditer(paragraph):
        candidate = paragraph[position : boundary.start()]
        # Its tail alone: a paste of "Caleb M. " runs joins one long candidate, read again at each stop.
        if _ABBREVIATIONS.search(candidate[-64:].rstrip("\"”')]")):
            continue
        parts.append((candidate, position))
        position = boundary.end()
    parts.append((paragraph[position:], position))
    clauses = [(part[cut:end], start + cut) for part, start in parts for cut, end in _clauses(part)]
    return [(part.rstrip(), start) for part, start in clauses if part.strip()]


def _clauses(sentence: str) -> list[tuple[int, int]]:
    """Where a sentence's month clauses (_MONTH_CLAUSE) begin and end."""
    cuts = [0, *(boundary.end() for boundary in _MONTH_CLAUSE.finditer(sentence))]
    return [(cut, end) for cut, end in zip(cuts, [*cuts[1:], len(sentence)])]


def _month_of(match: re.Match[str]) -> str:
    if match.group("iso_year"):
        return f"{match.group('iso_year')}-{match.group('iso_month')}"
    return f"{match.group('year')}-{_MONTH_NUMBERS[match.group('name')[:3].lower()]:02d}"


def within_spans(spans: list[tuple[int, int]]) -> Callable[[int], bool]:
    """Whether a position is inside one of the spans (start inclusive, end exclusive), each asked by
    a bisection of their starts: a pasted sentence holds thousands of them."""
    ordered = sorted(spans)
    starts = [start for start, _ in ordered]
    furthest = list(accumulate((end for _, end in ordered), max))

    def within(position: int) -> bool:
        before = bisect_right(starts, position)
        return before > 0 and furthest[before - 1] > position

    return within
