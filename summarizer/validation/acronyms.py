"""Acronyms and the words that spell them out: "GEMM (general matrix multiply)", "Key-Value (KV)"."""

from __future__ import annotations

import re
from collections import defaultdict

from summarizer.validation.evidence import normalize

# An acronym may be two joined by a slash: "CI/CD (Continuous Integration/Continuous Delivery)".
EXPANSION_AFTER = re.compile(r"(?<![\w/])(?P<acronym>[A-Z][A-Z0-9]{1,9}(?:/[A-Z][A-Z0-9]{1,9})?)s?\s*\((?P<long>[A-Za-z][A-Za-z0-9 /-]{3,80}?)\)")
EXPANSION_BEFORE = re.compile(r"(?P<long>(?:[A-Za-z][\w/-]*\s+){1,9}[A-Za-z][\w/-]*)\s*\((?P<acronym>[A-Z][A-Z0-9]{1,9})s?\)")
# Initials are taken per word part: "Direct-Memory" gives D and M, "Input/Output" I and O.
_WORD_PARTS = re.compile(r"[^\s/-]+")
_SMALL_WORDS = {"of", "and", "for", "the", "in", "on", "to", "a", "an", "with", "&"}


def long_form(words_text: str, acronym: str) -> str | None:
    """The words whose initials spell the acronym, or None when they do not."""
    letters = re.sub(r"[\d/]", "", acronym)
    words = words_text.split()
    for first in range(len(words)):
        candidate = words[first:]
        # "Just-In-Time": a small word inside a compound counts; a figure ("Tensor-Float 32") does not.
        parts = [part for word in candidate if word.lower() not in _SMALL_WORDS for part in _WORD_PARTS.findall(word)]
        initials = "".join(part[0].upper() for part in parts if not part[0].isdigit())
        # "Element-wise" gives E alone: a suffix in lower case after a hyphen is no word of its own.
        headed = "".join(word[0].upper() for word in _HEADS.findall(" ".join(word for word in candidate if word.lower() not in _SMALL_WORDS)))
        if candidate[0].lower() not in _SMALL_WORDS and (initials == letters or headed == letters or _spelled_by_last(parts, letters)):
            return " ".join(candidate)
    return None


# The heads of a text's words: each word, and each part of a compound that is capitalised ("Just-In-Time").
_HEADS = re.compile(r"(?:(?<=[\s/])|^)[A-Za-z][^\s/-]*|(?<=-)[A-Z][^\s/-]*")


def _spelled_by_last(parts: list[str], letters: str) -> bool:
    """Whether the acronym takes each word's initial and, from the last word, more letters in order:
    "PTX (Parallel Thread eXecution)", "VMEM (Vector MEMory)"."""
    lettered = [part for part in parts if not part[0].isdigit()]
    if len(lettered) < 2 or len(letters) <= len(lettered):
        return False
    head = "".join(part[0].upper() for part in lettered[:-1])
    if not letters.startswith(head):
        return False
    rest, last = letters[len(head) :], lettered[-1].upper()
    if rest[0] != last[0]:
        return False
    position = 1
    for letter in rest[1:]:
        position = last.find(letter, position) + 1
        if not position:
            return False
    return True


def spelled_out_forms(phrases: list[str]) -> dict[str, set[str]]:
    """Acronym → the long forms, normalized, that phrases of a repository's own text give it."""
    forms: dict[str, set[str]] = defaultdict(set)
    for phrase in phrases:
        for pattern in (EXPANSION_AFTER, EXPANSION_BEFORE):
            for match in pattern.finditer(phrase):
                acronym = match.group("acronym")
                found = long_form(match.group("long"), acronym)
                if found:
                    forms[acronym].add(normalize(found))
    return forms

