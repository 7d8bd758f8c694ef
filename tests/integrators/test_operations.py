"""Each operation on a single-table schema (person) and a foreign-key schema (films ->
directors), on SQLite and PostgreSQL: row population, data infilling, column addition,
conflicts, review and the same extraction applied twice."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.engine import Engine

from tests.integrators.conftest import EventFactory, films_plan, person_plan, pk_column
from text2db.config import Settings
from text2db.integrators.pipeline import build_integrator
from text2db.schemas.plan import ColumnPlan, NewColumn, Plan, TablePlan, ValueFormat


def rows(engine: Engine, sql: str) -> list[tuple[object, ...]]:
    with engine.connect() as conn:
        return [tuple(r) for r in conn.execute(text(sql))]


def test_row_population_inserts_normalized_rows_and_replay_changes_nothing(
        person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    events = [
        make_event("people", "person", {"name": "Amandeep  Narayan Khare"},
                   {"birth": "5 August 1997", "birth_place": "Durg", "citizenship": "Indian"}, document_id="d1"),
        make_event("people", "person", {"name": "Charles Bukowski"}, {"citizenship": "American"}, document_id="d2"),
        make_event("people", "person", {"name": "Nobody Known"}, {}, document_id="d3"),  # no facts: not inserted
    ]
    integrator = build_integrator(person_db, person_plan(), settings, checks=False)
    first = integrator.apply(events)
    assert first.table("person").rows_inserted == 2 and first.rejected_values["row without facts"] == 1
    assert rows(person_db, "SELECT name, birth, birth_place, citizenship FROM person WHERE id > 3 ORDER BY id") == [
        ("Amandeep Narayan Khare", "1997-08-05", "Durg", "India"), ("Charles Bukowski", None, None, "United States")]
    second = integrator.apply(events)
    assert not second.changed_anything and second.review_items == 0
    assert rows(person_db, "SELECT count(*) FROM person") == [(5,)]
    assert rows(person_db, "SELECT count(*) FROM text2db_lineage") == [(6,)]  # 2 keys + 4 cells, once


def test_data_infilling_fills_nulls_links_near_duplicates_and_records_conflicts(
        person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    plan = person_plan("data_infilling", only_existing_rows=True)
    events = [
        make_event("people", "person", {"name": "Marie Faure - Favier"}, {"citizenship": "French"}),
        make_event("people", "person", {"name": "Matthew Scott Porter"},
                   {"birth": "July 14, 1979", "citizenship": "British"}, document_id="d2"),
        make_event("people", "person", {"name": "Someone New"}, {"citizenship": "German"}, document_id="d3"),
    ]
    report = build_integrator(person_db, plan, settings, checks=False).apply(events)
    assert report.table("person").cells_filled == 1 and report.table("person").rows_inserted == 0
    assert report.conflicts == 1 and report.review_items == 1 and report.rejected_values["no existing row"] == 1
    assert rows(person_db, "SELECT citizenship FROM person WHERE name = 'Marie Faure-Favier'") == [("France",)]
    assert rows(person_db, "SELECT citizenship FROM person WHERE name = 'Matthew Scott Porter'") == [("United States",)]
    assert rows(person_db, "SELECT kind, row_key, column_name, value_json, current_value FROM text2db_review") == [
        ("conflict", "Matthew Scott Porter", "citizenship", '"United Kingdom"', "United States")]


def test_a_column_planned_as_text_takes_the_format_of_existing_rows(
        person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    with person_db.begin() as conn:
        conn.execute(text("INSERT INTO person (name, birth, founded) VALUES ('A', '1901-01-01', 1950), ('B', '1902-02-02', 1960)"))
    plan = Plan(job="people", instruction="add people", planner="test", tables=[TablePlan(
        table="person", operation="row_population", entity="person", key=["name"], columns=[
            ColumnPlan(name="name", tool="key", question="name"), ColumnPlan(name="birth", tool="attribute", question="born"),
            ColumnPlan(name="founded", tool="attribute", question="year something was founded")])])
    event = make_event("people", "person", {"name": "C"}, {"birth": "5 August 1997", "founded": "7 March 1983"})
    build_integrator(person_db, plan, settings).apply([event])
    assert rows(person_db, "SELECT birth, founded FROM person WHERE name = 'C'") == [("1997-08-05", 1983)]


def test_a_text_value_takes_the_spelling_and_number_of_an_existing_value(
        person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    with person_db.begin() as conn:
        conn.execute(text("INSERT INTO person (name, birth_place) VALUES ('A', 'Sweet potato'), ('B', 'Glass'), "
                          "('C', 'Berry'), ('D', 'Berries farm'), ('E', 'Berry farm'), ('J', 'New Forest')"))
    events = [make_event("people", "person", {"name": name}, {"birth_place": place}, document_id=name)
              for name, place in [("F", "sweet  potatoes"), ("G", "glasses"), ("H", "berries"), ("I", "berry farms")]]
    build_integrator(person_db, person_plan(), settings, checks=False).apply(events)
    # plural to singular and case; "glass" keeps its -ss; a fold two existing values share snaps to neither
    # (and 'New Forest' makes this a column of names, whose new values keep their number; they take the
    # first capital every value there has)
    assert rows(person_db, "SELECT name, birth_place FROM person WHERE name IN ('F', 'G', 'H', 'I') ORDER BY name") == [
        ("F", "Sweet potato"), ("G", "Glass"), ("H", "Berry"), ("I", "Berry farms")]


def test_a_new_value_of_a_common_noun_column_is_written_in_its_case_and_number(
        person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    with person_db.begin() as conn:
        for i, noun in enumerate(["Sweet potato", "Bread", "Peanut sauce", "Chicken", "Banana leaf"]):
            conn.execute(text("INSERT INTO person (name, birth_place) VALUES (:n, :b)"), {"n": f"P{i}", "b": noun})
    new = [("F", "tomatoes"), ("G", "green beans"), ("H", "Christmas puddings"), ("I", "7 grains")]
    events = [make_event("people", "person", {"name": name}, {"birth_place": noun}, document_id=name) for name, noun in new]
    build_integrator(person_db, person_plan(), settings, checks=False).apply(events)
    # no existing value to snap to: the column's sentence case and singular; digits are no plain noun
    assert rows(person_db, "SELECT name, birth_place FROM person WHERE name IN ('F', 'G', 'H', 'I') ORDER BY name") == [
        ("F", "Tomato"), ("G", "Green bean"), ("H", "Christmas pudding"), ("I", "7 grains")]


def test_overwrite_policy_replaces_a_differing_value(person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    plan = person_plan("data_infilling").model_copy(update={"conflict_policy": "overwrite"})
    event = make_event("people", "person", {"name": "Taio Cruz"}, {"citizenship": "American"})
    report = build_integrator(person_db, plan, settings, checks=False).apply([event])
    assert report.table("person").cells_overwritten == 1 and report.conflicts == 0
    assert rows(person_db, "SELECT citizenship FROM person WHERE name = 'Taio Cruz'") == [("United States",)]


def test_low_confidence_and_unnormalizable_values_go_to_review(
        person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    events = [make_event("people", "person", {"name": "Taio Cruz"}, {"birth_place": "London"}, confidence=0.2),
              make_event("people", "person", {"name": "Taio Cruz"}, {"birth": "1983"}, document_id="d2")]
    report = build_integrator(person_db, person_plan(), settings, checks=False).apply(events)
    assert not report.changed_anything and report.review_items == 2
    assert rows(person_db, "SELECT birth, birth_place FROM person WHERE name = 'Taio Cruz'") == [(None, None)]
    kinds = rows(person_db, "SELECT kind, column_name FROM text2db_review ORDER BY id")
    assert kinds == [("low_confidence", "birth_place"), ("unnormalizable", "birth")]


def test_foreign_keys_link_or_create_parents_before_children(
        films_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    events = [
        make_event("films", "films", {"title": "La prima notte di quiete"}, {"released": "1972", "director_id": "valerio zurlini"}),
        make_event("films", "films", {"title": "Oru Vadakkan Selfie"}, {"released": "27 March 2015", "director_id": "G. Prajith"},
                   document_id="d2"),
        make_event("films", "films", {"title": "Another Prajith Film"}, {"director_id": "G. Prajith"}, document_id="d3"),
    ]
    integrator = build_integrator(films_db, films_plan(), settings, checks=False)
    report = integrator.apply(events)
    assert report.table("directors").links_created == 1 and report.table("films").rows_inserted == 2
    assert report.table("films").cells_filled == 2
    assert rows(films_db, "SELECT f.title, f.released, d.name FROM films f JOIN directors d ON d.id = f.director_id ORDER BY f.id") == [
        ("La prima notte di quiete", 1972, "Valerio Zurlini"), ("Oru Vadakkan Selfie", 2015, "G. Prajith"),
        ("Another Prajith Film", None, "G. Prajith")]
    assert not integrator.apply(events).changed_anything
    assert rows(films_db, "SELECT count(*) FROM directors") == [(2,)]


def test_missing_parent_goes_to_review_when_the_plan_says_so(
        films_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    event = make_event("films", "films", {"title": "Oru Vadakkan Selfie"}, {"director_id": "G. Prajith"})
    report = build_integrator(films_db, films_plan(on_missing="review"), settings, checks=False).apply([event])
    assert report.review_items == 1 and report.table("films").rows_inserted == 0  # no facts left for the film
    assert rows(films_db, "SELECT kind, table_name, value_json FROM text2db_review") == [("missing_parent", "directors", '"G. Prajith"')]


def test_column_addition_migrates_once_then_fills(person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    plan = Plan(job="people", instruction="add a death_year column", planner="test", tables=[TablePlan(
        table="person", operation="column_addition", entity="person", key=["name"], columns=[
            ColumnPlan(name="death_year", tool="attribute", question="year of death", value_type="year",
                       format=ValueFormat(kind="year"), new=NewColumn(sql_type="INTEGER"))])])
    event = make_event("people", "person", {"name": "Taio Cruz"}, {"death_year": "died on 3 May 2011"})
    integrator = build_integrator(person_db, plan, settings, checks=False)
    first = integrator.apply([event])
    assert first.table("person").columns_added == 1 and first.table("person").cells_filled == 1
    assert rows(person_db, "SELECT death_year FROM person WHERE name = 'Taio Cruz'") == [(2011,)]
    second = integrator.apply([event])
    assert not second.changed_anything


def test_apply_in_runs_inside_the_callers_transaction(person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    event = make_event("people", "person", {"name": "Charles Bukowski"}, {"citizenship": "American"})
    integrator = build_integrator(person_db, person_plan(), settings, checks=False)
    with person_db.connect() as conn:
        trans = conn.begin()
        report = integrator.apply_in(conn, [event])
        assert report.table("person").rows_inserted == 1
        assert conn.execute(text("SELECT count(*) FROM person")).scalar() == 4
        trans.rollback()
    assert rows(person_db, "SELECT count(*) FROM person") == [(3,)]


def test_a_key_without_unique_constraint_or_id_default_is_serialized(
        db_engine: Engine, make_event: EventFactory, settings: Settings) -> None:
    with db_engine.begin() as conn:  # no UNIQUE on name; on PostgreSQL the id has no default either
        conn.execute(text("CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT)"))
        conn.execute(text("INSERT INTO city (id, name) VALUES (7, 'Durg')"))
    plan = Plan(job="cities", instruction="add cities", planner="test", tables=[TablePlan(
        table="city", operation="row_population", entity="city", key=["name"], columns=[
            ColumnPlan(name="name", tool="key", question="city"),
            ColumnPlan(name="country", tool="attribute", question="country", format=ValueFormat(kind="country"))])])
    events = [make_event("cities", "city", {"name": "Firminy"}, {"country": "French"}, document_id="d1"),
              make_event("cities", "city", {"name": "Durg"}, {"country": "Indian"}, document_id="d2"),
              make_event("cities", "city", {"name": "Firminy"}, {"country": "France"}, document_id="d3")]
    report = build_integrator(db_engine, plan, settings).apply(events)
    assert report.table("city").rows_inserted == 1 and report.table("city").cells_filled == 1
    assert rows(db_engine, "SELECT id, name, country FROM city ORDER BY id") == [(7, "Durg", "India"), (8, "Firminy", "France")]


def test_a_parent_row_a_document_adds_is_the_row_a_child_in_the_same_batch_names(
        films_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    events = [make_event("films", "films", {"title": "Estate violenta"}, {"director_id": "Valerio Zurlini"}, document_id="d0"),
              make_event("films", "directors", {"name": "Kelly Reichardt"}, {"country": "American"}, document_id="d1"),
              make_event("films", "films", {"title": "First Cow"}, {"director_id": "kelly reichardt"}, document_id="d2")]
    build_integrator(films_db, films_plan(), settings, checks=False).apply(events)
    # the references were read (d0) before d1 queued its director; d2's mention differs from it only in
    # case: it links to the queued row, no second director
    assert rows(films_db, "SELECT f.title, d.name FROM films f JOIN directors d ON d.id = f.director_id "
                          "WHERE f.title = 'First Cow'") == [("First Cow", "Kelly Reichardt")]
    assert rows(films_db, "SELECT count(*) FROM directors") == [(2,)]


def test_new_keys_and_values_follow_the_tables_writing_of_initials_the_two_names_and_number_templates(
        db_engine: Engine, make_event: EventFactory, settings: Settings) -> None:
    with db_engine.begin() as conn:
        conn.execute(text(f"CREATE TABLE place ({pk_column(db_engine)}, name TEXT NOT NULL UNIQUE, rating TEXT, owner TEXT)"))
        conn.execute(text("INSERT INTO place (name, rating, owner) VALUES ('Spain', '1 out of 5', 'Felipe VI'), "
                          "('Italy', '5 out of 5', NULL), ('Mexico', 'average', NULL), ('Malaysia', 'high', NULL), "
                          "('Singapore', NULL, NULL)"))
    plan = Plan(job="places", instruction="add places", planner="test", tables=[TablePlan(
        table="place", operation="row_population", entity="place", key=["name"], columns=[
            ColumnPlan(name="name", tool="key", question="place"), ColumnPlan(name="rating", tool="attribute", question="rating"),
            ColumnPlan(name="owner", tool="attribute", question="owner")])])
    events = [make_event("places", "place", {"name": "the United States"}, {"rating": "3 of 5", "owner": "J P McManus"}),
              make_event("places", "place", {"name": "Alan B Miller Hall"}, {"rating": "£20-25", "owner": "A Christmas Carol"},
                         document_id="d2"),
              make_event("places", "place", {"name": "Addis Ababa Stadium and Addis Ababa City Hall"}, {"owner": "Ethiopia"},
                         document_id="d3"),
              make_event("places", "place", {"name": "Pride and Prejudice"}, {"owner": "Jane Austen"}, document_id="d4"),
              # a name read mid-sentence in lower case, where every row's name starts with a capital
              make_event("places", "place", {"name": "yellow fever ward"}, {"rating": "average"}, document_id="d5"),
              make_event("places", "place", {"name": "eBay Arena"}, {"owner": "Ann Lee"}, document_id="d6")]
    build_integrator(db_engine, plan, settings, checks=False).apply(events)
    assert sorted(rows(db_engine, "SELECT name, rating, owner FROM place WHERE id > 5"), key=str) == sorted([
        ("United States", "3 out of 5", "J. P. McManus"), ("Alan B. Miller Hall", "£20-25", "A Christmas Carol"),
        ("Addis Ababa Stadium", None, "Ethiopia"), ("Addis Ababa City Hall", None, "Ethiopia"),
        ("Pride and Prejudice", None, "Jane Austen"), ("Yellow fever ward", "average", None), ("eBay Arena", None, "Ann Lee")],
        key=str)


def test_a_country_is_written_as_the_column_names_it(db_engine: Engine, make_event: EventFactory, settings: Settings) -> None:
    with db_engine.begin() as conn:
        conn.execute(text(f"CREATE TABLE city ({pk_column(db_engine)}, name TEXT NOT NULL UNIQUE, country TEXT)"))
        conn.execute(text("INSERT INTO city (name, country) VALUES ('Cork', 'Republic of Ireland'), "
                          "('Boston', 'United States of America')"))
    plan = Plan(job="cities", instruction="add cities", planner="test", tables=[TablePlan(
        table="city", operation="row_population", entity="city", key=["name"], columns=[
            ColumnPlan(name="name", tool="key", question="city"),
            ColumnPlan(name="country", tool="attribute", question="country", format=ValueFormat(kind="country"))])])
    events = [make_event("cities", "city", {"name": name}, {"country": country}, document_id=name)
              for name, country in [("Dublin", "Ireland"), ("Austin", "USA"), ("Lyon", "French")]]
    build_integrator(db_engine, plan, settings, checks=False).apply(events)
    assert rows(db_engine, "SELECT name, country FROM city WHERE name IN ('Dublin', 'Austin', 'Lyon') ORDER BY name") == [
        ("Austin", "United States of America"), ("Dublin", "Republic of Ireland"), ("Lyon", "France")]


def test_a_value_that_only_repeats_its_rows_key_is_refused_where_no_row_does_that(
        person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    with person_db.begin() as conn:
        for name, place in [("Ann", "Oslo"), ("Bo", "Lund"), ("Cy", "Bath")]:
            conn.execute(text("INSERT INTO person (name, birth_place, citizenship) VALUES (:n, :p, :n)"), {"n": name, "p": place})
    plan = Plan(job="people", instruction="add people", planner="test", tables=[TablePlan(
        table="person", operation="row_population", entity="person", key=["name"], columns=[
            ColumnPlan(name="name", tool="key", question="name"), ColumnPlan(name="birth_place", tool="attribute", question="born in"),
            ColumnPlan(name="citizenship", tool="attribute", question="known as")])])
    events = [make_event("people", "person", {"name": "Fay Wray"}, {"birth_place": "Fay  Wray", "citizenship": "Fay Wray"})]
    report = build_integrator(person_db, plan, settings, checks=False).apply(events)
    # no birth_place repeats its row's name, so "Fay Wray" is a misread; citizenship rows do repeat theirs
    assert rows(person_db, "SELECT birth_place, citizenship FROM person WHERE name = 'Fay Wray'") == [(None, "Fay Wray")]
    assert report.rejected_values["value repeats its row's key"] == 1


def test_a_primary_key_the_database_does_not_fill_comes_from_the_document_or_the_row_waits(
        db_engine: Engine, make_event: EventFactory, settings: Settings) -> None:
    """books keyed by title, identified by isbn: a new book's ISBN is the document's, never
    max + 1 of the column (which crashed on text), and a book whose document gives none is not
    inserted (PostgreSQL would refuse it; SQLite would store a book without an identity)."""
    with db_engine.begin() as conn:
        conn.execute(text("CREATE TABLE books (isbn TEXT PRIMARY KEY, title TEXT NOT NULL, author TEXT)"))
        conn.execute(text("INSERT INTO books VALUES ('9780143127550', 'Everything I Never Told You', 'Celeste Ng')"))
    plan = Plan(job="books", instruction="add books", planner="test", tables=[TablePlan(
        table="books", operation="row_population", entity="book", key=["title"], columns=[
            ColumnPlan(name="title", tool="key", question="title"), ColumnPlan(name="isbn", tool="attribute", question="ISBN"),
            ColumnPlan(name="author", tool="entity", question="author")])])
    events = [make_event("books", "books", {"title": "Dune"}, {"isbn": "9780441013593", "author": "Frank Herbert"}),
              make_event("books", "books", {"title": "Emma"}, {"author": "Jane Austen"}, document_id="d2")]
    report = build_integrator(db_engine, plan, settings, checks=False).apply(events)
    assert report.table("books").rows_inserted == 1 and report.rejected_values["primary key not given"] == 2
    assert rows(db_engine, "SELECT isbn, title, author FROM books ORDER BY title") == [
        ("9780441013593", "Dune", "Frank Herbert"), ("9780143127550", "Everything I Never Told You", "Celeste Ng")]
