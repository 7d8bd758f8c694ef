"""Why facts were missed or extra: a per-task error breakdown that says what to improve.

Each lenient miss (gold fact not predicted) and extra (predicted fact not gold) gets one
category, checked in this order:
- failed: the instance raised in the run (run.json), nothing else can be said;
- integrity: the prediction overwrote a non-null input value (extra only);
- planning: the plan (state.sqlite) does not fill the gold column; or an extra fact is in a
  new row where gold adds none (filling tasks), or in a column neither gold nor the
  instruction mentions;
- linking: the row exists under another spelling (a near-duplicate key of a gold or input row);
- normalization: the cell was predicted with the right fact in a different form;
- extraction: the row or the value was not found (miss), or is not supported by gold (extra).
"""

from __future__ import annotations

import sqlite3
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

from dateutil import parser as dateparser
from rapidfuzz import fuzz

from text2db.quality.dataset import Instance
from text2db.quality.delta import Fact, TableSnapshot, database_delta, is_null_like, read_tables
from text2db.quality.score import GoldForms, fold, match
from text2db.schemas.plan import Plan

CATEGORIES = ("failed", "integrity", "planning", "linking", "normalization", "extraction")


def load_run_plan(state_path: Path) -> Plan | None:
    """The latest plan the runner stored for the instance (copied text2db_plans), if any."""
    if not state_path.is_file():
        return None
    conn = sqlite3.connect(f"file:{state_path}?mode=ro", uri=True)
    try:
        row = conn.execute("SELECT plan_json FROM text2db_plans ORDER BY version DESC LIMIT 1").fetchone()
    except sqlite3.DatabaseError:
        row = None
    finally:
        conn.close()
    return Plan.model_validate_json(row[0]) if row else None


def similar(a: str, b: str) -> bool:
    """The same fact written differently: fuzzy text, the same digits, or the same date."""
    fa, fb = fold(a), fold(b)
    if fa == fb or fuzz.ratio(fa, fb) >= 80:
        return True
    if min(len(fa), len(fb)) >= 3 and (fa in fb or fb in fa):
        return True
    digits_a, digits_b = "".join(filter(str.isdigit, a)), "".join(filter(str.isdigit, b))
    if len(digits_a) >= 4 and digits_a in digits_b or len(digits_b) >= 4 and digits_b in digits_a:
        return True
    return _date(a) is not None and _date(a) == _date(b)


def _date(text: str) -> datetime | None:
    try:
        return dateparser.parse(text, default=datetime(1, 1, 1))
    except (ValueError, OverflowError, TypeError):
        return None


def _near(key: str, forms: set[str]) -> bool:
    k = fold(key)
    return any(fuzz.ratio(k, f) >= 85 or (min(len(k), len(f)) >= 4 and (k in f or f in k)) for f in forms)


def classify_instance(instance: Instance, prediction: Path, state: Path | None, failed: bool) -> dict[str, Counter[str]]:
    """{"missed"|"extra": Counter(category)} for one predicted instance, lenient; plus
    "strict only": facts lenient accepts and strict misses (a normalization gap)."""
    meta = instance.meta()
    keys = meta.get("natural_keys") or {}
    before = read_tables(instance.input_path, keys)
    gold = database_delta(instance.input_path, instance.gold_path, keys)
    pred = database_delta(instance.input_path, prediction, keys) if prediction.is_file() else set()
    strict, lenient, missed, extra = match(gold, pred, meta)
    out: dict[str, Counter[str]] = {"missed": Counter(), "extra": Counter(), "strict only": Counter()}
    if lenient.tp > strict.tp:  # right facts in an accepted alias form: strict misses them
        out["strict only"]["normalization"] += lenient.tp - strict.tp
    if failed:
        out["missed"]["failed"] += len(missed)
        out["extra"]["failed"] += len(extra)
        return out
    plan = load_run_plan(state) if state else None
    forms = GoldForms(meta)
    gold_keys = {(g.table, g.key): forms.keys(g.table, g.key) for g in gold}
    for g in missed:
        out["missed"][_miss(g, pred, extra, plan, gold_keys[(g.table, g.key)], forms)] += 1
    for p in extra:
        out["extra"][_extra(p, before, gold, missed, gold_keys, instance.instruction)] += 1
    return out


def _miss(g: Fact, pred: set[Fact], extra: list[Fact], plan: Plan | None, key_forms: set[str], forms: GoldForms) -> str:
    if plan is not None and not _planned(plan, g.table, g.column):
        return "planning"
    row_facts = [p for p in pred if p.table == g.table and fold(p.key) in key_forms]
    if not row_facts:
        others = {p.key for p in pred if p.table == g.table}
        return "linking" if any(_near(k, key_forms) for k in others) else "extraction"
    wrong = [p for p in row_facts if p.column == g.column and p in extra]
    accepted = forms.values(g, False)
    if any(similar(p.value, a) for p in wrong for a in accepted | {g.value}):
        return "normalization"
    return "extraction"


def _planned(plan: Plan, table: str, column: str) -> bool:
    try:
        t = plan.table(table)
    except KeyError:
        return False
    return column in t.key or any(c.name == column for c in t.columns)


def _extra(
    p: Fact,
    before: dict[str, TableSnapshot],
    gold: set[Fact],
    missed: list[Fact],
    gold_keys: dict[tuple[str, str], set[str]],
    instruction: str,
) -> str:
    old = before.get(p.table)
    old_row = old.rows.get(p.key) if old else None
    if old_row is not None and not is_null_like(old_row.get(p.column)):
        return "integrity"
    gold_adds_rows = any(g.table == p.table and (not old or g.key not in old.rows) for g in gold)
    if old_row is None and not gold_adds_rows:
        return "planning"  # a new row where the task only fills existing ones
    gold_columns = {(g.table, g.column) for g in gold}
    asked = all(word[:5] in instruction.lower() for word in p.column.lower().split("_") if word)
    if (p.table, p.column) not in gold_columns and not asked:
        return "planning"
    is_gold_row = any(fold(p.key) in f for (t, _), f in gold_keys.items() if t == p.table)
    if not is_gold_row:
        known = set().union(*[f for (t, _), f in gold_keys.items() if t == p.table] or [set()])
        known |= {fold(k) for k in (old.rows if old else {})}
        if old_row is None and _near(p.key, known):
            return "linking"
        return "extraction"
    same_cell = [g for g in missed if g.table == p.table and g.column == p.column and fold(p.key) in gold_keys[(g.table, g.key)]]
    return "normalization" if any(similar(p.value, g.value) for g in same_cell) else "extraction"


def breakdown(instances: list[Instance], pred_dir: Path, run_record: dict[str, Any] | None = None) -> dict[str, dict[str, dict[str, int]]]:
    """Counts per task type (and overall): {task: {"missed"|"extra"|"strict only": {cat: n}}}."""
    errors = {r["name"] for r in (run_record or {}).get("instances", []) if r.get("error")}
    totals: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: {"missed": Counter(), "extra": Counter(), "strict only": Counter()})
    for inst in instances:
        folder = pred_dir / inst.name
        result = classify_instance(inst, folder / "output.sqlite", folder / "state.sqlite", inst.name in errors)
        for group in ("overall", inst.task_type):
            for kind in ("missed", "extra", "strict only"):
                totals[group][kind].update(result[kind])
    return {task: {kind: dict(c) for kind, c in kinds.items()} for task, kinds in totals.items()}
