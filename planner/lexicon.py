"""A general lexicon from column-name words to what a column means.

The rule planner uses it both ways: to read an instruction ("place of birth" names the column
`birth_place`) and to tell extractors what to look for (a PERSON, a DATE...). It describes
common attributes of people, organizations and creative works; it is not fitted to any table.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from text2db.schemas.plan import ValueType


@dataclass(frozen=True)
class Meaning:
    """What a column holds: `question` in words, how instructions may name it (`phrases`),
    the value type it implies and the NER labels a value may carry."""

    question: str
    names: tuple[str, ...]  # column names (as words) that mean this
    phrases: tuple[str, ...] = ()  # extra ways an instruction says it
    value_type: ValueType = "text"
    entity_types: tuple[str, ...] = ()
    country: bool = False  # values are country names

    @property
    def all_phrases(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((self.question, *self.names, *self.phrases)))


# The lexicon is a prior, never required: TEXT2DB_PLANNER_LEXICON=0 (or ENABLED = False) switches
# it off, and the planner then reads meanings from column names, types and values alone.
ENABLED = os.environ.get("TEXT2DB_PLANNER_LEXICON", "1").strip().lower() not in ("0", "false", "no", "off")



def _load() -> tuple[tuple[Meaning, ...], dict[str, tuple[tuple[str, ...], tuple[str, ...]]]]:
    """The meanings and entity words are data (lexicon_priors.json), so no attribute or table name
    lives in the planner's code."""
    raw = json.loads(Path(__file__).with_name("lexicon_priors.json").read_text(encoding="utf-8"))
    meanings = tuple(Meaning(m["question"], tuple(m["names"]), tuple(m["phrases"]), m["value_type"],
                             tuple(m["entity_types"]), m["country"]) for m in raw["meanings"])
    entity_words = {kind: (tuple(e["words"]), tuple(e["labels"])) for kind, e in raw["entity_words"].items()}
    return meanings, entity_words


# Words for what a table's rows are (ENTITY_WORDS), and the NER labels such an entity carries.
MEANINGS, ENTITY_WORDS = _load()


def words(identifier: str) -> str:
    """`birth_place`, `BirthPlace`, `birth-place` -> 'birth place'."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", identifier)
    return " ".join(re.split(r"[^A-Za-z0-9]+", spaced)).strip().lower()


def strip_id(identifier_words: str) -> str:
    """'director id' -> 'director' (a foreign key column is named after what it points to)."""
    return re.sub(r"\s*\b(id|fk|ref|key)$", "", identifier_words).strip() or identifier_words


def meaning_of(column: str) -> Meaning | None:
    """The lexicon's meaning for the whole column name (its words, unit and id suffix aside),
    or None. A meaning matched on one word of a longer name is never returned here: `price_range`
    is not a revenue; see head_meaning for the weaker hint."""
    if not ENABLED:
        return None
    from text2db.planner.names import read_name

    for name in dict.fromkeys((strip_id(words(column)), read_name(column).words)):
        for m in MEANINGS:
            if name in m.names:
                return m
    return None


def head_meaning(column: str) -> Meaning | None:
    """A meaning matched on the name's last word only ("birth city" -> city): a hint for the
    kind of entity a value is (NER labels), never for the question or the value type."""
    if not ENABLED:
        return None
    from text2db.planner.names import read_name

    tokens = read_name(column).words.split()
    if len(tokens) < 2:
        return None
    for m in MEANINGS:
        if tokens[-1] in m.names:
            return m
    return None


def singular(word: str) -> str:
    if word.endswith(("series", "species")):  # the same in both numbers ("manga series", not "manga sery")
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def entity_of(table: str) -> tuple[str, tuple[str, ...]]:
    """What one row of `table` represents ('person', ('PERSON',)), from its name."""
    name = words(table) or table
    described = " ".join([*name.split()[:-1], singular(name.split()[-1])]) if name.split() else name
    for token in [name, *reversed(name.split())]:
        token_s = singular(token)
        for names, labels in ENTITY_WORDS.values():
            if token in names or token_s in names:
                return described, labels
    return described, ()
