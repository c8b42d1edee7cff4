"""What every source does to a commit: its PR number, its co-authors, which of its files are code.

Git and GitHub describe commits differently, but read a message and weigh a file the
same way: these helpers are that shared part.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import NamedTuple

from summarizer.activity import Commit

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


def pr_number(subject: str, body: str) -> int | None:
    resolved = _PR_RESOLVED.findall(body)
    if resolved:
        return int(resolved[-1])
    suffix = _PR_SUFFIX.search(subject)
    return int(suffix.group(1)) if suffix else None


def co_authors(body: str) -> list[str]:
    return _CO_AUTHOR.findall(body)


class LinguistRule(NamedTuple):
    base: str
    pattern: str
    attribute: str
    value: bool


def mark_uncounted_files(commits: list[Commit], rules: list[LinguistRule] | None = None) -> None:
    """Lock files, and files the linguist `rules` call generated or vendored, are not code."""
    import pathspec

    compiled = [(rule, pathspec.GitIgnoreSpec.from_lines([rule.pattern])) for rule in rules or []]
    verdicts: dict[str, bool] = {}

    def is_code(path: str) -> bool:
        if path not in verdicts:
            excluded = PurePosixPath(path).name in LOCK_FILES
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
