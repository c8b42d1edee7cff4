"""Months: an Activity grouped into work items and months, classified and counted (SPEC §4).

Pure functions, no I/O. `build_history` is the entry point; `classify` and `area_of`
are the rules it applies to each work item, kept separate so they read and test alone.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from summarizer.models.activity import Activity, Commit, EVERY_AUTHOR, FileChange, PullRequest, Repository
from summarizer.choices import Forge
from summarizer.languages import language_of
from summarizer.paths import file_name, in_folder, is_docs_path, is_test_path
from summarizer.period import Period
from summarizer.themes import SNAPSHOT, Theme, ThemeItem, month_themes, period_themes
from summarizer.titles import BRACKET_TAGS, CONVENTIONAL, PR_SUFFIX

if TYPE_CHECKING:
    from summarizer.signals import HistorySignals

ItemClass = Literal["feature", "bug", "other"]

_SCOPE_PREFIX = re.compile(r"^(?P<scope>[a-z][\w./-]{1,30}):\s+")
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
UNWEIGHED_LANGUAGES = frozenset({"Jupyter Notebook"})
BUG_LABELS = ("bug", "fix", "regression")


class WorkItem(BaseModel):
    """A pull request with its commits, or a commit that belongs to no pull request."""

    model_config = ConfigDict(populate_by_name=True)

    id: str
    repo: str
    pr: int | None = None
    title: str
    item_class: ItemClass = Field(alias="class")
    # Which rule decided the class, e.g. "conventional:feat", "verb:add", "label:bug".
    class_rule: str
    area: str | None = None
    month: str
    labels: list[str] = []
    commits: list[str]
    lines_added: int = 0
    lines_deleted: int = 0


# What the changed files show of a developer's practice, checked in this order.
_PRACTICE_RULES: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("Testing", is_test_path),
    ("CI (GitHub Actions)", lambda p: p.startswith(".github/workflows/")),
    ("Documentation", is_docs_path),
    ("Benchmarking", lambda p: in_folder(p, {"bench", "benchmark", "benchmarks"})),
    ("Build and packaging", lambda p: file_name(p) in {"pyproject.toml", "setup.py", "setup.cfg", "CMakeLists.txt", "Makefile", "Cargo.toml", "package.json", "BUILD", "BUILD.bazel"}),
    ("Containers", lambda p: file_name(p).startswith("Dockerfile") or file_name(p) in {"docker-compose.yml", "compose.yaml"}),
)  # fmt: skip
PRACTICES = [name for name, _ in _PRACTICE_RULES]


def practices_of(paths: set[str]) -> list[str]:
    return [name for name, shows in _PRACTICE_RULES if any(shows(path) for path in paths)]


class MonthStats(BaseModel):
    commits: int = 0
    work_items: int = 0
    features: int = 0
    bugs: int = 0
    lines_added: int = 0
    lines_deleted: int = 0
    # Commits whose line counts git could not read (missing objects): the line figures leave them out.
    lines_unknown: int = 0
    repositories: list[str] = []
    # By lines changed, most first.
    languages: list[str] = []
    # Practices the changed files show: Testing, Documentation, CI …
    practices: list[str] = []


class Totals(MonthStats):
    activity_months: int = 0


class MonthActivity(BaseModel):
    month: str
    stats: MonthStats
    items: list[WorkItem]
    # The evidence: every commit that landed this month.
    commits: list[Commit]
    # The items grouped by what they are about (themes.py), most items first.
    themes: list[Theme] = []


class RepositorySpan(BaseModel):
    name: str
    first_month: str
    last_month: str
    months_active: int
    commits: int
    languages: list[str] = []
    web_url: str | None = None
    forge: Forge | None = None


class Developer(BaseModel):
    name: str
    ids: list[str]


class History(BaseModel):
    """Everything the drafters, the validator and the renderers know of the developer."""

    developer: Developer
    period: Period
    months: list[MonthActivity]  # active months only, oldest first
    totals: Totals
    repositories: list[RepositorySpan]
    warnings: list[str] = []
    # Other authors' commits beside the developer's (Activity.others): no line counts.
    others: list[Commit] = []
    # The themes that ran through more than one month.
    themes: list[Theme] = []
    # From GitHub: the developer's pull requests, and per month those of others they reviewed
    # (None: GitHub was not read with a token).
    pull_requests: list[PullRequest] = []
    reviews_given: dict[str, int] | None = None
    # What the repositories' own text says their acronyms stand for (Repository.spelled_out).
    spelled_out: list[str] = []

    @cached_property
    def signals(self) -> HistorySignals:
        """How the work was done (signals.py), found on first use and once."""
        # Imported here: the signals are computed from this module's work items and classes.
        from summarizer.signals import history_signals

        return history_signals(self)


def build_history(activity: Activity) -> History:
    items = group_work_items(activity.commits, activity.pull_requests)
    commits_by_month: dict[str, list[Commit]] = defaultdict(list)
    for commit in activity.commits:
        commits_by_month[commit.month].append(commit)
    items_by_month: dict[str, list[WorkItem]] = defaultdict(list)
    for item in items:
        items_by_month[item.month].append(item)
    by_sha = {commit.sha: commit for commit in activity.commits}
    names = [repository.name for repository in activity.repositories]
    months = [
        MonthActivity(
            month=month,
            stats=month_stats(commits_by_month[month], items_by_month[month]),
            items=items_by_month[month],
            commits=commits_by_month[month],
            themes=month_themes([_theme_item(item, by_sha) for item in items_by_month[month]], names),
        )
        for month in sorted(commits_by_month)
    ]
    totals = Totals(
        **month_stats(activity.commits, items).model_dump(),
        activity_months=len(months),
    )
    homes = {repository.name: repository for repository in activity.repositories}
    return History(
        developer=developer_of(activity.commits, activity.logins, activity.authors),
        period=activity.period,
        months=months,
        totals=totals,
        repositories=repository_spans(activity.commits, homes),
        warnings=activity.warnings,
        others=activity.others,
        pull_requests=activity.pull_requests,
        reviews_given=activity.reviews_given,
        themes=period_themes([(month.month, month.themes) for month in months]),
        spelled_out=list(dict.fromkeys(phrase for repository in activity.repositories for phrase in repository.spelled_out)),
    )


def _theme_item(item: WorkItem, by_sha: dict[str, Commit]) -> ThemeItem:
    commits = [by_sha[sha] for sha in item.commits]
    paths = [change.path for commit in commits for change in commit.files if change.counted]
    return ThemeItem(id=item.id, title=item.title, body=commits[0].body, paths=paths, weight=item.lines_added + item.lines_deleted)


def group_work_items(commits: list[Commit], pull_requests: Sequence[PullRequest] = ()) -> list[WorkItem]:
    """One item per (repository, PR); a commit without a PR is an item of its own.

    A PR known from GitHub gives the item its title, its labels and, when it was merged,
    its month (the merge time in UTC, if the developer's commits landed in that month at
    all); otherwise an item lands with its last commit.
    """
    active = {commit.month for commit in commits}
    described = {(pull.repo, pull.number): pull for pull in pull_requests}
    groups: dict[tuple[str, str], list[Commit]] = defaultdict(list)
    for commit in commits:
        groups[(commit.repo, f"#{commit.pr}" if commit.pr else commit.sha)].append(commit)
    items = []
    for (repo, _), members in groups.items():
        members.sort(key=lambda commit: commit.committed_at)
        pr = members[0].pr
        pull = described.get((repo, pr)) if pr else None
        title = pull.title if pull else PR_SUFFIX.sub("", members[0].subject) if pr else members[0].subject
        labels = pull.labels if pull else []
        files = [f for c in members for f in c.files if f.counted]
        item_class, rule = classify(title, labels, [f.path for f in files])
        merged = f"{pull.merged_at.astimezone(dt.timezone.utc):%Y-%m}" if pull and pull.merged_at else None
        landed = merged if merged in active else members[-1].month
        items.append(
            WorkItem(
                id=f"{repo}#{pr}" if pr else members[0].short_sha,
                repo=repo,
                pr=pr,
                title=title,
                item_class=item_class,
                class_rule=rule,
                area=area_of(title, files, repo),
                month=landed,
                labels=labels,
                commits=[commit.sha for commit in members],
                lines_added=sum(commit.lines_added for commit in members),
                lines_deleted=sum(commit.lines_deleted for commit in members),
            )
        )
    items.sort(key=lambda item: (item.month, item.id))
    return items


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
        text = _SCOPE_PREFIX.sub("", text)
    words = [word.lower() for word in _WORD.findall(text)]
    if words and words[0] in FEATURE_VERBS:
        return "feature", f"verb:{words[0]}"
    if words and words[0] in BUG_VERBS:
        return "bug", f"verb:{words[0]}"
    keyword = next((word for word in words if word in BUG_KEYWORDS), None)
    if keyword:
        return "bug", f"keyword:{keyword}"
    return "other", "default"


def area_of(title: str, files: list[FileChange], repo: str) -> str | None:
    """Where the work was: a [Tag], a conventional scope, or the top-level path touched most
    (test, snapshot and expected-output files aside, unless there is nothing else)."""
    tags = BRACKET_TAGS.match(title)
    if tags:
        return tags.group(1).strip()[1:].split("]")[0].strip()
    conventional = CONVENTIONAL.match(title)
    if conventional and conventional.group("scope"):
        return conventional.group("scope").strip()
    prefix = _SCOPE_PREFIX.match(title)
    if prefix and prefix.group("scope") not in CHANGE_TYPES:
        return prefix.group("scope")
    # Tests, snapshots and expected outputs say what a change checked or affected, not where it
    # was made: "Add support for listcomp" is the compiler's, though its test has more lines.
    made = [f for f in files if not SNAPSHOT.search(f.path)] or files
    for candidates in ([f for f in made if not is_test_path(f.path)], made):
        weight = _folder_weights(candidates, repo.rsplit("/", 1)[-1])
        if weight:
            return weight.most_common(1)[0][0]
    return None


def _folder_weights(files: list[FileChange], package: str) -> Counter[str]:
    """The lines changed under each top-level folder (files at the top count for none)."""
    weight: Counter[str] = Counter()
    for change in files:
        parts = [part for part in change.path.split("/") if part]
        if len(parts) < 2:
            continue
        # A repository's own package folder says nothing; the folder below it does.
        top = parts[1] if parts[0] == package and len(parts) > 2 else parts[0]
        weight[top.strip("_") or top] += change.added + change.deleted + 1
    return weight


def month_stats(commits: list[Commit], items: list[WorkItem]) -> MonthStats:
    language_lines: Counter[str] = Counter()
    for commit in commits:
        for change in commit.files:
            language = language_of(change.path) if change.counted else None
            if language:
                # A notebook's lines are mostly its JSON and outputs: it is named, after the code.
                language_lines[language] += 0 if language in UNWEIGHED_LANGUAGES else change.added + change.deleted
    return MonthStats(
        commits=len(commits),
        work_items=len(items),
        features=sum(item.item_class == "feature" for item in items),
        bugs=sum(item.item_class == "bug" for item in items),
        lines_added=sum(commit.lines_added for commit in commits),
        lines_deleted=sum(commit.lines_deleted for commit in commits),
        lines_unknown=sum(not commit.stats_complete for commit in commits),
        repositories=sorted({commit.repo for commit in commits}),
        languages=[language for language, _ in language_lines.most_common()],
        practices=practices_of({change.path for commit in commits for change in commit.files}),
    )


def developer_of(commits: list[Commit], logins: Sequence[str] = (), authors: Sequence[str] = ()) -> Developer:
    if EVERY_AUTHOR in authors:
        return Developer(name="All authors", ids=[EVERY_AUTHOR])
    names = Counter(commit.author_name for commit in commits)
    emails = Counter(commit.author_email for commit in commits)
    ids = [name for name, _ in names.most_common()] + [email for email, _ in emails.most_common()]
    return Developer(name=names.most_common(1)[0][0], ids=ids + [login for login in logins if login not in ids])


def repository_spans(commits: list[Commit], homes: dict[str, Repository]) -> list[RepositorySpan]:
    by_repo: dict[str, list[Commit]] = defaultdict(list)
    for commit in commits:
        by_repo[commit.repo].append(commit)
    spans = []
    for name, members in by_repo.items():
        months = sorted({commit.month for commit in members})
        spans.append(
            RepositorySpan(
                name=name,
                first_month=months[0],
                last_month=months[-1],
                months_active=len(months),
                commits=len(members),
                languages=month_stats(members, []).languages,
                web_url=homes[name].web_url if name in homes else None,
                forge=homes[name].forge if name in homes else None,
            )
        )
    spans.sort(key=lambda span: (-span.commits, span.name))
    return spans
