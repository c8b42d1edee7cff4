"""The dry run's plan (--dry-run): the calls and prompt tokens an LLM run would need, and their cost, counted without sending anything."""

from __future__ import annotations

from summarizer.drafting.data import chunks_within, month_items, to_json
from summarizer.drafting.offline import draft_offline
from summarizer.drafting.tokens import TokenCounter, estimated_cost
from summarizer.drafting.values import merge_values, month_values, overview_values, prompt_tokens, skills_values
from summarizer.models.drafts import DraftPlan, MonthPlan
from summarizer.models.history import History

COMPLETION_ESTIMATE = 400  # tokens an answer takes, for estimates before any is written


def plan(history: History, counter: TokenCounter, budget: int) -> DraftPlan:
    """The calls and prompt tokens a run would need, counted without sending anything."""
    single_repo = len(history.repositories) == 1
    month_plans, calls, other = [], 0, 0
    for month in history.months:
        values = month_values(history, month)
        chunks = chunks_within(month_items(month, single_repo), budget, counter.count)
        tokens = sum(prompt_tokens(counter, "month_summary", {**values, "data": to_json(chunk)}) for chunk in chunks)
        month_plans.append(MonthPlan(month=month.month, work_items=len(month.items), chunks=len(chunks), prompt_tokens=tokens))
        calls += len(chunks)
        if len(chunks) > 1:
            other += prompt_tokens(counter, "month_merge", merge_values(values, "")) + COMPLETION_ESTIMATE * len(chunks)
            calls += 1
    # The overview is written from checked month summaries; offline ones stand in for their size.
    other += prompt_tokens(counter, "overview", overview_values(history, draft_offline(history).months))
    other += prompt_tokens(counter, "skills", skills_values(history))
    calls += 2
    prompt_tokens_total = sum(month.prompt_tokens for month in month_plans) + other
    completion = COMPLETION_ESTIMATE * calls
    return DraftPlan(
        model=counter.model,
        months=month_plans,
        other_prompt_tokens=other,
        calls=calls,
        prompt_tokens=prompt_tokens_total,
        completion_tokens_estimate=completion,
        estimated_cost_usd=estimated_cost(counter.model, prompt_tokens_total, completion),
        approximate=counter.approximate,
    )
