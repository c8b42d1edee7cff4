"""Drafting progress on stderr: a live display in a terminal, one line per finished step elsewhere.

A model on a laptop may take minutes a month; whoever waits should see from the first
seconds that it is alive: which months are running, how many are done, the tokens that
arrived and the time gone. Nothing of it goes to stdout, which carries the profile.
"""

from __future__ import annotations

import time
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from summarizer.sanitize import sanitized
from summarizer.words import count


def _opening(steps: list[str], model: str, endpoint: str) -> str:
    months = len([step for step in steps if step not in ("overview", "skills")])
    # The model's name and the endpoint are the user's text (an address may carry a password).
    return f"drafting {count(months, 'month')}, the overview and the skills with {sanitized(model)} at {sanitized(endpoint)}"


class PlainProgress:
    """For logs and pipes: a line when drafting starts, then one per finished step."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.total = 0
        self.done = 0
        self.tokens = 0
        self.started = time.monotonic()

    def begin(self, steps: list[str], model: str, endpoint: str) -> None:
        self.total, self.started = len(steps), time.monotonic()
        self._say(_opening(steps, model, endpoint))

    def step_started(self, step: str) -> None:
        pass

    def received(self, tokens: int) -> None:
        self.tokens += tokens

    def step_done(self, step: str, outcome: str) -> None:
        self.done += 1
        elapsed = time.monotonic() - self.started
        self._say(f"{step}: {outcome} ({self.done}/{self.total} done, {count(self.tokens, 'token')} received, {elapsed:.0f} s)")

    def end(self) -> None:
        pass

    def _say(self, line: str) -> None:
        self.stream.write(f"summarizer: {sanitized(line)}\n")
        self.stream.flush()


class LiveProgress:
    """For a terminal: a bar of the steps done, the tokens received, the time, and what is running."""

    def __init__(self, console: Console | None = None) -> None:
        # NO_COLOR is honoured by rich itself: the display stays, without colour.
        self.console = console or Console(stderr=True)
        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(bar_width=20),
            MofNCompleteColumn(),
            TextColumn("· {task.fields[tokens]:,} tokens ·"),
            TimeElapsedColumn(),
            TextColumn("{task.fields[running]}"),
            console=self.console,
            transient=True,
        )
        self.task = self.progress.add_task("Drafting", total=None, tokens=0, running="")
        self.running: list[str] = []
        self.tokens = 0

    def begin(self, steps: list[str], model: str, endpoint: str) -> None:
        self.console.print(f"summarizer: {_opening(steps, model, endpoint)}", highlight=False, markup=False)
        self.progress.update(self.task, total=len(steps))
        self.progress.start()

    def step_started(self, step: str) -> None:
        self.running.append(step)
        self._show()

    def received(self, tokens: int) -> None:
        self.tokens += tokens
        self.progress.update(self.task, tokens=self.tokens)

    def step_done(self, step: str, outcome: str) -> None:
        if step in self.running:
            self.running.remove(step)
        self.progress.console.print(f"summarizer: {step}: {sanitized(outcome)}", highlight=False, markup=False)
        self.progress.advance(self.task)
        self._show()

    def end(self) -> None:
        self.progress.stop()

    def _show(self) -> None:
        self.progress.update(self.task, running=f"running: {', '.join(self.running)}" if self.running else "")
