"""Drafting with an LLM: months concurrently, then the overview and the skills.

Design, for each month:
1. its work items as a DATA block (trimmed, redacted); over the token budget, chunks of
   whole items are drafted separately and merged by a second call (map-reduce)
2. the draft is checked; error findings go back to the model once, as a repair prompt
3. what still fails is removed — a summary sentence, a highlight, a skill tag — and
   kept as a warning finding, so nothing unverified is printed as fact
4. a month whose answers cannot be used falls back to the offline draft, and says so
Then the overview (from the checked month summaries and the statistics) and the skill
tags go the same way. The checker is handed in: drafting never reaches into validation.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from pydantic import BaseModel

from summarizer.drafting import (
    DraftingReport,
    DraftPlan,
    Highlight,
    MonthDraft,
    MonthPlan,
    ProfileDraft,
    Skills,
)
from summarizer.drafting.data import chunks_within, month_items, to_json
from summarizer.drafting.llm import ChatClient, UnusableAnswer
from summarizer.drafting.offline import draft_offline
from summarizer.drafting.prompts import load_prompt
from summarizer.drafting.tokens import TokenCounter, estimated_cost
from summarizer.months import History, MonthActivity, area_of
from summarizer.period import month_label
from summarizer.validation.model import Finding

Checker = Callable[[str], list[Finding]]
COMPLETION_ESTIMATE = 400  # tokens an answer takes, for estimates before any is written


class MonthAnswer(BaseModel):
    summary: str
    highlights: list[Highlight]
    skills: list[str]


class OverviewAnswer(BaseModel):
    overview: str


class SkillsAnswer(BaseModel):
    languages: list[str]
    technical: list[str]


Draft = TypeVar("Draft", MonthAnswer, OverviewAnswer)


class LLMDrafter:
    def __init__(self, history: History, client: ChatClient, check: Checker, counter: TokenCounter, budget: int) -> None:
        self.history = history
        self.client = client
        self.check = check
        self.counter = counter
        self.budget = budget
        self.single_repo = len(history.repositories) == 1
        self.removed: list[Finding] = []
        self.notes: list[str] = []
        self._offline: ProfileDraft | None = None

    def draft(self) -> tuple[ProfileDraft, DraftingReport]:
        months, overview, skills = asyncio.run(self._draft_all())
        draft = ProfileDraft(overview=overview, months=months, skills=skills, removed=self.removed)
        client = self.client
        report = DraftingReport(
            backend="openai",
            model=client.settings.model,
            llm_calls=client.requests,
            cache_hits=client.cache_hits,
            prompt_tokens=client.prompt_tokens,
            completion_tokens=client.completion_tokens,
            estimated_cost_usd=estimated_cost(client.settings.model, client.prompt_tokens, client.completion_tokens),
            notes=self.notes,
        )
        return draft, report

    async def _draft_all(self) -> tuple[list[MonthDraft], str, Skills]:
        months = list(await asyncio.gather(*(self._month(month) for month in self.history.months)))
        overview, skills = await asyncio.gather(self._overview(months), self._skills())
        return months, overview, skills

    async def _month(self, month: MonthActivity) -> MonthDraft:
        items = month_items(month, self.single_repo)
        values = month_values(self.history, month)
        try:
            chunks = chunks_within(items, self.budget, self.counter.count)
            parts = await asyncio.gather(
                *(self.client.ask(load_prompt("month_summary"), {**values, "data": to_json(chunk)}, MonthAnswer) for chunk in chunks)
            )
            answer = parts[0]
            if len(parts) > 1:
                merge_values = {key: values[key] for key in ("developer", "month", "month_label")}
                data = json.dumps([part.model_dump() for part in parts], indent=1, ensure_ascii=False)
                answer = await self.client.ask(load_prompt("month_merge"), {**merge_values, "data": data}, MonthAnswer)
            errors = self._month_errors(month.month, answer)
            if errors:
                answer = await self._repair(answer, errors, to_json(items))
                errors = self._month_errors(month.month, answer)
        except UnusableAnswer as reason:
            self.notes.append(f"{month_label(month.month)}: the model's answer could not be used ({reason}); drafted offline")
            return self._offline_draft().months[self.history.months.index(month)]
        return self._kept_month(month.month, answer, errors)

    async def _overview(self, months: list[MonthDraft]) -> str:
        values = overview_values(self.history, months)
        try:
            answer = await self.client.ask(load_prompt("overview"), values, OverviewAnswer)
            errors = _errors(self.check(answer.overview))
            if errors:
                answer = await self._repair(answer, errors, values["data"])
                errors = _errors(self.check(answer.overview))
        except UnusableAnswer as reason:
            self.notes.append(f"overview: the model's answer could not be used ({reason}); drafted offline")
            return self._offline_draft().overview
        return self._kept_text(answer.overview, errors)

    async def _skills(self) -> Skills:
        try:
            answer = await self.client.ask(load_prompt("skills"), skills_values(self.history), SkillsAnswer)
        except UnusableAnswer as reason:
            self.notes.append(f"skills: the model's answer could not be used ({reason}); tagged offline")
            return self._offline_draft().skills
        text = f"Languages: {', '.join(answer.languages)}\n\nTechnical: {', '.join(answer.technical)}"
        failing = self._removed_from(_errors(self.check(text)), "skill tag")
        return Skills(languages=_kept_tags(answer.languages, failing), technical=_kept_tags(answer.technical, failing))

    def redraft(self, key: str, text: str, findings: list[Finding]) -> str:
        """A new text for one section ("overview" or a month), with the findings as guidance."""
        return asyncio.run(self._redraft(key, text, findings))

    async def _redraft(self, key: str, text: str, findings: list[Finding]) -> str:
        if key == "overview":
            values = overview_values(self.history, self._offline_draft().months)
            if not findings:
                return (await self.client.ask(load_prompt("overview"), values, OverviewAnswer, fresh=True)).overview
            answer = await self._repair(OverviewAnswer(overview=text), findings, values["data"], fresh=True)
            return self._kept_text(answer.overview, _errors(self.check(answer.overview)))
        month = next(month for month in self.history.months if month.month == key)
        items = month_items(month, self.single_repo)
        if findings:
            repaired = await self._repair(MonthAnswer(summary=text, highlights=[], skills=[]), findings, to_json(items), fresh=True)
        else:
            values = {**month_values(self.history, month), "data": to_json(items)}
            repaired = await self.client.ask(load_prompt("month_summary"), values, MonthAnswer, fresh=True)
        return self._kept_month(key, repaired, self._month_errors(key, repaired)).summary

    async def _repair(self, answer: Draft, findings: list[Finding], data: str, fresh: bool = False) -> Draft:
        listed = json.dumps(
            [{"kind": f.kind, "text": f.text, "message": f.message, "suggestion": f.suggestion} for f in findings], indent=1, ensure_ascii=False
        )
        values = {"draft": answer.model_dump_json(indent=1), "findings": listed, "data": data}
        return await self.client.ask(load_prompt("repair"), values, type(answer), fresh=fresh)

    def _month_errors(self, month: str, answer: MonthAnswer) -> list[Finding]:
        text, _ = _month_text(month, answer)
        return _errors(self.check(text))

    def _kept_month(self, month: str, answer: MonthAnswer, errors: list[Finding]) -> MonthDraft:
        """The answer without the sentences, highlights and tags that failed the check."""
        _, (summary_end, highlight_spans, skills_start) = _month_text(month, answer)
        summary_findings = [f for f in errors if (f.offset or 0) < summary_end]
        highlight_findings = [f for f in errors if summary_end <= (f.offset or 0) < skills_start]
        dropped = {
            index
            for index, (start, end) in enumerate(highlight_spans)
            if any(start <= (f.offset or 0) < end for f in highlight_findings)
        }
        self._removed_from(highlight_findings, "highlight")
        failing_tags = self._removed_from([f for f in errors if (f.offset or 0) >= skills_start], "skill tag")
        return MonthDraft(
            month=month,
            summary=self._kept_text(answer.summary, summary_findings),
            highlights=[h for index, h in enumerate(answer.highlights) if index not in dropped],
            skills=_kept_tags(answer.skills, failing_tags),
        )

    def _kept_text(self, text: str, errors: list[Finding]) -> str:
        for sentence in {f.sentence for f in errors if f.sentence}:
            text = text.replace(sentence, "")
        self._removed_from(errors, "sentence")
        return " ".join(text.split())

    def _removed_from(self, findings: list[Finding], what: str) -> set[str]:
        for finding in findings:
            self.removed.append(
                finding.model_copy(update={"severity": "warning", "message": f"{what} removed from the draft: {finding.message}"})
            )
        return {finding.text for finding in findings}

    def _offline_draft(self) -> ProfileDraft:
        if self._offline is None:
            self._offline = draft_offline(self.history)
        return self._offline


def _errors(findings: list[Finding]) -> list[Finding]:
    return [finding for finding in findings if finding.severity == "error"]


def _kept_tags(tags: list[str], failing: set[str]) -> list[str]:
    """The tags no failing claim stands in ("NCCL tuning" goes when "NCCL" fails)."""
    return [tag for tag in tags if not any(text in tag for text in failing)]


def month_values(history: History, month: MonthActivity) -> dict[str, str]:
    """What the month prompts say besides the DATA block."""
    return {
        "developer": history.developer.name,
        "month": month.month,
        "month_label": month_label(month.month),
        "repositories": ", ".join(month.stats.repositories),
    }


def overview_values(history: History, months: list[MonthDraft]) -> dict[str, str]:
    data = {
        "statistics": history.totals.model_dump(exclude={"practices"}),
        "months": [{"month": month.month, "summary": month.summary} for month in months],
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


def _month_text(month: str, answer: MonthAnswer) -> tuple[str, tuple[int, list[tuple[int, int]], int]]:
    """The month as the checker reads it, and where its summary, highlights and skills stand."""
    text = f"### {month_label(month)}\n\n{answer.summary}"
    summary_end = len(text)
    text += "\n\n"
    highlight_spans = []
    for highlight in answer.highlights:
        line = f"- {highlight.text} ({', '.join(highlight.evidence)})" if highlight.evidence else f"- {highlight.text}"
        highlight_spans.append((len(text), len(text) + len(line)))
        text += line + "\n"
    text += "\nSkills: "
    skills_start = len(text)
    text += ", ".join(answer.skills) + "\n"
    return text, (summary_end, highlight_spans, skills_start)
