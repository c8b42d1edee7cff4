"""The OpenAI Batch API (--batch): requests a drafting pass left, sent as one batch at half the price.

A batch run drafts in passes (summarizer.drafting.draft_histories): each pass drafts every
developer with a ChatClient whose Collector takes each request the cache cannot answer
and ends that developer's pass (Deferred). `run_batch` sends what a pass left — one JSONL
file, uploaded to /files, one /batches job — waits for it, and caches each answer under the
key the synchronous request has, so the next pass finds it there.

Resumable: the batch's id is cached under the digest of its input, so a run stopped while
it waits (Ctrl-C, a kill) finds the same batch again on the rerun, which asks the same
requests, and polls it instead of sending another. A line the batch could not answer
(an error, the batch failed, expired or was cancelled) is asked directly by the next pass.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from summarizer.cache import cache_key
from summarizer.drafting.collector import Collector
from summarizer.drafting.llm import ChatClient, json_in
from summarizer.errors import ExitCode, SummarizerError
from summarizer.words import count

ENDPOINT = "/v1/chat/completions"
# The months (and skill tags), then their repairs and the overviews; what a third pass would
# need (a split month's merge and its repair, an overview's repair) is asked directly.
BATCHES = 2
ENDED = ("completed", "failed", "expired", "cancelled")
# Seconds between two looks at a batch: OpenAI's take minutes to hours.
POLL_SECONDS = float(os.environ.get("SUMMARIZER_BATCH_POLL_SECONDS", "15"))


class BatchOutcome(BaseModel):
    batch_id: str
    status: str
    answered: int
    # The lines it did not answer, asked directly afterwards.
    unanswered: int
    resumed: bool


def run_batch(client: ChatClient, collector: Collector, say: Callable[[str], None]) -> BatchOutcome:
    """Send what the collector holds as one batch, wait for it, cache its answers; the lines it did
    not answer go to `collector.synchronous`."""
    requests = sorted(collector.requests.values(), key=lambda request: request.key)
    lines = [
        json.dumps({"custom_id": request.key, "method": "POST", "url": ENDPOINT, "body": request.body}, sort_keys=True, ensure_ascii=False)
        for request in requests
    ]
    content = ("\n".join(lines) + "\n").encode()
    state_key = cache_key("batch", endpoint=client.settings.base_url, input=hashlib.sha256(content).hexdigest())
    api = _api(client)
    batch_id = client.cache.get(state_key)
    resumed = batch_id is not None
    try:
        if batch_id is None:
            uploaded = api.files.create(file=("requests.jsonl", content), purpose="batch")
            batch_id = api.batches.create(input_file_id=uploaded.id, endpoint=ENDPOINT, completion_window="24h").id
            client.cache.set(state_key, batch_id)
            say(f"batch {batch_id}: {count(len(requests), 'request')} sent")
        else:
            say(f"batch {batch_id}: {count(len(requests), 'request')}, sent before; waiting for it again")
        batch = _waited_for(api, batch_id, say)
        answered = _kept_answers(client, collector, api, batch.output_file_id)
    except KeyboardInterrupt:
        raise SummarizerError(
            f"interrupted; batch {batch_id} goes on at {client.settings.base_url}: run the same command again to wait for it",
            ExitCode.INTERRUPTED,
        ) from None
    except Exception as error:
        import openai  # only once a batch has failed: offline runs never load the SDK

        if isinstance(error, openai.OpenAIError):
            raise SummarizerError(f"the Batch API at {client.settings.base_url} failed: {error}", ExitCode.UNAVAILABLE) from error
        raise
    unanswered = [request.key for request in requests if request.key not in answered]
    collector.synchronous.update(unanswered)
    collector.requests.clear()
    if batch.status != "completed" or unanswered:
        say(f"batch {batch_id} {batch.status}: {len(unanswered)} of {count(len(requests), 'request')} unanswered, asked directly instead")
    return BatchOutcome(batch_id=batch_id, status=batch.status, answered=len(answered), unanswered=len(unanswered), resumed=resumed)


def _api(client: ChatClient) -> Any:
    import openai  # only where a batch is sent: offline runs never load the SDK

    settings = client.settings
    return openai.OpenAI(api_key=settings.api_key.get_secret_value(), base_url=settings.base_url, max_retries=settings.max_retries)


def _waited_for(api: Any, batch_id: str, say: Callable[[str], None]) -> Any:
    last = ""
    while True:
        batch = api.batches.retrieve(batch_id)
        counts = batch.request_counts
        seen = f"{batch.status}, {counts.completed + counts.failed} of {counts.total} done" if counts else batch.status
        if seen != last:
            say(f"batch {batch_id}: {seen}")
            last = seen
        if batch.status in ENDED:
            return batch
        time.sleep(POLL_SECONDS)


def _kept_answers(client: ChatClient, collector: Collector, api: Any, output_file: str | None) -> set[str]:
    """The keys whose answer the batch's output holds and the drafter can use, each cached."""
    if not output_file:
        return set()
    kept = set()
    for line in api.files.content(output_file).text.splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        request = collector.requests.get(record.get("custom_id", ""))
        response = record.get("response") or {}
        if request is None or response.get("status_code") != 200:
            continue
        answer = _answer_in(response.get("body") or {}, collector.answers[request.answer])
        if answer is not None:
            client.keep(request.key, answer)
            kept.add(request.key)
    return kept


def _answer_in(body: dict[str, Any], answer: type[BaseModel]) -> BaseModel | None:
    """The answer a batch line's chat completion holds; None where a synchronous answer would be
    unusable (cut off, refused, not the JSON asked for), so that it is asked again directly."""
    choices = body.get("choices") or [{}]
    message = choices[0].get("message") or {}
    if choices[0].get("finish_reason") != "stop" or message.get("refusal"):
        return None
    try:
        return answer.model_validate_json(json_in(message.get("content") or ""))
    except ValidationError:
        return None
