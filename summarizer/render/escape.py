"""Text from commits, data or a model, put into Markdown so that it renders as the text it was.

Markdown renderers pass raw HTML through and read `# `, `[x](url)`, `*`, `|` and the rest
as structure, so every such character that could change the page is backslash-escaped;
the rest (a `.` or `-` inside a sentence, `snake_case`, `#12`) is left as typed, so the raw
Markdown stays readable. Only the headings, tables and links summarizer writes are Markdown.
"""

from __future__ import annotations

import re

# Anywhere in a line: backslashes, code, emphasis, strikethrough, table cells and math; the
# bracket that ends a link's or an image's text, or a reference's label ("[x](", "[x][", "[x]:"),
# so "[REDACTED]" and "[inductor]" stay as they are; a tag, comment or autolink; an entity (shown
# as typed); an underscore that is not inside a word (`__init__` would be bold, `snake_case` cannot be).
_ANYWHERE = re.compile(r"[\\`*~|$]|\](?=[(\[:])|<(?=[A-Za-z/!?])|&(?=#?\w+;)|(?<![^\W_])_|_(?![^\W_])")
# Between a link's brackets any bracket would end or nest the link.
_IN_LINK_TEXT = re.compile(_ANYWHERE.pattern + r"|[\[\]]")
# At the start of a line: a heading, a block quote, a list item, a task's box, a setext underline or a rule.
_LINE_START = re.compile(r"#{1,6}(?=\s|$)|>|[-+](?=\s|$)|\[[ xX]\](?=\s|$)|[-=]+\s*$")
_ORDERED_ITEM = re.compile(r"(\d{1,9})([.)])(?=\s|$)")
# A heading's closing run of #s, which a renderer drops.
_CLOSING_HASHES = re.compile(r"(?<=\s)(#+\s*)$")
# A line break with the spaces around it, in text that must stay on one line.
_LINE_BREAK = re.compile(r"\s*[\r\n]\s*")
# What a backslash escapes in CommonMark: any ASCII punctuation.
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")


def inline(text: str) -> str:
    """Text for one line of Markdown: a heading, a table cell, a list item."""
    return _line(_one_line(text), _ANYWHERE)


def link_text(text: str) -> str:
    """Text for between a link's brackets."""
    return _line(_one_line(text), _IN_LINK_TEXT)


def block(text: str) -> str:
    """Text of one or more paragraphs: each line escaped, its indentation (a code block) and
    its trailing spaces (a line break) dropped, paragraphs kept apart."""
    return "\n".join(_line(line.strip(), _ANYWHERE) for line in text.strip().splitlines())


def code(text: str) -> str:
    """Text as a code span, fenced by more backticks than it holds."""
    text = _one_line(text)
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def unescape(text: str) -> str:
    """Markdown's backslash escapes read as the characters they stand for."""
    return _ESCAPED.sub(r"\1", text)


def _one_line(text: str) -> str:
    return _LINE_BREAK.sub(" ", text).strip()


def _line(line: str, special: re.Pattern[str]) -> str:
    escaped = special.sub(lambda match: "\\" + match.group(0), line)
    escaped = _CLOSING_HASHES.sub(r"\\\1", escaped)
    if _LINE_START.match(escaped):
        return "\\" + escaped
    return _ORDERED_ITEM.sub(r"\1\\\2", escaped, count=1) if _ORDERED_ITEM.match(escaped) else escaped
