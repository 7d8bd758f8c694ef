"""`text2db publish | consume | dlq | lag | demo`: the Kafka side of the command line."""

from __future__ import annotations

import logging
import sys
from datetime import datetime
from typing import Annotated

import typer
from rich.progress import Progress
from rich.table import Table

from text2db.config import get_settings
from text2db.console import output_console
from text2db.errors import ConfigError

console = output_console()
dlq_app = typer.Typer(help="Inspect and replay dead letters.", no_args_is_help=True)


def publish(
    paths: Annotated[list[str], typer.Argument(help="Files, folders, or - for JSONL on stdin.")],
    job: Annotated[str, typer.Option(help="Job the documents belong to.")] = "default",
    plan_version: Annotated[int | None, typer.Option(help="Pin a plan version (default: the job's latest).")] = None,
    route: Annotated[bool, typer.Option("--route", help="Let the router choose the jobs: publish to <prefix>.inbox.")] = False,
) -> None:
    """Publish documents to <prefix>.documents (ids derived from content: re-publishing is idempotent).
    What can never be processed (empty, binary, oversized, a job or version with no stored plan in
    TEXT2DB_DB_URL) is refused here rather than accepted for the dead-letter topic."""
    from text2db.consumers.publish import check_documents, check_plans, collect_documents, publish as publish_documents
    from text2db.consumers.stages import configured_target

    settings = get_settings()
    if route:  # issue 16: the router sets the job(s)
        from text2db.schemas.routing import ROUTE_PENDING

        job, plan_version = ROUTE_PENDING, None
    documents = collect_documents(paths, job, plan_version, stdin=sys.stdin)
    check_documents(documents, settings.max_document_bytes)
    engine = configured_target(settings)
    try:
        if not route:
            check_plans(engine, documents)
    finally:
        engine.dispose()
    topic = settings.topics["inbox" if route else "documents"]
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("publishing", total=len(documents))
        sent = publish_documents(settings, documents, lambda n: progress.advance(task, n), topic=topic)
    console.print(f"published {sent} documents to {topic}" + ("" if route else f" (job {job})"))


def consume(
    stage: Annotated[str, typer.Argument(help="extract or integrate")],
    group: Annotated[str | None, typer.Option(help="Consumer group (default <prefix>-<stage>).")] = None,
    max_messages: Annotated[int | None, typer.Option(help="Stop after this many records.")] = None,
    idle_timeout: Annotated[float | None, typer.Option(help="Stop after this many idle seconds.")] = None,
    metrics_port: Annotated[int | None, typer.Option(help="Serve Prometheus /metrics on 127.0.0.1:PORT.")] = None,
) -> None:
    """Run one consumer of a stage until SIGTERM/SIGINT (or a limit): it finishes the batch, commits, leaves."""
    from text2db.consumers import metrics, stages
    from text2db.consumers.configuration import ConsumerConfig
    from text2db.consumers.extractor import run_extractor
    from text2db.consumers.integrator import run_integrator
    from text2db.consumers.loop import Limits, StopFlag

    if stage not in ("extract", "integrate"):
        raise ConfigError(f"unknown stage {stage!r}", hint="use `consume extract` or `consume integrate`")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = get_settings()
    if stage == "extract":  # the small models first, the LLM where they are unsure
        from text2db.infra import llm as local_llm

        url = local_llm.endpoint(settings, None, logging.getLogger("text2db.consume").info, alone="the small models extract alone")
        settings = settings.model_copy(update={"llm_base_url": url})
    group = group or f"{settings.topic_prefix}-{stage}"
    engine = stages.configured_target(settings)
    metrics.serve(metrics_port)
    limits = Limits(max_messages=max_messages, idle_timeout_s=idle_timeout)
    stop = StopFlag().install_signal_handlers()
    stage_for = stages.extractor_for(settings, engine) if stage == "extract" else stages.integrator_for(settings, engine)
    if ConsumerConfig().warm_start:
        stage_for.warm()
    if stage == "extract":
        done = run_extractor(settings, group, stage_for, limits=limits, stop=stop)
    else:
        done = run_integrator(settings, group, stage_for, limits=limits, stop=stop)
    console.print(f"{stage}: processed {done} records in group {group}")


def _parse_since(since: str | None) -> datetime | None:
    if since is None:
        return None
    try:
        moment = datetime.fromisoformat(since)
    except ValueError:
        raise ConfigError(f"--since {since!r} is not a date", hint="use ISO 8601, e.g. 2026-11-21T06:00:00+00:00") from None
    return moment if moment.tzinfo else moment.astimezone()


@dlq_app.command("list")
def dlq_list(
    reason: Annotated[str | None, typer.Option(help="Only letters whose reason/error class contains this.")] = None,
    since: Annotated[str | None, typer.Option(help="Only letters that failed at/after this ISO time.")] = None,
) -> None:
    """List dead letters with their stage, reason and origin."""
    from text2db.consumers.deadletter import list_dead_letters

    letters = list_dead_letters(get_settings(), reason, _parse_since(since))
    table = Table("failed at", "stage", "error", "reason", "source", "document", "attempts")  # one row per record
    for letter in letters:
        table.add_row(
            letter.failed_at.strftime("%Y-%m-%d %H:%M:%S"), letter.stage, letter.error_class, letter.reason[:80],
            f"{letter.source_topic}[{letter.partition}]@{letter.offset}", letter.document_id or "-", str(letter.attempts),
        )
    console.print(table)
    console.print(f"{len(letters)} dead letters")


@dlq_app.command("replay")
def dlq_replay(
    reason: Annotated[str | None, typer.Option(help="Only letters whose reason/error class contains this.")] = None,
    since: Annotated[str | None, typer.Option(help="Only letters that failed at/after this ISO time.")] = None,
    dry_run: Annotated[bool, typer.Option(help="Show what would be replayed, send nothing.")] = False,
) -> None:
    """Re-publish the original bytes of dead letters to their source topic, once per record: a
    record replayed and not failed since is not sent again."""
    from text2db.consumers.deadletter import list_dead_letters, replay

    settings = get_settings()
    letters = list_dead_letters(settings, reason, _parse_since(since))
    if dry_run:
        console.print(f"would replay {len(letters)} dead letters")
        return
    console.print(f"replayed {replay(settings, letters)} dead letters to their source topics")


def lag(group: Annotated[str | None, typer.Option(help="One group (default: both stages' default groups).")] = None) -> None:
    """Per-partition lag of the consumer groups, and the records each topic holds."""
    from text2db.consumers.lag import default_groups, group_lag, topic_counts

    settings = get_settings()
    stage_topics = [settings.topics["documents"], settings.topics["extractions"]]
    rows = []
    for name, topic in default_groups(settings).items() if group is None else [(group, None)]:
        found = group_lag(settings, name, [topic] if topic else stage_topics)
        rows += [p for p in found if p.committed is not None or p.lag] or found[: settings.partitions]
    table = Table("group", "topic", "partition", "committed", "end", "lag")
    for p in rows:
        table.add_row(p.group, p.topic, str(p.partition), "-" if p.committed is None else str(p.committed), str(p.end), str(p.lag))
    console.print(table)
    for name in dict.fromkeys(p.group for p in rows):
        console.print(f"{name}: lag {sum(p.lag for p in rows if p.group == name)}")
    counts = Table("topic", "records")
    for topic, count in topic_counts(settings).items():
        counts.add_row(topic, str(count))
    console.print(counts)


def demo(
    fresh: Annotated[bool, typer.Option(help="Recreate the sample database first.")] = False,
    llm: Annotated[bool, typer.Option(help="Start and use the local LLM (installed by `make llm`).")] = True,
) -> None:
    """Run the films-and-directors sample end to end on the local stack and show what changed."""
    from text2db.consumers.demo import run_demo

    run_demo(get_settings(), console, fresh=fresh, llm=llm)


def register(app: typer.Typer) -> None:
    """Add this area's commands to the root app."""
    app.command()(publish)
    app.command()(consume)
    app.command()(lag)
    app.command()(demo)
    app.add_typer(dlq_app, name="dlq")
