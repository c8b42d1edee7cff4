"""A real HTTP server on 127.0.0.1 for the length of a `with`: the base of every fake service.

The fakes differ in what they answer; this is what they share — a port the system picks,
a thread that serves each connection on its own, and a shutdown that closes the socket.
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TypeVar

Server = TypeVar("Server", bound="Loopback")


class Loopback:
    def __init__(self, handler: type[BaseHTTPRequestHandler], poll_interval: float = 0.5) -> None:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        # serve_forever notices a shutdown only between polls (every `poll_interval` seconds).
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": poll_interval}, daemon=True)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self: Server) -> Server:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()
