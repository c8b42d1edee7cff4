"""Drafting: the words of a profile, from a History. `draft_profile` is the entry point.

The drafts hold prose and citations only; every number a profile shows is taken from
the History's statistics when it is rendered, never from a drafter.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import BaseModel

from summarizer.cache import RunCache

if TYPE_CHECKING:
    from summarizer.drafting.llm_draft import LLMDrafter
from summarizer.errors import SummarizerError
from summarizer.months import History
from summarizer.period import month_label
from summarizer.validation.model import Finding


class Highlight(BaseModel):
    text: str
    # Commit SHAs (7+ hex) or PR refs ("#12", "owner/name#12") the text rests on.
    evidence: list[str]


class MonthDraft(BaseModel):
    month: str
    summary: str
    highlights: list[Highlight] = []
    skills: list[str] = []
    # Where the summary stands in review: draft, accepted, edited or stale.
    review: str = "draft"


class Skills(BaseModel):
    languages: list[str] = []
    technical: list[str] = []


class ProfileDraft(BaseModel):
    overview: str
    overview_review: str = "draft"
    months: list[MonthDraft]
    skills: Skills
    # Claims the drafter took out because they failed the check: reported, never printed as fact.
    removed: list[Finding] = []

    def text(self) -> str:
        """The draft as a reader gets it, for the checker: the overview, then each month under its heading."""
        parts = [self.overview]
        for month in sorted(self.months, key=lambda month: month.month, reverse=True):
            parts.append(f"### {month_label(month.month)}")
            parts.append(month.summary)
            highlights = [f"- {h.text} ({', '.join(h.evidence)})" if h.evidence else f"- {h.text}" for h in month.highlights]
            if highlights:
                parts.append("\n".join(highlights))
            if month.skills:
                parts.append("Skills: " + ", ".join(month.skills))
        parts.append("### Skills")
        if self.skills.languages:
            parts.append("Languages: " + ", ".join(self.skills.languages))
        if self.skills.technical:
            parts.append("Technical: " + ", ".join(self.skills.technical))
        return "\n\n".join(parts) + "\n"


class DraftingReport(BaseModel):
    backend: str
    model: str | None = None
    llm_calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    estimated_cost_usd: float | None = None
    # What the run had to fall back on, e.g. a month drafted offline after unusable answers.
    notes: list[str] = []


BACKENDS = ("auto", "offline", "openai")


class DraftingOptions(BaseModel):
    backend: str = "auto"
    model: str | None = None
    jobs: int = 4
    timeout: float = 120.0  # seconds for one call
    max_retries: int = 2  # the SDK's own, on 429, 5xx and connection errors
    # Tokens of commit data in one month prompt; a larger month is drafted in chunks.
    budget: int = 6_000


class MonthPlan(BaseModel):
    month: str
    work_items: int
    chunks: int
    prompt_tokens: int


class DraftPlan(BaseModel):
    """What an LLM run would send, for --dry-run: nothing is sent to make it."""

    model: str
    months: list[MonthPlan]
    other_prompt_tokens: int  # merges, overview and skill tags
    calls: int
    prompt_tokens: int
    completion_tokens_estimate: int
    estimated_cost_usd: float | None
    approximate: bool


def resolve_backend(backend: str) -> str:
    """auto means openai when the SDK's key or base URL is set, else offline."""
    if backend not in BACKENDS:
        raise SummarizerError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if backend == "auto":
        return "openai" if os.environ.get("OPENAI_API_KEY") or os.environ.get("OPENAI_BASE_URL") else "offline"
    return backend


def draft_profile(
    history: History, options: DraftingOptions, cache: RunCache, check: Callable[[str], list[Finding]]
) -> tuple[ProfileDraft, DraftingReport]:
    """The draft and how it was made; `check` validates a text against the history."""
    if resolve_backend(options.backend) == "offline":
        from summarizer.drafting.offline import draft_offline

        return draft_offline(history), DraftingReport(backend="offline")
    notes: list[str] = []
    draft, report = _llm_drafter(history, options, cache, check, notes).draft()
    return draft, report.model_copy(update={"notes": notes + report.notes})


def redraft_section(
    history: History, options: DraftingOptions, cache: RunCache, check: Callable[[str], list[Finding]],
    key: str, text: str, findings: list[Finding],
) -> str:  # fmt: skip
    """A new draft of one section ("overview" or a month) for review's regenerate."""
    if resolve_backend(options.backend) == "offline":
        from summarizer.drafting.offline import draft_offline

        draft = draft_offline(history)
        return draft.overview if key == "overview" else next(month.summary for month in draft.months if month.month == key)
    return _llm_drafter(history, options, cache, check, []).redraft(key, text, findings)


def _llm_drafter(
    history: History, options: DraftingOptions, cache: RunCache, check: Callable[[str], list[Finding]], notes: list[str]
) -> LLMDrafter:
    from summarizer.drafting.llm import ChatClient, llm_settings
    from summarizer.drafting.llm_draft import LLMDrafter
    from summarizer.drafting.tokens import TokenCounter

    settings = llm_settings(options.model, options.jobs, options.timeout, options.max_retries)
    counter = TokenCounter(settings.model, warn=notes.append)
    return LLMDrafter(history, ChatClient(settings, cache), check, counter, options.budget)


def plan_profile(history: History, options: DraftingOptions, warn: Callable[[str], None]) -> DraftPlan:
    from summarizer.drafting.llm import llm_settings
    from summarizer.drafting.llm_draft import plan
    from summarizer.drafting.tokens import TokenCounter

    settings = llm_settings(options.model, options.jobs, require_key=False)
    return plan(history, TokenCounter(settings.model, warn=warn), options.budget)
