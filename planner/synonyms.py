"""Names read by meaning where the wording and the schema share no words, by the packaged
sentence encoder (text2db.minilm_int8), and only when one candidate is clearly closer than the
next: a table named by another word ("the fleet table" for `Vehicles`, "the vendor table" for
`supplier`); with no table named, a plural noun of the wording ("the wholesalers", at a higher
bar, since an ordinary noun is less often a table's name); a listed phrase no column's words
are in ("phone numbers" for `contact_no`). Before, such plans failed or skipped the phrase."""

from __future__ import annotations

import re

import numpy as np

from text2db.planner.lexicon import words
from text2db.schemas.observation import Observation, TableObservation

MIN_SIMILARITY = 0.35  # "fleet" ~ "vehicles" 0.37, "vendor" ~ "supplier" 0.74, "animals" ~ "pets" 0.82
MIN_MARGIN = 0.08  # over the next table: "painters" is as close to `artworks` as to `artists` (0.73)


def table_meant(word: str, observation: Observation,
                least: float = MIN_SIMILARITY) -> tuple[TableObservation, float] | None:
    """The table `word` means, with the cosine similarity of the two, or None when no table is
    close enough or two are about as close."""
    found = _closest(word, [words(t.name) for t in observation.tables], least, MIN_MARGIN)
    return (observation.tables[found[0]], found[1]) if found else None


COLUMN_SIMILARITY = 0.45  # "phone numbers" ~ contact_no 0.55, "weight" ~ wt_kg 0.52, "seats" ~ seat_count 0.73
COLUMN_MARGIN = 0.15  # "min temps": min_temp_c 0.78 against max_temp_c 0.61


def column_meant(item: str, table: TableObservation, skip: set[str]) -> str | None:
    """The column of `table` a listed phrase means when no column's words are in it ("phone
    numbers" for `contact_no`), or None when none is close enough or two are about as close."""
    columns = [c for c in table.columns if c.name not in skip]
    found = _closest(item, [words(c.name) for c in columns], COLUMN_SIMILARITY, COLUMN_MARGIN)
    return columns[found[0]].name if found else None


def _closest(phrase: str, names: list[str], least: float, margin: float) -> tuple[int, float] | None:
    """(index, cosine) of the name closest to `phrase` by the sentence encoder, when it is at
    least `least` and `margin` above the next name."""
    from text2db.minilm_int8 import encode

    if not names:
        return None
    vectors = encode([phrase.lower()] + names)
    vectors = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    similarity = vectors[1:] @ vectors[0]
    order = np.argsort(-similarity)
    best = float(similarity[order[0]])
    runner_up = float(similarity[order[1]]) if len(order) > 1 else -1.0
    return (int(order[0]), best) if best >= least and best - runner_up >= margin else None


NOUN_SIMILARITY = 0.5  # a noun of the wording is no table's name as such: a higher bar ("wholesalers" ~ supplier 0.61)
PLURAL_AFTER_DETERMINER = re.compile(r"\b(?:the|any|all|these|those|our|new|more|some|every|each|existing|current)\s+"
                                     r"(?:[a-z]+\s+)?(?P<noun>[a-z]{3,}s)\b", re.I)
NOT_TABLE_NOUNS = frozenset("documents texts articles reports emails pages notes sources feeds files records rows entries "
                            "ones details values cells fields columns gaps blanks nulls others things items bits "
                            "results letters messages posts announcements bulletins descriptions".split())


def tables_meant_by_nouns(instruction: str, observation: Observation) -> dict[str, str]:
    """{table: noun} for the plural nouns after a determiner ("the wholesalers", "some of the
    animals") that a table's name is clearly closest to, when the wording names no table."""
    found: dict[str, str] = {}
    for m in PLURAL_AFTER_DETERMINER.finditer(instruction):
        noun = m.group("noun").lower()
        if noun in NOT_TABLE_NOUNS:
            continue
        meant = table_meant(noun, observation, NOUN_SIMILARITY)
        if meant is not None:
            found.setdefault(meant[0].name, noun)
    return found
