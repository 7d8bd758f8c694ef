"""`text2db bench`: run a TEXT2DB-layout dataset through a mode and score predictions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from text2db.console import output_console, say

bench = typer.Typer(help="Benchmark: run a TEXT2DB-layout dataset and score predictions.", no_args_is_help=True)


@bench.command("score")
def score_command(
    dataset_dir: Annotated[Path, typer.Argument(help="Folder of <instance>/{data.json,input.sqlite,output.sqlite,meta.json}.")],
    pred_dir: Annotated[Path, typer.Argument(help="Folder of <instance>/output.sqlite predictions.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    with_breakdown: Annotated[bool, typer.Option("--breakdown", help="Classify every miss and extra by stage.")] = False,
    instances: Annotated[Optional[str], typer.Option("--instances", help="Glob on instance names.")] = None,
    limit: Annotated[Optional[int], typer.Option("--limit", help="Score the first N instances (as `run --limit`).")] = None,
) -> None:
    """Strict and lenient macro/micro P/R/F1, overall and per task type."""
    from text2db.quality.breakdown import breakdown
    from text2db.quality.dataset import load_dataset
    from text2db.quality.report import print_breakdown, print_scores, scores_json
    from text2db.quality.score import score_predictions

    dataset = load_dataset(dataset_dir, instances, limit)
    scores = score_predictions(dataset, pred_dir)
    run_json = pred_dir / "run.json"
    run_record = json.loads(run_json.read_text()) if run_json.is_file() else None
    parts = breakdown(dataset, pred_dir, run_record) if with_breakdown else None
    if as_json:
        out = scores_json(scores)
        if parts is not None:
            out["breakdown"] = parts
        typer.echo(json.dumps(out, indent=2))
        return
    console = output_console(min_width=110)  # 10 number columns: never wrap, even when piped
    print_scores(console, scores, f"{pred_dir} vs {dataset_dir}")
    if parts is not None:
        print_breakdown(console, parts)


@bench.command("run")
def run_command(
    dataset_dir: Annotated[Path, typer.Argument(help="A TEXT2DB-layout dataset folder.")],
    out: Annotated[Path, typer.Option("--out", help="Prediction folder to write.")],
    limit: Annotated[Optional[int], typer.Option("--limit", help="Run at most N instances.")] = None,
    mode: Annotated[str, typer.Option("--mode", help="pipeline | llm-only | template")] = "pipeline",
    via_kafka: Annotated[bool, typer.Option("--via-kafka", help="Pipeline through the broker and consumers.")] = False,
    instances: Annotated[Optional[str], typer.Option("--instances", help="Glob on instance names.")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Keep instances a previous run in --out finished.")] = False,
    no_llm: Annotated[bool, typer.Option("--no-llm", help="Run without any LLM, even when one is configured or running.")] = False,
) -> None:
    """Write <out>/<instance>/output.sqlite for every instance, and <out>/run.json.

    The LLM is TEXT2DB_LLM_BASE_URL when set, else the local one (started when `make llm`
    installed it and it is down), as in the product's default stack; --no-llm runs without."""
    from text2db.config import get_settings
    from text2db.infra import llm as local_llm
    from text2db.quality.dataset import load_dataset
    from text2db.quality.run import MODES, run_benchmark

    if mode not in MODES:
        raise typer.BadParameter(f"--mode must be one of {', '.join(MODES)}")
    if via_kafka and mode != "pipeline":
        raise typer.BadParameter("--via-kafka runs the pipeline mode through the broker; the baselines run in-process")
    dataset = load_dataset(dataset_dir, instances, limit)
    settings = get_settings()
    url = local_llm.endpoint(settings, False if no_llm else None, say, alone="the small models run alone")
    settings = settings.model_copy(update={"llm_base_url": url})
    typer.echo(f"LLM: {settings.llm_base_url or 'none'}", err=True)
    run_benchmark(dataset, out, mode, settings, via_kafka=via_kafka, resume=resume,
                  console=output_console(min_width=110))


@bench.command("schema")
def schema_command(
    dataset_dir: Annotated[Path, typer.Argument(help="Folder of <pair>/{requirement.txt,schema.sql}.")],
    out: Annotated[Path, typer.Option("--out", help="Folder for the created SQLite files and run.json.")] = Path(
        ".text2db/bench/schema"),
    no_llm: Annotated[bool, typer.Option("--no-llm", help="The rule designer only.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print run.json instead of a table.")] = False,
    answers: Annotated[Optional[Path], typer.Option(
        "--answers", help="JSON file of recorded LLM answers: a prompt answered before is read from it, a new one is "
        "asked and added (compare two versions of the designer on the same answers).")] = None,
) -> None:
    """Text2Schema: design each requirement, create it in SQLite, score it (SchemaAgent metric)."""
    from text2db.config import get_settings
    from text2db.designer.api import designer_settings
    from text2db.designer.bench import print_run, run_bench

    settings = get_settings()
    asked = designer_settings(settings, False if no_llm else None, say)
    # recorded answers design with the LLM's words even with no LLM to ask the new prompts of
    llm = asked is not None or (answers is not None and not no_llm)
    record = run_bench(dataset_dir, out, asked or settings, llm=llm, answers=answers)
    typer.echo(json.dumps(record, indent=2)) if as_json else print_run(output_console(min_width=150), record)


def register(app: typer.Typer) -> None:
    """Add `text2db bench ...` to the root app."""
    app.add_typer(bench, name="bench")
