"""The checks run over a text: `validate` (and `Checker`, bound to one history) is the entry point."""

from __future__ import annotations

import re
from collections.abc import Iterator

from summarizer.models.findings import Finding, FindingKind
from summarizer.models.history import History
from summarizer.period import month_label
from summarizer.validation.acronyms import expansions as acronym_expansions
from summarizer.validation.citations import check_citations, check_figure_sources, check_months_of_work, swapped_between
from summarizer.validation.claims import check_counts, check_figures, check_identifiers, check_quantities, check_word_figures, refs_in
from summarizer.validation.colleagues import check_colleagues
from summarizer.validation.context import Context, finding
from summarizer.validation.echo import check_echoes
from summarizer.validation.effects import check_consequences, check_effects
from summarizer.validation.evidence import Evidence
from summarizer.validation.grounding import check_filler, check_grounding
from summarizer.validation.items import ref_of
from summarizer.validation.prose import check_names, check_skills, find_duplicates
from summarizer.validation.quotes import without_quoted_titles
from summarizer.validation.sections import MONTH_MENTION, PR_REF, SHA, Sentence, month_mentions, split_sentences, within_spans
from summarizer.validation.signal_claims import SIGNAL_ROW, check_signal_claims, check_signal_row, check_testing_claims
from summarizer.validation.terms import (
    check_expansions,
    check_repositories,
    check_terms,
    expanded_acronyms,
)


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
    sentences = split_sentences(text, history.period.months())
    # Quoted titles are blanked for the checks of claims; a paragraph is grounded, and a sentence
    # repeated, by what it quotes as much as by what it says.
    blanked = without_quoted_titles(text, sentences, context)
    claims = sentences if blanked == text else split_sentences(blanked, history.period.months())
    findings: list[Finding] = []
    fillers: list[Finding] = []
    # What the sentences around a claim of effect cite: its paragraph, else the rest of its month's.
    paragraphs_of: dict[int, list[str]] = {}
    months_of: dict[str | None, list[str]] = {}
    for sentence in claims:
        paragraphs_of.setdefault(sentence.paragraph, []).append(sentence.text)
        months_of.setdefault(sentence.month, []).append(sentence.text)
    for sentence in claims:
        scope = context.scope(sentence.month)
        found = len(findings)
        if SIGNAL_ROW.match(sentence.text.strip()):
            # The table's figures, items and definitions are the signals' own words: only its figure can be wrong.
            findings += check_signal_row(sentence, scope, context)
            continue
        findings += _wrong_months(sentence, scope, history, context)
        expansions = list(check_expansions(sentence, context))
        findings += expansions
        findings += check_identifiers(sentence, scope, context)
        findings += check_citations(sentence, scope, context)
        findings += check_months_of_work(sentence, scope, context)
        findings += check_counts(sentence, scope, context)
        findings += check_signal_claims(sentence, scope, context)
        findings += check_figures(sentence, scope, context)
        findings += check_quantities(sentence, scope, context)
        findings += check_word_figures(sentence, scope, context)
        findings += check_figure_sources(sentence, scope, context)
        findings += check_names(sentence, scope, context)
        findings += check_repositories(sentence, scope, context)
        # The words of an acronym spelled out are the expansion's, right or wrong, not a colleague's
        # phrase nor a language the work was written in: "CUTLASS (CUDA Templates for …)", "FlashAttention-3 (FA3)".
        spelled = [(sentence.start + start, sentence.start + end) for start, end in (expansion.span for expansion in acronym_expansions(sentence.text))]
        told = list(check_skills(sentence, scope, context)) + list(check_terms(sentence, scope, context, expanded_acronyms(expansions)))
        told += check_colleagues(sentence, scope, context)
        findings += [f for f in told if f.kind not in _SPELLED_OUT or not any(start <= (f.offset or 0) < end for start, end in spelled)]
        findings += check_echoes(sentence, scope, context)
        findings += check_consequences(sentence, scope, context)
        findings[found:] = _one_per_misplaced_ref(findings[found:])
        findings[found:] = _one_per_colleague_commit(findings[found:], sentence)
        findings[found:] = _without_figures_of_suggested(findings[found:], context)
        findings[found:] = _one_per_name(findings[found:])
        findings[found:] = _one_per_colleague_phrase(findings[found:])
        # A sentence wrong for a reason of its own (another's work, a term nobody wrote) is told so,
        # not also as naming nothing; the outcome a sentence that cites its work appends (", ensuring a
        # smoother user experience"), and an effect beside a language ("enhance the reliability …,
        # easier to integrate with other Python projects") or a misspelled name, are claims beside its others.
        if not any(f.kind not in _BESIDE_CLAIMS for f in findings[found:]) or refs_in(sentence.text):
            around = (" ".join(paragraphs_of[sentence.paragraph]), " ".join(months_of[sentence.month]))
            told_already = [f for f in findings[found:] if f.kind == FindingKind.UNGROUNDED_TEXT]
            cited_wrong = any(f.kind == FindingKind.WRONG_EVIDENCE for f in findings[found:])
            findings += [f for f in check_effects(sentence, around, scope, context, cited_wrong) if not any(_within(f, outcome) for outcome in told_already)]
        findings += check_testing_claims(sentence, scope, context)
        if not findings[found:]:
            fillers += check_filler(sentence, scope, context)
    findings += swapped_between(claims, findings, context)
    # A sentence that copies the prompt is condemned whole: its citation, the prompt's words ("the
    # DATA block"), are no claims of their own. A skill is: "Fortran, JavaScript" copies one and invents one.
    echoes = {finding.offset for finding in findings if finding.kind == FindingKind.PROMPT_ECHO}
    findings = [f for f in findings if f.kind in (FindingKind.PROMPT_ECHO, FindingKind.UNSUPPORTED_SKILL) or not _within_echo(f, echoes, claims)]
    findings += find_duplicates(sentences, context)
    paragraphs = list(check_grounding(text, sentences, context))
    # A paragraph that names nothing is one finding, not one more for each of its sentences.
    findings += paragraphs + [f for f in fillers if not any(_within(f, paragraph) for paragraph in paragraphs)]
    return _deduplicated(sorted(_months_told_by_their_refs(findings, context), key=lambda f: (f.offset or 0, f.kind)))


# What the words of an acronym spelled out are not.
_SPELLED_OUT = (FindingKind.OTHER_AUTHOR, FindingKind.UNSUPPORTED_SKILL)
# Findings that say nothing of the work a sentence tells: its effects are checked beside them.
_BESIDE_CLAIMS = (FindingKind.UNSUPPORTED_SKILL, FindingKind.NAME_MISMATCH)


def _months_told_by_their_refs(found: list[Finding], context: Context) -> list[Finding]:
    """The findings, without "no commit landed in May 2025" where a ref told under May is found to
    be another month's: the ref's finding says where the work belongs, and with it what May lacks."""
    misplaced = {f.month for f in found if f.kind == FindingKind.WRONG_MONTH and (PR_REF.fullmatch(f.text) or SHA.fullmatch(f.text))}
    return [
        f for f in found
        if not (f.kind == FindingKind.WRONG_MONTH and f.month in misplaced and MONTH_MENTION.fullmatch(f.text) and not context.scope(f.month).stats.commits)
    ]  # fmt: skip


def _one_per_misplaced_ref(found: list[Finding]) -> list[Finding]:
    """A sentence's findings, without the names, terms and languages it places in a month whose ref
    it also places there ("level-88 conditions (#12)" in April, both March's): the ref's finding tells it."""
    refs = {f.suggestion for f in found if f.kind == FindingKind.WRONG_MONTH and (PR_REF.fullmatch(f.text) or SHA.fullmatch(f.text))}
    # "… scripts/run-on-tpu.sh, a Bash helper (#1943)" under May, #1943 April's: the language is April's too.
    return [
        f for f in found
        if (f.kind != FindingKind.WRONG_MONTH or f.suggestion not in refs or PR_REF.fullmatch(f.text) or SHA.fullmatch(f.text))
        and not (f.kind == FindingKind.UNSUPPORTED_SKILL and refs)
    ]  # fmt: skip


def _one_per_colleague_phrase(found: list[Finding]) -> list[Finding]:
    """A sentence's findings, without a term inside a phrase given to a teammate ("WarpSpec" of "added
    a WarpSpec version of Flash Attention"): the teammate's finding tells it."""
    theirs = [f for f in found if f.kind == FindingKind.OTHER_AUTHOR]
    told = (FindingKind.WRONG_MONTH, FindingKind.UNGROUNDED_TERM)
    kept = [f for f in found if f.kind not in told or not any(_within(f, phrase) for phrase in theirs)]
    # An outcome no cited item tells (", which eliminated … failures on AMD GPUs") is one finding, its words none of their own.
    outcomes = [f for f in kept if f.kind == FindingKind.UNGROUNDED_TEXT]
    return [f for f in kept if f.kind not in (*told, FindingKind.OTHER_AUTHOR) or not any(_within(f, outcome) for outcome in outcomes)]


def _one_per_name(found: list[Finding]) -> list[Finding]:
    """A sentence's findings, without a term that is a part of a name it misspells ("Wong" of
    "Eikan Wong"): the name's finding tells it."""
    in_a_name = within_spans([((f.offset or 0), (f.offset or 0) + len(f.text)) for f in found if f.kind == FindingKind.NAME_MISMATCH])
    return [f for f in found if f.kind != FindingKind.UNGROUNDED_TERM or not in_a_name(f.offset or 0)]


def _one_per_colleague_commit(found: list[Finding], sentence: Sentence) -> list[Finding]:
    """A sentence's findings, with the phrases it takes from one colleague's commit close together
    ("the DE-Surrogate hybrid autotuner with an early-stopping option") as one finding."""
    kept: list[Finding] = []
    last: dict[str, int] = {}  # a colleague commit's message -> where its last finding is kept
    for item in sorted(found, key=lambda f: f.offset or 0):
        at = last.get(item.message) if item.kind == FindingKind.OTHER_AUTHOR else None
        previous = kept[at] if at is not None else None
        if previous is None or at is None or (item.offset or 0) - ((previous.offset or 0) + len(previous.text)) > _CLOSE:
            if item.kind == FindingKind.OTHER_AUTHOR:
                last[item.message] = len(kept)
            kept.append(item)
            continue
        start = (previous.offset or 0) - sentence.start
        end = max((previous.offset or 0) + len(previous.text), (item.offset or 0) + len(item.text)) - sentence.start
        kept[at] = previous.model_copy(update={"text": sentence.text[start:end]})
    return kept


# Characters between two phrases of one commit that make them one claim.
_CLOSE = 40


def _without_figures_of_suggested(found: list[Finding], context: Context) -> list[Finding]:
    """A sentence's findings, without a number the item its wrong ref should be is the one to state
    ("the final rebenchmark of 32 finalists (#2990)", #2992's): the ref's finding tells it."""
    suggested = {f.suggestion for f in found if f.kind == FindingKind.WRONG_EVIDENCE and f.suggestion}
    if not suggested:
        return found
    stated = set().union(*(context.citations.stated[item.id] for item in context.citations.items if ref_of(item) in suggested))
    return [f for f in found if f.kind not in (FindingKind.UNSUPPORTED_NUMBER, FindingKind.WRONG_COUNT) or _leading_number(f.text) not in stated]


def _leading_number(text: str) -> int | None:
    digits = re.match(r"\d[\d,]*", text)
    return int(digits.group(0).replace(",", "")) if digits else None


def _wrong_months(sentence: Sentence, scope: Evidence, history: History, context: Context) -> Iterator[Finding]:
    """The months a sentence names that are none of the developer's: one it speaks of where no
    commit landed, one outside the period wherever it stands. Every sentence that names one
    has its own finding: a drafter removes the failing sentences, and must find them all."""
    reported = set()
    if sentence.month and not scope.stats.commits and (mention := MONTH_MENTION.search(sentence.text)):
        reported.add(sentence.month)
        active = [month.month for month in history.months]
        nearest = min(active, key=lambda month: abs(_index(month) - _index(sentence.month or month))) if active else None
        yield finding(FindingKind.WRONG_MONTH, sentence, mention, scope, f"no commit of {context.name} landed in {month_label(sentence.month)}", nearest)
    period = history.period
    for span, month in month_mentions(sentence.text):
        if month not in period and month not in reported:
            reported.add(month)
            outside = f"{month_label(month)} is outside the period ({month_label(period.since)} to {month_label(period.until)})"
            yield finding(FindingKind.WRONG_MONTH, sentence, span, scope, outside)


def _within_echo(finding: Finding, echoes: set[int | None], sentences: list[Sentence]) -> bool:
    return any(sentence.start in echoes and sentence.start <= (finding.offset or 0) < sentence.start + len(sentence.text) for sentence in sentences)


def _within(finding: Finding, outer: Finding) -> bool:
    """Whether a finding starts inside the text another finding covers (a paragraph, an expansion)."""
    start = outer.offset or 0
    return start <= (finding.offset or 0) < start + len(outer.text)


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

