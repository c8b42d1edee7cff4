"""An OpenAI-compatible Batch API server on 127.0.0.1, for tests.

It serves what a batch client calls, in the shapes of the real API, so the real openai
client parses every answer:

    POST /v1/files                 a multipart upload (`purpose`, `file`) -> File object
    GET  /v1/files/{id}            File object
    GET  /v1/files/{id}/content    the bytes: an uploaded input, or a batch's output/error JSONL
    POST /v1/batches               Batch object, status "validating"
    GET  /v1/batches               list, newest first (`after`, `limit`, `has_more`)
    GET  /v1/batches/{id}          Batch object, moved on one step (see below)
    POST /v1/batches/{id}/cancel   Batch object, status "cancelling"
    POST /v1/chat/completions      a direct (streamed) answer from `respond`, for the lines a
                                   client asks again when a batch did not answer them

No time passes: a batch moves on when it is retrieved, one step per retrieve —
validating -> in_progress -> finalizing -> completed — with its timestamps and
request_counts. When it ends, the output file holds a line per request answered with
status 200 (in an order different from the input, which the real API does not keep) and
the error file every other line. An input file the real API would refuse (a line that is
not JSON, a duplicate custom_id, a url other than the endpoint, a body without model or
messages, more than one model) fails the batch at validation, with `errors.data`.

Each request line is answered by `respond`, the same function FakeOpenAI takes
(tests.fake_openai.truthful by default, so the answers are the drafts the synchronous fake
gives); a reply with a status other than 200 puts the line in the error file. A `Script`
decides how a batch runs; `script` is one Script for every batch, or one per batch in the
order they are created (batches beyond the list complete normally):

    FakeBatch(script=Script(fail={"ada"}))                   # ada's line answered with a 500
    FakeBatch(script=Script(outcome="expired", finished=1))  # one answer, the rest batch_expired
    FakeBatch(script=Script(outcome="failed"))               # fails at validation: token limit
    FakeBatch(script=[Script(outcome="expired"), Script()])  # expires, then the retry completes
    FakeBatch(script=Script(polls={"in_progress": 3}))       # 3 retrieves in progress, counts rising

A batch is cancelled by the client: POST .../cancel, and the next retrieve finds it
"cancelled" with the answers given so far and `batch_cancelled` errors for the rest.
Every request is recorded (`requests`, with `uploads`, `creates` and `retrieves` for the
usual questions); `files` and `batches` hold the server's state.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from email import policy
from email.parser import BytesParser
from functools import cached_property
from http.server import BaseHTTPRequestHandler
from typing import Any, Literal
from urllib.parse import parse_qs, urlsplit

from tests.fake_openai import Reply, Request, Respond, _error, _stream_events, truthful
from tests.loopback import Loopback

Outcome = Literal["completed", "failed", "expired"]

ENDPOINT = "/v1/chat/completions"
DAY = 24 * 60 * 60
PASSING = ("validating", "in_progress", "finalizing", "cancelling")
PURPOSES = ("assistants", "batch", "fine-tune", "vision", "user_data", "evals")
SERVER_ERROR = "The server had an error while processing your request. Sorry about that!"
NOT_RUN = {
    "expired": ("batch_expired", "This request could not be executed before the completion window expired."),
    "cancelled": ("batch_cancelled", "This request was not executed because the batch was cancelled."),
}


@dataclass(frozen=True)
class Script:
    """How one batch runs.

    outcome: "completed"; "failed" at validation, as when the organization's enqueued
        token limit is reached (an invalid input file fails whatever the outcome);
        "expired" once its in-progress retrieves are over, with `finished` lines answered.
    fail: the custom_ids answered with a 500 server_error, so they end in the error file.
    finished: how many lines an expiring batch answers first (default: half, rounded down).
    polls: how many times the batch is reported in each passing state ("validating",
        "in_progress", "finalizing", "cancelling") — its create or cancel response
        counts — before the next retrieve moves it on; 1 for a state not given.
    """

    outcome: Outcome = "completed"
    fail: Collection[str] = ()
    finished: int | None = None
    polls: Mapping[str, int] = field(default_factory=dict)


@dataclass
class Part:
    """One part of a multipart/form-data body."""

    name: str
    filename: str | None
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")


@dataclass
class Call:
    """One HTTP request as the fake received it (header names in lower case)."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def route(self) -> list[str]:
        """The path's segments after /v1: ["batches", "batch_…", "cancel"]."""
        return urlsplit(self.path).path.removeprefix("/v1").strip("/").split("/")

    @property
    def query(self) -> dict[str, str]:
        return {name: values[-1] for name, values in parse_qs(urlsplit(self.path).query).items()}

    @property
    def json(self) -> Any:
        """The JSON body; None when there is none or it does not parse."""
        try:
            return json.loads(self.body)
        except ValueError:
            return None

    @cached_property
    def parts(self) -> list[Part]:
        """The parts of a multipart/form-data body; [] for any other body."""
        content_type = self.headers.get("content-type", "")
        if not content_type.startswith("multipart/form-data"):
            return []
        # The email package parses MIME multipart exactly, given the header it belongs to.
        message = BytesParser(policy=policy.HTTP).parsebytes(f"Content-Type: {content_type}\r\n\r\n".encode() + self.body)
        return [
            Part(part.get_param("name", header="content-disposition") or "", part.get_filename(), part.get_payload(decode=True) or b"")
            for part in message.iter_parts()
        ]  # fmt: skip

    @property
    def form(self) -> dict[str, str]:
        """An upload's fields other than the file."""
        return {part.name: part.text for part in self.parts if part.filename is None}

    @property
    def upload(self) -> Part | None:
        """An upload's file."""
        return next((part for part in self.parts if part.name == "file" and part.filename is not None), None)


@dataclass
class StoredFile:
    id: str
    filename: str
    purpose: str
    content: bytes
    created_at: int

    def to_json(self) -> dict[str, Any]:
        # Batch files expire after 30 days unless told otherwise, and say so.
        expires_at = self.created_at + 30 * DAY if self.purpose in ("batch", "batch_output") else None
        return {
            "id": self.id, "object": "file", "bytes": len(self.content), "created_at": self.created_at,
            "filename": self.filename, "purpose": self.purpose, "status": "processed",
            "expires_at": expires_at, "status_details": None,
        }  # fmt: skip


@dataclass
class BatchLine:
    """One request of a batch's input file, and its output or error line once it has one."""

    custom_id: str
    body: dict[str, Any]
    result: dict[str, Any] | None = None


@dataclass
class StoredBatch:
    id: str
    input_file_id: str
    completion_window: str
    metadata: dict[str, str] | None
    script: Script
    created_at: int
    status: str = "validating"
    at: dict[str, int] = field(default_factory=dict)  # when each status began: at["in_progress"] is in_progress_at
    reports: int = 0  # how often the current status has been reported
    lines: list[BatchLine] = field(default_factory=list)  # in the order the batch works through them
    errors: list[dict[str, Any]] = field(default_factory=list)
    output_file_id: str | None = None
    error_file_id: str | None = None

    def polls(self, status: str) -> int:
        return self.script.polls.get(status, 1)

    def to_json(self) -> dict[str, Any]:
        results = [line.result for line in self.lines if line.result is not None]
        usages = [result["response"]["body"].get("usage") or {} for result in results if _succeeded(result)]
        prompt, completion = sum(u.get("prompt_tokens", 0) for u in usages), sum(u.get("completion_tokens", 0) for u in usages)
        # A line the batch never ran (expired, cancelled) is in the error file but not among the failed.
        ran = [result for result in results if result["response"] is not None]
        return {
            "id": self.id, "object": "batch", "endpoint": ENDPOINT,
            "errors": {"object": "list", "data": self.errors} if self.errors else None,
            "input_file_id": self.input_file_id, "completion_window": self.completion_window, "status": self.status,
            "output_file_id": self.output_file_id, "error_file_id": self.error_file_id,
            "created_at": self.created_at, "expires_at": self.created_at + DAY,
            **{f"{status}_at": self.at.get(status) for status in (
                "in_progress", "finalizing", "completed", "failed", "expired", "cancelling", "cancelled")},
            "request_counts": {
                "total": len(self.lines),
                "completed": sum(_succeeded(result) for result in ran),
                "failed": sum(not _succeeded(result) for result in ran),
            },
            "metadata": self.metadata,
            "model": self.lines[0].body["model"] if self.lines else None,
            "usage": {
                "input_tokens": prompt, "input_tokens_details": {"cached_tokens": 0},
                "output_tokens": completion, "output_tokens_details": {"reasoning_tokens": 0},
                "total_tokens": prompt + completion,
            },
        }  # fmt: skip


class _Refused(Exception):
    """A request the real API would answer with an error status."""

    def __init__(self, status: int, message: str, param: str | None = None, code: str | None = None) -> None:
        super().__init__(message)
        self.reply = Reply(status, _error(message, code, param=param))


class FakeBatch(Loopback):
    def __init__(self, script: Script | Sequence[Script] = Script(), respond: Respond | None = None) -> None:
        self.script = script
        self.respond = respond or truthful
        self.requests: list[Call] = []
        self.files: dict[str, StoredFile] = {}
        self.batches: dict[str, StoredBatch] = {}
        # Each event a second after the last, so the timestamps are as strictly ordered as real ones.
        self._clock = int(time.time())
        self._lock = threading.Lock()
        # A shutdown is noticed only between polls: the default half second would slow every test.
        super().__init__(self._handler(), poll_interval=0.02)

    @property
    def url(self) -> str:
        return f"{self.origin}/v1"

    @property
    def uploads(self) -> list[Call]:
        return [call for call in self.requests if call.method == "POST" and call.route == ["files"]]

    @property
    def creates(self) -> list[Call]:
        return [call for call in self.requests if call.method == "POST" and call.route == ["batches"]]

    @property
    def direct(self) -> list[Request]:
        """The chat completions asked directly, outside any batch."""
        return [Request(call.json, call.headers) for call in self.requests if call.method == "POST" and call.route == ["chat", "completions"]]

    @property
    def retrieves(self) -> Counter[str]:
        """How many times each batch id was retrieved."""
        return Counter(call.route[1] for call in self.requests if call.method == "GET" and call.route[0] == "batches" and len(call.route) == 2)

    def _handle(self, call: Call) -> Reply | bytes:
        """The JSON reply to a request, or the bytes of a file's content."""
        with self._lock:
            self.requests.append(call)
            try:
                return self._route(call)
            except _Refused as refusal:
                return refusal.reply

    def _route(self, call: Call) -> Reply | bytes:
        match call.method, call.route:
            case "POST", ["files"]:
                return Reply(body=self._upload(call).to_json())
            case "GET", ["files", file_id]:
                return Reply(body=self._file(file_id).to_json())
            case "GET", ["files", file_id, "content"]:
                return self._file(file_id).content
            case "POST", ["batches"]:
                return Reply(body=self._report(self._create(call)))
            case "GET", ["batches"]:
                return Reply(body=self._list(call.query))
            case "GET", ["batches", batch_id]:
                batch = self._batch(batch_id)
                if batch.status in PASSING and batch.reports >= batch.polls(batch.status):
                    self._advance(batch)
                return Reply(body=self._report(batch))
            case "POST", ["batches", batch_id, "cancel"]:
                return Reply(body=self._cancel(self._batch(batch_id)))
            case "POST", ["chat", "completions"]:
                return self.respond(Request(call.json, call.headers))
        raise _Refused(404, f"Invalid URL ({call.method} {urlsplit(call.path).path})")

    def _now(self) -> int:
        self._clock += 1
        return self._clock

    def _file(self, file_id: str) -> StoredFile:
        if file_id not in self.files:
            raise _Refused(404, f"No such File object: {file_id}", param="id")
        return self.files[file_id]

    def _batch(self, batch_id: str) -> StoredBatch:
        if batch_id not in self.batches:
            raise _Refused(404, f"No such Batch object: {batch_id}", param="batch_id")
        return self.batches[batch_id]

    def _store(self, filename: str, purpose: str, content: bytes) -> StoredFile:
        stored = StoredFile(f"file-{uuid.uuid4().hex[:24]}", filename, purpose, content, self._now())
        self.files[stored.id] = stored
        return stored

    def _upload(self, call: Call) -> StoredFile:
        purpose, upload = call.form.get("purpose"), call.upload
        if purpose is None or upload is None:
            missing = "purpose" if purpose is None else "file"
            raise _Refused(400, f"Missing required parameter: '{missing}'.", param=missing, code="missing_required_parameter")
        if purpose not in PURPOSES:
            raise _Refused(400, f"'{purpose}' is not one of {list(PURPOSES)} - 'purpose'", param="purpose")
        if purpose == "batch" and not (upload.filename or "").endswith(".jsonl"):
            raise _Refused(400, "Invalid file format for Batch API. Must be .jsonl")
        return self._store(upload.filename or "", purpose, upload.content)

    def _create(self, call: Call) -> StoredBatch:
        params = call.json
        if not isinstance(params, dict):
            raise _Refused(400, "We could not parse the JSON body of your request.")
        for name in ("input_file_id", "endpoint", "completion_window"):
            if not isinstance(params.get(name), str):
                raise _Refused(400, f"Missing required parameter: '{name}'.", param=name, code="missing_required_parameter")
        if params["endpoint"] != ENDPOINT:
            raise _Refused(400, f"This fake serves batches of {ENDPOINT} only, not {params['endpoint']}.", param="endpoint")
        if params["completion_window"] != "24h":
            raise _Refused(400, "Invalid value for 'completion_window': only '24h' is supported.", param="completion_window")
        input_file = self.files.get(params["input_file_id"])
        if input_file is None:
            raise _Refused(404, f"No such File object: {params['input_file_id']}", param="input_file_id")
        if input_file.purpose != "batch":
            raise _Refused(400, f"File {input_file.id} was not uploaded with purpose 'batch'.", param="input_file_id")
        if isinstance(self.script, Script):
            script = self.script
        else:
            number = len(self.batches)
            script = self.script[number] if number < len(self.script) else Script()
        batch = StoredBatch(f"batch_{uuid.uuid4().hex}", input_file.id, "24h", params.get("metadata"), script, self._now())
        self.batches[batch.id] = batch
        return batch

    def _report(self, batch: StoredBatch) -> dict[str, Any]:
        batch.reports += 1
        if batch.status == "in_progress":
            # The answers arrive over the in-progress reports, so a poller sees the counts rise;
            # by the last one, every line the batch will answer has its answer.
            steps = batch.polls("in_progress")
            self._answer(batch, self._limit(batch) * min(batch.reports, steps) // steps)
        return batch.to_json()

    def _limit(self, batch: StoredBatch) -> int:
        """How many lines the batch will have answered when it stops."""
        if batch.script.outcome != "expired":
            return len(batch.lines)
        finished = len(batch.lines) // 2 if batch.script.finished is None else batch.script.finished
        return min(finished, len(batch.lines))

    def _answer(self, batch: StoredBatch, count: int) -> None:
        for line in batch.lines[:count]:
            if line.result is None:
                if line.custom_id in batch.script.fail:
                    reply = Reply(500, _error(SERVER_ERROR, kind="server_error"))
                else:
                    reply = self.respond(Request(line.body, {}))
                response = {"status_code": reply.status, "request_id": f"req_{uuid.uuid4().hex}", "body": reply.body}
                line.result = {"id": f"batch_req_{uuid.uuid4().hex}", "custom_id": line.custom_id, "response": response, "error": None}

    def _move(self, batch: StoredBatch, status: str) -> None:
        batch.status, batch.reports = status, 0
        batch.at[status] = self._now()

    def _advance(self, batch: StoredBatch) -> None:
        if batch.status == "validating":
            lines, errors = _read_input(self.files[batch.input_file_id].content)
            if not errors and batch.script.outcome == "failed":
                errors = [_batch_error("token_limit_exceeded", (
                    f"Enqueued token limit reached for {lines[0].body['model']} in organization org-fake. Limit: 90,000 "
                    "enqueued tokens. Please try again once some in_progress batches have been completed."))]  # fmt: skip
            if errors:
                batch.errors = errors
                self._move(batch, "failed")
                return
            # Reversed, so that no output file is ever in input order: the real API does not keep it.
            batch.lines = lines[::-1]
            self._move(batch, "in_progress")
        elif batch.status == "in_progress" and batch.script.outcome == "expired":
            self._finish(batch, "expired")
        elif batch.status == "in_progress":
            self._move(batch, "finalizing")
        elif batch.status == "finalizing":
            self._finish(batch, "completed")
        else:
            self._finish(batch, "cancelled")

    def _finish(self, batch: StoredBatch, status: str) -> None:
        if status in NOT_RUN:
            code, message = NOT_RUN[status]
            for line in batch.lines:
                if line.result is None:
                    error = {"code": code, "message": message}
                    line.result = {"id": f"batch_req_{uuid.uuid4().hex}", "custom_id": line.custom_id, "response": None, "error": error}
        results = [line.result for line in batch.lines if line.result is not None]
        output = [result for result in results if _succeeded(result)]
        errors = [result for result in results if not _succeeded(result)]
        # Like the real API, a batch has no output (or error) file when no line belongs in it.
        if output:
            batch.output_file_id = self._store(f"{batch.id}_output.jsonl", "batch_output", _to_jsonl(output)).id
        if errors:
            batch.error_file_id = self._store(f"{batch.id}_error.jsonl", "batch_output", _to_jsonl(errors)).id
        self._move(batch, status)

    def _cancel(self, batch: StoredBatch) -> dict[str, Any]:
        if batch.status == "cancelling":
            return batch.to_json()
        if batch.status not in PASSING:
            raise _Refused(400, f"Cannot cancel a batch with status '{batch.status}'.")
        self._move(batch, "cancelling")
        return self._report(batch)

    def _list(self, query: dict[str, str]) -> dict[str, Any]:
        newest_first = list(self.batches.values())[::-1]
        ids = [batch.id for batch in newest_first]
        start = ids.index(query["after"]) + 1 if query.get("after") in ids else 0
        page = newest_first[start : start + int(query.get("limit", 20))]
        return {
            "object": "list", "data": [batch.to_json() for batch in page],
            "first_id": page[0].id if page else None, "last_id": page[-1].id if page else None,
            "has_more": start + len(page) < len(newest_first),
        }  # fmt: skip

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
                self._serve()

            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                self._serve()

            def _serve(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                call = Call(self.command, self.path, {name.lower(): value for name, value in self.headers.items()}, body)
                answer = fake._handle(call)
                if isinstance(answer, Reply) and answer.status == 200 and (call.json or {}).get("stream"):
                    self._stream(answer)
                    return
                if isinstance(answer, bytes):
                    status, payload, kind = 200, answer, "application/octet-stream"
                else:
                    status, payload, kind = answer.status, json.dumps(answer.body).encode(), "application/json"
                self.send_response(status)
                self.send_header("content-type", kind)
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def _stream(self, reply: Reply) -> None:
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.end_headers()
                for event in _stream_events(reply.body, include_usage=True):
                    self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
                self.wfile.write(b"data: [DONE]\n\n")

        return Handler


def _batch_error(code: str, message: str, line: int | None = None, param: str | None = None) -> dict[str, Any]:
    """An entry of a failed batch's `errors.data`."""
    return {"code": code, "message": message, "param": param, "line": line}


def _read_input(content: bytes) -> tuple[list[BatchLine], list[dict[str, Any]]]:
    """The requests of a batch input file, and what the real API would refuse in it (lines count from 1)."""
    texts = content.decode("utf-8", errors="replace").splitlines()
    if not texts:
        return [], [_batch_error("empty_file", "The batch input file is empty.")]
    lines: list[BatchLine] = []
    errors: list[dict[str, Any]] = []
    for number, text in enumerate(texts, 1):
        problem = _problem(number, text, lines)
        if problem:
            errors.append(problem)
        else:
            request = json.loads(text)
            lines.append(BatchLine(request["custom_id"], request["body"]))
    return lines, errors


def _problem(number: int, text: str, accepted: list[BatchLine]) -> dict[str, Any] | None:
    """What is wrong with one input line, given the lines accepted before it."""
    try:
        request = json.loads(text)
    except ValueError:
        request = None
    if not isinstance(request, dict):
        return _batch_error("invalid_json_line", "This line is not parseable as valid JSON.", number)
    for name, kind in (("custom_id", str), ("method", str), ("url", str), ("body", dict)):
        if not isinstance(request.get(name), kind):
            return _batch_error("missing_required_parameter", f"Missing required parameter: '{name}'.", number, name)
    body = request["body"]
    for name, kind in (("model", str), ("messages", list)):
        if not isinstance(body.get(name), kind):
            return _batch_error("missing_required_parameter", f"Missing required parameter: 'body.{name}'.", number, f"body.{name}")
    if request["method"] != "POST":
        return _batch_error("invalid_method", "Only the POST method is supported.", number, "method")
    if request["url"] != ENDPOINT:
        return _batch_error("url_mismatch", f"The url of this line does not match the batch endpoint {ENDPOINT}.", number, "url")
    if any(line.custom_id == request["custom_id"] for line in accepted):
        return _batch_error("duplicate_custom_id", f"The custom_id '{request['custom_id']}' is used by an earlier line.", number, "custom_id")
    if accepted and body["model"] != accepted[0].body["model"]:
        return _batch_error("model_mismatch", "All the lines of a batch must use the same model.", number, "body.model")
    return None


def _succeeded(result: dict[str, Any]) -> bool:
    """Whether an output line belongs in the output file rather than the error file."""
    return (result["response"] or {}).get("status_code") == 200


def _to_jsonl(records: list[Any]) -> bytes:
    return "".join(json.dumps(record) + "\n" for record in records).encode()
