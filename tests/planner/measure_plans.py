"""Plan accuracy of the rule planner over redocred-dev and xdomain-dev (a measurement, not a test).

Compares each plan with the gold delta computed from input.sqlite / output.sqlite. Gold is
read here only, never by planner code.

    .venv/bin/python tests/planner/measure_plans.py [MISSES_SHOWN] [--full] [--no-lexicon]
        [--dataset redocred-dev|xdomain-dev] [--no-documents]

Per dataset it prints: instructions planned; task type right (the target table's); table
right; plans whose columns include every gold column (every table the gold changed, foreign-key
columns included); mean planned non-key columns vs gold; label-set columns detected (gold: a
changed column whose gold values all lie in a small repeated set of existing values - for a new
column, the values the same table's column holds across the dataset's inputs); foreign-key
instances whose plan links child to parent correctly (parent's natural key, parent planned
first, on_missing "create" when rows are added, not "create" otherwise).

--full plans through make_plan with the rolled-back simulation on temporary copies (slower);
the default runs make_plan with the static checks only (llm=False). --no-lexicon switches the
planner's lexicon prior off (TEXT2DB_PLANNER_LEXICON=0).
"""

from __future__ import annotations

import inspect
import json
import os
import re
import shutil
import sqlite3
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

if "--no-lexicon" in sys.argv:
    os.environ["TEXT2DB_PLANNER_LEXICON"] = "0"

from sqlalchemy import create_engine  # noqa: E402

from text2db.planner.api import make_plan  # noqa: E402
from text2db.planner.exceptions import PlanningFailed, PlanRejected  # noqa: E402

BENCHMARKS = Path(__file__).resolve().parents[3] / "shared" / "benchmarks"
BENCH = BENCHMARKS / "redocred-dev"
DATASETS = ("redocred-dev", "xdomain-dev")
TASKS = {"row population": "row_population", "data infilling": "data_infilling", "column addition": "column_addition"}
NULLISH = {None, "", "none", "null", "n/a"}
SEPARATOR = "\n" * 7
LABEL_MAX = 12


def _rows(path: Path, table: str, key: str) -> tuple[list[str], dict]:
    con = sqlite3.connect(path)
    cur = con.execute(f'SELECT * FROM "{table}"')
    cols = [d[0] for d in cur.description]
    rows = {r[cols.index(key)]: dict(zip(cols, r)) for r in cur.fetchall()}
    con.close()
    return cols, rows


def _nullish(value) -> bool:
    return (str(value).strip().lower() if value is not None else None) in NULLISH


def gold_delta(instance: Path) -> dict[str, dict[str, list]]:
    """{table: {column: [gold values]}} for every table the gold update changed (non-key)."""
    meta = json.loads((instance / "meta.json").read_text())
    out: dict[str, dict[str, list]] = {}
    for table, key in meta["natural_keys"].items():
        _, before = _rows(instance / "input.sqlite", table, key)
        _, after = _rows(instance / "output.sqlite", table, key)
        for k, row in after.items():
            old = before.get(k)
            for col, value in row.items():
                if col in (key, "id") or _nullish(value):
                    continue
                if old is None or col not in old or old[col] != value:
                    out.setdefault(table, {}).setdefault(col, []).append(value)
    return out


def gold_delta_columns(instance: Path) -> tuple[str, set[str]]:
    """The target table (the first of meta.json) and the non-key columns the gold wrote to."""
    meta = json.loads((instance / "meta.json").read_text())
    table = next(iter(meta["natural_keys"]))
    return table, set(gold_delta(instance).get(table, {}))


def main_table(instance: Path) -> str:
    """The table rows are added to: the last in meta.json (the child of a foreign-key pair)."""
    meta = json.loads((instance / "meta.json").read_text())
    return list(meta["natural_keys"])[-1]


def existing_values(path: Path, table: str, column: str) -> list[str]:
    con = sqlite3.connect(path)
    try:
        names = [r[1] for r in con.execute(f'PRAGMA table_info("{table}")')]
        if column not in names:
            return []
        return [str(v) for (v,) in con.execute(f'SELECT "{column}" FROM "{table}"') if not _nullish(v)]
    finally:
        con.close()


def _small_repeated(values: list[str]) -> set[str] | None:
    """A small set of short values, repeated (1.5 uses per value at least), neither numbers nor
    country names (those are open sets whatever a sample shows)."""
    from text2db.planner.formats import country_names

    distinct = set(values)
    if not (2 <= len(distinct) <= LABEL_MAX and len(values) >= 1.5 * len(distinct)):
        return None
    if any(re.fullmatch(r"-?[\d.,]+", v) for v in distinct) or any(len(v) > 40 for v in distinct):
        return None
    if sum(v.lower() in country_names() for v in distinct) >= len(distinct) / 2:
        return None
    return distinct


def pooled_values(dataset: Path) -> dict[tuple[str, str], list[str]]:
    """Every existing value of every (table, column) over the dataset's inputs."""
    pooled: dict[tuple[str, str], list[str]] = defaultdict(list)
    for instance in sorted(p for p in dataset.iterdir() if p.is_dir()):
        con = sqlite3.connect(instance / "input.sqlite")
        for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall():
            cur = con.execute(f'SELECT * FROM "{table}"')
            cols = [d[0] for d in cur.description]
            for row in cur.fetchall():
                for c, v in zip(cols, row):
                    if not _nullish(v) and not isinstance(v, (int, float)):
                        pooled[(table, c)].append(str(v))
        con.close()
    return pooled


def gold_label_columns(instance: Path, delta: dict[str, dict[str, list]],
                       pooled: dict[tuple[str, str], list[str]]) -> dict[tuple[str, str], set[str]]:
    found: dict[tuple[str, str], set[str]] = {}
    for table, cols in delta.items():
        for col, values in cols.items():
            here = existing_values(instance / "input.sqlite", table, col)
            labels = _small_repeated(here) if here else _small_repeated(pooled.get((table, col), []))
            if labels and {str(v) for v in values} <= labels:
                found[(table, col)] = labels
    return found


def plan_for(instance: Path, data: dict, full: bool, counts: Counter, scratch: Path, documents: bool):
    source = instance / "input.sqlite"
    if full:
        source = scratch / f"{instance.name}.sqlite"
        shutil.copy(instance / "input.sqlite", source)
    engine = create_engine(f"sqlite:///{source}")
    kwargs = {}
    if documents and "documents" in inspect.signature(make_plan).parameters:
        kwargs["documents"] = [d for d in data["text"].split(SEPARATOR) if d.strip()]
    started = time.perf_counter()
    try:
        result = make_plan(engine, data["instruction"], instance.name, llm=False, simulate=full, **kwargs)
    finally:
        engine.dispose()
    counts["ms"] += int((time.perf_counter() - started) * 1000)
    if full:
        sim = result.report.simulation
        counts[f"simulation_{sim.status}"] += 1
        counts["cells_checked"] += sim.cells_checked
        counts["cells_matched"] += sim.cells_matched
    return result.plan


def _fk_ok(plan, instance: Path, task: str) -> bool:
    """The child's foreign-key column is planned and links by the parent's natural key."""
    meta = json.loads((instance / "meta.json").read_text())
    con = sqlite3.connect(instance / "output.sqlite")
    fks = []
    for table in meta["natural_keys"]:
        for row in con.execute(f'PRAGMA foreign_key_list("{table}")'):
            fks.append((table, row[3], row[2], row[4]))  # child, column, parent, parent column
    con.close()
    if not fks:  # a column addition: the gold adds the column, so no constraint may be declared
        con = sqlite3.connect(instance / "input.sqlite")
        tables = list(meta["natural_keys"])
        con.close()
        child = tables[-1]
        fks = [(child, col, tables[0], "id") for col in gold_delta(instance).get(child, {}) if col.endswith("_id")]
    if not fks:
        return False
    names = [t.table for t in plan.tables]
    for child, column, parent, parent_col in fks:
        if child not in names:
            return False
        try:
            col = plan.table(child).column(column)
        except KeyError:
            return False
        link = col.link
        if link is None or link.table != parent or link.column != parent_col:
            return False
        if link.match_on != meta["natural_keys"][parent]:
            return False
        if task == "row_population":
            if link.on_missing != "create" or parent not in names or names.index(parent) > names.index(child):
                return False
        elif link.on_missing == "create":
            return False
    return True


def measure(name: str, full: bool, documents: bool, shown: int) -> None:
    dataset = BENCHMARKS / name
    counts: Counter[str] = Counter()
    misses: list[str] = []
    pooled = pooled_values(dataset)
    scratch = Path(tempfile.mkdtemp(prefix="t2d-measure-"))
    planned_cols = gold_cols_total = 0
    for instance in sorted(p for p in dataset.iterdir() if p.is_dir()):
        data = json.loads((instance / "data.json").read_text())[0]
        task = TASKS[data["task_type"]]
        delta = gold_delta(instance)
        target = main_table(instance)
        labels = gold_label_columns(instance, delta, pooled)
        counts["n"] += 1
        fk = "webnlgfk" in instance.name or len(json.loads((instance / "meta.json").read_text())["natural_keys"]) > 1
        counts["fk_n"] += fk
        counts["label_gold"] += len(labels)
        try:
            plan = plan_for(instance, data, full, counts, scratch, documents)
        except (PlanningFailed, PlanRejected) as exc:
            misses.append(f"{instance.name}: NOT PLANNED: {str(exc)[:160]}  [{data['instruction'][:80]}]")
            gold_cols_total += sum(len(c) for c in delta.values())
            continue
        counts["planned"] += 1
        tables = {t.table: t for t in plan.tables}
        tplan = tables.get(target)
        ok_table = tplan is not None
        ok_task = ok_table and tplan.operation == task
        cols = {t: {c.name for c in tp.columns if c.tool != "key"} for t, tp in tables.items()}
        missing = sorted(f"{t}.{c}" for t, cs in delta.items() for c in cs if c not in cols.get(t, set()))
        counts["table"] += ok_table
        counts["task"] += ok_task
        counts["superset"] += not missing
        planned_cols += sum(len(c) for c in cols.values())
        gold_cols_total += sum(len(c) for c in delta.values())
        extra = sorted(f"{t}.{c}" for t, cs in cols.items() for c in cs if c not in delta.get(t, {}))
        for (t, c), gold_labels in labels.items():
            col = tables[t].column(c) if t in tables and c in cols.get(t, set()) else None
            if col is not None and col.tool == "classification" and gold_labels <= set(col.labels or []):
                counts["label_hit"] += 1
        for t, tp in tables.items():
            for c in tp.columns:
                if c.tool == "classification" and (t, c.name) not in labels:
                    here = existing_values(instance / "input.sqlite", t, c.name)
                    label_like = _small_repeated(here) if here else _small_repeated(pooled.get((t, c.name), []))
                    counts["label_other" if label_like else "label_doubtful"] += 1
        if fk:
            ok_fk = _fk_ok(plan, instance, task)
            counts["fk_ok"] += ok_fk
        else:
            ok_fk = True
        if not (ok_task and not missing and ok_fk):
            misses.append(f"{instance.name}: task={tplan.operation if tplan else None}/{task} "
                          f"tables={list(tables)} missing={missing} fk_ok={ok_fk} extra={extra[:6]}")
    n = counts["n"]
    print(f"== {name} ({n} instances){'' if documents else ' without documents'}")
    for label, key, total in (("planned", "planned", n), ("task type right", "task", n), ("table right", "table", n),
                              ("columns include all gold", "superset", n),
                              ("label-set columns detected", "label_hit", counts["label_gold"]),
                              ("FK child->parent linked", "fk_ok", counts["fk_n"])):
        print(f"  {label:28s} {counts[key]}/{total}" + (f" = {counts[key] / total:.3f}" if total else ""))
    print(f"  classification columns outside the gold delta: label-like {counts['label_other']}, "
          f"not label-like {counts['label_doubtful']}")
    print(f"  planned non-key columns per instance {planned_cols / max(n, 1):.2f} (gold {gold_cols_total / max(n, 1):.2f})")
    print(f"  make_plan {counts['ms'] / max(counts['planned'], 1):.0f} ms per instance")
    if full:
        print("  simulation " + ", ".join(f"{k[11:]} {v}" for k, v in sorted(counts.items()) if k.startswith("simulation_"))
              + f"; held-out cells reproduced {counts['cells_matched']}/{counts['cells_checked']}")
    shutil.rmtree(scratch, ignore_errors=True)
    for line in misses[:shown]:
        print("   ", line)


def main() -> None:
    full = "--full" in sys.argv
    documents = "--no-documents" not in sys.argv
    shown = [a for a in sys.argv[1:] if a.isdigit()]
    names = [sys.argv[i + 1] for i, a in enumerate(sys.argv[:-1]) if a == "--dataset"] or list(DATASETS)
    for name in names:
        measure(name, full, documents, int(shown[0]) if shown else 40)


if __name__ == "__main__":
    main()
