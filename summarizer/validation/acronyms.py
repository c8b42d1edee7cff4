"""Acronyms and the words that spell them out: "GEMM (general matrix multiply)", "Key-Value (KV)"."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from summarizer.validation.evidence import normalize

# An acronym may be two joined by a slash: "CI/CD (Continuous Integration/Continuous Delivery)".
# "TPU (Tensor Processing Unit)", "(OOM, short for out of memory)", "OOM, which stands for out of memory,".
EXPANSION_AFTER = re.compile(
    r"(?<![\w/])(?P<acronym>[A-Z][A-Z0-9]{1,9}(?:/[A-Z][A-Z0-9]{1,9})?)s?"
    r"(?:\s*\((?P<long>[A-Za-z][A-Za-z0-9 '’/-]{3,80}?)\)|,?\s+(?:short\s+for|(?:which\s+)?stands\s+for)\s+(?P<said>[A-Za-z][A-Za-z0-9 '’/-]{3,80}?)(?=[),.;]))"
)
EXPANSION_BEFORE = re.compile(r"(?<![\w/-])(?P<long>(?:[A-Za-z][\w/-]*\s+){1,9}[A-Za-z][\w/-]*)\s*\((?P<acronym>[A-Z][A-Z0-9]{1,9})s?\)")
# Initials are taken per word part: "Direct-Memory" gives D and M, "Input/Output" I and O.
_WORD_PARTS = re.compile(r"[^\s/-]+")
_SMALL_WORDS = {"of", "and", "for", "the", "in", "on", "to", "a", "an", "with", "&"}
_ARTICLES = {"the", "a", "an"}


def long_form(words_text: str, acronym: str, camel_case: bool = False) -> str | None:
    """The words whose initials spell the acronym, or None when they do not; `camel_case`, the
    words of a camelCase name too ("FlashAttention-3 (FA3)": an acronym after its words; one before
    them, "TF32 (TensorFloat-32)", is the glossary's)."""
    letters = re.sub(r"[\d/]", "", acronym)
    words = words_text.split()
    for first in range(len(words)):
        candidate = words[first:]
        # "Just-In-Time": a small word inside a compound counts; a figure ("Tensor-Float 32") does not.
        parts = [part for word in candidate if word.lower() not in _SMALL_WORDS for part in _WORD_PARTS.findall(word)]
        initials = "".join(part[0].upper() for part in parts if not part[0].isdigit())
        # "Element-wise" gives E alone: a suffix in lower case after a hyphen is no word of its own.
        headed = "".join(word[0].upper() for word in _HEADS.findall(" ".join(word for word in candidate if word.lower() not in _SMALL_WORDS)))
        camel = "".join(piece[0].upper() for part in parts for piece in _CAMEL_PIECES.findall(part)) if camel_case else initials
        # Or without the small words inside a compound: "out-of-order memory" gives OOM.
        bare = "".join(part[0].upper() for part in parts if part.lower() not in _SMALL_WORDS and not part[0].isdigit())
        if candidate[0].lower() not in _SMALL_WORDS and (letters in (initials, headed, camel, bare) or _spelled_by_last(parts, letters)):
            return " ".join(candidate)
    return None


_CAMEL_PIECES = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
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
                found = long_form(match.group("long") or match.groupdict().get("said") or "", acronym)
                if found:
                    forms[acronym].add(normalize(found))
    return forms



@dataclass(frozen=True)
class Expansion:
    """An acronym a text spells out: where, and the words it spells it with."""

    acronym: str
    spelled: str
    span: tuple[int, int]  # the finding's text: acronym and words
    words: tuple[int, int]  # the words alone, which no other check reads word by word


@lru_cache(maxsize=1024)
def expansions(text: str) -> tuple[Expansion, ...]:
    """Each acronym the text spells out: by initials ("TPU (Tensor Parallel Unit)"), or with words
    in place of a standard expansion of the glossary ("XLA (Extensible Linear Algebra)"). Read once
    per sentence, for the checks of expansions, terms and colleagues alike."""
    found: list[Expansion] = []
    for match in EXPANSION_AFTER.finditer(text):
        group = "long" if match.group("long") else "said"
        spelled = long_form(match.group(group), match.group("acronym"))
        if spelled is not None:
            found.append(Expansion(match.group("acronym"), spelled, match.span(), match.span(group)))
    for match in EXPANSION_BEFORE.finditer(text):
        spelled = long_form(match.group("long"), match.group("acronym"), camel_case=True)
        if spelled is not None:
            start = match.start("long") + match.group("long").rfind(spelled)
            spelled, start = _with_width(text, spelled, start)
            found.append(Expansion(match.group("acronym"), spelled, (start, match.end()), (start, match.end("long"))))
    for match in _glossed().finditer(text):
        acronym = match.group("after") or match.group("before")
        long = match.group("long_after") or match.group("long_before")
        at = match.start("after") if match.group("after") else match.start("before")
        if any(expansion.span[0] <= at < expansion.span[1] for expansion in found):
            continue
        words = _WORDS.findall(long)
        if match.group("after"):
            span, words_span = match.span(), match.span("long_after")
        else:
            # "the new Extensible Linear Algebra (XLA)": as many words as letters, or fewer ("on
            # multi-threading architecture (MTIA)", a compound's parts each a letter).
            tried = [words[-count:] for count in range(len(_letters(acronym)), 1, -1) if len(words) >= count]
            words = next((each for each in tried if _attempts(each, acronym)), tried[0] if tried else words)
            while len(words) > 1 and words[0].lower() in _SMALL_WORDS:
                words = words[1:]
            start = match.start("long_before") + (long.rfind(words[0]) if words else 0)
            span, words_span = (start, match.end()), (start, match.end("long_before"))
        # Or its standard form as one word ("TF32 (TensorFloat-32)"), which no initials give; or, for a
        # tool's name in lower case, words in place of its standard form's ("sdist (signed distribution)").
        if _attempts(words, acronym) or standard(acronym, " ".join(words)) or _in_place_of_standard(acronym, words):
            spelled, start = _with_width(text, " ".join(words), span[0])
            found.append(Expansion(acronym, spelled, (start, span[1]), (min(start, words_span[0]), words_span[1])))
    return tuple(sorted(found, key=lambda expansion: expansion.span))


# "8-bit floating point (fp8)": a width before the words is part of what they spell out.
_WIDTH_BEFORE = re.compile(r"(?<![\w-])(\d+-bit)\s+$")


def _with_width(text: str, spelled: str, start: int) -> tuple[str, int]:
    width = _WIDTH_BEFORE.search(text, max(0, start - 12), start)
    return (f"{width.group(1)} {spelled}", width.start()) if width else (spelled, start)


def standard(acronym: str, spelled: str) -> bool:
    """Whether the words, or their last words, are a standard expansion of the acronym. A numbered
    one the glossary does not hold is its acronym's, numbered alike: "RC1 (release candidate 1)"."""
    forms = glossary().get(acronym.lower())
    numbered = _NUMBERED.fullmatch(acronym) if forms is None else None
    if numbered and spelled.endswith(numbered.group("number")):
        acronym, spelled = numbered.group("acronym"), spelled.removesuffix(numbered.group("number")).rstrip(" -")
    forms = glossary().get(acronym.lower(), frozenset())
    words = spelled.split()
    return any(_form_key(" ".join(words[first:])) in forms for first in range(len(words)))


_NUMBERED = re.compile(r"(?P<acronym>[A-Za-z]+)[.-]?(?P<number>\d+)")


@cache
def glossary() -> dict[str, frozenset[str]]:
    """Acronym, lower case → the keys of its standard expansions (glossary.txt)."""
    return {acronym: frozenset(_form_key(form) for form in forms) for acronym, forms in _glossary_forms().items()}


@cache
def _glossary_forms() -> dict[str, tuple[str, ...]]:
    """Acronym, lower case → its standard expansions as glossary.txt writes them."""
    text = resources.files("summarizer.validation").joinpath("glossary.txt").read_text(encoding="utf-8")
    entries: dict[str, tuple[str, ...]] = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            acronym, _, forms = line.partition(":")
            entries[acronym.strip().lower()] = tuple(form.strip() for form in forms.split("|"))
    return entries


def acronyms_of(words: str) -> frozenset[str]:
    """The acronyms, lower case, the glossary spells out as these words: "shared memory" is smem."""
    return _by_form().get(_form_key(words), frozenset())


@cache
def _by_form() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = defaultdict(set)
    for acronym, forms in glossary().items():
        for form in forms:
            found[form].add(acronym)
    return {form: frozenset(acronyms) for form, acronyms in found.items()}


def _form_key(text: str) -> str:
    """A form compared without case, separators or a final plural: "Tensor Processing Units" ~ "tensor-processing unit"."""
    return re.sub(r"[^a-z0-9]", "", text.lower()).removesuffix("s")


_WORDS = re.compile(r"[A-Za-z][\w-]*")


def _letters(acronym: str) -> str:
    """The letters an expansion's words begin with: the capitals of a mixed-case acronym ("RMSNorm"
    gives rmsn), or every letter ("bf16" gives bf)."""
    capitals = re.sub(r"[^A-Z]", "", acronym)
    return capitals.lower() if len(capitals) >= 2 else re.sub(r"[^a-z]", "", acronym.lower())


@cache
def _glossed() -> re.Pattern[str]:
    """An acronym of the glossary beside words in parentheses or the words
    beside it in parentheses: what may be an expansion the initials do not give away. A number
    may follow the acronym: "rc.0 (release commit 0)", "RC1 (release candidate 1)"."""
    keys = sorted(glossary(), key=len, reverse=True)
    alternatives = "|".join(re.escape(key) for key in keys)
    return re.compile(
        rf"(?<![\w/])(?P<after>{alternatives})(?:s|[.-]?\d+)?\s*\((?P<long_after>[A-Za-z][A-Za-z0-9 /-]{{3,80}}?)\)"
        rf"|(?<![\w/-])(?P<long_before>(?:[A-Za-z][\w/-]*\s+){{1,6}}[A-Za-z][\w/-]*)\s*\((?P<before>{alternatives})s?\)",
        re.IGNORECASE,
    )


def _in_place_of_standard(acronym: str, words: list[str]) -> bool:
    """Whether words beside a lower-case acronym ("sdist", "nsys"), whose letters are no initials, say
    a word of one of its standard forms without holding that form whole: "signed distribution" beside
    sdist (source distribution), "NVIDIA Nsight Compute" beside nsys (Nsight Systems); not "the
    source archive", which tells what it is (an expansion opens on no article), nor "source
    distribution tarball", which holds the standard form."""
    if not acronym.islower() or not words or words[0].lower() in _ARTICLES:
        return False
    said = _form_key(" ".join(words))
    if any(form in said for form in glossary()[acronym]):
        return False
    standard_words = {word.lower() for form in _glossary_forms()[acronym] for word in _WORD_PARTS.findall(form)}
    return any(word.lower() in standard_words for word in words if word.lower() not in _SMALL_WORDS)


def _attempts(words: list[str], acronym: str) -> bool:
    """Whether words stand for the acronym: two to six of them whose initials, word by word or part
    by part of a compound, are its letters in at least half of the places ("Extensible Linear
    Algebra" for XLA, "Big-endian Float16" for bf16); "GitHub Actions" beside CI, or "detect low
    video memory" before VRAM, are not."""
    content = [word for word in words if word.lower() not in _SMALL_WORDS]
    if not 2 <= len(content) <= 6:
        return False
    # A mixed-case acronym may be read by its capitals or by all its letters: "Relative Offset
    # Position Encoding" attempts RoPE.
    for letters in {_letters(acronym), re.sub(r"[^a-z]", "", acronym.lower())}:
        for initials in ([word[0] for word in content], [part[0] for word in content for part in word.split("-") if part]):
            held = sum(initial.lower() == letter for initial, letter in zip(initials, letters))
            # Two letters are too few to tell by half: "SMs (shared memory slots)" holds both.
            if held * 2 >= len(letters) and (len(letters) > 2 or held == len(letters)):
                return True
            # Every word one of its letters in order, one letter left out: "Gated Exponential Linear Unit" attempts GEGLU,
            # "multi-threading architecture" MTIA.
            if len(letters) >= 4 and len(initials) == len(letters) - 1 and in_order("".join(initials).lower(), letters):
                return True
    return False


def in_order(initials: str, letters: str) -> bool:
    """Whether the initials are letters of the acronym in their order."""
    remaining = iter(letters)
    return all(initial in remaining for initial in initials)
