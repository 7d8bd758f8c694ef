"""Issue 15: reference completion (designer/relate.py): the LLM, asked about one sentence and two
of the design's tables that nothing relates, adds the reference the sentence states, on the side
the sentence's counts say; and the rule designer reads no entity from a word that is no noun."""

from __future__ import annotations

import pytest

from text2db.designer.ddlread import parse_tables
from text2db.designer.exceptions import LlmDesignFailed
from text2db.designer.facts import read_facts
from text2db.designer.relate import asked_pairs, complete_references, counted_direction, reference_column
from text2db.designer.repair import repair
from text2db.designer.validate import checked
from text2db.schemas.design import SchemaDesign
from tests.designer.test_complete import Scripted

REQUIREMENT = (
    "We are a locksmith. Customers have a name and a phone. A customer can own many properties, but a property "
    "only ever belongs to one customer. Technicians have a staff code and a name. Every job is done at a property "
    "on a date. Each job is led by one technician, and on bigger jobs a second technician assists. Parts have a "
    "part number, and a job uses several parts and a part is used on many jobs.")
DRAFT = """CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE property (property_id INTEGER PRIMARY KEY, address TEXT);
CREATE TABLE technician (staff_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE job (job_id INTEGER PRIMARY KEY, property_id INTEGER REFERENCES property(property_id), job_date DATE);
CREATE TABLE part (part_number TEXT PRIMARY KEY);
CREATE TABLE job_part (job_id INTEGER REFERENCES job(job_id), part_number TEXT REFERENCES part(part_number),
  PRIMARY KEY (job_id, part_number));"""


def _draft() -> SchemaDesign:
    return checked(repair(SchemaDesign(requirement=REQUIREMENT, designer="llm:test", tables=parse_tables(DRAFT))))


def _references(design: SchemaDesign, table: str) -> set[tuple[str, str]]:
    return {(fk.columns[0], fk.ref_table) for fk in design.table(table).foreign_keys}


def test_only_unrelated_pairs_with_the_sentences_subject_are_asked() -> None:
    asked = [(a, b) for _, a, b in asked_pairs(_draft())]
    assert asked == [("customer", "property"), ("job", "technician")]
    # job-property is related already; job-part and part-job are related through job_part; "a job uses
    # several parts and a part is used on many jobs" counts both sides many (many-to-many)


def test_the_answered_reference_is_added_on_the_side_the_sentence_counts() -> None:
    # The model puts the reference in the customer; "many properties" and "one customer" say otherwise.
    llm = Scripted("customer.property_id -> property",
                   "job.technician_staff_code -> technician\njob.assistant_id -> technician")
    completed = complete_references(_draft(), llm)
    assert _references(completed, "property") == {("customer_id", "customer")}
    assert "property_id" not in {c.name for c in completed.table("customer").columns}
    assert _references(completed, "job") >= {("technician_staff_code", "technician"),
                                              ("assistant_staff_code", "technician")}  # a role keeps its word
    assert "Sentence: A customer can own many properties" in llm.asked[0]
    assert "customer(customer_id, name, phone)\nproperty(property_id, address)" in llm.asked[0]


def test_none_a_foreign_pair_or_a_failing_llm_changes_nothing() -> None:
    draft = _draft()
    for llm in (Scripted("NONE", "NONE"), Scripted("job.part_number -> part", "part.job_id -> job"),
                Scripted(LlmDesignFailed("timeout"))):
        completed = complete_references(draft, llm)
        assert [t.model_dump() for t in completed.tables] == [t.model_dump() for t in draft.tables]
    assert any("reference completion stopped" in n for n in completed.notes)


def test_reference_columns_are_named_after_the_parents_key_or_the_role() -> None:
    assert reference_column("team", "team", "team_id") == "team_id"
    assert reference_column("room_id", "room", "room_number") == "room_number"
    assert reference_column("keyholder_id", "volunteer", "volunteer_id") == "keyholder_id"
    assert reference_column("main_instructor_id", "instructor", "adi_number") == "main_instructor_adi_number"


def test_a_plural_beside_a_singular_subject_is_the_many_side_but_a_plural_subject_says_nothing() -> None:
    patterns = {"inspection": r"\binspections?\b", "breach": r"\bbreach(?:es)?\b", "hirer": r"\bhirers?\b",
                "arrangement": r"\barrangements?\b"}
    assert counted_direction("During an inspection the officer may record breaches.", "inspection", "breach",
                             patterns, "inspection") == ("breach", "inspection")
    assert counted_direction("Regular hirers have a standing arrangement.", "arrangement", "hirer",
                             patterns, "hirer") == ("arrangement", "hirer")


@pytest.mark.parametrize("sentence", [
    "A play has a title and a genre, while a production is one staging of a play at a venue.",
    "Performances are the individual nights of a production.",
])
def test_a_row_said_to_be_one_part_of_another_is_the_child_whichever_side_the_answer_took(sentence: str) -> None:
    patterns = {"play": r"\bplays?\b", "production": r"\bproductions?\b", "performance": r"\bperformances?\b"}
    child, parent = ("production", "play") if "staging" in sentence else ("performance", "production")
    for answered in ((child, parent), (parent, child)):
        assert counted_direction(sentence, *answered, patterns, answered[0]) == (child, parent)


@pytest.mark.parametrize(("sentence", "child", "parent"), [
    ("Once approved, an estimate becomes exactly one repair with a start date.", "repair", "estimate"),
    ("We write down which kiln each firing was done in.", "firing", "kiln"),
    ("We note which trailer the load went on.", "load", "trailer"),
    ("Repairs are jobs booked by a kiln, with a date.", "repair", "kiln"),
])
def test_what_a_row_becomes_and_which_one_a_row_had_hold_the_reference(sentence: str, child: str, parent: str) -> None:
    patterns = {name: rf"\b{name}s?\b" for name in ("repair", "estimate", "firing", "kiln", "load", "trailer")}
    for answered in ((child, parent), (parent, child)):
        assert counted_direction(sentence, *answered, patterns, answered[0]) == (child, parent)


def test_an_event_a_row_undergoes_holds_the_row_even_where_its_own_column_names_it() -> None:
    requirement = ("Each booking has a date and a hirer name. Each booking is invoiced once, with an invoice number, "
                   "a date and an amount. Customers have a delivery address.")
    design = checked(repair(SchemaDesign(requirement=requirement, designer="llm:test", tables=parse_tables(
        """CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, booking_date DATE, hirer_name TEXT);
        CREATE TABLE invoice (invoice_number INTEGER PRIMARY KEY, invoice_date DATE, amount DECIMAL);
        CREATE TABLE delivery (delivery_id INTEGER PRIMARY KEY, van TEXT);
        CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, delivery_address TEXT);"""))))
    # "an invoice number" is the invoice's own column: it names the invoice ("a delivery address" names no delivery)
    assert {frozenset((a, b)) for _, a, b in asked_pairs(design)} == {frozenset(("booking", "invoice"))}
    completed = complete_references(design, Scripted("booking.invoice_number -> invoice"))
    assert _references(completed, "invoice") == {("booking_id", "booking")} and not _references(completed, "booking")


def test_the_rule_designer_reads_no_entity_from_a_word_never_used_as_a_noun() -> None:
    # read as the reconciliation reads it: with the LLM's tables as known entities
    facts = read_facts("A customer comes to us with a name, a phone and an email. Each learner is allocated one "
                       "instructor, who naturally has many. Instructors have a name. Each patient is under one "
                       "consultant, recorded with their GMC number and name.",
                       ["customer", "learner", "instructor", "patient", "consultant"])
    assert sorted(facts.entities) == ["consultant", "customer", "instructor", "learner", "patient"]
    # not 'us', 'naturally' nor 'recorded'
    assert all({r.source, r.target} <= set(facts.entities) for r in facts.relations)


def test_no_reference_from_a_code_list_nor_to_a_table_only_a_column_names_and_no_attribute_as_a_role() -> None:
    requirement = ("Plays have a title and a genre. A production puts on a play. Skills come from our "
                   "syllabus, and each instructor teaches skills. Customers have a delivery address and a route.")
    design = checked(repair(SchemaDesign(requirement=requirement, designer="llm:test", tables=parse_tables(
        """CREATE TABLE play (play_id INTEGER PRIMARY KEY, title TEXT, genre TEXT);
        CREATE TABLE production (production_id INTEGER PRIMARY KEY);
        CREATE TABLE skill (skill_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE instructor (instructor_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE delivery (delivery_id INTEGER PRIMARY KEY, van TEXT);
        CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, delivery_address TEXT, route TEXT);"""))))
    assert ("customer", "delivery") not in {(a, b) for _, a, b in asked_pairs(design)}  # 'delivery address'
    llm = Scripted("play.genre_id -> production", "skill.instructor_id -> instructor")
    completed = complete_references(design, llm)
    assert len(llm.asked) == 2
    assert not completed.table("skill").foreign_keys
    # a 'role' that is an attribute of the table is no role: the reference is named after the parent's key
    assert _references(completed, "play") == {("production_id", "production")}


ROLES = (
    "We ring bells. Ringers have a membership number and a name. A peal is rung on a date, and several ringers "
    "ring in a peal. One of the ringers acts as the conductor of the peal. A band has a name, and one ringer is "
    "appointed its captain. Each tower has a dedication, and one ringer serves as the steeple keeper.")
ROLES_DRAFT = """CREATE TABLE ringer (membership_number TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE peal (peal_id INTEGER PRIMARY KEY, peal_date DATE);
CREATE TABLE peal_ringer (peal_id INTEGER REFERENCES peal(peal_id),
  membership_number TEXT REFERENCES ringer(membership_number), PRIMARY KEY (peal_id, membership_number));
CREATE TABLE band (band_id INTEGER PRIMARY KEY, name TEXT, captain TEXT);
CREATE TABLE tower (tower_id INTEGER PRIMARY KEY, dedication TEXT);
CREATE TABLE steeple_keeper (steeple_keeper_id INTEGER PRIMARY KEY, name TEXT);"""


def test_one_row_appointed_to_a_role_of_another_is_a_reference_named_after_the_role() -> None:
    from text2db.designer.relate import appointed_roles

    draft = checked(repair(SchemaDesign(requirement=ROLES, designer="llm:test", tables=parse_tables(ROLES_DRAFT))))
    design = appointed_roles(draft)
    # "of the peal": the table named after the role; the association of ringers and peals stays
    assert ("conductor_membership_number", "ringer") in _references(design, "peal")
    assert design.table("peal_ringer").foreign_keys == draft.table("peal_ringer").foreign_keys
    # "its captain": the table the sentence named before; the draft's text column is the reference now
    band = design.table("band")
    assert ("captain_membership_number", "ringer") in _references(design, "band")
    assert not band.has_column("captain")
    # a role that is a table of its own is left to role folding, and nothing else changed
    assert _references(design, "tower") == set()
    assert appointed_roles(design).tables == design.tables  # a second pass adds nothing


def test_a_plain_reference_beside_the_appointed_role_is_the_role_read_twice_and_goes() -> None:
    from text2db.designer.relate import appointed_roles

    # the band's plain reference to a ringer is what a reader without the role makes of "one ringer is
    # appointed its captain"; the peal's association with its ringers is another relation and stays
    drafted = ROLES_DRAFT.replace("name TEXT, captain TEXT)",
                                  "name TEXT, captain TEXT, membership_number TEXT REFERENCES ringer(membership_number))")
    draft = checked(repair(SchemaDesign(requirement=ROLES, designer="llm:test", tables=parse_tables(drafted))))
    assert ("membership_number", "ringer") in _references(draft, "band")
    design = appointed_roles(draft)
    assert _references(design, "band") == {("captain_membership_number", "ringer")}
    assert not design.table("band").has_column("membership_number")
    assert design.table("peal_ringer") == draft.table("peal_ringer")
    assert any("beside its captain" in n for n in design.notes)


def test_two_rows_of_a_table_named_in_roles_after_a_colon_are_references_named_after_them() -> None:
    from text2db.designer.relate import appointed_roles

    requirement = ("Our society stages plays. Members have a membership number and a name. A staging has a date. "
                   "Two members run a staging: the producer, whom we always have, and the prompter, who is optional. "
                   "A tour visits two towns: the one where it starts and the one where it ends. Two members are "
                   "assigned to each rehearsal: a director and a first reader.")
    draft = checked(repair(SchemaDesign(requirement=requirement, designer="llm:test", tables=parse_tables(
        """CREATE TABLE member (membership_number TEXT PRIMARY KEY, name TEXT);
        CREATE TABLE staging (staging_id INTEGER PRIMARY KEY, staging_date DATE);
        CREATE TABLE town (town_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE tour (tour_id INTEGER PRIMARY KEY);
        CREATE TABLE rehearsal (rehearsal_id INTEGER PRIMARY KEY, rehearsal_date DATE);"""))))
    design = appointed_roles(draft)
    assert _references(design, "staging") == {("producer_membership_number", "member"),
                                              ("prompter_membership_number", "member")}
    assert _references(design, "tour") == set()  # "the one where it starts" names no role
    assert _references(design, "rehearsal") == {("director_membership_number", "member"),
                                                ("first_reader_membership_number", "member")}


ORCHARD = ("Our orchard cooperative keeps track of growers, orchards and trees. Growers have a name. Orchards have a "
           "code and an area. Trees have a tag and a variety. On a given day a grower prunes a tree and notes how many "
           "branches came off. We sell through grower markets, and a tree stands in one orchard.")
ORCHARD_DRAFT = """CREATE TABLE grower (grower_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE orchard (orchard_code TEXT PRIMARY KEY, area REAL);
CREATE TABLE tree (tag TEXT PRIMARY KEY, variety TEXT);
CREATE TABLE market (market_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE pruning (pruning_id INTEGER PRIMARY KEY, tree_tag TEXT REFERENCES tree(tag), pruning_date DATE);"""


def test_a_list_relates_nothing_a_qualifier_names_no_table_and_an_enacted_event_holds_the_relation() -> None:
    draft = checked(repair(SchemaDesign(requirement=ORCHARD, designer="llm:test", tables=parse_tables(ORCHARD_DRAFT))))
    asked = [(a, b) for _, a, b in asked_pairs(draft)]
    # "growers, orchards and trees" is a list: no pair of it is asked
    assert not {frozenset(p) for p in asked} & {frozenset(("grower", "orchard")), frozenset(("orchard", "tree"))}
    # "a grower prunes a tree": the pruning (which refers to the tree) holds who pruned, not the tree
    assert ("pruning", "grower") in asked and ("grower", "tree") not in asked
    # "grower markets" are markets: the grower is not named there
    assert all("grower" not in (a, b) for s, a, b in asked_pairs(draft) if s.startswith("We sell"))
    completed = complete_references(draft, Scripted(*["pruning.grower_id -> grower"] + ["NONE"] * (len(asked) - 1)))
    assert _references(completed, "pruning") == {("tree_tag", "tree"), ("grower_id", "grower")}
    assert not _references(completed, "tree")


def test_a_statement_after_a_semicolon_that_starts_with_a_table_is_asked_about_its_subject() -> None:
    requirement = ("An institution sends one or more teams; a team has a name and is made up of two debaters. "
                   "A sample can be analysed by several tests and the same test is run on many samples; for each "
                   "test run on a sample we store the value.")
    design = checked(repair(SchemaDesign(requirement=requirement, designer="llm:test", tables=parse_tables(
        """CREATE TABLE institution (institution_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT, institution_id INTEGER REFERENCES institution(institution_id));
        CREATE TABLE debater (debater_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE sample (barcode TEXT PRIMARY KEY);
        CREATE TABLE test (test_code TEXT PRIMARY KEY, name TEXT);"""))))
    asked = [(s, a, b) for s, a, b in asked_pairs(design)]
    # the sentence's subject is asked with the debater; the statement's subject, the team, too, with
    # only its statement as the sentence
    assert ("institution", "debater") in [(a, b) for _, a, b in asked]
    assert ("a team has a name and is made up of two debaters.", "team", "debater") in asked
    # "for each test run on a sample" starts with no table, and the sentence counts both many
    assert not any({a, b} == {"sample", "test"} for _, a, b in asked)


def test_a_count_of_a_table_names_no_row_of_it() -> None:
    requirement = ("Vans have a registration and the maximum number of crates they carry. Crates have a code. "
                   "Drivers have a name, and a driver loads a number of crates every day.")
    design = checked(repair(SchemaDesign(requirement=requirement, designer="llm:test", tables=parse_tables(
        """CREATE TABLE van (registration TEXT PRIMARY KEY, max_crates INTEGER);
        CREATE TABLE crate (code TEXT PRIMARY KEY);
        CREATE TABLE driver (driver_id INTEGER PRIMARY KEY, name TEXT);"""))))
    # "the maximum number of crates" is a van's column, not a crate; "a number of crates" counts crates
    assert [(a, b) for _, a, b in asked_pairs(design)] == [("driver", "crate")]
