"""Validation: every claim in a summary checked against the commit metadata (SPEC §6).

Pure functions, no I/O. `validate` is the entry point.

Design:
1. evidence: for each active month and for the whole period, what a claim may rest on —
   the commits' subjects, bodies and paths, their SHAs and PR numbers, the statistics
2. sections: the text cut into sentences, each scoped to the month it speaks of
3. checks: identifiers, counts, figures, names, repositories, terms, acronym
   expansions, skill tags, phrases of another author's work — each sentence against its
   month's evidence, a claim that holds only in another month being `wrong_month`; then repeated sentences, and
   paragraphs that rest on nothing in the data
"""

from __future__ import annotations

from summarizer.months import History
from summarizer.period import month_label
from summarizer.validation.claims import check_counts, check_figures, check_identifiers
from summarizer.validation.colleagues import check_colleagues
from summarizer.validation.context import Context, finding
from summarizer.validation.grounding import check_grounding
from summarizer.validation.model import Finding, FindingKind, Severity
from summarizer.validation.prose import check_names, check_skills, find_duplicates
from summarizer.validation.sections import MONTH_MENTION, month_mentions, split_sentences
from summarizer.validation.terms import (
    check_expansions,
    check_repositories,
    check_terms,
    expanded_acronyms,
)

__all__ = ["Checker", "Finding", "FindingKind", "Severity", "validate"]


def validate(text: str, history: History) -> list[Finding]:
    """Every claim in `text` that the history's commits do not support, in text order."""
    return Checker(history)(text)


class Checker:
    """A validator bound to one history, for checking many texts against it."""

    def __init__(self, history: History) -> None:
        self.history = history
        self.context = Context(history)

    def __call__(self, text: str) -> list[Finding]:
        return _validate(text, self.history, self.context)


def _validate(text: str, history: History, context: Context) -> list[Finding]:
    sentences = split_sentences(text)
    findings: list[Finding] = []
    reported_months: set[str] = set()
    for sentence in sentences:
        scope = context.scope(sentence.month)
        if sentence.month and not scope.stats.commits and sentence.month not in reported_months:
            reported_months.add(sentence.month)
            mention = MONTH_MENTION.search(sentence.text)
            if mention is not None:
                active = [month.month for month in history.months]
                nearest = min(active, key=lambda month: abs(_index(month) - _index(sentence.month or month))) if active else None
                findings.append(
                    finding(FindingKind.WRONG_MONTH, sentence, mention, scope, f"no commit of {context.name} landed in {month_label(sentence.month)}", nearest)
                )
        for span, month in month_mentions(sentence.text):
            # A month outside the period is no month of this profile's, wherever the sentence names it.
            if month not in history.period and month not in reported_months:
                reported_months.add(month)
                findings.append(finding(
                    FindingKind.WRONG_MONTH, sentence, span, scope,
                    f"{month_label(month)} is outside the period ({month_label(history.period.since)} to {month_label(history.period.until)})",
                ))  # fmt: skip
        expansions = list(check_expansions(sentence, context))
        findings += expansions
        findings += check_identifiers(sentence, scope, context)
        findings += check_counts(sentence, scope, context)
        findings += check_figures(sentence, scope, context)
        findings += check_names(sentence, scope, context)
        findings += check_repositories(sentence, scope, context)
        findings += check_skills(sentence, scope, context)
        findings += check_terms(sentence, scope, context, expanded_acronyms(expansions))
        findings += check_colleagues(sentence, scope, context)
    findings += find_duplicates(sentences, context)
    findings += check_grounding(text, sentences, context)
    return _deduplicated(sorted(findings, key=lambda f: (f.offset or 0, f.kind)))


def _index(month: str) -> int:
    return int(month[:4]) * 12 + int(month[5:7])


def _deduplicated(findings: list[Finding]) -> list[Finding]:
    """One finding per span: a term also caught as a repository is reported once."""
    kept: list[Finding] = []
    spans: set[tuple[int | None, int]] = set()
    for item in findings:
        span = (item.offset, len(item.text))
        if span not in spans:
            spans.add(span)
            kept.append(item)
    return kept

