"""Plan accuracy over redocred-dev and xdomain-dev, with the rule planner or the LLM planner.

Compares each plan with the gold delta computed from input.sqlite / output.sqlite. Gold is
read here only, never by planner code.

    .venv/bin/python benchmarks/plan_accuracy.py [MISSES_SHOWN] [--full] [--no-lexicon]
        [--dataset redocred-dev|xdomain-dev] [--no-documents] [--llm] [--json]

--llm plans LLM-first (planner_llm "first") against the local LLM (started if installed and
not running) or TEXT2DB_LLM_BASE_URL; the rule planner is its fallback. --json prints one
object per dataset instead of the text report.

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

if "--no-lexicon" in sys.argv:  # read before the planner's modules are imported
    os.environ["TEXT2DB_PLANNER_LEXICON"] = "0"

from sqlalchemy import create_engine  # noqa: E402

from text2db.planner.api import make_plan  # noqa: E402
from text2db.planner.exceptions import PlanningFailed, PlanRejected  # noqa: E402

BENCHMARKS = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
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


def plan_for(instance: Path, data: dict, full: bool, counts: Counter, scratch: Path, documents: bool,
             settings=None):
    """`settings` with an LLM endpoint plans LLM-first; None plans with the rules alone."""
    source = instance / "input.sqlite"
    if full:
        source = scratch / f"{instance.name}.sqlite"
        shutil.copy(instance / "input.sqlite", source)
    engine = create_engine(f"sqlite:///{source}")
    docs = [d for d in data["text"].split(SEPARATOR) if d.strip()] if documents else None
    started = time.perf_counter()
    try:
        result = make_plan(engine, data["instruction"], instance.name, settings,
                           llm=None if settings is not None else False, simulate=full, documents=docs)
    finally:
        engine.dispose()
    counts["ms"] += int((time.perf_counter() - started) * 1000)
    counts[f"planner {result.plan.planner}"] += 1
    if full:
        sim = result.report.simulation
        counts[f"simulation_{sim.status}"] += 1
        counts["cells_checked"] += sim.cells_checked
        counts["cells_matched"] += sim.cells_matched
    return result.plan


def _shape(plan) -> list[tuple]:
    """What a plan decides: tables in order, each with its operation, row restriction and columns."""
    return [(t.table, t.operation, t.only_existing_rows, sorted((c.name, c.tool, tuple(c.labels or ()))
                                                                for c in t.columns)) for t in plan.tables]


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


def measure(name: str, full: bool, documents: bool, settings=None, every: int = 1) -> dict:
    """The figures for one dataset (every `every`-th instance, in name order); misses name every
    instance whose plan is not right."""
    dataset = BENCHMARKS / name
    counts: Counter[str] = Counter()
    misses: list[str] = []
    pooled = pooled_values(dataset)
    scratch = Path(tempfile.mkdtemp(prefix="t2d-measure-"))
    planned_cols = gold_cols_total = 0
    instances = sorted(p for p in dataset.iterdir() if p.is_dir())[::every]
    for number, instance in enumerate(instances, 1):
        if settings is not None and number % 10 == 0:  # LLM planning is slow: show progress
            print(f"  {name}: {number}/{len(instances)} planned", file=sys.stderr, flush=True)
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
            plan = plan_for(instance, data, full, counts, scratch, documents, settings)
        except (PlanningFailed, PlanRejected) as exc:
            misses.append(f"{instance.name}: NOT PLANNED: {str(exc)[:160]}  [{data['instruction'][:80]}]")
            gold_cols_total += sum(len(c) for c in delta.values())
            continue
        counts["planned"] += 1
        if settings is not None:  # does the LLM-first plan differ from what the rules alone plan?
            try:
                counts["same_as_rules"] += _shape(plan) == _shape(plan_for(instance, data, False, Counter(), scratch,
                                                                          documents))
            except (PlanningFailed, PlanRejected):
                counts["rules_failed"] += 1
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
    shutil.rmtree(scratch, ignore_errors=True)
    n = counts["n"]
    figures = {"dataset": name, "instances": n, "every": every, "documents": documents,
               "planner": "llm-first" if settings is not None else "rules",
               "planned": counts["planned"], "task_right": counts["task"], "table_right": counts["table"],
               "columns_include_gold": counts["superset"],
               "label_columns_detected": counts["label_hit"], "label_columns_gold": counts["label_gold"],
               "fk_linked": counts["fk_ok"], "fk_instances": counts["fk_n"],
               "label_like_outside_gold": counts["label_other"], "not_label_like": counts["label_doubtful"],
               "planned_columns_per_instance": round(planned_cols / max(n, 1), 2),
               "gold_columns_per_instance": round(gold_cols_total / max(n, 1), 2),
               "ms_per_plan": round(counts["ms"] / max(counts["planned"], 1)),
               "plans_by_planner": {k[8:]: v for k, v in sorted(counts.items()) if k.startswith("planner ")},
               "same_as_rules": counts["same_as_rules"] if settings is not None else None,
               "misses": misses}
    if full:
        figures["simulation"] = {k[11:]: v for k, v in sorted(counts.items()) if k.startswith("simulation_")}
        figures["cells_reproduced"] = [counts["cells_matched"], counts["cells_checked"]]
    return figures


def print_figures(f: dict, shown: int) -> None:
    n = f["instances"]
    sample = f", every {f['every']}th" if f["every"] > 1 else ""
    print(f"== {f['dataset']} ({n} instances{sample}, {f['planner']} planner)"
          + ("" if f["documents"] else " without documents"))
    for label, key, total in (("planned", "planned", n), ("task type right", "task_right", n),
                              ("table right", "table_right", n), ("columns include all gold", "columns_include_gold", n),
                              ("label-set columns detected", "label_columns_detected", f["label_columns_gold"]),
                              ("FK child->parent linked", "fk_linked", f["fk_instances"])):
        print(f"  {label:28s} {f[key]}/{total}" + (f" = {f[key] / total:.3f}" if total else ""))
    print(f"  classification columns outside the gold delta: label-like {f['label_like_outside_gold']}, "
          f"not label-like {f['not_label_like']}")
    print(f"  planned non-key columns per instance {f['planned_columns_per_instance']:.2f} "
          f"(gold {f['gold_columns_per_instance']:.2f})")
    print(f"  make_plan {f['ms_per_plan']} ms per instance; plans by planner: "
          + ", ".join(f"{k} {v}" for k, v in f["plans_by_planner"].items()))
    if f["same_as_rules"] is not None:
        print(f"  plans the same as the rule planner's {f['same_as_rules']}/{f['planned']}")
    if "simulation" in f:
        print("  simulation " + ", ".join(f"{k} {v}" for k, v in f["simulation"].items())
              + f"; held-out cells reproduced {f['cells_reproduced'][0]}/{f['cells_reproduced'][1]}")
    for line in f["misses"][:shown]:
        print("   ", line)


def llm_settings():
    """Settings that plan LLM-first: TEXT2DB_LLM_BASE_URL, else the local server (started when
    installed and not running)."""
    from text2db.config import get_settings
    from text2db.infra import llm as local_llm

    settings = get_settings()
    if settings.llm_base_url is None:
        running = local_llm.status(settings)
        url = running["base_url"] if running.get("running") else local_llm.start(settings)
        settings = settings.model_copy(update={"llm_base_url": str(url)})
    return settings.model_copy(update={"planner_llm": "first"})


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("shown", nargs="?", type=int, default=40, help="misses shown per dataset")
    parser.add_argument("--dataset", action="append", choices=DATASETS, help="default: both")
    parser.add_argument("--full", action="store_true", help="with the rolled-back simulation (slower)")
    parser.add_argument("--no-documents", action="store_true", help="plan from the instruction and schema alone")
    parser.add_argument("--no-lexicon", action="store_true", help="switch the planner's lexicon prior off")
    parser.add_argument("--llm", action="store_true", help="plan LLM-first (local LLM or TEXT2DB_LLM_BASE_URL)")
    parser.add_argument("--every", type=int, default=1, help="every N-th instance only (LLM runs are slow)")
    parser.add_argument("--json", action="store_true", help="one JSON object per dataset")
    args = parser.parse_args()
    settings = llm_settings() if args.llm else None
    for name in args.dataset or DATASETS:
        figures = measure(name, args.full, not args.no_documents, settings, args.every)
        print(json.dumps(figures)) if args.json else print_figures(figures, args.shown)


if __name__ == "__main__":
    main()
