"""A Profile as one self-contained HTML page: inline CSS and SVG, no script, no outside file.

The template (templates/profile.html.j2) is rendered by Jinja2 with autoescaping on, so
every piece of commit text stays text. The numbers it shows come from here, computed
once: the statistics cards, the chart's geometry, the citation links.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from summarizer.models.profile import Profile
from summarizer.period import month_label, months_between
from summarizer.render.links import citation_url, web_page
from summarizer.render.signal_rows import linked_rows
from summarizer.signals import TITLE
from summarizer.words import count, lines_figure, month_counts

if TYPE_CHECKING:
    import jinja2

CHART_HEIGHT = 160
CHART_TOP = 16  # room for the count above the tallest bar
BAR_WIDTH = 28
BAR_GAP = 10


@dataclass
class Bar:
    month: str
    label: str
    commits: int
    features: int
    fixes: int
    other: int
    x: int
    # Stacked segments, bottom up: (class, y, height).
    segments: list[tuple[str, float, float]]
    top: float  # where the bar ends, for its count


def render_html(profile: Profile) -> str:
    return _template().render(
        profile=profile,
        period=f"{month_label(profile.period.since)} – {month_label(profile.period.until)}",
        cards=_cards(profile),
        signals_title=TITLE,
        signals=linked_rows(profile, in_page=True),
        bars=_bars(profile),
        chart_width=len(profile.period.months()) * (BAR_WIDTH + BAR_GAP) + BAR_GAP,
        baseline=CHART_TOP + CHART_HEIGHT,
        bar_width=BAR_WIDTH,
        month_label=month_label,
        month_counts=month_counts,
        counted=count,
        lines_figure=lines_figure,
        cite=lambda month, ref: citation_url(profile, month, ref),
        web_page=web_page,
    )


def _cards(profile: Profile) -> list[tuple[str, str, str]]:
    totals = profile.totals

    def share(part: int) -> str:
        return f"{round(100 * part / totals.work_items)}% of work items" if totals.work_items else ""

    return [
        ("Commits", f"{totals.commits:,}", ""),
        ("Work items", f"{totals.work_items:,}", ""),
        ("Features", f"{totals.features:,}", share(totals.features)),
        ("Fixes", f"{totals.bugs:,}", share(totals.bugs)),
        ("Lines", lines_figure(totals.lines_added, totals.lines_deleted, totals.lines_unknown), "added / deleted"),
        ("Activity months", f"{totals.activity_months}", f"of {len(profile.period.months())}"),
        ("Repositories", f"{totals.repositories}", ""),
    ]


def _bars(profile: Profile) -> list[Bar]:
    """One bar a month of the period, its height the month's commits; empty months stay gaps."""
    by_month = {month.month: month for month in profile.months}
    tallest = max((month.commits for month in profile.months), default=1) or 1
    bars = []
    for index, key in enumerate(months_between(profile.period.since, profile.period.until)):
        month = by_month.get(key)
        commits = month.commits if month else 0
        features, fixes = (month.features, month.bugs) if month else (0, 0)
        other = (month.work_items - features - fixes) if month else 0
        height = CHART_HEIGHT * commits / tallest
        segments: list[tuple[str, float, float]] = []
        top: float = CHART_TOP + CHART_HEIGHT
        items = features + fixes + other
        # A month whose commits all belong to items of other months still shows its commits.
        classes = (("features", features), ("fixes", fixes), ("other", other)) if items else (("other", 1),)
        for kind, share in classes if commits else ():
            if share:
                part = height * share / (items or 1)
                top -= part
                segments.append((kind, round(top, 2), round(part, 2)))
        x = BAR_GAP + index * (BAR_WIDTH + BAR_GAP)
        bars.append(Bar(key, f"{month_label(key)[:3]} {key[2:4]}", commits, features, fixes, other, x, segments, round(top, 2)))
    return bars


@lru_cache(maxsize=1)
def _template() -> jinja2.Template:
    import jinja2  # only when HTML is written

    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("summarizer.render", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return environment.get_template("profile.html.j2")
