"""A loopback proxy in front of an OpenAI-compatible server that records what passes through.

tests/real_model.py puts it between summarizer and the real server, to count the requests,
check that each carries a bound on its answer, and keep the answers. Streams are passed on
piece by piece as they arrive, so the client's idle timeout still sees the model's real
pace, and a client that closes its stream closes the upstream one too.
"""

from __future__ import annotations

import http.client
import json
import time
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.loopback import Loopback


@dataclass
class Exchange:
    body: dict[str, Any]
    status: int = 0
    answer: bytes = b""
    closed_by_client: bool = False
    seconds: float = 0.0  # from the request to the answer's last byte (or the client's leaving)

    @property
    def kind(self) -> str:
        """Which prompt asked: the first line of its system message says (month, merge, overview …)."""
        messages = self.body.get("messages") or [{}]
        first = str(messages[0].get("content", "")).split("\n", 1)[0]
        return next((kind for words, kind in _KINDS if words in first), "other")


_KINDS = (
    ("merge partial drafts", "merge"), ("write one month", "month"), ("overview paragraph", "overview"),
    ("correct a draft", "repair"), ("skill tags", "skills"),
)  # fmt: skip


@dataclass
class RecordingProxy(Loopback):
    upstream: str  # http://127.0.0.1:8089/v1
    exchanges: list[Exchange] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self._handler())

    @property
    def url(self) -> str:
        return f"{self.origin}/v1"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self
        target = urllib.parse.urlsplit(self.upstream)

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                payload = self.rfile.read(int(self.headers.get("content-length", 0)))
                started = time.monotonic()
                exchange = Exchange(json.loads(payload))
                proxy.exchanges.append(exchange)
                path = target.path.rstrip("/") + self.path.removeprefix("/v1")
                connection = http.client.HTTPConnection(target.hostname or "127.0.0.1", target.port or 80, timeout=600)
                try:
                    connection.request("POST", path, body=payload, headers={"content-type": "application/json"})
                    response = connection.getresponse()
                    exchange.status = response.status
                    self.send_response(response.status)
                    self.send_header("content-type", response.getheader("content-type", "application/json"))
                    self.end_headers()
                    while piece := response.read1(65536):
                        exchange.answer += piece
                        self.wfile.write(piece)
                        self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    exchange.closed_by_client = True
                finally:
                    connection.close()
                    exchange.seconds = time.monotonic() - started

        return Handler
