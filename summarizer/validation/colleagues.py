"""A colleague's work credited to the developer: phrases their commits never use, another author's do.

The most damaging error a profile makes gives one person's work to another: "added
bilinear resampling" in the developer's month, when a teammate landed it. Capitalised
terms are checked elsewhere; this looks at the content of every sentence, lowercase
words included, as pairs of neighbouring content words ("bilinear resampling", "weight
offload"): stop words left out, each word stemmed, never across punctuation. A pair
is reported when none of the developer's commits of the period uses it, a commit another
author landed in their repositories in that month does, and it is specific: at least one
of its words is not a generic one, and few of the period's commits — theirs and others' —
use it (at most RARE_SHARE of them, and never fewer than RARE_LEAST), so that
"performance improvements" never counts as anyone's.
"""

from __future__ import annotations

from collections.abc import Iterator

from summarizer.activity import Commit
from summarizer.validation.context import Context, finding
from summarizer.validation.evidence import Evidence
from summarizer.validation.model import Finding, FindingKind
from summarizer.validation.phrases import Token, tokens
from summarizer.validation.prose import TAG_LINE
from summarizer.validation.sections import Sentence


def check_colleagues(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    if TAG_LINE.match(sentence.text) or sentence.text.lstrip().startswith(("#", "|")):
        return
    colleagues = context.colleagues
    months = [scope.month] if scope.month else [month.month for month in context.history.months]
    phrases: list[tuple[list[Token], Commit]] = []
    for run in tokens(sentence.text):
        for first, second in zip(run, run[1:]):
            # A person's name is a name, checked as one, not work.
            if sentence.text[first.start : second.end].lower() in context.people:
                continue
            commit = colleagues.landed_by_others((first.stem, second.stem), months)
            if commit is None:
                continue
            if phrases and phrases[-1][0][-1] == first:  # one phrase, however many pairs it holds
                phrases[-1][0].append(second)
            else:
                phrases.append(([first, second], commit))
    for words, commit in phrases:
        # "added bilinear resampling": the phrase is the specific words, not the verb before them.
        while len(words) > 1 and colleagues.is_common(words[0].stem):
            words.pop(0)
        while len(words) > 1 and colleagues.is_common(words[-1].stem):
            words.pop()
        message = f"landed by {commit.author_name} in {commit.short_sha}, not by {context.name}: “{commit.subject}”"
        yield finding(FindingKind.OTHER_AUTHOR, sentence, (words[0].start, words[-1].end), scope, message)
