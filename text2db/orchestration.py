"""Task functions the Airflow DAGs in dags/ call, one per task.

Why a module of its own: a DAG file only wires tasks, so everything a task does lives here,
runs without Airflow (plain arguments in, a small JSON-able dict out for XCom) and hands over
to the next task through tables in the target database keyed by job and run id, never through
large XComs. Only `airflow_settings` and `setting_or_variable` touch Airflow, lazily.

Archive decision: every document a feed picks up is stored in `text2db_documents` (target
database, keyed by job and document id) before it is published. The table is the feed's
"already seen" ledger and the source of `backfill`; the documents topic is not, because topic
retention (and Tansu's memory storage) may drop old records. Documents published outside
Airflow can be copied into it with `archive_from_topic`.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    func,
    select,
    update,
)
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import IntegrityError

from text2db.config import Settings
from text2db.errors import ConfigError, Terminal, Text2DbError, Transient
from text2db.schemas.events import DocumentEvent, document_id_for
from text2db.schemas.plan import Plan

KAFKA_CONN_ID = "text2db_kafka"
TARGET_CONN_ID = "text2db_target"
LLM_CONN_ID = "text2db_llm"
SETTINGS_VARIABLE = "text2db_settings"  # JSON object of Settings fields, e.g. {"topic_prefix": "prod"}

metadata = MetaData()
documents_table = Table(
    "text2db_documents",
    metadata,
    Column("job", String(200), primary_key=True),
    Column("document_id", String(200), primary_key=True),
    Column("text", Text, nullable=False),
    Column("source_json", Text, nullable=False),
    Column("run_id", String(250), nullable=False, index=True),  # the feed run that found it
    Column("discovered_at", DateTime(timezone=True), nullable=False),
    Column("published_at", DateTime(timezone=True), nullable=True),
)
task_runs_table = Table(
    "text2db_task_runs",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("run_id", String(250), nullable=False, index=True),
    Column("job", String(200), nullable=False),
    Column("task", String(100), nullable=False),
    Column("success", Boolean, nullable=False),
    Column("result_json", Text, nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=False),
)


class LagTimeout(Text2DbError, Transient):
    """The consumers did not catch up in time; the task is retried later."""

    hint = "check that the extractor and integrator consumers of the job are running (`text2db consume ...`)"


class QualityCheckFailed(Text2DbError, Terminal):
    """An expectation failed on a target table; the stored results say which."""

    hint = "see the failed expectations in text2db_task_runs (task data_quality) and fix the plan or the data"


# --- settings: Airflow connections and variables, falling back to TEXT2DB_* ---------------


def _now() -> datetime:
    return datetime.now(UTC)


def _engine(settings: Settings) -> Engine:
    return create_engine(settings.db_url)


def target_url(conn: Any) -> str:
    """An SQLAlchemy URL from an Airflow connection: extra `sqlalchemy_url` (works whatever the
    type: without the postgres/sqlite providers Airflow stores the type as `generic`), else a
    postgres or sqlite connection's fields."""
    extra = conn.extra_dejson or {}
    if extra.get("sqlalchemy_url"):  # any database; the connection's password fills a URL without one
        url = make_url(str(extra["sqlalchemy_url"]))
        if conn.password and not url.password:
            url = url.set(password=conn.password)
        return url.render_as_string(hide_password=False)
    kind = (conn.conn_type or "").lower()
    if kind in ("postgres", "postgresql"):
        return URL.create(
            "postgresql+psycopg",
            username=conn.login or None,
            password=conn.password or None,
            host=conn.host or "127.0.0.1",
            port=conn.port or 5432,
            database=conn.schema or None,
        ).render_as_string(hide_password=False)
    if kind == "sqlite":
        return f"sqlite:///{conn.host}"
    raise ConfigError(
        f"connection {TARGET_CONN_ID!r} has type {kind!r} and no extra `sqlalchemy_url`",
        hint='set its extra to {"sqlalchemy_url": "postgresql+psycopg://user@host:5432/db"} (password from the connection)',
    )


def kafka_overrides(conn: Any) -> dict[str, Any]:
    """Settings fields from a Kafka provider connection (its extra holds librdkafka keys)."""
    extra = conn.extra_dejson or {}
    servers = extra.get("bootstrap.servers") or (f"{conn.host}:{conn.port or 9092}" if conn.host else None)
    out: dict[str, Any] = {"bootstrap_servers": servers} if servers else {}
    mapping = {
        "security.protocol": "security_protocol",
        "sasl.mechanism": "sasl_mechanism",
        "sasl.mechanisms": "sasl_mechanism",
        "sasl.username": "sasl_username",
        "sasl.password": "sasl_password",
    }
    out |= {field: extra[key] for key, field in mapping.items() if extra.get(key)}
    return out


def llm_overrides(conn: Any) -> dict[str, Any]:
    """Settings fields from an OpenAI-compatible endpoint connection (host = base URL)."""
    extra = conn.extra_dejson or {}
    base = extra.get("base_url") or conn.host or ""
    if base and not base.startswith(("http://", "https://")):
        base = f"{conn.schema or 'http'}://{base}{f':{conn.port}' if conn.port else ''}/v1"
    out: dict[str, Any] = {"llm_base_url": base} if base else {}
    if conn.password:
        out["llm_api_key"] = conn.password
    if extra.get("model"):
        out["llm_model"] = extra["model"]
    return out


def _connection(conn_id: str) -> Any | None:
    from airflow.sdk import Connection
    from airflow.sdk.exceptions import AirflowNotFoundException, AirflowRuntimeError

    try:
        return Connection.get(conn_id)
    except (AirflowNotFoundException, AirflowRuntimeError):
        return None


def airflow_settings(**overrides: Any) -> Settings:
    """Settings for a task: TEXT2DB_* values, overridden by the `text2db_settings` variable and
    the text2db_kafka / text2db_target / text2db_llm connections when they exist. Call it
    inside a task only (connections are read at run time, never at DAG parse time)."""
    from airflow.sdk import Variable

    fields: dict[str, Any] = dict(Variable.get(SETTINGS_VARIABLE, default={}, deserialize_json=True) or {})
    if conn := _connection(KAFKA_CONN_ID):
        fields |= kafka_overrides(conn)
    if conn := _connection(TARGET_CONN_ID):
        fields["db_url"] = target_url(conn)
    if conn := _connection(LLM_CONN_ID):
        fields |= llm_overrides(conn)
    return Settings(**(fields | {k: v for k, v in overrides.items() if v is not None}))


def setting_or_variable(value: Any, variable: str, default: Any = None) -> Any:
    """A DAG param when given, else the Airflow variable (scheduled runs carry no conf)."""
    if value not in (None, ""):
        return value
    from airflow.sdk import Variable

    found = Variable.get(variable, default=default)
    if found in (None, ""):
        raise ConfigError(f"no value given and Airflow variable {variable!r} is not set")
    return found


def record_task_run(settings: Settings, run_id: str, job: str, task: str, success: bool, result: dict[str, Any]) -> None:
    """Keep a task's result in the target database, where operators query it with SQL."""
    engine = _engine(settings)
    try:
        metadata.create_all(engine, tables=[task_runs_table])
        with engine.begin() as conn:
            conn.execute(
                task_runs_table.insert().values(
                    run_id=run_id, job=job, task=task, success=success,
                    result_json=json.dumps(result, default=str), finished_at=_now(),
                )
            )
    finally:
        engine.dispose()


# --- sources: a folder, a JSONL file, or URLs ----------------------------------------------


class FeedUnavailable(Text2DbError, Transient):
    """A source URL did not answer; the task is retried."""


_SKIPPED = {"head", "script", "style", "noscript", "template"}
_BLOCKS = {"p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table", "section",
           "article", "header", "footer", "blockquote", "pre", "hr", "main", "aside", "nav"}


class _TextOfHtml(HTMLParser):
    """Visible text: block elements become line breaks, inline ones (b, a, span) do not."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in _SKIPPED:
            self._skip += 1
        elif tag in _BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self._skip = max(0, self._skip - 1)
        elif tag in _BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def html_text(html: str) -> str:
    parser = _TextOfHtml()
    parser.feed(html)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).split("\n"))
    return "\n".join(line for line in lines if line)


def read_urls(urls: Iterable[str], job: str, timeout: float = 30.0) -> Iterator[DocumentEvent]:
    """One document per URL (HTML reduced to its text); the id hashes the URL and the text, so
    an unchanged page is the same document on every run."""
    for url in urls:
        request = Request(url, headers={"User-Agent": "text2db-feed"})
        try:
            with urlopen(request, timeout=timeout) as response:  # noqa: S310 - operator-configured URLs
                charset = response.headers.get_content_charset() or "utf-8"
                body = response.read().decode(charset, errors="replace")
                is_html = "html" in (response.headers.get_content_type() or "")
        except OSError as exc:
            raise FeedUnavailable(f"could not fetch {url}: {exc}") from exc
        text, source = (html_text(body) if is_html else body), {"url": url}
        yield DocumentEvent(job=job, document_id=document_id_for(text, json.dumps(source, sort_keys=True)),
                            text=text, source=source)


def read_source(source: str | list[str], job: str) -> list[DocumentEvent]:
    """Documents of a feed source: a folder or a .jsonl/.json file (read exactly as `text2db
    publish` reads them, so both give a document the same id), or http(s) URLs (a list, or
    one string separated by whitespace or commas)."""
    from text2db.consumers.exceptions import NothingToPublish
    from text2db.consumers.publish import collect_documents

    if isinstance(source, list) or str(source).startswith(("http://", "https://")):
        urls = source if isinstance(source, list) else str(source).replace(",", " ").split()
        return list(read_urls(urls, job))
    path = Path(str(source)).expanduser()
    if not path.exists():
        raise ConfigError(f"feed source {source!r} is not a folder, a file or http(s) URLs")
    try:
        return collect_documents([str(path)], job, None)
    except NothingToPublish:  # an empty folder is a quiet feed, not an error
        return []


# --- the archive: text2db_documents ------------------------------------------------------


def discover_documents(settings: Settings, job: str, source: str | list[str], run_id: str, limit: int = 0) -> dict[str, Any]:
    """Archive the source's documents not seen before for `job`, tagged with `run_id`."""
    engine = _engine(settings)
    new = seen = 0
    try:
        metadata.create_all(engine, tables=[documents_table])
        with engine.connect() as conn:
            known = set(conn.scalars(select(documents_table.c.document_id).where(documents_table.c.job == job)))
        for doc in read_source(source, job):
            if doc.document_id in known:
                seen += 1
                continue
            if limit and new >= limit:
                break
            try:
                with engine.begin() as conn:
                    conn.execute(
                        documents_table.insert().values(
                            job=job, document_id=doc.document_id, text=doc.text,
                            source_json=json.dumps(doc.source), run_id=run_id, discovered_at=_now(),
                        )
                    )
                new += 1
            except IntegrityError:  # another run archived it meanwhile
                seen += 1
            known.add(doc.document_id)
    finally:
        engine.dispose()
    return {"job": job, "run_id": run_id, "new": new, "seen": seen}


def archived_events(
    settings: Settings, job: str, run_id: str | None = None, plan_version: int | None = None, unpublished_only: bool = False
) -> list[DocumentEvent]:
    """The job's archived documents as events (one run's, or all of them for a backfill)."""
    engine = _engine(settings)
    try:
        metadata.create_all(engine, tables=[documents_table])
        query = select(documents_table).where(documents_table.c.job == job).order_by(documents_table.c.discovered_at)
        if run_id is not None:
            query = query.where(documents_table.c.run_id == run_id)
        if unpublished_only:
            query = query.where(documents_table.c.published_at.is_(None))
        with engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
    finally:
        engine.dispose()
    return [
        DocumentEvent(job=job, document_id=r["document_id"], text=r["text"], plan_version=plan_version,
                      source=json.loads(r["source_json"]))
        for r in rows
    ]


def _mark_published(settings: Settings, job: str, document_ids: list[str]) -> None:
    engine = _engine(settings)
    try:
        with engine.begin() as conn:
            for start in range(0, len(document_ids), 500):
                conn.execute(
                    update(documents_table)
                    .where(documents_table.c.job == job, documents_table.c.document_id.in_(document_ids[start:start + 500]))
                    .values(published_at=_now())
                )
    finally:
        engine.dispose()


def publish_events(settings: Settings, events: list[DocumentEvent]) -> int:
    """Publish with acks=all, keyed by document id (text2db.consumers.publish)."""
    from text2db.consumers.publish import publish

    return publish(settings, events) if events else 0


def publish_run(settings: Settings, job: str, run_id: str) -> dict[str, Any]:
    """Publish the documents `run_id` discovered that are not published yet (a retry resumes)."""
    events = archived_events(settings, job, run_id=run_id, unpublished_only=True)
    published = publish_events(settings, events)
    _mark_published(settings, job, [e.document_id for e in events])
    return {"job": job, "run_id": run_id, "published": published, "topic": settings.topics["documents"]}


def archive_from_topic(settings: Settings, job: str, run_id: str) -> dict[str, Any]:
    """Copy the job's documents still on the documents topic into the archive (documents
    published by `text2db publish`, outside Airflow), so a backfill sees them too."""
    from text2db.consumers.deadletter import read_topic

    engine = _engine(settings)
    added = 0
    try:
        metadata.create_all(engine, tables=[documents_table])
        for record in read_topic(settings, settings.topics["documents"]):
            try:
                event = DocumentEvent.model_validate_json(record.value or b"")
            except ValueError:
                continue  # not a document: the consumers dead-letter it, the archive skips it
            if event.job != job:
                continue
            try:
                with engine.begin() as conn:
                    conn.execute(
                        documents_table.insert().values(
                            job=job, document_id=event.document_id, text=event.text,
                            source_json=json.dumps(event.source), run_id=run_id,
                            discovered_at=_now(), published_at=event.published_at,
                        )
                    )
                added += 1
            except IntegrityError:  # already archived (or the same document published twice)
                pass
    finally:
        engine.dispose()
    return {"job": job, "archived": added}


def archive_size(settings: Settings, job: str) -> int:
    engine = _engine(settings)
    try:
        metadata.create_all(engine, tables=[documents_table])
        with engine.connect() as conn:
            return int(conn.scalar(select(func.count()).where(documents_table.c.job == job)) or 0)
    finally:
        engine.dispose()


# --- Airflow task defaults ------------------------------------------------------------------


def dag_defaults(retries: int = 2, retry_delay_s: float = 60.0) -> dict[str, Any]:
    """default_args for every text2db DAG: a Transient error (broker, database or LLM away,
    consumers behind) is retried; a Terminal one (plan rejected, expectation failed, bad
    input) fails at once, since the same input would fail again."""
    from datetime import timedelta

    from airflow.sdk import ExceptionRetryPolicy, RetryAction, RetryRule

    policy = ExceptionRetryPolicy(
        rules=[
            RetryRule(exception="text2db.errors.Terminal", action=RetryAction.FAIL, reason="terminal text2db error"),
            RetryRule(exception="text2db.errors.Transient", action=RetryAction.RETRY, reason="transient text2db error"),
        ]
    )
    return {"owner": "text2db", "retries": retries, "retry_delay": timedelta(seconds=retry_delay_s), "retry_policy": policy}


# --- compile_plan ---------------------------------------------------------------------------


def observe_target(settings: Settings) -> dict[str, Any]:
    """Read the target database once before planning, so an unreachable or empty database
    fails its own task (retried: the database may come back) with a clear message."""
    from text2db.planner.observer import observe

    engine = _engine(settings)
    try:
        observation = observe(engine)
    finally:
        engine.dispose()
    if not observation.tables:
        raise ConfigError(f"the target database {engine.url.render_as_string()} has no user tables to fill")
    return {
        "dialect": observation.dialect,
        "tables": {t.name: {"rows": t.row_count, "columns": len(t.columns)} for t in observation.tables},
    }


def compile_plan(settings: Settings, job: str, instruction: str, run_id: str, use_llm: bool = True) -> dict[str, Any]:
    """Observe, plan and analyze (text2db.planner.api.make_plan), then store the plan as the
    job's next version. A rejected plan is recorded with the analyzer's report (table
    text2db_task_runs) and fails the task with that report as its message."""
    from text2db.planner.api import make_plan
    from text2db.planner.store import save_plan

    if not instruction.strip():
        raise ConfigError("compile_plan needs an instruction (param `instruction` or variable text2db_instruction)")
    engine = _engine(settings)
    try:
        try:
            result = make_plan(engine, instruction, job, settings, llm=None if use_llm else False)
        except Text2DbError as exc:  # PlanRejected carries the analyzer's report; PlanningFailed says why
            found = getattr(exc, "report", None)
            report = found.model_dump(mode="json") if hasattr(found, "model_dump") else None
            record_task_run(settings, run_id, job, "compile_plan", False,
                            {"error": str(exc), "error_class": type(exc).__name__, "report": report})
            raise
        stored = save_plan(engine, result.plan)
    finally:
        engine.dispose()
    summary = {
        "job": job,
        "version": stored.version,
        "planner": stored.planner,
        "tables": {t.table: [c.name for c in t.columns] for t in stored.tables},
        "simulation": result.report.simulation.status,
        "warnings": [i.message for i in result.report.issues if i.severity != "error"][:20],
    }
    record_task_run(settings, run_id, job, "compile_plan", True, summary | {"report": result.report.model_dump(mode="json")})
    return summary


# --- waiting for the consumers ----------------------------------------------------------------


def consumer_lag(settings: Settings) -> dict[str, int]:
    """Uncommitted records per consumer group, extractor group first: an extraction produced
    while we look is then already counted when the integrator group's lag is read. A partition
    whose committed offset is past its end offset (seen on Tansu) has nothing left to read: 0."""
    from text2db.consumers.lag import default_groups, group_lag

    return {
        group: sum(max(0, p.lag) for p in group_lag(settings, group, [topic]))
        for group, topic in default_groups(settings).items()
    }


def wait_for_consumers(settings: Settings, job: str, timeout_s: float = 900.0, poll_s: float = 1.0) -> dict[str, Any]:
    """Block until the consumer groups serving the job (the topic prefix's extract and
    integrate groups) have committed everything; LagTimeout (retried) if they do not."""
    started = time.monotonic()
    lag = consumer_lag(settings)
    while any(lag.values()):
        if time.monotonic() - started > timeout_s:
            raise LagTimeout(f"consumers of job {job!r} still behind after {timeout_s:.0f} s: {lag}")
        time.sleep(poll_s)
        lag = consumer_lag(settings)
    return {"job": job, "lag": lag, "waited_s": round(time.monotonic() - started, 2)}


# --- data_quality -----------------------------------------------------------------------------


def table_check_results(engine: Engine, plan: Plan) -> list[dict[str, Any]]:
    """Every expectation the integrator checks on a batch (text2db.integrators.checks), run
    on each planned table as a whole; successes included, so the stored results are complete."""
    import great_expectations as gx
    import pandas as pd
    from sqlalchemy import select as select_

    from text2db.integrators import checks
    from text2db.integrators.upsert import reflect

    results: list[dict[str, Any]] = []
    with engine.connect() as conn:
        batch_definition = checks._batch_definition()  # the integrators' GX context (one per process)
        for tplan in plan.tables:
            target = reflect(conn, tplan.table, list(tplan.key))
            columns = [c.name for c in target.table.columns]
            rows = conn.execute(select_(target.table)).mappings().all()
            frame = pd.DataFrame([dict(r) for r in rows], columns=columns, dtype=object)
            suite = gx.ExpectationSuite(name=f"text2db-quality-{tplan.table}-{time.monotonic_ns()}")
            for expectation in checks.expectations(conn, target, tplan, frame):
                suite.add_expectation(expectation)
            with checks._gx_lock:
                validation = batch_definition.get_batch(batch_parameters={"dataframe": frame}).validate(suite)
            for r in validation.results:
                cfg, detail = r.expectation_config, (r.result or {})
                results.append({
                    "table": tplan.table,
                    "expectation": cfg.type,
                    "column": cfg.kwargs.get("column") or cfg.kwargs.get("column_list"),
                    "success": bool(r.success),
                    "rows": len(frame),
                    "unexpected_count": detail.get("unexpected_count", 0),
                    "unexpected": [str(v) for v in detail.get("partial_unexpected_list", [])[:10]],
                })
    return results


def check_quality(settings: Settings, job: str, run_id: str, plan_version: int | None = None) -> dict[str, Any]:
    """Great Expectations checks on every table of the job's plan. Results are stored in
    text2db_task_runs whatever the outcome; a failed expectation raises QualityCheckFailed."""
    from text2db.planner.store import load_plan

    engine = _engine(settings)
    try:
        plan = load_plan(engine, job, plan_version)
        results = table_check_results(engine, plan)
    finally:
        engine.dispose()
    failed = [r for r in results if not r["success"]]
    summary = {"job": job, "plan_version": plan.version, "checked": len(results), "failed": len(failed)}
    record_task_run(settings, run_id, job, "data_quality", not failed, summary | {"results": results})
    if failed:
        names = "; ".join(f"{r['table']}.{r['column']}: {r['expectation']} {r['unexpected']}" for r in failed)
        raise QualityCheckFailed(f"{len(failed)} expectation(s) failed for job {job!r}: {names}", failures=failed)
    return summary


# --- dlq_replay -------------------------------------------------------------------------------


def _parse_time(value: str | None) -> datetime | None:
    if not value:
        return None
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


replayed_table = Table(
    "text2db_replayed",
    metadata,
    Column("source_topic", String(250), primary_key=True),
    Column("source_partition", Integer, primary_key=True),
    Column("source_offset", Integer, primary_key=True),
    Column("failed_at", DateTime(), primary_key=True),  # naive UTC: compares alike on every database
    Column("run_id", String(250), nullable=False),
    Column("replayed_at", DateTime(timezone=True), nullable=False),
)


def _letter_key(letter: Any) -> tuple[str, int, int, datetime]:
    failed = letter.failed_at if letter.failed_at.tzinfo else letter.failed_at.replace(tzinfo=UTC)
    return (letter.source_topic, letter.partition, letter.offset, failed.astimezone(UTC).replace(tzinfo=None))


def replay_dead_letters(
    settings: Settings,
    run_id: str,
    reason: str | None = None,
    job: str | None = None,
    since: str | None = None,
    until: str | None = None,
    dry_run: bool = False,
    again: bool = False,
) -> dict[str, Any]:
    """Re-publish the dead letters matching reason/job/time to the topics they came from.
    Letters replayed by an earlier run are skipped unless `again` (table text2db_replayed), so
    re-running the DAG does not flood the topics; the consumers' writes are idempotent anyway.
    A replayed record that fails again comes back as a new letter and can be replayed."""
    from text2db.consumers.deadletter import list_dead_letters, replay

    start, end = _parse_time(since), _parse_time(until)
    letters = [
        letter
        for letter in list_dead_letters(settings, reason=reason, since=start)
        if (job is None or letter.job == job) and (end is None or letter.failed_at < end)
    ]
    engine = _engine(settings)
    try:
        metadata.create_all(engine, tables=[replayed_table])
        with engine.connect() as conn:
            done = {tuple(r) for r in conn.execute(select(
                replayed_table.c.source_topic, replayed_table.c.source_partition, replayed_table.c.source_offset,
                replayed_table.c.failed_at))}
        done = {(t, p, o, f.astimezone(UTC).replace(tzinfo=None) if f.tzinfo else f) for t, p, o, f in done}
        fresh = letters if again else [letter for letter in letters if _letter_key(letter) not in done]
        replayed = 0 if dry_run else replay(settings, fresh)
        if replayed:
            with engine.begin() as conn:
                for letter in fresh:
                    topic, partition, offset, failed = _letter_key(letter)
                    values = {"source_topic": topic, "source_partition": partition, "source_offset": offset, "failed_at": failed}
                    conn.execute(replayed_table.delete().where(*[replayed_table.c[k] == v for k, v in values.items()]))
                    conn.execute(replayed_table.insert().values(**values, run_id=run_id, replayed_at=_now()))
    finally:
        engine.dispose()
    summary = {
        "selected": len(letters),
        "already_replayed": len(letters) - len(fresh),
        "replayed": replayed,
        "dry_run": dry_run,
        "by_reason": _count(letter.error_class for letter in fresh),
        "documents": sorted({letter.document_id for letter in fresh if letter.document_id})[:50],
    }
    record_task_run(settings, run_id, job or "*", "dlq_replay", True, summary)
    return summary


def _count(items: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return out


# --- backfill ---------------------------------------------------------------------------------


def publish_backfill(settings: Settings, job: str, plan_version: int | None = None) -> dict[str, Any]:
    """Re-publish every archived document of `job` pinned to a plan version (the latest when
    None, resolved now so documents and a plan compiled meanwhile cannot mix)."""
    from text2db.planner.store import load_plan

    engine = _engine(settings)
    try:
        version = load_plan(engine, job, plan_version).version
    finally:
        engine.dispose()
    events = archived_events(settings, job, plan_version=version)
    published = publish_events(settings, events)
    return {"job": job, "plan_version": version, "published": published}


# --- retrain_extractors -----------------------------------------------------------------------
# Tasks hand over through the run's folder <home>/retrain/<job>/<run_id>/ (the set as JSONL, the
# candidate model); the promoted model goes where the router looks (<models>/span_ft/). On a
# multi-worker deployment TEXT2DB_HOME must be storage every worker sees.


class NotEnoughLabels(Text2DbError, Terminal):
    """Too few labels to train and hold some out; the same data would fail again."""

    hint = "ingest more documents of the job (or let the LLM label some) and run retrain_extractors again"


def _run_folder(settings: Settings, job: str, run_id: str) -> Path:
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in run_id)
    return settings.home / "retrain" / job / safe


def _models_dir(settings: Settings) -> Path:
    from text2db.extractors.configuration import ExtractorConfig

    return Path(ExtractorConfig().trained_model_dir or settings.home / "models")


def _write_examples(path: Path, examples: list[Any]) -> None:
    from dataclasses import asdict

    path.write_text("".join(json.dumps(asdict(e)) + "\n" for e in examples), encoding="utf-8")


def _read_examples(path: Path) -> list[Any]:
    from text2db.extractors.train import Example

    return [Example(**json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def build_distillation_set(settings: Settings, job: str, run_id: str, max_documents: int = 200,
                           max_examples: int = 600) -> dict[str, Any]:
    """Labels for the span model from the job's archived documents: the LLM's grounded answers
    (distillation), values already in the target database (distant supervision) and the span
    rules' confident values; split once here so evaluation always uses the same held-out set."""
    from text2db.extractors import train
    from text2db.planner.store import load_plan

    engine = _engine(settings)
    try:
        plan = load_plan(engine, job)
    finally:
        engine.dispose()
    texts = [e.text for e in archived_events(settings, job)][-max_documents:]
    examples = train.llm_examples(settings) + train.db_examples(plan, texts, settings.db_url) + train.rule_examples(plan, texts)
    examples = examples[:max_examples]
    training, heldout = train.split(examples)
    if not training or not heldout:
        raise NotEnoughLabels(f"{len(examples)} label(s) from {len(texts)} archived document(s) of job {job!r}")
    folder = _run_folder(settings, job, run_id)
    folder.mkdir(parents=True, exist_ok=True)
    _write_examples(folder / "train.jsonl", training)
    _write_examples(folder / "heldout.jsonl", heldout)
    sources = _count(e.source for e in examples)
    return {"job": job, "run_id": run_id, "documents": len(texts), "sources": sources,
            "train": len(training), "heldout": len(heldout)}


def fine_tune(settings: Settings, job: str, run_id: str, epochs: int = 2) -> dict[str, Any]:
    """Fine-tune a fresh MiniLM span model on the run's training labels (seeded: the same
    labels give the same model, so a rerun is not "better" by chance)."""
    import torch

    from text2db.extractors import train
    from text2db.extractors.span_model import SpanModel

    folder = _run_folder(settings, job, run_id)
    examples = _read_examples(folder / "train.jsonl")
    started = time.monotonic()
    torch.manual_seed(0)
    model = train.fine_tune(SpanModel(), examples, epochs=epochs)
    model.save(folder / "candidate", {"job": job, "run_id": run_id, "train_size": len(examples), "epochs": epochs})
    return {"job": job, "run_id": run_id, "train": len(examples), "seconds": round(time.monotonic() - started, 1)}


def evaluate_candidate(settings: Settings, job: str, run_id: str) -> dict[str, Any]:
    """Held-out exact match of the candidate and of the model the router uses now (the
    accepted version, or the untuned encoder when none was accepted yet)."""
    import torch

    from text2db.extractors import train
    from text2db.extractors.span_model import SpanModel, accepted_folder

    folder = _run_folder(settings, job, run_id)
    heldout = _read_examples(folder / "heldout.jsonl")
    current_folder = accepted_folder(_models_dir(settings))
    torch.manual_seed(0)
    current = SpanModel.load(current_folder) if current_folder else SpanModel()
    return {
        "job": job,
        "run_id": run_id,
        "heldout": len(heldout),
        "candidate": round(train.exact_match(SpanModel.load(folder / "candidate"), heldout), 4),
        "current": round(train.exact_match(current, heldout), 4),
        "current_version": current_folder.name if current_folder else None,
    }


def promote_if_better(settings: Settings, scores: dict[str, Any], min_gain: float = 0.0,
                      accept_exact: float = 0.5) -> dict[str, Any]:
    """Register the candidate as the accepted span model only when it beats the current one
    by more than `min_gain` and clears `accept_exact`; otherwise leave the router as it is."""
    import shutil

    job, run_id = scores["job"], scores["run_id"]
    better = scores["candidate"] > scores["current"] + min_gain and scores["candidate"] >= accept_exact
    result = scores | {"promoted": better, "min_gain": min_gain, "accept_exact": accept_exact}
    if better:
        root = _models_dir(settings) / "span_ft"
        version = time.strftime("v%Y%m%d-%H%M%S") + f"-{uuid.uuid4().hex[:6]}"
        shutil.copytree(_run_folder(settings, job, run_id) / "candidate", root / version)
        marker = root / "accepted.json"
        tmp = marker.with_suffix(".tmp")
        tmp.write_text(json.dumps({"version": version, "exact": scores["candidate"], "job": job, "run_id": run_id}))
        tmp.replace(marker)  # atomic: a router never reads half a marker
        result["version"] = version
    record_task_run(settings, run_id, job, "retrain_extractors", True, result)
    return result
