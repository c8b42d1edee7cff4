"""Sentences that repeat the drafting instructions, or copy their example answer, instead of telling the work.

A small model may copy its prompt into its answer ("the data block below is JSON taken
from the developer's commits"). Such a sentence says nothing about the developer, yet a
paragraph that also names some work passes the grounding check. A run of ECHO_WORDS words
of a prompt template's instructions (its placeholders cut it) is an echo, unless the
developer's commits say it too.

The example answers are written like true summaries, of an imaginary project ("taught the
tide-table reader to skip blank rows"), so a run of theirs is an echo only when it carries a
word the data has nowhere: a small model copies the example's highlight with real PR numbers
behind it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any, NamedTuple

from summarizer.models.findings import Finding, FindingKind
from summarizer.prompt_templates import load_prompt, prompts_dir
from summarizer.validation.context import Context, finding
from summarizer.validation.evidence import Evidence
from summarizer.validation.phrases import ACTION_STEMS, STOP_WORDS
from summarizer.validation.sections import TAG_LINE, TAG_SEPARATOR, Sentence
from summarizer.validation.vocabulary import GENERIC_WORDS, WORD, stem

# Long enough that no plain sentence about work meets a prompt's rules by chance.
ECHO_WORDS = 6
_PLACEHOLDER = re.compile(r"\{\{\s*\w+\s*\}\}")
RETIRED_EXAMPLES = "retired-examples.jsonl"


# A sentence about the instructions themselves, in any words: "As requested, every bullet below
# cites a commit hash and avoids unsupported claims."
_ABOUT_INSTRUCTIONS = re.compile(
    r"^\W*(?:as (?:requested|instructed|asked|required)|as (?:the|your) instructions (?:ask|say|require)|(?:per|following) (?:the|your) (?:instructions|guidelines|rules|format))\b"
    r"|\b(?:every|each) (?:highlight|bullet|sentence|claim|statement|item|entry)s?(?: below| above| here)? (?:cites?|references?|is tied to|is backed by) (?:its|their|a|the|one|only)\b"
    r"|\b(?:following|per|as in|according to) the brief\b"
    r"|\bavoids? unsupported claims\b|\bas instructed\b|\b(?:every|each) claim (?:is )?tied to\b|\bwritten from [^.]{0,40}\bcommits only\b"
    r"|\b(?:for|behind|to|with) (?:every|each) claim\b"
    # The text speaking of itself and of how it was written: "Below is a summary …, written only from the commit data provided".
    r"|\b(?:this|the following|below is an?|here is an?|what follows is an?) (?:summary|profile|overview|write-up|report)\b[^.]{0,120}?"
    r"\b(?:cit(?:es|ing|ed)|references?|written (?:only |solely |strictly )?from|based (?:only |solely |strictly )on|sticks? to|provided|claims?)\b"
    # "What follows summarises Shangdi Yu's commits month by month, citing only PR numbers from the commit list".
    r"|\b(?:what follows|the following|below|this (?:text|history|section)) (?:summari[sz]es|covers|lists|describes)\b[^.]{0,160}?"
    r"\b(?:cit(?:es|ing|ed)|leav(?:es|ing) out|commit list)\b",
    re.IGNORECASE,
)


def check_echoes(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    if _ABOUT_INSTRUCTIONS.search(sentence.text):
        message = f"this sentence speaks of the drafting instructions, not of {context.name}'s work"
        yield finding(FindingKind.PROMPT_ECHO, sentence, (0, len(sentence.text)), scope, message)
        return
    words = list(WORD.finditer(sentence.text))
    runs, evidence = prompt_runs(), context.evidence[None]
    # "**Skills:** Python, Triton, Fortran": the example answer's skill, which the data has nowhere.
    tag_line = TAG_LINE.match(sentence.text)
    tags = [tag.strip(" *_`.") for tag in TAG_SEPARATOR.split(tag_line.group("tags"))] if tag_line else []
    copied = [tag for tag in tags if tag.lower() in runs.example_skills and not evidence.mentions(tag)]
    if copied:
        message = f"this skills line copies the prompt's example answer (“{copied[0]}”), not {context.name}'s skills"
        yield finding(FindingKind.PROMPT_ECHO, sentence, (0, len(sentence.text)), scope, message)
        return
    for index in range(len(words) - ECHO_WORDS + 1):
        run = words[index : index + ECHO_WORDS]
        key = tuple(word.group(0).lower() for word in run)
        phrase = sentence.text[run[0].start() : run[-1].end()]
        if key in runs.instructions:
            what = "repeats the drafting instructions"
        elif key in runs.examples and any(len(word) >= 4 and word not in GENERIC_WORDS and not evidence.mentions(word) for word in key):
            what = "copies the prompt's example answer"
        else:
            continue
        if evidence.mentions(phrase):
            continue
        message = f"this sentence {what} (“{phrase}”), not {context.name}'s work"
        yield finding(FindingKind.PROMPT_ECHO, sentence, (0, len(sentence.text)), scope, message)
        return
    # A pair of the example's words that the data has neither of ("the orrery simulator"): its
    # imaginary project named as the developer's.
    for first, second in zip(words, words[1:]):
        pair = (first.group(0).lower(), second.group(0).lower())
        if pair in runs.example_pairs and not evidence.mentions(pair[0]) and not evidence.mentions(pair[1]):
            phrase = sentence.text[first.start() : second.end()]
            message = f"this sentence copies the prompt's example answer (“{phrase}”), not {context.name}'s work"
            yield finding(FindingKind.PROMPT_ECHO, sentence, (0, len(sentence.text)), scope, message)
            return
    # A copy in other words or forms ("Teaching the tide table reader to skip blanks" for "taught
    # the tide-table reader to skip blank rows"): every content word of an example clause, one of
    # them the data has nowhere.
    said = {stem(word.group(0).lower()) for word in words}
    for clause, stems in runs.example_clauses:
        if stems <= said and any(len(word) >= 4 and not evidence.mentions(word) for word in stems):
            message = f"this sentence copies the prompt's example answer (“{clause}”), not {context.name}'s work"
            yield finding(FindingKind.PROMPT_ECHO, sentence, (0, len(sentence.text)), scope, message)
            return


class PromptRuns(NamedTuple):
    instructions: frozenset[tuple[str, ...]]
    examples: frozenset[tuple[str, ...]]
    # Each clause of an example answer with the stems of its content words (two or more).
    example_clauses: tuple[tuple[str, frozenset[str]], ...]
    # Two neighbouring content words of an example answer, lower case ("orrery simulator").
    example_pairs: frozenset[tuple[str, str]]
    # The skills of the templates' example answers, lower case ("fortran"): foreign to any real work.
    example_skills: frozenset[str]


@cache
def prompt_runs() -> PromptRuns:
    """Every run of ECHO_WORDS words in the prompt templates, lower-cased: in their
    instructions, and in the texts of their example answers (the lines that open a JSON object),
    those the prompts carried before (RETIRED_EXAMPLES) among them."""
    instructions: set[tuple[str, ...]] = set()
    examples: set[tuple[str, ...]] = set()
    skills: set[str] = set()
    clauses: dict[str, frozenset[str]] = {}
    answers: list[str] = []
    for path in prompts_dir().glob("*.md"):
        template = load_prompt(path.stem)
        lines = f"{template.system}\n{template.user}".splitlines()
        examples_here = [line for line in lines if line.startswith("{") and not _PLACEHOLDER.match(line)]
        for piece in _PLACEHOLDER.split("\n".join(line for line in lines if line not in examples_here)):
            instructions |= _runs(piece)
        answers += examples_here
        skills |= {skill.lower() for example in examples_here for skill in json.loads(example).get("skills", [])}
    retired = prompts_dir() / RETIRED_EXAMPLES
    answers += [line for line in retired.read_text(encoding="utf-8").splitlines() if line.startswith("{")]
    pairs: set[tuple[str, str]] = set()
    for answer in answers:
        for text in _texts(json.loads(answer)):
            examples |= _runs(text)
            words = WORD.findall(text)
            pairs |= {(first.lower(), second.lower()) for first, second in zip(words, words[1:]) if _content(f"{first} {second}") == [first.lower(), second.lower()]}
            for clause in _CLAUSE.split(text):
                stems = frozenset(stem(word) for word in _content(clause))
                if len(stems) >= 2:
                    clauses[clause.strip()] = stems
    return PromptRuns(frozenset(instructions), frozenset(examples), tuple(clauses.items()), frozenset(pairs), frozenset(skills))


# Where an example answer's clauses part: "she added streaming input …, and fixed a crash on empty files".
_CLAUSE = re.compile(r"[,:;.]\s*|\s+and\s+|\s+she\s+|\s+he\s+")


def _content(text: str) -> list[str]:
    """The words of a text that say what work it tells: lower case, no names (capitalised), no stop,
    generic or action words."""
    return [
        word.lower() for word in WORD.findall(text)
        if not word[0].isupper() and len(word) > 2 and word.lower() not in STOP_WORDS and word.lower() not in GENERIC_WORDS
        and stem(word.lower()) not in ACTION_STEMS
    ]  # fmt: skip


def _runs(text: str) -> set[tuple[str, ...]]:
    words = [word.lower() for word in WORD.findall(text)]
    return {tuple(words[index : index + ECHO_WORDS]) for index in range(len(words) - ECHO_WORDS + 1)}


def _texts(value: Any) -> Iterator[str]:
    """The strings of a JSON value, its keys aside."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)
