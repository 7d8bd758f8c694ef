"""`text2db route run | build | show | explain`: the routing stage on the command line (issue 16)."""

from __future__ import annotations

import json
import logging
import sys
from typing import Annotated

import typer

route_app = typer.Typer(help="Route documents of a mixed feed to the jobs they belong to.", no_args_is_help=True)


def _service():  # type: ignore[no-untyped-def]
    """Settings and a routing service over the configured jobs (the LLM breaks ties when configured)."""
    from text2db.config import get_settings
    from text2db.routing.configuration import RouterConfig
    from text2db.routing.service import RoutingService, job_targets

    settings, config = get_settings(), RouterConfig()
    service = RoutingService(job_targets(settings, config), config)
    if settings.llm_base_url:
        from text2db.routing.tiebreak import llm_tiebreaker

        service.router.tiebreak = llm_tiebreaker(settings.llm_base_url, config, list(service.router.memories.values()),
                                                 settings.llm_model, settings.llm_api_key)
    return settings, service


@route_app.command("run")
def run(
    group: Annotated[str | None, typer.Option(help="Consumer group (default <prefix>-route).")] = None,
    instance: Annotated[int, typer.Option(help="Tells routers of one group apart (their transactional ids).")] = 0,
    max_messages: Annotated[int | None, typer.Option(help="Stop after this many records.")] = None,
    idle_timeout: Annotated[float | None, typer.Option(help="Stop after this many idle seconds.")] = None,
    metrics_port: Annotated[int | None, typer.Option(help="Serve Prometheus /metrics on 127.0.0.1:PORT.")] = None,
) -> None:
    """Consume <prefix>.inbox until SIGTERM/SIGINT (or a limit): route, record, produce, commit."""
    from text2db.consumers import metrics
    from text2db.consumers.loop import Limits, StopFlag
    from text2db.consumers.router import run_router

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings, service = _service()
    group = group or f"{settings.topic_prefix}-route"
    metrics.serve(metrics_port)
    done = run_router(settings, group, service, limits=Limits(max_messages=max_messages, idle_timeout_s=idle_timeout),
                      stop=StopFlag().install_signal_handlers(), instance=instance)
    typer.echo(f"route: processed {done} records in group {group}")


@route_app.command("build")
def build(job: Annotated[list[str] | None, typer.Option(help="Only these jobs (default: all).")] = None,
          as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """Build (or refresh) the jobs' selection memories from their plans and databases."""
    from text2db.config import get_settings
    from text2db.routing import store
    from text2db.routing.configuration import RouterConfig
    from text2db.routing.service import job_targets

    config = RouterConfig()
    out = {}
    for target in job_targets(get_settings(), config):
        if job and target.job not in job:
            continue
        memory = store.ensure_memory(target.engine, target.job, config)
        out[target.job] = {"plan_version": memory.plan_version, "prototypes": len(memory.proto_texts),
                           "documents": len(memory.doc_texts), "keys": len(memory.keys), "tables": memory.tables}
    typer.echo(json.dumps(out, indent=2) if as_json else "\n".join(
        f"{j}: plan v{m['plan_version']}, {m['prototypes']} prototypes, {m['documents']} accepted documents, "
        f"{m['keys']} keys ({', '.join(m['tables'])})" for j, m in out.items()))


@route_app.command("explain")
def explain(text: Annotated[str, typer.Argument(help="A document's text, or - to read it from stdin.")],
            as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """Score one text against every job and show the decision, without publishing anything."""
    from text2db.routing.scorer import Document

    _, service = _service()
    decision = service.route([Document("explain", sys.stdin.read() if text == "-" else text)])[0]
    if as_json:
        typer.echo(decision.model_dump_json(indent=2))
        return
    chosen = ", ".join(f"{c.job}.{c.table}" for c in decision.chosen) or "unrouted"
    typer.echo(f"-> {chosen} (by {decision.decided_by})")
    for s in decision.scores:
        typer.echo(f"  {s.job:<20} {s.score:.3f}  table {s.table}: {s.why}")


@route_app.command("show")
def show(document_id: Annotated[str, typer.Argument(help="The document id.")],
         db: Annotated[str | None, typer.Option(help="Database of the decisions (default TEXT2DB_DB_URL).")] = None) -> None:
    """How a document was routed: job, table, score and why."""
    from sqlalchemy import create_engine

    from text2db.config import get_settings
    from text2db.routing import ledger

    with create_engine(db or get_settings().db_url).begin() as conn:
        rows = ledger.lookup(conn, document_id)
    if not rows:
        typer.echo(f"no routing decision recorded for {document_id}")
        raise typer.Exit(1)
    for row in rows:
        typer.echo(ledger.describe(row))


def register(app: typer.Typer) -> None:
    app.add_typer(route_app, name="route")
