"""The openai SDK client a ChatClient sends through, and the HTTP transport under it.

The SDK retries 429 and 5xx with its own backoff but is kept from retrying a timeout: the
transport hands it one as the SDK's own APITimeoutError, which it does not retry, and the
ChatClient retries it once itself. A server (or a proxy before it) that answers a streamed
request with one plain JSON body has that body kept, since the stream reader finds no event in it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from summarizer.drafting.llm_settings import LLMSettings
from summarizer.drafting.server import http_library

# Where a streamed request's plain JSON answer is kept (set by the request's own task).
_PLAIN_BODY: ContextVar[dict[str, bytes] | None] = ContextVar("plain_body", default=None)


def sdk_client(settings: LLMSettings, count_request: Callable[[Any], Awaitable[None]]) -> Any:
    """The SDK's AsyncOpenAI for the settings; `count_request` is told of every request that leaves."""
    import openai  # only where a request is sent: offline runs never load the SDK

    async def keep_plain_body(response: Any) -> None:
        # A streamed request answered with one JSON body: kept, since the stream reader
        # finds no event in it.
        plain = _PLAIN_BODY.get()
        if plain is not None and response.status_code == 200 and response.headers.get("content-type", "").startswith("application/json"):
            plain["body"] = await response.aread()

    return openai.AsyncOpenAI(
        api_key=settings.api_key.get_secret_value(),
        base_url=settings.base_url,
        # For a stream, the read timeout is the silence allowed between two pieces.
        timeout=settings.timeout,
        max_retries=settings.max_retries,
        http_client=openai.DefaultAsyncHttpxClient(
            event_hooks={"request": [count_request], "response": [keep_plain_body]}, transport=_transport_without_timeout_retries()
        ),
    )


@contextmanager
def plain_body() -> Iterator[dict[str, bytes]]:
    """Where a request sent within keeps its answer ("body") if the server sends one plain JSON body for a stream."""
    plain: dict[str, bytes] = {}
    held = _PLAIN_BODY.set(plain)
    try:
        yield plain
    finally:
        _PLAIN_BODY.reset(held)


def _transport_without_timeout_retries() -> Any:
    """A transport whose timeouts reach the SDK as its own APITimeoutError, which it does not
    retry: the ChatClient retries a timeout once itself, where the SDK would wait out two more."""
    import openai  # only where a request is sent: offline runs never load the SDK

    http = http_library()

    class Transport(http.AsyncHTTPTransport):  # type: ignore[misc, name-defined]
        async def handle_async_request(self, request: Any) -> Any:
            try:
                return await super().handle_async_request(request)
            except http.TimeoutException as error:
                raise openai.APITimeoutError(request=request) from error

    return Transport()
