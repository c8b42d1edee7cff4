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

This module asks the model; what a checked draft keeps, short of asking it again, is
repairs.py's, and what each prompt is filled with is values.py's.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass, field

from summarizer.drafting.answers import AnswerHighlight, Draft, MonthAnswer, OverviewAnswer, SkillsAnswer
from summarizer.drafting.awaiting import every, until_one_fails
from summarizer.drafting.collector import Deferred
from summarizer.drafting.data import ItemData, chunks_within, month_items, to_json
from summarizer.drafting.failures import PromptTooLong, UnusableAnswer
from summarizer.drafting.llm import ChatClient
from summarizer.drafting.progress import DraftingProgress
from summarizer.drafting.repairs import Repairs
from summarizer.drafting.tidy import as_profile_writes, opened_on_its_own, ref_as_profile_writes
from summarizer.drafting.tokens import TokenCounter, estimated_cost
from summarizer.drafting.values import merge_values, month_values, overview_values, prompt_tokens, repair_values, skills_values
from summarizer.models.drafts import OVERVIEW, DraftingReport, MonthDraft, ProfileDraft, Skills
from summarizer.models.findings import Check, Finding, FindingKind
from summarizer.models.history import History, MonthActivity
from summarizer.period import month_label
from summarizer.prompt_templates import PromptTemplate, load_prompt
from summarizer.words import count

# Below this many tokens of data a prompt says too little to be worth drafting from.
MIN_BUDGET = 500
# The share of a server's room that data fitted to it fills: its count of one prompt scales to
# the others only roughly.
FITTED_SHARE = 0.9
OVERVIEW_STEP, SKILLS_STEP = "overview", "skills"
CONTEXT_NOTE = "the model's context cannot hold some months' prompts whole: their data is sent in parts (and merged)"


@dataclass
class FirstAnswer:
    """A month's first answer (None: drafted offline), the items and budget it was asked with, and its check's errors."""

    month: MonthActivity
    items: list[ItemData]
    answer: MonthAnswer | None = None
    budget: int = 0
    errors: list[Finding] = field(default_factory=list)


class LLMDrafter:
    """One developer's draft, asked of the model section by section."""

    def __init__(
        self, history: History, client: ChatClient, check: Check, counter: TokenCounter, budget: int, progress: DraftingProgress
    ) -> None:
        self.history = history
        self.client = client
        self.counter = counter
        self.budget = budget
        self.progress = progress
        client.progress = progress
        self.single_repo = len(history.repositories) == 1
        self.shas = {commit.sha for month in history.months for commit in month.commits}
        self.notes: list[str] = []
        self.repairs = Repairs(history, check, self.notes)

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
        draft = self.repairs.finished(months, overview, skills)
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
            every(*(self._finished_month(first) for first in firsts)),
            self._overview([self.repairs.checked(first.month.month, first.answer, first.errors) for first in firsts]),
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
        return FirstAnswer(month=month, items=items, answer=answer, budget=budget, errors=self.repairs.month_errors(month.month, answer))

    async def _finished_month(self, first: FirstAnswer) -> MonthDraft:
        """The month repaired where its check found errors, and what still fails removed."""
        month, answer, errors = first.month.month, first.answer, first.errors
        if answer is None:
            return self.repairs.offline_month(month)
        label = month_label(month)
        answer, errors = self.repairs.corrected_month(month, answer, errors)
        if failing := self.repairs.in_summary(month, answer, errors):
            try:
                answer = await self._repaired_parts(answer, failing, first.items, first.budget)
                errors = self.repairs.month_errors(month, answer)
            except UnusableAnswer as reason:
                self.notes.append(f"{label}: the repair could not be used ({reason}); the failing claims were removed")
        kept = self.repairs.kept_month(month, answer, errors)
        self.progress.step_done(label, "summary drafted offline" if month in self.repairs.replaced else "drafted")
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
                answers = await until_one_fails([self.client.ask(prompt, v, MonthAnswer) for v in asked])
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
        data = json.dumps([part.model_dump() for part in parts], indent=1, ensure_ascii=False)
        return await self.client.ask(load_prompt("month_merge"), merge_values(values, data), MonthAnswer), budget

    def _fitted_budget(self, budget: int, asked: list[dict[str, str]], failures: list[BaseException], prompt: PromptTemplate) -> int:
        """A smaller budget for data that did not fit: what the server's context holds beside the
        answer, by its own count of the longest prompt (the token counts here may be estimates,
        and each tokenizer counts its own way); half the budget where it did not say.

        Halving passes what fits by up to half: a month sent in twice the parts it needs takes
        twice the requests, each as slow as a whole answer on a small local model."""
        told = [failure for failure in failures if isinstance(failure, PromptTooLong) and failure.asked and failure.room]
        if told:
            longest = max(prompt_tokens(self.counter, prompt.name, values) for values in asked)
            around_data = prompt_tokens(self.counter, prompt.name, {**asked[0], "data": ""})
            theirs_per_ours = max(failure.asked for failure in told) / longest
            room = min(failure.room for failure in told) - prompt.max_tokens
            fitted = int(room * FITTED_SHARE / theirs_per_ours) - around_data
            if fitted < budget:
                return max(MIN_BUDGET, fitted)
        return max(MIN_BUDGET, budget // 2)

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
            values = repair_values(answer, errors, self._repair_data(items, answer, budget))
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
            return self.repairs.offline_draft().overview
        answer, errors = self.repairs.corrected_overview(answer)
        if errors:
            try:
                answer = self._tidied(await self._repair(answer, errors, values["data"]))
                errors = self.repairs.errors(answer.overview)
            except UnusableAnswer as reason:
                self.notes.append(f"overview: the repair could not be used ({reason}); the failing claims were removed")
        overview = self.repairs.kept_summary(OVERVIEW, answer.overview, errors)
        self.progress.step_done(OVERVIEW_STEP, "drafted offline" if OVERVIEW in self.repairs.replaced else "drafted")
        return overview

    async def _skills(self) -> Skills:
        self.progress.step_started(SKILLS_STEP)
        try:
            answer = await self.client.ask(load_prompt("skills"), skills_values(self.history), SkillsAnswer)
        except UnusableAnswer as reason:
            self._note(SKILLS_STEP, f"the model's answer could not be used ({reason}); tagged offline")
            return self.repairs.offline_draft().skills
        skills = self.repairs.kept_skills(answer)
        self.progress.step_done(SKILLS_STEP, "drafted")
        return skills

    def redraft(self, key: str, text: str, findings: list[Finding]) -> str:
        """A new text for one section ("overview" or a month), with the findings as guidance."""
        return asyncio.run(self._redraft(key, text, findings))

    async def _redraft(self, key: str, text: str, findings: list[Finding]) -> str:
        if key == OVERVIEW:
            values = overview_values(self.history, self.repairs.offline_draft().months)
            if findings:
                answer = await self._repair(OverviewAnswer(overview=text), findings, values["data"], fresh=True)
            else:
                answer = await self.client.ask(load_prompt("overview"), values, OverviewAnswer, fresh=True)
            return self.repairs.kept_summary(OVERVIEW, answer.overview, self.repairs.errors(answer.overview))
        month = next(month for month in self.history.months if month.month == key)
        items = month_items(month, self.single_repo)
        if findings:
            draft = MonthAnswer(summary=text, highlights=[], skills=[])
            repaired = await self._fitted_repair(draft, findings, items, self.budget, fresh=True)
        else:
            values = {**month_values(self.history, month), "data": to_json(chunks_within(items, self.budget, self.counter.count)[0])}
            repaired = await self.client.ask(load_prompt("month_summary"), values, MonthAnswer, fresh=True)
        return self.repairs.kept_month(key, repaired, self.repairs.month_errors(key, repaired)).summary

    async def _repair(self, answer: Draft, findings: list[Finding], data: str, fresh: bool = False) -> Draft:
        return await self.client.ask(load_prompt("repair"), repair_values(answer, findings, data), type(answer), fresh=fresh)

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

    def _note(self, step: str, what: str) -> None:
        self.notes.append(f"{step}: {what}")
        self.progress.step_done(step, what)
