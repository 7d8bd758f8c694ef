"""One distillation round on redocred-dev: the LLM labels half the documents, the span model is
fine-tuned on those labels (plus database and rule labels), and routed extraction on the other half
is measured before and after the model is accepted.

    .venv/bin/python benchmarks/distillation_round.py [--llm-url URL] [--epochs 3] [--home DIR]

Printed: label counts by source, held-out exact match before/after, whether the version was
accepted, and for the held-out documents s/doc, the LLM's share of values, LLM calls per document
and cell P/R/F1, without and with the accepted model. Needs the local LLM (`text2db stack up --llm`).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from extraction_speed import BENCH, plan_for, run  # noqa: E402

from text2db.config import Settings  # noqa: E402
from text2db.extractors import train  # noqa: E402
from text2db.extractors.configuration import ExtractorConfig  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--llm-url", default="http://127.0.0.1:8011/v1")
    ap.add_argument("--epochs", type=int, default=train.EPOCHS)
    ap.add_argument("--accept-exact", type=float, default=0.5, help="Held-out exact match a version needs to be used.")
    ap.add_argument("--home", type=Path, default=None,
                    help="Where labels and models go (default: a temporary folder); its LLM labels are reused.")
    args = ap.parse_args()
    home = args.home or Path(tempfile.mkdtemp(prefix="text2db-distill-"))
    instances = sorted(p for p in BENCH.iterdir() if (p / "data.json").exists())
    teach, held = instances[0::2], instances[1::2]
    settings = Settings(home=home, llm_base_url=args.llm_url, llm_timeout_s=120)

    started = time.monotonic()
    examples: list[train.Example] = []
    relabel = not train.label_log(settings).exists()  # a --home from an earlier run keeps its LLM labels
    for inst in teach:
        text, plan, _gold = plan_for(inst)
        if relabel:
            train.teacher_pass(plan, [text], settings)
        examples += train.db_examples(plan, [text], f"sqlite:///{inst / 'input.sqlite'}")
        examples += train.rule_examples(plan, [text])
    examples = train.llm_examples(settings) + examples
    print(f"labels from {len(teach)} documents in {time.monotonic() - started:.0f} s:",
          {src: sum(e.source == src for e in examples) for src in ("llm", "db", "rules")})

    report = train.train_and_register(examples, settings, epochs=args.epochs, accept_exact=args.accept_exact)
    print(f"fine-tuned in {report.seconds:.0f} s: train={report.train_size} heldout={report.heldout_size} "
          f"exact {report.exact_before:.3f} -> {report.exact_after:.3f}  accepted={report.accepted}")

    no_model = ExtractorConfig(record_llm_labels=False, use_trained_model=False)
    with_model = ExtractorConfig(record_llm_labels=False, trained_model_dir=str(home / "models"))
    for name, config in (("routed, no fine-tuned", no_model), ("routed, fine-tuned", with_model)):
        r = run(held, settings, config)
        print(f"{name:22s} docs={r['docs']:3d}  {r['s_per_doc']:.3f} s/doc  LLM share={r['llm_share']:.1%}  "
              f"LLM calls/doc={r['llm_calls_per_doc']:.2f}  fine-tuned share={r['trained_share']:.1%}  "
              f"cells P={r['precision']:.3f} R={r['recall']:.3f} F1={r['f1']:.3f}")


if __name__ == "__main__":
    main()
