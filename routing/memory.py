"""A job's selection memory: what the router compares documents with.

Built from the job's plan and its target database when a plan is stored (or first seen by a
router), updated as the job runs:
- descriptions: each planned table's entity, its columns' questions, and the instruction;
- rows: a sample of existing rows rendered as short texts ("airport: Abilene Regional Airport;
  city served: Abilene, Texas; ..."), so the memory knows what the job's data looks like;
- keys: the natural-key values of existing rows (read live from the tables on every refresh);
- documents: the leads of documents the job accepted (a row was written from them);
- types: the NER labels the plan declares for each table's rows, and which tables are parents
  (other planned tables link to them, e.g. the country of a dish): both read from the plan.
Descriptions, rows and documents carry their embeddings, so a router starts without re-encoding."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from sqlalchemy import MetaData, Table, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import NoSuchTableError, SQLAlchemyError

from text2db.routing.configuration import RouterConfig
from text2db.routing.encoder import DIM, embed, lead
from text2db.routing.exceptions import MemoryUnavailable
from text2db.schemas.plan import Plan, TablePlan


@dataclass
class JobMemory:
    """Everything the router knows about one job; `protos` rows align with `proto_texts`."""

    job: str
    plan_version: int
    proto_tables: list[str] = field(default_factory=list)
    proto_texts: list[str] = field(default_factory=list)
    protos: np.ndarray = field(default_factory=lambda: np.zeros((0, DIM), dtype=np.float32))
    doc_texts: list[str] = field(default_factory=list)
    docs: np.ndarray = field(default_factory=lambda: np.zeros((0, DIM), dtype=np.float32))
    keys: dict[str, str] = field(default_factory=dict)  # key value -> table
    entity_types: dict[str, list[str]] = field(default_factory=dict)  # table -> NER labels of its rows
    parents: set[str] = field(default_factory=set)  # tables other planned tables link to
    overflow: dict[str, str] = field(default_factory=dict)  # table -> key column: more keys than `keys` holds

    @property
    def subject_types(self) -> set[str]:
        """NER labels of the rows the job is about: its tables' types, parent tables excluded."""
        return {label for t, labels in self.entity_types.items() if t not in self.parents for label in labels}

    @property
    def tables(self) -> list[str]:
        return list(dict.fromkeys(self.proto_tables))

    def add_documents(self, texts: list[str], vectors: np.ndarray, keep: int) -> None:
        """Remember accepted documents (newest kept); repeated texts are ignored."""
        fresh = [i for i, t in enumerate(texts) if t not in set(self.doc_texts)]
        if not fresh:
            return
        self.doc_texts = (self.doc_texts + [texts[i] for i in fresh])[-keep:]
        self.docs = np.vstack([self.docs, vectors[fresh]])[-keep:]

    def merge(self, other: "JobMemory") -> "JobMemory":
        """One job's memory from several databases (the benchmark's instances of one kind)."""
        return JobMemory(
            job=self.job, plan_version=max(self.plan_version, other.plan_version),
            proto_tables=self.proto_tables + other.proto_tables, proto_texts=self.proto_texts + other.proto_texts,
            protos=np.vstack([self.protos, other.protos]), doc_texts=self.doc_texts + other.doc_texts,
            docs=np.vstack([self.docs, other.docs]), keys=self.keys | other.keys,
            entity_types={t: sorted(set(self.entity_types.get(t, [])) | set(other.entity_types.get(t, [])))
                          for t in self.entity_types | other.entity_types},
            parents=self.parents | other.parents, overflow=self.overflow | other.overflow,
        )

    def set_plan_facts(self, plan: Plan) -> None:
        """The plan's row types and parent tables (cheap: no database access)."""
        self.entity_types = {t.table: list(t.entity_types) for t in plan.tables}
        self.parents = {c.link.table for t in plan.tables for c in t.columns if c.link is not None and c.link.table != t.table}


def _words(identifier: str) -> str:
    return identifier.replace("_", " ").strip()


def describe(plan: Plan) -> list[tuple[str, str]]:
    """(table, text) descriptions of the plan: entity, entity with its columns' questions, instruction."""
    out: list[tuple[str, str]] = []
    for t in plan.tables:
        out.append((t.table, f"{t.entity} ({_words(t.table)})"))
        questions = "; ".join(c.question for c in t.columns if c.name not in t.key)
        if questions:
            out.append((t.table, f"{t.entity}: {questions}"))
    main = next((t.table for t in plan.tables if t.operation == "row_population"), plan.tables[-1].table)
    out.append((main, plan.instruction))
    return out


def _render(entity: str, names: list[str], row: tuple) -> str:
    parts = [f"{_words(n)}: {v}" for n, v in zip(names, row) if v is not None and str(v).strip()]
    return f"{entity}: " + "; ".join(parts)


def read_table(engine: Engine, tp: TablePlan, config: RouterConfig) -> tuple[list[str], list[str], bool]:
    """(rendered sample rows, key values, whether the table holds more keys than keys_per_table)
    of one planned table; identifiers from reflection only. A table holding more is looked up
    per document instead (RoutingService), or a 1M-row table would be known to the router by
    its first keys_per_table keys only."""
    try:
        with engine.connect() as conn:
            table = Table(tp.table, MetaData(), autoload_with=conn)
            key = table.c[tp.key[0]] if len(tp.key) == 1 and tp.key[0] in table.c else None
            # Surrogate ids and foreign-key integers say nothing about what a row is.
            shown = [c for c in table.c if not c.primary_key and not c.foreign_keys]
            rows = conn.execute(select(*shown).limit(config.rows_per_table)).all() if shown else []
            keys = [] if key is None else conn.execute(
                select(key).where(key.is_not(None)).limit(config.keys_per_table + 1)).scalars().all()
    except NoSuchTableError:
        return [], [], False
    except SQLAlchemyError as exc:
        raise MemoryUnavailable(f"could not read {tp.table} for routing: {exc}") from exc
    names = [c.name for c in shown]
    more = len(keys) > config.keys_per_table
    return ([_render(tp.entity, names, tuple(r)) for r in rows],
            [str(k) for k in keys[:config.keys_per_table] if str(k).strip()], more)


def read_contents(engine: Engine, plan: Plan, config: RouterConfig) -> tuple[list[tuple[str, str]], dict[str, str], dict[str, str]]:
    """What the memory keeps of the planned tables: (table, rendered row) samples, key value ->
    table, and table -> key column of the tables holding more keys than keys_per_table."""
    rows: list[tuple[str, str]] = []
    keys: dict[str, str] = {}
    overflow: dict[str, str] = {}
    for tp in plan.tables:
        table_rows, table_keys, more = read_table(engine, tp, config)
        rows += [(tp.table, r) for r in dict.fromkeys(table_rows)]
        keys |= {k: tp.table for k in table_keys}
        if more:
            overflow[tp.table] = tp.key[0]
    return rows, keys, overflow


def read_keys(engine: Engine, plan: Plan, config: RouterConfig) -> tuple[dict[str, str], dict[str, str]]:
    """The keys `read_contents` keeps, and the tables they overflow."""
    return read_contents(engine, plan, config)[1:]


def build_memory(engine: Engine, plan: Plan, config: RouterConfig | None = None) -> JobMemory:
    """The job's memory from its plan and the current contents of its target database."""
    config = config or RouterConfig()
    rows, keys, overflow = read_contents(engine, plan, config)
    pairs = describe(plan) + rows
    texts = [t for _, t in pairs]
    memory = JobMemory(job=plan.job, plan_version=plan.version, proto_tables=[tb for tb, _ in pairs],
                       proto_texts=texts, protos=embed(texts, config.max_tokens), keys=keys, overflow=overflow)
    memory.set_plan_facts(plan)
    return memory


def document_memory(texts: list[str], config: RouterConfig) -> tuple[list[str], np.ndarray]:
    """Leads and vectors of accepted documents, as the router stores them."""
    leads = [lead(t, config.lead_chars) for t in texts]
    return leads, embed(leads, config.max_tokens)
