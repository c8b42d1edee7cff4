"""Rendering: findings are never dropped from the Markdown or the JSON, each listed once; text from
commits, data or a model renders as the text it was, in Markdown and at the terminal."""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

from markdown_it import MarkdownIt
from rich.console import Console

from summarizer.cache import RunCache
from summarizer.choices import Forge
from summarizer.models.drafts import DraftingOptions, Highlight, Skills
from summarizer.models.history import Developer
from summarizer.models.profile import Profile, assemble_profile
from summarizer.pipeline import draft_activity, profile_of_activity
from summarizer.render import render
from summarizer.render.terminal import print_profile
from summarizer.sources.activity_file import read_activity
from summarizer.validation import Finding
from tests.conftest import run_cli
from tests.gitrepo import GitRepo, lines

GRACE = Path(__file__).resolve().parents[1] / "fixtures" / "validation" / "grace.json"


def test_findings_show_as_an_unverified_list_in_markdown_and_in_json() -> None:
    profile = profile_of_activity(read_activity(GRACE), DraftingOptions(backend="offline"), RunCache(Path("unused"), enabled=False))
    finding = Finding(kind="unknown_pr", severity="error", month="2025-03", text="#99", message="no work item is #99", offset=12, sentence="x")
    profile = profile.model_copy(update={"findings": [finding]})
    markdown = render(profile, "markdown")
    assert "## Unverified" in markdown
    assert "- **error** `unknown_pr` (March 2025): “#99” — no work item is #99" in markdown
    assert json.loads(render(profile, "json"))["findings"] == [
        {"kind": "unknown_pr", "severity": "error", "month": "2025-03", "text": "#99", "message": "no work item is #99", "suggestion": None}
    ]


def test_a_profile_without_findings_has_no_unverified_section() -> None:
    profile = profile_of_activity(read_activity(GRACE), DraftingOptions(backend="offline"), RunCache(Path("unused"), enabled=False))
    assert profile.findings == []
    assert "## Unverified" not in render(profile, "markdown")


# Text a commit, a data file or a model may hold that Markdown would read as structure.
HOSTILE = [
    "<script>alert(1)</script>",
    "# Title",
    "[x](javascript:alert(1))",
    "![img](http://evil.example/x.png)",
    "*emphasis*, __strong__ and ~~struck~~",
    "`code` and a \\ backslash",
    "a | b",
    "- item",
    "1. first",
    "> quoted",
    "&lt;b&gt; as typed",
    "<http://evil.example/>",
    "Title\n===",
    "    indented code",
]
PLAIN = [f"plain words {number}" for number in range(len(HOSTILE))]
GITHUB_HOME = {"web_url": "https://github.com/acme/cobol-tools", "forge": Forge.GITHUB}


class Page(HTMLParser):
    """A rendered page as the tests look at it: its tags with their attributes, and its text."""

    HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.headings: list[str] = []  # "h2 Statistics"
        self.texts: list[str] = []
        self._in_heading = False
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))
        if tag in self.HEADINGS:
            self.headings.append(tag)
            self._in_heading = True

    def handle_endtag(self, tag: str) -> None:
        self._in_heading = self._in_heading and tag not in self.HEADINGS

    def handle_data(self, data: str) -> None:
        self.texts.append(data)
        if self._in_heading:
            self.headings[-1] += " " + data

    @property
    def text(self) -> str:
        return " ".join("".join(self.texts).split())


def markdown_page(markdown: str) -> Page:
    """The Markdown as a CommonMark renderer with GitHub's tables and strikethrough shows it."""
    return Page(MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(markdown))


def grace_profile() -> Profile:
    return profile_of_activity(read_activity(GRACE), DraftingOptions(backend="offline"), RunCache(Path("unused"), enabled=False))


def profile_saying(texts: list[str]) -> Profile:
    """Grace's profile with `texts` wherever text from commits, data or a model goes."""
    profile = grace_profile()
    line = " ".join(texts)
    months = [
        month.model_copy(update={
            "summary": "\n".join(texts), "repositories": [line], "skills": texts,
            "highlights": [Highlight(text=text, evidence=month.highlights[0].evidence) for text in texts],
        })
        for month in profile.months
    ]  # fmt: skip
    return profile.model_copy(update={
        "developer": Developer(name=line, ids=texts),
        "overview": "\n\n".join(texts),
        "months": months,
        "skills": Skills(languages=texts, technical=texts),
        "repositories": [span.model_copy(update={"name": line, **GITHUB_HOME}) for span in profile.repositories],
        "findings": [Finding(kind="unknown_pr", severity="error", month="2025-03", text=text, message=text) for text in texts],
        "drafting": profile.drafting.model_copy(update={"model": line}),
    })  # fmt: skip


def test_text_from_commits_or_a_model_adds_no_tag_link_or_heading_to_the_markdown() -> None:
    hostile, plain = markdown_page(render(profile_saying(HOSTILE), "markdown")), markdown_page(render(profile_saying(PLAIN), "markdown"))
    assert hostile.tags == plain.tags
    assert ("a", [("href", "https://github.com/acme/cobol-tools")]) in hostile.tags


def test_text_from_commits_or_a_model_reads_in_the_rendered_markdown_as_it_was_typed() -> None:
    page = markdown_page(render(profile_saying(HOSTILE), "markdown"))
    assert [text for text in HOSTILE if " ".join(text.split()) not in page.text] == []


def test_ordinary_prose_is_left_as_typed_in_the_markdown() -> None:
    prose = "[inductor] Moved parse_args into cli.py - 3.5 < 4, see #12 and acme/tools#7 (it's done)."
    profile = grace_profile()
    profile = profile.model_copy(update={"overview": prose, "months": [profile.months[0].model_copy(update={"summary": prose})]})
    assert render(profile, "markdown").count(prose) == 2


def test_a_repository_page_that_is_no_http_address_is_not_linked_in_markdown_or_html() -> None:
    profile = grace_profile()
    home = {"web_url": "javascript:alert(1)", "forge": Forge.GITHUB}
    profile = profile.model_copy(update={"repositories": [span.model_copy(update=home) for span in profile.repositories]})
    markdown, html = markdown_page(render(profile, "markdown")), Page(render(profile, "html"))
    links = [dict(attributes)["href"] for tag, attributes in markdown.tags + html.tags if tag == "a"]
    assert links and all(link.startswith("#month-") for link in links)  # the HTML's signals link to their months


def test_hostile_commit_subjects_render_as_text_and_their_profile_checks_clean(tmp_path: Path) -> None:
    subjects = [
        "Add <script>alert(1)</script> parser", "# Heading in a subject", "Fix [x](javascript:alert(1)) link",
        "Add ![img](http://evil.example/x.png) badge", "Fix *emphasis* and __init__ handling",
        "Fix `code` | pipe and &lt;b&gt; entity", "- item of a list", "1. first of a list", "> quoted text",
        "Add <http://evil.example/> autolink",
    ]  # fmt: skip
    repo = GitRepo(tmp_path / "hostile")
    for day, subject in enumerate(subjects, start=1):
        repo.commit(subject, {f"f{day}.py": lines(day)}, "Grace Hopper <grace@example.com>", f"2025-03-{day:02d}T10:00:00+00:00")
    result = run_cli("run", str(repo.path), "-a", "grace", "--since", "2025-03", "--until", "2025-03", "--format", "markdown")
    assert result.returncode == 0, result.stderr
    page = markdown_page(result.stdout)
    assert {tag for tag, _ in page.tags} <= {"h1", "h2", "h3", "p", "table", "thead", "tbody", "tr", "th", "td", "ul", "li", "strong", "code", "sub"}
    assert page.headings == ["h1 Grace Hopper", "h2 Statistics", "h2 How the work was done", "h2 Work history", "h3 March 2025", "h2 Skills", "h2 Repositories"]
    assert "<script>alert(1)</script>" in page.text and "&lt;b&gt;" in page.text
    written = tmp_path / "profile.md"
    written.write_text(result.stdout)
    checked = run_cli("check", str(written), str(repo.path), "-a", "grace", "--since", "2025-03", "--until", "2025-03")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_claim_that_stands_twice_in_the_text_is_listed_once_in_every_format(tmp_path: Path) -> None:
    drafted = draft_activity(read_activity(GRACE), DraftingOptions(backend="offline"), RunCache(tmp_path, enabled=False))
    claim = {"kind": "wrong_month", "severity": "error", "month": "2025-03", "text": "2025-07", "message": "July 2025 is outside the period"}
    in_summary, in_highlight = Finding(**claim, offset=40, sentence="a summary"), Finding(**claim, offset=400, sentence="a highlight")
    profile = assemble_profile(drafted.history, drafted.draft, drafted.report, [in_summary, in_highlight])
    assert json.loads(render(profile, "json"))["findings"] == [claim | {"suggestion": None}]
    assert render(profile, "markdown").count("July 2025 is outside the period") == 1
    assert render(profile, "html").count("July 2025 is outside the period") == 1


def test_names_holding_rich_markup_show_as_typed_in_the_terminal() -> None:
    profile = grace_profile()
    name = "Eve [/] [link=javascript:alert(1)]Bob[/link]"
    profile = profile.model_copy(update={
        "developer": Developer(name=name, ids=[name]),
        "repositories": [span.model_copy(update={"name": "[/]tools"}) for span in profile.repositories],
    })  # fmt: skip
    screen = io.StringIO()
    print_profile(profile, Console(file=screen, width=200, force_terminal=True))
    shown = re.sub(r"\x1b\[[0-9;]*m", "", screen.getvalue())
    assert name in shown and "[/]tools" in shown and "\x1b]8;" not in shown
