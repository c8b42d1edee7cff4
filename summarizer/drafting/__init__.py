"""Drafting: the words of a profile, from a History. `draft_profile` is the entry point.

The drafts hold prose and citations only; every number a profile shows is taken from
the History's statistics when it is rendered, never from a drafter.
"""

from __future__ import annotations

from pydantic import BaseModel

from summarizer.errors import SummarizerError
from summarizer.months import History


class Highlight(BaseModel):
    text: str
    # Commit SHAs (7+ hex) or PR refs ("#12", "owner/name#12") the text rests on.
    evidence: list[str]


class MonthDraft(BaseModel):
    month: str
    summary: str
    highlights: list[Highlight] = []
    skills: list[str] = []


class Skills(BaseModel):
    languages: list[str] = []
    technical: list[str] = []


class ProfileDraft(BaseModel):
    overview: str
    months: list[MonthDraft]
    skills: Skills


class DraftingReport(BaseModel):
    backend: str
    model: str | None = None
    llm_calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0


BACKENDS = ("auto", "offline")


def draft_profile(history: History, backend: str = "auto") -> tuple[ProfileDraft, DraftingReport]:
    if backend not in BACKENDS:
        raise SummarizerError(f"unknown backend {backend!r}; this version drafts with: offline")
    from summarizer.drafting.offline import draft_offline

    return draft_offline(history), DraftingReport(backend="offline")
