"""Drafting with an LLM: months concurrently, then the overview and the skills.

Design, for each month:
1. its work items as a DATA block (trimmed, redacted); over the token budget, chunks of
   whole items are drafted separately and merged by a second call (map-reduce); a server
   whose context cannot hold a prompt gets the data in parts that fit it, by its own count
   of the prompt where it says it (else in halves)
2. the draft is checked; a citation the check can correct (a ref cited for work another of the
   developer's items tells) is corrected without asking the model; the summary sentences that
   still fail go back to the model once, alone, as a repair prompt (a failing highlight or
   skill tag is not worth a request: it is removed, and the month keeps its others)
3. what still fails is removed — a summary sentence, a highlight, a skill tag — and
   kept as a warning finding, so nothing unverified is printed as fact; a summary that
   names nothing of the work (or is left empty) is replaced by the offline text
4. a month whose answers cannot be used falls back to the offline draft, and says so
Then the overview (from the checked month summaries and the statistics) and the skill
tags go the same way, and the whole draft is checked once more, as the profile is: a
sentence said twice is said once, and what fails there is removed too.
The checker is handed in: drafting never reaches into validation.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter, defaultdict
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, Field

from summarizer.drafting.citations import correctable, corrected_evidence, corrected_refs, corrected_text
from summarizer.drafting.data import ItemData, chunks_within, month_items, signal_figures, to_json
from summarizer.drafting.llm import ChatClient, Deferred, PromptTooLong, UnusableAnswer
from summarizer.drafting.offline import draft_offline
from summarizer.drafting.progress import DraftingProgress
from summarizer.drafting.tidy import as_profile_writes, opened_on_its_own, ref_as_profile_writes
from summarizer.drafting.tokens import TokenCounter, estimated_cost
from summarizer.models.drafts import OVERVIEW, SKILLS, DraftingReport, DraftPlan, Highlight, MonthDraft, MonthPlan, ProfileDraft, Skills, Span
from summarizer.models.findings import Check, Finding, FindingKind
from summarizer.models.history import History, MonthActivity
from summarizer.months import area_of
from summarizer.period import month_label
from summarizer.prompt_templates import PromptTemplate, load_prompt
from summarizer.words import count

COMPLETION_ESTIMATE = 400  # tokens an answer takes, for estimates before any is written
# Below this many tokens of data a prompt says too little to be worth drafting from.
MIN_BUDGET = 500
# The share of a server's room that data fitted to it fills: its count of one prompt scales to
# the others only roughly.
FITTED_SHARE = 0.9
# A summary shorter than this many words ("The recent release of the") says nothing.
SHORTEST_SUMMARY = 8
OVERVIEW_STEP, SKILLS_STEP = "overview", "skills"
CONTEXT_NOTE = "the model's context cannot hold some months' prompts whole: their data is sent in parts (and merged)"


# The answers' lists are bounded in their schema (maxItems, which OpenAI's strict mode,
# llama.cpp, vLLM and Ollama all enforce while the answer is generated): a small model
# that starts repeating list entries is stopped at the bound instead of at max_tokens.
class AnswerHighlight(BaseModel):
    text: str
    evidence: list[str] = Field(max_length=3)


class MonthAnswer(BaseModel):
    summary: str
    highlights: list[AnswerHighlight] = Field(max_length=5)
    skills: list[str] = Field(max_length=6)


class OverviewAnswer(BaseModel):
    overview: str


class SkillsAnswer(BaseModel):
    languages: list[str] = Field(max_length=8)
    technical: list[str] = Field(max_length=10)


Draft = TypeVar("Draft", MonthAnswer, OverviewAnswer)


@dataclass
class FirstAnswer:
    """A month's first answer (None: drafted offline), the items and budget it was asked with, and its check's errors."""

    month: MonthActivity
    items: list[ItemData]
    answer: MonthAnswer | None = None
    budget: int = 0
    errors: list[Finding] = field(default_factory=list)


async def every(*awaitables: Awaitable[Any]) -> list[Any]:
    """Each result, once all are in: every answer or failure is cached before the first failure is
    raised — a run's fatal error first, else a request left for a batch (every one of them recorded)."""
    results = await asyncio.gather(*awaitables, return_exceptions=True)
    failures = [result for result in results if isinstance(result, BaseException)]
    for failure in sorted(failures, key=lambda failure: isinstance(failure, Deferred)):
        raise failure
    return list(results)


async def _until_one_fails(awaitables: list[Awaitable[Any]]) -> list[Any]:
    """Each result or failure, like gather's; but once one is unusable the others are cancelled
    (their streams closed, so the server stops generating): one part failing fails the whole.
    A request left for a batch is no failure: its siblings are still collected."""
    tasks = [asyncio.ensure_future(awaitable) for awaitable in awaitables]
    pending: set[asyncio.Future[Any]] = set(tasks)
    try:
        while pending:
            done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_EXCEPTION)
            if any(isinstance(task.exception(), UnusableAnswer) for task in done if not task.cancelled()):
                break
    finally:  # the month itself cancelled, too
        for task in pending:
            task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    return [result for result in results if not isinstance(result, asyncio.CancelledError)]


class LLMDrafter:
    def __init__(
        self, history: History, client: ChatClient, check: Check, counter: TokenCounter, budget: int, progress: DraftingProgress
    ) -> None:
        self.history = history
        self.client = client
        self.check = check
        self.counter = counter
        self.budget = budget
        self.progress = progress
        client.progress = progress
        self.single_repo = len(history.repositories) == 1
        self.shas = {commit.sha for month in history.months for commit in month.commits}
        self.removed: list[Finding] = []
        self.notes: list[str] = []
        # Sections whose summary the offline text replaced: the model's rested on nothing.
        self.replaced: set[str] = set()
        self._offline: ProfileDraft | None = None

    def steps(self) -> list[str]:
        return [month_label(month.month) for month in self.history.months] + [OVERVIEW_STEP, SKILLS_STEP]

    def draft(self) -> tuple[ProfileDraft, DraftingReport]:
        client = self.client
        self.progress.begin(self.steps(), client.settings.model, client.settings.base_url)
        try:
            drafted = asyncio.run(self.draft_sections())
        finally:
            self.progress.end()
        return self.finished(*drafted)

    def finished(self, months: list[MonthDraft], overview: str, skills: Skills) -> tuple[ProfileDraft, DraftingReport]:
        """The draft of the sections `draft_sections` gave, and how it was made."""
        client = self.client
        overview = self._covering(self._without_month_copies(overview, months), months)
        checked = self._checked_whole(ProfileDraft(overview=overview, months=months, skills=skills))
        # What the whole draft's check took out is among the removed claims too.
        draft = checked.model_copy(update={"removed": self.removed})
        notes = list(self.notes)
        if client.server.total is not None and client.server.total < client.settings.jobs:
            notes.append(f"the server answers {count(client.server.total, 'request')} at a time: no more were sent at once (--jobs {client.settings.jobs})")
        if not client.streaming:
            notes.append("the server answered a streamed request with one plain JSON body: its answers were asked without streaming")
        report = DraftingReport(
            backend="openai",
            model=client.settings.model,
            llm_calls=client.requests,
            cache_hits=client.cache_hits,
            prompt_tokens=client.prompt_tokens,
            completion_tokens=client.completion_tokens,
            estimated_cost_usd=estimated_cost(client.settings.model, client.prompt_tokens, client.completion_tokens),
            notes=notes,
        )
        return draft, report

    async def draft_sections(self) -> tuple[list[MonthDraft], str, Skills]:
        firsts, skills = await every(every(*(self._first_answer(month) for month in self.history.months)), self._skills())
        # The overview is written from the months as first checked (their failing sentences left
        # out), not from the repaired ones: it does not wait for the repairs, and a batch run
        # sends both in one batch.
        months, overview = await every(
            every(*(self._finished_month(first) for first in firsts)), self._overview([self._checked(first) for first in firsts])
        )
        return months, overview, skills

    async def _first_answer(self, month: MonthActivity) -> FirstAnswer:
        label = month_label(month.month)
        self.progress.step_started(label)
        items = month_items(month, self.single_repo)
        try:
            answer, budget = await self._month_answer(month, items)
        except UnusableAnswer as reason:
            self._note(label, f"the model's answer could not be used ({reason}); drafted offline")
            return FirstAnswer(month=month, items=items)
        answer = self._tidied(answer)
        return FirstAnswer(month=month, items=items, answer=answer, budget=budget, errors=self._month_errors(month.month, answer))

    def _checked(self, first: FirstAnswer) -> MonthDraft:
        """The month as first answered, its failing sentences left out (the offline text where too
        little is left): what the overview is written from."""
        if first.answer is None:
            return self._offline_month(first.month.month)
        summary = opened_on_its_own(_without_sentences(first.answer.summary, first.errors))
        if len(summary.split()) < SHORTEST_SUMMARY or any(finding.kind == FindingKind.UNGROUNDED_TEXT for finding in first.errors):
            return self._offline_month(first.month.month)
        draft = _month_draft(first.month.month, first.answer)
        section = draft.section()
        failing = {span.index for finding in first.errors if (span := section.span_at(finding.offset)) and span.part == "highlight"}
        highlights = [highlight for index, highlight in enumerate(draft.highlights) if index not in failing]
        return MonthDraft(month=first.month.month, summary=summary, highlights=highlights)

    async def _finished_month(self, first: FirstAnswer) -> MonthDraft:
        """The month repaired where its check found errors, and what still fails removed."""
        month, answer, errors = first.month.month, first.answer, first.errors
        if answer is None:
            return self._offline_month(month)
        label = month_label(month)
        answer, errors = self._corrected_month(month, answer, errors)
        if failing := self._in_summary(month, answer, errors):
            try:
                answer = await self._repaired_parts(answer, failing, first.items, first.budget)
                errors = self._month_errors(month, answer)
            except UnusableAnswer as reason:
                self.notes.append(f"{label}: the repair could not be used ({reason}); the failing claims were removed")
        kept = self._kept_month(month, answer, errors)
        self.progress.step_done(label, "summary drafted offline" if month in self.replaced else "drafted")
        return kept

    async def _month_answer(self, month: MonthActivity, items: list[ItemData]) -> tuple[MonthAnswer, int]:
        """The month drafted from its items, in as many chunks as the budget and the server's context
        need, and the budget it took. Each month finds its own budget, so that the prompts, and
        with them the cached answers, never depend on which month happened to be asked first."""
        values = month_values(self.history, month)
        budget, prompt = self.budget, load_prompt("month_summary")
        while True:
            asked = [{**values, "data": to_json(chunk)} for chunk in chunks_within(items, budget, self.counter.count)]
            # A failure in the cache decides before anything is sent: a rerun asks nothing.
            failures: list[BaseException] = [f for v in asked if (f := self.client.cached_failure(prompt, v, MonthAnswer))]
            if not failures:
                answers = await _until_one_fails([self.client.ask(prompt, v, MonthAnswer) for v in asked])
                failures = [answer for answer in answers if isinstance(answer, BaseException)]
            if not any(isinstance(failure, PromptTooLong) for failure in failures):
                break
            if budget <= MIN_BUDGET:
                raise UnusableAnswer(f"the prompt does not fit the model's context, even with {MIN_BUDGET} tokens of data")
            budget = self._fitted_budget(budget, asked, failures, prompt)
            if CONTEXT_NOTE not in self.notes:
                self.notes.append(CONTEXT_NOTE)
        if failures:
            raise sorted(failures, key=lambda failure: isinstance(failure, Deferred))[0]
        parts = [answer for answer in answers if isinstance(answer, MonthAnswer)]
        if len(parts) == 1:
            return parts[0], budget
        merge_values = {key: values[key] for key in ("developer", "month", "month_label")}
        data = json.dumps([part.model_dump() for part in parts], indent=1, ensure_ascii=False)
        return await self.client.ask(load_prompt("month_merge"), {**merge_values, "data": data}, MonthAnswer), budget

    def _fitted_budget(self, budget: int, asked: list[dict[str, str]], failures: list[BaseException], prompt: PromptTemplate) -> int:
        """A smaller budget for data that did not fit: what the server's context holds beside the
        answer, by its own count of the longest prompt (the token counts here may be estimates,
        and each tokenizer counts its own way); half the budget where it did not say.

        Halving passes what fits by up to half: a month sent in twice the parts it needs takes
        twice the requests, each as slow as a whole answer on a small local model."""
        told = [failure for failure in failures if isinstance(failure, PromptTooLong) and failure.asked and failure.room]
        if told:
            longest = max(_prompt_tokens(self.counter, prompt.name, values) for values in asked)
            around_data = _prompt_tokens(self.counter, prompt.name, {**asked[0], "data": ""})
            theirs_per_ours = max(failure.asked for failure in told) / longest
            room = min(failure.room for failure in told) - prompt.max_tokens
            fitted = int(room * FITTED_SHARE / theirs_per_ours) - around_data
            if fitted < budget:
                return max(MIN_BUDGET, fitted)
        return max(MIN_BUDGET, budget // 2)

    def _in_summary(self, month: str, answer: MonthAnswer, errors: list[Finding]) -> list[Finding]:
        """The errors that stand in the month's summary. Only those are worth a repair: a failing
        highlight or skill tag is removed, and the month keeps its others."""
        section = _month_draft(month, answer).section()
        return [finding for finding in errors if (span := section.span_at(finding.offset)) is None or span.part == "summary"]

    async def _repaired_parts(self, answer: MonthAnswer, failing: list[Finding], items: list[ItemData], budget: int) -> MonthAnswer:
        """The month with only its failing summary sentences (`failing`: the errors in its summary)
        sent to be repaired, with the items they cite or the check suggests; the repair stands where
        they stood, the rest as it was. A finding about the whole summary (it says nothing of the
        work) sends the whole summary."""
        sentences = list(dict.fromkeys(finding.sentence for finding in failing if finding.sentence))
        if not sentences or any(finding.kind == FindingKind.UNGROUNDED_TEXT or not finding.sentence for finding in failing):
            sentences = [answer.summary]
        told = " ".join(sentences) + " ".join(finding.suggestion or "" for finding in failing)
        concerned = [item for item in items if re.search(re.escape(item.ref) + r"(?!\w)", told)] or items
        draft = MonthAnswer(summary=" ".join(sentences), highlights=[], skills=[])
        repaired = self._tidied(await self._fitted_repair(draft, failing, concerned, budget))
        summary = answer.summary
        for index, sentence in enumerate(sentences):
            summary = summary.replace(sentence, repaired.summary if index == 0 else "", 1)
        return answer.model_copy(update={"summary": opened_on_its_own(" ".join(summary.split()))})

    async def _fitted_repair(
        self, answer: MonthAnswer, errors: list[Finding], items: list[ItemData], budget: int, fresh: bool = False
    ) -> MonthAnswer:
        """A month's repair, its data cut down to what the server's context holds where it did not hold it all."""
        prompt = load_prompt("repair")
        while True:
            values = _repair_values(answer, errors, self._repair_data(items, answer, budget))
            try:
                return await self.client.ask(prompt, values, MonthAnswer, fresh=fresh)
            except PromptTooLong as failure:
                if budget <= MIN_BUDGET:
                    raise
                budget = self._fitted_budget(budget, [values], [failure], prompt)

    def _repair_data(self, items: list[ItemData], answer: MonthAnswer, budget: int) -> str:
        """The items the draft cites first, then the others, as many as the budget holds."""
        cited = answer.model_dump_json()
        ordered = sorted(items, key=lambda item: item.ref not in cited)
        return to_json(chunks_within(ordered, budget, self.counter.count)[0])

    async def _overview(self, months: list[MonthDraft]) -> str:
        self.progress.step_started(OVERVIEW_STEP)
        values = overview_values(self.history, months)
        try:
            answer = self._tidied(await self.client.ask(load_prompt("overview"), values, OverviewAnswer))
        except UnusableAnswer as reason:
            self._note(OVERVIEW_STEP, f"the model's answer could not be used ({reason}); drafted offline")
            return self._offline_draft().overview
        errors = _errors(self.check(answer.overview))
        if fixable := correctable(errors):
            overview, corrected = corrected_text(answer.overview, fixable)
            self._corrected(corrected)
            answer = OverviewAnswer(overview=overview)
            errors = _errors(self.check(answer.overview))
        if errors:
            try:
                answer = self._tidied(await self._repair(answer, errors, values["data"]))
                errors = _errors(self.check(answer.overview))
            except UnusableAnswer as reason:
                self.notes.append(f"overview: the repair could not be used ({reason}); the failing claims were removed")
        overview = self._kept_summary(OVERVIEW, answer.overview, errors)
        self.progress.step_done(OVERVIEW_STEP, "drafted offline" if OVERVIEW in self.replaced else "drafted")
        return overview

    async def _skills(self) -> Skills:
        self.progress.step_started(SKILLS_STEP)
        try:
            answer = await self.client.ask(load_prompt("skills"), skills_values(self.history), SkillsAnswer)
        except UnusableAnswer as reason:
            self._note(SKILLS_STEP, f"the model's answer could not be used ({reason}); tagged offline")
            return self._offline_draft().skills
        text = f"Languages: {', '.join(answer.languages)}\n\nTechnical: {', '.join(answer.technical)}"
        failing = self._removed_from(_errors(self.check(text)), "skill tag")
        self.progress.step_done(SKILLS_STEP, "drafted")
        return Skills(languages=_kept_tags(answer.languages, failing), technical=_kept_tags(answer.technical, failing))

    def redraft(self, key: str, text: str, findings: list[Finding]) -> str:
        """A new text for one section ("overview" or a month), with the findings as guidance."""
        return asyncio.run(self._redraft(key, text, findings))

    async def _redraft(self, key: str, text: str, findings: list[Finding]) -> str:
        if key == OVERVIEW:
            values = overview_values(self.history, self._offline_draft().months)
            if findings:
                answer = await self._repair(OverviewAnswer(overview=text), findings, values["data"], fresh=True)
            else:
                answer = await self.client.ask(load_prompt("overview"), values, OverviewAnswer, fresh=True)
            return self._kept_summary(OVERVIEW, answer.overview, _errors(self.check(answer.overview)))
        month = next(month for month in self.history.months if month.month == key)
        items = month_items(month, self.single_repo)
        if findings:
            draft = MonthAnswer(summary=text, highlights=[], skills=[])
            repaired = await self._fitted_repair(draft, findings, items, self.budget, fresh=True)
        else:
            values = {**month_values(self.history, month), "data": to_json(chunks_within(items, self.budget, self.counter.count)[0])}
            repaired = await self.client.ask(load_prompt("month_summary"), values, MonthAnswer, fresh=True)
        return self._kept_month(key, repaired, self._month_errors(key, repaired)).summary

    async def _repair(self, answer: Draft, findings: list[Finding], data: str, fresh: bool = False) -> Draft:
        return await self.client.ask(load_prompt("repair"), _repair_values(answer, findings, data), type(answer), fresh=fresh)

    def _tidied(self, answer: Draft) -> Draft:
        """The answer with its refs as the profile writes them and its paragraph opening on its own."""
        if isinstance(answer, OverviewAnswer):
            return OverviewAnswer(overview=opened_on_its_own(as_profile_writes(answer.overview, self.shas)))
        highlights = [
            AnswerHighlight(
                text=as_profile_writes(highlight.text, self.shas),
                evidence=list(dict.fromkeys(ref_as_profile_writes(ref, self.shas) for ref in highlight.evidence)),
            )
            for highlight in answer.highlights
        ]
        summary = opened_on_its_own(as_profile_writes(answer.summary, self.shas))
        return answer.model_copy(update={"summary": summary, "highlights": highlights})  # type: ignore[return-value]

    def _corrected_month(self, month: str, answer: MonthAnswer, errors: list[Finding]) -> tuple[MonthAnswer, list[Finding]]:
        """The answer with the citations the check could correct corrected, and its errors after."""
        fixable = correctable(errors)
        if not fixable:
            return answer, errors
        section = _month_draft(month, answer).section()
        highlights = [highlight.model_copy() for highlight in answer.highlights]
        in_summary: list[Finding] = []
        corrected: list[Finding] = []
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
        return fixed, self._month_errors(month, fixed)

    def _corrected(self, findings: list[Finding]) -> None:
        """Reports each corrected citation beside the removed claims: a reviewer sees what changed."""
        for finding in findings:
            message = f"citation corrected in the draft, {finding.text} → {finding.suggestion}: {finding.message}"
            self.removed.append(finding.model_copy(update={"severity": "warning", "message": message}))

    def _month_errors(self, month: str, answer: MonthAnswer) -> list[Finding]:
        return _errors(self.check(_month_draft(month, answer).section().text))

    def _kept_month(self, month: str, answer: MonthAnswer, errors: list[Finding]) -> MonthDraft:
        """The answer without the sentences, highlights and tags that failed the check."""
        draft = _month_draft(month, answer)
        section = draft.section()
        by_part: dict[str, list[Finding]] = defaultdict(list)
        dropped = set()
        for finding in errors:
            span = section.span_at(finding.offset)
            by_part[span.part if span else "summary"].append(finding)
            if span and span.part == "highlight":
                dropped.add(span.index)
        self._removed_from(by_part["highlight"], "highlight")
        failing_tags = self._removed_from(by_part["skills"], "skill tag")
        summary = self._kept_summary(month, answer.summary, by_part["summary"])
        if month in self.replaced:
            # An answer whose summary did not hold up is not trusted for its highlights and tags:
            # SmolLM2's beside such summaries cite real PRs and say nothing ("This feature also
            # helps in performance."). The month is the offline text's, as its note says.
            return self._offline_month(month)
        return draft.model_copy(
            update={
                "summary": summary,
                "highlights": [h for index, h in enumerate(draft.highlights) if index not in dropped],
                "skills": _kept_tags(answer.skills, failing_tags),
            }
        )

    def _kept_summary(self, key: str, text: str, errors: list[Finding]) -> str:
        """The summary without its failing sentences; the offline text when it would rest on nothing."""
        label = "overview" if key == OVERVIEW else month_label(key)
        offline = self._offline_draft().overview if key == OVERVIEW else self._offline_month(key).summary
        ungrounded = [finding for finding in errors if finding.kind == FindingKind.UNGROUNDED_TEXT]
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
        return kept

    def _rests_on_nothing(self, key: str, summary: str) -> bool:
        text = summary if key == OVERVIEW else MonthDraft(month=key, summary=summary).section().text
        return any(finding.kind == FindingKind.UNGROUNDED_TEXT for finding in self.check(text))

    def _without_month_copies(self, overview: str, months: list[MonthDraft]) -> str:
        """The overview without the sentences it copied from a month's summary. Said twice, a
        sentence is kept where it was said first, and the overview comes first: the month would
        lose what it tells (the real model's June and July kept one empty sentence each)."""
        said = {_sentence_key(sentence) for month in months for sentence in _SENTENCE_BREAK.split(month.summary)}
        sentences = _SENTENCE_BREAK.split(overview)
        kept = [sentence for sentence in sentences if len(_sentence_key(sentence).split()) < 6 or _sentence_key(sentence) not in said]
        copied = len(sentences) - len(kept)
        if not copied:
            return overview
        self.notes.append(f"overview: removed {count(copied, 'sentence')} it copied from the months")
        return self._kept_summary(OVERVIEW, " ".join(kept), [])

    def _covering(self, overview: str, months: list[MonthDraft]) -> str:
        """The overview speaking of the whole period: where it names the work of fewer than half of
        the active months (a pair of words from their titles that few titles share), a sentence
        names the first highlight of each month it left out: checked text, said again."""
        titles = [(month.month, _word_pairs(item.title)) for month in self.history.months for item in month.items]
        shared = Counter(pair for _, pairs in titles for pair in pairs)
        said = _word_pairs(overview)
        named = {month for month, pairs in titles if any(shared[pair] <= _FEW_TITLES for pair in pairs & said)}
        if 2 * len(named) >= len(self.history.months):
            return overview
        left = [f"{month.highlights[0].text[:1].lower()}{month.highlights[0].text[1:]} ({month_label(month.month)})" for month in months if month.month not in named and month.highlights]
        if not left:
            return overview
        self.notes.append(f"overview: it named the work of {count(len(named), 'month')} of {len(self.history.months)}; a sentence names the others' first highlights")
        return f"{overview} The period's work also included: {_listed(left)}."

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
                texts[span.section] = self._kept_summary(span.section, text, errors)
            else:
                tags[span.section] |= self._removed_from(errors, "skill tag")
        return draft.model_copy(
            update={
                "overview": texts[OVERVIEW],
                "months": [
                    self._offline_month(month.month)
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

    def _note(self, step: str, what: str) -> None:
        self.notes.append(f"{step}: {what}")
        self.progress.step_done(step, what)

    def _offline_month(self, month: str) -> MonthDraft:
        return next(draft for draft in self._offline_draft().months if draft.month == month)

    def _offline_draft(self) -> ProfileDraft:
        if self._offline is None:
            self._offline = draft_offline(self.history)
        return self._offline


def _repair_values(answer: Draft, findings: list[Finding], data: str) -> dict[str, str]:
    listed = json.dumps(
        [{"kind": f.kind, "text": f.text, "message": f.message, "suggestion": f.suggestion} for f in findings], indent=1, ensure_ascii=False
    )
    return {"draft": answer.model_dump_json(indent=1), "findings": listed, "data": data}


def _month_draft(month: str, answer: MonthAnswer) -> MonthDraft:
    highlights = [Highlight(text=h.text, evidence=h.evidence) for h in answer.highlights]
    return MonthDraft(month=month, summary=answer.summary, highlights=highlights, skills=answer.skills)


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


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def _sentence_key(sentence: str) -> str:
    """A sentence as the check of repeated sentences compares it: its words, lower case."""
    return " ".join(re.findall(r"\w+", sentence.lower()))


def _without_sentences(text: str, findings: list[Finding]) -> str:
    """`text` without the sentences the findings stand in, its spacing made whole again."""
    for sentence in {finding.sentence for finding in findings if finding.sentence}:
        text = text.replace(sentence, "")
    return " ".join(text.split())


def _errors(findings: list[Finding]) -> list[Finding]:
    return [finding for finding in findings if finding.severity == "error"]


def _kept_tags(tags: list[str], failing: set[str]) -> list[str]:
    """The tags no failing claim stands in ("NCCL tuning" goes when "NCCL" fails), each once."""
    kept: dict[str, str] = {}
    for tag in tags:
        if not any(text in tag for text in failing):
            kept.setdefault(tag.lower(), tag)
    return list(kept.values())


def month_values(history: History, month: MonthActivity) -> dict[str, str]:
    """What the month prompts say besides the DATA block."""
    return {
        "developer": history.developer.name,
        "month": month.month,
        "month_label": month_label(month.month),
        "repositories": ", ".join(month.stats.repositories),
        "signals": json.dumps(signal_figures(history.signals.months[month.month]), ensure_ascii=False),
    }


def overview_values(history: History, months: list[MonthDraft]) -> dict[str, str]:
    data = {
        "statistics": history.totals.model_dump(exclude={"practices"}),
        "signals": signal_figures(history.signals.period),
        "months": [{"month": month.month, "summary": month.summary, "highlights": [h.text for h in month.highlights[:3]]} for month in months],
    }
    period = f"{month_label(history.period.since)} to {month_label(history.period.until)}"
    return {"developer": history.developer.name, "period": period, "data": json.dumps(data, indent=1, ensure_ascii=False)}


def skills_values(history: History) -> dict[str, str]:
    items = [item for month in history.months for item in month.items]
    areas = Counter(area for item in items if (area := area_of(item.title, [], item.repo)))
    data = {
        "languages": history.totals.languages,
        "practices": history.totals.practices,
        "areas": [area for area, _ in areas.most_common(15)],
        "titles": [item.title for item in items][:60],
    }
    return {"developer": history.developer.name, "data": json.dumps(data, indent=1, ensure_ascii=False)}


def plan(history: History, counter: TokenCounter, budget: int) -> DraftPlan:
    """The calls and prompt tokens a run would need, counted without sending anything."""
    single_repo = len(history.repositories) == 1
    month_plans, calls, other = [], 0, 0
    for month in history.months:
        values = month_values(history, month)
        chunks = chunks_within(month_items(month, single_repo), budget, counter.count)
        tokens = sum(_prompt_tokens(counter, "month_summary", {**values, "data": to_json(chunk)}) for chunk in chunks)
        month_plans.append(MonthPlan(month=month.month, work_items=len(month.items), chunks=len(chunks), prompt_tokens=tokens))
        calls += len(chunks)
        if len(chunks) > 1:
            merge_values = {key: values[key] for key in ("developer", "month", "month_label")}
            other += _prompt_tokens(counter, "month_merge", {**merge_values, "data": ""}) + COMPLETION_ESTIMATE * len(chunks)
            calls += 1
    # The overview is written from checked month summaries; offline ones stand in for their size.
    other += _prompt_tokens(counter, "overview", overview_values(history, draft_offline(history).months))
    other += _prompt_tokens(counter, "skills", skills_values(history))
    calls += 2
    prompt_tokens = sum(month.prompt_tokens for month in month_plans) + other
    completion = COMPLETION_ESTIMATE * calls
    return DraftPlan(
        model=counter.model,
        months=month_plans,
        other_prompt_tokens=other,
        calls=calls,
        prompt_tokens=prompt_tokens,
        completion_tokens_estimate=completion,
        estimated_cost_usd=estimated_cost(counter.model, prompt_tokens, completion),
        approximate=counter.approximate,
    )


def _prompt_tokens(counter: TokenCounter, template: str, values: dict[str, str]) -> int:
    return sum(counter.count(message["content"]) for message in load_prompt(template).render(**values))
