"""Mechanical repairs of a drafted design before validation: the fixes any designer would make
without a judgment call (a missing surrogate key, a reference to a parent's non-key column when
the parent has one key, a key column's type differing from its parent's, a dangling reference).
Every repair is noted; what cannot be repaired is left for validation to report."""

from __future__ import annotations

from text2db.designer.rules import break_cycles
from text2db.schemas.design import ColumnDesign, ForeignKeyDesign, SchemaDesign, TableDesign


def repair(design: SchemaDesign) -> SchemaDesign:
    notes: list[str] = []
    tables = [_with_key(_dedupe(t), notes) for t in design.tables]
    by_name = {t.name: t for t in tables}
    fixed = [_fix_references(t, by_name, notes) for t in tables]
    repaired = design.model_copy(update={"tables": fixed, "notes": design.notes + notes})
    return break_cycles(repaired)


def _dedupe(table: TableDesign) -> TableDesign:
    seen: dict[str, ColumnDesign] = {}
    for c in table.columns:
        seen.setdefault(c.name, c)
    return table.model_copy(update={"columns": list(seen.values())})


def _with_key(table: TableDesign, notes: list[str]) -> TableDesign:
    names = [c.name for c in table.columns]
    pk = [k for k in table.primary_key if k in names]
    if not pk:
        for candidate in ("id", f"{table.name}_id"):
            if candidate in names:
                pk = [candidate]
                break
    if not pk:
        notes.append(f"{table.name}: no primary key; added {table.name}_id")
        column = ColumnDesign(name=f"{table.name}_id", type="INTEGER", nullable=False)
        return table.model_copy(update={"columns": [column] + list(table.columns), "primary_key": [column.name]})
    columns = [c.model_copy(update={"nullable": False}) if c.name in pk else c for c in table.columns]
    return table.model_copy(update={"columns": columns, "primary_key": pk})


def _fix_references(table: TableDesign, tables: dict[str, TableDesign], notes: list[str]) -> TableDesign:
    fks: list[ForeignKeyDesign] = []
    columns = {c.name: c for c in table.columns}
    for fk in table.foreign_keys:
        parent = tables.get(fk.ref_table)
        if parent is None or any(c not in columns for c in fk.columns):
            notes.append(f"{table.name}: dropped a reference to missing {fk.ref_table}({', '.join(fk.ref_columns)})")
            continue
        keys = [parent.primary_key] + [[c.name] for c in parent.columns if c.unique]
        if sorted(fk.ref_columns) not in [sorted(k) for k in keys]:
            if len(fk.columns) != len(parent.primary_key):
                notes.append(f"{table.name}: dropped a reference to {parent.name}'s non-key columns")
                continue
            fk = fk.model_copy(update={"ref_columns": list(parent.primary_key)})
        for child, ref in zip(fk.columns, fk.ref_columns):
            ptype = parent.column(ref).type
            if columns[child].type != ptype:
                columns[child] = columns[child].model_copy(update={"type": ptype})
        if fk not in fks:
            fks.append(fk)
    return table.model_copy(update={"columns": list(columns.values()), "foreign_keys": fks})
