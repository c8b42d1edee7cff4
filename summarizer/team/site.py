"""The team's site: a folder per developer (profile.md, profile.json, index.html) and the team's
index.html, one row a developer, linking each page. Self-contained: inline CSS and SVG, no
script, nothing fetched; Jinja2 autoescapes every name and every piece of commit text.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from summarizer.atomic import write_atomic
from summarizer.choices import ProfileFormat, ReviewState
from summarizer.models.profile import Profile
from summarizer.period import Period, month_label
from summarizer.render import render
from summarizer.signals import signal_rows
from summarizer.team.roster import TeamMember
from summarizer.words import count

BAR_STEP = 5
BAR_HEIGHT = 16


@dataclass
class Bar:
    kind: str  # active or idle
    label: str
    x: int
    y: int
    height: int


@dataclass
class Row:
    name: str
    href: str | None
    commits: int = 0
    features: int = 0
    fixes: int = 0
    languages: tuple[str, ...] = ()
    errors: int = 0
    warnings: int = 0
    state: str = "unreviewed"
    bars: tuple[Bar, ...] = ()
    chart_width: int = 0
    active_label: str = ""
    # Each signal in brief, with its figure and definition on hover: (name, brief, hover).
    signals: tuple[tuple[str, str, str], ...] = ()


def write_site(site: Path, members: list[TeamMember], period: Period) -> list[Path]:
    """Write every page and the index; the files written, index last."""
    written = []
    for member in members:
        if member.profile is None:
            continue
        folder = site / member.developer.slug
        folder.mkdir(parents=True, exist_ok=True)
        for form in ProfileFormat:
            # The HTML page is the folder's index: the team's index links it by the folder alone.
            name = "index.html" if form is ProfileFormat.HTML else f"profile{form.suffix}"
            _write_changed(folder / name, render(member.profile, form))
            written.append(folder / name)
    _write_changed(site / "index.html", render_index(members, period))
    return [*written, site / "index.html"]


def _write_changed(path: Path, text: str) -> None:
    """A page that already says `text` is left as it is: a rerun of a big team rewrites (and
    syncs to disk) only the pages that changed."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except (OSError, UnicodeDecodeError):
        pass
    write_atomic(path, text)


def render_index(members: list[TeamMember], period: Period) -> str:
    import jinja2  # only when the site is written, as for a profile's page

    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("summarizer.render", "templates"), autoescape=True,
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
    )  # fmt: skip
    label = f"{month_label(period.since)} – {month_label(period.until)}"
    rows = [_row(member, period) for member in members]
    return environment.get_template("team.html.j2").render(period=label, rows=rows, counted=count)


def review_state(profile: Profile) -> str:
    """reviewed: every section accepted or edited; stale: one changed under its review; else unreviewed."""
    states = [profile.overview_review, *(month.review for month in profile.months)]
    if ReviewState.STALE in states:
        return "stale"
    return "reviewed" if all(state in (ReviewState.ACCEPTED, ReviewState.EDITED) for state in states) else "unreviewed"


def _row(member: TeamMember, period: Period) -> Row:
    profile = member.profile
    if profile is None:
        return Row(name=member.developer.name, href=None)
    commits = {month.month: month.commits for month in profile.months}
    top = max(commits.values(), default=1)
    bars = []
    for index, month in enumerate(period.months()):
        made = commits.get(month, 0)
        height = max(2, round(BAR_HEIGHT * made / top)) if made else 2
        label = f"{month_label(month)}: {count(made, 'commit')}"
        bars.append(Bar("active" if made else "idle", label, index * BAR_STEP, 18 - height, height))
    totals = profile.totals
    errors = sum(finding.severity == "error" for finding in profile.findings)
    return Row(
        name=member.developer.name, href=f"{member.developer.slug}/index.html", commits=totals.commits,
        features=totals.features, fixes=totals.bugs, languages=tuple(totals.languages[:3]), errors=errors,
        warnings=len(profile.findings) - errors, state=review_state(profile), bars=tuple(bars),
        chart_width=len(bars) * BAR_STEP, active_label=f"active {totals.activity_months} of {count(len(bars), 'month')}",
        signals=tuple((row.name, row.brief, f"{row.figure}. {row.definition}") for row in (signal_rows(profile.signals) if profile.signals else [])),
    )  # fmt: skip

