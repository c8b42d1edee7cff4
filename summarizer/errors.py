"""The one exception type the command line turns into a message and an exit code."""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pydantic import ValidationError


class ExitCode(IntEnum):
    OK = 0
    FINDINGS = 1  # the output has error-level findings and --strict (or check) was asked
    BAD_INPUT = 2  # bad usage or bad input
    UNAVAILABLE = 3  # a service could not be used: unreachable, refused the credentials, rate-limited, failing
    INTERRUPTED = 130  # Ctrl-C, as a shell reports SIGINT


class SummarizerError(Exception):
    """A problem the user can act on, reported as one line without a traceback."""

    def __init__(self, message: str, exit_code: ExitCode = ExitCode.BAD_INPUT) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


def first_problem(error: ValidationError) -> str:
    """Where a JSON file first departs from its model, in a few words: "sections.2025-06: Field required"."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "top level"
    return f"{where}: {first['msg']}"
