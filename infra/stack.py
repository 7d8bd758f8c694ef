"""The local stack's state: which broker (and s3rver) `text2db stack up` started, kept in
`<home>/stack.json` so every later command (and `Settings.bootstrap_servers` unset) finds it.

The broker's port outlives `stack down` (`<home>/stack.port`): `stack up` starts the broker on
the same port again, so consumers that resolved the address at start-up reconnect by themselves
instead of dialing a port nobody listens on (issue 13 item 3). A port freed by a stopped broker
stays busy a few seconds: `stack up` waits for it, and takes a fresh port only if it stays busy."""

from __future__ import annotations

import json
import socket
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from text2db.config import Settings
from text2db.infra import broker
from text2db.infra.exceptions import BrokerNotRunning, BrokerStartFailed

Mode = Literal["memory", "durable"]


class StackState(BaseModel):
    broker_pid: int
    port: int
    mode: Mode
    s3rver_pid: int | None = None
    s3guard_pid: int | None = None
    s3_port: int | None = None  # the guard's port: Tansu's S3 endpoint
    started_at: datetime

    @property
    def bootstrap_servers(self) -> str:
        return f"{broker.HOST}:{self.port}"

    def broker_up(self) -> bool:
        return broker.pid_alive(self.broker_pid) and broker.is_listening(self.port)


def state_path(settings: Settings) -> Path:
    return settings.home / "stack.json"


def port_path(settings: Settings) -> Path:
    return settings.home / "stack.port"


def _bindable(port: int) -> bool:
    """Free to listen on, as the broker binds (SO_REUSEADDR: closed connections in TIME_WAIT do
    not block it, a listener still running does)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((broker.HOST, port))
        except OSError:
            return False
    return True


def _start_on_last_port(settings: Settings, s3_port: int | None, wait_s: float = 15.0) -> broker.Started:
    """The broker on the port the stack used last, once it is free again; else on a fresh port."""
    path = port_path(settings)
    last = int(path.read_text()) if path.exists() and path.read_text().strip().isdigit() else None
    if last is not None:
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            if _bindable(last):
                try:
                    return broker.start_broker(settings.home / "broker.log", port=last, s3_port=s3_port)
                except BrokerStartFailed:
                    pass  # the kernel still holds it for the old broker: wait a little longer
            time.sleep(0.5)
    return broker.start_broker(settings.home / "broker.log", s3_port=s3_port)


def read_state(settings: Settings) -> StackState | None:
    path = state_path(settings)
    if not path.exists():
        return None
    return StackState.model_validate_json(path.read_text())


def running_state(settings: Settings) -> StackState | None:
    """The recorded stack if its broker still answers, else None."""
    state = read_state(settings)
    return state if state is not None and state.broker_up() else None


def stack_up(settings: Settings, durable: bool = False) -> tuple[StackState, bool]:
    """Start the stack unless it is running; returns (state, started_now).

    A running stack in the other mode is left alone: say `stack down` first to switch."""
    current = running_state(settings)
    if current is not None:
        return current, False
    stack_down(settings)  # clean up a half-dead previous stack (e.g. s3rver left behind)
    home = settings.home
    store = broker.start_durable_store(home, home / "s3", home) if durable else None
    try:
        started = _start_on_last_port(settings, store.port if store else None)
    except Exception:
        if store is not None:
            store.stop()
        raise
    state = StackState(
        broker_pid=started.pid,
        port=started.port,
        mode="durable" if durable else "memory",
        s3rver_pid=store.s3rver.pid if store else None,
        s3guard_pid=store.guard.pid if store else None,
        s3_port=store.port if store else None,
        started_at=datetime.now(UTC),
    )
    state_path(settings).write_text(json.dumps(state.model_dump(mode="json"), indent=2))
    port_path(settings).write_text(str(started.port))
    return state, True


def stack_down(settings: Settings) -> StackState | None:
    """Stop what stack.json records (broker first, so it flushes to s3rver) and forget it."""
    state = read_state(settings)
    if state is None:
        return None
    for pid in (state.broker_pid, state.s3guard_pid, state.s3rver_pid):
        if pid is not None:
            broker.stop(pid)
    state_path(settings).unlink(missing_ok=True)
    return state


def local_bootstrap(settings: Settings) -> str:
    """Bootstrap servers of the local stack, for settings that name none."""
    state = running_state(settings)
    if state is None:
        where = "no stack recorded" if read_state(settings) is None else "the recorded broker is not answering"
        raise BrokerNotRunning(f"TEXT2DB_BOOTSTRAP_SERVERS is unset and {where} in {state_path(settings)}")
    return state.bootstrap_servers
