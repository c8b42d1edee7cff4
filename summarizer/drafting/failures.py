"""How a request to the model fails: the answers a month can do without (UnusableAnswer and its
kinds), and the SDK's errors sorted into those or into what stops the run (SummarizerError)."""

from __future__ import annotations

import json
import re

from pydantic import ValidationError

from summarizer.drafting.llm_settings import LLMSettings
from summarizer.drafting.server import http_library
from summarizer.errors import ExitCode, SummarizerError


class UnusableAnswer(Exception):
    """The model's answer cannot be used: refused, cut off, filtered, silent or not the JSON asked for."""


class PromptTooLong(UnusableAnswer):
    """The server's context cannot hold the prompt and the answer: the data must be cut smaller.
    `asked` and `room`, when the server said them: the prompt's tokens by its own count, and its context."""

    def __init__(self, reason: str, asked: int | None = None, room: int | None = None) -> None:
        super().__init__(reason)
        self.asked, self.room = asked, room


class CutOff(UnusableAnswer):
    """The answer ran to its max_tokens. Not asked again: a model that ran past its bound mostly
    runs past it again, as slowly as the first time."""


class NoAnswer(UnusableAnswer):
    """No answer came (silence, a broken connection, a server error after retries): it may next time."""


# How servers say a prompt is too long, with their count of it and their context.
_CONTEXT_FIGURES = (
    # llama.cpp: "request (4173 tokens) exceeds the available context size (4096 tokens)"
    re.compile(r"request \((?P<asked>\d+) tokens\) exceeds the available context size \((?P<room>\d+) tokens\)"),
    # vLLM: "… maximum context length is 4096 tokens. However, you requested 5000 tokens (4400 in the messages, …"
    re.compile(r"maximum context length is (?P<room>\d+) tokens.*?\((?P<asked>\d+) in the messages"),
    # OpenAI: "… maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens …"
    re.compile(r"maximum context length is (?P<room>\d+) tokens.*?resulted in (?P<asked>\d+) tokens"),
)


def rejects(error: Exception, *words: str) -> bool:
    """A 400 that names one of `words`: the server does not take that way of asking."""
    import openai  # only once a request has failed: offline runs never load the SDK

    if not isinstance(error, openai.BadRequestError):
        return False
    said = f"{error.message} {json.dumps(error.body) if error.body else ''}".lower()
    return any(word in said for word in words) and not _context_exceeded(said)


def _context_exceeded(said: str) -> bool:
    # OpenAI and vLLM: "maximum context length"; llama.cpp: "exceeds the available context size".
    return "context" in said and any(word in said for word in ("exceed", "maximum", "too long", "length"))


def classified(error: Exception, settings: LLMSettings) -> Exception:
    """A SummarizerError for what stops the run; UnusableAnswer for what one month can survive."""
    import openai  # only once a request has failed: offline runs never load the SDK

    where = settings.base_url
    if isinstance(error, UnusableAnswer):
        return error
    if isinstance(error, openai.LengthFinishReasonError):
        return CutOff(f"the model's answer was cut off at its max_tokens ({type(error).__name__})")
    if isinstance(error, openai.ContentFilterFinishReasonError):
        return UnusableAnswer(f"the model's answer was filtered ({type(error).__name__})")
    if isinstance(error, (ValidationError, ValueError)):
        return UnusableAnswer(f"the model's answer is not the JSON asked for ({_first_line(error)})")
    if isinstance(error, openai.AuthenticationError):
        return SummarizerError(f"{where} refused the API key (401): check OPENAI_API_KEY", ExitCode.UNAVAILABLE)
    if isinstance(error, openai.PermissionDeniedError):
        return SummarizerError(f"{where} denied access (403) to model {settings.model!r}", ExitCode.UNAVAILABLE)
    if isinstance(error, openai.NotFoundError):
        return SummarizerError(f"model {settings.model!r} was not found at {where} (404): check --model or SUMMARIZER_MODEL")
    if isinstance(error, openai.RateLimitError) and error.code == "insufficient_quota":
        return SummarizerError(f"the quota of this API key at {where} is exhausted (429 insufficient_quota)", ExitCode.UNAVAILABLE)
    if isinstance(error, openai.BadRequestError) and (too_long := _too_long(f"{error.message} {json.dumps(error.body)}", where)):
        return too_long
    if isinstance(error, (openai.APITimeoutError, http_library().TimeoutException)):
        return NoAnswer(f"the model sent nothing for {settings.timeout:g} s")
    if isinstance(error, openai.APIConnectionError):
        return SummarizerError(f"cannot reach {where}: {error.__cause__ or error.message}", ExitCode.UNAVAILABLE)
    if isinstance(error, openai.APIStatusError):
        return NoAnswer(f"{where} answered {error.status_code} after {settings.max_retries} retries")
    if isinstance(error, http_library().TransportError):
        return NoAnswer(f"the answer broke off ({type(error).__name__})")
    return error


def _too_long(said: str, where: str) -> PromptTooLong | None:
    """The prompt too long for the server's context, with the figures it gave, when that is what it said."""
    if not _context_exceeded(said.lower()):
        return None
    figures = next((match for pattern in _CONTEXT_FIGURES if (match := pattern.search(said))), None)
    if figures is None:
        return PromptTooLong(f"the prompt does not fit the model's context at {where}")
    asked, room = int(figures["asked"]), int(figures["room"])
    return PromptTooLong(f"the prompt ({asked:,} tokens) does not fit the model's context ({room:,}) at {where}", asked, room)


def _first_line(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return str(error.errors()[0]["msg"])
    return str(error).splitlines()[0] if str(error) else type(error).__name__
