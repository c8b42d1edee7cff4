"""An OpenAI-compatible Chat Completions server on 127.0.0.1, for tests and benchmarks.

The real openai client talks to it over HTTP. By default it answers truthfully from the
DATA block of each prompt (so the validator passes its drafts); a test hands it a
`respond` function to script other behaviour — planted hallucinations, invalid JSON,
refusals, 429s, 500s, a rejected json_schema, slowness. A request with `stream: true` is
answered as a real server streams: server-sent events, a piece of the content each,
then the finish reason and the usage; a reply may stream slowly (`chunk_delay`) or go
silent part-way (`stall_after` pieces, for `stall` seconds or until the test releases it).
It records every request, the most requests it had in flight at once, and the streams a
client closed before their end.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.loopback import Loopback


@dataclass
class Reply:
    status: int = 200
    body: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    # Streamed answers: seconds between pieces, and a silence after `stall_after` pieces.
    chunk_delay: float = 0.0
    stall_after: int | None = None
    stall: float = 0.0
    # Set: the silence lasts until the test sets it (`stall` seconds at most), not a fixed time.
    released: threading.Event | None = None


@dataclass
class Request:
    body: dict[str, Any]
    headers: dict[str, str]

    @property
    def system(self) -> str:
        return self.body["messages"][0]["content"]

    @property
    def user(self) -> str:
        return self.body["messages"][-1]["content"]

    @property
    def kind(self) -> str:
        """Which prompt template this request was rendered from."""
        for marker, kind in (
            ("You write one month", "month"), ("You merge partial drafts", "merge"), ("You correct a draft", "repair"),
            ("You write the overview", "overview"), ("You pick the skill tags", "skills"),
        ):  # fmt: skip
            if self.system.startswith(marker):
                return kind
        return "unknown"

    @property
    def response_format(self) -> str:
        return (self.body.get("response_format") or {}).get("type", "text")

    @property
    def developer(self) -> str:
        return re.search(r"^Developer: (.*)$", self.user, re.MULTILINE).group(1)  # type: ignore[union-attr]

    @property
    def data(self) -> Any:
        return json.loads(re.search(r"<DATA>\n(.*)\n</DATA>", self.user, re.DOTALL).group(1))  # type: ignore[union-attr]


Respond = Callable[[Request], Reply]


class FakeOpenAI(Loopback):
    """`slots`: answers that many requests at once, as llama.cpp does, and says so at GET /props
    (`total_slots`); a request past them waits in a queue without a byte sent, and the others
    have no /props (404), as vLLM and OpenAI. `ignores_stream`: a streamed request gets one plain
    JSON body, as from a proxy that drops `stream`."""

    def __init__(self, respond: Respond | None = None, delay: float = 0.0, slots: int | None = None, ignores_stream: bool = False) -> None:
        self.respond = respond or truthful
        self.delay = delay
        self.slots = slots
        self.ignores_stream = ignores_stream
        self._queue = threading.Semaphore(slots) if slots else None
        self.requests: list[Request] = []
        self.in_flight = 0
        self.max_in_flight = 0
        # Streams the client closed before their last piece was sent.
        self.cut_short: list[Request] = []
        self._lock = threading.Lock()
        super().__init__(self._handler())

    @property
    def url(self) -> str:
        return f"{self.origin}/v1"

    @property
    def abandoned(self) -> int:
        """How many streams the client closed before their end."""
        return len(self.cut_short)

    def of_kind(self, kind: str) -> list[Request]:
        return [request for request in self.requests if request.kind == kind]

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
                found = self.path == "/props" and fake.slots is not None
                payload = json.dumps({"total_slots": fake.slots} if found else _error("no such route")).encode()
                self.send_response(200 if found else 404)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                length = int(self.headers.get("content-length", 0))
                request = Request(json.loads(self.rfile.read(length)), dict(self.headers))
                with fake._lock:
                    fake.requests.append(request)
                    fake.in_flight += 1
                    fake.max_in_flight = max(fake.max_in_flight, fake.in_flight)
                if fake._queue is not None:
                    fake._queue.acquire()
                try:
                    reply = fake.respond(request) if self.path.endswith("/chat/completions") else Reply(404, _error("no such route"))
                    time.sleep(fake.delay + reply.delay)
                    if request.body.get("stream") and reply.status == 200 and not fake.ignores_stream:
                        self._stream(request, reply)
                        return
                    payload = json.dumps(reply.body).encode()
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(payload)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)
                finally:
                    if fake._queue is not None:
                        fake._queue.release()
                    with fake._lock:
                        fake.in_flight -= 1

            def _stream(self, request: Request, reply: Reply) -> None:
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                events = _stream_events(reply.body, include_usage=bool((request.body.get("stream_options") or {}).get("include_usage")))
                try:
                    for number, event in enumerate(events):
                        if number == reply.stall_after and reply.released is not None:
                            reply.released.wait(reply.stall)
                        elif number == reply.stall_after:
                            time.sleep(reply.stall)
                        elif number:
                            time.sleep(reply.chunk_delay)
                        self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
                        self.wfile.flush()
                    self.wfile.write(b"data: [DONE]\n\n")
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    with fake._lock:
                        fake.cut_short.append(request)

        return Handler


def _stream_events(body: dict[str, Any], include_usage: bool, piece: int = 12) -> list[dict[str, Any]]:
    """A chat completion as the chunks a streaming server sends: the role, pieces of the content, the end."""
    choice = body["choices"][0]
    message, base = choice["message"], {"id": body["id"], "object": "chat.completion.chunk", "created": 0, "model": body["model"]}

    def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
        return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason, "logprobs": None}]}

    content = message.get("content") or ""
    events = [chunk({"role": "assistant", "content": ""})]
    if message.get("refusal"):
        events.append(chunk({"refusal": message["refusal"]}))
    events += [chunk({"content": content[start : start + piece]}) for start in range(0, len(content), piece)]
    events.append(chunk({}, choice["finish_reason"]))
    if include_usage:
        events.append({**base, "choices": [], "usage": body["usage"]})
    return events


def completion(content: str | None, finish_reason: str = "stop", refusal: str | None = None) -> Reply:
    return Reply(
        body={
            "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": "fake-model",
            "choices": [{"index": 0, "finish_reason": finish_reason, "logprobs": None,
                         "message": {"role": "assistant", "content": content, "refusal": refusal}}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
        }
    )  # fmt: skip


def _error(message: str, code: str | None = None, kind: str = "invalid_request_error", param: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "code": code, "param": param}}


def error(status: int, message: str, code: str | None = None, headers: dict[str, str] | None = None, param: str | None = None) -> Reply:
    return Reply(status, _error(message, code, param=param), headers or {})


def truthful_answer(request: Request) -> dict[str, Any]:
    """An answer that says only what the prompt's data says, in the shape the template asks for."""
    kind = request.kind
    if kind == "month":
        items = request.data
        titles = "; ".join(item["title"] for item in items[:3])
        return {
            "summary": f"{request.developer}'s work of the month included: {titles}.",
            "highlights": [{"text": item["title"], "evidence": [item["ref"]]} for item in items[:3]],
            "skills": [],
        }
    if kind == "merge":
        parts = request.data
        return {
            "summary": " ".join(part["summary"] for part in parts),
            "highlights": [h for part in parts for h in part["highlights"]][:5],
            "skills": sorted({tag for part in parts for tag in part["skills"]}),
        }
    if kind == "overview":
        statistics = request.data["statistics"]
        months, repositories = statistics["activity_months"], ", ".join(statistics["repositories"])
        work = "; ".join(month["highlights"][0] for month in request.data["months"] if month.get("highlights"))
        return {"overview": f"Over {months} active {'month' if months == 1 else 'months'}, {request.developer} worked in {repositories}" + (f": {work}." if work else ".")}
    if kind == "skills":
        return {"languages": request.data["languages"], "technical": request.data["areas"][:3]}
    if kind == "repair":
        return repaired(request)
    raise AssertionError(f"unexpected prompt: {request.system[:80]}")


def repaired(request: Request) -> dict[str, Any]:
    """The draft of a repair prompt without any sentence or highlight a finding names."""
    draft = json.loads(re.search(r"The draft \(JSON\):\n(.*?)\n\nThe claims", request.user, re.DOTALL).group(1))  # type: ignore[union-attr]
    findings = json.loads(re.search(r"verify \(JSON\):\n(.*?)\n\nThe DATA", request.user, re.DOTALL).group(1))  # type: ignore[union-attr]
    bad = [finding["text"] for finding in findings]
    for key in ("summary", "overview"):
        if key in draft:
            sentences = re.split(r"(?<=\.)\s+", draft[key])
            draft[key] = " ".join(s for s in sentences if not any(text in s for text in bad))
    if "highlights" in draft:
        draft["highlights"] = [h for h in draft["highlights"] if not any(text in json.dumps(h) for text in bad)]
    return draft


def truthful(request: Request) -> Reply:
    return completion(json.dumps(truthful_answer(request)))


def overview_of(text: str) -> Respond:
    """Truthful answers, but `text` for the overview and again for its repair: a model that will not mend it."""

    def respond(request: Request) -> Reply:
        if request.kind == "overview" or (request.kind == "repair" and '"overview"' in request.user):
            return completion(json.dumps({"overview": text}))
        return truthful(request)

    return respond
