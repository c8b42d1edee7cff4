"""Review in the terminal: each section with its findings, and the user's decision on it.

The loop reads a letter and Enter from standard input: `a` accept, `e` edit in
$VISUAL/$EDITOR (else nano, else vi; the edit is checked again and shown), `r`
regenerate (the findings guide the new draft; the old text is kept for `u` undo), `v`
view the evidence, `s` skip, `q` quit. Every decision is saved at once, so quitting,
an interrupt or a crash loses nothing decided; `review` again resumes where it stopped.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from summarizer.choices import ReviewState
from summarizer.models.drafts import OVERVIEW, MonthDraft
from summarizer.models.findings import Check, Finding
from summarizer.models.history import History, MonthActivity
from summarizer.period import month_label
from summarizer.sanitize import sanitized
from summarizer.words import lines_figure, month_counts
from summarizer.workspace import Section, Workspace

Regenerate = Callable[[str, str, list[Finding]], str]
PROMPT = "[a]ccept [e]dit [r]egenerate [u]ndo [v]iew evidence [s]kip [q]uit > "
FALLBACK_EDITORS = ("nano", "vi")
# A month's paragraph is a few hundred bytes; an edit past this is a file pasted by mistake.
LONGEST_EDIT = 100_000


class ReviewSession:
    def __init__(
        self,
        workspace: Workspace,
        history: History,
        check: Check,
        regenerate: Regenerate,
        save: Callable[[], None],
        stdin: TextIO,
        console: Console,
    ) -> None:
        self.workspace = workspace
        self.history = history
        self.check = check
        self.regenerate = regenerate
        self.save = save
        self.stdin = stdin
        self.console = console

    def run(self) -> None:
        keys = self.workspace.section_keys()
        position = self.workspace.position
        start = keys.index(position) if position in keys else 0
        if start:
            self.console.print(f"Resuming at {_label(keys[start])}.")
        for index in range(start, len(keys)):
            if not self._review(keys[index]):
                self.workspace.position = keys[index]
                self.save()
                self.console.print("Saved. `summarizer review` again goes on from here.")
                return
            self.workspace.position = keys[index + 1] if index + 1 < len(keys) else None
            self.save()
        states = [self.workspace.sections[key].state for key in keys]
        order = (ReviewState.ACCEPTED, ReviewState.EDITED, ReviewState.STALE, ReviewState.DRAFT)
        counts = ", ".join(f"{states.count(state)} {state}" for state in order if states.count(state))
        self.console.print(f"Review done: {counts}. `summarizer export` renders it.")

    def _review(self, key: str) -> bool:
        """False when the user quits."""
        section = self.workspace.sections[key]
        self._show(key, section)
        while True:
            choice = self._ask(PROMPT)
            if choice in (None, "q"):
                return False
            if choice == "s":
                return True
            if choice == "a":
                if section.state != ReviewState.EDITED:
                    section.text, section.state = section.shown, ReviewState.ACCEPTED
                section.reviewed_evidence = section.evidence
                self.save()
                return True
            if choice == "e":
                self._edit(key, section)
            elif choice == "r":
                self._regenerate(key, section)
            elif choice == "u":
                self._undo(key, section)
            elif choice == "v":
                self._evidence(key)
            else:
                self.console.print("Type a, e, r, u, v, s or q, then Enter.")

    def _show(self, key: str, section: Section) -> None:
        self.console.print(Rule(f"{_label(key)} · {section.state}", align="left"))
        month = self._month(key)
        if month is not None:
            stats = month.stats
            self.console.print(
                Text(
                    f"{month_counts(stats.commits, stats.features, stats.bugs)} · "
                    f"{lines_figure(stats.lines_added, stats.lines_deleted, stats.lines_unknown)} · {', '.join(stats.repositories)}"
                )
            )
        findings = self._findings(key, section.shown)
        plain = self.console.no_color or not self.console.is_terminal
        self.console.print(marked_text(section.shown, findings, plain))
        if section.state == ReviewState.STALE:
            self.console.print("Its commits changed since you reviewed it. The new draft reads:", style="yellow")
            self.console.print(Text(section.draft))
        for finding in findings:
            self.console.print(Text(f"  • {finding.kind}{finding.described(with_month=False)}"))
        if not findings:
            self.console.print("Every claim checks out against the commits.")

    def _edit(self, key: str, section: Section) -> None:
        edited = self._run_editor(section.shown)
        if edited is None:
            return
        if not edited.strip():
            answer = self._ask("The edit leaves this section empty. Empty it? [y/N] ")
            if answer != "y":
                self.console.print("Kept the text as it was.")
                return
        # Typed text is kept, shown and exported as commit text is: no escape sequences, no secrets.
        safe = sanitized(edited.strip())
        if safe != edited.strip():
            self.console.print("The edit held control characters or a secret: they were taken out (a secret reads [REDACTED]).", style="yellow", markup=False)
        section.previous.append(section.shown)
        section.text, section.state, section.reviewed_evidence = safe, ReviewState.EDITED, section.evidence
        self.save()
        self._show(key, section)

    def _regenerate(self, key: str, section: Section) -> None:
        self.console.print("Asking for a new draft…")
        fresh = self.regenerate(key, section.shown, self._findings(key, section.shown))
        section.previous.append(section.shown)
        section.draft, section.text, section.state = sanitized(fresh), None, ReviewState.DRAFT
        self.save()
        self._show(key, section)

    def _undo(self, key: str, section: Section) -> None:
        if not section.previous:
            self.console.print("Nothing to undo.")
            return
        section.draft, section.text, section.state = section.previous.pop(), None, ReviewState.DRAFT
        self.save()
        self._show(key, section)

    def _evidence(self, key: str) -> None:
        month = self._month(key)
        if month is None:
            table = Table("Month", "Commits", "Features", "Fixes", "Lines", title="Evidence: the period")
            for active in reversed(self.history.months):
                stats = active.stats
                table.add_row(month_label(active.month), str(stats.commits), str(stats.features), str(stats.bugs), Text(lines_figure(stats.lines_added, stats.lines_deleted, stats.lines_unknown)))
        else:
            table = Table("Commit", "PR", "Title", "Lines", title=f"Evidence: {month_label(key)}")
            for commit in month.commits:
                # Commit text is plain text here, never rich markup: `[/x]` in a subject is what it says.
                table.add_row(commit.short_sha, f"#{commit.pr}" if commit.pr else "", Text(commit.subject), f"+{commit.lines_added:,}/−{commit.lines_deleted:,}" if commit.stats_complete else "unread")
        self.console.print(table)

    def _run_editor(self, text: str) -> str | None:
        command = os.environ.get("VISUAL") or os.environ.get("EDITOR")
        argv = shlex.split(command) if command else next(([name] for name in FALLBACK_EDITORS if shutil.which(name)), [])
        if not argv or not shutil.which(argv[0]):
            self.console.print(f"No editor found ({argv[0] if argv else 'set $VISUAL or $EDITOR'}); the text is kept as it was.", style="yellow", markup=False)
            return None
        handle, name = tempfile.mkstemp(prefix="summarizer-", suffix=".md")
        path = Path(name)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text + "\n")
            status = subprocess.run([*argv, str(path)]).returncode
            if status != 0:
                self.console.print(f"The editor exited with status {status}; the text is kept as it was.", style="yellow")
                return None
            return self._edited(path)
        finally:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)

    def _edited(self, path: Path) -> str | None:
        """What the editor left at `path`; None, said why, when it left nothing a section can hold."""
        try:
            if path.stat().st_size > LONGEST_EDIT:
                problem = f"is over {LONGEST_EDIT:,} bytes, more than a section holds"
            else:
                return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            problem = "was removed"
        except IsADirectoryError:
            problem = "was made a folder"
        except UnicodeDecodeError as error:
            problem = f"is not UTF-8 text (byte {error.start} cannot be read)"
        except OSError as error:
            problem = f"cannot be read ({error.strerror or error})"
        self.console.print(f"The edited file {problem}; the text is kept as it was.", style="yellow", markup=False)
        return None

    def _ask(self, prompt: str) -> str | None:
        self.console.print(prompt, end="", markup=False)
        self.console.file.flush()
        line = self.stdin.readline()
        if not self.stdin.isatty():
            self.console.print(line.strip(), markup=False)  # a typed answer echoes itself; a piped one does not
        return line.strip().lower() if line else None

    def _findings(self, key: str, text: str) -> list[Finding]:
        """The findings of a section's text, their offsets counted from its start."""
        if key == OVERVIEW:
            return self.check(text)
        section = MonthDraft(month=key, summary=text).section()
        start = next(span.start for span in section.spans if span.part == "summary")
        return [finding.model_copy(update={"offset": (finding.offset or 0) - start}) for finding in self.check(section.text)]

    def _month(self, key: str) -> MonthActivity | None:
        return next((month for month in self.history.months if month.month == key), None)


def _label(key: str) -> str:
    return "Overview" if key == OVERVIEW else month_label(key)


def marked_text(text: str, findings: list[Finding], plain: bool) -> Text:
    """`text` with the span of every finding marked; `offset`s count from the text's start."""
    spans = sorted(
        {(f.offset, f.offset + len(f.text), f.severity) for f in findings if f.offset is not None and 0 <= f.offset < len(text)}
    )
    if plain:
        marked, position = [], 0
        for start, end, _ in spans:
            if start >= position:
                marked += [text[position:start], "[", text[start:end], "]"]
                position = end
        return Text("".join(marked) + text[position:])
    result = Text(text)
    for start, end, severity in spans:
        result.stylize("bold underline red" if severity == "error" else "bold underline yellow", start, end)
    return result
