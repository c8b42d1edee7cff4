"""Findings for a person at a terminal: the sentence, the offending span marked, the message."""

from __future__ import annotations

import json
from typing import TextIO

from rich.console import Console
from rich.text import Text

from summarizer.period import month_label
from summarizer.validation.model import Finding


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
        console.print(f"{len(findings)} findings: {errors} errors, {len(findings) - errors} warnings.")


def _marked(finding: Finding, plain: bool) -> Text:
    sentence = (finding.sentence or finding.text).strip()
    start = sentence.find(finding.text)
    if start < 0:
        return Text(sentence)
    end = start + len(finding.text)
    if plain:
        return Text(f"{sentence[:start]}[{finding.text}]{sentence[end:]}")
    text = Text(sentence)
    text.stylize("bold underline red" if finding.severity == "error" else "bold underline yellow", start, end)
    return text


def marked_text(text: str, findings: list[Finding], plain: bool) -> Text:
    """`text` with the span of every finding marked; `offset`s count from the text's start."""
    spans = sorted(
        {(f.offset, f.offset + len(f.text), f.severity) for f in findings if f.offset is not None and 0 <= f.offset < len(text)}
    )
    if plain:
        marked, position = [], 0
        for start, end, _ in spans:
            if start >= position:
                marked += [text[position:start], "[", text[start:end], "]"]
                position = end
        return Text("".join(marked) + text[position:])
    result = Text(text)
    for start, end, severity in spans:
        result.stylize("bold underline red" if severity == "error" else "bold underline yellow", start, end)
    return result
