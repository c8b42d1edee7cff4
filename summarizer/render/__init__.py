"""Render: a Profile as Markdown, JSON or HTML. `render` is the entry point."""

from __future__ import annotations

from collections.abc import Callable

from summarizer.choices import ProfileFormat
from summarizer.models.profile import Profile
from summarizer.render.html import render_html
from summarizer.render.markdown import render_markdown


def render_json(profile: Profile) -> str:
    return profile.model_dump_json(indent=2) + "\n"


# Each format's renderer: the one list of what a profile can be written as.
RENDERERS: dict[ProfileFormat, Callable[[Profile], str]] = {
    ProfileFormat.MARKDOWN: render_markdown,
    ProfileFormat.JSON: render_json,
    ProfileFormat.HTML: render_html,
}


def render(profile: Profile, output_format: ProfileFormat | str) -> str:
    return RENDERERS[ProfileFormat(output_format)](profile)
