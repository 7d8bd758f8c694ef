"""The planner seam (ARCHITECTURE.md): observe the database, plan, analyze, revise.

The LLM planner is used when one is configured (or asked for); its plan is analyzed and sent
back with the analyzer's feedback a bounded number of times, and the rule planner takes over
when it fails. A plan with static errors never leaves this module: PlanRejected is raised.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Engine

from text2db.config import Settings, get_settings
from text2db.planner.analyzer import analyze
from text2db.planner.exceptions import LlmPlanInvalid, LlmPlanningFailed, PlanningFailed, PlanRejected
from text2db.planner.observer import observe
from text2db.planner.report import AnalysisReport
from text2db.planner.instruction import refusal
from text2db.planner.rules import REFUSAL_HINT, RULES_V1, Drafted, plan_with_rules
from text2db.schemas.observation import Observation
from text2db.schemas.plan import Plan

MAX_REVISIONS = 2
KEYS_READ = 5000  # key values read per table to match documents against existing rows


@dataclass(frozen=True)
class PlanResult:
    plan: Plan
    report: AnalysisReport
    observation: Observation


def make_plan(engine: Engine, instruction: str, job: str, settings: Settings | None = None, llm: Any = None, *,
              max_revisions: int = MAX_REVISIONS, simulate: bool = True,
              documents: Sequence[str] | None = None,
              connect: Callable[[], str | None] | None = None) -> PlanResult:
    """`llm`: None uses the LLM when settings.llm_base_url is set; False never; True requires
    the configured endpoint and always asks it; an OpenAI-compatible client object is used as is.
    Except with True, the LLM planner is asked only when the wording leaves it something to decide.

    `connect` (the CLI's, with no endpoint configured): finds the LLM, or starts the local one,
    when the planner first needs it (infra.llm.endpoint), so a plan that the wording settles, or
    an instruction refused, starts no server.

    `documents` (optional): the texts the job will read. When the instruction names no table,
    or states neither adding rows nor filling gaps, they decide (the report's notes say how)."""
    settings = settings or get_settings()
    why = refusal(instruction)
    if why is not None:  # before any planner (the LLM included) sees it
        raise PlanningFailed(f"{why}: nothing was planned", hint=REFUSAL_HINT)
    observation = observe(engine)
    docs = [d for d in (documents or []) if isinstance(d, str) and d.strip()]
    known_keys = existing_keys(engine, observation) if docs else {}
    notes: list[str] = []
    tried: list[str] = []
    use_llm = llm is not False and (llm is not None or bool(settings.llm_base_url) or connect is not None)
    llm_first = use_llm and (llm is not None or settings.planner_llm == "first")
    if llm_first and llm is not True and not _left_open(instruction, observation, job, docs, known_keys):
        notes.append("the wording names the table, the task and the columns: the LLM planner was not asked "
                     "(its decisions could not change this plan)")
    elif llm_first:
        settings = _connected(settings, connect)
        found = _with_llm(engine, instruction, job, settings, llm, observation, max_revisions, notes, tried, docs,
                          known_keys)
        if found is not None:
            plan, report, revisions = found
            return _result(plan, report, observation, notes, tried, revisions)
    elif use_llm:  # "fallback": the rule plan when it passes, the LLM's when the rules cannot plan
        try:
            return _with_rules(engine, instruction, job, settings, observation, max_revisions, simulate, notes, tried,
                               docs, known_keys)
        except (PlanningFailed, PlanRejected) as exc:
            notes.append(f"the rule planner could not plan ({exc}); the LLM planner was asked")
            settings = _connected(settings, connect)
            found = _with_llm(engine, instruction, job, settings, llm, observation, max_revisions, notes, tried, docs,
                              known_keys)
            if found is None:
                raise
            plan, report, revisions = found
            return _result(plan, report, observation, notes, tried, revisions)
    return _with_rules(engine, instruction, job, settings, observation, max_revisions, simulate, notes, tried, docs,
                       known_keys)


def _connected(settings: Settings, connect: Callable[[], str | None] | None) -> Settings:
    """`settings` with the endpoint `connect` finds, when none is configured."""
    if settings.llm_base_url or connect is None:
        return settings
    return settings.model_copy(update={"llm_base_url": connect()})


def _left_open(instruction: str, observation: Observation, job: str, docs: list[str], known_keys: Any) -> bool:
    """Whether the wording leaves a decision the LLM planner makes (Drafted.left_open); a rule
    draft costs tens of milliseconds, an LLM plan seconds. A wording the rules cannot plan at all
    is left open too: the LLM may read it."""
    try:
        return bool(plan_with_rules(instruction, observation, job, documents=docs, known_keys=known_keys).left_open)
    except PlanningFailed:
        return True


def _with_rules(engine: Engine, instruction: str, job: str, settings: Settings, observation: Observation,
                max_revisions: int, simulate: bool, notes: list[str], tried: list[str], docs: list[str],
                known_keys: Any) -> PlanResult:
    """The rule planner, revised with the analyzer's feedback a bounded number of times."""
    revisions = 0
    drop: list[tuple[str, str]] = []
    add: list[tuple[str, str]] = []
    tried.append(RULES_V1)
    while True:
        drafted = plan_with_rules(instruction, observation, job, drop, add, documents=docs, known_keys=known_keys)
        report = analyze(drafted.plan, observation, engine, settings, simulate=simulate)
        notes.extend(n for n in drafted.notes if n not in notes)
        needed = {(i.table, i.column) for i in report.errors if i.code == "not_null_uncovered"} - set(add)
        key_columns = {(t.table, k) for t in drafted.plan.tables for k in t.key}
        rejected = {(i.table, i.column) for i in report.errors if i.table and i.column} - set(drop) - needed - key_columns
        if report.passed or not (rejected or needed) or revisions >= max_revisions:
            break
        drop.extend(sorted(rejected))  # type: ignore[arg-type]
        add.extend(sorted(needed))  # type: ignore[arg-type]
        notes.extend(f"revision {revisions + 1}: planned {t}.{c}, which inserted rows need" for t, c in sorted(needed))
        revisions += 1
    if not report.passed:
        report.notes, report.planners_tried, report.revisions = notes, tried, revisions
        raise PlanRejected(f"the plan failed {len(report.errors)} check(s): "
                           + "; ".join(i.message for i in report.errors[:3]), report=report)
    return _result(drafted.plan, report, observation, notes, tried, revisions)


def existing_keys(engine: Engine, observation: Observation, limit: int = KEYS_READ) -> dict[str, list[str]]:
    """Each table's natural-key values (text, at most `limit` per table), so documents can be
    matched against the rows a table already has. Identifiers come from the observation."""
    from sqlalchemy import MetaData, Table, select
    from sqlalchemy.exc import SQLAlchemyError

    keys: dict[str, list[str]] = {}
    metadata = MetaData()
    try:
        with engine.connect() as conn:
            for t in observation.tables:
                if not t.natural_key or len(t.natural_key) != 1:
                    continue
                table = Table(t.name, metadata, autoload_with=conn)
                column = table.c[t.natural_key[0]]
                rows = conn.execute(select(column).where(column.is_not(None)).limit(limit)).scalars().all()
                keys[t.name] = [str(v) for v in rows if str(v).strip()]
    except SQLAlchemyError:
        return {}
    return keys


def _with_llm(engine: Engine, instruction: str, job: str, settings: Settings, llm: Any, observation: Observation,
              max_revisions: int, notes: list[str], tried: list[str], documents: Sequence[str] = (),
              known_keys: dict[str, list[str]] | None = None) -> tuple[Plan, AnalysisReport, int] | None:
    """The LLM's best plan that passes the static checks, or None (then the rules plan)."""
    from text2db.planner.llm_planner import LlmPlanner

    feedback = ""
    passable: tuple[Plan, AnalysisReport, int] | None = None
    try:
        planner = LlmPlanner(settings, client=None if isinstance(llm, bool) or llm is None else llm)
    except LlmPlanningFailed as exc:
        notes.append(f"LLM planner unavailable ({exc}); the rule planner planned instead")
        return None
    tried.append(planner.name)
    for revision in range(max_revisions + 1):
        try:
            drafted: Drafted = planner.plan(instruction, observation, job, feedback, documents=documents,
                                            known_keys=known_keys)
        except LlmPlanningFailed as exc:  # the endpoint failed: asking again costs another timeout
            notes.append(f"LLM planner failed ({exc}); the rule planner planned instead")
            return passable
        except (LlmPlanInvalid, PlanningFailed) as exc:
            notes.append(f"LLM plan (attempt {revision + 1}) unusable: {exc}")
            feedback = str(exc)
            continue
        notes.extend(n for n in drafted.notes if n not in notes)
        report = analyze(drafted.plan, observation, engine, settings)
        if report.passed and not report.mismatches:
            return drafted.plan, report, revision
        if report.passed and passable is None:
            passable = (drafted.plan, report, revision)
        feedback = report.feedback()
    if passable is None:
        notes.append("no LLM plan passed the analyzer; the rule planner planned instead")
    return passable


def _result(plan: Plan, report: AnalysisReport, observation: Observation, notes: list[str], tried: list[str],
            revisions: int) -> PlanResult:
    report.notes = notes + [n for n in report.notes if n not in notes]
    report.planners_tried = tried
    report.revisions = revisions
    return PlanResult(plan, report, observation)
