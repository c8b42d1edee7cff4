"""A model's text as the profile writes it: refs in one form, no paragraph opening mid-thought,
no class of a work item copied from the data ("(feature)").

A model types a ref as it likes — "(ref #1140)", "PR #1140", a commit SHA as "#70e0f77d39" —
where the profile writes `#1140` and `70e0f77` everywhere. And where the check took a
paragraph's first sentence out, or the model began with one, a paragraph may open on "He also
…" or "Additionally, …": a reader meets a thought whose first half is gone. Both are mended in
the text, before the check reads it, without a word of the claims changed.
"""

from __future__ import annotations

import re

# "(ref #1140)", "(PR #1140)", "(pull request 1140)", "(refs: #12)": the ref alone, as "(#1140)".
_WORDED_REF = re.compile(r"\(\s*(?:refs?|PRs?|pull requests?|pull|see)\s*[:.]?\s*#?(\d+)\s*\)", re.IGNORECASE)
# "#70e0f77d39": a commit SHA written as a PR ref (a letter among its hex digits, so never a number).
_HASHED_SHA = re.compile(r"(?<![\w/])#(?=[0-9a-f]*[a-f])([0-9a-f]{7,40})(?![\w-])")
_SHA = re.compile(r"(?<![\w/#.@-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)([0-9a-f]{8,40})(?![\w@-])")
# What opens a sentence that goes on from one before it.
_CONNECTIVE = re.compile(
    r"^(?:(?:Additionally|Furthermore|Moreover|In addition|Also|As well|Besides|On top of that|Likewise),?\s+"
    r"|(?P<subject>He|She|They|[A-Z][a-z]+(?: [A-Z][a-z]+)*) also\s+)"
)
SHORT_SHA = 7


def as_profile_writes(text: str, shas: set[str]) -> str:
    """`text` with its refs written as the profile writes them: "#1140", and a commit SHA of the
    developer's in its seven-character form (`shas`: their full SHAs)."""
    text = _WORDED_REF.sub(r"(#\1)", without_class_notes(text))

    def short(match: re.Match[str]) -> str:
        token = match.group(1)
        return token[:SHORT_SHA] if any(sha.startswith(token) for sha in shas) else match.group(0)

    text = _HASHED_SHA.sub(short, text)
    return _SHA.sub(short, text)


def ref_as_profile_writes(ref: str, shas: set[str]) -> str:
    """One cited ref (a highlight's evidence) as the profile writes it."""
    cited = ref.strip()
    worded = re.fullmatch(r"(?:refs?|PRs?|pull requests?)?\s*[:.]?\s*#?(\d+)", cited, re.IGNORECASE)
    if worded and not re.fullmatch(r"[0-9a-f]{7,40}", cited):
        return f"#{worded.group(1)}"
    return as_profile_writes(cited, shas)


# "added support for while and pass (feature)": a work item's class, copied from the data.
_CLASS_NOTE = re.compile(r"\s*\((?:feature|bug|bug fix|fix|docs|documentation|tests?|refactor|other|chore|performance|perf)\)", re.IGNORECASE)


def without_class_notes(text: str) -> str:
    """The text without the work items' classes the model copied beside their titles."""
    return _CLASS_NOTE.sub("", text)


def opened_on_its_own(paragraph: str) -> str:
    """The paragraph with its first sentence opening on its own: "He also added X" becomes "He
    added X", "Additionally, she fixed Y" becomes "She fixed Y"."""
    paragraph = paragraph.lstrip()
    match = _CONNECTIVE.match(paragraph)
    if match is None:
        return paragraph
    rest = paragraph[match.end() :]
    if match.group("subject"):
        return f"{match.group('subject')} {rest}"
    return rest[:1].upper() + rest[1:]
