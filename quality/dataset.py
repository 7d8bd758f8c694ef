"""A TEXT2DB-layout dataset on disk: instances, their task, documents and file paths.

The runner reads only `data.json` and `input.sqlite` of an instance; `output.sqlite` and
`meta.json` are the answers and only the scorer opens them (`gold_path`, `meta`).
"""

from __future__ import annotations

import fnmatch
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from text2db.quality.exceptions import DatasetError

DOCUMENT_SEPARATOR = "\n" * 7  # TEXT2DB joins the documents of an instance with 7 newlines
TASK_TYPES = ("row population", "data infilling", "column addition")


@dataclass(frozen=True)
class Instance:
    name: str
    folder: Path
    instruction: str
    task_type: str
    text: str

    @property
    def input_path(self) -> Path:
        return self.folder / "input.sqlite"

    @property
    def gold_path(self) -> Path:
        return self.folder / "output.sqlite"

    @property
    def documents(self) -> list[str]:
        return split_documents(self.text)

    def meta(self) -> dict[str, Any]:
        """natural_keys and aliases: scorer only (it holds answers)."""
        path = self.folder / "meta.json"
        return json.loads(path.read_text()) if path.is_file() else {"natural_keys": {}, "aliases": {}}


def split_documents(text: str) -> list[str]:
    return [doc.strip() for doc in text.split(DOCUMENT_SEPARATOR) if doc.strip()]


def load_instance(folder: Path) -> Instance:
    try:
        first = json.loads((folder / "data.json").read_text())[0]
        return Instance(folder.name, folder, first["instruction"], first["task_type"], first["text"])
    except (OSError, ValueError, KeyError, IndexError) as exc:
        raise DatasetError(f"instance {folder} has no readable data.json: {exc}") from exc


def load_dataset(dataset_dir: Path, pattern: str | None = None, limit: int | None = None) -> list[Instance]:
    """Instances in name order, filtered by a glob on the name, at most `limit` of them."""
    if not dataset_dir.is_dir():
        raise DatasetError(f"dataset folder {dataset_dir} does not exist")
    folders = sorted(p for p in dataset_dir.iterdir() if (p / "data.json").is_file() and (p / "input.sqlite").is_file())
    if pattern:
        folders = [p for p in folders if fnmatch.fnmatch(p.name, pattern)]
    if not folders:
        raise DatasetError(f"no instances (data.json + input.sqlite) in {dataset_dir}" + (f" match {pattern!r}" if pattern else ""))
    return [load_instance(p) for p in folders[:limit]]
