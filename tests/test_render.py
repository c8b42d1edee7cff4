"""Rendering: findings are never dropped from the Markdown or the JSON."""

from __future__ import annotations

import json
from pathlib import Path

from summarizer.activity import read_activity
from summarizer.cache import RunCache
from summarizer.drafting.model import DraftingOptions
from summarizer.pipeline import build_profile
from summarizer.render import render
from summarizer.validation import Finding

GRACE = Path(__file__).resolve().parents[1] / "fixtures" / "validation" / "grace.json"


def test_findings_show_as_an_unverified_list_in_markdown_and_in_json() -> None:
    profile = build_profile(read_activity(GRACE), DraftingOptions(backend="offline"), RunCache(Path("unused"), enabled=False))
    finding = Finding(kind="unknown_pr", severity="error", month="2025-03", text="#99", message="no work item is #99", offset=12, sentence="x")
    profile = profile.model_copy(update={"findings": [finding]})
    markdown = render(profile, "markdown")
    assert "## Unverified" in markdown
    assert "- **error** `unknown_pr` (March 2025): “#99” — no work item is #99" in markdown
    assert json.loads(render(profile, "json"))["findings"] == [
        {"kind": "unknown_pr", "severity": "error", "month": "2025-03", "text": "#99", "message": "no work item is #99", "suggestion": None}
    ]


def test_a_profile_without_findings_has_no_unverified_section() -> None:
    profile = build_profile(read_activity(GRACE), DraftingOptions(backend="offline"), RunCache(Path("unused"), enabled=False))
    assert profile.findings == []
    assert "## Unverified" not in render(profile, "markdown")
