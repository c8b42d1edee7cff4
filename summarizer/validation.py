"""Validation: claims in a summary checked against the commit metadata (SPEC §6)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

Severity = Literal["error", "warning"]


class Finding(BaseModel):
    kind: str
    severity: Severity
    month: str | None = None
    # The exact offending substring of the checked text.
    text: str
    message: str
    suggestion: str | None = None
