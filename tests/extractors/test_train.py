"""A distillation round measurably improves the fine-tuned span extractor on held-out labels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import make_plan

from text2db.config import Settings
from text2db.extractors import train
from text2db.extractors.configuration import ExtractorConfig
from text2db.extractors.pipeline import Extractor
from text2db.extractors.span_model import SpanModel, accepted_folder, question_for
from text2db.schemas.events import DocumentEvent


def _texts(redocred_dev: Path, domain: str, n: int) -> list[str]:
    out = []
    for inst in sorted(redocred_dev.iterdir()):
        data = json.loads((inst / "data.json").read_text())[0]
        if data["db_name"] == domain:
            out.append(data["text"])
    return out[:n]


@pytest.mark.slow
def test_distillation_round_improves_heldout_exact_match(redocred_dev: Path, tmp_path: Path) -> None:
    plan = make_plan("person", "person", "name", ["birth", "death", "birth_place", "citizenship"])
    texts = _texts(redocred_dev, "person", 40)
    settings = Settings(home=tmp_path)
    # The teacher's labels (LLM log), here the rules' confident answers on earlier documents.
    examples = train.rule_examples(plan, texts)
    for ex in examples[: len(examples) // 2]:
        if ex.start >= 0:
            train.record_llm_label(settings, ex.question, ex.context, ex.context[ex.start:ex.end])
    logged = train.llm_examples(settings)
    assert logged and all(e.source == "llm" for e in logged)
    report = train.train_and_register(examples, settings, epochs=3, accept_exact=0.3)
    assert report.heldout_size > 0 and report.train_size > report.heldout_size
    assert report.exact_after > report.exact_before + 0.1  # measurable improvement on held-out labels
    assert Path(report.folder, "head.pt").exists()
    if report.accepted:  # the router then uses it for what the rules leave open
        assert accepted_folder(tmp_path / "models") == Path(report.folder)
        model = SpanModel.load(Path(report.folder))
        text = "Anna Berg (3 May 1950 – 9 June 2001) was a Swedish painter."
        answer = model.predict([question_for("date of birth of the person", "Anna Berg")], [text])[0]
        assert answer is None or text[answer.start:answer.end] == answer.text
        event = Extractor(plan, settings, ExtractorConfig(trained_model_dir=str(tmp_path / "models"))).extract(
            DocumentEvent(job="j", document_id="d", text=text))
        assert event.rows
