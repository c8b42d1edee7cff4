"""A month of Grace Hopper's in acme/vision, built from titles: the data of the validation specs
that need only a few commits (test_validation_claims.py, test_validation_quotes.py)."""

from __future__ import annotations

import re

from summarizer.models.activity import Activity, Commit, FileChange, Repository
from summarizer.models.history import History
from summarizer.months import build_history
from summarizer.period import Period
from summarizer.validation import validate

_PR_SUFFIX = re.compile(r"\(#(\d+)\)$")


def commit(sha: str, day: str, subject: str, path: str) -> Commit:
    """Grace's commit: `sha` repeated to 40 characters; a title ending in "(#N)" is pull request N."""
    pr = _PR_SUFFIX.search(subject)
    return Commit(
        sha=(sha * 40)[:40], repo="acme/vision", author_name="Grace Hopper", author_email="grace@example.com",
        authored_at=f"{day}T10:00:00+00:00", committed_at=f"{day}T10:00:00+00:00", month=day[:7], subject=subject,
        pr=int(pr.group(1)) if pr else None, files=[FileChange(path=path, added=5)],
    )  # fmt: skip


def titles_only(*subjects: str, month: str = "2025-03", repo: str = "acme/vision", first: int = 0) -> list[Commit]:
    """Grace's commits of a month told by their titles alone, as a changelog tells them: no files.
    Their hashes count on from `first`, so that two lists of them do not share one."""
    return [
        commit(f"{first + index + 1:x}", f"{month}-{index + 3:02d}", subject, "").model_copy(update={"files": [], "repo": repo})
        for index, subject in enumerate(subjects)
    ]


def march(commits: list[Commit]) -> History:
    return grace_between("2025-03", "2025-03", commits)


def march_by_login(login: str, name: str | None = None) -> History:
    """A March of one commit, "Add a resize transform (#41)", by a developer known by a GitHub login
    (their noreply address) and, where given, a display name, as GitHub gives both."""
    mine = commit("a", "2025-03-03", "Add a resize transform (#41)", "vision/resize.py").model_copy(
        update={"author_name": name or login, "author_email": f"1+{login}@users.noreply.github.com"}
    )
    activity = Activity(
        authors=[login, *([name] if name else [])], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)], commits=[mine],
    )  # fmt: skip
    return build_history(activity)


def grace_between(since: str, until: str, commits: list[Commit]) -> History:
    """Grace's months `since`..`until` (YYYY-MM) in acme/vision, of these commits."""
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since=since, until=until),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)], commits=commits,
    )  # fmt: skip
    return build_history(activity)


def march_with_teammate(mine: list[Commit], theirs: list[Commit]) -> History:
    """Grace's March 2025 in acme/vision, beside a teammate's commits of the month (`teammates`)."""
    activity = Activity(
        authors=["Grace Hopper"], period=Period(since="2025-03", until="2025-03"),
        repositories=[Repository(name="acme/vision", path="/src/vision", branch="main", tip="f" * 40)], commits=mine, others=theirs,
    )  # fmt: skip
    return build_history(activity)


def teammates(sha: str, subject: str, path: str) -> Commit:
    """Ada Lovelace's commit in acme/vision, on 10 March 2025."""
    return commit(sha, "2025-03-10", subject, path).model_copy(update={"author_name": "Ada Lovelace", "author_email": "ada@example.com"})


def errors(text: str, history: History) -> set[tuple[str, str]]:
    return {(f.kind, f.text) for f in validate(text, history) if f.severity == "error"}
