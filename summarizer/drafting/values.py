"""What each prompt is filled with: the values of the month, merge, overview, skills and repair
prompts, and the tokens a prompt comes to once filled."""

from __future__ import annotations

import json
from collections import Counter

from summarizer.drafting.answers import Draft
from summarizer.drafting.data import signal_figures
from summarizer.drafting.tokens import TokenCounter
from summarizer.models.drafts import MonthDraft
from summarizer.models.findings import Finding
from summarizer.models.history import History, MonthActivity
from summarizer.months import area_of
from summarizer.period import month_label
from summarizer.prompt_templates import load_prompt


def month_values(history: History, month: MonthActivity) -> dict[str, str]:
    """What the month prompts say besides the DATA block."""
    return {
        "developer": history.developer.name,
        "month": month.month,
        "month_label": month_label(month.month),
        "repositories": ", ".join(month.stats.repositories),
        "signals": json.dumps(signal_figures(history.signals.months[month.month]), ensure_ascii=False),
    }


def merge_values(values: dict[str, str], data: str) -> dict[str, str]:
    """What the merge prompt says: the month's names from its `month_values`, and `data`, the parts' answers."""
    return {**{key: values[key] for key in ("developer", "month", "month_label")}, "data": data}


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


def repair_values(answer: Draft, findings: list[Finding], data: str) -> dict[str, str]:
    listed = json.dumps(
        [{"kind": f.kind, "text": f.text, "message": f.message, "suggestion": f.suggestion} for f in findings], indent=1, ensure_ascii=False
    )
    return {"draft": answer.model_dump_json(indent=1), "findings": listed, "data": data}


def prompt_tokens(counter: TokenCounter, template: str, values: dict[str, str]) -> int:
    return sum(counter.count(message["content"]) for message in load_prompt(template).render(**values))
