"""A scripted OpenAI-compatible HTTP server on 127.0.0.1: the LLM is a process boundary we don't
own, so tests script its answers at the HTTP level and the real `openai` client talks to it.

Each POST /v1/chat/completions takes the next scripted reply: a string (the message content),
an int (an HTTP error status; `FakeOpenAI.FAIL` is 500), or ("sleep", seconds, content) to
provoke a client timeout. When the script runs out the server answers "{}", or repeats the
last reply with `repeat_last=True`. Request bodies are recorded in `requests`, paths in `paths`.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeOpenAI:
    FAIL = 500

    def __init__(self, replies: list[Any] | None = None, *, repeat_last: bool = False) -> None:
        self.replies: list[Any] = list(replies or [])
        self.repeat_last = repeat_last
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
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

    def _next_reply(self) -> Any:
        if len(self.replies) > 1 or (self.replies and not self.repeat_last):
            return self.replies.pop(0)
        return self.replies[0] if self.replies else "{}"

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
                except BrokenPipeError:  # the client timed out first (the timeout tests)
                    pass

            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                self._send(200, {"object": "list", "data": [{"id": "fake", "object": "model"}]})

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                fake.requests.append(body)
                fake.paths.append(self.path)
                reply = fake._next_reply()
                if isinstance(reply, int) or not self.path.endswith("/chat/completions"):
                    self._send(reply if isinstance(reply, int) else 404, {"error": {"message": "scripted failure"}})
                    return
                if isinstance(reply, tuple):
                    time.sleep(reply[1])
                    reply = reply[2]
                self._send(200, {
                    "id": f"chatcmpl-{len(fake.requests)}", "object": "chat.completion", "created": int(time.time()),
                    "model": body.get("model", "fake"),
                    "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": reply}}],
                    "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
                })

        return Handler
