"""A general lexicon from column-name words to what a column means.

The rule planner uses it both ways: to read an instruction ("place of birth" names the column
`birth_place`) and to tell extractors what to look for (a PERSON, a DATE...). It describes
common attributes of people, organizations and creative works; it is not fitted to any table.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

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

PLACE = ("GPE", "LOC", "FAC")
MEANINGS: tuple[Meaning, ...] = (
    Meaning("date of birth", ("birth", "born", "birth date", "date of birth", "dob", "birthday"),
            ("birthdate", "born on", "when they were born"), "date", ("DATE",)),
    Meaning("date of death", ("death", "died", "death date", "date of death", "dod"), ("died on",), "date", ("DATE",)),
    Meaning("place of birth", ("birth place", "birthplace", "place of birth", "born in", "hometown"),
            ("where they were born",), "text", PLACE),
    Meaning("place of death", ("death place", "place of death", "died in"), ("where they died",), "text", PLACE),
    Meaning("country of citizenship", ("citizenship", "nationality", "country of citizenship"), (), "text",
            ("GPE", "NORP"), country=True),
    Meaning("school or university attended", ("educated at", "education", "school", "university", "alma mater",
                                              "college"), ("attended",), "text", ("ORG", "FAC")),
    Meaning("employer", ("employer", "employed by", "works for"), ("worked for",), "text", ("ORG",)),
    Meaning("political party", ("political party", "party"), ("party affiliation",), "text", ("ORG", "NORP")),
    Meaning("record label", ("record label", "label"), (), "text", ("ORG",)),
    Meaning("date of founding", ("founded", "founding", "inception", "founding date", "established",
                                 "year founded", "founded year", "founding year"), ("date founded",), "date", ("DATE",)),
    Meaning("country of origin", ("country of origin", "origin country", "origin"), (), "text", ("GPE", "NORP"),
            country=True),
    Meaning("country", ("country", "nation"), (), "text", ("GPE",), country=True),
    Meaning("headquarters location", ("headquarters", "hq", "headquarters location", "head office", "based in"),
            ("headquartered",), "text", PLACE),
    Meaning("founder", ("founder", "founders", "founded by"), (), "text", ("PERSON", "ORG")),
    Meaning("release or publication date", ("released", "release", "release date", "publication date",
                                            "published", "release year", "publication year", "year of release"),
            ("publication",), "date", ("DATE",)),
    Meaning("director", ("director", "directed by"), (), "text", ("PERSON",)),
    Meaning("composer", ("composer", "composed by", "music by"), (), "text", ("PERSON",)),
    Meaning("author", ("author", "writer", "written by"), (), "text", ("PERSON",)),
    Meaning("performer", ("performer", "artist", "performed by", "singer", "band"), (), "text", ("PERSON", "ORG")),
    Meaning("publisher", ("publisher", "published by"), (), "text", ("ORG",)),
    Meaning("producer", ("producer", "produced by"), (), "text", ("PERSON", "ORG")),
    Meaning("actor", ("actor", "actress", "star", "starring", "cast"), (), "text", ("PERSON",)),
    Meaning("spouse", ("spouse", "wife", "husband", "married to"), (), "text", ("PERSON",)),
    Meaning("occupation", ("occupation", "profession", "job"), (), "text", ()),
    Meaning("genre", ("genre",), (), "text", ()),
    Meaning("language", ("language",), (), "text", ("LANGUAGE", "NORP")),
    Meaning("city", ("city", "town"), (), "text", ("GPE",)),
    Meaning("location", ("location", "place", "venue"), (), "text", PLACE),
    Meaning("year", ("year",), (), "year", ("DATE",)),
    Meaning("date", ("date", "day"), (), "date", ("DATE",)),
    Meaning("population", ("population", "inhabitants"), (), "integer", ("CARDINAL",)),
    Meaning("number of employees", ("employees", "staff", "headcount"), (), "integer", ("CARDINAL",)),
    Meaning("revenue", ("revenue", "budget", "gross", "price", "cost", "sales"), (), "number", ("MONEY",)),
)

# Words for what a table's rows are, and the NER labels such an entity carries.
ENTITY_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "person": (("person", "people", "persons", "individual", "individuals", "human", "director", "actor",
                "author", "employee", "player", "artist", "member", "user", "customer", "student", "writer"),
               ("PERSON",)),
    "organization": (("organization", "organisation", "organizations", "organisations", "company",
                      "companies", "band", "team", "club", "university", "institution", "firm", "label",
                      "publisher", "agency", "party"), ("ORG",)),
    "creative work": (("work", "works", "creative work", "creative works", "film", "films", "movie", "movies",
                       "book", "books", "album", "albums", "song", "songs", "game", "games", "novel", "show",
                       "series", "painting"), ("WORK_OF_ART",)),
    "place": (("place", "places", "city", "cities", "country", "countries", "location", "locations", "town"),
              ("GPE", "LOC")),
    "event": (("event", "events", "battle", "war", "election", "tournament"), ("EVENT",)),
    "product": (("product", "products", "device", "vehicle", "car"), ("PRODUCT",)),
}


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
