"""A scripted OpenAI-compatible HTTP server on 127.0.0.1 (the LLM is a process boundary we do
not own): it answers /v1/chat/completions with canned contents, in order, and records every
request so tests can assert what the planner sent."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeOpenAI:
    """`replies`: message contents returned in order (the last one repeats); a reply of
    `FakeOpenAI.FAIL` answers HTTP 500."""

    FAIL = object()

    def __init__(self, replies: list[Any]) -> None:
        self.replies = list(replies)
        self.requests: list[dict[str, Any]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                fake.requests.append({"path": self.path, "body": body})
                reply = fake.replies[min(len(fake.requests) - 1, len(fake.replies) - 1)]
                if reply is FakeOpenAI.FAIL or not self.path.endswith("/chat/completions"):
                    self._send(500, {"error": {"message": "scripted failure", "type": "server_error"}})
                    return
                self._send(200, {
                    "id": f"chatcmpl-{len(fake.requests)}", "object": "chat.completion", "created": int(time.time()),
                    "model": body.get("model", "fake"),
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": reply}}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
                })

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
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
