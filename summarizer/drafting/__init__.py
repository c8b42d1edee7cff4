"""Drafting: the words of a profile, from a History. `draft_profile` is the entry point.

The models it produces are in `summarizer.drafting.model`; the offline drafter is
`offline.py`, the LLM drafter `llm_draft.py` over the client in `llm.py`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from summarizer.choices import Backend
from summarizer.drafting.model import OVERVIEW, DraftingReport

if TYPE_CHECKING:
    from summarizer.cache import RunCache
    from summarizer.drafting.llm_draft import LLMDrafter
    from summarizer.drafting.model import DraftingOptions, DraftPlan, ProfileDraft
    from summarizer.drafting.progress import DraftingProgress
    from summarizer.months import History
    from summarizer.validation.model import Check, Finding


def resolve_backend(backend: Backend) -> Backend:
    """auto means openai when the SDK's key or base URL is set, else offline."""
    if backend is Backend.AUTO:
        return Backend.OPENAI if os.environ.get("OPENAI_API_KEY") or os.environ.get("OPENAI_BASE_URL") else Backend.OFFLINE
    return backend


def draft_profile(
    history: History, options: DraftingOptions, cache: RunCache, check: Check, progress: DraftingProgress | None = None
) -> tuple[ProfileDraft, DraftingReport]:
    """The draft and how it was made; `check` validates a text against the history."""
    if resolve_backend(options.backend) is Backend.OFFLINE:
        from summarizer.drafting.offline import draft_offline

        return draft_offline(history), DraftingReport(backend=Backend.OFFLINE.value)
    notes: list[str] = []
    draft, report = _llm_drafter(history, options, cache, check, notes, progress).draft()
    return draft, report.model_copy(update={"notes": notes + report.notes})


def redraft_section(
    history: History, options: DraftingOptions, cache: RunCache, check: Check, key: str, text: str, findings: list[Finding]
) -> str:
    """A new draft of one section ("overview" or a month) for review's regenerate."""
    if resolve_backend(options.backend) is Backend.OFFLINE:
        from summarizer.drafting.offline import draft_offline

        draft = draft_offline(history)
        return draft.overview if key == OVERVIEW else next(month.summary for month in draft.months if month.month == key)
    return _llm_drafter(history, options, cache, check, [], None).redraft(key, text, findings)


def _llm_drafter(
    history: History, options: DraftingOptions, cache: RunCache, check: Check, notes: list[str], progress: DraftingProgress | None
) -> LLMDrafter:
    from summarizer.drafting.llm import ChatClient, llm_settings
    from summarizer.drafting.llm_draft import LLMDrafter
    from summarizer.drafting.progress import SILENT
    from summarizer.drafting.tokens import TokenCounter

    settings = llm_settings(options.model, options.jobs, options.timeout, options.max_retries)
    counter = TokenCounter(settings.model, warn=notes.append)
    return LLMDrafter(history, ChatClient(settings, cache), check, counter, options.budget, progress or SILENT)


def plan_profile(history: History, options: DraftingOptions, warn: Callable[[str], None]) -> DraftPlan:
    from summarizer.drafting.llm import llm_settings
    from summarizer.drafting.llm_draft import plan
    from summarizer.drafting.tokens import TokenCounter

    settings = llm_settings(options.model, options.jobs, require_key=False)
    return plan(history, TokenCounter(settings.model, warn=warn), options.budget)
