"""The validator's output: one Finding per claim the evidence does not support."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Severity = Literal["error", "warning"]


class Finding(BaseModel):
    kind: str
    severity: Severity
    month: str | None = None
    # The exact offending substring of the checked text.
    text: str
    message: str
    suggestion: str | None = None
    # Where it stands in the checked text, for showing it in context; not part of the profile.
    offset: int | None = Field(default=None, exclude=True)
    sentence: str | None = Field(default=None, exclude=True)
