"""Issue 15: designs from requirements (rules), validation, DDL, the LLM path with a scripted
server, and the metric."""

from __future__ import annotations

import pytest

from text2db.config import Settings
from text2db.designer.api import design_schema, reconciled
from text2db.designer.bench import read_ddl, score
from text2db.designer.ddl import ddl_script
from text2db.designer.ddlread import parse_tables
from text2db.designer.exceptions import DesignInvalid
from text2db.designer.reconcile import counted_references, implied_references, keyed_by_surrogates_not_names
from text2db.designer.repair import repair
from text2db.designer.roles import fold_roles, said_to_be
from text2db.designer.rules import design_with_rules
from text2db.designer.validate import checked
from text2db.schemas.design import ColumnDesign, ForeignKeyDesign, SchemaDesign, TableDesign

NO_LLM = Settings(llm_base_url=None)


def _repaired_draft(requirement: str, drafted: str) -> SchemaDesign:
    """An LLM's CREATE TABLE answer for `requirement` as the designer takes it: parsed and repaired."""
    return repair(SchemaDesign(requirement=requirement, designer="llm:test", tables=parse_tables(drafted)))


def _folded(requirement: str, drafted: str) -> SchemaDesign:
    """The drafted design with its role tables folded (designer/roles.py), checked."""
    return checked(fold_roles(_repaired_draft(requirement, drafted)))


def _fks(design: SchemaDesign) -> set[tuple[str, str, str]]:
    return {(t.name, ",".join(fk.columns), fk.ref_table) for t in design.tables for fk in t.foreign_keys}


def test_one_table_gets_its_identifier_as_key_and_typed_attributes() -> None:
    design = checked(design_with_rules("Each vehicle has a licence plate number, a make, a purchase date and a price."))
    (vehicle,) = design.tables
    assert vehicle.name == "vehicle"
    types = {c.name: c.type for c in vehicle.columns}
    assert vehicle.primary_key == ["vehicle_id"]  # a licence number identifies nothing on its own
    assert types["purchase_date"] == "DATE" and types["price"] == "DECIMAL" and types["make"] == "TEXT"


@pytest.mark.parametrize("requirement, table, key", [
    ("Each bin has a bin number, a capacity and a location.", "bin", ["bin_number"]),
    ("Each tuner has a name, a serial number and a phone.", "tuner", ["serial_number"]),  # after the name
    # a number listed among the other facts is one of them: the room of a stay, a song's place on its album
    ("Each admission has an admission date, a discharge date and a room number.", "admission", ["admission_id"]),
    ("Songs have a title, a duration in seconds and a track number.", "song", ["song_id"]),
    # unless the wording says it identifies the rows
    ("For a property we keep the address, a map code and its title number, which identifies it.", "property",
     ["title_number"]),
])
def test_an_identifier_keys_its_table_when_listed_first_or_said_to_identify(requirement: str, table: str,
                                                                           key: list[str]) -> None:
    assert checked(design_with_rules(requirement)).table(table).primary_key == key


def test_a_with_phrase_after_a_passive_describes_its_subject_which_refers_to_the_object() -> None:
    design = checked(design_with_rules("Each order has an order number and a date. Payments are made for an order "
                                       "with an amount, a method and a payment date."))
    payment, order = design.table("payment"), design.table("order")
    assert {"amount", "method", "payment_date"} <= {c.name for c in payment.columns}
    assert not {"amount", "method", "payment_date"} & {c.name for c in order.columns}
    assert [fk.ref_table for fk in payment.foreign_keys] == ["order"]


def test_the_verb_before_a_thing_is_no_part_of_its_name() -> None:
    # "must store departments (code, ...)": a department; "users can create playlists": a playlist
    design = checked(design_with_rules("The database must store departments (code, name, building). Users have a "
                                       "username. Users can create playlists with a name and a creation date."))
    assert {"department", "playlist"} <= {t.name for t in design.tables}
    assert not {"store_department", "create_playlist"} & {t.name for t in design.tables}
    assert {"name", "creation_date"} <= {c.name for c in design.table("playlist").columns}


def test_a_statement_joined_after_a_semicolon_refers_back_unless_the_first_counted_it_one() -> None:
    # "readers post comments on articles: a comment has a text": the comment holds its reader and article
    posted = checked(design_with_rules("Readers have a name. Articles have a title. Readers post comments on articles: "
                                       "a comment has a text and a date."))
    assert {fk.ref_table for fk in posted.table("comment").foreign_keys} == {"reader", "article"}
    # "a subscriber chooses one plan; plans have a name": the subscriber holds its one plan, not the reverse
    chosen = checked(design_with_rules("A subscriber has a name and an email. A subscriber chooses one plan; plans have "
                                       "a name and a weekly price."))
    assert _fks(chosen) == {("subscriber", "plan_id", "plan")}


def test_a_joined_statement_refers_only_to_what_the_clause_naming_it_names() -> None:
    # "users can follow artists, and users can create playlists with a name; ...": the playlist has its user, and
    # the artists, named in the clause before, are not the playlist's
    design = checked(design_with_rules("Users have a username. Artists have a name. Users can follow artists, and users "
                                       "can create playlists with a name; a playlist contains many songs."))
    assert {fk.ref_table for fk in design.table("playlist").foreign_keys} == {"user"}


def test_a_clause_that_opens_with_a_plural_verb_goes_on_about_the_sentence_subject() -> None:
    design = checked(design_with_rules("Each album has a title. Songs have a title and a duration in seconds and "
                                       "belong to one album."))
    assert _fks(design) == {("song", "album_id", "album")}


def test_a_relative_clause_after_the_subject_is_no_part_of_it() -> None:
    design = checked(design_with_rules(
        "Each club has a name and a colour. Volunteers who help out are registered with a name and a phone "
        "number, and each belongs to exactly one club."))
    assert {t.name for t in design.tables} == {"club", "volunteer"}
    assert {"name", "phone_number"} <= {c.name for c in design.table("volunteer").columns}


@pytest.mark.parametrize("requirement", [
    "The library lends books to members.\n- Books: ISBN, title, publisher.\n- Each copy has a barcode and a shelf "
    "location.\n- Members borrow copies.\n- Members have a card number and a name.",
    # a list under a heading, or under a colon, holds the items of one thing
    "Books\n- ISBN\n- title\n- publisher\n\nFor each copy we keep:\n* a barcode\n* a shelf location\n\nMembers have "
    "a card number and a name. Members borrow copies.",
])
def test_each_line_of_a_list_is_a_statement_and_bare_items_belong_to_their_heading(requirement: str) -> None:
    design = checked(design_with_rules(requirement))
    columns = {t.name: {c.name for c in t.columns} for t in design.tables}
    assert {"isbn", "title", "publisher"} <= columns["book"]
    assert {"barcode", "shelf_location"} <= columns["copy"]  # not "shelf_location_members_borrow_copies"
    assert {"card_number", "name"} <= columns["member"]


def test_a_title_line_names_no_table_and_shall_is_a_modal() -> None:
    design = checked(design_with_rules("Subject: Database for the library\n\nThe system shall record members with a "
                                       "card number and a name."))
    assert [t.name for t in design.tables] == ["member"]
    assert {"card_number", "name"} <= {c.name for c in design.table("member").columns}


def test_a_number_identifying_a_row_within_another_keys_it_with_the_other() -> None:
    design = design_schema("Each hotel has a name. Every hotel has many rooms, identified by a room number within the "
                           "hotel, with a type and a nightly price.", NO_LLM, llm=False)
    room = design.table("room")
    assert room.primary_key == ["hotel_id", "room_number"]
    assert {"room_type", "nightly_price"} <= {c.name for c in room.columns}  # the room's, not the hotel's
    assert {c.name for c in design.table("hotel").columns} == {"hotel_id", "name"}


def test_roles_who_are_things_with_attributes_stay_references_of_the_subject() -> None:
    # the issue's example: the with-list declares the crew member; the captain and first officer are the flight's
    design = checked(design_with_rules(
        "Each airplane has a registration number and a model; each flight has a flight number and a departure time, "
        "and is flown by one airplane, a captain and a first officer, who are crew members with an employee ID, a "
        "name and a phone number."))
    assert {"employee_id", "name", "phone_number"} <= {c.name for c in design.table("crew_member").columns}
    assert {(fk.columns[0], fk.ref_table) for fk in design.table("flight").foreign_keys} == {
        ("captain_employee_id", "crew_member"), ("first_officer_employee_id", "crew_member"),
        ("airplane_registration_number", "airplane")}


def test_parts_each_of_which_specifies_things_are_a_table_of_their_own() -> None:
    design = checked(design_with_rules(
        "Each product has a SKU and a price. Customers have an email. A customer places orders; each order has an "
        "order date and a status, and consists of order lines, each of which specifies a product and a quantity."))
    assert {c.name for c in design.table("order").columns} == {"order_id", "order_date", "status", "customer_id"}
    assert {fk.ref_table for fk in design.table("order_line").foreign_keys} == {"order", "product"}
    assert "quantity" in {c.name for c in design.table("order_line").columns}


@pytest.mark.parametrize("sentence", [
    "For every loft and race point the official distance in kilometres is measured once and reused each season.",
    "For each loft and race point, the official distance in kilometres is recorded.",
])
def test_what_is_kept_for_every_pair_in_the_passive_is_the_pairs(sentence: str) -> None:
    design = checked(design_with_rules(
        f"Lofts have a loft code and a name. Race points have a unique name and coordinates. {sentence}"))
    pair = design.table("loft_race_point")
    assert {fk.ref_table for fk in pair.foreign_keys} == {"loft", "race_point"}
    assert "official_distance_in_kilometres" in {c.name for c in pair.columns}
    assert not any("reused" in c.name for t in design.tables for c in t.columns)


def test_things_each_a_list_of_attributes_are_a_table_of_their_own() -> None:
    design = checked(design_with_rules(
        "Patients are identified by a hospital number and have a name. Patients have regular bookings, each a day "
        "of the week and a shift. Nurses have a staff number and a name."))
    assert {c.name for c in design.table("patient").columns} == {"hospital_number", "name"}
    booking = design.table("regular_booking")
    assert {"day_of_the_week", "shift"} <= {c.name for c in booking.columns}
    assert {fk.ref_table for fk in booking.foreign_keys} == {"patient"}


@pytest.mark.parametrize("requirement, clause", [
    ("Hives have a tag number. Queens are recorded on their own, with year of birth and marking colour, because they "
     "get moved around and we need to see which queen heads which hive right now.", "because"),
    ("Clients have a name. A commission consists of one or more panels, numbered within the commission, each with a "
     "width and height in millimetres and a design theme.", "or_more"),
])
def test_a_clause_after_the_attributes_names_no_attribute(requirement: str, clause: str) -> None:
    design = checked(design_with_rules(requirement))
    assert not [c.name for t in design.tables for c in t.columns if c.name.startswith(clause)]
    assert design.tables  # the entities are still read


def test_a_count_before_an_item_is_no_part_of_its_name() -> None:
    design = checked(design_with_rules("Each proposal has a title, exactly one principal investigator and at most one "
                                       "sponsor. Researchers have a name."))
    assert {"principal_investigator", "sponsor"} <= {c.name for c in design.table("proposal").columns}


def test_one_to_many_puts_the_key_on_the_many_side() -> None:
    design = checked(design_with_rules(
        "Each author has an author ID and a name. Each book has an ISBN, a title and a publication year, "
        "and is written by exactly one author."))
    assert design.table("author").primary_key == ["author_id"]
    assert ("book", "author_id", "author") in _fks(design)
    assert [t.name for t in design.tables].index("author") < [t.name for t in design.tables].index("book")
    assert design.table("book").column("publication_year").type == "INTEGER"


@pytest.mark.parametrize("relating, key", [
    # named again ("refunds are issued for a registration") or said with its own key: a table of its own
    ("A walker registers for trails: for each registration we keep the date and the fee paid. Refunds are issued "
     "for a registration, with an amount.", ["registration_id"]),
    ("Walkers have a phone number, and can also register for trails: a registration has a date and the fee paid. "
     "Each trail has a default registration fee.", ["registration_id"]),
    ("Walkers register for trails; a registration records the walker, the trail, the date and the fee paid.",
     ["registration_id"]),
    # nothing else names it: the pair itself
    ("A walker can register for many trails and a trail has many walkers; the registration records the date and "
     "the fee paid.", ["trail_id", "walker_id"]),
])
def test_a_relationship_named_by_the_noun_of_its_verb_is_that_table_referring_to_both(relating: str,
                                                                                       key: list[str]) -> None:
    design = checked(design_with_rules(
        "Each walker has a name and an email. Each trail has a name and a length in kilometres. " + relating))
    assert {(child, parent) for child, _, parent in _fks(design) if child == "registration"} == {
        ("registration", "walker"), ("registration", "trail")}
    assert sorted(design.table("registration").primary_key) == key


def test_many_to_many_gets_an_association_table_with_the_pair_attributes() -> None:
    design = checked(design_with_rules(
        "Students have a student ID and a name. Courses have a course code and a title. A student enrols in many "
        "courses and a course has many students. For each student in a course we record the grade."))
    pair = next(t for t in design.tables if {fk.ref_table for fk in t.foreign_keys} == {"student", "course"})
    assert sorted(pair.primary_key) == sorted(c for fk in pair.foreign_keys for c in fk.columns)
    assert pair.has_column("grade")


@pytest.mark.parametrize("fact", [
    "For every store and drug we record the quantity in stock.",  # a combination, not an entity "store and drug"
    "The quantity in stock of each drug at each store is recorded.",  # what is recorded comes first
])
def test_a_fact_about_a_pair_is_an_association_keyed_by_both(fact: str) -> None:
    design = design_with_rules("We run pharmacies. Each store has a name and an address. "
                               f"Each drug has a code, a name and a price. {fact}")
    pair = next(t for t in design.tables if {fk.ref_table for fk in t.foreign_keys} == {"store", "drug"})
    assert sorted(pair.primary_key) == sorted(c for fk in pair.foreign_keys for c in fk.columns)
    assert pair.has_column("quantity_in_stock") and len(design.tables) == 3


def test_a_thing_each_x_has_in_each_y_is_a_table_of_the_pair_with_the_listed_attributes() -> None:
    design = design_with_rules("Each rider has a licence number, a name and a team. Each stage has a number and a date. "
                               "Each rider has a result in each stage: the finishing time and the position.")
    result = design.table("result")
    assert {fk.ref_table for fk in result.foreign_keys} == {"rider", "stage"}
    assert result.has_column("finishing_time") and result.has_column("position")
    assert not design.table("rider").foreign_keys  # not a stage per rider


def test_self_reference_is_a_nullable_key_to_the_same_table() -> None:
    design = checked(design_with_rules(
        "Each employee has an employee ID, a name and a salary. Each employee has a manager, who is another employee."))
    employee = design.table("employee")
    (fk,) = employee.foreign_keys
    assert fk.ref_table == "employee" and fk.columns != ["employee_id"]
    assert employee.column(fk.columns[0]).nullable


def test_roles_name_several_references_to_one_table() -> None:
    design = checked(design_with_rules(
        "Teams have a name and a city. Each match has a date and a stadium, and is played between a home team and "
            "an away team."))
    assert {c for t, c, p in _fks(design) if t == "match" and p == "team"} == {"home_team_id", "away_team_id"}


def _table(name: str, fks: list[ForeignKeyDesign] | None = None, nullable: bool = True) -> TableDesign:
    return TableDesign(name=name, columns=[ColumnDesign(name="id", type="INTEGER", nullable=False),
                                           ColumnDesign(name="other_id", type="INTEGER", nullable=nullable),
                                           ColumnDesign(name="label", type="TEXT")],
                       primary_key=["id"], foreign_keys=fks or [])


@pytest.mark.parametrize("tables, expected", [
    ([_table("a", [ForeignKeyDesign(columns=["other_id"], ref_table="b", ref_columns=["id"])], nullable=False),
      _table("b", [ForeignKeyDesign(columns=["other_id"], ref_table="a", ref_columns=["id"])], nullable=False)],
     "cycle"),
    ([_table("a", [ForeignKeyDesign(columns=["other_id"], ref_table="missing", ref_columns=["id"])])], "does not exist"),
    ([_table("a"), _table("b", [ForeignKeyDesign(columns=["other_id"], ref_table="a", ref_columns=["label"])])],
     "not a key"),
    ([_table("a; drop table x")], "plain lowercase identifier"),
    ([TableDesign(name="a", columns=[ColumnDesign(name="x")])], "no primary key"),
])
def test_validation_rejects_a_broken_design(tables: list[TableDesign], expected: str) -> None:
    with pytest.raises(DesignInvalid) as err:
        checked(SchemaDesign(requirement="r", designer="test", tables=tables))
    assert any(expected in issue for issue in err.value.issues)


def test_ddl_quotes_reserved_names_and_declares_every_key() -> None:
    design = checked(design_with_rules(
        "Each customer has a customer ID and a name. Each order has an order number and a date, and is placed by "
        "one customer."))
    ddl = ddl_script(design, "postgresql")
    assert 'CREATE TABLE "order"' in ddl and "REFERENCES customer (customer_id)" in ddl
    assert "PRIMARY KEY (order_number)" in ddl


def test_llm_design_is_read_validated_and_falls_back_to_rules(fake_llm) -> None:  # type: ignore[no-untyped-def]
    good = ("```sql\nCREATE TABLE team (team_id INTEGER PRIMARY KEY, name VARCHAR(80) NOT NULL);\n"
            "CREATE TABLE player (player_id INT PRIMARY KEY, name TEXT, team_id INT REFERENCES team(name));\n```")
    with fake_llm([good, "I cannot help with that; DROP TABLE users;"]) as server:
        settings = Settings(llm_base_url=server.base_url)
        requirement = "Teams have a name. Each player has a name and plays for one team."
        design = design_schema(requirement, settings)
        assert design.designer.startswith("llm:")
        assert design.table("player").foreign_keys[0].ref_columns == ["team_id"]  # repaired: a name is no key
        fallback = design_schema(requirement, settings)
        assert fallback.designer == "rules.v1" and any("LLM" in n for n in fallback.notes)
        assert server.requests[0]["messages"][-1]["content"] == requirement


def test_the_prompts_demonstrations_are_designs_the_repair_leaves_alone() -> None:
    """A demonstration the product would have to repair teaches the model the wrong form; the
    second shows what small models leave out: an event of several tables, a role, a
    self-reference and a fact about a pair. The requirement comes last, after a fixed prefix
    the server's prompt cache can reuse."""
    from text2db.designer.llm import DEMONSTRATIONS, prompt

    def shape(tables: list[TableDesign]) -> set[tuple[str, tuple[str, ...], tuple[str, ...], frozenset]]:
        return {(t.name, tuple(c.name for c in t.columns), tuple(t.primary_key),
                 frozenset((tuple(fk.columns), fk.ref_table, tuple(fk.ref_columns)) for fk in t.foreign_keys))
                for t in tables}

    for requirement, ddl in DEMONSTRATIONS:
        design = checked(_repaired_draft(requirement, ddl))
        assert design.notes == [] and shape(design.tables) == shape(parse_tables(ddl))
    second = checked(_repaired_draft(*DEMONSTRATIONS[1]))
    fks = _fks(second)
    events = [t for t in second.tables if len(t.foreign_keys) >= 3]
    assert events and len({fk.ref_table for fk in events[0].foreign_keys}) < len(events[0].foreign_keys)  # a role
    assert any(child == parent for child, _, parent in fks)  # a self-reference
    pair = [t for t in second.tables if len(t.primary_key) == 2]
    assert pair and len(pair[0].columns) > 2  # an association with an attribute of the pair
    assert prompt("a")[:-1] == prompt("b")[:-1] and prompt("b")[-1] == {"role": "user", "content": "b"}


def test_a_table_the_model_keyed_by_a_name_gets_a_surrogate_and_its_references_follow() -> None:
    requirement = ("Branches have a name and a city. Cars have a plate and belong to one branch. A rental picks a "
                   "car up at one branch and returns it at another. Users have a username and an email.")
    drafted = ("CREATE TABLE branch (branch_name TEXT PRIMARY KEY, city TEXT);\n"
               "CREATE TABLE car (plate TEXT PRIMARY KEY, branch_name TEXT REFERENCES branch(branch_name));\n"
               "CREATE TABLE rental (rental_id INTEGER PRIMARY KEY, plate TEXT REFERENCES car(plate), "
               "pickup_branch_name TEXT REFERENCES branch(branch_name), return_branch_name TEXT REFERENCES branch(branch_name));\n"
               "CREATE TABLE app_user (username TEXT PRIMARY KEY, email TEXT);")
    design = checked(keyed_by_surrogates_not_names(_repaired_draft(requirement, drafted)))
    branch = design.table("branch")
    assert branch.primary_key == ["branch_id"] and branch.column("branch_id").type == "INTEGER"
    assert branch.has_column("branch_name") and not branch.column("branch_name").nullable
    assert {("car", "branch_id", "branch"), ("rental", "pickup_branch_id", "branch"),
            ("rental", "return_branch_id", "branch"), ("rental", "plate", "car")} <= _fks(design)
    assert design.table("rental").column("pickup_branch_id").type == "INTEGER"
    assert design.table("car").primary_key == ["plate"]  # an issued identifier stays the key
    assert design.table("app_user").primary_key == ["username"]  # chosen to be unique: left alone
    assert any("branch_id" in n for n in design.notes)
    assert keyed_by_surrogates_not_names(design) is design  # nothing left to do: the same design


def test_columns_named_after_another_tables_key_or_name_are_references_to_it() -> None:
    requirement = ("Teams have a name and belong to one age group; age groups have a name. A fixture is played by a "
                   "home team and an away team on a date at a numbered pitch, and one steward, who may answer to a "
                   "senior steward, works at it. Players have a name and a shirt colour.")
    drafted = ("CREATE TABLE age_group (age_group_id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"
               "CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT NOT NULL, age_group_name TEXT, "
               "age_group_id INTEGER REFERENCES age_group(age_group_id));\n"
               "CREATE TABLE pitch (pitch_number TEXT PRIMARY KEY, surface TEXT);\n"
               "CREATE TABLE steward (steward_id INTEGER PRIMARY KEY, name TEXT, senior_steward_id INTEGER);\n"
               "CREATE TABLE fixture (fixture_id INTEGER PRIMARY KEY, home_team_name TEXT NOT NULL, away_team_name TEXT, "
               "played_on DATE, pitch_number INTEGER, steward_id INTEGER);\n"
               "CREATE TABLE player (player_id INTEGER PRIMARY KEY, name TEXT NOT NULL, shirt_name TEXT, team_name TEXT);")
    design = checked(implied_references(_repaired_draft(requirement, drafted)))
    assert {("fixture", "home_team_id", "team"), ("fixture", "away_team_id", "team"), ("player", "team_id", "team"),
            ("team", "age_group_id", "age_group"), ("fixture", "pitch_number", "pitch"), ("fixture", "steward_id", "steward"),
            ("steward", "senior_steward_id", "steward")} == _fks(design)
    fixture = design.table("fixture")
    assert fixture.column("home_team_id").type == "INTEGER" and not fixture.column("home_team_id").nullable
    assert fixture.column("pitch_number").type == "TEXT"  # typed like the key it refers to
    assert not design.table("team").has_column("age_group_name")  # read through age_group_id, never copied
    assert design.table("player").has_column("shirt_name")  # no table 'shirt': a name of its own
    assert implied_references(design) is design  # nothing left to do: the same design


def test_a_name_paired_with_a_reference_in_a_key_refers_to_the_named_table_a_name_keying_alone_does_not() -> None:
    requirement = "A dish is made from several spices, each in an amount. Spices have a name and a price."
    drafted = ("CREATE TABLE dish (dish_code TEXT PRIMARY KEY, title TEXT);\n"
               "CREATE TABLE spice (spice_id INTEGER PRIMARY KEY, name TEXT NOT NULL, price DECIMAL);\n"
               "CREATE TABLE dish_spice (dish_code TEXT REFERENCES dish(dish_code), spice_name TEXT, amount REAL, "
               "PRIMARY KEY (dish_code, spice_name));\n"
               "CREATE TABLE spice_note (spice_name TEXT PRIMARY KEY, note TEXT);\n"
               "CREATE TABLE jar (shelf_number INTEGER, spice_name TEXT, filled DATE, PRIMARY KEY (shelf_number, spice_name));")
    design = checked(implied_references(_repaired_draft(requirement, drafted)))
    # the pair's spice is a reference now, still part of the key
    assert design.table("dish_spice").primary_key == ["dish_code", "spice_id"]
    assert ("dish_spice", "spice_id", "spice") in _fks(design)
    assert design.table("spice_note").primary_key == ["spice_name"] and not design.table("spice_note").foreign_keys
    # beside a number of the table's own, the name is no side of a pair
    assert design.table("jar").primary_key == ["shelf_number", "spice_name"] and not design.table("jar").foreign_keys


def test_named_roles_are_references_even_beside_a_link_with_a_free_role_column() -> None:
    requirement = ("Each voyage has a voyage number and a departure date, and is sailed by one ship, a master and a chief "
                   "engineer, who are seafarers. Seafarers have a seafarer number and a name. Ships have an IMO number "
                   "and a name. Cooks sign on to voyages too.")
    drafted = ("CREATE TABLE ship (imo_number TEXT PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE seafarer (seafarer_number TEXT PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE voyage (voyage_number TEXT PRIMARY KEY, departure_date DATE, "
               "ship_imo_number TEXT REFERENCES ship(imo_number));\n"
               "CREATE TABLE voyage_crew (voyage_number TEXT REFERENCES voyage(voyage_number), "
               "seafarer_number TEXT REFERENCES seafarer(seafarer_number), role TEXT, "
               "PRIMARY KEY (voyage_number, seafarer_number));")
    design = reconciled(_repaired_draft(requirement, drafted))
    # the link says someone sailed, not who was master: both named roles are the voyage's references
    roles = {column for table, column, parent in _fks(design) if (table, parent) == ("voyage", "seafarer")}
    assert {column.removesuffix("_number") for column in roles} == {"master", "chief_engineer"}
    assert design.has_table("voyage_crew")  # the rest of the crew stays in the link


@pytest.mark.parametrize("how_many, kept", [("exactly one", False), ("several", True)])
def test_a_pairing_of_two_tables_said_to_be_one_is_the_reference(how_many: str, kept: bool) -> None:
    requirement = (f"Each kiln has a kiln number and a maximum temperature. Each firing has a date and a cone, and "
                   f"uses {how_many} kiln{'s' if kept else ''}.")
    drafted = ("CREATE TABLE kiln (kiln_number TEXT PRIMARY KEY, maximum_temperature INTEGER);\n"
               "CREATE TABLE firing (firing_id INTEGER PRIMARY KEY, date DATE, cone TEXT);\n"
               "CREATE TABLE firing_kiln (firing_id INTEGER REFERENCES firing(firing_id), "
               "kiln_number TEXT REFERENCES kiln(kiln_number), PRIMARY KEY (firing_id, kiln_number));")
    design = reconciled(_repaired_draft(requirement, drafted))
    assert design.has_table("firing_kiln") is kept
    assert (("firing", "kiln_number", "kiln") in _fks(design)) is not kept
    # a pairing that records something of its own is no reference
    dated = drafted.replace("kiln_number TEXT REFERENCES kiln(kiln_number), P", "kiln_number TEXT REFERENCES "
                            "kiln(kiln_number), loaded_at TIME, P")
    assert reconciled(_repaired_draft(requirement, dated)).has_table("firing_kiln")


def test_an_association_named_by_joining_its_parents_takes_the_requirements_name_for_it() -> None:
    requirement = ("Choirs have a name and a conductor. Halls have a name and a capacity. Several choirs can sing "
                   "in one hall and a choir often comes back, so for each performance we keep the date and the fee "
                   "agreed.")
    drafted = ("CREATE TABLE choir (choir_id INTEGER PRIMARY KEY, name TEXT, conductor TEXT);\n"
               "CREATE TABLE hall (hall_id INTEGER PRIMARY KEY, name TEXT, capacity INTEGER);\n"
               "CREATE TABLE choir_hall (choir_id INTEGER REFERENCES choir(choir_id), "
               "hall_id INTEGER REFERENCES hall(hall_id), date DATE, fee_agreed DECIMAL, PRIMARY KEY (choir_id, hall_id));")
    design = reconciled(_repaired_draft(requirement, drafted))
    assert {t.name for t in design.tables} == {"choir", "hall", "performance"}
    assert _fks(design) == {("performance", "choir_id", "choir"), ("performance", "hall_id", "hall")}
    # a name the requirement writes is the user's: it stays
    written = requirement.replace("Halls have", "Choir halls are booked by the hour. Halls have")
    assert reconciled(_repaired_draft(written, drafted)).has_table("choir_hall")


def test_a_column_named_like_another_table_refers_to_it() -> None:
    requirement = "Borrowers meet in groups; every group meets in one village. Villages have a name and a district."
    drafted = ("CREATE TABLE village (village_id INTEGER PRIMARY KEY, name TEXT, district TEXT);\n"
               "CREATE TABLE borrower_group (group_id INTEGER PRIMARY KEY, village TEXT, nearest_village TEXT);")
    design = checked(implied_references(_repaired_draft(requirement, drafted)))
    assert _fks(design) == {("borrower_group", "village_id", "village")}
    assert design.table("borrower_group").column("village_id").type == "INTEGER"
    assert design.table("borrower_group").has_column("nearest_village")  # a role before the name is not read


def test_a_table_a_column_held_by_name_is_given_the_name_when_it_has_none() -> None:
    requirement = "Every club walks from one car park. We keep a list of car parks with their postcode."
    drafted = ("CREATE TABLE car_park (car_park_id INTEGER PRIMARY KEY, postcode TEXT);\n"
               "CREATE TABLE club (club_id INTEGER PRIMARY KEY, name TEXT, car_park TEXT);")
    design = checked(implied_references(_repaired_draft(requirement, drafted)))
    assert _fks(design) == {("club", "car_park_id", "car_park")}
    assert [c.name for c in design.table("car_park").columns] == ["car_park_id", "postcode", "name"]
    # a table that has a name (or a code) already keeps its columns
    coded = drafted.replace("postcode TEXT", "postcode TEXT, car_park_code TEXT")
    assert not checked(implied_references(_repaired_draft(requirement, coded))).table("car_park").has_column("name")


def test_two_roles_named_after_another_table_both_refer_to_it() -> None:
    requirement = ("A wedding has a date, a ceremony venue and a reception venue. Venues have a name and a capacity. "
                   "Each booking has an age rating.")
    drafted = ("CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT, capacity INTEGER);\n"
               "CREATE TABLE rating (rating_id INTEGER PRIMARY KEY, name TEXT, description TEXT);\n"
               "CREATE TABLE wedding (wedding_id INTEGER PRIMARY KEY, wedding_date DATE, ceremony_venue TEXT,"
               " reception_venue TEXT);\n"
               "CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, age_rating TEXT);")
    design = checked(implied_references(_repaired_draft(requirement, drafted)))
    assert _fks(design) == {("wedding", "ceremony_venue_id", "venue"), ("wedding", "reception_venue_id", "venue")}
    assert design.table("booking").has_column("age_rating")  # one role alone is too often an attribute


@pytest.mark.parametrize(("requirement", "drafted", "entity", "attribute", "references"), [
    # the rules relate the recipe to nothing; the model kept it as a name in the batch
    ("We mix substrate in batches, each with a batch code, a mixing date and the recipe used. Recipes have a name, "
     "a description of the ingredients and a sterilisation time in minutes.",
     "CREATE TABLE batch (batch_code TEXT PRIMARY KEY, mixing_date DATE, recipe_name TEXT);",
     "recipe", "sterilisation_time_in_minutes", {("batch", "recipe_id", "recipe")}),
    # the rules relate the zone to nothing; the model kept two roles of it as plain columns
    ("The city is divided into zones, each with a name and a base fee. For each delivery we record the pickup "
     "address, the zone of the pickup and the zone of the drop-off.",
     "CREATE TABLE delivery (delivery_id INTEGER PRIMARY KEY, pickup_address TEXT, pickup_zone TEXT, drop_off_zone TEXT);",
     "zone", "base_fee", {("delivery", "pickup_zone_id", "zone"), ("delivery", "drop_off_zone_id", "zone")}),
])
def test_an_entity_the_rules_read_is_added_where_a_column_holds_its_name_or_two_roles_name_it(
        requirement: str, drafted: str, entity: str, attribute: str, references: set[tuple[str, str, str]]) -> None:
    design = reconciled(_repaired_draft(requirement, drafted))
    assert design.has_table(entity) and attribute in {c.name for c in design.table(entity).columns}
    assert _fks(design) == references


def test_an_identifier_after_a_plural_is_the_things_and_a_thin_entity_gets_no_second_copy_of_its_key() -> None:
    requirement = ("Each well has a depth. Drilling is done with rigs, identified by their plate number, with a model "
                   "and a maximum drilling depth.")
    rig = design_with_rules(requirement).table("rig")
    # before: a `drilling` entity with the attributes 'rigs' and 'identified_by_their_plate_number'
    assert rig.primary_key == ["plate_number"] and {"model", "maximum_drilling_depth"} <= {c.name for c in rig.columns}
    # the model made `rig` from a column, keyed `rig_plate_number`: it takes the rule designer's
    # attributes, not its `plate_number` a second time
    design = reconciled(_repaired_draft(requirement, "CREATE TABLE well (well_id INTEGER PRIMARY KEY, depth REAL);\n"
                                                     "CREATE TABLE rig (rig_plate_number TEXT PRIMARY KEY);"))
    assert [c.name for c in design.table("rig").columns] == ["rig_plate_number", "model", "maximum_drilling_depth"]


TRUCKS_AND_PRODUCTS = ("CREATE TABLE truck (registration TEXT PRIMARY KEY, firm TEXT);\n"
                       "CREATE TABLE product (product_id INTEGER PRIMARY KEY, name TEXT);\n")


@pytest.mark.parametrize(("tickets", "column", "note"), [
    # a reference of two columns to a one-column key: no column pairs up
    ("CREATE TABLE ticket (ticket_id INTEGER PRIMARY KEY, registration TEXT REFERENCES truck(registration), "
     "product_id INTEGER REFERENCES product(product_id), "
     "FOREIGN KEY (registration, product_id) REFERENCES load_pair(load_id));\n"
     "CREATE TABLE load_pair (load_id INTEGER PRIMARY KEY, note TEXT);",
     "registration", "dropped a reference of 2 column(s)"),
    # the ticket's two references declared again as one composite reference to its own child: typed
    # for that one, the text reference to truck would become an integer (a type mismatch) and close a
    # NOT NULL cycle; either would discard the whole design
    ("CREATE TABLE ticket (ticket_id INTEGER PRIMARY KEY, truck_registration INTEGER NOT NULL "
     "REFERENCES truck(registration), product_id INTEGER NOT NULL REFERENCES product(product_id), "
     "FOREIGN KEY (truck_registration, product_id) REFERENCES ticket_line(ticket_id, product_id));\n"
     "CREATE TABLE ticket_line (ticket_id INTEGER NOT NULL REFERENCES ticket(ticket_id), "
     "product_id INTEGER NOT NULL REFERENCES product(product_id), tonnes REAL, PRIMARY KEY (ticket_id, product_id));",
     "truck_registration", "dropped a reference to ticket_line whose column truck_registration already refers to truck"),
])
def test_repair_drops_a_reference_that_cannot_hold_and_keeps_the_column_types(tickets: str, column: str, note: str) -> None:
    design = checked(_repaired_draft("Trucks load products; each ticket is for one truck and lists the tonnes of products.",
                                     TRUCKS_AND_PRODUCTS + tickets))
    ticket = design.table("ticket")
    assert {fk.ref_table for fk in ticket.foreign_keys} == {"truck", "product"}
    assert ticket.column(column).type == "TEXT"  # typed by its reference to truck, not the dropped one's INTEGER
    assert any(note in n for n in design.notes)


@pytest.mark.parametrize("requirement, drafted, parent, child", [
    # the reference names a surrogate the parent lacks
    ("Swimmers swim in heats; a heat has an event, a round and a lane count.",
     "CREATE TABLE heat (event TEXT, round INTEGER, lane_count INTEGER, PRIMARY KEY (event, round));\n"
     "CREATE TABLE swimmer (swimmer_id INTEGER PRIMARY KEY, name TEXT);\n"
     "CREATE TABLE swim (swimmer_id INTEGER REFERENCES swimmer(swimmer_id), heat_id INTEGER REFERENCES "
     "heat(heat_id), time_seconds REAL, PRIMARY KEY (swimmer_id, heat_id));", "heat", "swim"),
    # the reference is named like that surrogate and refers to one column of the parent's key
    ("A works order covers several defects.",
     "CREATE TABLE works_order (order_date TIMESTAMP NOT NULL, contractor_name TEXT, estimated_cost DECIMAL, "
     "PRIMARY KEY (order_date, contractor_name));\n"
     "CREATE TABLE defect (defect_id INTEGER PRIMARY KEY, severity TEXT);\n"
     "CREATE TABLE order_defect (defect_id INTEGER REFERENCES defect(defect_id), works_order_id INTEGER "
     "REFERENCES works_order(order_date), PRIMARY KEY (defect_id, works_order_id));", "works_order", "order_defect"),
])
def test_a_surrogate_another_table_refers_to_keys_a_table_the_model_keyed_by_several_columns(
        requirement: str, drafted: str, parent: str, child: str) -> None:
    old_key = parse_tables(drafted)[0].primary_key
    design = checked(_repaired_draft(requirement, drafted))
    # before, the reference was dropped (one column against a key of two)
    assert design.table(parent).primary_key == [f"{parent}_id"]
    assert set(old_key) <= {c.name for c in design.table(parent).columns}  # the old key's columns stay
    assert (child, f"{parent}_id", parent) in _fks(design)
    assert repair(design).tables == design.tables  # repaired again, nothing changes


def test_a_surrogate_named_by_the_last_words_of_its_table_keys_it_and_the_reference_gets_the_whole_name() -> None:
    drafted = ("CREATE TABLE member (membership_number TEXT PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE mentor_relationship (mentor_id TEXT REFERENCES member(membership_number), mentee_id TEXT "
               "REFERENCES member(membership_number), start_date DATE, PRIMARY KEY (mentor_id, mentee_id));\n"
               "CREATE TABLE meeting (relationship_id TEXT REFERENCES mentor_relationship(relationship_id), "
               "meeting_date DATE, PRIMARY KEY (relationship_id, meeting_date));")
    requirement = "Members mentor members. Each meeting belongs to one relationship and has a date."
    repaired = checked(_repaired_draft(requirement, drafted))
    # before, the meeting's reference was dropped: 'relationship_id' is no column of a table keyed by two
    assert repaired.table("mentor_relationship").primary_key == ["mentor_relationship_id"]
    assert ("meeting", "mentor_relationship_id", "mentor_relationship") in _fks(repaired)  # named as the key
    design = reconciled(repaired)
    assert ("meeting", "mentor_relationship_id", "mentor_relationship") in _fks(design)
    assert design.table("meeting").primary_key == ["mentor_relationship_id", "meeting_date"]
    assert reconciled(design) == design


def test_a_table_keyed_by_a_name_and_a_reference_that_is_referred_to_by_the_name_gets_a_surrogate() -> None:
    # the model keyed a sailing by its marketing name and ship and referred to it by the name alone:
    # before, both references were dropped (a reference of one column to a key of two)
    drafted = ("CREATE TABLE ship (imo_number TEXT PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE port (port_code TEXT PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE sailing (marketing_name TEXT, ship_imo_number TEXT REFERENCES ship(imo_number), "
               "departure_date DATE, PRIMARY KEY (marketing_name, ship_imo_number));\n"
               "CREATE TABLE sailing_call (sailing_marketing_name TEXT REFERENCES sailing(marketing_name), "
               "port_code TEXT REFERENCES port(port_code), arrival_time TIMESTAMP, "
               "PRIMARY KEY (sailing_marketing_name, port_code));\n"
               "CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, sailing_marketing_name TEXT "
               "REFERENCES sailing(marketing_name), total_fare DECIMAL);")
    design = checked(_repaired_draft("A sailing is made by one ship and calls at several ports; a booking is for "
                                     "one sailing.", drafted))
    sailing = design.table("sailing")
    assert sailing.primary_key == ["sailing_id"] and sailing.has_column("marketing_name")
    assert ("sailing_call", "sailing_id", "sailing") in _fks(design) and ("booking", "sailing_id", "sailing") in _fks(design)
    assert design.table("sailing_call").primary_key == ["sailing_id", "port_code"]
    assert repair(design).tables == design.tables
    # a number within the parent's key is no name: the reference is left as the model wrote it
    numbered = checked(_repaired_draft("Each panel is numbered within its commission.", (
        "CREATE TABLE commission (commission_id INTEGER PRIMARY KEY);\n"
        "CREATE TABLE panel (commission_id INTEGER REFERENCES commission(commission_id), panel_number INTEGER, "
        "PRIMARY KEY (commission_id, panel_number));\n"
        "CREATE TABLE panel_glass (glass_id INTEGER PRIMARY KEY, panel_number INTEGER REFERENCES panel(panel_number));")))
    assert numbered.table("panel").primary_key == ["commission_id", "panel_number"]


def test_a_reference_to_a_column_that_refers_on_means_the_table_that_column_refers_to() -> None:
    drafted = ("CREATE TABLE wedding (wedding_id INTEGER PRIMARY KEY, wedding_date DATE);\n"
               "CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, business_name TEXT);\n"
               "CREATE TABLE wedding_supplier (wedding_id INTEGER REFERENCES wedding(wedding_id), supplier_id INTEGER "
               "REFERENCES supplier(supplier_id), agreed_fee DECIMAL);\n"
               "CREATE TABLE task (task_id INTEGER PRIMARY KEY, description TEXT, "
               "supplier_id INTEGER REFERENCES wedding_supplier(supplier_id));")
    design = checked(_repaired_draft("Each wedding books suppliers; a task can be handed to one of them.", drafted))
    # before, the reference was dropped: supplier_id alone is no key of the association
    assert ("task", "supplier_id", "supplier") in _fks(design)
    assert design.table("wedding_supplier").primary_key == ["wedding_id", "supplier_id"]
    assert repair(design).tables == design.tables


def test_a_reference_stated_without_its_column_gets_the_column() -> None:
    drafted = ("CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, start_time TIMESTAMP);\n"
               "CREATE TABLE invoice (invoice_number INTEGER PRIMARY KEY, amount DECIMAL, "
               "FOREIGN KEY (booking_id) REFERENCES booking(booking_id));\n"
               "CREATE TABLE payment (payment_id INTEGER PRIMARY KEY, FOREIGN KEY (card_id) REFERENCES card(card_id));")
    design = checked(_repaired_draft("Each booking is invoiced once.", drafted))
    # before, the invoice's reference was dropped: the model stated it and forgot the column
    assert ("invoice", "booking_id", "booking") in _fks(design)
    assert design.table("invoice").column("booking_id").type == "INTEGER"
    assert not design.table("payment").foreign_keys  # a reference to a table nobody names is still dropped
    assert any("the column of its reference to booking" in n for n in design.notes)
    assert repair(design).tables == design.tables


def test_a_reference_to_a_name_that_now_refers_to_the_key_is_named_after_the_key() -> None:
    # the model keyed nothing of passenger and referred to its name: once passenger is keyed by a
    # passenger_id the references hold that id, and a column called passenger_name would hold a number
    drafted = ("CREATE TABLE passenger (name TEXT, email TEXT);\n"
               "CREATE TABLE pilot (licence_number TEXT PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE flight (flight_id INTEGER PRIMARY KEY, co_pilot_name TEXT REFERENCES pilot(name));\n"
               "CREATE TABLE flight_passenger (flight_id INTEGER REFERENCES flight(flight_id), "
               "passenger_name TEXT REFERENCES passenger(name), price_paid DECIMAL);")
    design = checked(_repaired_draft("A flight carries several passengers; a co-pilot may be on board.", drafted))
    assert ("flight_passenger", "passenger_id", "passenger") in _fks(design)
    assert design.table("flight_passenger").primary_key == ["flight_id", "passenger_id"]
    assert design.table("flight_passenger").column("passenger_id").type == "INTEGER"
    assert ("flight", "co_pilot_licence_number", "pilot") in _fks(design)  # a role keeps its words
    assert repair(design).tables == design.tables

def test_repair_drops_a_self_reference_named_like_the_key_instead_of_losing_the_design() -> None:
    # the model meant 'reports to another agent' but reused the key's name; a reference of the key
    # to itself says nothing and, NOT NULL, would fail validation and discard the whole design
    drafted = ("CREATE TABLE agent (agent_id INTEGER PRIMARY KEY, name TEXT NOT NULL, "
               "agent_id INTEGER REFERENCES agent(agent_id));\n"
               "CREATE TABLE ticket (ticket_id INTEGER PRIMARY KEY, agent_id INTEGER REFERENCES agent(agent_id));")
    design = checked(repair(SchemaDesign(requirement="Agents have a name; each ticket is handled by one agent.",
                                         designer="test", tables=parse_tables(drafted))))
    assert _fks(design) == {("ticket", "agent_id", "agent")}
    assert any("dropped a reference of its key to itself" in n for n in design.notes)


def test_metric_matches_names_by_meaning_and_scores_keys() -> None:
    gold = read_ddl("CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT);"
                    "CREATE TABLE purchase (purchase_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer(customer_id), total DECIMAL);")
    same = score(gold, gold)
    assert same.table_f1 == same.attribute_f1 == same.fk_accuracy == same.pk_accuracy == 1.0
    pred = read_ddl("CREATE TABLE clients (client_id INTEGER PRIMARY KEY, name TEXT);"
                    "CREATE TABLE orders (id INTEGER PRIMARY KEY, client_id INTEGER, total TEXT);")
    s = score(pred, gold)
    assert s.table_f1 == 1.0 and s.fk_accuracy == 0.0 and s.type_accuracy < 1.0


def test_rule_designer_adds_the_relationships_the_llm_left_out() -> None:
    requirement = ("A show has a title and a host. Episodes belong to one show and have an episode number and a title. "
                   "Guests appear on episodes, and an episode can have several guests; guests have a name. "
                   "Each show has one producer; producers have a name.")
    drafted = ("CREATE TABLE show (show_id INTEGER PRIMARY KEY, title TEXT, host TEXT);\n"
               "CREATE TABLE episode (episode_id INTEGER PRIMARY KEY, show_id INTEGER, episode_number INTEGER, title TEXT);\n"
               "CREATE TABLE guest (guest_id INTEGER PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE producer (producer_id INTEGER PRIMARY KEY, name TEXT, show_id INTEGER REFERENCES show(show_id));")
    llm = _repaired_draft(requirement, drafted)
    design = reconciled(llm)
    assert ("episode", "show_id", "show") in _fks(design)  # the LLM's own column, named after show's key, declared
    pair = next(t for t in design.tables if {fk.ref_table for fk in t.foreign_keys} == {"episode", "guest"})
    assert sorted(pair.primary_key) == ["episode_id", "guest_id"]  # keyed on the LLM's keys, not the rules'
    # the LLM related producer and show the other way round: stated, so not overridden or doubled
    assert ("show", "producer_id", "producer") not in _fks(design) and ("producer", "show_id", "show") in _fks(design)
    assert design.table("episode").primary_key == ["episode_id"] and design.designer == "llm:test"
    assert sum("rule designer" in n for n in design.notes) == 1  # the association; episode's column is named after show's key
    assert any(n.startswith("episode: show_id declared a reference to show") for n in design.notes)
    assert reconciled(design) == design  # nothing left to add


def test_a_reference_added_from_the_rules_does_not_hide_a_relation_the_rules_read() -> None:
    requirement = ("Volunteers have a name and a phone number. Each tool has a tag number and a kind, and is donated by "
                   "one volunteer. Gardens have a plot code and an area. A garden can have several volunteers, and a "
                   "volunteer may tend more than one garden.")
    drafted = ("CREATE TABLE volunteer (volunteer_id INTEGER PRIMARY KEY, name TEXT, phone_number TEXT);\n"
               "CREATE TABLE garden (plot_code TEXT PRIMARY KEY, area REAL);\n"
               "CREATE TABLE tool (tag_number TEXT PRIMARY KEY, kind TEXT, plot_code TEXT REFERENCES garden(plot_code));")
    design = reconciled(_repaired_draft(requirement, drafted))
    # the donor reference makes tool refer to volunteer and garden; the model did not relate those two
    # through tool, so the many-to-many the requirement states is still added
    assert ("tool", "volunteer_id", "volunteer") in _fks(design)
    pair = next(t for t in design.tables if t.name != "tool" and {fk.ref_table for fk in t.foreign_keys} == {"garden", "volunteer"})
    assert len(pair.foreign_keys) == 2 and set(pair.primary_key) == {c for fk in pair.foreign_keys for c in fk.columns}
    assert reconciled(design) == design


def test_reconciling_adds_entities_the_llm_left_out_and_maps_tables_by_their_attributes() -> None:
    requirement = ("A restaurant records its orders. The dining room has tables, each with a table number and a number "
                   "of seats. Waiters have a name and a hire date. An order is taken by one waiter for one table. "
                   "Each dish has a name and a price; an order includes several dishes and a dish is ordered many times, "
                   "so for every dish on an order we keep the quantity.")
    # the LLM calls the table entity 'dining_room', forgets the waiters, keys 'seating' twice and
    # drafts the order's dishes without a key
    drafted = ("CREATE TABLE dining_room (table_number INTEGER PRIMARY KEY, number_of_seats INTEGER);\n"
               "CREATE TABLE dish (dish_id INTEGER PRIMARY KEY, name TEXT, price DECIMAL(8,2));\n"
               "CREATE TABLE customer_order (order_id INTEGER PRIMARY KEY, waiter_id INTEGER, table_number INTEGER,"
               " PRIMARY KEY (waiter_id, table_number));\n"
               "CREATE TABLE order_dish (order_id INTEGER REFERENCES customer_order(order_id),"
               " dish_id INTEGER REFERENCES dish(dish_id), quantity INTEGER);")
    llm = _repaired_draft(requirement, drafted)
    assert llm.table("customer_order").primary_key == ["order_id"]  # the inline key, not the second one
    assert sorted(llm.table("order_dish").primary_key) == ["dish_id", "order_id"]  # an association's two references
    design = reconciled(llm)
    assert design.has_table("waiter") and design.table("waiter").has_column("hire_date")
    fks = _fks(design)
    assert ("customer_order", "waiter_id", "waiter") in fks
    assert ("customer_order", "table_number", "dining_room") in fks  # the rules' 'table' is the LLM's dining_room
    assert not design.has_table("table")


def test_reconciling_takes_an_entity_the_llm_wrote_into_another_table_out_of_it() -> None:
    requirement = ("The county is divided into zones, each with a zone code and a name. Crews spray the zones with "
                   "products. Products are identified by their registration number and have a name and an active "
                   "ingredient.")
    # the model keeps the product's attributes in a table of zones and products, keyed by both
    drafted = ("CREATE TABLE zone (zone_code TEXT PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE zone_product (zone_code TEXT REFERENCES zone(zone_code), product_registration_number TEXT,"
               " name TEXT, active_ingredient TEXT, PRIMARY KEY (zone_code, product_registration_number));")
    design = reconciled(_repaired_draft(requirement, drafted))
    assert design.has_table("product")
    assert {c.name for c in design.table("product").columns} >= {"registration_number", "name", "active_ingredient"}
    assert ("zone_product", "product_registration_number", "product") in _fks(design)
    assert not design.table("zone_product").has_column("active_ingredient")  # the product's, stored once


def test_reconciling_keys_a_table_by_the_identifier_the_requirement_gives_not_a_made_up_one() -> None:
    requirement = ("A lab tracks its instruments. Technicians have a staff number and a name. Each instrument has a serial "
                   "number and a model. Calibrations of an instrument have a date and a result. Each sample belongs to one "
                   "instrument and has a sample number and a volume. Users have a username and an email.")
    # the LLM makes up technician_id, instrument_id and sample_id beside the identifiers it keeps as columns
    drafted = ("CREATE TABLE technician (technician_id INTEGER PRIMARY KEY, staff_number TEXT, name TEXT);\n"
               "CREATE TABLE instrument (instrument_id INTEGER PRIMARY KEY, serial_number TEXT, model TEXT);\n"
               "CREATE TABLE calibration (calibration_id INTEGER PRIMARY KEY, instrument_id INTEGER REFERENCES"
               " instrument(instrument_id), date DATE, result TEXT);\n"
               "CREATE TABLE sample (sample_id INTEGER PRIMARY KEY, sample_number INTEGER, volume REAL,"
               " instrument_id INTEGER REFERENCES instrument(instrument_id));\n"
               "CREATE TABLE user (user_id INTEGER PRIMARY KEY, username TEXT, email TEXT);")
    design = reconciled(_repaired_draft(requirement, drafted))
    assert design.table("technician").primary_key == ["staff_number"] and not design.table("technician").has_column("technician_id")
    assert design.table("instrument").primary_key == ["serial_number"]
    # the references follow the new key, renamed after it and typed like it
    assert ("calibration", "instrument_serial_number", "instrument") in _fks(design)
    assert design.table("calibration").column("instrument_serial_number").type == design.table("instrument").column("serial_number").type
    assert not design.table("calibration").has_column("instrument_id")
    # a number within a parent (the instrument's samples) and a name people choose stay attributes
    assert design.table("sample").primary_key == ["sample_id"]
    assert design.table("user").primary_key == ["user_id"]
    assert reconciled(design) == design


def test_a_parent_the_model_knew_only_by_name_gets_the_identifier_read_for_it_and_the_copy_of_it_refers() -> None:
    requirement = ("Members borrow books. A book has an ISBN and a title. Each loan is of one book, with a loan date, "
                   "and it is handled by one of our librarians, of whom we keep a name and a staff code.")
    # the model names the librarian in the loan and copies the librarian's code there too
    drafted = ("CREATE TABLE book (isbn TEXT PRIMARY KEY, title TEXT);\n"
               "CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, isbn TEXT REFERENCES book(isbn), loan_date DATE, "
               "librarian_name TEXT REFERENCES librarian(librarian_name), staff_code TEXT);")
    design = checked(reconciled(_repaired_draft(requirement, drafted)))
    # the librarian made from the name is thin: it takes the code the rules read, and the code keys it
    assert design.table("librarian").primary_key == ["staff_code"]
    # the loan's copy of the code is the reference; no second column holds the same librarian
    assert ("loan", "staff_code", "librarian") in _fks(design)
    assert [c.name for c in design.table("loan").columns if "librarian" in c.name or "staff" in c.name] == ["staff_code"]


def test_a_parents_facts_the_model_wrote_into_a_child_go_to_the_thin_parent_named_after_it() -> None:
    requirement = ("Venues have a name, an address and a seating capacity. Each rehearsal is held at one venue and "
                   "has a date, a start time, an end time and a purpose. Musicians have a name and play in rehearsals.")
    # the model knows the venue by its name only, and gives its address and capacity to the rehearsal
    drafted = ("CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE rehearsal (rehearsal_id INTEGER PRIMARY KEY, address TEXT, seating_capacity INTEGER, "
               "start_time TIMESTAMP, venue_id INTEGER REFERENCES venue(venue_id));\n"
               "CREATE TABLE musician (musician_id INTEGER PRIMARY KEY, name TEXT);")
    design = checked(reconciled(_repaired_draft(requirement, drafted)))
    # the rules' venue is the model's venue, not the rehearsal that holds its facts: the venue takes them
    assert {"address", "seating_capacity"} <= {c.name for c in design.table("venue").columns}


@pytest.mark.parametrize(("wording", "flag"), [
    ("For breeds we keep the name and whether they are kept mainly for meat or wool.", "is_kept"),
    ("Debaters have a name and whether they are a novice speaker.", "is_novice_speaker"),
    ("Trailheads have a name and whether there is parking.", "has_parking"),
    ("Flights have a date and whether a champagne certificate was bought.", "is_champagne_certificate_bought"),
])
def test_a_yes_no_question_in_a_list_is_one_flag_named_by_what_it_asks(wording: str, flag: str) -> None:
    table = design_with_rules(wording).tables[0]
    # not `whether_they` (the question cut at its verb) beside a `wool` (its 'or' read as a list)
    assert [c.name for c in table.columns if c.type == "BOOLEAN"] == [flag]
    assert not any(c.name.startswith("whether") or c.name == "wool" for c in table.columns)


def test_things_the_wording_counts_are_entities_even_where_nothing_declares_them() -> None:
    # 'has shelves' alone reads as an attribute of the warehouse; 'one shelf' says shelves are counted things
    design = checked(design_with_rules(
        "The warehouse has shelves, and every box is on one shelf; a box has a box code, a weight and a content. "
        "A parcel has a tracking code and a weight, and is packed by one packer. Packers have a name and a shift. "
        "Couriers have a name and a phone number, and they can serve many regions. Regions have a name and a size, "
        "and several couriers can serve the same region."))
    assert ("box", "shelf_id", "shelf") in _fks(design)
    assert ("parcel", "packer_id", "packer") in _fks(design)
    courier_region = [t for t in design.tables if {fk.ref_table for fk in t.foreign_keys} == {"courier", "region"}]
    assert len(courier_region) == 1 and set(courier_region[0].primary_key) == {"courier_id", "region_id"}
    assert not any(fk.ref_table == t.name for t in design.tables for fk in t.foreign_keys)  # 'the same region': no self-reference


def test_a_design_is_named_in_the_requirements_spelling() -> None:
    requirement = ("Members borrow equipment. A member has a licence number and a name. Each catalogue entry has a "
                   "title and a colour, and a member's enrolment in a workshop has a date.")
    drafted = ("CREATE TABLE member (license_number TEXT PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE catalog_entry (catalog_entry_id INTEGER PRIMARY KEY, title TEXT, color TEXT);\n"
               "CREATE TABLE enrollment (enrollment_id INTEGER PRIMARY KEY, license_number TEXT REFERENCES"
               " member(license_number), enrollment_date DATE);")
    design = checked(_repaired_draft(requirement, drafted))
    assert [t.name for t in design.tables] == ["member", "catalogue_entry", "enrolment"]
    assert design.table("member").primary_key == ["licence_number"]
    assert design.table("catalogue_entry").has_column("colour")
    assert ("enrolment", "licence_number", "member") in _fks(design)
    assert design.table("enrolment").has_column("enrolment_date")


def test_reconciling_keys_a_table_by_what_the_requirement_says_identifies_it() -> None:
    requirement = ("A harbour office registers ships. Ships are identified by their hull number, and a ship has a name "
                   "and a tonnage. Pilots are identified by their pilot licence number and have a name. Each visit is "
                   "made by one ship and guided by one pilot, with an arrival time.")
    # the model makes up ship_id beside hull_number, and leaves the pilot's licence number out altogether
    drafted = ("CREATE TABLE ship (ship_id INTEGER PRIMARY KEY, hull_number TEXT, name TEXT, tonnage REAL);\n"
               "CREATE TABLE pilot (pilot_id INTEGER PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, ship_id INTEGER REFERENCES ship(ship_id),"
               " pilot_id INTEGER REFERENCES pilot(pilot_id), arrival_time TIMESTAMP);")
    design = reconciled(_repaired_draft(requirement, drafted))
    assert design.table("ship").primary_key == ["hull_number"] and not design.table("ship").has_column("ship_id")
    assert design.table("pilot").primary_key == ["pilot_licence_number"]
    assert design.table("pilot").column("pilot_licence_number").type == "TEXT"
    assert ("visit", "ship_hull_number", "ship") in _fks(design)
    assert ("visit", "pilot_licence_number", "pilot") in _fks(design)
    assert reconciled(design) == design


def test_reconciling_keys_a_table_by_the_identifier_the_llm_declared_unique_and_names_references_after_keys() -> None:
    requirement = ("A wholesaler buys from suppliers, who are companies known for their VAT number, with a company name. "
                   "Players of its football team have a gamer tag that no two players share, and a name. Each "
                   "purchase order is placed with one supplier. Containers are registered with a container code; "
                   "each shipment is carried in one container.")
    # the model keeps a surrogate beside an identifier it marked UNIQUE, and names a reference to a
    # table keyed by its code `container_id`
    drafted = ("CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, vat_number TEXT NOT NULL UNIQUE, company_name TEXT);\n"
               "CREATE TABLE player (player_id INTEGER PRIMARY KEY, gamer_tag TEXT UNIQUE, name TEXT);\n"
               "CREATE TABLE purchase_order (purchase_order_id INTEGER PRIMARY KEY,"
               " supplier_id INTEGER REFERENCES supplier(supplier_id));\n"
               "CREATE TABLE container (container_code TEXT PRIMARY KEY);\n"
               "CREATE TABLE shipment (shipment_id INTEGER PRIMARY KEY,"
               " container_id TEXT REFERENCES container(container_code));")
    design = reconciled(_repaired_draft(requirement, drafted))
    assert design.table("supplier").primary_key == ["vat_number"] and not design.table("supplier").has_column("supplier_id")
    assert ("purchase_order", "supplier_vat_number", "supplier") in _fks(design)
    assert design.table("player").primary_key == ["player_id"]  # a tag people choose is unique, not an identifier
    assert ("shipment", "container_code", "container") in _fks(design)
    assert not design.table("shipment").has_column("container_id")
    assert reconciled(design) == design


@pytest.mark.parametrize("requirement", [
    "Doctors have a doctor ID, a name and a specialty. Patients have a name. During an appointment the doctor may "
    "write prescriptions, each with a date.",
    "Courses have a title. Each module has a position and a title, and contains lessons with a title and a position "
    "within the module.",
    "Vessels have an IMO number and a name. Each vessel is operated by one shipping line, and a vessel's name is "
    "painted on its hull; shipping lines have a company name.",
])
def test_the_subject_named_again_is_no_self_reference(requirement: str) -> None:
    design = checked(design_with_rules(requirement))
    assert not [(t, c) for t, c, p in _fks(design) if t == p]


def test_reconciling_adds_the_self_reference_the_llm_left_out() -> None:
    requirement = ("A wholesaler sells products. Each product has a product code, a name and a price, and belongs to "
                   "one category. Categories have a name and may sit under a parent category.")
    drafted = ("CREATE TABLE category (category_id INTEGER PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE product (product_code TEXT PRIMARY KEY, name TEXT, price DECIMAL(10,2),"
               " category_id INTEGER REFERENCES category(category_id));")
    assert ("category", "parent_category_id", "category") in _fks(checked(design_with_rules(requirement)))
    design = reconciled(_repaired_draft(requirement, drafted))
    (self_reference,) = [fk for fk in design.table("category").foreign_keys if fk.ref_table == "category"]
    assert design.table("category").column(self_reference.columns[0]).nullable
    assert reconciled(design) == design


def test_a_role_who_is_another_of_the_same_entity_names_the_self_reference() -> None:
    design = checked(design_with_rules(
        "Firefighters are identified by their service number and have a name and a rank. Apart from the chief, each "
        "firefighter reports to a supervisor, who is another firefighter in the brigade."))
    assert {(c, p) for t, c, p in _fks(design) if t == "firefighter"} == {("supervisor_service_number", "firefighter")}


def test_reconciling_takes_a_record_of_a_thing_for_the_thing() -> None:
    requirement = ("A shelter keeps animals; each animal has a name and a species. Vaccinations are recorded with the "
                   "vaccine name and the date given, and a vaccination record always belongs to exactly one animal.")
    drafted = ("CREATE TABLE animal (animal_id INTEGER PRIMARY KEY, name TEXT, species TEXT);\n"
               "CREATE TABLE vaccination_record (vaccination_record_id INTEGER PRIMARY KEY, vaccine TEXT,"
               " given_on DATE, animal_id INTEGER REFERENCES animal(animal_id));")  # no column named as the rules do
    assert "vaccination" in {t.name for t in checked(design_with_rules(requirement)).tables}
    design = reconciled(_repaired_draft(requirement, drafted))
    assert {t.name for t in design.tables} == {"animal", "vaccination_record"}


def test_for_each_one_and_each_continue_the_previous_subject() -> None:
    design = checked(design_with_rules(
        "Stations have a name and a district. Our appliances are identified by their registration plate; for each one "
        "we note the vehicle type and the tank capacity, and each is always housed at a single station."))
    appliance = design.table("appliance")
    assert {"vehicle_type", "tank_capacity"} <= {c.name for c in appliance.columns}
    assert ("appliance", "station_id", "station") in _fks(design)


@pytest.mark.parametrize("pronoun", ["Everything", "Everybody"])
def test_an_indefinite_pronoun_is_no_entity_nor_is_the_verb_after_it(pronoun: str) -> None:
    design = checked(design_with_rules(
        f"{pronoun} starts with a survey: one of our staff visits a site on a given date and writes shading notes. "
        "Each site has an address and a roof pitch."))
    assert not any("start" in t.name for t in design.tables)
    assert "site" in {t.name for t in design.tables}


def test_an_identifier_after_which_and_for_a_thing_declare_the_thing() -> None:
    design = checked(design_with_rules(
        "Each animal has a name and a species. While at the shelter an animal is housed in a kennel, which is "
        "identified by a kennel number and described by its size; a kennel can hold more than one animal. Guests buy "
        "passes. For a pass "
        "we keep the holder's name and the price paid."))
    assert design.table("kennel").primary_key == ["kennel_number"]
    assert ("animal", "kennel_number", "kennel") in _fks(design)
    assert {"holder_name", "price_paid"} <= {c.name for c in design.table("pass").columns}



def test_a_role_table_the_llm_wrote_is_folded_into_the_entity_that_plays_the_role() -> None:
    requirement = ("A newsroom keeps its reporters: each has a name, an email and a beat. Every reporter is assigned "
                   "an editor, who is another reporter of the newsroom; the editors answer to nobody. Stories have a "
                   "headline and a publication date and are written by one reporter, and a story is checked by a "
                   "fact checker, who is also a reporter.")
    drafted = ("CREATE TABLE editor (editor_id INTEGER PRIMARY KEY, name TEXT, email TEXT);\n"
               "CREATE TABLE reporter (reporter_id INTEGER PRIMARY KEY, name TEXT, email TEXT, beat TEXT,"
               " editor_id INTEGER NOT NULL REFERENCES editor(editor_id));\n"
               "CREATE TABLE fact_checker (fact_checker_id INTEGER PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE story (story_id INTEGER PRIMARY KEY, headline TEXT, publication_date DATE,"
               " reporter_id INTEGER REFERENCES reporter(reporter_id),"
               " fact_checker_id INTEGER REFERENCES fact_checker(fact_checker_id));")
    design = _folded(requirement, drafted)
    assert {t.name for t in design.tables} == {"reporter", "story"}
    assert _fks(design) == {("reporter", "editor_id", "reporter"), ("story", "reporter_id", "reporter"),
                            ("story", "fact_checker_id", "reporter")}
    assert design.table("reporter").column("editor_id").nullable  # the editors answer to nobody
    assert fold_roles(design) == design


def test_a_table_named_by_an_earlier_word_of_the_role_sentence_is_no_role() -> None:
    # "who is one of the volunteers" says what a crew leader is, not what a crew is
    requirement = ("Volunteers have a name and a phone. Each volunteer belongs to one crew, and a crew has a "
                   "name and a crew leader, who is one of the volunteers.")
    drafted = ("CREATE TABLE volunteer (volunteer_id INTEGER PRIMARY KEY, name TEXT, phone TEXT,"
               " crew_id INTEGER REFERENCES crew(crew_id));\n"
               "CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, name TEXT,"
               " crew_leader_id INTEGER REFERENCES volunteer(volunteer_id));")
    design = _repaired_draft(requirement, drafted)
    assert fold_roles(design) == design
    # the coordinated role is still one: "a captain and a first officer, who are crew members"
    assert said_to_be("captain", "crew_member", "a captain and a first officer, who are crew members")
    assert said_to_be("crew_leader", "volunteer", " ".join(requirement.lower().split()))


@pytest.mark.parametrize("sentence", [
    "Some of the younger performers are coached by a senior performer.",
    "A newcomer is paired with an experienced performer who acts as their coach.",
])
def test_a_role_said_by_its_verb_or_by_who_acts_as_it_is_folded_too(sentence: str) -> None:
    requirement = f"Performers have a stage name, a legal name and a date of birth. {sentence} Acts have a title."
    drafted = ("CREATE TABLE performer (performer_id INTEGER PRIMARY KEY, stage_name TEXT, legal_name TEXT,"
               " date_of_birth DATE, coach_id INTEGER REFERENCES coach(coach_id));\n"
               "CREATE TABLE coach (coach_id INTEGER PRIMARY KEY, legal_name TEXT, date_of_birth DATE);\n"
               "CREATE TABLE act (act_id INTEGER PRIMARY KEY, title TEXT);")
    design = _folded(requirement, drafted)
    assert {t.name for t in design.tables} == {"performer", "act"}
    assert _fks(design) == {("performer", "coach_id", "performer")}
    unsaid = _repaired_draft(requirement.replace(sentence, "Coaches are hired for the season."), drafted)
    assert fold_roles(unsaid) == unsaid  # nothing says a coach is a performer


@pytest.mark.parametrize("role_table", [
    "CREATE TABLE coach (coach_id INTEGER PRIMARY KEY, name TEXT);",
    # a link between two players that holds nothing else: once `coach` folds, both its references are the player's
    "CREATE TABLE coach (coach_id INTEGER PRIMARY KEY, name TEXT);\n"
    "CREATE TABLE player_coach (player_id INTEGER REFERENCES player(player_id),"
    " coach_id INTEGER REFERENCES coach(coach_id), PRIMARY KEY (player_id, coach_id));",
])
def test_a_folded_role_no_table_refers_to_becomes_the_entitys_reference_to_itself(role_table: str) -> None:
    requirement = ("Players have a name and a rating. Stronger members coach our juniors, and a junior is coached by "
                   "another player. Games have a date and a result.")
    drafted = ("CREATE TABLE player (player_id INTEGER PRIMARY KEY, name TEXT, rating INTEGER);\n"
               f"{role_table}\nCREATE TABLE game (game_id INTEGER PRIMARY KEY, game_date DATE, result TEXT);")
    design = _folded(requirement, drafted)
    assert {t.name for t in design.tables} == {"player", "game"}
    assert _fks(design) == {("player", "coach_id", "player")}
    assert design.table("player").column("coach_id").nullable
    # held by another table, the role stays that table's reference, and the player gets none of its own
    held = drafted.replace(role_table, "CREATE TABLE coach (coach_id INTEGER PRIMARY KEY, name TEXT);\nCREATE TABLE "
                           "lesson (lesson_id INTEGER PRIMARY KEY, coach_id INTEGER REFERENCES coach(coach_id));")
    assert _fks(checked(fold_roles(_repaired_draft(requirement, held)))) == {("lesson", "coach_id", "player")}
    # nothing says a coach is a player: nothing folds, nothing refers to itself
    unsaid = _repaired_draft(requirement.replace("a junior is coached by another player", "coaches are hired"), drafted)
    assert fold_roles(unsaid) == unsaid


def test_a_said_role_folds_past_a_column_the_requirement_never_writes() -> None:
    requirement = ("Members have a membership number, a name and an email, and a newcomer is paired with an "
                   "experienced member who acts as their mentor. Apiaries have a code.")
    drafted = ("CREATE TABLE member (membership_number TEXT PRIMARY KEY, name TEXT, email TEXT);\n"
               "CREATE TABLE mentor (mentor_id INTEGER PRIMARY KEY, years_of_experience INTEGER,"
               " membership_number TEXT REFERENCES member(membership_number));\n"
               "CREATE TABLE apiary (code TEXT PRIMARY KEY);")
    design = _folded(requirement, drafted)
    assert {t.name for t in design.tables} == {"member", "apiary"}
    assert _fks(design) == {("member", "mentor_membership_number", "member")}
    # a column the requirement states is the role's own fact: the table stays
    stated = requirement.replace("who acts as their mentor", "who acts as their mentor, with their years of experience")
    assert "mentor" in {t.name for t in fold_roles(_repaired_draft(stated, drafted)).tables}


def test_a_table_that_only_links_two_rows_of_one_entity_becomes_its_reference_to_itself() -> None:
    requirement = ("Members have a membership number, a name and a phone; if another member brought them along we "
                   "note who referred them. Each plan has a name and a price, and a user signs up for one plan.")
    drafted = ("CREATE TABLE member (membership_number TEXT PRIMARY KEY, name TEXT, phone TEXT);\n"
               "CREATE TABLE referral (referral_id INTEGER PRIMARY KEY,"
               " membership_number TEXT REFERENCES member(membership_number),"
               " referred_by_membership_number TEXT REFERENCES member(membership_number));\n"
               "CREATE TABLE plan (plan_id INTEGER PRIMARY KEY, name TEXT, price DECIMAL);\n"
               "CREATE TABLE user (user_id INTEGER PRIMARY KEY, plan_id INTEGER REFERENCES plan(plan_id));")
    design = _folded(requirement, drafted)
    assert {t.name for t in design.tables} == {"member", "plan", "user"}  # a user is an entity, however thin
    assert _fks(design) == {("member", "referred_by_membership_number", "member"), ("user", "plan_id", "plan")}
    assert design.table("member").column("referred_by_membership_number").nullable
    # with data of its own (the date of the referral) the link is a table of its own
    dated = drafted.replace(" referred_by_membership_number TEXT", " referral_date DATE, referred_by_membership_number TEXT")
    assert "referral" in {t.name for t in fold_roles(_repaired_draft(requirement, dated)).tables}


def test_a_role_the_requirement_says_the_entity_is_folds_into_a_reference_to_itself() -> None:
    requirement = ("Clients have a tax file number, a name and a phone. When both spouses are clients, we link each "
                   "one to the other so we can prepare their returns together.")
    drafted = ("CREATE TABLE client (tax_file_number TEXT PRIMARY KEY, name TEXT, phone TEXT);\n"
               "CREATE TABLE spouse (spouse_id INTEGER PRIMARY KEY,"
               " tax_file_number TEXT REFERENCES client(tax_file_number));")
    design = _folded(requirement, drafted)
    assert _fks(design) == {("client", "spouse_tax_file_number", "client")}
    unsaid = _repaired_draft(requirement.replace("When both spouses are clients", "When a spouse calls"), drafted)
    assert fold_roles(unsaid) == unsaid


def test_two_kinds_the_requirement_says_are_one_thing_become_that_table() -> None:
    requirement = ("Shippers and consignees are simply companies to us, each with a name, a country and a contact "
                   "email, and every shipment has exactly one shipper and one consignee. Shipments have a weight.")
    drafted = ("CREATE TABLE shipper (shipper_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, contact_email TEXT);\n"
               "CREATE TABLE consignee (consignee_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT,"
               " contact_email TEXT, shipper_id INTEGER REFERENCES shipper(shipper_id));\n"
               "CREATE TABLE shipment (shipment_id INTEGER PRIMARY KEY, weight REAL,"
               " shipper_id INTEGER NOT NULL REFERENCES shipper(shipper_id),"
               " consignee_id INTEGER NOT NULL REFERENCES consignee(consignee_id));")
    design = _folded(requirement, drafted)
    assert {t.name for t in design.tables} == {"company", "shipment"}
    assert design.table("company").primary_key == ["company_id"] and not design.table("company").foreign_keys
    assert _fks(design) == {("shipment", "shipper_id", "company"), ("shipment", "consignee_id", "company")}
    # kinds that hold different facts stay apart
    apart = _repaired_draft(requirement, drafted.replace("country TEXT, contact_email TEXT, shipper_id", "vat_number TEXT, shipper_id"))
    assert {"shipper", "consignee"} <= {t.name for t in fold_roles(apart).tables}


def test_a_table_with_data_of_its_own_is_no_role_even_when_named_after_an_entity() -> None:
    requirement = ("Members borrow tools. A tool has a name and a category. A senior member mentors new members and "
                   "holds a workshop qualification with a date awarded; each member has a name.")
    drafted = ("CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE senior_member (senior_member_id INTEGER PRIMARY KEY, name TEXT, qualification TEXT,"
               " date_awarded DATE);\n"
               "CREATE TABLE tool (tool_id INTEGER PRIMARY KEY, name TEXT, category TEXT);\n"
               "CREATE TABLE tool_member (tool_id INTEGER REFERENCES tool(tool_id),"
               " member_id INTEGER REFERENCES member(member_id), PRIMARY KEY (tool_id, member_id));")
    design = _repaired_draft(requirement, drafted)
    assert fold_roles(design) == design


def test_the_bench_scores_a_requirement_no_designer_can_read_as_zero_and_goes_on(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from text2db.designer.bench import run_bench

    pairs = {"a_unreadable": ("Hello there, thanks for reading.", "CREATE TABLE thing (thing_id INTEGER PRIMARY KEY);"),
             "b_library": ("Each book has an ISBN, a title and a year. Each member has a name and an email.",
                           "CREATE TABLE book (isbn TEXT PRIMARY KEY, title TEXT, year INTEGER);\n"
                           "CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT, email TEXT);")}
    for name, (requirement, schema) in pairs.items():
        (tmp_path / "set" / name).mkdir(parents=True)
        (tmp_path / "set" / name / "requirement.txt").write_text(requirement)
        (tmp_path / "set" / name / "schema.sql").write_text(schema)
    record = run_bench(tmp_path / "set", tmp_path / "out", NO_LLM, llm=False)
    unreadable, library = record["rows"]  # type: ignore[misc]
    assert unreadable["designer"] == "none" and unreadable["table_f1"] == 0.0 and "no design" in unreadable["notes"][0]
    assert library["table_f1"] == 100.0


def test_references_between_the_llms_tables_are_read_where_the_rules_alone_find_no_entity() -> None:
    # the rule designer alone reads only `driver` here (nothing declares runs or depots), so its
    # reading relates nothing; read with the LLM's tables as known entities it finds the two
    # counted references ("one driver only" is the driver), and not the bare "a driver ... at a depot"
    requirement = ("Drivers are listed with their name and licence class. "
                   "A delivery run happens on a date along a route and is driven by one driver only. "
                   "Every run leaves from exactly one depot, whose address we keep. "
                   "A driver often stops at a depot for coffee.")
    drafted = ("CREATE TABLE driver (driver_id INTEGER PRIMARY KEY, name TEXT, licence_class TEXT);\n"
               "CREATE TABLE delivery_run (delivery_run_id INTEGER PRIMARY KEY, run_date DATE, route TEXT);\n"
               "CREATE TABLE depot (depot_id INTEGER PRIMARY KEY, address TEXT);")
    assert [t.name for t in design_with_rules(requirement).tables] == ["driver"]
    design = reconciled(_repaired_draft(requirement, drafted))
    assert _fks(design) == {("delivery_run", "driver_id", "driver"), ("delivery_run", "depot_id", "depot")}
    assert design.table("delivery_run").column("driver_id").type == "INTEGER"
    assert reconciled(design) == design


def test_a_count_holds_within_its_clause_and_names_a_table_by_its_last_word() -> None:
    requirement = ("Each shelf holds one box, and a box lists items; an item has a name. "
                   "A depot sends out many runs. A run is driven by one driver.")
    tables = ["shelf", "box", "item", "depot", "delivery_run", "driver"]
    assert counted_references(requirement, tables) == {("shelf", "box"), ("delivery_run", "depot"),
                                                        ("delivery_run", "driver")}


def test_a_reference_to_a_missing_table_is_no_self_reference_unless_its_name_spells_the_table() -> None:
    requirement = ("Repairs are logged with the craftsperson who did them and the hours spent. "
                   "Each employee has a manager, who is another employee.")
    tables = parse_tables("""CREATE TABLE craftsperson (craftsperson_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE repair_craftsman (repair_id INTEGER PRIMARY KEY, craftsman_id INTEGER REFERENCES craftsman(craftsman_id), hours REAL);
CREATE TABLE employee (employee_id INTEGER PRIMARY KEY, name TEXT, manager_id INTEGER REFERENCES employees(employee_id));""")
    repaired = repair(SchemaDesign(requirement=requirement, designer="llm:test", tables=tables))
    assert [fk.ref_table for fk in repaired.table("employee").foreign_keys] == ["employee"]  # 'employees' spells it
    assert all(fk.ref_table != "repair_craftsman" for fk in repaired.table("repair_craftsman").foreign_keys)
    assert not any("now points at repair_craftsman" in n for n in repaired.notes)


def test_a_list_a_subject_gets_or_receives_is_its_attributes() -> None:
    design = checked(design_with_rules(
        "Each engineer has a name and an email. An outage gets a number, a title, a severity and a summary. "
        "Each shift has a start time and receives a label, a colour and a priority."))
    assert {"outage_number", "title", "severity", "summary"} <= {c.name for c in design.table("outage").columns}


@pytest.mark.parametrize("requirement, not_a_column, not_a_table", [
    # a count of another entity is a relationship, not an attribute
    ("Each patient has a name. Each nurse has a name. A patient receives many home visits and a nurse makes many "
     "home visits; each home visit has a date.", "many_home_visits", ""),
    # one thing given is no list of attributes: here it is said after a clause of its own
    ("I keep the hirer's name and phone, and whether they're a registered charity, since charities get a discount. "
     "Each room has a name.", "", "since_charity"),
    ("Each member has a name and an email. A resident joins as a member and receives a card number.", "", "resident"),
])
def test_what_is_given_after_a_count_or_a_clause_is_no_attribute_of_it(requirement: str, not_a_column: str,
                                                                          not_a_table: str) -> None:
    design = checked(design_with_rules(requirement))
    assert not_a_column not in {c.name for t in design.tables for c in t.columns}
    assert not_a_table not in {t.name for t in design.tables}


def test_a_noun_with_a_clause_about_it_is_named_by_the_clause_verb() -> None:
    design = checked(design_with_rules(
        "Each volunteer has a name, an email and the date they joined. Each beacon has a label, the date it was "
        "installed and the price we pay per month."))
    assert "date_joined" in {c.name for c in design.table("volunteer").columns}
    assert {"date_installed", "price_per_month"} <= {c.name for c in design.table("beacon").columns}
    assert not [c.name for t in design.tables for c in t.columns if "_they_" in c.name or c.name.endswith("_it")]


def test_what_is_kept_for_each_of_a_pair_is_named_by_the_clause_verb() -> None:
    design = checked(design_with_rules(
        "Each club has a name. Each volunteer has a name. A volunteer can help many clubs and a club has many "
        "volunteers; for each volunteer in a club we keep the role and the date they joined."))
    pair = next(t for t in design.tables if {fk.ref_table for fk in t.foreign_keys} == {"club", "volunteer"})
    assert "date_joined" in {c.name for c in pair.columns}
    assert not [c.name for c in pair.columns if "_they_" in c.name]


def test_a_pairing_the_model_named_after_its_parents_takes_the_name_the_requirement_gives_its_record() -> None:
    requirement = ("Patients have a name and a date of birth. Therapists have a name and a speciality. A patient can "
                   "see several therapists; a consultation records the patient, the therapist, the consultation date "
                   "and whether the patient paid.")
    drafted = ("CREATE TABLE patient (patient_id INTEGER PRIMARY KEY, name TEXT, date_of_birth DATE);\n"
               "CREATE TABLE therapist (therapist_id INTEGER PRIMARY KEY, name TEXT, speciality TEXT);\n"
               "CREATE TABLE patient_therapist (patient_id INTEGER REFERENCES patient(patient_id), therapist_id "
               "INTEGER REFERENCES therapist(therapist_id), consultation_date DATE, paid BOOLEAN, "
               "PRIMARY KEY (patient_id, therapist_id));")
    design = reconciled(_repaired_draft(requirement, drafted))
    assert not design.has_table("patient_therapist")
    consultation = design.table("consultation")
    assert {fk.ref_table for fk in consultation.foreign_keys} == {"patient", "therapist"}
    assert consultation.has_column("consultation_date") and consultation.has_column("paid")
    assert reconciled(design) == design


def test_reconciling_adds_no_second_pair_where_the_model_wrote_one_by_name() -> None:
    requirement = ("Flours have a name and a supplier. A cake has a name. A cake is made from several flours, each "
                   "in a given amount.")
    # the model pairs cakes and flours in a table of its own, naming the flour, and writes no flour
    # table: the rules add the flour, and the pair is the model's, not a second one of theirs
    drafted = ("CREATE TABLE cake (cake_id INTEGER PRIMARY KEY, name TEXT);\n"
               "CREATE TABLE mixture (cake_id INTEGER REFERENCES cake(cake_id), flour_name TEXT, grams REAL,"
               " PRIMARY KEY (cake_id, flour_name));")
    design = reconciled(_repaired_draft(requirement, drafted))
    assert design.has_table("flour")
    paired = [t.name for t in design.tables if {fk.ref_table for fk in t.foreign_keys} == {"cake", "flour"}]
    assert paired == ["mixture"]

