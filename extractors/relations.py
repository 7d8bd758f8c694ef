"""The relation kinds the rule-based span extractor knows, and how a planned column maps to one.

A column is matched by its name first (birth_place, director...), then by MiniLM similarity of
its question to each kind's description, so a planner's wording ("place where she was born")
still finds the kind. Unmatched columns go to the LLM (or stay empty without one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from text2db.schemas.plan import ColumnPlan

ValueKind = Literal["date", "place", "country", "org", "person", "agent", "name"]


@dataclass(frozen=True)
class RelationKind:
    name: str
    description: str
    value: ValueKind
    aliases: tuple[str, ...] = ()


KINDS: tuple[RelationKind, ...] = (
    RelationKind("birth", "date of birth of the person, when they were born", "date", ("born", "birth_date", "date_of_birth", "dob")),
    RelationKind("death", "date of death of the person, when they died", "date", ("died", "death_date", "date_of_death")),
    RelationKind("birth_place", "place of birth, the city where the person was born", "place", ("birthplace", "place_of_birth")),
    RelationKind("death_place", "place of death, the city where the person died", "place", ("place_of_death",)),
    RelationKind("citizenship", "country of citizenship or nationality of the person", "country", ("nationality", "country_of_citizenship")),
    RelationKind("educated_at", "school or university the person attended or studied at", "org", ("education", "school", "alma_mater", "university")),
    RelationKind("employer", "employer, the organization the person worked for", "org", ("employed_by", "works_for", "company")),
    RelationKind("political_party", "political party the person is a member of", "org", ("party",)),
    RelationKind("record_label", "record label the artist or album is signed to or released on", "org", ("label",)),
    RelationKind("founded", "date or year the organization was founded, established or formed", "date", ("founding_date", "inception", "established", "founded_year", "year_founded")),
    RelationKind("country", "country the organization is based in or belongs to", "country", ("nation",)),
    RelationKind("headquarters", "headquarters location, the city where the organization is based", "place", ("hq", "headquarters_location", "location", "based_in")),
    RelationKind("founder", "founder, the person who founded or established the organization", "person", ("founded_by", "founders")),
    RelationKind("released", "release or publication date of the creative work", "date", ("release_date", "publication_date", "year", "release_year", "published")),
    RelationKind("performer", "performer, the singer, band or actor who performs the work", "agent", ("artist", "singer", "band", "cast", "starring")),
    RelationKind("author", "author or writer of the book or work", "person", ("writer", "written_by")),
    RelationKind("director", "director of the film or show", "person", ("directed_by",)),
    RelationKind("composer", "composer or songwriter of the music", "person", ("music_by", "songwriter")),
    RelationKind("publisher", "publisher of the book, game or magazine", "org", ("published_by",)),
    RelationKind("country_of_origin", "country of origin where the work was made", "country", ("origin", "origin_country")),
)
BY_NAME = {k.name: k for k in KINDS}
_SIMILARITY_FLOOR = 0.55


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def resolve(column: ColumnPlan) -> RelationKind | None:
    """The relation kind a column asks for, or None when no kind fits well enough."""
    name = _norm(column.name)
    for kind in KINDS:
        if name == kind.name or name in kind.aliases:
            return kind
    return _by_similarity(column.question or column.name)


def _by_similarity(question: str) -> RelationKind | None:
    from text2db.extractors.models import embed

    vectors = embed([question] + [k.description for k in KINDS])
    scores = vectors[1:] @ vectors[0]
    best = int(scores.argmax())
    return KINDS[best] if float(scores[best]) >= _SIMILARITY_FLOOR else None
