"""Who drafts: the backend a run resolves to, and the drafter's identity in a cached profile's key."""

from __future__ import annotations

import os

from summarizer.choices import Backend
from summarizer.drafting.llm_settings import llm_settings
from summarizer.models.drafts import DraftingOptions


def resolve_backend(backend: Backend) -> Backend:
    """auto means openai when the SDK's key or base URL is set, else offline."""
    if backend is Backend.AUTO:
        return Backend.OPENAI if os.environ.get("OPENAI_API_KEY") or os.environ.get("OPENAI_BASE_URL") else Backend.OFFLINE
    return backend


def drafter_identity(options: DraftingOptions) -> dict[str, str]:
    """Who drafts, for a cached profile's key: the backend and, for a model, which one where
    (the same answers are not another server's); never the key."""
    backend = resolve_backend(options.backend)
    if backend is Backend.OFFLINE:
        return {"backend": backend.value}

    settings = llm_settings(options.model, options.jobs, require_key=False)
    return {"backend": backend.value, "model": settings.model, "endpoint": settings.base_url}
