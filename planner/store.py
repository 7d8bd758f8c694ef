"""Plans are stored in the target database (table `text2db_plans`), one row per job version,
so every consumer of a job reads the same plan and a document can pin the version it needs."""

from __future__ import annotations

from sqlalchemy import Column, Integer, MetaData, String, Table, Text, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from text2db.errors import Terminal, Text2DbError
from text2db.schemas.plan import Plan

metadata = MetaData()
plans_table = Table(
    "text2db_plans",
    metadata,
    Column("job", String(200), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("plan_json", Text, nullable=False),
)


class PlanNotFound(Text2DbError, Terminal):
    """No plan stored for the job (or that version)."""

    hint = "create one with `text2db plan --db URL --job JOB --instruction TEXT`"


def save_plan(engine: Engine, plan: Plan) -> Plan:
    """Store `plan` as the job's next version and return it with that version set."""
    metadata.create_all(engine, tables=[plans_table])
    for _ in range(5):  # another planner may take the same version number: try the next one
        with engine.begin() as conn:
            latest = conn.execute(
                select(plans_table.c.version).where(plans_table.c.job == plan.job).order_by(plans_table.c.version.desc())
            ).first()
            versioned = plan.model_copy(update={"version": (latest[0] + 1) if latest else 1})
            try:
                conn.execute(
                    plans_table.insert().values(job=plan.job, version=versioned.version, plan_json=versioned.to_json())
                )
            except IntegrityError:
                continue
        return versioned
    raise PlanNotFound(f"could not store a new plan version for job {plan.job!r} (concurrent planners?)")


def load_plan(engine: Engine, job: str, version: int | None = None) -> Plan:
    """The job's plan at `version`, or its latest when `version` is None."""
    metadata.create_all(engine, tables=[plans_table])
    query = select(plans_table.c.plan_json).where(plans_table.c.job == job)
    query = query.where(plans_table.c.version == version) if version else query.order_by(plans_table.c.version.desc())
    with engine.connect() as conn:
        row = conn.execute(query.limit(1)).first()
    if row is None:
        what = f"version {version} of job {job!r}" if version else f"job {job!r}"
        raise PlanNotFound(f"no plan stored for {what}")
    return Plan.model_validate_json(row[0])


def planned_jobs(engine: Engine) -> list[str]:
    """Every job with a stored plan in this database (none when it has no plan table)."""
    try:
        with engine.connect() as conn:
            return sorted(set(conn.execute(select(plans_table.c.job)).scalars()))
    except SQLAlchemyError:
        return []
