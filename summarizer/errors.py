"""The one exception type the command line turns into a message and an exit code."""

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0
    FINDINGS = 1  # the output has error-level findings and --strict (or check) was asked
    BAD_INPUT = 2  # bad usage or bad input


class SummarizerError(Exception):
    """A problem the user can act on, reported as one line without a traceback."""

    def __init__(self, message: str, exit_code: ExitCode = ExitCode.BAD_INPUT) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
