"""`text2db bench schema`: score designs against reference schemas with the SchemaAgent metric.

A dataset is a folder of pairs `<id>/requirement.txt` + `<id>/schema.sql` (reference DDL). Both
sides are read back from SQLite the way the held-out harness reads a prediction (tables,
columns, declared types, PRIMARY KEY, REFERENCES), so the score sees only what the DDL declares.

Matching: a predicted and a reference table match when their names are equal after
normalisation (case, underscores, plural), are listed synonyms, or have sentence-embedding
similarity >= 0.6 (all-MiniLM-L6-v2); one-to-one, best pairs first. Attributes of matched tables
match the same way. Per pair of schemas: table precision/recall/F1 and exact match (same table
set), attribute F1 and exact match per matched table, PK accuracy (reference tables whose key
maps onto the predicted key), FK accuracy (reference foreign keys reproduced between the matched
tables on the matched columns), data-type accuracy (matched attributes of the same type family:
numeric, text, date/time, boolean). Figures are macro averages over pairs, in percent.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from text2db.designer.words import singular
from text2db.schemas.design import TYPE_FAMILY

THRESHOLD = 0.6
SYNONYMS = [{"customer", "client"}, {"employee", "staff", "worker"}, {"order", "purchase"}, {"movie", "film"},
            {"user", "account"}, {"item", "product"}, {"doctor", "physician"}, {"teacher", "instructor"},
            {"pupil", "student"}]


@dataclass
class Table:
    name: str
    columns: dict[str, str]  # name -> type family
    primary_key: list[str]
    foreign_keys: list[tuple[tuple[str, ...], str]]  # (columns, parent table)


def read_sqlite(path: Path | str) -> list[Table]:
    """Tables of a SQLite database as declared: columns with type families, keys, references."""
    conn = sqlite3.connect(str(path))
    try:
        return _read(conn)
    finally:
        conn.close()


def read_ddl(ddl: str) -> list[Table]:
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(ddl)
        return _read(conn)
    finally:
        conn.close()


def _read(conn: sqlite3.Connection) -> list[Table]:
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
    tables = []
    for name in names:
        info = conn.execute(f"PRAGMA table_info(\"{name}\")").fetchall()  # names come from sqlite_master
        columns = {r[1]: type_family(r[2]) for r in info}
        pk = [r[1] for r in sorted(info, key=lambda r: r[5]) if r[5] > 0]
        fks: dict[int, tuple[list[str], str]] = {}
        for r in conn.execute(f"PRAGMA foreign_key_list(\"{name}\")").fetchall():
            fks.setdefault(r[0], ([], r[2]))[0].append(r[3])
        tables.append(Table(name, columns, pk, [(tuple(c), p) for c, p in fks.values()]))
    return tables


def type_family(declared: str) -> str:
    from text2db.designer.ddlread import sql_type

    return TYPE_FAMILY[sql_type(declared or "text", "")]


def words_of(name: str) -> str:
    parts = name.replace("_", " ").replace("-", " ").lower().split()
    return " ".join(parts[:-1] + [_singular_as_measured(parts[-1])]) if parts else name


def _singular_as_measured(word: str) -> str:
    """The singular the metric has always used: every word in "-ics" kept as it is (the designer
    now names `mechanic` for "mechanics"; the metric's figures stay comparable across runs)."""
    return word.lower() if word.lower().endswith("ics") else singular(word)


def similarity_matrix(a: list[str], b: list[str]) -> list[list[float]]:
    # the float all-MiniLM-L6-v2, as the SchemaAgent metric has it (figures stay comparable across runs)
    from text2db.extractors.models import sentence_encoder

    wa, wb = [words_of(x) for x in a], [words_of(x) for x in b]
    if not a or not b:
        return [[0.0] * len(b) for _ in a]
    va, vb = (sentence_encoder().encode(w, normalize_embeddings=True, show_progress_bar=False) for w in (wa, wb))
    sims = (va @ vb.T).tolist()
    for i, x in enumerate(wa):
        for j, y in enumerate(wb):
            if x.replace(" ", "") == y.replace(" ", "") or any({x, y} <= s for s in SYNONYMS):
                sims[i][j] = 1.0
    return sims


def match(pred: list[str], gold: list[str]) -> dict[str, str]:
    """One-to-one matching gold -> pred by meaning, best pairs first, similarity >= 0.6."""
    sims = similarity_matrix(pred, gold)
    pairs = sorted(((sims[i][j], i, j) for i in range(len(pred)) for j in range(len(gold))), reverse=True)
    used_p, used_g, out = set(), set(), {}
    for s, i, j in pairs:
        if s < THRESHOLD:
            break
        if i not in used_p and j not in used_g:
            used_p.add(i)
            used_g.add(j)
            out[gold[j]] = pred[i]
    return out


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Score:
    table_f1: float = 0.0
    table_exact: float = 0.0
    attribute_f1: float = 0.0
    attribute_exact: float = 0.0
    pk_accuracy: float = 0.0
    fk_accuracy: float = 0.0
    type_accuracy: float = 0.0
    extra: dict[str, float] = field(default_factory=dict)


def score(pred: list[Table], gold: list[Table]) -> Score:
    """The metric for one predicted schema against its reference."""
    pt, gt = {t.name: t for t in pred}, {t.name: t for t in gold}
    tmap = match(list(pt), list(gt))
    tp = len(tmap)
    s = Score()
    s.table_f1 = _f1(tp / len(pt) if pt else 0.0, tp / len(gt) if gt else 0.0)
    s.table_exact = float(tp == len(gt) == len(pt))
    attr_tp, attr_pred, attr_gold, exact, pk_ok, types_ok, types_n = 0, 0, 0, 0, 0, 0, 0
    cmaps: dict[str, dict[str, str]] = {}
    for g in gold:
        attr_gold += len(g.columns)
        if g.name not in tmap:
            continue
        p = pt[tmap[g.name]]
        cmap = match(list(p.columns), list(g.columns))
        cmaps[g.name] = cmap
        attr_tp += len(cmap)
        exact += len(cmap) == len(g.columns) == len(p.columns)
        pk_ok += bool(g.primary_key) and sorted(cmap.get(k, "") for k in g.primary_key) == sorted(p.primary_key)
        for gc, pc in cmap.items():
            types_n += 1
            types_ok += g.columns[gc] == p.columns[pc]
    attr_pred = sum(len(t.columns) for t in pred)
    s.attribute_f1 = _f1(attr_tp / attr_pred if attr_pred else 0.0, attr_tp / attr_gold if attr_gold else 0.0)
    s.attribute_exact = exact / len(gt) if gt else 0.0
    s.pk_accuracy = pk_ok / len(gt) if gt else 0.0
    s.type_accuracy = types_ok / types_n if types_n else 0.0
    gold_fks = [(g.name, cols, parent) for g in gold for cols, parent in g.foreign_keys]
    fk_ok = 0
    for child, cols, parent in gold_fks:
        if child not in tmap or parent not in tmap:
            continue
        p = pt[tmap[child]]
        mapped = tuple(sorted(cmaps[child].get(c, "?") for c in cols))
        fk_ok += any(pp == tmap[parent] and tuple(sorted(pc)) == mapped for pc, pp in p.foreign_keys)
    s.fk_accuracy = fk_ok / len(gold_fks) if gold_fks else 1.0
    return s


def load_pairs(dataset: Path) -> list[tuple[str, str, str]]:
    """(id, requirement, reference DDL) of every pair folder in `dataset`."""
    pairs = []
    for d in sorted(p for p in dataset.iterdir() if (p / "requirement.txt").is_file() and (p / "schema.sql").is_file()):
        pairs.append((d.name, (d / "requirement.txt").read_text(), (d / "schema.sql").read_text()))
    return pairs


METRICS = ("table_f1", "table_exact", "attribute_f1", "attribute_exact", "pk_accuracy", "fk_accuracy", "type_accuracy")


def run_bench(dataset: Path, out: Path, settings, llm: bool,  # type: ignore[no-untyped-def]
              answers: Path | None = None) -> dict[str, object]:
    """Design every pair's requirement through the product path (design, --apply into a new
    SQLite file, read back) and score it; writes <out>/run.json and returns it. `answers`: a file
    of recorded LLM answers (designer/answers.py) read where a prompt was answered before."""
    from text2db.designer.api import design_schema
    from text2db.designer.apply import apply_design
    from text2db.designer.exceptions import DesignFailed, DesignInvalid

    out.mkdir(parents=True, exist_ok=True)
    recorded = _recorded_answers(answers, settings) if llm and answers else None
    rows = []
    for pair_id, requirement, reference in load_pairs(dataset):
        db = out / f"{pair_id}.sqlite"
        db.unlink(missing_ok=True)
        started = time.monotonic()
        try:
            design = design_schema(requirement, settings, llm=recorded if recorded else None if llm else False)
        except (DesignFailed, DesignInvalid) as exc:  # no design is a pair scored 0, not the end of the run
            rows.append({"id": pair_id, "designer": "none", "seconds": round(time.monotonic() - started, 2),
                         "notes": [f"no design: {exc}"], **{m: 0.0 for m in METRICS}})
            continue
        apply_design(f"sqlite:///{db}", design)
        seconds = time.monotonic() - started
        result = score(read_sqlite(db), read_ddl(reference))
        rows.append({"id": pair_id, "designer": design.designer, "seconds": round(seconds, 2),
                     "notes": design.notes, **{m: round(100 * getattr(result, m), 1) for m in METRICS}})
    summary = {m: round(sum(r[m] for r in rows) / len(rows), 1) if rows else 0.0 for m in METRICS}
    record = {"dataset": str(dataset), "llm": llm, "pairs": len(rows), "summary": summary,
              "llm_designs": sum(1 for r in rows if str(r["designer"]).startswith("llm")),
              "seconds_per_pair": round(sum(r["seconds"] for r in rows) / max(len(rows), 1), 2),
              "llm_prompts_asked": recorded.asked if recorded else None,
              "llm_prompts_failed": recorded.failed if recorded else None, "rows": rows}
    (out / "run.json").write_text(json.dumps(record, indent=2))
    return record


def _recorded_answers(path: Path, settings):  # type: ignore[no-untyped-def]
    """Recorded answers in `path`, asking the configured (or local) endpoint for the others."""
    from text2db.designer.answers import RecordedAnswers
    from text2db.designer.api import local_llm_url
    from text2db.designer.llm import endpoint_client

    url = local_llm_url(settings)
    return RecordedAnswers(path, endpoint_client(settings, url) if url else None)


def print_run(console, record: dict[str, object]) -> None:  # type: ignore[no-untyped-def]
    from rich.table import Table as View

    view = View(title=f"Text2Schema on {record['dataset']} ({record['pairs']} pairs, LLM designs "
                      f"{record['llm_designs']}, {record['seconds_per_pair']} s/pair"
                      + (f", {record['llm_prompts_asked']} prompts asked, the others recorded"
                         if record.get("llm_prompts_asked") is not None else "") + ")")
    view.add_column("pair", no_wrap=True)  # a pair's name is what a reader looks it up by: never cut
    for m in METRICS:
        view.add_column(m.replace("_", " "), justify="right", no_wrap=True)
    for row in record["rows"]:  # type: ignore[attr-defined]
        view.add_row(row["id"], *(f"{row[m]:.1f}" for m in METRICS))
    view.add_row("[bold]mean[/]", *(f"[bold]{record['summary'][m]:.1f}[/]" for m in METRICS))  # type: ignore[index]
    console.print(view)
    if record.get("llm_prompts_failed"):  # the designs went on without those answers: not the model's figures
        console.print(f"[bold red]{record['llm_prompts_failed']} prompts failed[/] (no recorded answer and the "
                      "endpoint did not answer): these figures are not those of the model's answers")
