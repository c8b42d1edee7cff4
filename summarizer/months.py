"""Months: an Activity grouped into work items and months, classified and counted (SPEC §4).

Pure functions, no I/O. `build_history` is the entry point; `area_of` is the rule it applies
to find each work item's area, and `summarizer.classification.classify` the one for its class.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence

from summarizer.classification import CHANGE_TYPES, SCOPE_PREFIX, classify
from summarizer.languages import language_of
from summarizer.models.activity import EVERY_AUTHOR, Activity, Commit, FileChange, PullRequest, Repository
from summarizer.models.history import Developer, History, MonthActivity, MonthStats, RepositorySpan, Totals, WorkItem
from summarizer.paths import file_name, in_folder, is_docs_path, is_test_path
from summarizer.signals import history_signals
from summarizer.themes import SNAPSHOT, ThemeItem, month_themes, period_themes
from summarizer.titles import BRACKET_TAGS, CONVENTIONAL, PR_SUFFIX

UNWEIGHED_LANGUAGES = frozenset({"Jupyter Notebook"})


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
    signals = history_signals(months, activity.others, activity.period, activity.pull_requests, activity.reviews_given)
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
        signals=signals,
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


def area_of(title: str, files: list[FileChange], repo: str) -> str | None:
    """Where the work was: a [Tag], a conventional scope, or the top-level path touched most
    (test, snapshot and expected-output files aside, unless there is nothing else)."""
    tags = BRACKET_TAGS.match(title)
    # "[1/3] [Autodiff] Add …": a part of a series, or a draft's mark, is no place.
    named = [tag.strip() for tag in re.findall(r"\[([^\]]*)\]", tags.group(1)) if not _NOT_A_PLACE.fullmatch(tag.strip())] if tags else []
    if named:
        return named[0]
    conventional = CONVENTIONAL.match(title)
    if conventional and conventional.group("scope"):
        return conventional.group("scope").strip()
    prefix = SCOPE_PREFIX.match(title)
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


_NOT_A_PLACE = re.compile(r"\d+\s*/\s*(?:\d+|n)|wip|rfc|draft|do not merge|dnm|reland|ez|easy|\s*", re.IGNORECASE)


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
