"""Issue 15: a value the requirement says comes from a list the users keep becomes a lookup table
the value's table refers to (designer/lookup.py); a closed enumeration stays a text column."""

from __future__ import annotations

from text2db.designer.ddlread import parse_tables
from text2db.designer.lookup import described_lists, kept_lists, lookup_tables
from text2db.designer.repair import repair
from text2db.designer.validate import checked
from text2db.schemas.design import SchemaDesign

REQUIREMENT = (
    "Every call-out gets a job number. Against a job we need the date and the job type (lockout, lock change, safe "
    "opening - a list we add to now and then). Vans have a gearbox (manual or automatic). Each meeting has a theme "
    "and takes place at one of our venues (church hall, library room and so on). Tournaments have a name and a format chosen from "
    "the list we keep (Swiss, round robin, knockout).")
DRAFT = """CREATE TABLE job (job_number TEXT PRIMARY KEY, job_date DATE, job_type TEXT);
CREATE TABLE van (van_id INTEGER PRIMARY KEY, gearbox TEXT);
CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE meeting (meeting_id INTEGER PRIMARY KEY, venue_id INTEGER REFERENCES venue(venue_id), theme TEXT);
CREATE TABLE tournament (tournament_id INTEGER PRIMARY KEY, name TEXT, format TEXT);"""


def _design() -> SchemaDesign:
    return checked(repair(SchemaDesign(requirement=REQUIREMENT, designer="llm:test", tables=parse_tables(DRAFT))))


def test_kept_lists_are_found_and_closed_enumerations_and_open_lists_of_examples_are_not() -> None:
    found = kept_lists(REQUIREMENT)
    assert len(found) == 2 and found[0].endswith("the job type ") and found[1].endswith("the list we keep ")
    assert not any("gearbox" in before for before in found)


def test_a_value_from_a_kept_list_becomes_a_reference_to_a_lookup_table() -> None:
    design = checked(lookup_tables(_design()))
    job = design.table("job")
    assert "job_type" not in {c.name for c in job.columns}
    assert [(fk.columns, fk.ref_table) for fk in job.foreign_keys] == [(["job_type_id"], "job_type")]
    lookup = design.table("job_type")
    assert lookup.primary_key == ["job_type_id"] and lookup.column("name").unique
    # a bare generic word is named after its table
    assert [fk.ref_table for fk in design.table("tournament").foreign_keys] == ["tournament_format"]
    # closed enumerations and lists of another table's rows stay as they were
    assert design.table("van").column("gearbox").type == "TEXT"
    assert design.table("meeting").has_column("theme") and not design.has_table("meeting_theme")
    assert sum("lookup table" in n for n in design.notes) == 2


def test_an_open_list_of_examples_no_one_says_is_kept_stays_a_text_column() -> None:
    """"A type (quiz night, live music and so on)", "any title (FM, CM and the like)": the values
    are many, but nothing says the users keep them as a list (on the read sets' designs, four such
    lookup tables were not in the reference schema and one was)."""
    requirement = ("An event has a title and a type (quiz night, live music, tap takeover and so on). Players have a "
                   "name and any title (FM, CM and the like). Costumes have a size and a period (Victorian, 1920s...).")
    plain = checked(repair(SchemaDesign(requirement=requirement, designer="llm:test", tables=parse_tables("""
        CREATE TABLE event (event_id INTEGER PRIMARY KEY, title TEXT, type TEXT);
        CREATE TABLE player (player_id INTEGER PRIMARY KEY, name TEXT, title TEXT);
        CREATE TABLE costume (costume_id INTEGER PRIMARY KEY, size TEXT, period TEXT);"""))))
    assert kept_lists(requirement) == []
    assert lookup_tables(plain) is plain


def test_nothing_changes_without_a_kept_list() -> None:
    plain = SchemaDesign(requirement="Jobs have a number, a date and a job type.", designer="llm:test",
                         tables=parse_tables("CREATE TABLE job (job_number TEXT PRIMARY KEY, job_type TEXT);"))
    assert lookup_tables(plain) is plain



def test_a_value_chosen_from_a_list_without_examples_in_parentheses_is_a_lookup_too() -> None:
    requirement = ("A project is started by one account and has a title, a category chosen from our fixed list of "
                   "categories and a deadline. Surface types come from a short list such as brick, render or concrete. "
                   "Walls have a height and a surface type. Complaints have a class and a noise type from our "
                   "standard list (music, dogs and so on).")
    design = checked(lookup_tables(checked(repair(SchemaDesign(requirement=requirement, designer="llm:test",
                                                               tables=parse_tables("""
        CREATE TABLE account (username TEXT PRIMARY KEY, email TEXT);
        CREATE TABLE project (project_id INTEGER PRIMARY KEY, title TEXT, category TEXT, deadline DATE);
        CREATE TABLE wall (wall_id INTEGER PRIMARY KEY, height REAL, surface_type TEXT);
        CREATE TABLE complaint (complaint_id INTEGER PRIMARY KEY, class TEXT, noise_type TEXT);"""))))))
    refs = {(t.name, fk.ref_table) for t in design.tables for fk in t.foreign_keys}
    assert ("project", "project_category") in refs
    assert ("wall", "surface_type") in refs  # no table named: the column its words spell
    assert ("complaint", "noise_type") in refs  # the list in parentheses, read once
    assert design.table("complaint").has_column("class")  # named by no list
    assert len(kept_lists(requirement)) == 3


def test_the_rule_designer_names_a_phrase_by_its_noun_before_it_looks_for_kept_lists() -> None:
    from text2db.config import Settings
    from text2db.designer.api import design_schema

    design = design_schema("Premises have an address and a business name if there is one, and a category from a fixed "
                           "list like pub or factory. Commodities are identified by a grade code, with a description.",
                           Settings(), llm=False)
    premise = design.table("premise")
    assert premise.has_column("business_name") and not premise.has_column("business_name_if_there")
    assert [fk.ref_table for fk in premise.foreign_keys] == ["premise_category"]
    assert design.table("commodity").primary_key == ["grade_code"]
    assert design.table("commodity").has_column("description")


def test_a_list_whose_nearest_value_refers_to_a_table_already_is_kept_as_it_is() -> None:
    """The model often writes the lookup itself (`category_id`, `tournament_format_id`): then the
    list is kept, and a text column further back in the sentence (`title`, `time_control`) is no
    value of it."""
    requirement = ("A project is started by one account and has a title, a category chosen from our fixed list of "
                   "categories and a deadline. A tournament has a name, a time control and a format chosen from the "
                   "list we keep (Swiss, round robin, knockout).")
    kept = checked(repair(SchemaDesign(requirement=requirement, designer="llm:test", tables=parse_tables("""
        CREATE TABLE category (category_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE project (project_id INTEGER PRIMARY KEY, title TEXT, deadline DATE,
          category_id INTEGER REFERENCES category(category_id));
        CREATE TABLE tournament_format (tournament_format_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE tournament (tournament_id INTEGER PRIMARY KEY, name TEXT, time_control TEXT,
          tournament_format_id INTEGER REFERENCES tournament_format(tournament_format_id));"""))))
    assert lookup_tables(kept) is kept


def test_the_table_its_sentence_names_holds_the_value_however_far_back() -> None:
    """"For premises we keep the address, the business name if there is one, and a category from a
    fixed list": the premises' category, not the complaint's category reference the model wrote."""
    requirement = ("Each complaint is about one premises. For premises we keep the address, the business name if "
                   "there is one, and a category from a fixed list like pub, construction site or factory.")
    design = checked(lookup_tables(checked(repair(SchemaDesign(requirement=requirement, designer="llm:test",
                                                               tables=parse_tables("""
        CREATE TABLE premise (premise_id INTEGER PRIMARY KEY, address TEXT, business_name TEXT, category TEXT);
        CREATE TABLE complaint_category (complaint_category_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE complaint (complaint_id INTEGER PRIMARY KEY, premise_id INTEGER REFERENCES premise(premise_id),
          complaint_category_id INTEGER REFERENCES complaint_category(complaint_category_id));"""))))))
    assert [fk.ref_table for fk in design.table("premise").foreign_keys] == ["premise_category"]


def test_a_value_from_a_kept_list_in_a_table_the_completion_added_refers_to_a_lookup_too(fake_llm) -> None:  # type: ignore[no-untyped-def]
    """The sentence-completion prompts add tables after the draft's lookups were made: their values
    from kept lists are looked up too."""
    from text2db.config import Settings
    from text2db.designer.api import design_schema

    from tests.designer.test_complete import DRAFT, REQUIREMENT

    requirement = REQUIREMENT.replace("a rating", "a grade from our fixed list")
    answer = ("CREATE TABLE appointment (fixture_id INTEGER REFERENCES fixture(fixture_id), licence_number TEXT "
              "REFERENCES referee(licence_number), fee DECIMAL(10,2), grade TEXT, PRIMARY KEY (fixture_id, licence_number));")
    with fake_llm([DRAFT, answer]) as server:
        design = design_schema(requirement, Settings(llm_base_url=server.base_url))
    assert "appointment_grade" in design.table("appointment").parents


def test_what_a_kept_list_is_said_to_hold_is_added_to_the_table_of_its_rows() -> None:
    requirement = ("Rooms have a number and a floor type. We keep a fixed list of floor types (oak, tile, carpet and "
                   "so on) with a cleaning method and a short description of each. We keep a list of room kinds such "
                   "as single, double or suite, each with a typical rate we quote. Guests have a name.")
    design = checked(described_lists(lookup_tables(checked(repair(SchemaDesign(requirement=requirement, designer="llm:test",
                                                               tables=parse_tables("""
        CREATE TABLE room (room_number TEXT PRIMARY KEY, floor_type TEXT);
        CREATE TABLE room_kind (room_kind_id INTEGER PRIMARY KEY, name TEXT, rate DECIMAL);
        CREATE TABLE guest (guest_id INTEGER PRIMARY KEY, name TEXT);""")))))))
    assert [c.name for c in design.table("floor_type").columns] == ["floor_type_id", "name", "cleaning_method",
                                                                    "short_description"]
    # a column of that kind there already (`rate`), or a table the list does not describe: unchanged
    assert [c.name for c in design.table("room_kind").columns] == ["room_kind_id", "name", "rate"]
    assert [c.name for c in design.table("guest").columns] == ["guest_id", "name"]
    # asked again, nothing is added twice
    assert described_lists(design) is design
