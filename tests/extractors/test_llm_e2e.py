"""One end-to-end extraction with the real local LLM (Qwen2.5-Coder-1.5B via llama-cpp-python)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import make_plan

from text2db.config import Settings
from text2db.extractors.configuration import ExtractorConfig
from text2db.extractors.pipeline import Extractor
from text2db.schemas.events import DocumentEvent

TEXT = (
    "Kurt Tucholsky (9 January 1890 – 21 December 1935) was a German-Jewish journalist, satirist, and writer. "
    "Born in Berlin-Moabit, he moved to Paris in 1924 and then to Sweden in 1929. As co-editor of the weekly "
    "magazine Die Weltbühne he proved himself to be a social critic."
)




@pytest.mark.slow
@pytest.mark.llm
def test_real_llm_fills_what_the_rules_miss_and_every_value_is_grounded(local_llm_url: str, tmp_path: Path) -> None:
    plan = make_plan("person", "person", "name", ["birth", "birth_place", "employer"])
    settings = Settings(home=tmp_path, llm_base_url=local_llm_url, llm_timeout_s=180)  # its labels and models stay here
    config = ExtractorConfig(llm_mode="choose", llm_for_missing=True, llm_calls_per_document=1, llm_seconds_per_document=240)
    event = Extractor(plan, settings, config).extract(DocumentEvent(job="e2e", document_id="kt", text=TEXT))
    row = next(r for r in event.rows if r.key[0].value == "Kurt Tucholsky")
    cells = {c.column: c for c in row.cells}
    assert cells["birth"].value == "9 January 1890"  # the rule's answer, confirmed or kept
    assert event.stats.llm_calls == 1 and event.stats.llm_tokens > 0
    for cell in row.cells:
        assert TEXT[cell.evidence.start:cell.evidence.end] == cell.evidence.quote
    llm_cells = [c for c in row.cells if c.tool == "text2db.llm.v2"]
    assert all(c.model == settings.llm_model for c in llm_cells)
    assert event.stats.values_llm == len(llm_cells)


@pytest.mark.slow
@pytest.mark.llm
def test_real_llm_row_writer_on_a_schema_no_rule_knows(local_llm_url: str, tmp_path: Path) -> None:
    """Issue 11: the default row writer with the real local model; what it returns is grounded."""
    from tests.extractors.test_plan_reader import LIGHTHOUSE

    text = ("Skerry Point Lighthouse stands 35 metres tall on the north cliffs. Agnes Morrow kept its light, "
            "which was first lit in 1874.")
    settings = Settings(home=tmp_path, llm_base_url=local_llm_url, llm_timeout_s=180)
    config = ExtractorConfig(use_priors=False, llm_seconds_per_document=240)
    event = Extractor(LIGHTHOUSE, settings, config).extract(DocumentEvent(job="e2e", document_id="sp", text=text))
    assert event.stats.llm_calls == 1
    rows = {r.key[0].value: {c.column: c for c in r.cells} for r in event.rows}
    row = next(cells for key, cells in rows.items() if "Skerry Point" in key)
    assert row["first_lit_year"].value == "1874"
    for cell in row.values():  # every value, whoever wrote it, is a span of the document
        assert cell.evidence is not None and text[cell.evidence.start:cell.evidence.end] == cell.evidence.quote
    assert any(c.value in ("Agnes Morrow", "35 metres") for c in row.values())
