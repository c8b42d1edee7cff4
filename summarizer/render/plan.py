"""A --dry-run plan as a table: prompt tokens a month (a developer, for a team), the calls, the estimated cost."""

from __future__ import annotations

from summarizer.models.drafts import DraftPlan, TeamPlan
from summarizer.period import month_label
from summarizer.sanitize import sanitized
from summarizer.words import count


def render_plan(plan: DraftPlan) -> str:
    # The model is the user's typed --model, shown back on stdout: what a terminal would obey is taken out.
    model = sanitized(plan.model)
    estimate = " (estimated: tiktoken's encoding could not be loaded)" if plan.approximate else ""
    lines = [f"Dry run for model {model}: nothing was sent.{estimate}", "", "| Month | Work items | Prompts | Prompt tokens |", "|---|---|---|---|"]
    for month in plan.months:
        lines.append(f"| {month_label(month.month)} | {month.work_items} | {month.chunks} | {month.prompt_tokens:,} |")
    lines.append(f"| Merges, overview, skills | | | {plan.other_prompt_tokens:,} |")
    cost = f"about ${plan.estimated_cost_usd:.4f}" if plan.estimated_cost_usd is not None else f"unknown (no price known for {model})"
    lines += [
        "",
        f"{count(plan.calls, 'call')}, {count(plan.prompt_tokens, 'prompt token')} and about "
        f"{count(plan.completion_tokens_estimate, 'completion token')} (repairs not counted); cost {cost}.",
    ]
    return "\n".join(lines) + "\n"


def render_team_plan(plan: TeamPlan, model: str) -> str:
    model = sanitized(model)
    approximate = any(each.approximate for each in plan.developers.values())
    estimate = " (estimated: tiktoken's encoding could not be loaded)" if approximate else ""
    lines = [f"Dry run for model {model}: nothing was sent.{estimate}", "", "| Developer | Months | Calls | Prompt tokens |", "|---|---|---|---|"]
    for name, each in plan.developers.items():
        lines.append(f"| {name} | {len(each.months)} | {each.calls} | {each.prompt_tokens:,} |")
    cost = plan.estimated_cost_usd
    # The Batch API's price is half the synchronous one, for input and output alike.
    costs = f"about ${cost:.4f} synchronously, ${cost / 2:.4f} with --batch" if cost is not None else f"unknown (no price known for {model})"
    lines += [
        "",
        f"{count(plan.calls, 'call')}, {count(plan.prompt_tokens, 'prompt token')} and about "
        f"{count(plan.completion_tokens_estimate, 'completion token')} (repairs not counted); cost {costs}.",
    ]
    return "\n".join(lines) + "\n"
