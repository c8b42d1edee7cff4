"""What becomes of a checked draft's failing parts, short of asking the model again.

A citation the check can correct is corrected; what still fails is removed — a summary sentence,
a highlight, a skill tag — and kept as a warning finding, so nothing unverified is printed as
fact; a summary that names nothing of the work (or is left too short) gives way to the offline
text. The whole draft is then checked once more, as the profile is: a sentence said twice is
said once, an overview that names the work of too few months names the others' first
highlights, and what fails there is removed too. Asking the model to repair a summary is the
drafter's (llm_draft.py).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import NamedTuple

from summarizer.drafting.answers import MonthAnswer, OverviewAnswer, SkillsAnswer, month_draft
from summarizer.drafting.citations import correctable, corrected_evidence, corrected_refs, corrected_text
from summarizer.drafting.offline import draft_offline
from summarizer.drafting.tidy import opened_on_its_own
from summarizer.models.drafts import OVERVIEW, SKILLS, MonthDraft, ProfileDraft, Skills, Span
from summarizer.models.findings import Check, Finding, FindingKind
from summarizer.models.history import History
from summarizer.period import month_label
from summarizer.words import count

# A summary shorter than this many words ("The recent release of the") says nothing.
SHORTEST_SUMMARY = 8
# An overview sentence whose word pairs are mostly one month summary's is copied from it.
COPIED_SHARE = 0.75


class Repairs:
    """One developer's draft as its checks leave it: what was removed or corrected (`removed`), the
    sections whose summary the offline text replaced (`replaced`), each said in `notes`."""

    def __init__(self, history: History, check: Check, notes: list[str]) -> None:
        self.history = history
        self.check = check
        self.notes = notes
        self.removed: list[Finding] = []
        # Sections whose summary the offline text replaced: the model's rested on nothing.
        self.replaced: set[str] = set()
        self._offline: ProfileDraft | None = None

    def errors(self, text: str) -> list[Finding]:
        return _errors(self.check(text))

    def month_errors(self, month: str, answer: MonthAnswer) -> list[Finding]:
        return self.errors(month_draft(month, answer).section().text)

    def checked(self, month: str, answer: MonthAnswer | None, errors: list[Finding]) -> MonthDraft:
        """The month as first answered (None: drafted offline), its failing sentences left out (the
        offline text where too little is left): what the overview is written from."""
        if answer is None:
            return self.offline_month(month)
        summary = opened_on_its_own(_without_sentences(answer.summary, errors))
        if len(summary.split()) < SHORTEST_SUMMARY or _setting_aside(errors, answer.summary):
            return self.offline_month(month)
        draft = month_draft(month, answer)
        failing = _by_part(draft, errors).failing_highlights
        highlights = [highlight for index, highlight in enumerate(draft.highlights) if index not in failing]
        return MonthDraft(month=month, summary=summary, highlights=highlights)

    def in_summary(self, month: str, answer: MonthAnswer, errors: list[Finding]) -> list[Finding]:
        """The errors that stand in the month's summary. Only those are worth a repair: a failing
        highlight or skill tag is removed, and the month keeps its others."""
        return _by_part(month_draft(month, answer), errors).summary

    def corrected_month(self, month: str, answer: MonthAnswer, errors: list[Finding]) -> tuple[MonthAnswer, list[Finding]]:
        """The answer with the citations the check could correct corrected, and its errors after."""
        fixable = correctable(errors)
        if not fixable:
            return answer, errors
        section = month_draft(month, answer).section()
        highlights = [highlight.model_copy() for highlight in answer.highlights]
        in_summary: list[Finding] = []
        corrected: list[Finding] = []
        # Each citation is corrected in the part it stands in: one in no part is left as it is.
        for finding in fixable:
            span = section.span_at(finding.offset)
            if span is None or span.part not in ("summary", "highlight"):
                continue
            if span.part == "summary":
                in_summary.append(finding)
                continue
            highlight, suggestion = highlights[span.index], finding.suggestion or ""
            if finding.text in highlight.evidence:
                highlight.evidence = corrected_evidence(highlight.evidence, finding.text, suggestion)
            elif finding.text in highlight.text:
                highlight.text = corrected_refs(highlight.text, finding.text, suggestion)
            else:
                continue
            corrected.append(finding)
        summary, in_text = corrected_text(answer.summary, in_summary)
        self._corrected(corrected + in_text)
        fixed = answer.model_copy(update={"summary": summary, "highlights": highlights})
        return fixed, self.month_errors(month, fixed)

    def corrected_overview(self, answer: OverviewAnswer) -> tuple[OverviewAnswer, list[Finding]]:
        """The overview with the citations the check could correct corrected, and its errors after."""
        errors = self.errors(answer.overview)
        if fixable := correctable(errors):
            overview, corrected = corrected_text(answer.overview, fixable)
            self._corrected(corrected)
            answer = OverviewAnswer(overview=overview)
            errors = self.errors(answer.overview)
        return answer, errors

    def _corrected(self, findings: list[Finding]) -> None:
        """Reports each corrected citation beside the removed claims: a reviewer sees what changed."""
        for finding in findings:
            message = f"citation corrected in the draft, {finding.text} → {finding.suggestion}: {finding.message}"
            self.removed.append(finding.model_copy(update={"severity": "warning", "message": message}))

    def kept_month(self, month: str, answer: MonthAnswer, errors: list[Finding]) -> MonthDraft:
        """The answer without the sentences, highlights and tags that failed the check."""
        draft = month_draft(month, answer)
        parts = _by_part(draft, errors)
        self._removed_from(parts.highlights, "highlight")
        failing_tags = self._removed_from(parts.skills, "skill tag")
        summary = self.kept_summary(month, answer.summary, parts.summary)
        if month in self.replaced:
            # An answer whose summary did not hold up is not trusted for its highlights and tags:
            # beside such a summary a small model cites real PRs and says nothing of them ("This
            # feature also helps in performance."). The month is the offline text's, as its note says.
            return self.offline_month(month)
        return draft.model_copy(
            update={
                "summary": summary,
                "highlights": [h for index, h in enumerate(draft.highlights) if index not in parts.failing_highlights],
                "skills": _kept_tags(answer.skills, failing_tags),
            }
        )

    def kept_summary(self, key: str, text: str, errors: list[Finding]) -> str:
        """The summary without its failing sentences; the offline text when it would rest on nothing."""
        label = "overview" if key == OVERVIEW else month_label(key)
        offline = self.offline_draft().overview if key == OVERVIEW else self.offline_month(key).summary
        ungrounded = _setting_aside(errors, text)
        if ungrounded:
            self._removed_from(ungrounded, "summary")
            # Why, in the check's words: it names nothing of the work, or it goes round in circles.
            self.notes.append(f"{label}: the model's summary was set aside ({ungrounded[0].message}); the offline text stands in its place")
            self.replaced.add(key)
            return offline
        kept = opened_on_its_own(_without_sentences(text, errors))
        self._removed_from(errors, "sentence")
        if len(kept.split()) < SHORTEST_SUMMARY or (errors and self._rests_on_nothing(key, kept)):
            self.notes.append(f"{label}: too little of the model's summary held up; the offline text stands in its place")
            self.replaced.add(key)
            return offline
        if errors and key != OVERVIEW and not self._names_its_work(key, kept):
            # What held up of a summary the check cut is its frame ("He made significant contributions
            # in November 2025"), without the work the cut sentences named.
            self.notes.append(f"{label}: what held up of the model's summary named none of the month's work; the offline text stands in its place")
            self.replaced.add(key)
            return offline
        return kept

    def _names_its_work(self, month: str, summary: str) -> bool:
        """Whether a month's summary names any of its work items: a pair of neighbouring words of a
        title, or an identifier of one ("hl.split")."""
        items = next((activity.items for activity in self.history.months if activity.month == month), [])
        said, words = _word_pairs(summary), {_word_key(word) for word in _TITLE_WORD.findall(summary)}
        return any(
            _word_pairs(item.title) & said or any(_IDENTIFIER.search(word) and _word_key(word) in words for word in _TITLE_WORD.findall(item.title))
            for item in items
        )

    def _rests_on_nothing(self, key: str, summary: str) -> bool:
        text = summary if key == OVERVIEW else MonthDraft(month=key, summary=summary).section().text
        return any(finding.kind == FindingKind.UNGROUNDED_TEXT for finding in self.check(text))

    def kept_skills(self, answer: SkillsAnswer) -> Skills:
        """The skill tags no failing claim stands in."""
        text = f"Languages: {', '.join(answer.languages)}\n\nTechnical: {', '.join(answer.technical)}"
        failing = self._removed_from(self.errors(text), "skill tag")
        return Skills(languages=_kept_tags(answer.languages, failing), technical=_kept_tags(answer.technical, failing))

    def finished(self, months: list[MonthDraft], overview: str, skills: Skills) -> ProfileDraft:
        """The draft of the checked sections, checked whole, with every claim removed or corrected on the way."""
        overview = self._covering(self._without_month_copies(overview, months), months)
        checked = self._checked_whole(ProfileDraft(overview=overview, months=months, skills=skills))
        # What the whole draft's check took out is among the removed claims too.
        return checked.model_copy(update={"removed": self.removed})

    def _without_month_copies(self, overview: str, months: list[MonthDraft]) -> str:
        """The overview without the sentences it copied from a month's summary. Said twice, a
        sentence is kept where it was said first, and the overview comes first: the month would
        lose what it tells, and may be left with nothing to say."""
        # A month's summary whole: the overview may join two of its sentences into one.
        said = [_word_pairs_of(month.summary) for month in months]
        sentences = _SENTENCE_BREAK.split(overview)
        kept = [sentence for sentence in sentences if not _copied(sentence, said)]
        copied = len(sentences) - len(kept)
        if not copied:
            return overview
        self.notes.append(f"overview: removed {count(copied, 'sentence')} it copied from the months")
        return self.kept_summary(OVERVIEW, " ".join(kept), [])

    def _covering(self, overview: str, months: list[MonthDraft]) -> str:
        """The overview speaking of the whole period: where it names the work of fewer than half of
        the active months (a pair of words from their titles that few titles share), a sentence
        names the first highlight of each month it left out that holds said there."""
        titles = [(month.month, _word_pairs(item.title)) for month in self.history.months for item in month.items]
        shared = Counter(pair for _, pairs in titles for pair in pairs)
        said = _word_pairs(overview)
        named = {month for month, pairs in titles if any(shared[pair] <= _FEW_TITLES for pair in pairs & said)}
        if 2 * len(named) >= len(self.history.months):
            return overview
        left = [part for month in months if month.month not in named and (part := self._said_again(month)) is not None]
        if not left:
            return overview
        self.notes.append(f"overview: it named the work of {count(len(named), 'month')} of {len(self.history.months)}; a sentence names the others' first highlights")
        return f"{overview} {_COVERING} {_listed(left)}."

    def _said_again(self, month: MonthDraft) -> str | None:
        """The month's first highlight that holds said in the overview, without its refs ("added
        persistent kernels (July 2025)"): checked there again, since a claim its ref anchored in the
        month may read as another's work without it."""
        for highlight in month.highlights:
            part = f"{highlight.text[:1].lower()}{highlight.text[1:]} ({month_label(month.month)})"
            if not self.errors(f"{_COVERING} {part}."):
                return part
        return None

    def _checked_whole(self, draft: ProfileDraft) -> ProfileDraft:
        """The draft checked whole, as the profile is: without a sentence or highlight it says a
        second time (the first saying stays), and without what fails there though its section's
        check let it pass (a highlight the model wrote twice is reported once by that check, so
        only its first saying went with the section's errors)."""
        failing = self._failing_parts(draft)
        if not failing:
            return draft
        repeats = sum(finding.kind == FindingKind.DUPLICATE_TEXT for findings in failing.values() for finding in findings)
        if repeats:
            self.notes.append(f"removed {repeats} repeated {'sentence' if repeats == 1 else 'sentences'} from the draft")
        texts = {OVERVIEW: draft.overview} | {month.month: month.summary for month in draft.months}
        replaced_before = set(self.replaced)
        dropped: set[tuple[str, int]] = set()
        tags: dict[str, set[str]] = defaultdict(set)  # section -> its failing tags
        for span, findings in failing.items():
            errors = [finding for finding in findings if finding.kind != FindingKind.DUPLICATE_TEXT]
            if span.part == "highlight":
                dropped.add((span.section, span.index))
                self._removed_from(errors, "highlight")
            elif span.part == "summary":
                text = texts[span.section]
                for finding in sorted(findings, key=lambda f: -(f.offset or 0)):
                    if finding.kind == FindingKind.DUPLICATE_TEXT:
                        start = (finding.offset or 0) - span.start
                        text = text[:start] + text[start + len(finding.text) :]
                # A paragraph left too short by a repeat's removal gives way to the offline text too.
                texts[span.section] = self.kept_summary(span.section, text, errors)
            else:
                tags[span.section] |= self._removed_from(errors, "skill tag")
        return draft.model_copy(
            update={
                "overview": texts[OVERVIEW],
                "months": [
                    self.offline_month(month.month)
                    if month.month in self.replaced - replaced_before
                    else month.model_copy(
                        update={
                            "summary": texts[month.month],
                            "highlights": [h for index, h in enumerate(month.highlights) if (month.month, index) not in dropped],
                            "skills": _kept_tags(month.skills, tags[month.month]),
                        }
                    )
                    for month in draft.months
                ],
                "skills": Skills(languages=_kept_tags(draft.skills.languages, tags[SKILLS]), technical=_kept_tags(draft.skills.technical, tags[SKILLS])),
            }
        )

    def _failing_parts(self, draft: ProfileDraft) -> dict[Span, list[Finding]]:
        section = draft.section()
        failing: dict[Span, list[Finding]] = defaultdict(list)
        for finding in self.check(section.text):
            span = section.span_at(finding.offset)
            if span is not None and (finding.kind == FindingKind.DUPLICATE_TEXT or finding.severity == "error"):
                failing[span].append(finding)
        return failing

    def _removed_from(self, findings: list[Finding], what: str) -> set[str]:
        for finding in findings:
            removed = finding.model_copy(update={"severity": "warning", "message": f"{what} removed from the draft: {finding.message}"})
            # A tag a model repeated is reported once.
            if not any((earlier.kind, earlier.month, earlier.text, earlier.message) == (removed.kind, removed.month, removed.text, removed.message) for earlier in self.removed):
                self.removed.append(removed)
        return {finding.text for finding in findings}

    def offline_month(self, month: str) -> MonthDraft:
        return next(draft for draft in self.offline_draft().months if draft.month == month)

    def offline_draft(self) -> ProfileDraft:
        """The offline draft, made once, when first needed: what stands in for what the model's answers cannot give."""
        if self._offline is None:
            self._offline = draft_offline(self.history)
        return self._offline


class _ByPart(NamedTuple):
    """A month's findings by the part of its section they stand in; one in no part (on the heading,
    or without an offset: about the whole) counts as the summary's."""

    summary: list[Finding]
    highlights: list[Finding]
    skills: list[Finding]
    failing_highlights: set[int]  # the indexes of the highlights they stand in


def _by_part(draft: MonthDraft, findings: list[Finding]) -> _ByPart:
    section = draft.section()
    by_part: dict[str, list[Finding]] = defaultdict(list)
    failing_highlights: set[int] = set()
    for finding in findings:
        span = section.span_at(finding.offset)
        by_part[span.part if span else "summary"].append(finding)
        if span and span.part == "highlight":
            failing_highlights.add(span.index)
    return _ByPart(by_part["summary"], by_part["highlight"], by_part["skills"], failing_highlights)


# A word of a title, or an identifier.
_TITLE_WORD = re.compile(r"[A-Za-z_][\w.]*[A-Za-z0-9_]")


def _word_key(word: str) -> str:
    return word.lower().rstrip(".").removesuffix("s")


# A pair of title words shared by more titles than this names no one piece of work.
_FEW_TITLES = 3
_FUNCTION_WORDS = frozenset("the a an and or of to for in on with by from as at is be it its that this into when not no".split())


def _word_pairs(text: str) -> set[tuple[str, str]]:
    """Neighbouring words of a text, lower case, without a plural s: ("phi", "node"), ("persistent", "kernel")."""
    words = [_word_key(word) for word in _TITLE_WORD.findall(text)]
    return {(first, second) for first, second in zip(words, words[1:]) if not {first, second} & _FUNCTION_WORDS}


_COVERING = "The period's work also included:"
# A title's word that names a thing of the code: `hl.split`, `out_dtype`, `fp8`.
_IDENTIFIER = re.compile(r"[._]|[a-z][0-9]|[0-9][a-z]|[a-z][A-Z]")


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def _word_pairs_of(sentence: str) -> set[tuple[str, str]]:
    words = _sentence_key(sentence).split()
    return set(zip(words, words[1:]))


def _copied(sentence: str, said: list[set[tuple[str, str]]]) -> bool:
    """Whether a sentence of six words or more is copied from one of `said` (a month summary's word
    pairs), under another opening ("Between June and November 2025, he …" for "In November 2025,
    he …") or joined from two of its sentences: COPIED_SHARE of its word pairs are that summary's."""
    pairs = _word_pairs_of(sentence)
    return len(pairs) >= 5 and any(len(pairs & other) >= COPIED_SHARE * len(pairs) for other in said)


def _sentence_key(sentence: str) -> str:
    """A sentence as the check of repeated sentences compares it: its words, lower case."""
    return " ".join(re.findall(r"\w+", sentence.lower()))


def _without_sentences(text: str, findings: list[Finding]) -> str:
    """`text` without the sentences the findings stand in, its spacing made whole again."""
    for sentence in {finding.sentence for finding in findings if finding.sentence}:
        text = text.replace(sentence, "")
    return " ".join(text.split())


def _setting_aside(errors: list[Finding], summary: str) -> list[Finding]:
    """The findings that set a summary aside: a paragraph of it that names nothing of the work, or
    goes round in circles. A sentence of filler in a paragraph that names work ("This was a
    productive month for the project."), or an effect or praise told of named work ("…, which
    improved the performance"), goes with its sentence only, as any other failing claim does."""
    paragraphs = {paragraph.strip() for paragraph in _PARAGRAPH_BREAK.split(summary)}
    return [finding for finding in errors if finding.kind == FindingKind.UNGROUNDED_TEXT and finding.text.strip() in paragraphs]


_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


def _errors(findings: list[Finding]) -> list[Finding]:
    return [finding for finding in findings if finding.severity == "error"]


def _kept_tags(tags: list[str], failing: set[str]) -> list[str]:
    """The tags no failing claim stands in ("NCCL tuning" goes when "NCCL" fails), each once."""
    kept: dict[str, str] = {}
    for tag in tags:
        if not any(text in tag for text in failing):
            kept.setdefault(tag.lower(), tag)
    return list(kept.values())
