"""SQL primitives of the integrator: reflect a target table, insert a row idempotently on its
natural key, update cells. Every value is a bound parameter; identifiers come from reflection.

Surrogate keys: the database assigns them. A natural key with a unique constraint inserts with
INSERT ... ON CONFLICT DO NOTHING (PostgreSQL and SQLite dialect constructs), so two writers
racing on one entity end with one row. A key without a unique constraint, or a primary key the
database does not fill itself, is serialized with a table lock (PostgreSQL) or SQLite's single
writer, then looked up before the insert.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Column, MetaData, Table, func, inspect, select, text, tuple_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from text2db.integrators import bulk
from text2db.integrators.exceptions import DatabaseUnavailable, PlanMismatch, Unnormalizable

Ident = tuple[Any, ...]  # a row's identity: its primary key values (or key values without a PK)


@dataclass
class TargetTable:
    """A reflected table plus what the upsert needs to know about its keys."""

    table: Table
    key: list[str]
    identity: list[str]  # primary key columns, or the natural key when there is no PK
    unique_key: bool  # the natural key has a unique constraint or index
    db_assigns_id: bool  # the database fills a single integer PK on insert
    _locked: bool = field(default=False, repr=False)
    # INSERT ... ON CONFLICT ... RETURNING per set of columns, built once per table (a cached
    # reflection shares it across batches; SQLAlchemy then reuses the compiled form)
    _inserts: dict[frozenset[str], Any] = field(default_factory=dict, repr=False)

    def col(self, name: str) -> Column[Any]:
        try:
            return self.table.c[name]
        except KeyError:
            raise PlanMismatch(f"table {self.table.name!r} has no column {name!r}") from None

    @property
    def manual_pk(self) -> Column[Any] | None:
        """The single primary-key column that neither the database fills nor the natural key is
        (`books.isbn` where rows are matched on `title`): a row brings its value, else text2db
        numbers an integer one (max + 1)."""
        if len(self.identity) == 1 and self.identity != self.key and not self.db_assigns_id:
            return self.table.c[self.identity[0]]
        return None

    def lacks_pk(self, values: dict[str, Any]) -> bool:
        """Whether a row of `values` cannot be inserted: its primary key is given by nobody
        (not numbered by text2db: an ISBN or a code is not max + 1)."""
        pk = self.manual_pk
        return pk is not None and values.get(pk.name) is None and python_type(pk) is not int

    def where(self, ident: Ident) -> Any:
        return tuple_(*[self.table.c[c] for c in self.identity]) == tuple_(*ident) if len(ident) > 1 else (
            self.table.c[self.identity[0]] == ident[0]
        )


def reflect(conn: Connection, name: str, key: list[str]) -> TargetTable:
    """Reflect `name` through the batch's connection (so a column added in it is seen)."""
    insp = inspect(conn)
    if not insp.has_table(name):
        raise PlanMismatch(f"the target database has no table {name!r}")
    table = Table(name, MetaData(), autoload_with=conn)  # keyindex's expression indexes: see text2db/__init__.py
    indexes = insp.get_indexes(name)
    for k in key:
        if k not in table.c:
            raise PlanMismatch(f"key column {k!r} is not in table {name!r}")
    pk = [c.name for c in table.primary_key.columns]
    uniques = [set(u["column_names"]) for u in insp.get_unique_constraints(name)]
    uniques += [set(i["column_names"]) for i in indexes if i.get("unique") and None not in i["column_names"]]
    uniques.append(set(pk))
    assigns = len(pk) == 1 and _db_assigns(conn, table.c[pk[0]])
    return TargetTable(table, key, pk or list(key), set(key) in uniques, assigns)


def _db_assigns(conn: Connection, column: Column[Any]) -> bool:
    if conn.dialect.name == "sqlite":
        return column.type.python_type is int if _has_python_type(column) else False  # INTEGER PRIMARY KEY = rowid
    return column.server_default is not None or column.identity is not None


def python_type(column: Column[Any]) -> type | None:
    """The column's Python type, or None for types SQLAlchemy cannot map (arrays, JSON...)."""
    try:
        return column.type.python_type
    except NotImplementedError:
        return None


def _has_python_type(column: Column[Any]) -> bool:
    return python_type(column) is not None


def coerce(value: Any, column: Column[Any]) -> Any:
    """`value` as the column's Python type: a year into a TEXT column is "1983", "1983" into
    an INTEGER column is 1983. Raises Unnormalizable when it does not fit."""
    if value is None or not _has_python_type(column):
        return value
    kind = column.type.python_type
    try:
        if kind is int and not isinstance(value, bool):
            number = float(value)
            if not number.is_integer():
                raise Unnormalizable(f"{value!r} is not a whole number for {column.name!r}", value)
            return int(number)
        if kind is float:
            return float(value)
        if kind is str:
            return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    except (TypeError, ValueError) as exc:
        raise Unnormalizable(f"{value!r} does not fit column {column.name!r} ({column.type})", value) from exc
    return value


def same_value(a: Any, b: Any) -> bool:
    """Equal as the benchmark compares: numbers as numbers, everything else as strings."""
    if a is None or b is None:
        return a is b
    try:
        return float(a) == float(b)
    except (TypeError, ValueError):
        return str(a) == str(b)


def load_identities(conn: Connection, target: TargetTable, column: str) -> list[tuple[Any, Ident]]:
    """(value of `column`, identity) for every row: the link memory of that column."""
    cols = [target.table.c[c] for c in target.identity]
    rows = conn.execute(select(target.col(column), *cols).where(target.col(column).is_not(None))).all()  # one fetch
    return [(value, tuple(ident)) for value, *ident in rows]


def fetch(conn: Connection, target: TargetTable, ident: Ident) -> dict[str, Any] | None:
    row = conn.execute(select(target.table).where(target.where(ident))).mappings().first()
    return dict(row) if row else None


def _lock(conn: Connection, target: TargetTable) -> None:
    """Serialize writers of this table for the rest of the transaction (PostgreSQL)."""
    if conn.dialect.name == "postgresql" and not target._locked:
        preparer = conn.dialect.identifier_preparer
        conn.execute(text(f"LOCK TABLE {preparer.format_table(target.table)} IN SHARE ROW EXCLUSIVE MODE"))
        target._locked = True


def _find_by_key(conn: Connection, target: TargetTable, values: dict[str, Any]) -> Ident | None:
    where = [target.table.c[k] == values[k] for k in target.key]
    row = conn.execute(select(*[target.table.c[c] for c in target.identity]).where(*where)).first()
    return tuple(row) if row else None


def insert_row(conn: Connection, target: TargetTable, values: dict[str, Any]) -> tuple[Ident, bool]:
    """Insert a row keyed by its natural key; (identity, True) or the existing row's (identity, False)."""
    pk = target.manual_pk
    if pk is not None or not target.unique_key:
        _lock(conn, target)
        existing = _find_by_key(conn, target, values)
        if existing is not None:
            return existing, False
        if pk is not None and values.get(pk.name) is None:  # apply_row kept rows of other PK types out
            values = {**values, pk.name: (conn.execute(select(func.max(pk))).scalar() or 0) + 1}
    returned = conn.execute(_insert_statement(conn, target, values), values).first()
    if returned is not None:
        return tuple(returned[: len(target.identity)]), True
    return _existing(conn, target, values), False


def _existing(conn: Connection, target: TargetTable, values: dict[str, Any]) -> Ident:
    """The identity of the row an insert of `values` conflicted with."""
    existing = _find_by_key(conn, target, values)
    if existing is None:  # the conflicting row is not visible yet (or was deleted): retry the batch
        raise DatabaseUnavailable(f"row {values!r} of {target.table.name!r} conflicted but is not visible")
    return existing


def insert_rows(conn: Connection, target: TargetTable, rows: list[dict[str, Any]]) -> list[tuple[Ident, bool]]:
    """`insert_row` for several rows with the same columns, in that order: one statement when
    the natural key is unique and the database assigns the id (bulk.py's JSON insert, else
    SQLAlchemy's multi-row INSERT ... ON CONFLICT DO NOTHING RETURNING), else one after another.

    RETURNING lists only the rows inserted, in no promised order: each is matched to its row by
    the key it returns. For a row whose key did not come back the database finds the row by its
    key: one of the rows returned (the key came back in another form, e.g. CHAR padding), or the
    row it conflicted with (another writer's, or an earlier row of the same statement), whose
    identity it gets, not inserted, as insert_row."""
    if len(rows) == 1 or target.manual_pk is not None or not target.unique_key:
        return [insert_row(conn, target, values) for values in rows]
    width, columns = len(target.identity), list(rows[0])
    rows_json = bulk.payload(conn, target.table, rows, columns)
    if rows_json is not None:  # PostgreSQL, JSON-exact columns: one prepared statement (bulk.py)
        statement = bulk.insert_select(conn.dialect, target.table, tuple(columns), tuple(target.key),
                                       (*target.identity, *target.key))
        result = conn.execute(statement, {"rows": rows_json})
    else:
        result = conn.execute(_insert_statement(conn, target, rows[0]), rows)
    returned: dict[tuple[Any, ...], Ident] = {}
    for row in result:
        returned.setdefault(tuple(row[width:]), tuple(row[:width]))
    matched = [returned.pop(tuple(values[k] for k in target.key), None) for values in rows]
    unmatched = set(returned.values())  # inserted, but the key came back in another form (CHAR padding, a cast)
    results: list[tuple[Ident, bool]] = []
    for values, ident in zip(rows, matched):
        if ident is not None:
            results.append((ident, True))
            continue
        ident = _existing(conn, target, values)  # the database compares the key as it stores it
        results.append((ident, ident in unmatched))
        unmatched.discard(ident)
    return results


def _insert_statement(conn: Connection, target: TargetTable, values: dict[str, Any]) -> Any:
    """The row insert for this set of columns, values bound at execution (built once). It
    returns the identity, then the key (insert_rows matches the rows it sent by their key)."""
    shape = frozenset(values)
    if shape not in target._inserts:
        statement = (postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert)(target.table)
        if target.unique_key:
            statement = statement.on_conflict_do_nothing(index_elements=[target.table.c[k] for k in target.key])
        target._inserts[shape] = statement.returning(*[target.table.c[c] for c in [*target.identity, *target.key]])
    return target._inserts[shape]


def update_cells(conn: Connection, target: TargetTable, ident: Ident, values: dict[str, Any]) -> None:
    if values:
        conn.execute(target.table.update().where(target.where(ident)).values(**values))
