"""What every source does to a commit: its PR number, its co-authors, which of its files are code.

Git and GitHub describe commits differently, but read a message and weigh a file the
same way: these helpers are that shared part.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from typing import NamedTuple

from summarizer.models.activity import Commit

_PR_SUFFIX = re.compile(r"\(#(\d+)\)\s*$")
_PR_RESOLVED = re.compile(r"^Pull Request resolved:\s*\S*/pull/(\d+)", re.IGNORECASE | re.MULTILINE)
_CO_AUTHOR = re.compile(r"^Co-authored-by:\s*(.+?)\s*$", re.IGNORECASE | re.MULTILINE)
LOCK_FILES = frozenset({
    "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lockb",
    "poetry.lock", "Pipfile.lock", "pdm.lock", "uv.lock", "conda-lock.yml", "Cargo.lock",
    "Gemfile.lock", "composer.lock", "go.sum", "mix.lock", "Podfile.lock", "pubspec.lock",
    "packages.lock.json", "gradle.lockfile", "flake.lock", "Package.resolved",
})  # fmt: skip
LINGUIST_ATTRIBUTES = ("linguist-generated", "linguist-vendored")
# How long after a commit another author's commit may still be a follow-up to it (a fix of it).
FOLLOW_UP_DAYS = 14
_REVERTS = re.compile(r"This reverts commit ([0-9a-f]{7,40})", re.IGNORECASE)
_REVERT_TITLE = re.compile(r'^Revert "(.+)"')


def pr_number(subject: str, body: str) -> int | None:
    resolved = _PR_RESOLVED.findall(body)
    if resolved:
        return int(resolved[-1])
    suffix = _PR_SUFFIX.search(subject)
    return int(suffix.group(1)) if suffix else None


def co_authors(body: str) -> list[str]:
    return _CO_AUTHOR.findall(body)


def may_revert(commit: Commit) -> bool:
    """Whether a commit has git's own words for a revert, matched as written: a cheap test
    before `reverted_by`'s patterns, for reads that meet every commit of a history."""
    return commit.subject.startswith("Revert ") or "reverts commit" in commit.body


def reverted_by(commit: Commit) -> tuple[list[str], str | None]:
    """The commits a commit reverts: the SHAs its message names, and the title it quotes."""
    title = _REVERT_TITLE.match(commit.subject)
    return _REVERTS.findall(commit.body), title.group(1) if title else None


def relevant_others(others: list[Commit], mine: list[Commit]) -> list[Commit]:
    """Other authors' commits worth keeping beside the developer's: of a month they were active in,
    within FOLLOW_UP_DAYS after one of their commits, or reverting one."""
    if not others:  # a team asks this of each developer, most often of nothing
        return []
    months = {commit.month for commit in mine}
    landed = sorted(commit.committed_at for commit in mine)
    shas = [commit.sha for commit in mine]
    subjects = {commit.subject for commit in mine}

    def follows(commit: Commit) -> bool:
        before = bisect.bisect_right(landed, commit.committed_at)
        return before > 0 and commit.committed_at - landed[before - 1] <= dt.timedelta(days=FOLLOW_UP_DAYS)

    def reverts(commit: Commit) -> bool:
        named, title = reverted_by(commit)
        return title in subjects or any(sha.startswith(prefix) for prefix in named for sha in shas)

    return [commit for commit in others if commit.month in months or follows(commit) or reverts(commit)]


class LinguistRule(NamedTuple):
    base: str
    pattern: str
    attribute: str
    value: bool


def mark_uncounted_files(commits: list[Commit], rules: list[LinguistRule] | None = None) -> None:
    """Lock files, and files the linguist `rules` call generated or vendored, are not code."""
    compiled = []
    if rules:
        import pathspec  # 60 ms to import: only for a repository that has such rules

        compiled = [(rule, pathspec.GitIgnoreSpec.from_lines([rule.pattern])) for rule in rules]
    verdicts: dict[str, bool] = {}

    def is_code(path: str) -> bool:
        if path not in verdicts:
            excluded = path.rpartition("/")[2] in LOCK_FILES
            state = {attribute: False for attribute in LINGUIST_ATTRIBUTES}
            for rule, spec in compiled:
                prefix = "" if rule.base == "." else rule.base + "/"
                if path.startswith(prefix) and spec.match_file(path[len(prefix) :]):
                    state[rule.attribute] = rule.value
            verdicts[path] = not (excluded or any(state.values()))
        return verdicts[path]

    for commit in commits:
        for change in commit.files:
            if change.counted and not is_code(change.path):
                change.counted = False
