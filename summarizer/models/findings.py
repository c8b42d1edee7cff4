"""The validator's output: one Finding per claim the evidence does not support."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, Field

from summarizer.choices import FindingKind
from summarizer.period import month_label

__all__ = ["Check", "Finding", "FindingKind", "Severity"]

Severity = Literal["error", "warning"]


class Finding(BaseModel):
    kind: FindingKind
    severity: Severity
    month: str | None = None
    # The exact offending substring of the checked text.
    text: str
    message: str
    suggestion: str | None = None
    # Where it stands in the checked text, for showing it in context; not part of the profile.
    offset: int | None = Field(default=None, exclude=True)
    sentence: str | None = Field(default=None, exclude=True)

    def described(self, with_month: bool = True) -> str:
        """What the finding says, as every list of findings shows it after the kind:
        ' (March 2025): “#99” — no work item is #99 (suggestion: #12)'; review, which
        shows a month at a time, leaves the month out."""
        where = f" ({month_label(self.month)})" if self.month and with_month else ""
        suggestion = f" (suggestion: {self.suggestion})" if self.suggestion else ""
        return f"{where}: “{self.text}” — {self.message}{suggestion}"


# A validator bound to one history: a text in, its findings out.
Check = Callable[[str], list[Finding]]
