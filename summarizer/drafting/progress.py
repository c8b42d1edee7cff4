"""What an LLM drafting run tells whoever watches it: the steps as they start and finish.

The drafter calls these as it goes; the command line shows them on stderr (a live display
in a terminal, a line per finished step otherwise, nothing with --quiet). A step is a
month, then the overview and the skill tags.
"""

from __future__ import annotations

from typing import Protocol


class DraftingProgress(Protocol):
    def begin(self, steps: list[str], model: str, endpoint: str) -> None:
        """The run starts: the steps it will take, by label, and who drafts them."""

    def step_started(self, step: str) -> None: ...

    def received(self, tokens: int) -> None:
        """Pieces of an answer arrived (streamed), about one token each."""

    def step_done(self, step: str, outcome: str) -> None:
        """A step finished: "drafted", "cached", or what it fell back on and why."""

    def end(self) -> None: ...


class _Silent:
    def begin(self, steps: list[str], model: str, endpoint: str) -> None:
        pass

    def step_started(self, step: str) -> None:
        pass

    def received(self, tokens: int) -> None:
        pass

    def step_done(self, step: str, outcome: str) -> None:
        pass

    def end(self) -> None:
        pass


SILENT: DraftingProgress = _Silent()


class StepsOf:
    """One developer's steps in a team's progress, labelled with their name; the team begins and ends it."""

    def __init__(self, progress: DraftingProgress, who: str) -> None:
        self.progress = progress
        self.who = who

    def begin(self, steps: list[str], model: str, endpoint: str) -> None:
        pass

    def step_started(self, step: str) -> None:
        self.progress.step_started(f"{self.who}: {step}")

    def received(self, tokens: int) -> None:
        self.progress.received(tokens)

    def step_done(self, step: str, outcome: str) -> None:
        self.progress.step_done(f"{self.who}: {step}", outcome)

    def end(self) -> None:
        pass
