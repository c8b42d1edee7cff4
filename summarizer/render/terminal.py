"""A Profile for a person at a terminal: panels, a statistics table and a bar chart of activity."""

from __future__ import annotations

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from summarizer.choices import ReviewState
from summarizer.models.profile import Profile
from summarizer.period import month_label, months_between
from summarizer.signals import TITLE, signal_rows
from summarizer.words import lines_figure, month_counts

BAR = 36


def print_profile(profile: Profile, console: Console) -> None:
    totals = profile.totals
    period = f"{month_label(profile.period.since)} – {month_label(profile.period.until)}"
    # Titles and cells are Text, never markup: a name or a repository may hold "[/]" or "[link=…]".
    title = Text.assemble((profile.developer.name, "bold"), f" · {period}")
    console.print(Panel(Text(profile.overview), title=title, title_align="left"))
    statistics = Table(show_header=False, box=None, padding=(0, 2))
    rows = [
        ("Commits", f"{totals.commits:,}"),
        ("Work items", f"{totals.work_items:,}"),
        ("Features / fixes", f"{totals.features:,} / {totals.bugs:,}"),
        ("Lines", lines_figure(totals.lines_added, totals.lines_deleted, totals.lines_unknown)),
        ("Activity months", f"{totals.activity_months} of {len(profile.period.months())}"),
        ("Repositories", ", ".join(repository.name for repository in profile.repositories)),
    ]
    for label, value in rows:
        statistics.add_row(Text(label, style="dim"), Text(value))
    console.print(Panel(statistics, title="Statistics", title_align="left"))
    console.print(Panel(_chart(profile), title="Commits per month (features green, fixes red)", title_align="left"))
    if profile.signals is not None:
        signals = Table(show_header=False, box=None, padding=(0, 2))
        for row in signal_rows(profile.signals):
            signals.add_row(Text(row.name, style="dim"), Group(Text(row.figure), Text(row.definition, style="dim italic")))
        console.print(Panel(signals, title=TITLE, title_align="left"))
    for month in profile.months:
        lines = [Text(month.summary)]
        lines += [Text(h.line(bullet="•")) for h in month.highlights]
        if month.review == ReviewState.STALE:
            lines.append(Text("Stale: its commits changed after it was reviewed.", style="yellow"))
        heading = Text.assemble((month_label(month.month), "bold"), f" · {month_counts(month.commits, month.features, month.bugs)}")
        console.print(Panel(Group(*lines), title=heading, title_align="left"))
    skills = ", ".join(profile.skills.languages + profile.skills.technical)
    if skills:
        console.print(Panel(Text(skills), title="Skills and languages", title_align="left"))
    if profile.findings:
        unverified = [Text(f"• {f.kind}{f.described()}", style="red" if f.severity == "error" else "yellow") for f in profile.findings]
        console.print(Panel(Group(*unverified), title="Unverified", title_align="left", border_style="red"))


def _chart(profile: Profile) -> Table:
    by_month = {month.month: month for month in profile.months}
    tallest = max((month.commits for month in profile.months), default=1) or 1
    chart = Table(show_header=False, box=None, padding=(0, 1))
    for key in months_between(profile.period.since, profile.period.until):
        month = by_month.get(key)
        bar = Text()
        if month:
            width = max(1, round(BAR * month.commits / tallest))
            items = month.work_items or 1
            features = round(width * month.features / items)
            fixes = round(width * month.bugs / items)
            bar.append("█" * features, style="green")
            bar.append("█" * fixes, style="red")
            bar.append("█" * max(0, width - features - fixes), style="grey50")
        chart.add_row(Text(f"{month_label(key)[:3]} {key[:4]}", style="dim"), bar, str(month.commits) if month else "")
    return chart
