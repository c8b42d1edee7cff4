"""A Profile as Markdown shaped like a developer profile page."""

from __future__ import annotations

from summarizer.choices import ReviewState
from summarizer.models.profile import Profile, ProfileMonth
from summarizer.period import month_label
from summarizer.render.escape import block, code, inline, link_text
from summarizer.render.links import citation_url, web_page
from summarizer.render.signal_rows import linked_rows
from summarizer.signals import TITLE
from summarizer.words import count, lines_figure, month_counts

STALE = "> *Stale: the commits of this section changed after it was reviewed; `summarizer review` shows the new draft.*"


def render_markdown(profile: Profile) -> str:
    sections = [
        _header(profile),
        block(profile.overview) + (f"\n\n{STALE}" if profile.overview_review == ReviewState.STALE else ""),
        _statistics(profile),
        _signals(profile),
        _work_history(profile),
        _skills(profile),
        _repositories(profile),
    ]
    if profile.findings:
        sections.append(_unverified(profile))
    sections.append(_footer(profile))
    return "\n\n".join(section for section in sections if section) + "\n"


def _header(profile: Profile) -> str:
    period = profile.period
    ids = ", ".join(code(identity) for identity in profile.developer.ids)
    return (
        f"# {inline(profile.developer.name)}\n\n"
        f"Work history from {month_label(period.since)} to {month_label(period.until)} · {ids}"
    )


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "0%"


def _statistics(profile: Profile) -> str:
    totals = profile.totals
    other = totals.work_items - totals.features - totals.bugs
    months_in_period = len(profile.period.months())
    rows = [
        ("Commits", f"{totals.commits:,}"),
        ("Work items", f"{totals.work_items:,}"),
        (
            "Features vs bugs",
            f"{count(totals.features, 'feature')} ({_percent(totals.features, totals.work_items)}) · "
            f"{count(totals.bugs, 'fix', 'fixes')} ({_percent(totals.bugs, totals.work_items)}) · {other:,} other",
        ),
        ("Lines", lines_figure(totals.lines_added, totals.lines_deleted, totals.lines_unknown)),
        ("Activity months", f"{totals.activity_months} of {months_in_period}"),
        ("Repositories", f"{totals.repositories}"),
    ]
    table = "\n".join(f"| {label} | {value} |" for label, value in rows)
    return f"## Statistics\n\n| | |\n|---|---|\n{table}"


def _signals(profile: Profile) -> str:
    rows = []
    for row, links, more in linked_rows(profile):
        items = ", ".join(_link(ref, url) for ref, url in links) + (f" and {more} more" if more else "")
        # The name and definition are summarizer's own; a figure names authors.
        rows.append(f"| {row.name} | {inline(row.figure)} | {items} | {row.definition} |")
    header = "| Signal | Figure | Items | Definition |\n|---|---|---|---|"
    return f"## {TITLE}\n\n{header}\n" + "\n".join(rows) if rows else ""


def _work_history(profile: Profile) -> str:
    return "## Work history\n\n" + "\n\n".join(_month(profile, month) for month in profile.months)


def _cited(profile: Profile, month: ProfileMonth, refs: list[str]) -> str:
    return ", ".join(_link(ref, citation_url(profile, month, ref)) for ref in refs)


def _month(profile: Profile, month: ProfileMonth) -> str:
    counts = (
        f"**{month_counts(month.commits, month.features, month.bugs)}** · "
        f"{lines_figure(month.lines_added, month.lines_deleted, month.lines_unknown, ' lines')} · {inline(', '.join(month.repositories))}"
    )
    parts = [f"### {month_label(month.month)}", counts, block(month.summary)]
    if month.review == ReviewState.STALE:
        parts.append(STALE)
    if month.highlights:
        highlights = [h.model_copy(update={"text": inline(h.text)}) for h in month.highlights]
        parts.append("\n".join(h.line(_cited(profile, month, h.evidence)) for h in highlights))
    if month.skills:
        parts.append("Skills: " + inline(", ".join(month.skills)))
    return "\n\n".join(parts)


def _skills(profile: Profile) -> str:
    lines = []
    if profile.skills.languages:
        lines.append(f"**Languages:** {inline(', '.join(profile.skills.languages))}")
    if profile.skills.technical:
        lines.append(f"**Technical:** {inline(', '.join(profile.skills.technical))}")
    return "## Skills\n\n" + "  \n".join(lines) if lines else ""


def _repositories(profile: Profile) -> str:
    rows = []
    for repository in profile.repositories:
        span = month_label(repository.first_month)
        if repository.last_month != repository.first_month:
            span += f" – {month_label(repository.last_month)}"
        name = _link(repository.name, web_page(repository.web_url))
        rows.append(
            f"| {name} | {span} | {repository.months_active} | {repository.commits:,} | "
            f"{inline(', '.join(repository.languages[:4]))} |"
        )
    header = "| Repository | Active | Months | Commits | Languages |\n|---|---|---|---|---|"
    return "## Repositories\n\n" + header + "\n" + "\n".join(rows)


def _unverified(profile: Profile) -> str:
    lines = []
    for finding in profile.findings:
        described = finding.described()
        # It opens with " (March 2025): …" or ": …": the space stays, the text is escaped.
        space = " " if described.startswith(" ") else ""
        lines.append(f"- **{finding.severity}** `{finding.kind}`{space}{inline(described)}")
    return "## Unverified\n\nThese statements could not be checked against the commits:\n\n" + "\n".join(lines)


def _footer(profile: Profile) -> str:
    drafting = profile.drafting
    model = f" ({inline(drafting.model)})" if drafting.model else ""
    return f"<sub>Drafted by summarizer's {drafting.backend} backend{model} from {count(profile.totals.commits, 'commit')}.</sub>"


def _link(text: str, url: str | None) -> str:
    """`text` as a link to `url` (an address summarizer made: no space or bracket in it), else as text."""
    return f"[{link_text(text)}]({url})" if url else inline(text)
