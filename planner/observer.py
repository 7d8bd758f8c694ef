"""Observer: a read-only look at a target database (SQLite or PostgreSQL).

Reflection gives tables, columns, keys and foreign keys; bounded queries give what existing
rows look like. Large tables are never scanned: rows are counted up to a cap, small tables are
sampled at random, large ones by their first rows.
"""

from __future__ import annotations

from collections import Counter

from sqlalchemy import Boolean, Date, DateTime, Float, Integer, Numeric, MetaData, Table, func, inspect, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.types import TypeEngine

from text2db.planner.exceptions import ObservationFailed
from text2db.planner.formats import closed_label_set, label_set, learn_format, scale_and_unit
from text2db.planner.lexicon import meaning_of
from text2db.planner.names import read_name
from text2db.schemas.observation import ColumnObservation, ForeignKeyRef, Observation, TableObservation
from text2db.schemas.plan import ToolKind, ValueType

BOOKKEEPING_PREFIX = "text2db_"
COUNT_CAP = 100_000  # rows counted at most
RANDOM_SAMPLE_MAX_ROWS = 20_000  # below this, ORDER BY random() is cheap enough
SAMPLE_ROWS = 200
SAMPLES_KEPT = 8
DEMONSTRATIONS = 3
NATURAL_KEY_WORDS = ("name", "title", "label", "code", "slug", "email", "username")


def observe(engine: Engine, sample_rows: int = SAMPLE_ROWS) -> Observation:
    """Reflect every user table of `engine` and sample its rows; never writes."""
    try:
        inspector = inspect(engine)
        names = [n for n in inspector.get_table_names() if not n.startswith(BOOKKEEPING_PREFIX)]
        metadata = MetaData()
        with engine.connect() as conn:
            tables = [_observe_table(conn, inspector, metadata, name, sample_rows) for name in names]
    except SQLAlchemyError as exc:
        raise ObservationFailed(f"could not read the target database: {exc.__class__.__name__}: {exc}") from exc
    return Observation(dialect=engine.dialect.name, tables=dependency_order(tables))


def dependency_order(tables: list[TableObservation]) -> list[TableObservation]:
    """Parents before children; tables in a foreign-key cycle keep their name order at the end."""
    by_name = {t.name: t for t in tables}
    ordered: list[TableObservation] = []
    placed: set[str] = set()
    remaining = sorted(by_name)
    while remaining:
        ready = [n for n in remaining if all(p in placed or p not in by_name for p in by_name[n].parents)]
        if not ready:  # a cycle: break it deterministically
            ready = remaining[:1]
        for name in ready:
            ordered.append(by_name[name])
            placed.add(name)
        remaining = [n for n in remaining if n not in placed]
    return ordered


def _indexes(inspector, name: str) -> list[dict]:
    # SQLite reports an inline UNIQUE only as an automatic index, hidden by default.
    if inspector.dialect.name == "sqlite":
        return inspector.get_indexes(name, include_auto_indexes=True)
    return inspector.get_indexes(name)


def _value_type(sql_type: TypeEngine) -> ValueType:
    if isinstance(sql_type, Boolean):
        return "boolean"
    if isinstance(sql_type, Integer):
        return "integer"
    if isinstance(sql_type, (Float, Numeric)):
        return "number"
    if isinstance(sql_type, (Date, DateTime)):
        return "date"
    return "text"


def _observe_table(conn: Connection, inspector, metadata: MetaData, name: str, sample_rows: int) -> TableObservation:
    table = Table(name, metadata, autoload_with=conn)
    pk = list(inspector.get_pk_constraint(name).get("constrained_columns") or [])
    uniques = [list(u["column_names"]) for u in inspector.get_unique_constraints(name)]
    uniques += [list(i["column_names"]) for i in _indexes(inspector, name) if i.get("unique")]
    uniques = [u for i, u in enumerate(uniques) if u and None not in u and u not in uniques[:i]]
    fks = [
        ForeignKeyRef(columns=fk["constrained_columns"], ref_table=fk["referred_table"], ref_columns=fk["referred_columns"])
        for fk in inspector.get_foreign_keys(name)
        if fk.get("referred_table")
    ]
    counted = conn.execute(select(func.count()).select_from(select(1).select_from(table).limit(COUNT_CAP + 1).subquery())).scalar_one()
    query = select(table).limit(sample_rows)
    if counted <= RANDOM_SAMPLE_MAX_ROWS:
        query = query.order_by(func.random())
    rows = conn.execute(query).all()
    columns = [
        _observe_column(col, [r._mapping[col.name] for r in rows], pk, uniques, fks) for col in table.columns
    ]
    return TableObservation(
        name=name,
        columns=columns,
        primary_key=pk,
        unique_keys=uniques,
        foreign_keys=fks,
        natural_key=natural_key(columns, pk, uniques),
        row_count=min(counted, COUNT_CAP),
        row_count_capped=counted > COUNT_CAP,
        sampled_rows=len(rows),
    )


def _observe_column(col, raw: list, pk: list[str], uniques: list[list[str]], fks: list[ForeignKeyRef]) -> ColumnObservation:
    sql_value_type = _value_type(col.type)
    present = [str(v) for v in raw if v is not None]
    fmt, value_type = learn_format(present, sql_value_type)
    meaning = meaning_of(col.name)
    named = read_name(col.name)
    said = meaning.value_type if meaning is not None else named.value_type
    if fmt.kind == "year" and (said in ("integer", "number") or named.count or named.unit):
        said = said if said in ("integer", "number") else ("integer" if named.count else "number")
        fmt, value_type = fmt.model_copy(update={"kind": said}), said  # a count or a measure, not a year
    if fmt.kind in ("integer", "number"):
        scale, unit = scale_and_unit(col.name)
        fmt = fmt.model_copy(update={"scale": scale, "unit": unit})
    is_pk = col.name in pk
    generated = is_pk and len(pk) == 1 and sql_value_type == "integer"
    unique = any(u == [col.name] for u in uniques) or (is_pk and len(pk) == 1)
    ref = next((fk for fk in fks if col.name in fk.columns), None)
    labels = label_set(present, len(raw)) if fmt.kind == "text" and not unique and ref is None else None
    if labels:
        fmt = fmt.model_copy(update={"kind": "label"})
    # most frequent first, ties by value: the same table gives the same demonstrations
    distinct = [v for v, _ in sorted(Counter(present).items(), key=lambda kv: (-kv[1], kv[0]))]
    return ColumnObservation(
        name=col.name,
        sql_type=_type_name(col.type),
        value_type=value_type,
        nullable=bool(col.nullable),
        has_default=col.server_default is not None or generated,
        primary_key=is_pk,
        unique=unique,
        generated=generated,
        references=ref,
        null_ratio=(len(raw) - len(present)) / len(raw) if raw else None,
        samples=[s[:200] for s in distinct[:SAMPLES_KEPT]],
        distinct_in_sample=len(distinct),
        format=fmt,
        labels=labels,
        labels_open=bool(labels) and not closed_label_set(present, len(raw)),
        recommended_tool=_tool(is_pk or unique, ref, labels, value_type, present),
        demonstrations=[s[:200] for s in distinct[:DEMONSTRATIONS]],
    )


def _type_name(sql_type: TypeEngine) -> str:
    try:
        return str(sql_type)
    except Exception:  # some dialect types cannot render without a dialect
        return sql_type.__class__.__name__.upper()


def _tool(is_key: bool, ref: ForeignKeyRef | None, labels, value_type: ValueType, present: list[str]) -> ToolKind:
    if ref is not None:
        return "relation"
    if is_key:
        return "key"
    if labels:
        return "classification"
    if value_type != "text":
        return "attribute"
    mean_len = sum(map(len, present)) / len(present) if present else 0
    return "entity" if mean_len <= 60 else "attribute"


def natural_key(columns: list[ColumnObservation], pk: list[str], uniques: list[list[str]]) -> list[str] | None:
    """The columns rows are matched on: a unique NOT NULL text column, else a name-like
    column, else a primary key the database does not generate."""
    by_name = {c.name: c for c in columns}
    single = [u[0] for u in uniques if len(u) == 1 and u[0] in by_name]
    text_unique = [n for n in single if by_name[n].value_type == "text" and not by_name[n].generated]
    for candidates in (
        [n for n in text_unique if not by_name[n].nullable],
        text_unique,
        [c.name for c in columns if c.name.lower() in NATURAL_KEY_WORDS and not c.primary_key],
    ):
        if candidates:
            return [candidates[0]]
    multi = [u for u in uniques if len(u) > 1]
    if multi:
        return multi[0]
    if pk and not (len(pk) == 1 and by_name[pk[0]].generated):
        return pk
    return None
