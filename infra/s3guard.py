"""A loopback proxy in front of s3rver that enforces S3 conditional writes.

Tansu's S3 storage relies on them: after a restart it creates `watermark.json` with
`If-None-Match: *` and expects 412 when the object exists, then reloads it. s3rver@3 ignores
the header and overwrites, so a restarted broker hands out offsets from 0 again and new
records overwrite old ones. This proxy answers 412 as S3 does (If-None-Match and If-Match on
PUT) and forwards everything else unchanged (the Host header too, so signatures still verify).

    python -m text2db.infra.s3guard LISTEN_PORT UPSTREAM_PORT
"""

from __future__ import annotations

import http.client
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOST = "127.0.0.1"
PRECONDITION_FAILED = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code>'
    b"<Message>At least one of the pre-conditions you specified did not hold</Message></Error>"
)
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}


class Guard(BaseHTTPRequestHandler):
    upstream_port: int
    write_lock = threading.Lock()  # check-then-write must not interleave between requests
    protocol_version = "HTTP/1.1"

    def log_message(self, *_: object) -> None:  # quiet: s3rver logs every request already
        pass

    def _body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def _upstream(self, method: str, body: bytes | None, headers: dict[str, str]) -> http.client.HTTPResponse:
        conn = http.client.HTTPConnection(HOST, self.upstream_port, timeout=60)
        conn.request(method, self.path, body=body, headers=headers)
        return conn.getresponse()

    def _current_etag(self) -> str | None:
        # s3rver serves HEAD without a signature; the client's signature was made for its PUT.
        response = self._upstream("HEAD", None, {"Host": self.headers.get("Host", "")})
        response.read()
        return response.getheader("ETag") if response.status == 200 else None

    def _relay(self, method: str) -> None:
        body = self._body() if method in ("PUT", "POST") else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
        if method == "PUT":
            with self.write_lock:
                if not self._preconditions_hold():
                    return self._send(412, PRECONDITION_FAILED, {"Content-Type": "application/xml"})
                response = self._upstream(method, body, headers)
                payload = response.read()
        else:
            response = self._upstream(method, body, headers)
            payload = response.read()
        out = {k: v for k, v in response.getheaders() if k.lower() not in HOP_BY_HOP | {"content-length"}}
        self._send(response.status, payload, out, head=method == "HEAD", length=response.getheader("Content-Length"))

    def _preconditions_hold(self) -> bool:
        if_none_match, if_match = self.headers.get("If-None-Match"), self.headers.get("If-Match")
        if if_none_match is None and if_match is None:
            return True
        etag = self._current_etag()
        if if_none_match is not None and etag is not None and (if_none_match.strip() == "*" or if_none_match == etag):
            return False
        return if_match is None or (etag is not None and if_match.strip() in ("*", etag))

    def _send(self, status: int, payload: bytes, headers: dict[str, str], head: bool = False, length: str | None = None) -> None:
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", length if head and length else str(len(payload)))
        self.end_headers()
        if not head:
            self.wfile.write(payload)

    def do_GET(self) -> None:
        self._relay("GET")

    def do_HEAD(self) -> None:
        self._relay("HEAD")

    def do_PUT(self) -> None:
        self._relay("PUT")

    def do_POST(self) -> None:
        self._relay("POST")

    def do_DELETE(self) -> None:
        self._relay("DELETE")


def serve(listen_port: int, upstream_port: int) -> None:
    handler = type("BoundGuard", (Guard,), {"upstream_port": upstream_port})
    ThreadingHTTPServer((HOST, listen_port), handler).serve_forever()


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]))
