"""The command line: each command parses its options, calls one function and renders.

Errors are raised as SummarizerError anywhere below and turned into one line on stderr
and an exit code here, in `main`. Heavy modules are imported inside the commands so
that `summarizer --help` stays fast.
"""

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from summarizer.errors import ExitCode, SummarizerError

if TYPE_CHECKING:
    from summarizer.activity import Activity
    from summarizer.cache import RunCache
    from summarizer.pipeline import ActivityRequest

app = typer.Typer(
    help="A fact-checked monthly work history of one developer, drafted from their commits.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    add_completion=False,
)
cache_app = typer.Typer(help="Inspect or empty the run cache.", no_args_is_help=True)
app.add_typer(cache_app, name="cache")

Sources = Annotated[
    Optional[list[str]], typer.Argument(help="Local git repositories (default: the current folder).", show_default=False)
]
Authors = Annotated[
    Optional[list[str]],
    typer.Option(
        "--author", "-a",
        help="Author name or e-mail (substring, case-insensitive, after .mailmap); repeatable. "
        "Required with SOURCEs; with --activity it keeps only these authors.",
    ),
]  # fmt: skip
Since = Annotated[Optional[str], typer.Option(help="First month, YYYY-MM (default: 11 months before --until).")]
Until = Annotated[Optional[str], typer.Option(help="Last month, YYYY-MM (default: this month).")]
Branch = Annotated[Optional[str], typer.Option(help="Branch or ref to analyse (default: HEAD).")]
GitHubUser = Annotated[
    Optional[str],
    typer.Option("--github-user", help="The developer's GitHub login; with no SOURCE, every repository they committed to."),
]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the cache.")]
Backend = Annotated[
    str, typer.Option(help="auto (openai when OPENAI_API_KEY or OPENAI_BASE_URL is set), offline or openai.")
]
Model = Annotated[Optional[str], typer.Option(help="LLM model (default: SUMMARIZER_MODEL, else gpt-4.1-mini).")]
ActivityFile = Annotated[
    Optional[Path], typer.Option("--activity", help="A saved `summarizer fetch` output, instead of SOURCEs.")
]


class _State:
    debug = False


@app.callback()
def _main_options(
    debug: Annotated[bool, typer.Option("--debug", help="Show the traceback of an error.")] = False,
) -> None:
    _State.debug = debug


@app.command()
def run(
    sources: Sources = None,
    author: Authors = None,
    since: Since = None,
    until: Until = None,
    branch: Branch = None,
    github_user: GitHubUser = None,
    activity: ActivityFile = None,
    backend: Backend = "auto",
    model: Model = None,
    jobs: Annotated[int, typer.Option(help="Months drafted at once.")] = 4,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Count the prompt tokens and the cost; send nothing.")] = False,
    output_format: Annotated[
        Optional[str], typer.Option("--format", "-f", help="markdown, json or html (default: a terminal view, or Markdown when piped).")
    ] = None,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write here instead of stdout.")] = None,
    no_cache: NoCache = False,
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 when the profile has error-level findings.")] = False,
) -> None:
    """Draft a developer's profile from their commits, check every claim, and print it."""
    from summarizer.drafting import DraftingOptions
    from summarizer.pipeline import build_profile, plan_drafting
    from summarizer.render import render

    options = DraftingOptions(backend=backend, model=model, jobs=jobs)
    with _cache(no_cache) as cache:
        loaded = _load_activity(sources, author, since, until, branch, github_user, activity, cache)
        if dry_run:
            from summarizer.render.plan import render_plan

            _emit(render_plan(plan_drafting(loaded, options, warn=_note)), output)
            return
        profile = build_profile(loaded, options, cache)
    if output_format is None and output is None and sys.stdout.isatty():
        from rich.console import Console

        from summarizer.render.terminal import print_profile

        print_profile(profile, Console())
    else:
        _emit(render(profile, output_format or "markdown"), output)
    for note in profile.drafting.notes:
        _note(note)
    months = profile.totals.activity_months
    _note(
        f"{profile.developer.name}: {profile.totals.commits:,} commits in {months} "
        f"{'month' if months == 1 else 'months'}, drafted by the {profile.drafting.backend} backend"
    )
    errors = sum(finding.severity == "error" for finding in profile.findings)
    if profile.findings:
        _note(f"{len(profile.findings)} unverified statements ({errors} errors) are listed in the profile")
    if strict and errors:
        raise typer.Exit(ExitCode.FINDINGS)


@app.command()
def check(
    text_file: Annotated[Path, typer.Argument(help="The summary to check (Markdown or plain text).", show_default=False)],
    sources: Sources = None,
    author: Authors = None,
    since: Since = None,
    until: Until = None,
    branch: Branch = None,
    github_user: GitHubUser = None,
    activity: ActivityFile = None,
    output_format: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
    no_cache: NoCache = False,
) -> None:
    """Check every claim of a summary against the commits; exit 1 when one fails."""
    from summarizer.pipeline import check_text
    from summarizer.render.findings import findings_json, print_findings

    if output_format not in ("text", "json"):
        raise SummarizerError(f"unknown format {output_format!r}; choose text or json")
    text = _read_text(text_file)
    with _cache(no_cache) as cache:
        findings = check_text(text, _load_activity(sources, author, since, until, branch, github_user, activity, cache))
    if output_format == "json":
        sys.stdout.write(findings_json(findings))
    else:
        print_findings(findings, sys.stdout)
    if any(finding.severity == "error" for finding in findings):
        raise typer.Exit(ExitCode.FINDINGS)


@app.command()
def fetch(
    output: Annotated[Path, typer.Option("--output", "-o", help="Where to write the activity JSON.")],
    sources: Sources = None,
    author: Authors = None,
    since: Since = None,
    until: Until = None,
    branch: Branch = None,
    github_user: GitHubUser = None,
    no_cache: NoCache = False,
) -> None:
    """Read a developer's commits and save them as activity JSON (for --activity)."""
    from summarizer.pipeline import fetch_activity

    with _cache(no_cache) as cache:
        fetched = fetch_activity(_request(sources, author, since, until, branch, github_user, None), cache)
    for warning in fetched.warnings:
        _note(f"warning: {warning}")
    _emit(fetched.text, output)
    _note(f"wrote {fetched.commits:,} commits to {output}")


@app.command()
def review(
    sources: Sources = None,
    author: Authors = None,
    since: Since = None,
    until: Until = None,
    branch: Branch = None,
    github_user: GitHubUser = None,
    activity: ActivityFile = None,
    backend: Backend = "auto",
    model: Model = None,
    no_cache: NoCache = False,
) -> None:
    """Review the profile month by month: accept, edit, regenerate; every decision is saved."""
    from summarizer.drafting import DraftingOptions
    from summarizer.pipeline import review_workspace

    options = DraftingOptions(backend=backend, model=model)
    with _cache(no_cache) as cache:
        loaded = _load_activity(sources, author, since, until, branch, github_user, activity, cache)
        try:
            review_workspace(loaded, options, cache, sys.stdin, sys.stdout)
        except KeyboardInterrupt:
            _note("interrupted; every decision made so far is saved")
            raise typer.Exit(130) from None


@app.command()
def export(
    author: Authors = None,
    since: Since = None,
    until: Until = None,
    github_user: GitHubUser = None,
    activity: ActivityFile = None,
    output_format: Annotated[str, typer.Option("--format", "-f", help="markdown, json or html.")] = "markdown",
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write here instead of stdout.")] = None,
) -> None:
    """Render the reviewed profile (edited text wins over drafts); reads no repository."""
    from summarizer.pipeline import exported_profile
    from summarizer.render import render

    authors = list(author or []) + ([github_user] if github_user else [])
    if activity is not None:
        from summarizer.activity import read_activity

        saved = read_activity(activity)
        authors, since, until = saved.authors + saved.logins, since or saved.period.since, until or saved.period.until
    if not authors:
        raise SummarizerError("--author is required: the same as for `summarizer run`")
    _emit(render(exported_profile(authors, since, until), output_format), output)


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
    typer.echo(f"removed {cache.clear()} entries from {cache.directory}")


def _request(
    sources: Optional[list[str]],
    authors: Optional[list[str]],
    since: Optional[str],
    until: Optional[str],
    branch: Optional[str],
    github_user: Optional[str],
    activity_file: Optional[Path],
) -> "ActivityRequest":
    from summarizer.pipeline import ActivityRequest

    if activity_file is None and not authors and not github_user:
        raise SummarizerError("--author is required: a name or e-mail of the developer, as in `git log`")
    return ActivityRequest(
        sources=sources or [],
        authors=authors or [],
        since=since,
        until=until,
        branch=branch,
        github_user=github_user,
        activity_file=activity_file,
    )


def _load_activity(
    sources: Optional[list[str]],
    authors: Optional[list[str]],
    since: Optional[str],
    until: Optional[str],
    branch: Optional[str],
    github_user: Optional[str],
    activity_file: Optional[Path],
    cache: "RunCache",
) -> "Activity":
    from summarizer.pipeline import load_activity

    activity = load_activity(_request(sources, authors, since, until, branch, github_user, activity_file), cache)
    for warning in activity.warnings:
        _note(f"warning: {warning}")
    return activity


@contextmanager
def _cache(no_cache: bool) -> Iterator["RunCache"]:
    from summarizer.cache import open_cache

    cache = open_cache(enabled=not no_cache)
    try:
        yield cache
    finally:
        cache.close()


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise SummarizerError(f"no such file: {path}") from error
    except IsADirectoryError as error:
        raise SummarizerError(f"{path} is a folder; give the summary's file") from error
    except UnicodeDecodeError as error:
        raise SummarizerError(f"{path} is not UTF-8 text (byte {error.start} cannot be read)") from error
    except OSError as error:
        raise SummarizerError(f"cannot read {path}: {error.strerror or error}") from error


def _emit(text: str, output: Optional[Path]) -> None:
    from summarizer.output import STDOUT, write_output

    write_output(output or Path(STDOUT), text)


def _note(message: str) -> None:
    """Progress and diagnostics go to stderr; stdout carries only the profile."""
    typer.echo(f"summarizer: {message}", err=True)


def main() -> None:
    # Typer itself answers usage errors (exit 2), --help and interrupts.
    try:
        app()
    except SummarizerError as error:
        if _State.debug:
            raise
        typer.echo(f"summarizer: error: {error.message}", err=True)
        sys.exit(error.exit_code)
