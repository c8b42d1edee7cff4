"""Effects claimed for work that no commit tells: "made the compiler faster" where nothing the
sentence cites (nothing of its month) speaks of speed.

A model asked for business value adds effects the commits never state ("improved the reliability
and speed of the metal compiler"); a careful writer says them only where a commit does ("perf-tune
the kernels", "fix a flaky test"). An effect told alone, in a sentence that cites nothing and
states no figure (a figure's own check holds "3x faster"), is held to the messages of its month's
commits: one word of the effect's kind, as the beginning of any word of theirs ("perf" of perf-tune,
"crash" of crashes; not "race" of Grace), supports it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from summarizer.models.findings import Finding, FindingKind
from summarizer.validation.claims import refs_in
from summarizer.validation.context import Context, finding
from summarizer.validation.evidence import FIGURE, Evidence
from summarizer.validation.prose import TAG_LINE
from summarizer.validation.sections import Sentence

_IMPROVED = r"(?:improv\w*|boost\w*|enhanc\w*|increas\w*|better)\s+(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+){0,3}?"
# Each kind of effect: how prose claims it, and the parts of words of the commits that tell it.
_EFFECTS = (
    (
        re.compile(rf"\b(?:faster|quicker|speed(?:s|ed)?\s+up|sped\s+up|more\s+performant|{_IMPROVED}(?:performance|speed|throughput|latency))\b", re.IGNORECASE),
        ("fast", "speed", "perf", "slow", "latenc", "overhead", "optimi", "throughput", "flops", "bandwidth", "quick", "sped"),
    ),
    (
        re.compile(rf"\b(?:more\s+(?:reliable|robust|stable|resilient)|{_IMPROVED}(?:reliability|robustness|stability|resilience))\b", re.IGNORECASE),
        ("reliab", "robust", "stab", "unstab", "flak", "crash", "fail", "error", "fix", "bug", "retr", "hang", "timeout", "race", "resilien", "broke", "break"),
    ),
    (
        re.compile(rf"\b(?:more\s+efficient|{_IMPROVED}efficiency)\b", re.IGNORECASE),
        ("efficien", "memory", "overhead", "perf", "fast", "reduc", "cache", "waste", "alloc", "speed"),
    ),
    (
        re.compile(rf"\b(?:more\s+scalable|{_IMPROVED}scalability)\b", re.IGNORECASE),
        ("scal", "shard", "parallel", "distribut", "large"),
    ),
)


def check_effects(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """`ungrounded_text` on each effect ("faster", "more reliable") that none of the words of the
    items the sentence cites, or of its month's items where it cites none, tells."""
    if TAG_LINE.match(sentence.text) or refs_in(sentence.text) or FIGURE.search(sentence.text):
        return
    claimed = [(match, parts) for pattern, parts in _EFFECTS for match in pattern.finditer(sentence.text)]
    if not claimed:
        return
    # The messages alone: the code of a month writes "fast" and "error" somewhere whatever it did.
    told = scope.text.lower()
    unsupported = [match for match, parts in claimed if not re.search(rf"\b(?:{'|'.join(parts)})", told)]
    where = "of the month" if scope.month else "of the period"
    for match in unsupported:
        # "improving the performance and reliability": one effect, not also its first half.
        if not any(other is not match and other.start() <= match.start() and match.end() <= other.end() for other in unsupported):
            yield finding(FindingKind.UNGROUNDED_TEXT, sentence, match, scope, f"“{match.group(0)}” is an effect no work {where} speaks of")
