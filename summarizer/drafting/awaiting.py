"""Awaiting many requests at once: every result before any failure is raised, or, for the parts
of one month, the others cancelled as soon as one part fails."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from summarizer.drafting.collector import Deferred
from summarizer.drafting.failures import UnusableAnswer


async def every(*awaitables: Awaitable[Any]) -> list[Any]:
    """Each result, once all are in: every answer or failure is cached before the first failure is
    raised — a run's fatal error first, else a request left for a batch (every one of them recorded)."""
    results = await asyncio.gather(*awaitables, return_exceptions=True)
    failures = [result for result in results if isinstance(result, BaseException)]
    for failure in sorted(failures, key=lambda failure: isinstance(failure, Deferred)):
        raise failure
    return list(results)


async def until_one_fails(awaitables: list[Awaitable[Any]]) -> list[Any]:
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
