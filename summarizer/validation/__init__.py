"""Validation: every claim in a summary checked against the commit metadata (SPEC §6).

Pure functions, no I/O. `validate` is the entry point.

Design:
1. evidence: for each active month and for the whole period, what a claim may rest on —
   the commits' subjects, bodies and paths, their SHAs and PR numbers, the statistics
2. sections: the text cut into sentences, each scoped to the month it speaks of
3. checks (checker.py): identifiers, counts, the signals' figures (tested and reverted
   work), figures, names, repositories, terms, acronym expansions, skill tags, phrases of
   another author's work — each sentence against its month's evidence, a claim that holds
   only in another month being `wrong_month`, and sentences that repeat the drafting
   instructions; then repeated sentences, and paragraphs that rest on nothing in the data
"""

from __future__ import annotations

from summarizer.models.findings import Finding, FindingKind, Severity
from summarizer.validation.checker import Checker, validate

__all__ = ["Checker", "Finding", "FindingKind", "Severity", "validate"]
