"""The HTML profile page: its structure, its chart, its links, its escaping, its independence."""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import BuiltRepo, run_cli
from tests.gitrepo import GitRepo, lines

PERIOD = ("--since", "2024-11", "--until", "2025-06")


class Page(HTMLParser):
    """What the tests look at: section ids, chart bars, links, and every tag and attribute."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.sections: list[str] = []
        self.bars: list[dict[str, str]] = []
        self.rect_heights: dict[str, float] = {}
        self.links: list[str] = []
        self.tags: list[tuple[str, dict[str, str]]] = []
        self._bar: str | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        self.tags.append((tag, attributes))
        if tag in ("section", "header") and "id" in attributes:
            self.sections.append(attributes["id"])
        if tag == "g" and attributes.get("class") == "bar":
            self.bars.append(attributes)
            self._bar = attributes["data-month"]
        if tag == "rect" and self._bar:
            self.rect_heights[self._bar] = self.rect_heights.get(self._bar, 0) + float(attributes["height"])
        if tag == "a":
            self.links.append(attributes["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "g":
            self._bar = None


def page_of(repo: Path, *extra: str) -> tuple[str, dict]:
    html = run_cli("run", str(repo), "-a", "grace", *PERIOD, "--format", "html", *extra)
    assert html.returncode == 0, html.stderr
    profile = json.loads(run_cli("run", str(repo), "-a", "grace", *PERIOD, "--format", "json", *extra).stdout)
    return html.stdout, profile


@pytest.fixture
def on_github(cobol_tools: BuiltRepo) -> BuiltRepo:
    GitRepo.existing(cobol_tools.path).git("remote", "add", "origin", "https://github.com/acme/cobol-tools.git")
    return cobol_tools


def test_the_page_has_every_section(on_github: BuiltRepo) -> None:
    html, _ = page_of(on_github.path)
    assert Page(html).sections == ["header", "overview", "statistics", "activity", "signals", "work-history", "skills", "repositories"]


def test_each_signal_shows_its_definition_on_hover_and_links_its_items(on_github: BuiltRepo) -> None:
    html, profile = page_of(on_github.path)
    signals = profile["signals"]
    section = html[html.index('<section id="signals">') : html.index("</section>", html.index('<section id="signals">'))]
    rows = [attributes for tag, attributes in Page(section).tags if tag == "tr"]
    assert [row["title"] for row in rows] == [signals[name]["definition"] for name in ("tested_work", "reverted_work", "follow_up_fixes", "size", "documentation")]
    (reverted,) = signals["reverted_work"]["reverted"]  # "Add tracing flag", a commit of no PR
    assert reverted["title"] == "Add tracing flag"
    assert [link for link in Page(section).links if "/commit/" in link] == [f"https://github.com/acme/cobol-tools/commit/{on_github.sha['trace']}"]


def test_the_chart_has_a_bar_a_month_as_high_as_its_commits(on_github: BuiltRepo) -> None:
    html, profile = page_of(on_github.path)
    page = Page(html)
    commits = {month["month"]: month["commits"] for month in profile["months"]}
    assert [bar["data-month"] for bar in page.bars] == ["2024-11", "2024-12", "2025-01", "2025-02", "2025-03", "2025-04", "2025-05", "2025-06"]
    assert {bar["data-month"]: int(bar["data-commits"]) for bar in page.bars} == {month: commits.get(month, 0) for month in commits} | {"2024-11": 0, "2025-02": 0, "2025-04": 0}
    tallest = max(commits.values())
    for month, height in page.rect_heights.items():
        assert height == pytest.approx(160 * commits[month] / tallest, abs=0.05)
    assert "2025-02" not in page.rect_heights  # an empty month is a gap
    march = next(bar for bar in page.bars if bar["data-month"] == "2025-03")
    assert (march["data-features"], march["data-fixes"]) == ("3", "0")


def test_citations_link_to_the_pull_request_or_commit_on_github(on_github: BuiltRepo) -> None:
    html, _ = page_of(on_github.path)
    links = Page(html).links
    assert "https://github.com/acme/cobol-tools/pull/7" in links
    assert f"https://github.com/acme/cobol-tools/commit/{on_github.sha['copybook']}" in links
    assert "https://github.com/acme/cobol-tools" in links


def test_markdown_citations_are_links_too(on_github: BuiltRepo) -> None:
    markdown = run_cli("run", str(on_github.path), "-a", "grace", *PERIOD).stdout
    assert "([#7](https://github.com/acme/cobol-tools/pull/7))" in markdown


def test_hostile_commit_text_stays_text(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "hostile")
    repo.commit("Add <script>alert(1)</script> parser", {"a.py": lines(2)}, "Grace Hopper <grace@example.com>", "2025-03-01T10:00:00+00:00")
    repo.commit('Fix <img src=x onerror="alert(2)"> and [docs](javascript:alert(3))', {"b.py": lines(1)}, "Grace Hopper <grace@example.com>", "2025-03-02T10:00:00+00:00")
    html, _ = page_of(repo.path)
    page = Page(html)
    assert not any(tag in ("script", "img", "iframe", "object") for tag, _ in page.tags)
    assert not any(name.startswith("on") for _, attributes in page.tags for name in attributes)
    assert not any(link.lower().startswith("javascript:") for link in page.links)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "onerror=&#34;alert(2)&#34;" in html


def test_the_page_loads_nothing_from_elsewhere(on_github: BuiltRepo) -> None:
    html, _ = page_of(on_github.path)
    page = Page(html)
    assert not any(tag in ("script", "link", "img", "iframe") for tag, _ in page.tags)
    assert not any("src" in attributes for _, attributes in page.tags)
    assert "@import" not in html and "url(" not in html
    assert all(link.startswith("https://github.com/acme/cobol-tools") for link in page.links)
    assert '<meta name="viewport"' in html and "@media print" in html and "@media (max-width: 600px)" in html


def test_findings_show_as_unverified_on_the_page(tmp_path: Path) -> None:
    from summarizer.cache import RunCache
    from summarizer.models.drafts import DraftingOptions
    from summarizer.models.profile import assemble_profile
    from summarizer.pipeline import draft_activity
    from summarizer.render import render
    from summarizer.sources.activity_file import read_activity
    from summarizer.validation import Finding

    drafted = draft_activity(read_activity(Path(__file__).parents[1] / "fixtures/validation/grace.json"), DraftingOptions(backend="offline"), RunCache(tmp_path, enabled=False))
    finding = Finding(kind="unknown_pr", severity="error", month="2025-03", text="#99 <b>", message="no work item is #99")
    page = render(assemble_profile(drafted.history, drafted.draft, drafted.report, [finding]), "html")
    assert 'id="unverified"' in page and "“#99 &lt;b&gt;” — no work item is #99" in page


def png_colours(path: Path) -> int:
    """How many distinct byte values the PNG's pixel rows hold: a blank page has one or two."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, idat = 8, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        if kind == b"IDAT":
            idat += data[position + 8 : position + 8 + length]
        position += 12 + length
    return len(set(zlib.decompress(idat)))


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs Debian's chromium)")
def test_headless_chromium_renders_the_page(on_github: BuiltRepo, tmp_path: Path) -> None:
    html, _ = page_of(on_github.path)
    page = tmp_path / "profile.html"
    page.write_text(html)
    shot = tmp_path / "profile.png"
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", f"--user-data-dir={tmp_path / 'chrome'}", "--hide-scrollbars",
         "--window-size=1000,1400", f"--screenshot={shot}", page.as_uri()],
        capture_output=True, timeout=120, check=True,
    )  # fmt: skip
    assert png_colours(shot) > 50


def test_export_renders_html(on_github: BuiltRepo) -> None:
    run_cli("run", str(on_github.path), "-a", "grace", *PERIOD)
    exported = run_cli("export", "-a", "grace", *PERIOD, "--format", "html")
    assert exported.returncode == 0 and Page(exported.stdout).sections[0] == "header"
    assert re.search(r"<h1>Grace Hopper</h1>", exported.stdout)
