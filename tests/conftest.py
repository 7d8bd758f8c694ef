"""Session-wide fixtures for real services: PostgreSQL on 127.0.0.1:5432 (a fresh database
per test) and SQLite files. Area-specific fixtures live in tests/<area>/conftest.py."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TQDM_DISABLE", "1")
# A frozen heap is never collected: the test process runs hundreds of consumers and must not keep
# what each leaves behind (the freeze itself is tested with freeze_heap=True).
os.environ.setdefault("TEXT2DB_CONSUMER_FREEZE_HEAP", "0")

PG_ADMIN_URL = os.environ.get("TEXT2DB_TEST_PG_ADMIN", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")


@pytest.fixture(scope="session")
def pg_admin() -> Iterator[Engine]:
    engine = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text("select 1"))
    except Exception as exc:  # the suite needs PostgreSQL: fail loudly, never skip silently
        pytest.fail(f"PostgreSQL is not reachable at {PG_ADMIN_URL}: {exc} (run `bash infra/ensure_postgres.sh`)")
    yield engine
    engine.dispose()


@pytest.fixture
def pg_url(pg_admin: Engine) -> Iterator[str]:
    """A URL to a fresh, empty PostgreSQL database, dropped after the test."""
    name = f"t2d_test_{uuid.uuid4().hex[:12]}"
    with pg_admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = PG_ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"
    yield url
    with pg_admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A URL to a fresh SQLite file."""
    return f"sqlite:///{tmp_path / 'target.sqlite'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Runs a test once on SQLite and once on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'target.sqlite'}"
    return request.getfixturevalue("pg_url")


@pytest.fixture
def db_engine(db_url: str) -> Iterator[Engine]:
    engine = create_engine(db_url)
    yield engine
    engine.dispose()


BENCHMARKS = Path(__file__).resolve().parents[1].parent / "shared" / "benchmarks" / "redocred-dev"


@pytest.fixture(scope="session")
def redocred_dev() -> Path:
    """The development instances in ../shared/benchmarks (present beside every clone)."""
    if not BENCHMARKS.is_dir():
        pytest.fail(f"benchmark instances not found at {BENCHMARKS}")
    return BENCHMARKS


# --- Kafka broker (issue 2) -------------------------------------------------------------------
# One real Tansu broker per test session on a fresh loopback port (memory storage); every test
# gets its own topic prefix and group ids from `kafka_names`, so tests never share state.


@pytest.fixture(scope="session")
def kafka_bootstrap(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Bootstrap servers ("127.0.0.1:PORT") of a broker started for this session."""
    from text2db.infra import broker

    log = tmp_path_factory.mktemp("broker") / "broker.log"
    started = broker.start_broker(log)
    yield started.address
    broker.stop(started.pid)


class KafkaNames:
    """Unique names for one test: `prefix` for topics, `group(stage)` for consumer groups."""

    def __init__(self) -> None:
        self.prefix = f"t{uuid.uuid4().hex[:10]}"

    def group(self, stage: str = "g") -> str:
        return f"{self.prefix}-{stage}"


@pytest.fixture
def kafka_names() -> KafkaNames:
    return KafkaNames()


@pytest.fixture
def kafka_settings(kafka_bootstrap: str, kafka_names: KafkaNames, tmp_path: Path):  # -> text2db.config.Settings
    """Settings pointing at the session broker with this test's own topic prefix."""
    from text2db.config import Settings

    return Settings(bootstrap_servers=kafka_bootstrap, topic_prefix=kafka_names.prefix, home=tmp_path / "home")


# --- the local LLM (infra/llm.py): one server for the whole session --------------------------

LLM_HOME = Path(__file__).resolve().parents[1] / ".text2db"


@pytest.fixture(scope="session")
def local_llm_url() -> Iterator[str]:
    """The OpenAI-compatible URL of the local LLM server, started for the session if it is not
    running (and stopped after). `make test` installs the model; CI fails without it, a
    developer's run skips with the fix."""
    from text2db.config import Settings
    from text2db.infra import llm

    settings = Settings(home=LLM_HOME)
    if not llm.model_path(settings).exists():
        message = f"LLM model not installed at {llm.model_path(settings)} (run `make llm`)"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    was_running = bool(llm.status(settings)["running"])
    url = llm.start(settings, timeout=180)
    yield url
    if not was_running:
        llm.stop(settings)
