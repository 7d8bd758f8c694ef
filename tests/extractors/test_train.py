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
from text2db.extractors.span_model import SpanModel, accepted_folder, question_for, value_spans
from text2db.schemas.events import DocumentEvent


def _texts(redocred_dev: Path, domain: str, n: int) -> list[str]:
    out = []
    for inst in sorted(redocred_dev.iterdir()):
        data = json.loads((inst / "data.json").read_text())[0]
        if data["db_name"] == domain:
            out.append(data["text"])
    return out[:n]


@pytest.mark.slow
@pytest.mark.llm
@pytest.mark.timeout(2400)  # 11-24 min: 24 documents labelled by the real LLM (up to 4 calls each, no time budget), then fine-tuning
def test_distillation_round_on_real_llm_labels_improves_heldout_exact_match(redocred_dev: Path, tmp_path: Path,
                                                                            local_llm_url: str) -> None:
    plan = make_plan("person", "person", "name", ["birth", "death", "birth_place", "citizenship", "educated_at"])
    texts = _texts(redocred_dev, "person", 24)
    settings = Settings(home=tmp_path, llm_base_url=local_llm_url, llm_timeout_s=180)
    # The teacher: the real local LLM labels these documents; the router logs its grounded answers.
    calls = train.teacher_pass(plan, texts, settings)
    labels = train.llm_examples(settings)
    assert calls > 0 and len(labels) >= 10
    for ex in labels:  # every label is a span of the context the LLM was shown
        assert 0 <= ex.start < ex.end <= len(ex.context) and ex.source == "llm"
    report = train.train_and_register(labels + train.rule_examples(plan, texts), settings, accept_exact=0.3)
    assert report.examples["llm"] == len(labels) and report.heldout_size >= 2
    assert report.exact_after > report.exact_before + 0.1  # measurable improvement on held-out LLM labels
    assert Path(report.folder, "head.pt").exists()
    if report.accepted:  # the router then uses it for what the rules leave open
        assert accepted_folder(tmp_path / "models") == Path(report.folder)
        model = SpanModel.load(Path(report.folder))
        text = "Anna Berg (3 May 1950 – 9 June 2001) was a Swedish painter."
        answer = model.predict([question_for("date of birth of the person", "Anna Berg")], [text])[0]
        assert answer is None or text[answer.start:answer.end] == answer.text
        event = Extractor(plan, settings.model_copy(update={"llm_base_url": None}),
                          ExtractorConfig(trained_model_dir=str(tmp_path / "models"))).extract(
            DocumentEvent(job="j", document_id="d", text=text))
        assert event.rows


def test_teacher_pass_logs_the_llm_choices_as_labels(fake_llm, tmp_path: Path) -> None:
    plan = make_plan("person", "person", "name", ["birth_place"])
    text = "Louise Faure-Favier was a French writer. She was born Jeanne Faure-Favier in Firminy."
    fake_llm.replies.append('{"birth_place": 1}')
    settings = Settings(home=tmp_path, llm_base_url=fake_llm.base_url, llm_timeout_s=5)
    assert train.teacher_pass(plan, [text], settings) == 1
    [label] = train.llm_examples(settings)
    assert label.context[label.start:label.end] == "Firminy"
    assert label.question == question_for(plan.tables[0].column("birth_place").question, "Louise Faure-Favier")
    assert train.teacher_pass(plan, [text], settings.model_copy(update={"llm_base_url": None})) == 0


def test_span_model_answers_only_with_value_spans_of_the_context() -> None:
    text = "Anna Berg (3 May 1950 – 9 June 2001) was a Swedish painter born in Uppsala."
    spans = value_spans(text)
    assert (11, 21) in spans and text[11:21] == "3 May 1950"
    assert any(text[a:b] == "Uppsala" for a, b in spans)
    model = SpanModel()  # an untrained head: its answers are poor but still spans from the list
    answers = model.predict([question_for(q, "Anna Berg") for q in ("date of birth", "place of birth", "employer")], [text] * 3)
    for answer in answers:
        assert answer is None or ((answer.start, answer.end) in spans and text[answer.start:answer.end] == answer.text)
