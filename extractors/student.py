"""What a job's small models learn from the LLM as documents go by (the distillation memory).

Two things, both per (table, column) and both from grounded LLM answers only:

- cues: the content words just before a value the LLM found ("located next to X" teaches
  `near` the cue "next"); the reader adds the frequent ones to the column's own words;
- agreement: each time the LLM answers, whether the small models had given the same value (or
  the same "not stated"). A column whose recent agreement is high enough is trusted: the LLM is
  no longer asked about it. This is the calibration on held-out LLM labels: agreement is
  measured on answers the small model had not seen when it made its guess. "Not stated" where
  the document never writes the column's words is measured apart (router.Request.check_key):
  it is usually right, while a miss where the words are written is what the LLM is for, and
  one measure of both would keep asking about every document or stop asking too soon. Only
  answers the merge admits count: a value the LLM put under the wrong column is no check.

The memory lives with the job's extractor. A long-running consumer keeps it in the text2db home
(`students/<job>/plan-v<N>.json`, one file per plan version, a revision number per save), so a
restarted consumer goes on where it stopped instead of asking the LLM again; a new plan version
starts a new student, since its columns and questions may differ.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path

from text2db.extractors.reader import content_words, stem
from text2db.schemas.plan import ColumnPlan

WINDOW = 20  # recent LLM answers per column that decide whether it is trusted
FORMAT = "text2db.student.v1"
log = logging.getLogger(__name__)


@dataclass
class Student:
    min_checks: int = 8
    trust_at: float = 0.85
    cues: dict[str, Counter[str]] = field(default_factory=dict)
    values: dict[str, Counter[str]] = field(default_factory=dict)
    agreement: dict[str, deque[bool]] = field(default_factory=dict)
    revision: int = 0  # saves so far: which state a restarted consumer resumed from
    updates: int = 0  # lessons since this process loaded it (learn/check calls)

    @staticmethod
    def _key(table: str, column: str) -> str:
        return f"{table}\x1f{column}"

    def learn(self, table: str, col: ColumnPlan, value: str, text: str, start: int, end: int,
              others: frozenset[str] = frozenset()) -> None:
        """Record the words before a grounded value as cues of its column, and the value itself
        (labels are matched by their own words; a value an open label set lacks becomes one).
        `others`: the stems of the table's other columns' names, never this column's cues ("a
        child-friendly coffee shop" teaches eat_type no "friendly")."""
        if col.labels and (not col.labels_open or value in col.labels):
            return
        self.values.setdefault(self._key(table, col.name), Counter())[value] += 1
        sentence_start = max(text.rfind(".", 0, start), text.rfind("\n", 0, start)) + 1
        before = content_words(text[sentence_start:start])[-2:]
        self.updates += 1
        counter = self.cues.setdefault(self._key(table, col.name), Counter())
        counter.update(stem(w) for w in before if not re.fullmatch(r"\d+", w) and stem(w) not in others)

    def learned_cues(self, table: str, column: str, min_count: int = 2) -> list[str]:
        counter = self.cues.get(self._key(table, column), Counter())
        return [w for w, n in counter.most_common(8) if n >= min_count]

    def learned_values(self, table: str, column: str, min_count: int = 2) -> list[str]:
        """Values the LLM gave the column in at least `min_count` documents: the reader looks for them."""
        counter = self.values.get(self._key(table, column), Counter())
        return [v for v, n in counter.most_common(50) if n >= min_count]

    def check(self, table: str, column: str, small: str | None, llm: str | None) -> None:
        """One held-out comparison of the small models' value with the LLM's (None: not stated)."""
        self.agree(table, column, (small or "").strip().casefold() == (llm or "").strip().casefold())

    def agree(self, table: str, column: str, same: bool) -> None:
        """One held-out comparison, already decided (a row key the LLM named the same row by)."""
        self.updates += 1
        self.agreement.setdefault(self._key(table, column), deque(maxlen=WINDOW)).append(same)

    def trusted(self, table: str, column: str) -> bool:
        seen = self.agreement.get(self._key(table, column))
        return seen is not None and len(seen) >= self.min_checks and sum(seen) / len(seen) >= self.trust_at

    def untrusted(self) -> dict[tuple[str, str], list[bool]]:
        """(table, column) -> its recent checks, for each column the LLM is still asked about."""
        out = {}
        for key, seen in self.agreement.items():
            table, column = key.split("\x1f")
            if not self.trusted(table, column):
                out[(table, column)] = list(seen)
        return out

    def calibrated(self, table: str, column: str) -> float | None:
        """The confidence a trusted column's small value has earned: its recent agreement with the
        LLM (None while the column is not trusted)."""
        seen = self.agreement.get(self._key(table, column))
        return sum(seen) / len(seen) if seen and self.trusted(table, column) else None

    def to_json(self) -> dict:
        return {"format": FORMAT, "revision": self.revision,
                "cues": {k: dict(v) for k, v in self.cues.items()},
                "values": {k: dict(v) for k, v in self.values.items()},
                "agreement": {k: [int(b) for b in v] for k, v in self.agreement.items()}}

    @classmethod
    def from_json(cls, data: dict) -> Student:
        if data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} file")
        return cls(cues={k: Counter({w: int(n) for w, n in v.items()}) for k, v in data["cues"].items()},
                   values={k: Counter({w: int(n) for w, n in v.items()}) for k, v in data.get("values", {}).items()},
                   agreement={k: deque((bool(b) for b in v), maxlen=WINDOW) for k, v in data["agreement"].items()},
                   revision=int(data["revision"]))


def student_path(folder: Path, job: str, plan_version: int) -> Path:
    """One file per job and plan version; the job name is made safe for a file name."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", job).strip("._") or "job"
    return folder / safe / f"plan-v{plan_version}.json"


def load_student(path: Path) -> Student:
    """The saved student, or a new one when there is none; an unreadable file is logged and set
    aside (renamed *.bad), never fatal: the LLM teaches a new student."""
    if not path.exists():
        return Student()
    try:
        return Student.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("student memory %s is unreadable (%s): starting a new one", path, exc)
        path.replace(path.with_suffix(".bad"))
        return Student()


def save_student(student: Student, path: Path) -> None:
    """Atomic: a crash mid-write leaves the previous revision, never a torn file."""
    student.revision += 1
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(student.to_json()), encoding="utf-8")
    os.replace(tmp, path)
