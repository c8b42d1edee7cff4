"""Quality signals: what the commit metadata shows of how the work was done (SPEC §11).

Every figure comes with its definition and the work items it counts, so that a reader can
open them and a developer can dispute them. None is a score: no figure mixes two signals,
nothing grades or ranks, and a share over fewer than MIN_ITEMS items is not given (a
percentage of three items says nothing). Pure functions: a month's or a period's work
items, with the commits of the developer and of others beside them, in; Signals out.
"""

from __future__ import annotations

import datetime as dt
import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from summarizer.models.activity import Commit, PullRequest
from summarizer.models.history import MonthActivity, WorkItem
from summarizer.models.signals import (
    LARGE_ITEM_LINES,
    MIN_ITEMS,
    FollowUp,
    FollowUpFixes,
    HistorySignals,
    Revert,
    RevertedWork,
    Reviews,
    Share,
    Signals,
    Size,
)  # fmt: skip
from summarizer.paths import is_docs_path, is_test_path
from summarizer.period import Period, shift_month
from summarizer.sources.blame import PLACEHOLDERS, UNREADABLE, is_fix
from summarizer.sources.commits import FOLLOW_UP_DAYS, may_revert, reverted_by
from summarizer.titles import PR_SUFFIX
from summarizer.words import count, plural

TESTED_WORK = "features and bug fixes whose commits change a test file (tests/, test_*.py, *_test.go, *.spec.ts, FooTest.java …)"
REVERTED_WORK = "work items a later commit reverted, by anyone (“This reverts commit …” or “Revert \"title\"”)"
FOLLOW_UP_FIXES = (
    f"features whose lines a bug fix by anyone changed within {FOLLOW_UP_DAYS} days (git blame; whitespace, "
    f"comments, moves, reverts left out), of those {FOLLOW_UP_DAYS}+ days before the period's end"
)
# Why a feature's follow-ups could not be traced, by what its commits and the fixes after it hold.
UNTRACED_FEATURE = "its own line counts are unknown (a shallow clone's cut-off, or missing objects)"
NO_LINE_EVIDENCE = "the activity was saved without line evidence (read from a forge, by a team read, or by an older summarizer)"
UNTRACED_FIX = "git could not trace a fix's lines"
DOCUMENTATION = "work items that change documentation (docs/, *.md, *.rst) alongside code, of those that change code"


@dataclass(slots=True)
class ItemFacts:
    """What the signals need to know of one work item, found once for the period."""

    item: str
    tested: bool | None = None  # None: neither a feature nor a fix
    reverted: Revert | None = None
    follow_up: FollowUp | None = None
    follow_up_eligible: bool = False
    # Why its follow-ups could not be traced: None when they were.
    follow_up_unknown: str | None = None
    lines: int | None = None  # None: git could not read some of its line counts
    docs_with_code: bool | None = None  # None: it changes no code
    reverts_of_others: list[Revert] = field(default_factory=list)


def history_signals(
    months: Sequence[MonthActivity], others: Sequence[Commit], period: Period, pulls: Sequence[PullRequest], given: dict[str, int] | None
) -> HistorySignals:
    """The signals of the period and of each active month: of the developer's `months`, with
    the `others`' commits beside them, their pull requests and the reviews they gave (None: unknown)."""
    items = [item for month in months for item in month.items]
    mine = [commit for month in months for commit in month.commits]
    end = dt.datetime.fromisoformat(f"{shift_month(period.until, 1)}-01T00:00:00+00:00")
    facts = item_facts(items, mine, others, end)

    def signals(chosen: list[WorkItem], named: list[str]) -> Signals:
        found = signals_of(chosen, facts)
        if given is not None:
            found.reviews = reviews_of(chosen, pulls, sum(given.get(month, 0) for month in named))
        return found

    return HistorySignals(
        period=signals(items, [month.month for month in months]),
        months={month.month: signals(month.items, [month.month]) for month in months},
    )


def reviews_of(items: Sequence[WorkItem], pulls: Sequence[PullRequest], given: int) -> Reviews:
    """The review figures of the items' merged pull requests, and the reviews `given` beside them."""
    described = {(pull.repo, pull.number): pull for pull in pulls}
    merged = [(item.id, pull) for item in items if item.pr and (pull := described.get((item.repo, item.pr))) and pull.merged_at]
    hours = [(pull.merged_at - pull.created_at).total_seconds() / 3600 for _, pull in merged if pull.merged_at and pull.created_at]
    unreviewed = [ref for ref, pull in merged if not pull.reviews]
    return Reviews(
        given=given, received=sum(pull.reviews for _, pull in merged), of=len(merged),
        median_hours_to_merge=round(statistics.median(hours), 1) if hours else None,
        merged_unreviewed=len(unreviewed), items=unreviewed,
    )  # fmt: skip


def item_facts(items: Sequence[WorkItem], mine: Sequence[Commit], others: Sequence[Commit], period_end: dt.datetime) -> dict[str, ItemFacts]:
    """Each item's facts, from its commits and everyone's commits beside them."""
    by_sha = {commit.sha: commit for commit in mine}
    reverts = [(commit, *named) for commit in [*mine, *others] if may_revert(commit) and (named := reverted_by(commit)) != ([], None)]
    reverting = {commit.sha: (named, quoted) for commit, named, quoted in reverts}
    fixes = _fixes_by_path(items, by_sha, [*mine, *others])
    facts = {}
    for item in items:
        commits = [by_sha[sha] for sha in item.commits if sha in by_sha]
        paths = [change.path for commit in commits for change in commit.files]
        code = [change.path for commit in commits for change in commit.files if change.counted and not is_docs_path(change.path)]
        fact = ItemFacts(
            item=item.id,
            tested=any(is_test_path(path) for path in paths) if item.item_class in ("feature", "bug") else None,
            lines=item.lines_added + item.lines_deleted if all(commit.stats_complete for commit in commits) else None,
            docs_with_code=any(is_docs_path(path) for path in paths) if code else None,
            reverted=_reverted(item, commits, reverts),
        )
        if item.item_class == "feature" and commits:
            landed = max(commit.committed_at for commit in commits)
            fact.follow_up_eligible = landed + dt.timedelta(days=FOLLOW_UP_DAYS) <= period_end
            if fact.follow_up_eligible:
                fact.follow_up, fact.follow_up_unknown = _follow_up(item, commits, landed, fixes)
        fact.reverts_of_others = _reverts_of_others(item, [commit for commit in commits if commit.sha in reverting], reverting, by_sha, others)
        facts[item.id] = fact
    return facts


def signals_of(items: Iterable[WorkItem], facts: dict[str, ItemFacts]) -> Signals:
    """The signals of a set of work items (a month's, or the period's)."""
    chosen = [facts[item.id] for item in items]
    tested = [fact for fact in chosen if fact.tested is not None]
    eligible = [fact for fact in chosen if fact.follow_up_eligible and not fact.follow_up_unknown]
    untraced = [fact for fact in chosen if fact.follow_up_eligible and fact.follow_up_unknown]
    coded = [fact for fact in chosen if fact.docs_with_code is not None]
    sized = sorted((fact.lines, fact.item) for fact in chosen if fact.lines is not None)
    lines = [count for count, _ in sized]
    return Signals(
        tested_work=_share([fact.item for fact in tested if fact.tested], len(tested), TESTED_WORK),
        reverted_work=RevertedWork(
            **_share([fact.item for fact in chosen if fact.reverted], len(chosen), REVERTED_WORK).model_dump(),
            reverted=[fact.reverted for fact in chosen if fact.reverted],
            reverts_of_others=[revert for fact in chosen for revert in fact.reverts_of_others],
        ),
        follow_up_fixes=FollowUpFixes(
            **_share([fact.item for fact in eligible if fact.follow_up], len(eligible), FOLLOW_UP_FIXES).model_dump(),
            follow_ups=[fact.follow_up for fact in eligible if fact.follow_up],
            not_measured=[fact.item for fact in untraced],
            why_not_measured=list(dict.fromkeys(fact.follow_up_unknown for fact in untraced if fact.follow_up_unknown)),
        ),
        size=Size(
            median_lines=int(statistics.median_low(lines)) if lines else None,
            p90_lines=lines[math.ceil(0.9 * len(lines)) - 1] if lines else None,
            over_1000=sum(count > LARGE_ITEM_LINES for count in lines),
            of=len(lines),
            items=[item for count, item in reversed(sized) if count > LARGE_ITEM_LINES],
        ),
        documentation=_share([fact.item for fact in coded if fact.docs_with_code], len(coded), DOCUMENTATION),
    )


def _share(items: list[str], of: int, definition: str) -> Share:
    share = round(len(items) / of, 3) if of >= MIN_ITEMS else None
    return Share(count=len(items), of=of, share=share, items=items, definition=definition)


def _title(subject: str) -> str:
    return PR_SUFFIX.sub("", subject).strip()


def _reverted(item: WorkItem, commits: list[Commit], reverts: list[tuple[Commit, list[str], str | None]]) -> Revert | None:
    """The first later commit that reverts one of the item's commits, named by SHA or quoted by title."""
    if not commits:
        return None
    titles = {_title(commit.subject) for commit in commits} | {item.title}
    first = min(commit.committed_at for commit in commits)
    own = {commit.sha for commit in commits}
    for revert, named, quoted in sorted(reverts, key=lambda entry: entry[0].committed_at):
        if revert.sha in own or revert.committed_at < first:
            continue
        if any(sha.startswith(prefix) for prefix in named for sha in own) or (quoted and _title(quoted) in titles):
            return Revert(item=item.id, title=item.title, by=revert.author_name, on=revert.committed_at.date(), revert=revert.short_sha)
    return None


def _reverts_of_others(
    item: WorkItem, commits: list[Commit], reverting: dict[str, tuple[list[str], str | None]], by_sha: dict[str, Commit], others: Sequence[Commit]
) -> list[Revert]:
    """Which of the item's reverting commits revert a commit of another author's (one the data holds)."""
    found = []
    for commit in commits:
        named, quoted = reverting[commit.sha]
        if any(sha.startswith(prefix) for prefix in named for sha in by_sha):
            continue  # their own work
        if named:
            target = next((other for other in others if any(other.sha.startswith(prefix) for prefix in named)), None)
        else:
            target = next((other for other in others if quoted and _title(other.subject) == _title(quoted)), None)
        if target is not None:
            found.append(Revert(item=item.id, title=_title(target.subject), by=target.author_name, on=commit.committed_at.date(), revert=commit.short_sha))
    return found


def _fixes_by_path(items: Sequence[WorkItem], by_sha: dict[str, Commit], everyone: Sequence[Commit]) -> dict[str, list[Commit]]:
    """Bug-fix commits by path, for the paths the features changed only: classing every commit
    of every author beside the developer's would cost more than the rest of the signals."""
    wanted = {
        change.path
        for item in items if item.item_class == "feature"
        for sha in item.commits if sha in by_sha
        for change in by_sha[sha].files if change.counted
    }  # fmt: skip
    fixes: dict[str, list[Commit]] = defaultdict(list)
    for commit in everyone:
        touched = [change.path for change in commit.files if change.path in wanted]
        if touched and is_fix(commit):
            for path in touched:
                fixes[path].append(commit)
    return fixes


def _follow_up(item: WorkItem, commits: list[Commit], landed: dt.datetime, fixes: dict[str, list[Commit]]) -> tuple[FollowUp | None, str | None]:
    """The first fix within FOLLOW_UP_DAYS after the feature landed that changed lines its commits
    added (Commit.blamed, from blame), and none that reverts it; else why that is not known, if it is not."""
    if not all(commit.stats_complete for commit in commits):
        return None, UNTRACED_FEATURE
    own = {commit.sha for commit in commits}
    titles = {_title(commit.subject) for commit in commits} | {item.title}
    paths = {change.path for commit in commits for change in commit.files if change.counted}
    window = dt.timedelta(days=FOLLOW_UP_DAYS)
    candidates = {fix.sha: fix for path in paths for fix in fixes.get(path, []) if fix.sha not in own and landed < fix.committed_at <= landed + window}
    unknown = None
    for fix in sorted(candidates.values(), key=lambda commit: commit.committed_at):
        if _reverts(fix, own, titles):
            continue
        if isinstance(fix.blamed, dict):
            changed = sum(fix.blamed.get(sha, 0) for sha in own)
            if changed:
                follow_up = FollowUp(item=item.id, fix=fix.short_sha, title=_title(fix.subject), by=fix.author_name, days=(fix.committed_at - landed).days, lines=changed)
                return follow_up, None
        else:
            unknown = unknown or _untraced(fix.blamed)
    return None, unknown


def _reverts(fix: Commit, own: set[str], titles: set[str]) -> bool:
    named, quoted = reverted_by(fix)
    return any(sha.startswith(prefix) for prefix in named for sha in own) or (quoted is not None and _title(quoted) in titles)


def _untraced(blamed: str | None) -> str:
    """Why a fix's lines were not traced, in this module's words: what a read file says is not shown as it is."""
    if blamed is None:
        return NO_LINE_EVIDENCE
    return blamed if blamed in (PLACEHOLDERS, UNREADABLE) else UNTRACED_FIX


# How every format shows the signals: one row a signal, its figure in words, its definition,
# the share a bar draws (None when there is none to draw) and its items.
TITLE = "How the work was done"


class SignalRow(NamedTuple):
    name: str
    figure: str
    share: float | None
    definition: str
    items: list[str]
    brief: str  # for a table cell: "81%", "2 of 3", "median 29 lines"


def signal_rows(signals: Signals) -> list[SignalRow]:
    tested, reverted, follow_ups, size, documentation = (
        signals.tested_work, signals.reverted_work, signals.follow_up_fixes, signals.size, signals.documentation,
    )  # fmt: skip
    reverted_figure = _figure(reverted, "work item", "reverted") + _reverted_by(reverted.reverted)
    if reverted.reverts_of_others:
        reverted_figure += f"; reverted {count(len(reverted.reverts_of_others), 'commit')} of others"
    if size.of:
        size_brief = f"median {count(size.median_lines, 'line')}"
        size_figure = f"{size_brief}, 90th percentile {size.p90_lines:,}; {size.over_1000} of {size.of} over 1,000 lines"
    else:
        size_figure = size_brief = "no work item with line counts"

    def row(name: str, signal: Share, figure: str) -> SignalRow:
        brief = f"{round(100 * signal.share)}%" if signal.share is not None else f"{signal.count} of {signal.of}"
        return SignalRow(name, figure, signal.share, signal.definition, signal.items, brief)

    return [
        row("Tested work", tested, _figure(tested, "feature or fix", "with tests", "features and fixes")),
        row("Reverted work", reverted, reverted_figure),
        row("Follow-up fixes", follow_ups, _follow_up_figure(follow_ups)),
        SignalRow("Size", size_figure, None, size.definition, size.items, size_brief),
        row("Documentation", documentation, _figure(documentation, "code change", "with docs")),
    ] + ([_reviews_row(signals.reviews)] if signals.reviews else [])


def _reviews_row(reviews: Reviews) -> SignalRow:
    hours = f"{reviews.median_hours_to_merge:,.1f} hours to merge (median)" if reviews.median_hours_to_merge is not None else "no merge time"
    figure = (
        f"{count(reviews.given, 'pull request')} of others reviewed; {count(reviews.received, 'review')} received; "
        f"{hours}; {reviews.merged_unreviewed} of {reviews.of} merged without review"
    )
    return SignalRow("Reviews", figure, None, reviews.definition, reviews.items, f"{reviews.given} given, {reviews.received} received")


def _figure(signal: Share, noun: str, shows: str, plural_form: str | None = None) -> str:
    """ "3 of 8 features and fixes with tests (38%)", or "2 of 3 … (fewer than 5: too few to say)"."""
    if not signal.of:
        return f"no {plural(0, noun, plural_form)}"
    figure = f"{signal.count} of {signal.of} {plural(signal.of, noun, plural_form)} {shows}"
    if signal.share is None:
        return f"{figure} (fewer than {MIN_ITEMS}: too few to say)"
    return f"{figure} ({round(100 * signal.share)}%)"


def _follow_up_figure(follow_ups: FollowUpFixes) -> str:
    """ "2 of 9 features with their lines changed by a fix (22%)", and those that could not be traced."""
    untraced = len(follow_ups.not_measured)
    why = "; ".join(follow_ups.why_not_measured)
    if untraced and not follow_ups.of:
        return f"could not be measured for {count(untraced, 'feature')}: {why}"
    figure = _figure(follow_ups, "feature", "with their lines changed by a fix")
    return f"{figure}; {untraced} not measured: {why}" if untraced else figure


def _reverted_by(reverts: list[Revert]) -> str:
    return "".join(f" — {revert.item} by {revert.by} on {revert.on:%Y-%m-%d}" for revert in reverts[:3]) + (" …" if len(reverts) > 3 else "")
