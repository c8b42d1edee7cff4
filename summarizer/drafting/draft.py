"""Drafting: the words of a profile, from a History. `draft_profile` is the entry point.

The models it produces are in `summarizer.models.drafts`; the offline drafter is
`offline.py`, the LLM drafter `llm_draft.py` over the client in `llm.py`.
"""


from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from summarizer.choices import Backend
from summarizer.drafting.backend import resolve_backend
from summarizer.drafting.batch import BATCHES, run_batch
from summarizer.drafting.collector import Collector, Deferred
from summarizer.drafting.llm import ChatClient
from summarizer.drafting.llm_draft import LLMDrafter
from summarizer.drafting.llm_settings import llm_settings
from summarizer.drafting.offline import draft_offline
from summarizer.drafting.plan import plan
from summarizer.drafting.progress import SILENT, StepsOf
from summarizer.drafting.tokens import TokenCounter
from summarizer.models.drafts import OVERVIEW, DraftingReport
from summarizer.words import count

if TYPE_CHECKING:
    from summarizer.cache import RunCache
    from summarizer.drafting.progress import DraftingProgress
    from summarizer.models.drafts import DraftingOptions, DraftPlan, ProfileDraft
    from summarizer.models.findings import Check, Finding
    from summarizer.models.history import History


def draft_profile(
    history: History, options: DraftingOptions, cache: RunCache, check: Check, progress: DraftingProgress | None = None
) -> tuple[ProfileDraft, DraftingReport]:
    """The draft and how it was made; `check` validates a text against the history."""
    if resolve_backend(options.backend) is Backend.OFFLINE:
        return draft_offline(history), DraftingReport(backend=Backend.OFFLINE.value)
    notes: list[str] = []
    draft, report = _llm_drafter(history, options, cache, check, notes, progress).draft()
    return draft, report.model_copy(update={"notes": notes + report.notes})


def draft_histories(
    histories: dict[str, tuple[History, Check]], options: DraftingOptions, cache: RunCache,
    progress: DraftingProgress | None, batch: bool, say: Callable[[str], None],
) -> dict[str, tuple[ProfileDraft, DraftingReport]]:
    """Many developers' drafts (a team's, by name), drafted together: one pool of `--jobs` requests
    for them all; with `batch`, what the cache cannot answer goes through the Batch API first."""
    if resolve_backend(options.backend) is Backend.OFFLINE:
        return {name: (draft_offline(history), DraftingReport(backend=Backend.OFFLINE.value)) for name, (history, _) in histories.items()}

    settings = llm_settings(options.model, options.jobs, options.timeout, options.max_retries)
    warnings: list[str] = []
    counter = TokenCounter(settings.model, warn=warnings.append)
    pool = ChatClient(settings, cache)

    def drafters(collector: Collector | None, shown: DraftingProgress) -> dict[str, LLMDrafter]:
        # A pass's own pool: each pass runs in an event loop of its own.
        slots = asyncio.Semaphore(settings.jobs)
        return {
            name: LLMDrafter(history, pool.sibling(collector, slots), check, counter, options.budget, StepsOf(shown, name))
            for name, (history, check) in histories.items()
        }

    if batch:
        collector = Collector()
        for _ in range(BATCHES):
            _draft_together(drafters(collector, SILENT), collector)
            if not collector.requests:
                break
            outcome = run_batch(pool, collector, say)
            warnings.append(f"batch {outcome.batch_id} ({outcome.status}): {count(outcome.answered, 'answer')} from the Batch API, {outcome.unanswered} asked directly")
    progress = progress or SILENT
    final = drafters(None, progress)
    progress.begin([f"{name}: {step}" for name, drafter in final.items() for step in drafter.steps()], settings.model, settings.base_url)
    try:
        sections = _draft_together(final, None)
    finally:
        progress.end()
    drafts = {}
    for name, drafter in final.items():
        draft, report = drafter.finished(*sections[name])
        drafts[name] = (draft, report.model_copy(update={"notes": warnings + report.notes}))
    return drafts


def _draft_together(drafters: dict[str, LLMDrafter], collector: Collector | None) -> dict[str, Any]:
    """Every drafter's sections, from one event loop; a request left for a batch ends only its
    developer's pass, any other failure the run."""

    async def together() -> list[Any]:
        return await asyncio.gather(*(drafter.draft_sections() for drafter in drafters.values()), return_exceptions=True)

    results = dict(zip(drafters, asyncio.run(together())))
    for result in results.values():
        if isinstance(result, BaseException) and not (collector is not None and isinstance(result, Deferred)):
            raise result
    return results


def redraft_section(
    history: History, options: DraftingOptions, cache: RunCache, check: Check, key: str, text: str, findings: list[Finding]
) -> str:
    """A new draft of one section ("overview" or a month) for review's regenerate."""
    if resolve_backend(options.backend) is Backend.OFFLINE:
        draft = draft_offline(history)
        return draft.overview if key == OVERVIEW else next(month.summary for month in draft.months if month.month == key)
    return _llm_drafter(history, options, cache, check, [], None).redraft(key, text, findings)


def _llm_drafter(
    history: History, options: DraftingOptions, cache: RunCache, check: Check, notes: list[str], progress: DraftingProgress | None
) -> LLMDrafter:
    settings = llm_settings(options.model, options.jobs, options.timeout, options.max_retries)
    counter = TokenCounter(settings.model, warn=notes.append)
    return LLMDrafter(history, ChatClient(settings, cache), check, counter, options.budget, progress or SILENT)


def plan_profile(history: History, options: DraftingOptions, warn: Callable[[str], None]) -> DraftPlan:
    settings = llm_settings(options.model, options.jobs, require_key=False)
    return plan(history, TokenCounter(settings.model, warn=warn), options.budget)
