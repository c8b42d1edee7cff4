"""The rulebook of work: whether a change is a feature, a bug fix or other work (SPEC §4).

Pure functions over a title, its labels and its files. Every stage that tells a fix from a
feature asks here: grouping into work items, the signals' follow-up fixes, the blame of a fix.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from summarizer.paths import is_docs_path, is_test_path
from summarizer.titles import BRACKET_TAGS, CONVENTIONAL

ItemClass = Literal["feature", "bug", "other"]

SCOPE_PREFIX = re.compile(r"^(?P<scope>[a-z][\w./-]{1,30}):\s+")
_WORD = re.compile(r"[A-Za-z]+")

FEATURE_TYPES = frozenset({"feat", "feature"})
BUG_TYPES = frozenset({"fix", "bugfix", "hotfix"})
OTHER_TYPES = frozenset({"docs", "doc", "chore", "refactor", "test", "tests", "ci", "build", "perf", "style", "revert"})
CHANGE_TYPES = FEATURE_TYPES | BUG_TYPES | OTHER_TYPES
FEATURE_VERBS = frozenset({
    "add", "adds", "added", "implement", "implements", "implemented", "support", "supports",
    "introduce", "introduces", "enable", "enables", "allow", "allows", "create", "creates",
    "new", "expose", "exposes", "provide", "provides", "extend", "extends",
})  # fmt: skip
BUG_VERBS = frozenset({"fix", "fixes", "fixed", "resolve", "resolves", "resolved", "correct", "corrects", "repair", "hotfix", "workaround"})
BUG_KEYWORDS = frozenset({"bug", "bugs", "bugfix", "crash", "crashes", "regression", "segfault", "deadlock", "hang", "hangs", "fix", "fixes", "fixed"})
# Titles about tests, docs and typos: what the change is, whatever verb opens it ("Add tests for
# …" is no feature, "Fix typo" no bug fix). The subject is within the first four words.
_TYPO = re.compile(r"\btypos?\b", re.IGNORECASE)
_TESTS = re.compile(r"^(?:[\w.-]+\s+){0,3}?(?:unit\s*|integration\s+|regression\s+)?(?:tests?|testing|unittests?)\b(?![-_.])", re.IGNORECASE)
_DOCS = re.compile(
    r"^(?:[\w.-]+\s+){0,3}?(?:docs?|documentation|docstrings?|readme|tutorials?)\b(?![-_.])|^document(?:s|ed)?\s"
    r"|\b(?:to|in)\s+(?:the\s+)?(?:readme|docs|documentation)\b",
    re.IGNORECASE,
)
FEATURE_LABELS = ("feature", "enhancement")
BUG_LABELS = ("bug", "fix", "regression")


def classify(title: str, labels: list[str] | tuple[str, ...] = (), paths: Sequence[str] = ()) -> tuple[ItemClass, str]:
    """feature, bug or other, and the rule that decided: labels, revert, typo, tests, docs, type, verb, keyword.

    `paths` are the item's files: an item that changes only tests (or only docs) is that."""
    for label in labels:
        lowered = label.lower()
        if any(word in lowered for word in BUG_LABELS):
            return "bug", f"label:{label}"
        if any(word in lowered for word in FEATURE_LABELS):
            return "feature", f"label:{label}"
    text = BRACKET_TAGS.sub("", title).strip()
    if re.match(r"^(revert\b|reapply\b|re-land\b|reland\b)", text, re.IGNORECASE):
        return "other", "revert"
    subject = CONVENTIONAL.sub("", text)
    if _TYPO.search(subject):
        return "other", "typo"
    if _TESTS.match(subject):
        return "other", "tests:title"
    if paths and all(is_test_path(path) for path in paths):
        return "other", "tests:files"
    if _DOCS.search(subject):
        return "other", "docs:title"
    if paths and all(is_docs_path(path) for path in paths):
        return "other", "docs:files"
    conventional = CONVENTIONAL.match(text)
    if conventional:
        kind = conventional.group("type").lower()
        if kind in FEATURE_TYPES:
            return "feature", f"conventional:{kind}"
        if kind in BUG_TYPES:
            return "bug", f"conventional:{kind}"
        if kind in OTHER_TYPES:
            return "other", f"conventional:{kind}"
        text = text[conventional.end() :]
    else:
        text = SCOPE_PREFIX.sub("", text)
    words = [word.lower() for word in _WORD.findall(text)]
    if words and words[0] in FEATURE_VERBS:
        return "feature", f"verb:{words[0]}"
    if words and words[0] in BUG_VERBS:
        return "bug", f"verb:{words[0]}"
    keyword = next((word for word in words if word in BUG_KEYWORDS), None)
    if keyword:
        return "bug", f"keyword:{keyword}"
    return "other", "default"
