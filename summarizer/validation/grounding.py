"""Paragraphs that rest on nothing: prose that names none of the work, or not the developer.

A small model asked for a summary may answer with sentences that make no checkable
claim at all ("The data was collected using a JSON-based data analysis platform …"):
every other check passes them. A paragraph of prose is grounded when it names the
developer's work: a PR or commit of theirs, an identifier or acronym of their commits,
two specific words of one of their work items' titles or of one file they changed
("specific": not one of the generic words any text about any work would use; "of one":
words scattered over unrelated titles name no work, "debug … search … index"), or one
such word in a paragraph anchored to them — that speaks of the developer (a name of
theirs, or a personal pronoun), names a month or a repository of theirs, or makes a
count the statistics check. A paragraph of statistics is grounded by its counts, and one about the
developer by a month or repository it names.

A paragraph that goes round in circles rests on nothing either, whatever it names: SmolLM2
wrote an overview of 115 words, "… which would allow line-by-line processing to be
implemented …", whose three-word phrases were more than half said before in it. Sentences
said twice whole are left to the duplicate check, and a phrase the data holds is not the
paragraph's own repeat (a title "very long title very long title …", quoted). In what is
left, written prose repeats under a tenth of its phrases, the offline drafts' overviews at
most 15% ("2 of the 9 active months, 29 of the 242 work items"), and a merge that opens each
part alike ("Grace Hopper's work of the month included: …" three times) a third.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from summarizer.models.findings import Finding, FindingKind
from summarizer.period import MONTH_NAMES
from summarizer.validation.claims import COUNT, DAY_COUNT, LINES_DIFF, TESTED_OF, TESTED_SHARE
from summarizer.validation.context import Context
from summarizer.validation.evidence import Evidence
from summarizer.validation.items import whole_keys
from summarizer.validation.prose import TAG_LINE, near_login
from summarizer.validation.sections import PR_REF, SHA, Sentence
from summarizer.validation.terms import TERM
from summarizer.validation.vocabulary import GENERIC_TERMS, WORD

# Shorter paragraphs are captions, lead-ins and labels, not summaries.
MIN_WORDS = 8
# A paragraph this long, with this share of its three-word phrases said again, says nothing.
CIRCLING_WORDS, CIRCLING_SHARE = 20, 0.45
PRONOUNS = frozenset({"he", "she", "they", "his", "her", "hers", "their", "theirs", "him", "them"})
_NOT_PROSE = re.compile(r"^\s*(?:#|[-*+|>]\s|[-*+|>]$|<|```|\d+[.)]\s|\*\*[^*]+\*\*\s*[·|])")


def check_grounding(text: str, sentences: list[Sentence], context: Context) -> Iterator[Finding]:
    """An `ungrounded_text` error for every prose paragraph that rests on nothing in the data."""
    paragraphs: dict[int, list[Sentence]] = {}
    for sentence in sentences:
        paragraphs.setdefault(sentence.paragraph, []).append(sentence)
    for members in paragraphs.values():
        first, last = members[0], members[-1]
        start, end = first.start, last.start + len(last.text)
        paragraph = text[start:end]
        # Counted as written, numbers too: a paragraph of dates is as empty as one of words.
        if len(paragraph.split()) < MIN_WORDS or _NOT_PROSE.match(first.line) or TAG_LINE.match(first.text) or paragraph.rstrip().endswith(":"):
            continue
        words = {word.lower() for word in WORD.findall(paragraph)}
        # "davidbrochard's month": their login misspelt speaks of them all the same (the name check tells the misspelling).
        about_developer = bool(words & (context.vocabulary.developer | PRONOUNS)) or any(near_login(word, context) for word in words if len(word) >= 5)
        circling = repeated_share(members, context.evidence[None].mentions)
        if circling < CIRCLING_SHARE and rests_on_data(paragraph, about_developer, context):
            continue
        scope = context.scope(first.month)
        about = "" if about_developer else f", and does not speak about {context.name}"
        message = (
            f"this paragraph says nothing: {circling:.0%} of its three-word phrases repeat what it already said"
            if circling >= CIRCLING_SHARE
            else f"this paragraph names none of {context.name}'s work (no work item, term, file, PR or commit of theirs, "
            f"nor a month, repository or count of the period){about}"
        )
        yield Finding(
            kind=FindingKind.UNGROUNDED_TEXT, severity="error", month=scope.month, text=paragraph,
            message=message, offset=start, sentence=paragraph,
        )  # fmt: skip


_WHEN_MONTH = re.compile(
    r"\b(?:in|during|of|late|early|mid|by|through|throughout|last|since|until)\s+(?:the\s+)?(?P<name>" + "|".join(MONTH_NAMES) + r")\b", re.IGNORECASE
)
# The kinds of work a sentence may claim in general words, that the statistics count.
_WORK_CLASSES = re.compile(r"\b(?:bugs?|fix(?:es|ed|ing)?|features?|tests?|testing|documentation|docs|refactor\w*|revert(?:s|ed|ing)?|CI|tooling|lint(?:ing)?)\b", re.IGNORECASE)


_RANKED = re.compile(r"\b(?:busiest|busier|quietest|quieter|most active|least active)\b[^.]*\d", re.IGNORECASE)
_MONTH_WORD = re.compile(r"\b(" + "|".join(MONTH_NAMES) + r")\b")


def check_filler(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """An `ungrounded_text` error for a sentence of prose that names nothing of the work inside a
    paragraph that does ("These updates helped speed up the computation and ensure data integrity
    across different hardware configurations."): no ref, count, term, class of work or specific
    word of the developer's titles and files."""
    text = sentence.text.strip()
    if len(text.split()) < MIN_WORDS or _NOT_PROSE.match(sentence.line) or TAG_LINE.match(text) or text.endswith(":"):
        return
    if PR_REF.search(text) or SHA.search(text) or COUNT.search(text) or DAY_COUNT.search(text) or LINES_DIFF.search(text) or _WORK_CLASSES.search(text):
        return
    # A month of the period named as when the work happened, not as what a sentence praises ("Overall,
    # March showed …"): "Xu Zhao spent much of late November on build and CI plumbing."
    numbers = {int(month[5:7]) for month in context.period_months}
    if any(MONTH_NAMES.index(match.group("name").capitalize()) + 1 in numbers for match in _WHEN_MONTH.finditer(text)):
        return
    # "July was the busiest month, with 13 of those commits": a month of the period ranked by its figures.
    if _RANKED.search(text) and any(MONTH_NAMES.index(name) + 1 in numbers for name in _MONTH_WORD.findall(text)):
        return
    if _names_a_term(text, context) or context.vocabulary.specific_stems(text) or _pairs(text) & context.title_pairs:
        return
    if _names_a_language(text, context.evidence[None].stats.languages):
        return
    # "reduced the number of lines added by 70 and removed 177": an item's lines, told in words.
    numbers = {int(number) for number in re.findall(r"(?<![\w.#])\d+(?!\w|\.\d)", text.replace(",", ""))}
    if any({item.lines_added, item.lines_deleted} <= numbers for item in context.citations.in_scope(scope.month) if item.lines_added and item.lines_deleted):
        return
    # "It also disabled precompilation and wrapped scalar arguments": two words of the code they changed.
    if len(context.vocabulary.code_words_named(text)) >= 2:
        return
    message = f"this sentence names none of {context.name}'s work (no work item, term, file, PR, commit or count of theirs)"
    yield Finding(kind=FindingKind.UNGROUNDED_TEXT, severity="error", month=scope.month, text=text, message=message, offset=sentence.start, sentence=text)


def repeated_share(sentences: list[Sentence], in_data: Callable[[str], bool]) -> float:
    """The share of a paragraph's three-word phrases that it said before, its sentences said
    twice whole counted once, and phrases of the data (`in_data`: a title that repeats itself,
    quoted) not counted as its own repeats; 0 for a paragraph too short to tell."""
    seen: set[str] = set()
    words: list[str] = []
    for sentence in sentences:
        own = re.findall(r"\w+", sentence.text.lower())
        if " ".join(own) not in seen:
            seen.add(" ".join(own))
            words += own
    if len(words) < CIRCLING_WORDS:
        return 0.0
    phrases = [" ".join(words[index : index + 3]) for index in range(len(words) - 2)]
    said: set[str] = set()
    own_repeat: dict[str, bool] = {}
    repeats = 0
    for phrase in phrases:
        if phrase not in said:
            said.add(phrase)
            continue
        if phrase not in own_repeat:
            own_repeat[phrase] = not in_data(phrase)
        repeats += own_repeat[phrase]
    return repeats / len(phrases)


def rests_on_data(paragraph: str, about_developer: bool, context: Context) -> bool:
    vocabulary, whole = context.vocabulary, context.evidence[None]
    if any(int(match.group("number")) in whole.pr_numbers for match in PR_REF.finditer(paragraph)):
        return True
    if any(sha.startswith(token) for token in SHA.findall(paragraph) for sha in whole.shas):
        return True
    if _names_a_term(paragraph, context):
        return True
    stems = vocabulary.specific_stems(paragraph)
    counted = bool(COUNT.search(paragraph) or DAY_COUNT.search(paragraph) or LINES_DIFF.search(paragraph) or TESTED_OF.search(paragraph) or TESTED_SHARE.search(paragraph))
    anchored = about_developer or counted or vocabulary.names_when_or_where(paragraph)
    return vocabulary.names_a_piece(stems) or (anchored and (len(stems) >= 1 or counted or about_developer and vocabulary.names_when_or_where(paragraph)))


def _names_a_language(text: str, languages: list[str]) -> bool:
    """Whether a text names a language of the changed files ("mostly Python, Cuda and Shell"): the
    statistics' language line, which the skill checks hold to the files."""
    return any(re.search(rf"(?<![\w#+-]){re.escape(language)}(?![\w#+])", text, re.IGNORECASE) for language in languages)


def _pairs(text: str) -> set[tuple[str, str]]:
    """A text's neighbouring words, lower case."""
    words = [word.lower() for word in WORD.findall(text)]
    return set(zip(words, words[1:]))


def _names_a_term(text: str, context: Context) -> bool:
    """Whether a text names an identifier or acronym of the developer's commits (not a generic one)."""
    terms = (match.group(match.lastgroup or 0) for match in TERM.finditer(text) if match.lastgroup != "caps" or len(match.group(0)) > 2)
    # An acronym or identifier of the code they changed ("the MPS device name", torch.backends.mps) names their work too.
    everywhere = context.citations.everywhere
    return any(term not in GENERIC_TERMS and (context.evidence[None].mentions(term) or whole_keys(term) & everywhere) for term in terms)
