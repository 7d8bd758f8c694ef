"""Rich tables and JSON for scores and breakdowns: what `text2db bench score` prints."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from text2db.quality.breakdown import CATEGORIES
from text2db.quality.score import InstanceScore, summarize_scores


def scores_json(scores: list[InstanceScore]) -> dict[str, Any]:
    return {
        "summary": summarize_scores(scores),
        "instances": [
            {
                "name": s.name,
                "task_type": s.task_type,
                "missing_prediction": s.missing_prediction,
                "strict": {"tp": s.strict.tp, "pred": s.strict.pred, "gold": s.strict.gold, "f1": round(100 * s.strict.f1, 2)},
                "lenient": {"tp": s.lenient.tp, "pred": s.lenient.pred, "gold": s.lenient.gold, "f1": round(100 * s.lenient.f1, 2)},
            }
            for s in scores
        ],
    }


def print_scores(console: Console, scores: list[InstanceScore], title: str) -> None:
    table = Table(title=title, caption="S = strict, L = lenient; P/R/F1 macro over instances, µF1 micro (percent)")
    table.add_column("group", no_wrap=True)
    table.add_column("n", justify="right", no_wrap=True)
    for mode in ("S", "L"):
        for metric in ("P", "R", "F1", "µF1"):
            table.add_column(f"{mode}-{metric}", justify="right", no_wrap=True)
    for group, modes in summarize_scores(scores).items():
        cells = [group, str(modes["strict"]["instances"])]
        for mode in ("strict", "lenient"):
            s = modes[mode]
            cells += [f"{s['macro_p']:.1f}", f"{s['macro_r']:.1f}", f"{s['macro_f1']:.1f}", f"{s['micro_f1']:.1f}"]
        table.add_row(*cells, style="bold" if group == "overall" else None)
    console.print(table)
    missing = [s.name for s in scores if s.missing_prediction]
    if missing:
        console.print(f"[yellow]{len(missing)} instance(s) without a readable prediction scored as unchanged:[/] {', '.join(missing[:10])}")


def print_breakdown(console: Console, breakdown: dict[str, dict[str, dict[str, int]]]) -> None:
    """breakdown: {task type: {"missed"|"extra": {category: count}}}."""
    table = Table(title="error breakdown (lenient, fact counts)")
    table.add_column("task type")
    table.add_column("kind")
    categories = list(CATEGORIES)
    for c in categories:
        table.add_column(c, justify="right")
    for task, kinds in breakdown.items():
        for kind, counts in kinds.items():
            table.add_row(task, kind, *[str(counts.get(c, 0)) for c in categories])
    console.print(table)
