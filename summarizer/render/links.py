"""Citations as links: a PR ref or commit SHA to its page, when the repository is on a forge."""

from __future__ import annotations

import re

from summarizer.profile import Profile, ProfileMonth

_PR_REF = re.compile(r"^(?:(?P<repo>[\w.-]+(?:/[\w.-]+)?))?#(?P<number>\d+)$")
_SHA = re.compile(r"^[0-9a-f]{7,40}$")


def citation_url(profile: Profile, month: ProfileMonth, ref: str) -> str | None:
    """The web page of `ref` as cited in `month`, or None when the repository has no web home."""
    web = {repository.name: repository.web_url for repository in profile.repositories}
    pr = _PR_REF.match(ref)
    if pr:
        number = int(pr.group("number"))
        repo = pr.group("repo") or next((item.repo for item in month.items if item.pr == number), None)
        url = web.get(repo or "")
        return f"{url}/pull/{number}" if url else None
    if _SHA.match(ref):
        item = next((item for item in month.items if any(sha.startswith(ref) for sha in item.commits)), None)
        url = web.get(item.repo) if item else None
        full = next((sha for sha in item.commits if sha.startswith(ref)), ref) if item else ref
        return f"{url}/commit/{full}" if url else None
    return None
