"""`text2db tools` and `text2db extract` through the real console entry point."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import make_plan


def _text2db(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"TEXT2DB_HOME": str(cwd / "home"), "PATH": "/usr/bin:/bin", "HF_HUB_OFFLINE": "1"}
    return subprocess.run([sys.executable, "-m", "text2db", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_tools_lists_every_registered_tool(tmp_path: Path) -> None:
    out = _text2db("tools", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "spacy_ner" in out.stdout and "llm" in out.stdout


def test_extract_prints_one_event_per_file(tmp_path: Path) -> None:
    plan = tmp_path / "plan.json"
    plan.write_text(make_plan("person", "person", "name", ["birth", "death"]).to_json())
    doc = tmp_path / "doc.txt"
    doc.write_text("Kurt Tucholsky (9 January 1890 – 21 December 1935) was a German journalist.")
    out = _text2db("extract", "--plan", str(plan), str(doc), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    event = json.loads(out.stdout.strip().splitlines()[-1])
    cells = {c["column"]: c["value"] for r in event["rows"] for c in r["cells"]}
    assert cells == {"birth": "9 January 1890", "death": "21 December 1935"}


def test_missing_plan_is_one_red_line(tmp_path: Path) -> None:
    out = _text2db("extract", "--plan", str(tmp_path / "nope.json"), str(tmp_path / "x.txt"), cwd=tmp_path)
    assert out.returncode == 2 and "plan file" in out.stderr and "Traceback" not in out.stderr
