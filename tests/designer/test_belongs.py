"""Issue 15: references a sentence states as one row belonging to another (designer/belongs.py):
"numbered within each pontoon", "its own list of rules", "every owner's boats"."""

from __future__ import annotations

from text2db.designer.belongs import owned_references
from text2db.designer.ddlread import parse_tables
from text2db.designer.repair import repair
from text2db.designer.validate import checked
from text2db.schemas.design import SchemaDesign

REQUIREMENT = (
    "Each pontoon has a name. Berths are numbered within each pontoon and have a length. Boats have a registration "
    "and a name, and each boat is moored at one berth. Every club keeps its own list of rules. We keep every "
    "owner's boats on file. Sailors join clubs, and we print a sailor's clubs on the card.")
DRAFT = """CREATE TABLE pontoon (pontoon_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE berth (berth_number INTEGER PRIMARY KEY, length REAL);
CREATE TABLE pontoon_berth (pontoon_id INTEGER REFERENCES pontoon(pontoon_id),
  berth_number INTEGER REFERENCES berth(berth_number), PRIMARY KEY (pontoon_id, berth_number));
CREATE TABLE boat (registration TEXT PRIMARY KEY, name TEXT, berth_number INTEGER REFERENCES berth(berth_number));
CREATE TABLE club (club_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE rule (rule_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE sailor (sailor_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE sailor_club (sailor_id INTEGER REFERENCES sailor(sailor_id), club_id INTEGER REFERENCES club(club_id),
  PRIMARY KEY (sailor_id, club_id));"""


def _draft(requirement: str = REQUIREMENT, drafted: str = DRAFT) -> SchemaDesign:
    """The model's CREATE TABLE answer as the designer takes it: parsed, repaired, checked."""
    return checked(repair(SchemaDesign(requirement=requirement, designer="llm:test", tables=parse_tables(drafted))))


def _references(design: SchemaDesign, table: str) -> set[tuple[tuple[str, ...], str]]:
    return {(tuple(fk.columns), fk.ref_table) for fk in design.table(table).foreign_keys}


def test_a_number_unique_within_a_parent_makes_a_reference_and_a_key_with_the_parent() -> None:
    design = owned_references(_draft())
    # "numbered within each pontoon": one pontoon per berth, so the draft's many-to-many goes
    assert "pontoon_berth" not in {t.name for t in design.tables}
    berth = design.table("berth")
    assert _references(design, "berth") == {(("pontoon_id",), "pontoon")}
    assert berth.primary_key == ["pontoon_id", "berth_number"]
    assert not berth.column("pontoon_id").nullable
    # a boat's reference to its berth now holds the pontoon too: a berth number alone names no berth
    assert (("pontoon_id", "berth_number"), "berth") in _references(design, "boat")
    assert design.table("boat").has_column("pontoon_id")
    assert owned_references(design).tables == design.tables  # a second pass changes nothing


def test_its_own_list_makes_even_a_list_of_names_belong_to_its_owner() -> None:
    # `rule(rule_id, name)` alone would be a list of values that belongs to nothing (relate._code_list)
    assert _references(owned_references(_draft()), "rule") == {(("club_id",), "club")}


def test_a_possessive_refers_the_possessed_to_the_possessor_unless_an_association_relates_them() -> None:
    design = owned_references(_draft())
    assert (("owner_id",), "owner") in _references(design, "boat")
    # "a sailor's clubs": sailors and clubs are many-to-many already, and a possessive says no count
    assert _references(design, "club") == set() and _references(design, "sailor") == set()
    assert "sailor_club" in {t.name for t in design.tables}


def test_without_the_wordings_nothing_changes() -> None:
    plain = ("Each pontoon has a name. Berths have a number and a length. Boats have a registration and a name, and "
             "each boat is moored at one berth. Clubs have rules. We keep owners and boats on file.")
    draft = _draft(plain)
    assert owned_references(draft) is draft


def test_the_rule_designer_reads_its_own_set_of_items_as_a_table_of_its_own() -> None:
    from text2db.designer.rules import design_with_rules

    requirement = ("We run a ferry line. Each route has a name. Each route has its own set of fares, identified by a "
                   "fare code that is only unique within that route, with a description and a price.")
    design = owned_references(design_with_rules(requirement))
    fare = design.table("fare")
    # before, the set and its identifier were attributes of the route ('set_of_fares', the key 'identified_by_...')
    assert not any("fare" in c.name for c in design.table("route").columns)
    assert {"fare_code", "description", "price"} <= {c.name for c in fare.columns}
    assert _references(design, "fare") == {(("route_id",), "route")}
    assert fare.primary_key == ["route_id", "fare_code"]


def test_a_thing_done_by_one_doer_refers_to_it_but_not_by_one_or_more_nor_by_a_qualified_other() -> None:
    requirement = ("Surveys are site visits carried out by a surveyor, with a date. A report is written by one or more "
                   "engineers. A quote is prepared by one surveyor assistant.")
    draft = _draft(requirement, """CREATE TABLE surveyor (surveyor_id INTEGER PRIMARY KEY, name TEXT, phone TEXT);
        CREATE TABLE engineer (engineer_id INTEGER PRIMARY KEY, name TEXT, phone TEXT);
        CREATE TABLE survey (survey_id INTEGER PRIMARY KEY, survey_date DATE);
        CREATE TABLE report (report_id INTEGER PRIMARY KEY, body TEXT);
        CREATE TABLE quote (quote_id INTEGER PRIMARY KEY, amount DECIMAL);""")
    design = owned_references(draft)
    assert _references(design, "survey") == {(("surveyor_id",), "surveyor")}
    assert _references(design, "report") == set()  # one or more engineers: no single doer
    assert _references(design, "quote") == set()  # a surveyor assistant is no surveyor


def test_a_table_name_that_qualifies_another_is_not_the_row_done_by_or_having_one() -> None:
    # "course section": the section is taught by one instructor and uses one room, not the course (the
    # rooms sentence names the section after "every course", which "each ... one" does not read)
    requirement = ("Each course section is taught by one instructor in a given semester. Every course section uses "
                   "one room. A course is offered by one department.")
    draft = _draft(requirement, """CREATE TABLE department (department_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE instructor (employee_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE room (room_id INTEGER PRIMARY KEY, capacity INTEGER);
        CREATE TABLE course (course_code TEXT PRIMARY KEY, title TEXT, credits INTEGER);
        CREATE TABLE section (section_id INTEGER PRIMARY KEY, course_code TEXT REFERENCES course(course_code),
          semester TEXT);""")
    design = owned_references(draft)
    assert _references(design, "course") == {(("department_id",), "department")}
    assert _references(design, "section") == {(("course_code",), "course"),
                                              (("instructor_employee_id",), "instructor")}


def test_each_with_one_parent_refers_to_it_and_a_bare_link_between_them_goes() -> None:
    drafted = """CREATE TABLE crossing (crossing_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE ferry (ferry_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE ferry_crossing (ferry_id INTEGER REFERENCES ferry(ferry_id),
          crossing_id INTEGER REFERENCES crossing(crossing_id), PRIMARY KEY (ferry_id, crossing_id));
        CREATE TABLE deckhand (deckhand_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE port (port_id INTEGER PRIMARY KEY, name TEXT);"""
    design = owned_references(_draft("Ferries have a name, and every ferry sails on one crossing. Each deckhand "
                                     "works more than one port. Every port serves one or more crossings.", drafted))
    assert _references(design, "ferry") == {(("crossing_id",), "crossing")}
    assert "ferry_crossing" not in {t.name for t in design.tables}
    # "more than one port", "one or more crossings": no single parent
    assert _references(design, "deckhand") == set() and _references(design, "port") == set()


def test_a_dropped_link_leaves_the_childs_reference_even_where_the_parent_refers_to_the_child_for_a_role() -> None:
    # the link said which crew a volunteer is in; the crew's leader, a volunteer, says nothing of that
    drafted = """CREATE TABLE volunteer (volunteer_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, name TEXT,
          leader_id INTEGER REFERENCES volunteer(volunteer_id));
        CREATE TABLE volunteer_crew (volunteer_id INTEGER REFERENCES volunteer(volunteer_id),
          crew_id INTEGER REFERENCES crew(crew_id), PRIMARY KEY (volunteer_id, crew_id));"""
    design = owned_references(_draft("Volunteers have a name, and each volunteer serves in exactly one crew. A crew "
                                     "has a name and a leader, who is one of the volunteers.", drafted))
    assert "volunteer_crew" not in {t.name for t in design.tables}
    assert _references(design, "volunteer") == {(("crew_id",), "crew")}
    assert _references(design, "crew") == {(("leader_id",), "volunteer")}


def test_at_most_one_parent_is_one_parent_after_an_indefinite_child_too() -> None:
    """"An artwork is displayed in at most one gallery at a time": the artwork holds its gallery,
    and the model's bare link goes. Said of "a"/"an" child, only "at most one" counts: "a station
    holds only one patient per shift" and "ordered by one client contact" are no such statement."""
    drafted = """CREATE TABLE gallery (gallery_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE artwork (inventory_number TEXT PRIMARY KEY, title TEXT);
        CREATE TABLE artwork_gallery (inventory_number TEXT REFERENCES artwork(inventory_number),
          gallery_id INTEGER REFERENCES gallery(gallery_id), PRIMARY KEY (inventory_number, gallery_id));
        CREATE TABLE station (station_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE patient (patient_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE ferry (ferry_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE crossing (crossing_id INTEGER PRIMARY KEY, name TEXT);"""
    design = owned_references(_draft(
        "Galleries have a name, and an artwork is displayed in at most one gallery at a time. A station holds only "
        "one patient per shift. Every ferry sails on at most one crossing.", drafted))
    assert _references(design, "artwork") == {(("gallery_id",), "gallery")}
    assert "artwork_gallery" not in {t.name for t in design.tables}
    assert _references(design, "station") == set()
    assert {fk.ref_table for fk in design.table("ferry").foreign_keys} == {"crossing"}


def test_a_counted_one_parent_moves_what_the_models_link_held_to_the_child() -> None:
    """"Every customer sits on exactly one route at a certain stop number": the customer has one
    route, so the model's `customer_route(customer, route, stop_number)` is the customer's
    reference and its stop number. "The position of each track within the playlist" counts
    nothing: that link and its position stay."""
    drafted = """CREATE TABLE route (route_code TEXT PRIMARY KEY, description TEXT);
        CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE customer_route (customer_id INTEGER REFERENCES customer(customer_id),
          route_code TEXT REFERENCES route(route_code), stop_number INTEGER, PRIMARY KEY (customer_id, route_code));
        CREATE TABLE playlist (playlist_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE track (track_id INTEGER PRIMARY KEY, title TEXT);
        CREATE TABLE playlist_track (playlist_id INTEGER REFERENCES playlist(playlist_id),
          track_id INTEGER REFERENCES track(track_id), position INTEGER, PRIMARY KEY (playlist_id, track_id));"""
    design = owned_references(_draft(
        "Routes have a code and a description, and every customer sits on exactly one route at a certain stop "
        "number. Playlists have a name, and we remember the position of each track within the playlist.", drafted))
    assert _references(design, "customer") == {(("route_code",), "route")}
    assert design.table("customer").has_column("stop_number") and not design.has_table("customer_route")
    assert design.has_table("playlist_track") and design.table("playlist_track").has_column("position")
    assert _references(design, "track") == set()
    crewed = owned_references(_draft(
        "Every boat is owned by one member. Several members sail as crew on a boat; for each crew member we note "
        "the role they hold aboard.", """CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE boat (sail_number TEXT PRIMARY KEY, name TEXT);
        CREATE TABLE crew_member (sail_number TEXT REFERENCES boat(sail_number), member_id INTEGER
          REFERENCES member(member_id), role TEXT, PRIMARY KEY (sail_number, member_id));"""))
    assert crewed.has_table("crew_member")  # the owner is one member; the crew is another relationship
