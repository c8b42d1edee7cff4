"""A work item's own title, quoted: its words are the commits', not claims of the text.

The offline drafter, and a careful writer, quote a title as it stands: landed “The 23 known
bugs of docs/robustness.md fixed (#12): cache values carry a digest …” (2f68cc4). What the
quotation holds is the commit's word — 23 is no count of the month's bugs, #12 no citation.
A quotation of a title of the month's work (whole, or cut short with …) is blanked before the
sentence is checked, when the refs after it cite that item or there are none; a title quoted
beside another item's ref is checked as written, so the wrong citation shows.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from summarizer.validation.claims import cited_items, refs_in
from summarizer.validation.context import Context
from summarizer.validation.sections import Sentence

# The refs after it may follow a word or two: “numel … exceeds …” error (#603).
_QUOTED = re.compile(r"[“\"](?P<inner>[^”\"]+)[”\"](?:[^\W\d]*(?:\s+[^\W\d]+){0,2}?\s*\((?P<refs>[^()\n]*)\))?")
# A shorter quotation is a word or a name ("“CSV”"), not a title, unless it is the whole title.
_LEAST = 12
_SPACES = re.compile(r"\s+")


def without_quoted_titles(text: str, sentences: list[Sentence], context: Context) -> str:
    """The text with the quoted titles of each sentence's month's items blanked (offsets kept).
    A title may hold sentences of its own, so quotations are read across the sentences' ends."""
    starts = [sentence.start for sentence in sentences]
    blanked = text
    for match in _QUOTED.finditer(text):
        month = sentences[max(bisect_right(starts, match.start()) - 1, 0)].month if sentences else None
        items = context.citations.in_scope(month)
        quoted = _normal(match.group("inner").rstrip().removesuffix("…").removesuffix("...").rstrip())
        titled = {item.id for item in items if _quotes(quoted, _normal(item.title))}
        refs = match.group("refs") or ""
        cited = {item.id for item in cited_items(refs, context)}
        if titled and (not refs_in(refs) or titled & cited):
            start, end = match.span("inner")
            blanked = blanked[:start] + " " * (end - start) + blanked[end:]
    return blanked


def _quotes(quoted: str, title: str) -> bool:
    return quoted == title or (len(quoted) >= _LEAST and quoted in title)


def _normal(text: str) -> str:
    return _SPACES.sub(" ", text.strip().casefold())
