"""Commit text made safe to print and to share, on its way in: no control characters, no secrets.

A commit message is written by anyone who can push: `ESC ] 0 ; … BEL` in a subject would
retitle the reader's terminal, `ESC [ 2 J` clear it; a token pasted into a body would be
published on a profile page. Every source passes its text through `sanitized` before the
rest of the tool sees it, so no output (terminal, Markdown, HTML, JSON) nor any model
receives either.
"""

from __future__ import annotations

import re

REDACTED = "[REDACTED]"
# Each secret's shape, with the literal text (casefolded) that any match of it contains: a
# text with none of those is passed by at the cost of a substring test, not of a regex scan.
_SECRETS: list[tuple[tuple[str, ...], re.Pattern[str]]] = [
    # Private key blocks, whole.
    (("private key",), re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----.*?(-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|\Z)", re.DOTALL)),
    # Passwords in URLs: scheme://user:password@host keeps the user and host.
    (("://",), re.compile(r"(?<=://)[^/\s:@]+:[^/\s@]+(?=@)")),
    # Well-known token shapes.
    (("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"), re.compile(r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}\b|\bgithub_pat_[A-Za-z0-9_]{20,}\b")),
    (("sk-",), re.compile(r"\bsk-(?:proj-|svcacct-|ant-)?[A-Za-z0-9_-]{20,}\b")),
    (("akia", "asia"), re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    (("xox",), re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b")),
    (("aiza",), re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
    (("glpat-",), re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}\b")),
    (("eyj",), re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b")),  # JWT
    (("bearer",), re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/-]{16,}=*")),
    (("sk_live_", "sk_test_", "rk_live_", "rk_test_"), re.compile(r"\b[sr]k_(?:live|test)_[A-Za-z0-9]{20,}\b")),  # Stripe
    (("npm_",), re.compile(r"\bnpm_[A-Za-z0-9]{36}\b")),
    # Azure connection strings: the key's name stays, so the string still reads.
    (("accountkey=", "sharedaccesskey="), re.compile(r"(?i)(?:(?<=\bAccountKey=)|(?<=\bSharedAccessKey=))[A-Za-z0-9+/]{20,}={0,2}")),
]


# `name = value` where the name says secret; the name stays, so the text still reads.
_ASSIGNMENT = re.compile(
    r"(?P<name>(?:(?<=[\s\"'(])|^)[\w.-]*(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key)[\w.-]*"
    r"[\"']?\s*[:=]\s*)(?!\[REDACTED\])(?:\"[^\"\n]{4,}\"|'[^'\n]{4,}'|[^\s\"',;)]{6,})",
    re.IGNORECASE | re.MULTILINE,
)
_ASSIGNMENT_HINTS = ("passw", "secret", "token", "key")
_EVERY_HINT = tuple(sorted({hint for hints, _ in _SECRETS for hint in hints} | set(_ASSIGNMENT_HINTS)))


# Terminal escape sequences, whole (CSI `ESC [ … final`, OSC `ESC ] … BEL|ESC \\`, two-character
# ones), then any control character left but tab and newline (C0, DEL, C1).
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]|\x9b[0-?]*[ -/]*[@-~]|\x9d[^\x07\x1b]*\x07?")
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# A subject longer than this keeps its start; the whole of it moves to the body.
LONGEST_SUBJECT = 300


def redact(text: str) -> str:
    lowered = text.casefold()
    if not _may_hold_secret(lowered):
        return text
    for hints, pattern in _SECRETS:
        if any(hint in lowered for hint in hints):
            text = pattern.sub(REDACTED, text)
    if any(hint in lowered for hint in _ASSIGNMENT_HINTS):
        text = _ASSIGNMENT.sub(lambda match: match.group("name") + REDACTED, text)
    return text


def _may_hold_secret(lowered: str) -> bool:
    # A plain loop: most commit text holds none of the hints, and this is its whole cost.
    for hint in _EVERY_HINT:
        if hint in lowered:
            return True
    return False


def without_controls(text: str) -> str:
    """The text without terminal escape sequences and control characters (tabs and newlines stay;
    a carriage return becomes a newline)."""
    if not _CONTROLS.search(text):
        return text
    return _CONTROLS.sub("", _ESCAPES.sub("", text.replace("\r\n", "\n").replace("\r", "\n")))


def sanitized(text: str) -> str:
    """Commit text as the tool keeps it: no control characters, secrets redacted."""
    return redact(without_controls(text))


# A URL's user and password: everything of its host part before the last "@".
_USER_INFO = re.compile(r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@")


def without_credentials(url: str) -> str:
    """A link as the tool keeps it: sanitized, without the user and password a clone URL may
    carry (https://user:token@github.com/acme/x is https://github.com/acme/x)."""
    return sanitized(_USER_INFO.sub(r"\g<scheme>", url))


def sanitized_message(subject: str, body: str) -> tuple[str, str]:
    """A commit's subject and body, sanitized; a subject past LONGEST_SUBJECT is cut at a word
    with "…", and the whole of it opens the body, so nothing of it is lost to the evidence."""
    subject, body = " ".join(sanitized(subject).split()), sanitized(body).strip()
    if len(subject) <= LONGEST_SUBJECT:
        return subject, body
    cut = subject[:LONGEST_SUBJECT].rsplit(" ", 1)[0] or subject[:LONGEST_SUBJECT]
    return cut + "…", f"{subject}\n\n{body}".strip()
