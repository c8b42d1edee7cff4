"""Secrets in commit text are replaced before anything is sent to a model."""

from __future__ import annotations

import re

REDACTED = "[REDACTED]"
_SECRETS = [
    # Private key blocks, whole.
    re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----.*?(-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|\Z)", re.DOTALL),
    # Passwords in URLs: scheme://user:password@host keeps the user and host.
    re.compile(r"(?<=://)[^/\s:@]+:[^/\s@]+(?=@)"),
    # Well-known token shapes.
    re.compile(r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}\b|\bgithub_pat_[A-Za-z0-9_]{20,}\b"),
    re.compile(r"\bsk-(?:proj-|svcacct-|ant-)?[A-Za-z0-9_-]{20,}\b"),
    re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),
    re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b"),
    re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"),
    re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}\b"),
    re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b"),  # JWT
    re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/-]{16,}=*"),
]


# `name = value` where the name says secret; the name stays, so the text still reads.
_ASSIGNMENT = re.compile(
    r"(?P<name>(?:(?<=[\s\"'(])|^)[\w.-]*(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key)[\w.-]*"
    r"[\"']?\s*[:=]\s*)(?!\[REDACTED\])(?:\"[^\"\n]{4,}\"|'[^'\n]{4,}'|[^\s\"',;)]{6,})",
    re.IGNORECASE | re.MULTILINE,
)


def redact(text: str) -> str:
    for pattern in _SECRETS:
        text = pattern.sub(REDACTED, text)
    return _ASSIGNMENT.sub(lambda match: match.group("name") + REDACTED, text)
