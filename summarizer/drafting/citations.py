"""Citations the check can correct without asking the model again.

A `wrong_evidence` finding with a suggestion says which of the developer's items tells what a
ref was cited for. The claim is true; only its citation is wrong. The ref is replaced by the
suggested one (or dropped where the suggestion is cited beside it already), and the month is
checked again as usual: a corrected claim that still fails goes the way of every failing claim.
"""

from __future__ import annotations

import re

from summarizer.models.findings import Finding, FindingKind

# What may stand between a ref and the one before or after it in a list: "#12, #13 and #14".
_SEPARATOR = r"(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*/\s*)"


def correctable(findings: list[Finding]) -> list[Finding]:
    """The findings whose ref can be swapped for the one the check suggests."""
    return [finding for finding in findings if finding.kind == FindingKind.WRONG_EVIDENCE and finding.suggestion and finding.sentence]


def corrected_text(text: str, findings: list[Finding]) -> tuple[str, list[Finding]]:
    """`text` with each finding's ref replaced by its suggestion in the sentence it stands in
    (dropped where that sentence cites the suggestion already), and the findings so corrected."""
    done: list[Finding] = []
    for sentence in dict.fromkeys(finding.sentence or "" for finding in findings):
        at = text.find(sentence)
        if not sentence or at < 0:
            continue
        fixed = sentence
        for finding in findings:
            if finding.sentence == sentence:
                fixed = corrected_refs(fixed, finding.text, finding.suggestion or "")
                done.append(finding)
        text = text[:at] + fixed + text[at + len(sentence) :]
    return text, done


def corrected_refs(text: str, ref: str, suggestion: str) -> str:
    """The refs of one claim with `ref` replaced by `suggestion`, or dropped when `suggestion` is there."""
    if _pattern(suggestion).search(text) is None:
        return _pattern(ref).sub(suggestion, text, count=1)
    dropped = re.sub(_SEPARATOR + _pattern(ref).pattern, "", text, count=1)
    if dropped == text:
        dropped = re.sub(_pattern(ref).pattern + _SEPARATOR, "", text, count=1)
    return dropped


def corrected_evidence(evidence: list[str], ref: str, suggestion: str) -> list[str]:
    """A highlight's evidence with `ref` replaced by `suggestion`, each ref once."""
    replaced = [suggestion if cited == ref else cited for cited in evidence]
    return list(dict.fromkeys(replaced))


def _pattern(ref: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w#/.-])" + re.escape(ref) + r"(?![\w])")
