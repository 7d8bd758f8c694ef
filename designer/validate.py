"""Validation of a schema design: the checks every design passes before it becomes DDL.

Why a separate step: the LLM's design (and a hand-edited JSON) is untrusted. Identifiers must be
plain words (they are quoted anyway), every table needs a primary key, every foreign key must
point at a key of its parent with the same number of columns and compatible types, and no
cycle of NOT NULL foreign keys may exist (no first row could ever be inserted).
"""

from __future__ import annotations

import re

from text2db.designer.exceptions import DesignInvalid
from text2db.schemas.design import TYPE_FAMILY, SchemaDesign, TableDesign

IDENTIFIER = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
RESERVED_PREFIX = "text2db_"  # bookkeeping tables belong to text2db


def design_issues(design: SchemaDesign) -> list[str]:
    """Every problem of `design`, as sentences; empty when it is valid."""
    issues: list[str] = []
    names = [t.name for t in design.tables]
    issues += [f"table {n!r} is declared twice" for n in sorted({n for n in names if names.count(n) > 1})]
    tables = {t.name: t for t in design.tables}
    for table in design.tables:
        issues += _table_issues(table, tables)
    cycle = not_null_cycle(design)
    if cycle:
        issues.append("NOT NULL foreign keys form a cycle: " + " -> ".join(cycle))
    return issues


def _table_issues(table: TableDesign, tables: dict[str, TableDesign]) -> list[str]:
    issues: list[str] = []
    if not IDENTIFIER.match(table.name) or table.name.startswith(RESERVED_PREFIX):
        issues.append(f"table name {table.name!r} is not a plain lowercase identifier")
    names = [c.name for c in table.columns]
    issues += [f"{table.name}.{n} is declared twice" for n in sorted({n for n in names if names.count(n) > 1})]
    issues += [f"column name {table.name}.{n!r} is not a plain lowercase identifier" for n in names
               if not IDENTIFIER.match(n)]
    if not table.primary_key:
        issues.append(f"table {table.name!r} has no primary key")
    issues += [f"primary key column {table.name}.{k} does not exist" for k in table.primary_key if k not in names]
    for fk in table.foreign_keys:
        where = f"{table.name}({', '.join(fk.columns)}) -> {fk.ref_table}({', '.join(fk.ref_columns)})"
        missing = [c for c in fk.columns if c not in names]
        if missing:
            issues.append(f"foreign key {where}: column(s) {missing} do not exist")
            continue
        parent = tables.get(fk.ref_table)
        if parent is None:
            issues.append(f"foreign key {where}: table {fk.ref_table!r} does not exist")
            continue
        if len(fk.columns) != len(fk.ref_columns):
            issues.append(f"foreign key {where}: {len(fk.columns)} column(s) reference {len(fk.ref_columns)}")
            continue
        if sorted(fk.ref_columns) not in [sorted(k) for k in keys_of(parent)]:
            issues.append(f"foreign key {where}: the referenced columns are not a key of {fk.ref_table}")
            continue
        for child, ref in zip(fk.columns, fk.ref_columns):
            a, b = TYPE_FAMILY[table.column(child).type], TYPE_FAMILY[parent.column(ref).type]
            if a != b:
                issues.append(f"foreign key {where}: {child} is {a} but {fk.ref_table}.{ref} is {b}")
    return issues


def keys_of(table: TableDesign) -> list[list[str]]:
    """The column sets a foreign key may reference: the primary key and each UNIQUE column."""
    keys = [list(table.primary_key)] if table.primary_key else []
    return keys + [[c.name] for c in table.columns if c.unique and [c.name] != table.primary_key]


def not_null_cycle(design: SchemaDesign) -> list[str]:
    """A cycle of tables linked by foreign keys whose columns are all NOT NULL (a self-reference
    counts), as [t1, t2, ..., t1]; empty when there is none."""
    edges: dict[str, set[str]] = {t.name: set() for t in design.tables}
    for t in design.tables:
        for fk in t.foreign_keys:
            if fk.ref_table in edges and all(t.has_column(c) and not t.column(c).nullable for c in fk.columns):
                edges[t.name].add(fk.ref_table)
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return []

    for name in sorted(edges):
        if name not in state:
            found = visit(name)
            if found:
                return found
    return []


def dependency_order(design: SchemaDesign) -> SchemaDesign:
    """The same design with parents before children (cycles through nullable keys keep name order)."""
    placed: list[str] = []
    remaining = [t.name for t in design.tables]
    by_name = {t.name: t for t in design.tables}
    while remaining:
        ready = [n for n in remaining if all(p in placed or p == n or p not in by_name for p in by_name[n].parents)]
        for name in ready or remaining[:1]:
            placed.append(name)
        remaining = [n for n in remaining if n not in placed]
    return design.model_copy(update={"tables": [by_name[n] for n in placed]})


def checked(design: SchemaDesign) -> SchemaDesign:
    """`design` in dependency order, or DesignInvalid listing every issue."""
    issues = design_issues(design)
    if issues:
        raise DesignInvalid(f"the schema design fails {len(issues)} check(s): " + "; ".join(issues[:4]), issues=issues)
    return dependency_order(design)
