"""dlq_replay's task: re-publish selected dead letters (text2db.consumers.deadletter), keeping
which were replayed in text2db_replayed so a rerun does not flood the topics."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from text2db.config import Settings
from text2db.orchestration.tables import engine_for, metadata, now, record_task_run, replayed_table


def _parse_time(value: str | None) -> datetime | None:
    if not value:
        return None
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


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
        # in flight too: this task keeps its own record of what it replayed (text2db_replayed)
        for letter in list_dead_letters(settings, reason=reason, since=start, include_in_flight=True)
        if (job is None or letter.job == job) and (end is None or letter.failed_at < end)
    ]
    engine = engine_for(settings)
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
                    conn.execute(replayed_table.insert().values(**values, run_id=run_id, replayed_at=now()))
    finally:
        engine.dispose()
    summary = {
        "selected": len(letters),
        "already_replayed": len(letters) - len(fresh),
        "replayed": replayed,
        "dry_run": dry_run,
        "by_reason": dict(Counter(letter.error_class for letter in fresh)),
        "documents": sorted({letter.document_id for letter in fresh if letter.document_id})[:50],
    }
    record_task_run(settings, run_id, job or "*", "dlq_replay", True, summary)
    return summary
