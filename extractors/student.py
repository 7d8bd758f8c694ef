"""What a job's small models learn from the LLM as documents go by (the distillation memory).

Two things, both per (table, column) and both from grounded LLM answers only:

- cues: the content words just before a value the LLM found ("located next to X" teaches
  `near` the cue "next"); the reader adds the frequent ones to the column's own words;
- agreement: each time the LLM answers, whether the small models had given the same value (or
  the same "not stated"). A column whose recent agreement is high enough is trusted: the LLM is
  no longer asked about it. This is the calibration on held-out LLM labels: agreement is
  measured on answers the small model had not seen when it made its guess.

The memory lives with the job's extractor (one per consumer process): a restarted consumer
starts over and asks the LLM again until its columns are trusted.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from dataclasses import dataclass, field

from text2db.extractors.reader import content_words, stem
from text2db.schemas.plan import ColumnPlan

WINDOW = 20  # recent LLM answers per column that decide whether it is trusted


@dataclass
class Student:
    min_checks: int = 8
    trust_at: float = 0.85
    cues: dict[str, Counter[str]] = field(default_factory=dict)
    agreement: dict[str, deque[bool]] = field(default_factory=dict)

    @staticmethod
    def _key(table: str, column: str) -> str:
        return f"{table}\x1f{column}"

    def learn(self, table: str, col: ColumnPlan, value: str, text: str, start: int, end: int) -> None:
        """Record the words before a grounded value as cues of its column (labels are matched by their own words)."""
        if col.labels:
            return
        sentence_start = max(text.rfind(".", 0, start), text.rfind("\n", 0, start)) + 1
        before = content_words(text[sentence_start:start])[-2:]
        counter = self.cues.setdefault(self._key(table, col.name), Counter())
        counter.update(stem(w) for w in before if not re.fullmatch(r"\d+", w))

    def learned_cues(self, table: str, column: str, min_count: int = 2) -> list[str]:
        counter = self.cues.get(self._key(table, column), Counter())
        return [w for w, n in counter.most_common(8) if n >= min_count]

    def check(self, table: str, column: str, small: str | None, llm: str | None) -> None:
        """One held-out comparison of the small models' value with the LLM's (None: not stated)."""
        same = (small or "").strip().casefold() == (llm or "").strip().casefold()
        self.agreement.setdefault(self._key(table, column), deque(maxlen=WINDOW)).append(same)

    def trusted(self, table: str, column: str) -> bool:
        seen = self.agreement.get(self._key(table, column))
        return seen is not None and len(seen) >= self.min_checks and sum(seen) / len(seen) >= self.trust_at
