"""A scripted OpenAI-compatible HTTP server on 127.0.0.1: the process boundary we don't own.

Each POST /v1/chat/completions pops the next scripted reply: a string (the message content),
an int (an HTTP error status), or ("sleep", seconds, content) to provoke a client timeout.
Requests are recorded so tests can assert what the router sent.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeOpenAI:
    def __init__(self) -> None:
        self.replies: list[Any] = []
        self.requests: list[dict[str, Any]] = []
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> "FakeOpenAI":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:  # keep test output quiet
                pass

            def _send(self, status: int, body: dict[str, Any]) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except BrokenPipeError:  # the client timed out first (the timeout test)
                    pass

            def do_GET(self) -> None:
                self._send(200, {"object": "list", "data": [{"id": "fake", "object": "model"}]})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                fake.requests.append(json.loads(self.rfile.read(length) or b"{}"))
                reply = fake.replies.pop(0) if fake.replies else "{}"
                if isinstance(reply, int):
                    self._send(reply, {"error": {"message": "scripted failure"}})
                    return
                if isinstance(reply, tuple):
                    time.sleep(reply[1])
                    reply = reply[2]
                self._send(200, {
                    "id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()), "model": "fake",
                    "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": reply}}],
                    "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
                })

        return Handler
