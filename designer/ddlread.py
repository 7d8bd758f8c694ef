"""Reading CREATE TABLE text (the LLM's answer) into a design, without executing it.

Why DDL and not JSON: a 1.5B coder model writes CREATE TABLE statements fluently and in about a
third of the tokens of the equivalent JSON (decoding is the cost on CPU). The text is untrusted:
only CREATE TABLE statements are read, by a small tokenizer here; every name is normalised to a
plain identifier, every type to one of the design's types, and anything else is ignored.
"""

from __future__ import annotations

import re

from text2db.designer.words import column_type, snake
from text2db.schemas.design import ColumnDesign, ColumnType, ForeignKeyDesign, TableDesign

CREATE = re.compile(r"create\s+table\s+(?:if\s+not\s+exists\s+)?([`\"\[]?[\w.]+[`\"\]]?)\s*\(", re.I)
NAME = r"[`\"\[]?(\w+)[`\"\]]?"
TYPE_WORDS: list[tuple[str, ColumnType]] = [
    ("bool", "BOOLEAN"), ("timestamp", "TIMESTAMP"), ("datetime", "TIMESTAMP"), ("date", "DATE"), ("time", "TIME"),
    ("decimal", "DECIMAL"), ("numeric", "DECIMAL"), ("money", "DECIMAL"), ("real", "REAL"), ("float", "REAL"),
    ("double", "REAL"), ("int", "INTEGER"), ("serial", "INTEGER"), ("bit", "BOOLEAN"), ("char", "TEXT"),
    ("text", "TEXT"), ("clob", "TEXT"), ("string", "TEXT"), ("enum", "TEXT"), ("uuid", "TEXT"), ("year", "INTEGER"),
]


def parse_tables(ddl: str) -> list[TableDesign]:
    """The tables of every CREATE TABLE statement in `ddl`, keys and references included.
    A statement that cannot be read is skipped (validation then reports what is missing)."""
    tables: list[TableDesign] = []
    for m in CREATE.finditer(ddl):
        body = _balanced(ddl, m.end() - 1)
        if body is None:
            continue
        table = _table(snake(m.group(1).strip('`"[]').split(".")[-1]), body)
        if table is not None and all(t.name != table.name for t in tables):
            tables.append(table)
    return tables


def _balanced(text: str, open_at: int) -> str | None:
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return text[open_at + 1:i]
    return None


def _parts(body: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in body:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    return [p for p in parts + [current.strip()] if p and not p.startswith("--")]


def _names(text: str) -> list[str]:
    return [snake(n) for n in re.findall(NAME, text)]


def sql_type(declared: str, column: str) -> ColumnType:
    low = declared.lower()
    for word, kind in TYPE_WORDS:
        if word in low:
            return kind
    return column_type(column)


def _table(name: str, body: str) -> TableDesign | None:
    columns: list[ColumnDesign] = []
    pk: list[str] = []
    inline_pk: list[str] = []  # `x INTEGER PRIMARY KEY`: wins over a second, table-level key (SQLite refuses two)
    fks: list[ForeignKeyDesign] = []
    uniques: set[str] = set()
    for part in _parts(re.sub(r"--[^\n]*", "", body)):
        low = part.lower()
        head = re.match(r"(?:constraint\s+\w+\s+)?(primary\s+key|foreign\s+key|unique|check|index|key)\b", low)
        if head:
            kind = head.group(1).split()[0]
            if kind == "primary":
                pk = _names(part[part.index("(") + 1:part.index(")")]) if "(" in part else pk
            elif kind == "foreign":
                fk = _foreign(part)
                fks += [fk] if fk else []
            elif kind == "unique" and "(" in part:
                cols = _names(part[part.index("(") + 1:part.index(")")])
                uniques |= set(cols) if len(cols) == 1 else set()
            continue
        m = re.match(NAME + r"\s*(.*)$", part, re.S)
        if m is None:
            continue
        column, rest = snake(m.group(1)), m.group(2)
        declared = re.split(r"\b(?:primary|not|null|unique|references|default|check|auto_?increment|generated)\b",
                            rest, maxsplit=1, flags=re.I)[0]
        rest_low = rest.lower()
        if "primary key" in rest_low:
            inline_pk = [column]
        ref = re.search(r"references\s+" + NAME + r"\s*(?:\(([^)]*)\))?", rest, re.I)
        if ref:
            fks.append(ForeignKeyDesign(columns=[column], ref_table=snake(ref.group(1)),
                                        ref_columns=_names(ref.group(2)) if ref.group(2) else ["?"]))
        columns.append(ColumnDesign(name=column, type=sql_type(declared, column),
                                    nullable="not null" not in rest_low and "primary key" not in rest_low,
                                    unique="unique" in rest_low and "primary key" not in rest_low))
    if not columns:
        return None
    columns = [c.model_copy(update={"unique": True}) if c.name in uniques else c for c in columns]
    return TableDesign(name=name, columns=columns, primary_key=inline_pk or pk, foreign_keys=fks)


def _foreign(part: str) -> ForeignKeyDesign | None:
    m = re.search(r"foreign\s+key\s*\(([^)]*)\)\s*references\s+" + NAME + r"\s*(?:\(([^)]*)\))?", part, re.I)
    if m is None:
        return None
    cols = _names(m.group(1))
    if not cols:
        return None
    return ForeignKeyDesign(columns=cols, ref_table=snake(m.group(2)),
                            ref_columns=_names(m.group(3)) if m.group(3) else ["?"] * len(cols))
