"""The options several commands share, declared once, and how a command receives them built.

A command lists the SHARED options it takes with `@shared(...)`; it receives the source
options as one `ActivityRequest` (whose activity, from where, for when) and the drafting
options as one `DraftingOptions`, or an option as it is where it has a parameter of that
name itself (`quiet`, `no_cache`). typer validates each one (ranges, choices) on the way in;
an empty text given for one is refused here.
"""

from __future__ import annotations

import copy
import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, Optional, TypeVar

import typer

from summarizer.choices import Backend
from summarizer.errors import SummarizerError
from summarizer.sources import login_keys

if TYPE_CHECKING:
    from summarizer.models.drafts import DraftingOptions
    from summarizer.models.request import ActivityRequest

Command = TypeVar("Command", bound=Callable[..., Any])


class Shared(NamedTuple):
    annotation: Any
    default: Any


SHARED = {
    "sources": Shared(Annotated[Optional[list[str]], typer.Argument(
        metavar="SOURCE", help="A local git repository (default: the current folder), PATH=NAME to name one yourself, "
        "or a GitHub repository owner/name; repeatable.", show_default=False,
    )], None),
    "author": Shared(Annotated[Optional[list[str]], typer.Option(
        "--author", "-a", metavar="ID", help="The developer's author name or e-mail (substring, case-insensitive, after .mailmap), "
        "or GitHub login; repeatable. With --activity it keeps only these authors.",
    )], None),
    "since": Shared(Annotated[Optional[str], typer.Option(metavar="YYYY-MM", help="First month, YYYY-MM (default: 11 months before --until).")], None),
    "until": Shared(Annotated[Optional[str], typer.Option(metavar="YYYY-MM", help="Last month, YYYY-MM (default: this month).")], None),
    "branch": Shared(Annotated[Optional[str], typer.Option(metavar="REF", help="Branch or ref to analyse (default: HEAD).")], None),
    "activity": Shared(Annotated[Optional[Path], typer.Option(
        "--activity", metavar="FILE", help="A saved `summarizer fetch` output, instead of SOURCEs.",
    )], None),
    "roster": Shared(Annotated[Optional[Path], typer.Option(
        "--roster", metavar="FILE", help="A team's roster (team.toml): with --developer, their identities, repositories and period.",
    )], None),
    "developer": Shared(Annotated[Optional[str], typer.Option(
        "--developer", metavar="NAME", help="The roster's developer (display name or page name) to work on.",
    )], None),
    "no_cache": Shared(Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the cache.")], False),
    "backend": Shared(Annotated[Backend, typer.Option(
        help="auto (openai when OPENAI_API_KEY or OPENAI_BASE_URL is set), offline or openai.",
    )], Backend.AUTO),
    "model": Shared(Annotated[Optional[str], typer.Option(metavar="NAME", help="LLM model (default: SUMMARIZER_MODEL, else gpt-4.1-mini).")], None),
    "jobs": Shared(Annotated[int, typer.Option(min=1, metavar="N", help="Months drafted at once.")], 4),
    "timeout": Shared(Annotated[float, typer.Option(
        min=0.1, envvar="SUMMARIZER_TIMEOUT", metavar="SECONDS", help="Seconds the model may stay silent while it answers.",
    )], 60.0),
    "quiet": Shared(Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr.")], False),
}  # fmt: skip
# One --KEY-user option for each source with accounts (Source.login): the developer's login there.
SHARED |= {
    f"{key}_user": Shared(Annotated[Optional[str], typer.Option(
        f"--{key}-user", metavar="LOGIN", help=f"The developer's {source.name} login; {source.login_help}",
    )], None)
    for key, source in login_keys().items()
}  # fmt: skip
LOGIN_OPTIONS = tuple(f"{key}_user" for key in login_keys())
SOURCE_OPTIONS = ("sources", "author", "since", "until", "branch", *LOGIN_OPTIONS, "activity", "roster", "developer", "no_cache")
DRAFTING_OPTIONS = ("backend", "model", "jobs", "timeout")


def login_helps(how: str) -> dict[str, str]:
    """Each --KEY-user's help where a command names the developer by it: "The developer's GitHub login, {how}"."""
    return {f"{key}_user": f"The developer's {source.name} login, {how}" for key, source in login_keys().items()}


def shared(*names: str, helps: dict[str, str] | None = None) -> Callable[[Command], Command]:
    """Give a command the SHARED options `names`; it takes them built, as `request` and `drafting`,
    or as they are where it has a parameter of that name itself (`quiet`, `no_cache`). `helps`
    words an option's help for this command where the shared wording does not fit it."""

    def decorate(command: Command) -> Command:
        signature = inspect.signature(command)
        built = {"request", "drafting"} & set(signature.parameters)
        passed = {name for name in names if name in signature.parameters}

        def declared(name: str) -> inspect.Parameter:
            annotation = SHARED[name].annotation
            if helps and name in helps:
                info = copy.copy(annotation.__metadata__[0])
                info.help = helps[name]
                annotation = Annotated[annotation.__origin__, info]
            return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=SHARED[name].default, annotation=annotation)

        def evaluated(parameter: inspect.Parameter) -> inspect.Parameter:
            # Annotations are strings here (postponed evaluation); typer needs the objects.
            hint = parameter.annotation
            return parameter.replace(annotation=eval(hint, command.__globals__) if isinstance(hint, str) else hint)  # noqa: S307

        own = [
            declared(name) if name in passed else evaluated(parameter)
            for name, parameter in signature.parameters.items()
            if name not in built
        ]
        added = [declared(name) for name in names if name not in passed]

        @functools.wraps(command)
        def with_options(**values: Any) -> Any:
            given = {name: values[name] if name in passed else values.pop(name) for name in names}
            _refuse_empty(given)
            if "request" in built:
                values["request"] = _request(given)
            if "drafting" in built:
                values["drafting"] = _drafting(given)
            return command(**values)

        with_options.__signature__ = signature.replace(parameters=own + added)  # type: ignore[attr-defined]
        # typer reads the annotations of what it calls: only the options it parses, as declared here.
        with_options.__annotations__ = {
            name: hint for name, hint in command.__annotations__.items() if name not in built and name not in passed
        }
        return with_options  # type: ignore[return-value]

    return decorate


def _refuse_empty(given: dict[str, Any]) -> None:
    """An empty text given for an option is a mistake (an unset shell variable, a stray `''`):
    taken as not given, `--since ''` would quietly run the default period, `SOURCE ''` the current folder."""
    for name, value in given.items():
        for text in value if isinstance(value, list) else [value]:
            if isinstance(text, str) and not text.strip():
                if name == "sources":
                    raise SummarizerError(f"SOURCE {text!r} is empty: give a repository, or leave it out")
                flag = f"--{name.replace('_', '-')}"
                raise SummarizerError(f"{flag} {text!r} is empty: give {flag} {SHARED[name].annotation.__metadata__[0].metavar}, or leave it out")


def _request(given: dict[str, Any]) -> ActivityRequest:
    # Imported when a command runs (the CLI edge): `--help` never builds pydantic's models.
    from summarizer.models.request import ActivityRequest

    if given.get("roster") or given.get("developer"):
        # Only with a roster: its package imports every stage of a team's run.
        from summarizer.team.roster import roster_request

        return ActivityRequest(**roster_request(given.get("roster"), given.get("developer"), given), branch=given.get("branch"))
    return ActivityRequest(
        sources=given.get("sources") or [],
        authors=given.get("author") or [],
        since=given.get("since"),
        until=given.get("until"),
        branch=given.get("branch"),
        logins={key: login for key in login_keys() if (login := given.get(f"{key}_user"))},
        activity_file=given.get("activity"),
    )


def _drafting(given: dict[str, Any]) -> DraftingOptions:
    from summarizer.models.drafts import DraftingOptions  # when a command runs, as in _request

    return DraftingOptions(**{name: given[name] for name in DRAFTING_OPTIONS if name in given})
