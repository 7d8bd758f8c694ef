"""A reference of one column dropped where a sentence counts both tables as many and another
table relates them already (designer/relate.py `counted_many_both_ways`)."""

from __future__ import annotations

from text2db.designer.ddlread import parse_tables
from text2db.designer.relate import counted_many_both_ways
from text2db.designer.repair import repair
from text2db.designer.validate import checked
from text2db.schemas.design import SchemaDesign

# made up for this test
REQUIREMENT = (
    "Our choir tours give concerts. A singer can sing in many concerts and a concert has several singers; for each "
    "appearance we note the part sung. Every concert is led by one conductor, who is one of the singers. Concerts "
    "have a date and a venue, and singers have a name and a voice type. Venues host many concerts and a concert "
    "may be split over several venues."
)
DRAFT = """
CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, voice_type TEXT,
  concert_id INTEGER REFERENCES concert(concert_id));
CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, concert_date DATE,
  conductor_id INTEGER REFERENCES singer(singer_id), venue_id INTEGER REFERENCES venue(venue_id));
CREATE TABLE appearance (singer_id INTEGER REFERENCES singer(singer_id),
  concert_id INTEGER REFERENCES concert(concert_id), part TEXT, PRIMARY KEY (singer_id, concert_id));
"""


def _design() -> SchemaDesign:
    return checked(repair(SchemaDesign(requirement=REQUIREMENT, designer="llm:test", tables=parse_tables(DRAFT))))


def test_a_reference_beside_the_association_the_sentence_counts_both_ways_goes() -> None:
    design = counted_many_both_ways(_design())
    assert "concert_id" not in {c.name for c in design.table("singer").columns}
    assert design.table("singer").parents == []
    assert set(design.table("appearance").parents) == {"singer", "concert"}  # the many-to-many stays
    assert any(n.startswith("singer: dropped concert_id") for n in design.notes)


def test_a_role_and_a_reference_no_other_table_repeats_stay() -> None:
    design = counted_many_both_ways(_design())
    # a conductor is one singer: another relation than the appearances
    assert "conductor_id" in {c.name for c in design.table("concert").columns}
    # counted many both ways too, but nothing else relates concerts and venues: not dropped
    assert "venue_id" in {c.name for c in design.table("concert").columns}
