"""A rerun read back: the key a run's profile rests on, and the last run's profile under it.

The CLI asks here before it imports the stages: a rerun on unchanged repositories, options,
prompts, code and workspace is the last run's profile read back whole, and nothing is
grouped, drafted or checked again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from pydantic import BaseModel

from summarizer.cache import RunCache, cache_key, code_digest
from summarizer.drafting.backend import drafter_identity
from summarizer.errors import SummarizerError
from summarizer.models.drafts import DraftingOptions
from summarizer.models.profile import Profile
from summarizer.models.request import ActivityRequest
from summarizer.period import Period, parse_month, resolve_period
from summarizer.prompt_templates import prompts_digest
from summarizer.sources import activity_key
from summarizer.workspace import workspaces_digest


def last_profile(request: ActivityRequest, options: DraftingOptions, cache: RunCache, warn: Callable[[str], None]) -> Profile | None:
    """The last run's profile of this request, its activity's warnings told again; None when
    anything it rests on changed (or only asking a forge would tell)."""
    key = profile_key(request, options)
    cached = cache.get(key) if key else None
    if cached is None:
        return None
    profile = Profile.model_validate_json(cached)
    for warning in profile.warnings:
        warn(warning)
    report = profile.drafting
    # Nothing was sent this time: what the last run asked is answered from the cache.
    return profile.model_copy(update={"drafting": report.model_copy(update={"llm_calls": 0, "cache_hits": report.cache_hits + report.llm_calls})})


def profile_key(request: ActivityRequest, options: DraftingOptions) -> str | None:
    """What a run's profile rests on: the sources' extraction keys (a saved activity's bytes and
    the request), who drafts, the prompts, the code, the workspace; None when only asking
    a forge would tell."""
    if request.activity_file is not None:
        try:
            saved = request.activity_file.read_bytes()
        except OSError:
            return None  # reading it for the run says what is wrong
        sources: str | None = cache_key("activity-file", digest=hashlib.sha256(saved).hexdigest(), request=request.model_dump(mode="json"))
        identities, period = _file_identities(saved, request)
    else:
        period = resolve_period(request.since, request.until)
        sources, identities = activity_key(request.sources, request.authors, period, request.branch, request.logins), request.identities
    if sources is None or period is None:
        return None
    return cache_key(
        "profile", code=code_digest(), sources=sources, prompts=prompts_digest(), drafter=drafter_identity(options),
        options=options.model_dump(mode="json", exclude={"jobs", "timeout", "max_retries"}),
        workspaces=workspaces_digest(identities, period),
    )  # fmt: skip


class _SavedActivityHead(BaseModel):
    """Whose a saved activity is and for when: all a key needs of it, without its commits' models."""

    authors: list[str]
    logins: list[str] = []
    period: Period


def _file_identities(saved: bytes, request: ActivityRequest) -> tuple[list[str], Period | None]:
    """The identities and period of the workspace a run of a saved activity records in (as
    the run narrows it); no period when the file or the request is not one a run would take."""
    try:
        head = _SavedActivityHead.model_validate_json(saved)
        period = Period(
            since=parse_month(request.since, "--since") if request.since else head.period.since,
            until=parse_month(request.until, "--until") if request.until else head.period.until,
        )
    except (ValueError, SummarizerError):
        return [], None
    return list(dict.fromkeys(head.authors + head.logins)), period
