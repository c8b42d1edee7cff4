"""The LLM client: Chat Completions through the openai SDK, streamed, bounded, cached, with fallbacks.

Each answer is asked for with a json_schema `response_format` derived from a pydantic
model. A server that rejects it (400) is asked again with `json_object`, then with
plain text from which the JSON is extracted, and the fallback is kept for the rest of
the run. Every request carries `max_tokens` from its prompt template (or
`max_completion_tokens`, for servers that refuse the older name), and an answer cut off
there (`finish_reason` "length") is unusable like any other, but not asked again: the
bounds leave room to spare, and a model that ran past one runs past it again.

Answers are streamed, so that a slow but alive model is never cut off: the timeout is
the longest silence allowed between two pieces of an answer, not a bound on the whole.
No more requests are sent at once than the server has slots (drafting/server.py), so none
waits in silence in its queue. A server (or proxy) that answers a streamed request with one
plain JSON body is read as such, and asked without streaming from then on.
A silent model is given up on, and the stream closed, so that the server stops
generating for nobody. A timeout is retried once, by this client: the SDK is kept from
retrying timeouts itself (drafting/transport.py), while it still retries 429 and 5xx with
its own backoff. How a failure is sorted is drafting/failures.py's.

Answers are cached under (model, endpoint, template, messages, schema), so a rerun with
the same inputs sends nothing. `openai` is imported only when a request is about to be
sent: offline runs and fully cached reruns never pay for it.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from summarizer.cache import RunCache, cache_key
from summarizer.drafting.collector import BatchRequest, Collector, Deferred
from summarizer.drafting.failures import CutOff, NoAnswer, PromptTooLong, UnusableAnswer, classified, rejects
from summarizer.drafting.llm_settings import OPENAI_API, LLMSettings
from summarizer.drafting.progress import SILENT, DraftingProgress
from summarizer.drafting.server import ServerSlots
from summarizer.drafting.transport import plain_body, sdk_client
from summarizer.errors import ExitCode, SummarizerError
from summarizer.prompt_templates import PromptTemplate
from summarizer.sanitize import without_controls

MODES = ("json_schema", "json_object", "text")
# The name OpenAI's reasoning models want for the bound; older servers know only max_tokens.
TOKEN_LIMITS = ("max_tokens", "max_completion_tokens")
Answer = TypeVar("Answer", bound=BaseModel)

# Server errors, none answered, before the server is taken for down.
SERVER_ERRORS_TO_STOP = 3

# A model caught in a loop says the same piece over and over; past this many, it will not stop.
LOOP_TIMES = 4
LOOP_PIECE = (8, 120)  # the lengths of piece looked for, in characters


class ChatClient:
    def __init__(self, settings: LLMSettings, cache: RunCache, progress: DraftingProgress = SILENT) -> None:
        self.settings = settings
        self.cache = cache
        self.progress = progress
        self.mode = MODES[0]
        self.token_limit = TOKEN_LIMITS[0]
        self.requests = 0
        self.cache_hits = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.answers = 0
        self.server_errors = 0
        self._client: Any = None
        self._slots = asyncio.Semaphore(settings.jobs)
        self.server = ServerSlots(settings.base_url, known_unlimited=settings.base_url == OPENAI_API)
        # False once the server has answered a streamed request with one plain JSON body.
        self.streaming = True
        self.collector: Collector | None = None

    def sibling(self, collector: Collector | None, slots: asyncio.Semaphore) -> ChatClient:
        """A client for one developer of a team: its own counts, the team's pool of `--jobs` requests (`slots`)."""
        other = ChatClient(self.settings, self.cache, self.progress)
        other._slots = slots
        other.server = self.server
        other.collector = collector
        return other

    def cached_failure(self, template: PromptTemplate, values: dict[str, str], answer: type[Answer]) -> UnusableAnswer | None:
        """The failure a rerun would meet in the cache for this prompt, without asking anything."""
        key = self._key(template.render(**values), template, answer)
        failed = self.cache.get(f"{key}:unusable")
        return None if failed is None or self.cache.get(key) is not None else _unusable_from(failed)

    def _key(self, messages: list[dict[str, str]], template: PromptTemplate, answer: type[Answer]) -> str:
        return cache_key(
            "llm",
            model=self.settings.model,
            endpoint=self.settings.base_url,
            template=template.content,
            messages=messages,
            schema=answer.model_json_schema(),
        )

    async def ask(self, template: PromptTemplate, values: dict[str, str], answer: type[Answer], fresh: bool = False) -> Answer:
        """The model's answer, from the cache unless `fresh` (a regeneration the user asked for)."""
        messages = template.render(**values)
        key = self._key(messages, template, answer)
        if not fresh:
            cached, failed = self.cache.get(key), self.cache.get(f"{key}:unusable")
            if cached is not None or failed is not None:
                self.cache_hits += 1
                if cached is None:
                    raise _unusable_from(failed or "")
                return answer.model_validate_json(cached)
        if self.collector is not None and key not in self.collector.synchronous:
            self.collector.requests[key] = BatchRequest(key=key, answer=answer.__name__, body=self._batch_body(messages, answer, template.max_tokens))
            self.collector.answers[answer.__name__] = answer
            raise Deferred(key)
        async with self._slots, await self.server.pool():
            try:
                try:
                    result = await self._request(messages, answer, template.max_tokens)
                except (PromptTooLong, CutOff):
                    raise
                except UnusableAnswer:
                    # One more try, and one only: a model that fumbled its JSON or went silent
                    # once often does not twice, and a third wait is not worth it.
                    result = await self._request(messages, answer, template.max_tokens)
            except NoAnswer:
                raise
            except UnusableAnswer as error:
                # What the model answered to this prompt will not change: a rerun does not ask again.
                figures = {"asked": error.asked, "room": error.room} if isinstance(error, PromptTooLong) else {}
                self.cache.set(f"{key}:unusable", json.dumps({"too_long": isinstance(error, PromptTooLong), "reason": str(error), **figures}))
                raise
        return self.keep(key, result)

    def keep(self, key: str, result: Answer) -> Answer:
        """An answer as it is cached and used: a model's text reaches the terminal and the page as
        commit text does, without control characters."""
        result = type(result).model_validate(_without_controls(result.model_dump()))
        self.cache.set(key, result.model_dump_json())
        return result

    def _batch_body(self, messages: list[dict[str, str]], answer: type[BaseModel], max_tokens: int) -> dict[str, Any]:
        """The request as a Batch API line sends it: what `_send` asks with json_schema, not streamed."""
        from openai.lib._parsing._completions import type_to_response_format_param  # only where a request is sent: offline runs never load the SDK

        return {"model": self.settings.model, "messages": messages, "max_tokens": max_tokens, "response_format": type_to_response_format_param(answer)}

    async def _request(self, messages: list[dict[str, str]], answer: type[Answer], max_tokens: int) -> Answer:
        while True:
            mode, limit = self.mode, self.token_limit
            try:
                result = await self._send(mode, limit, messages, answer, max_tokens)
                self.answers += 1
                return result
            except Exception as error:  # noqa: BLE001 - sorted into fallback, unusable or fatal below
                # A fallback is remembered: the rest of the run asks this server the way it accepts.
                if limit == TOKEN_LIMITS[0] and rejects(error, "max_tokens"):
                    self.token_limit = TOKEN_LIMITS[1]
                    continue
                if mode != MODES[-1] and rejects(error, "response_format", "json_schema", "json_object", "structured output", "schema"):
                    if self.mode == mode:
                        self.mode = MODES[MODES.index(mode) + 1]
                    continue
                self._stop_if_failing(error)
                raise classified(error, self.settings) from error

    def _stop_if_failing(self, error: Exception) -> None:
        """A server that has answered nothing but server errors is down, not unlucky with one
        month: the run stops instead of drafting everything offline under the model's name."""
        status = getattr(error, "status_code", None)
        if not (isinstance(status, int) and status >= 500):
            return
        self.server_errors += 1
        if self.answers == 0 and self.server_errors >= SERVER_ERRORS_TO_STOP:
            raise SummarizerError(
                f"{self.settings.base_url} answered {status} to every request ({self.server_errors} in a row, "
                f"{self.settings.max_retries} retries each): try later, or --backend offline",
                ExitCode.UNAVAILABLE,
            ) from error

    async def _send(self, mode: str, limit: str, messages: list[dict[str, str]], answer: type[Answer], max_tokens: int) -> Answer:
        options: dict[str, Any] = {limit: max_tokens}
        if mode == "json_schema":
            options["response_format"] = answer
        else:
            schema_note = f"\n\nAnswer with one JSON object that follows this JSON schema:\n{json.dumps(answer.model_json_schema())}"
            messages = [{**messages[0], "content": messages[0]["content"] + schema_note}, *messages[1:]]
            if mode == "json_object":
                options["response_format"] = {"type": "json_object"}
        completion = await (self._streamed(messages, options) if self.streaming else self._whole(messages, options, answer))
        choice = completion.choices[0]
        if choice.message.refusal:
            raise UnusableAnswer(f"the model refused: {choice.message.refusal}")
        if choice.finish_reason == "length":
            raise CutOff(f"the model's answer was cut off at {max_tokens} tokens (finish_reason length)")
        parsed = getattr(choice.message, "parsed", None)
        if parsed is not None:
            return parsed  # type: ignore[no-any-return]
        if mode == "json_schema" and self.streaming:
            raise UnusableAnswer("the model's answer was empty")
        try:
            return answer.model_validate_json(json_in(choice.message.content or ""))
        except ValidationError as error:
            raise UnusableAnswer(f"the model's answer is not the JSON asked for ({error.errors()[0]['msg']})") from error

    async def _streamed(self, messages: list[dict[str, str]], options: dict[str, Any]) -> Any:
        """The completion, streamed; read whole where the server answered with one JSON body instead."""
        client = self._connect()
        with plain_body() as plain:
            # Leaving the block closes the stream, early exits included: the server stops generating.
            async with client.chat.completions.stream(
                model=self.settings.model, messages=messages, stream_options={"include_usage": True}, **options
            ) as stream:
                written, checked, chunks = "", 0, 0
                async for event in stream:
                    chunks += event.type == "chunk"
                    if event.type == "content.delta":
                        self.progress.received(1)
                        written += event.delta
                        if len(written) - checked >= 64:
                            checked = len(written)
                            if repeats_itself(written):
                                raise UnusableAnswer("the model kept repeating itself")
                    elif event.type == "chunk" and event.chunk.usage is not None:
                        self._count(event.chunk.usage)
                if chunks:
                    return await stream.get_final_completion()
        if "body" not in plain:
            # 200 and not one event, nor a completion: a proxy's page, or not an OpenAI-compatible API.
            raise SummarizerError(
                f"{self.settings.base_url} answered without an event stream: is OPENAI_BASE_URL an OpenAI-compatible API?",
                ExitCode.UNAVAILABLE,
            )
        # A server (or a proxy before it) that ignores `stream`: its answer is read whole, and it is
        # asked without streaming from then on.
        from openai.types.chat import ChatCompletion  # only where a request is sent: offline runs never load the SDK

        self.streaming = False
        completion = ChatCompletion.model_validate_json(plain["body"])
        self._count(completion.usage)
        return completion

    async def _whole(self, messages: list[dict[str, str]], options: dict[str, Any], answer: type[BaseModel]) -> Any:
        """The completion asked without streaming. It comes all at once, so the wait is for the
        whole answer: the time a model writing a token a second takes to reach max_tokens, or the
        timeout where that is longer."""
        from openai.lib._parsing._completions import type_to_response_format_param  # only where a request is sent: offline runs never load the SDK

        if options.get("response_format") is answer:
            options = {**options, "response_format": type_to_response_format_param(answer)}
        wait = max(self.settings.timeout, float(max(options.get(limit) or 0 for limit in TOKEN_LIMITS)))
        completion = await self._connect().chat.completions.create(model=self.settings.model, messages=messages, timeout=wait, **options)
        self._count(completion.usage)
        self.progress.received(completion.usage.completion_tokens if completion.usage else 1)
        return completion

    def _count(self, usage: Any) -> None:
        if usage is not None:
            self.prompt_tokens += usage.prompt_tokens or 0
            self.completion_tokens += usage.completion_tokens or 0

    def _connect(self) -> Any:
        if self._client is None:

            async def count_request(request: Any) -> None:
                # Every request that leaves, the SDK's own retries included.
                self.requests += 1

            self._client = sdk_client(self.settings, count_request)
        return self._client


def repeats_itself(text: str) -> bool:
    """Whether the text ends in one piece (not blank) said LOOP_TIMES times over."""
    shortest, longest = LOOP_PIECE
    tail = text[-longest * LOOP_TIMES :]
    for size in range(shortest, min(longest, len(tail) // LOOP_TIMES) + 1):
        piece = tail[-size:]
        if piece.strip() and tail.endswith(piece * LOOP_TIMES):
            return True
    return False


def _unusable_from(cached: str) -> UnusableAnswer:
    failure = json.loads(cached)
    if failure["too_long"]:
        return PromptTooLong(failure["reason"], failure.get("asked"), failure.get("room"))
    return UnusableAnswer(failure["reason"])


def _without_controls(value: Any) -> Any:
    if isinstance(value, str):
        return without_controls(value)
    if isinstance(value, dict):
        return {key: _without_controls(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_without_controls(item) for item in value]
    return value


def json_in(text: str) -> str:
    """The JSON object in an answer that may wrap it in prose or a code fence."""
    fenced = re.search(r"```(?:json)?\s*(\{.*?\})\s*```", text, re.DOTALL)
    if fenced:
        return fenced.group(1)
    start, end = text.find("{"), text.rfind("}")
    return text[start : end + 1] if start != -1 and end > start else text
