"""Plan accuracy of the rule planner over the redocred-dev instances (a measurement, not a test).

Compares each plan's task type, table and column set with the gold delta computed from
input.sqlite / output.sqlite. Gold is read here only, never by planner code.

    .venv/bin/python tests/planner/measure_plans.py [MISSES_SHOWN] [--full]

--full plans through make_plan (analyzer + rolled-back simulation) on temporary copies and
reports the time per plan and the simulation results; the default runs the rule planner only.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from sqlalchemy import create_engine

from text2db.planner.api import make_plan
from text2db.planner.observer import observe
from text2db.planner.rules import plan_with_rules

BENCH = Path(__file__).resolve().parents[3] / "shared" / "benchmarks" / "redocred-dev"
TASKS = {"row population": "row_population", "data infilling": "data_infilling", "column addition": "column_addition"}
NULLISH = {None, "", "none", "null", "n/a"}


def _rows(path: Path, table: str, key: str) -> tuple[list[str], dict]:
    con = sqlite3.connect(path)
    cur = con.execute(f'SELECT * FROM "{table}"')
    cols = [d[0] for d in cur.description]
    rows = {r[cols.index(key)]: dict(zip(cols, r)) for r in cur.fetchall()}
    con.close()
    return cols, rows


def gold_delta_columns(instance: Path) -> tuple[str, set[str]]:
    """The target table and the non-key columns the gold update wrote to."""
    meta = json.loads((instance / "meta.json").read_text())
    table, key = next(iter(meta["natural_keys"].items()))
    in_cols, before = _rows(instance / "input.sqlite", table, key)
    out_cols, after = _rows(instance / "output.sqlite", table, key)
    changed: set[str] = set()
    for k, row in after.items():
        old = before.get(k)
        for col, value in row.items():
            if col in (key, "id") or (str(value).strip().lower() if value is not None else None) in NULLISH:
                continue
            if old is None or col not in old or old[col] != value:
                changed.add(col)
    return table, changed


def plan_for(instance: Path, instruction: str, full: bool, counts: Counter[str], scratch: Path):
    if not full:
        engine = create_engine(f"sqlite:///{instance / 'input.sqlite'}")
        plan = plan_with_rules(instruction, observe(engine), instance.name).plan
        engine.dispose()
        return plan
    copy = scratch / f"{instance.name}.sqlite"
    shutil.copy(instance / "input.sqlite", copy)
    engine = create_engine(f"sqlite:///{copy}")
    started = time.perf_counter()
    result = make_plan(engine, instruction, instance.name, llm=False)
    counts["seconds_x1000"] += int((time.perf_counter() - started) * 1000)
    engine.dispose()
    sim = result.report.simulation
    counts[f"simulation_{sim.status}"] += 1
    counts["cells_checked"] += sim.cells_checked
    counts["cells_matched"] += sim.cells_matched
    return result.plan


def main() -> None:
    full = "--full" in sys.argv
    counts: Counter[str] = Counter()
    misses: list[str] = []
    tp = fp = fn = 0
    scratch = Path(tempfile.mkdtemp(prefix="t2d-measure-"))
    for instance in sorted(p for p in BENCH.iterdir() if p.is_dir()):
        data = json.loads((instance / "data.json").read_text())[0]
        gold_table, gold_cols = gold_delta_columns(instance)
        plan = plan_for(instance, data["instruction"], full, counts, scratch)
        target = plan.tables[-1]
        cols = {c.name for c in target.columns if c.tool != "key"}
        ok_task = target.operation == TASKS[data["task_type"]]
        ok_table = target.table == gold_table
        ok_cols = cols == gold_cols
        counts["n"] += 1
        counts["task"] += ok_task
        counts["table"] += ok_table
        counts["columns_exact"] += ok_cols
        counts["columns_superset"] += cols >= gold_cols
        counts["all"] += ok_task and ok_table and ok_cols
        tp += len(cols & gold_cols)
        fp += len(cols - gold_cols)
        fn += len(gold_cols - cols)
        if not (ok_task and ok_table and ok_cols):
            misses.append(f"{instance.name}: task={target.operation} table={target.table} "
                          f"extra={sorted(cols - gold_cols)} missing={sorted(gold_cols - cols)}")
    n = counts["n"]
    for name in ("task", "table", "columns_exact", "columns_superset", "all"):
        print(f"{name:18s} {counts[name]}/{n} = {counts[name] / n:.3f}")
    print(f"column precision {tp / max(tp + fp, 1):.3f} recall {tp / max(tp + fn, 1):.3f}")
    if full:
        shutil.rmtree(scratch, ignore_errors=True)
        print(f"make_plan {counts['seconds_x1000'] / n:.0f} ms per instance; simulation "
              + ", ".join(f"{k[11:]} {v}" for k, v in sorted(counts.items()) if k.startswith("simulation_"))
              + f"; held-out cells reproduced {counts['cells_matched']}/{counts['cells_checked']}")
    shown = [a for a in sys.argv[1:] if a.isdigit()]
    for line in misses[: int(shown[0]) if shown else 40]:
        print("  ", line)


if __name__ == "__main__":
    main()
