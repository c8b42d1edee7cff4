"""Citations as links: a PR ref or commit SHA to its page, on the forge the repository lives on."""

from __future__ import annotations

import re

from summarizer.choices import Forge
from summarizer.models.profile import Profile, ProfileMonth

_PR_REF = re.compile(r"^(?:(?P<repo>[\w.-]+(?:/[\w.-]+)?))?#(?P<number>\d+)$")
_SHA = re.compile(r"^[0-9a-f]{7,40}$")
# A repository's page as the sources name it; an activity file may come from anywhere, and a
# `javascript:` address, a space or a bracket would make its link something else.
_WEB_PAGE = re.compile(r"https?://[\w.-]+(?::\d+)?(?:/[\w.~%!$&'*+,;=:@/-]*)?")
# Each forge's path to a pull (merge) request and to a commit, below the repository's page.
PATHS: dict[Forge, tuple[str | None, str]] = {
    Forge.GITHUB: ("pull/{number}", "commit/{sha}"),
    Forge.GITLAB: ("-/merge_requests/{number}", "-/commit/{sha}"),
    Forge.BITBUCKET: ("pull-requests/{number}", "commits/{sha}"),
    Forge.CODEBERG: ("pulls/{number}", "commit/{sha}"),
    Forge.SOURCEHUT: (None, "commit/{sha}"),
}


def citation_url(profile: Profile, month: ProfileMonth, ref: str) -> str | None:
    """The web page of `ref` as cited in `month`, or None when the repository has no web home."""
    homes = {repository.name: repository for repository in profile.repositories if web_page(repository.web_url)}
    pr = _PR_REF.match(ref)
    if pr:
        number = int(pr.group("number"))
        repo = pr.group("repo") or next((item.repo for item in month.items if item.pr == number), None)
        home = homes.get(repo or "")
        path = PATHS[home.forge][0] if home and home.web_url and home.forge else None
        return f"{home.web_url}/{path.format(number=number)}" if home and path else None
    if _SHA.match(ref):
        item = next((item for item in month.items if any(sha.startswith(ref) for sha in item.commits)), None)
        home = homes.get(item.repo) if item else None
        full = next((sha for sha in item.commits if sha.startswith(ref)), ref) if item else ref
        if home and home.web_url and home.forge:
            return f"{home.web_url}/{PATHS[home.forge][1].format(sha=full)}"
    return None


def web_page(url: str | None) -> str | None:
    """`url` when it is a plain http(s) address, safe as a link's target; else None."""
    return url if url and _WEB_PAGE.fullmatch(url) else None
