"""The command line: each command parses its options, calls one function and renders.

The options several commands share are declared once, in summarizer/options.py, and
reach a command built: as one `ActivityRequest` and one `DraftingOptions`. Errors are raised as SummarizerError anywhere below and turned into
one line on stderr and an exit code here, in `main`. Heavy modules are imported inside
the commands so that `summarizer --help` stays fast.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from summarizer.choices import FindingsFormat, ProfileFormat
from summarizer.errors import ExitCode, SummarizerError
from summarizer.options import DRAFTING_OPTIONS, LOGIN_OPTIONS, SOURCE_OPTIONS, login_helps, shared
from summarizer.words import count

if TYPE_CHECKING:
    from summarizer.cache import RunCache
    from summarizer.drafting.progress import DraftingProgress
    from summarizer.models.drafts import DraftingOptions
    from summarizer.models.request import ActivityRequest

app = typer.Typer(
    help="A fact-checked monthly work history of one developer, drafted from their commits.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    add_completion=False,
)
cache_app = typer.Typer(help="Inspect or empty the run cache.", no_args_is_help=True)
app.add_typer(cache_app, name="cache")
class _State:
    debug = False


@app.callback()
def _main_options(
    debug: Annotated[bool, typer.Option("--debug", help="Show the traceback of an error.")] = False,
) -> None:
    _State.debug = debug


@app.command()
@shared(*SOURCE_OPTIONS, *DRAFTING_OPTIONS, "quiet")
def run(
    request: ActivityRequest,
    drafting: DraftingOptions,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Count the prompt tokens and the cost; send nothing.")] = False,
    output_format: Annotated[
        Optional[ProfileFormat], typer.Option("--format", "-f", help="The profile's format (default: a terminal view, or Markdown when piped).")
    ] = None,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", metavar="PATH", help="Write here instead of stdout (- is stdout).")] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 when the profile has error-level findings.")] = False,
    quiet: bool = False,
    no_cache: bool = False,
) -> None:
    """Draft a developer's profile from their commits, check every claim, and print it."""
    from summarizer.render import render
    from summarizer.rerun import last_profile

    with _cache(no_cache) as cache:
        if dry_run:
            from summarizer.pipeline import plan_drafting
            from summarizer.render.plan import render_plan

            _emit(render_plan(plan_drafting(_load_activity(request, cache), drafting, warn=_note)), output, request)
            return
        def warn(warning: str) -> None:
            _note(f"warning: {warning}")

        profile = last_profile(request, drafting, cache, warn)
        if profile is None:
            # The stages are imported only when the profile is made again: a rerun reads it back.
            from summarizer.pipeline import profile_of_request

            profile = profile_of_request(request, drafting, cache, lambda: _progress(quiet), warn)
    if output_format is None and output is None and sys.stdout.isatty():
        from rich.console import Console

        from summarizer.render.terminal import print_profile

        print_profile(profile, Console())
    else:
        _emit(render(profile, output_format or ProfileFormat.MARKDOWN), output, request)
    for note in profile.drafting.notes:
        _note(note)
    if not quiet:
        from summarizer.render.findings import run_summary

        _note(run_summary(profile))
    if strict and any(finding.severity == "error" for finding in profile.findings):
        raise typer.Exit(ExitCode.FINDINGS)


@app.command()
@shared(*SOURCE_OPTIONS)
def check(
    text_file: Annotated[Path, typer.Argument(help="The summary to check (Markdown or plain text).", show_default=False)],
    request: ActivityRequest,
    output_format: Annotated[FindingsFormat, typer.Option("--format", "-f", help="How to report the findings.")] = FindingsFormat.TEXT,
    no_cache: bool = False,
) -> None:
    """Check every claim of a summary against the commits; exit 1 when one fails."""
    from summarizer.pipeline import check_text, read_summary
    from summarizer.render.findings import findings_json, print_findings

    text = read_summary(text_file)
    with _cache(no_cache) as cache:
        findings = check_text(text, _load_activity(request, cache))
    if output_format is FindingsFormat.JSON:
        sys.stdout.write(findings_json(findings))
    else:
        print_findings(findings, sys.stdout)
    if any(finding.severity == "error" for finding in findings):
        raise typer.Exit(ExitCode.FINDINGS)


@app.command()
@shared("since", "until", "branch", *DRAFTING_OPTIONS, "quiet", "no_cache", helps={
    "since": "First month, YYYY-MM (default: the roster's since, else 11 months before --until).",
    "until": "Last month, YYYY-MM (default: the roster's until, else this month).",
})  # fmt: skip
def team(
    roster: Annotated[Path, typer.Argument(metavar="ROSTER", help="The team's roster, team.toml (see the README).", show_default=False)],
    output: Annotated[Path, typer.Option("--output", "-o", metavar="SITE_DIR", help="The folder the site is written into.")],
    drafting: DraftingOptions,
    batch: Annotated[bool, typer.Option("--batch", help="Draft through the OpenAI Batch API: half the price, answers within 24 h.")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Count the team's prompt tokens and the cost, with and without --batch; send nothing.")] = False,
    since: Optional[str] = None,
    until: Optional[str] = None,
    branch: Optional[str] = None,
    quiet: bool = False,
    no_cache: bool = False,
) -> None:
    """Every developer of a roster: their profiles (Markdown, JSON, page) and the team's index page."""
    from summarizer.team import team_site

    with _cache(no_cache) as cache:
        if dry_run:
            from summarizer.team import team_plan

            _emit(team_plan(roster, since, until, branch, drafting, cache, warn=_note), None)
            return
        say = (lambda _: None) if quiet else _note
        written, warnings = team_site(roster, since, until, branch, drafting, cache, output, _progress(quiet), batch, say)
    for warning in warnings:
        _note(f"warning: {warning}")
    _note(f"wrote {count(len(written), 'file')} into {output}; open {output / 'index.html'}")


@app.command()
@shared("sources", "author", "since", "until", "branch", *LOGIN_OPTIONS, "no_cache")
def fetch(
    output: Annotated[Path, typer.Option("--output", "-o", metavar="PATH", help="Where to write the activity JSON (- is stdout).")],
    request: ActivityRequest,
    no_cache: bool = False,
) -> None:
    """Read a developer's commits and save them as activity JSON (for --activity)."""
    from summarizer.pipeline import fetch_activity

    with _cache(no_cache) as cache:
        fetched = fetch_activity(request, cache)
    for warning in fetched.warnings:
        _note(f"warning: {warning}")
    _emit(fetched.text, output)
    _note(f"wrote {count(fetched.commits, 'commit')} to {output}")


@app.command()
@shared(*SOURCE_OPTIONS, "backend", "model", "timeout")
def review(request: ActivityRequest, drafting: DraftingOptions, no_cache: bool = False) -> None:
    """Review the profile month by month: accept, edit, regenerate; every decision is saved."""
    from summarizer.pipeline import review_workspace

    with _cache(no_cache) as cache:
        review_workspace(_load_activity(request, cache), drafting, cache, sys.stdin, sys.stdout)


@app.command()
@shared("author", "since", "until", *LOGIN_OPTIONS, "activity", "roster", "developer", helps={
    "author": "The developer whose reviewed profile to render, as `run` or `review` named them; repeatable.",
    **login_helps("as `run` or `review` was given it."),
    "activity": "The activity file `run` or `review` was given: its developer and period name the profile.",
})  # fmt: skip
def export(
    request: ActivityRequest,
    repositories: Annotated[
        Optional[list[str]],
        typer.Option("--repository", "-r", metavar="NAME", help="Which review, where the developer has several: a repository it covers (name or owner/name); repeatable."),
    ] = None,
    output_format: Annotated[ProfileFormat, typer.Option("--format", "-f", help="The profile's format.")] = ProfileFormat.MARKDOWN,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", metavar="PATH", help="Write here instead of stdout (- is stdout).")] = None,
) -> None:
    """Render the reviewed profile (edited text wins over drafts); reads no repository."""
    from summarizer.pipeline import profile_from_workspace
    from summarizer.render import render

    _emit(render(profile_from_workspace(request, repositories or []), output_format), output, request)


@cache_app.command("info")
def cache_info() -> None:
    """Where the cache is and how much it holds."""
    from summarizer.cache import open_cache

    info = open_cache().info()
    typer.echo(f"directory: {info.directory}\nentries: {info.entries}\nsize: {info.size_bytes:,} bytes")


@cache_app.command("clear")
def cache_clear() -> None:
    """Empty the cache (reviewed drafts live elsewhere and are kept)."""
    from summarizer.cache import open_cache

    cache = open_cache()
    typer.echo(f"removed {count(cache.clear(), 'entry', 'entries')} from {cache.directory}")


def _load_activity(request: ActivityRequest, cache: RunCache) -> Any:
    from summarizer.pipeline import load_activity

    activity = load_activity(request, cache)
    for warning in activity.warnings:
        _note(f"warning: {warning}")
    return activity


@contextmanager
def _cache(no_cache: bool) -> Iterator[RunCache]:
    from summarizer.cache import open_cache

    cache = open_cache(enabled=not no_cache)
    try:
        yield cache
    finally:
        cache.close()


def _progress(quiet: bool) -> DraftingProgress:
    """What a drafting run shows on stderr: a live display in a terminal, lines in a log, or nothing."""
    from summarizer.drafting.progress import SILENT
    from summarizer.render.progress import LiveProgress, PlainProgress

    if quiet:
        return SILENT
    return LiveProgress() if sys.stderr.isatty() else PlainProgress(sys.stderr)


def _emit(text: str, output: Optional[Path], request: ActivityRequest | None = None) -> None:
    """Write the command's output; never over the activity file it read or a review workspace."""
    from summarizer.output import STDOUT, write_output
    from summarizer.workspace import workspace_home

    inputs = {workspace_home() / "workspaces": "in the review workspaces' folder"}
    if request is not None and request.activity_file is not None:
        inputs[request.activity_file] = "the activity file this run reads"
    write_output(output or Path(STDOUT), text, inputs)


def _note(message: str) -> None:
    """Progress and diagnostics go to stderr; stdout carries only the profile. A message may quote
    what the user or a repository gave (an author, a path, an address): made safe like commit text."""
    from summarizer.sanitize import sanitized

    typer.echo(f"summarizer: {sanitized(message)}", err=True)


def main() -> None:
    # A diagnostic is never lost to stderr's encoding (PYTHONIOENCODING=ascii): what it cannot
    # show is written as an escape.
    if hasattr(sys.stderr, "reconfigure"):
        sys.stderr.reconfigure(errors="backslashreplace")
    try:
        code = app(standalone_mode=False)
    except UnicodeEncodeError as error:
        if _State.debug:
            raise
        _note(f"error: stdout takes {error.encoding} only, and the output holds other characters: set PYTHONIOENCODING=utf-8, or write it with --output")
        code = ExitCode.BAD_INPUT
    except SummarizerError as error:
        if _State.debug:
            raise
        # An interruption that says what it left (a batch still running) says so instead of the usual line.
        _note(error.message if error.exit_code == ExitCode.INTERRUPTED else f"error: {error.message}")
        code = error.exit_code
        if code == ExitCode.INTERRUPTED:
            sys.exit(code)
    except typer.TyperException as error:
        # Usage errors (an unknown option, a value out of range) in one line, like ours;
        # `summarizer` alone shows the help.
        if "\n" in error.format_message():
            error.show()
        else:
            _note(f"error: {error.format_message()} (see --help)")
        code = getattr(error, "exit_code", ExitCode.BAD_INPUT)
    except typer.Abort:
        code = ExitCode.INTERRUPTED
    if code == ExitCode.INTERRUPTED:
        # typer turns Ctrl-C into this code; every write before it was atomic.
        _note("interrupted; what was fetched, drafted or decided so far is kept")
    sys.exit(code if isinstance(code, int) else ExitCode.OK)
