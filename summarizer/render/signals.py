"""The quality signals as every format shows them: one row a signal, its figure in words,
its definition, the share a bar draws (None when there is none to draw) and its items."""

from __future__ import annotations

from typing import NamedTuple

from summarizer.profile import Profile, ProfileMonth
from summarizer.render.links import citation_url
from summarizer.signals import MIN_ITEMS, Revert, Share, Signals
from summarizer.words import count, plural

TITLE = "How the work was done"
# Items linked beside a signal before "and N more".
SHOWN_ITEMS = 8


class SignalRow(NamedTuple):
    name: str
    figure: str
    share: float | None
    definition: str
    items: list[str]


def signal_rows(signals: Signals) -> list[SignalRow]:
    tested, reverted, follow_ups, size, documentation = (
        signals.tested_work, signals.reverted_work, signals.follow_up_fixes, signals.size, signals.documentation,
    )  # fmt: skip
    reverted_figure = _figure(reverted, "work item", "reverted") + _reverted_by(reverted.reverted)
    if reverted.reverts_of_others:
        reverted_figure += f"; reverted {count(len(reverted.reverts_of_others), 'commit')} of others"
    if size.of:
        size_figure = f"median {size.median_lines:,} lines, 90th percentile {size.p90_lines:,}; {size.over_1000} of {size.of} over 1,000 lines"
    else:
        size_figure = "no work item with line counts"
    return [
        SignalRow("Tested work", _figure(tested, "feature or fix", "with tests", "features and fixes"), tested.share, tested.definition, tested.items),
        SignalRow("Reverted work", reverted_figure, reverted.share, reverted.definition, reverted.items),
        SignalRow("Follow-up fixes", _figure(follow_ups, "feature", "followed by a fix"), follow_ups.share, follow_ups.definition, follow_ups.items),
        SignalRow("Size", size_figure, None, size.definition, size.items),
        SignalRow("Documentation", _figure(documentation, "code change", "with docs"), documentation.share, documentation.definition, documentation.items),
    ]


def _figure(signal: Share, noun: str, shows: str, plural_form: str | None = None) -> str:
    """ "3 of 8 features and fixes with tests (38%)", or "2 of 3 … (fewer than 5: too few to say)"."""
    if not signal.of:
        return f"no {plural(0, noun, plural_form)}"
    figure = f"{signal.count} of {signal.of} {plural(signal.of, noun, plural_form)} {shows}"
    if signal.share is None:
        return f"{figure} (fewer than {MIN_ITEMS}: too few to say)"
    return f"{figure} ({round(100 * signal.share)}%)"


def _reverted_by(reverts: list[Revert]) -> str:
    return "".join(f" — {revert.item} by {revert.by} on {revert.on:%Y-%m-%d}" for revert in reverts[:3]) + (" …" if len(reverts) > 3 else "")


def item_links(profile: Profile, refs: list[str], in_page: bool = False) -> list[tuple[str, str | None]]:
    """Each item ref with the web page of its item, where its repository has one; on a page
    (`in_page`), else the month of the page that holds it."""
    months: dict[str, ProfileMonth] = {item.id: month for month in profile.months for item in month.items}
    links = []
    for ref in refs:
        month = months.get(ref)
        url = citation_url(profile, month, ref) if month else None
        links.append((ref, url or (f"#month-{month.month}" if month and in_page else None)))
    return links
