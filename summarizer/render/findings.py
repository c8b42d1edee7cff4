"""Findings for a person at a terminal: the sentence, the offending span marked, the message."""

from __future__ import annotations

import json
from typing import TextIO

from rich.console import Console
from rich.text import Text

from summarizer.models.findings import Finding
from summarizer.models.profile import Profile
from summarizer.period import month_label
from summarizer.review import marked_text
from summarizer.words import count


def findings_json(findings: list[Finding]) -> str:
    return json.dumps({"findings": [finding.model_dump() for finding in findings]}, indent=2, ensure_ascii=False) + "\n"


def print_findings(findings: list[Finding], stream: TextIO) -> None:
    console = Console(file=stream, highlight=False, soft_wrap=False)
    # Without colour the span is bracketed, so it still shows in a pipe or with NO_COLOR.
    plain = console.no_color or not console.is_terminal
    for finding in findings:
        where = month_label(finding.month) if finding.month else "whole period"
        style = "bold red" if finding.severity == "error" else "bold yellow"
        console.print(Text.assemble((f"{finding.kind}", style), f" · {finding.severity} · {where}"))
        console.print(Text("  ") + _marked(finding, plain))
        suggestion = f" (suggestion: {finding.suggestion})" if finding.suggestion else ""
        console.print(Text(f"  {finding.message}{suggestion}"))
        console.print()
    errors = sum(finding.severity == "error" for finding in findings)
    if not findings:
        console.print("No findings: every claim checked out against the commits.")
    else:
        console.print(f"{count(len(findings), 'finding')}: {count(errors, 'error')}, {count(len(findings) - errors, 'warning')}.")


def run_summary(profile: Profile) -> str:
    """The line a run ends with on stderr: what was read, who drafted, what is unverified."""
    totals, drafting = profile.totals, profile.drafting
    line = (
        f"{profile.developer.name}: {count(totals.commits, 'commit')} in {count(totals.activity_months, 'month')}, "
        f"drafted by the {drafting.backend} backend"
    )
    if profile.findings:
        errors = sum(finding.severity == "error" for finding in profile.findings)
        line += f"; {count(len(profile.findings), 'unverified statement')} ({count(errors, 'error')}) listed in the profile"
    return line


def _marked(finding: Finding, plain: bool) -> Text:
    """The finding's sentence with its span marked; a long sentence shown around the span only."""
    sentence = (finding.sentence or finding.text).strip()
    start = sentence.find(finding.text)
    if start >= 0 and len(sentence) > 2 * _AROUND + len(finding.text):
        first, last = max(0, start - _AROUND), min(len(sentence), start + len(finding.text) + _AROUND)
        opening = "…" if first else ""
        sentence = opening + sentence[first:last] + ("…" if last < len(sentence) else "")
        start = start - first + len(opening)
    return marked_text(sentence, [finding.model_copy(update={"offset": start})] if start >= 0 else [], plain)


# Characters of a long sentence shown each side of a finding's span.
_AROUND = 120


