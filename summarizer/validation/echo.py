"""Sentences that repeat the drafting instructions instead of telling the work.

A small model may copy its prompt into its answer ("the data block below is JSON taken
from the developer's commits"). Such a sentence says nothing about the developer, yet a
paragraph that also names some work passes the grounding check. A run of ECHO_WORDS words
of a prompt template's instructions (its placeholders cut it) is an echo, unless the
developer's commits say it too. The example answers are left out: they are written like a
true summary ("fixed a crash on empty files"), and a copy of one names a person, PRs and a
repository that the other checks catch.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from summarizer.drafting.prompts import load_prompt, prompts_dir
from summarizer.validation.context import Context, finding
from summarizer.validation.evidence import Evidence
from summarizer.validation.model import Finding, FindingKind
from summarizer.validation.sections import Sentence
from summarizer.validation.vocabulary import WORD

# Long enough that no plain sentence about work meets a prompt's rules by chance.
ECHO_WORDS = 6
_PLACEHOLDER = re.compile(r"\{\{\s*\w+\s*\}\}")


def check_echoes(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    words = list(WORD.finditer(sentence.text))
    runs = instruction_runs()
    for index in range(len(words) - ECHO_WORDS + 1):
        run = words[index : index + ECHO_WORDS]
        if tuple(word.group(0).lower() for word in run) in runs:
            phrase = sentence.text[run[0].start() : run[-1].end()]
            if context.evidence[None].mentions(phrase):
                continue
            message = f"this sentence repeats the drafting instructions (“{phrase}”), not {context.name}'s work"
            yield finding(FindingKind.PROMPT_ECHO, sentence, (0, len(sentence.text)), scope, message)
            return


@cache
def instruction_runs() -> frozenset[tuple[str, ...]]:
    """Every run of ECHO_WORDS words in the prompt templates' instructions, lower-cased."""
    runs: set[tuple[str, ...]] = set()
    for path in prompts_dir().glob("*.md"):
        template = load_prompt(path.stem)
        instructions = "\n".join(line for line in f"{template.system}\n{template.user}".splitlines() if not line.startswith("{"))
        for piece in _PLACEHOLDER.split(instructions):
            words = [word.lower() for word in WORD.findall(piece)]
            runs |= {tuple(words[index : index + ECHO_WORDS]) for index in range(len(words) - ECHO_WORDS + 1)}
    return frozenset(runs)
