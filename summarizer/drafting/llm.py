"""The LLM client: Chat Completions through the openai SDK, cached, bounded, with fallbacks.

Each answer is asked for with a json_schema `response_format` derived from a pydantic
model. A server that rejects it (400) is asked again with `json_object`, then with
plain text from which the JSON is extracted, and the fallback is kept for the rest of
the run. The SDK retries 429 and 5xx with backoff; every call has a timeout. Answers
are cached under (model, endpoint, template, messages, parameters, schema), so a
rerun with the same inputs sends nothing.

`openai` is imported only when a request is about to be sent: offline runs and fully
cached reruns never pay for it.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from typing import Any, TypeVar

from pydantic import BaseModel, SecretStr, ValidationError

from summarizer.cache import RunCache, cache_key
from summarizer.drafting.prompts import PromptTemplate
from summarizer.errors import SummarizerError

DEFAULT_MODEL = "gpt-4.1-mini"
OPENAI_API = "https://api.openai.com/v1"
MODES = ("json_schema", "json_object", "text")
Answer = TypeVar("Answer", bound=BaseModel)


class LLMSettings(BaseModel):
    model: str
    base_url: str
    api_key: SecretStr
    jobs: int = 4
    timeout: float = 120.0
    max_retries: int = 2


class UnusableAnswer(Exception):
    """The model's answer cannot be used: refused, cut off, filtered or not the JSON asked for."""


def llm_settings(
    model: str | None, jobs: int, timeout: float = 120.0, max_retries: int = 2, require_key: bool = True
) -> LLMSettings:
    """Settings from the SDK's own variables; a missing key for api.openai.com is an error."""
    base_url = (os.environ.get("OPENAI_BASE_URL") or OPENAI_API).rstrip("/")
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        if base_url == OPENAI_API and require_key:
            raise SummarizerError("OPENAI_API_KEY is not set: api.openai.com needs a key (or use --backend offline)")
        key = "unused"  # local servers (Ollama, llama.cpp, LM Studio) want a key but ignore it
    if jobs < 1:
        raise SummarizerError(f"--jobs must be at least 1, not {jobs}")
    return LLMSettings(
        model=model or os.environ.get("SUMMARIZER_MODEL") or DEFAULT_MODEL,
        base_url=base_url,
        api_key=SecretStr(key),
        jobs=jobs,
        timeout=timeout,
        max_retries=max_retries,
    )


class ChatClient:
    def __init__(self, settings: LLMSettings, cache: RunCache) -> None:
        self.settings = settings
        self.cache = cache
        self.mode = MODES[0]
        self.requests = 0
        self.cache_hits = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self._client: Any = None
        self._slots = asyncio.Semaphore(settings.jobs)

    async def ask(self, template: PromptTemplate, values: dict[str, str], answer: type[Answer], fresh: bool = False) -> Answer:
        """The model's answer, from the cache unless `fresh` (a regeneration the user asked for)."""
        messages = template.render(**values)
        key = cache_key(
            "llm",
            model=self.settings.model,
            endpoint=self.settings.base_url,
            template=template.content,
            messages=messages,
            schema=answer.model_json_schema(),
        )
        cached = None if fresh else self.cache.get(key)
        if cached is not None:
            self.cache_hits += 1
            return answer.model_validate_json(cached)
        async with self._slots:
            try:
                result = await self._request(messages, answer)
            except UnusableAnswer:
                # One more try: a model that fumbled its JSON or its length once often does not twice.
                result = await self._request(messages, answer)
        self.cache.set(key, result.model_dump_json())
        return result

    async def _request(self, messages: list[dict[str, str]], answer: type[Answer]) -> Answer:
        while True:
            mode = self.mode
            try:
                return await self._send(mode, messages, answer)
            except Exception as error:  # noqa: BLE001 - sorted into fallback, unusable or fatal below
                if mode != MODES[-1] and _rejects_response_format(error):
                    # Remembered: the rest of the run asks this server the way it accepts.
                    if self.mode == mode:
                        self.mode = MODES[MODES.index(mode) + 1]
                    continue
                raise _classified(error, self.settings) from error

    async def _send(self, mode: str, messages: list[dict[str, str]], answer: type[Answer]) -> Answer:
        client = self._connect()
        if mode == "json_schema":
            completion = await client.chat.completions.parse(model=self.settings.model, messages=messages, response_format=answer)
            self._count(completion)
            message = completion.choices[0].message
            if message.refusal:
                raise UnusableAnswer(f"the model refused: {message.refusal}")
            if message.parsed is None:
                raise UnusableAnswer("the model's answer was empty")
            return message.parsed
        schema_note = f"\n\nAnswer with one JSON object that follows this JSON schema:\n{json.dumps(answer.model_json_schema())}"
        prompted = [{**messages[0], "content": messages[0]["content"] + schema_note}, *messages[1:]]
        extra = {"response_format": {"type": "json_object"}} if mode == "json_object" else {}
        completion = await client.chat.completions.create(model=self.settings.model, messages=prompted, **extra)
        self._count(completion)
        choice = completion.choices[0]
        if getattr(choice.message, "refusal", None):
            raise UnusableAnswer(f"the model refused: {choice.message.refusal}")
        if choice.finish_reason == "length":
            raise UnusableAnswer("the model's answer was cut off (finish_reason length)")
        try:
            return answer.model_validate_json(_json_in(choice.message.content or ""))
        except ValidationError as error:
            raise UnusableAnswer(f"the model's answer is not the JSON asked for ({error.errors()[0]['msg']})") from error

    def _connect(self) -> Any:
        if self._client is None:
            import openai

            async def count_request(request: Any) -> None:
                # Every request that leaves, the SDK's own retries included.
                self.requests += 1

            self._client = openai.AsyncOpenAI(
                api_key=self.settings.api_key.get_secret_value(),
                base_url=self.settings.base_url,
                timeout=self.settings.timeout,
                max_retries=self.settings.max_retries,
                http_client=openai.DefaultAsyncHttpxClient(event_hooks={"request": [count_request]}),
            )
        return self._client

    def _count(self, completion: Any) -> None:
        if completion.usage is not None:
            self.prompt_tokens += completion.usage.prompt_tokens or 0
            self.completion_tokens += completion.usage.completion_tokens or 0


def _json_in(text: str) -> str:
    """The JSON object in an answer that may wrap it in prose or a code fence."""
    fenced = re.search(r"```(?:json)?\s*(\{.*?\})\s*```", text, re.DOTALL)
    if fenced:
        return fenced.group(1)
    start, end = text.find("{"), text.rfind("}")
    return text[start : end + 1] if start != -1 and end > start else text


def _rejects_response_format(error: Exception) -> bool:
    import openai

    if not isinstance(error, openai.BadRequestError):
        return False
    said = f"{error.message} {json.dumps(error.body) if error.body else ''}".lower()
    return any(word in said for word in ("response_format", "json_schema", "json_object", "structured output", "schema"))


def _classified(error: Exception, settings: LLMSettings) -> Exception:
    """A SummarizerError for what stops the run; UnusableAnswer for what one month can survive."""
    import openai

    where = settings.base_url
    if isinstance(error, UnusableAnswer):
        return error
    if isinstance(error, (openai.LengthFinishReasonError, openai.ContentFilterFinishReasonError)):
        return UnusableAnswer(f"the model's answer was cut off or filtered ({type(error).__name__})")
    if isinstance(error, ValidationError):
        return UnusableAnswer(f"the model's answer is not the JSON asked for ({error.errors()[0]['msg']})")
    if isinstance(error, openai.AuthenticationError):
        return SummarizerError(f"{where} refused the API key (401): check OPENAI_API_KEY")
    if isinstance(error, openai.PermissionDeniedError):
        return SummarizerError(f"{where} denied access (403) to model {settings.model!r}")
    if isinstance(error, openai.NotFoundError):
        return SummarizerError(f"model {settings.model!r} was not found at {where} (404): check --model or SUMMARIZER_MODEL")
    if isinstance(error, openai.RateLimitError) and error.code == "insufficient_quota":
        return SummarizerError(f"the quota of this API key at {where} is exhausted (429 insufficient_quota)")
    if isinstance(error, openai.APITimeoutError):
        return UnusableAnswer(f"no answer within {settings.timeout:g} s")
    if isinstance(error, openai.APIConnectionError):
        return SummarizerError(f"cannot reach {where}: {error.__cause__ or error.message}")
    if isinstance(error, openai.APIStatusError):
        return UnusableAnswer(f"{where} answered {error.status_code} after {settings.max_retries} retries")
    return error
