"""Task reading over instruction phrasings nobody tuned the planner on, planned as a streaming
job is: from the instruction and the schema alone (no documents), by the rule planner, or with
`--llm` as the default stack plans (the LLM planner asked where the wording leaves a decision).

    .venv/bin/python benchmarks/task_phrasings.py [FILE ...] [--misses] [--json] [--llm]

FILE (default: benchmarks/phrasings/dev.json and heldout.json) holds schemas (DDL and rows,
built here in a temporary SQLite file) and cases (schema, table, instruction, gold task, the new
column's name for a column addition). Written by a helper that read no planner code, in domains
of its choosing; heldout.json is not read while the planner changes (print its misses only to
close a question, never to write a rule). Per file it prints: cases, task right (per gold
task), the job's table right (the plan's last table: parents come first), plans that failed, and for column additions the new column named as the gold name.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from sqlalchemy import create_engine

from text2db.config import Settings
from text2db.planner.api import make_plan
from text2db.planner.exceptions import PlanningFailed, PlanRejected

HERE = Path(__file__).resolve().parent / "phrasings"


def _database(folder: Path, name: str, schema: dict[str, list[str]]) -> str:
    path = folder / f"{name}.sqlite"
    with sqlite3.connect(path) as conn:
        for statement in schema["ddl"] + schema["rows"]:
            conn.execute(statement)
    return f"sqlite:///{path}"


def measure(path: Path, llm_url: str | None = None) -> dict[str, object]:
    data = json.loads(path.read_text())
    right, total, failed, named, on_table = Counter(), Counter(), 0, [0, 0], 0
    misses: list[str] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        urls = {name: _database(Path(folder), name, schema) for name, schema in data["schemas"].items()}
        for i, case in enumerate(data["cases"]):
            engine = create_engine(urls[case["schema"]])
            total[case["task"]] += 1
            try:
                plan = make_plan(engine, case["instruction"], f"phrasing-{i}", Settings(llm_base_url=llm_url),
                                 llm=None if llm_url else False).plan
            except (PlanningFailed, PlanRejected) as exc:
                failed += 1
                misses.append(f"{case['task']} -> failed ({str(exc)[:80]}) | {case['instruction']}")
                continue
            finally:
                engine.dispose()
            table = next((t for t in plan.tables if t.table == case["table"]), plan.tables[-1])
            got = table.operation
            target = plan.tables[-1].table  # parents come first; the table the job is for, last
            on_table += target == case["table"]
            if target != case["table"]:
                misses.append(f"table {case['table']} -> {target} | {case['instruction']}")
            right[case["task"]] += got == case["task"]
            if got != case["task"]:
                misses.append(f"{case['task']} -> {got} | {case['instruction']}")
            if case["task"] == "column_addition":
                named[1] += 1
                named[0] += any(c.new is not None and c.name == case["new_column"] for t in plan.tables for c in t.columns)
    cases = sum(total.values())
    return {"file": str(path), "cases": cases, "task_right": sum(right.values()), "table_right": on_table,
            "by_task": {t: f"{right[t]}/{total[t]}" for t in sorted(total)}, "failed": failed,
            "new_column_named": f"{named[0]}/{named[1]}",
            "ms_per_plan": round(1000 * (time.perf_counter() - started) / max(cases, 1), 1), "misses": misses}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, default=[HERE / "dev.json", HERE / "heldout.json"])
    parser.add_argument("--misses", action="store_true", help="print each miss (dev files only, see above)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--llm", action="store_true", help="plan as the default stack does: the LLM planner is asked "
                        "where the wording leaves a decision (TEXT2DB_LLM_BASE_URL, else the local LLM, started)")
    args = parser.parse_args()
    url = None
    if args.llm:
        from text2db.config import get_settings
        from text2db.infra import llm

        url = llm.endpoint(get_settings(), True, lambda message: print(message, file=sys.stderr), alone="")
    results = [measure(f, url) for f in args.files]
    if args.json:
        print(json.dumps([{k: v for k, v in r.items() if args.misses or k != "misses"} for r in results], indent=2))
        return
    for r in results:
        print(f"== {r['file']}: task right {r['task_right']}/{r['cases']} ({', '.join(f'{t} {v}' for t, v in r['by_task'].items())}); "
              f"table right {r['table_right']}; "
              f"failed {r['failed']}; new column named as asked {r['new_column_named']}; {r['ms_per_plan']} ms/plan")
        if args.misses:
            for line in r["misses"]:
                print("   ", line)


if __name__ == "__main__":
    main()
