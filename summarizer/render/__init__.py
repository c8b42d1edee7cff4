"""Render: a Profile as Markdown, JSON or HTML. `render` is the entry point."""

from __future__ import annotations

from summarizer.errors import SummarizerError
from summarizer.models.profile import Profile

FORMATS = ("markdown", "json", "html")


def render(profile: Profile, output_format: str) -> str:
    if output_format == "json":
        return profile.model_dump_json(indent=2) + "\n"
    if output_format == "markdown":
        from summarizer.render.markdown import render_markdown

        return render_markdown(profile)
    if output_format == "html":
        from summarizer.render.html import render_html

        return render_html(profile)
    raise SummarizerError(f"unknown format {output_format!r}; choose one of: {', '.join(FORMATS)}")
