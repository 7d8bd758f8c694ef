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
    config = ExtractorConfig(llm_for_missing=True, llm_calls_per_document=1, llm_seconds_per_document=240)
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
