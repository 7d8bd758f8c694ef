"""Observer: reflection and learned formats on real SQLite and PostgreSQL databases."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

from text2db.planner import observer
from text2db.planner.observer import observe


def _exec(engine: Engine, *statements: str, rows: list[tuple[str, list[dict]]] = ()) -> None:
    with engine.begin() as conn:
        for s in statements:
            conn.execute(text(s))
        for sql, params in rows:
            conn.execute(text(sql), params)


def test_movies_schema_keys_links_and_order(movies_engine: Engine) -> None:
    obs = observe(movies_engine)
    assert obs.table_names.index("directors") < obs.table_names.index("films")
    films = obs.table("films")
    assert films.primary_key == ["id"] and films.natural_key == ["title"] and films.row_count == 30
    director = films.column("director_id")
    assert director.references is not None and director.references.ref_table == "directors"
    assert director.recommended_tool == "relation"
    assert films.column("id").generated and films.column("title").recommended_tool == "key"
    assert films.column("released").format.kind == "year" and films.column("released").value_type == "year"
    genre = films.column("genre")
    assert genre.labels == ["comedy", "drama", "thriller"] and genre.recommended_tool == "classification"
    assert genre.null_ratio == pytest.approx(4 / 30)
    assert obs.table("directors").column("born").format.pattern == "%-d %B %Y"  # "4 August 1983": days unpadded
    assert obs.table("directors").column("country").format.kind == "country"
    assert obs.table("actors").column("birth_date").format.pattern == "%Y-%m-%d"
    assert films.column("box_office").value_type == "number"
    assert 1 <= len(genre.demonstrations) <= 3 and set(genre.demonstrations) <= set(genre.labels)


def test_bookkeeping_tables_are_ignored_and_nothing_is_written(db_engine: Engine) -> None:
    _exec(db_engine, "CREATE TABLE text2db_plans_x (job VARCHAR(20))", "CREATE TABLE city (name VARCHAR(50))",
          rows=[("INSERT INTO city (name) VALUES (:n)", [{"n": "Paris"}, {"n": None}])])
    obs = observe(db_engine)
    assert obs.table_names == ["city"]
    city = obs.table("city")
    assert city.primary_key == [] and city.unique_keys == [] and city.natural_key == ["name"]
    assert city.column("name").null_ratio == 0.5
    with db_engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM city")).scalar() == 2


def test_identifiers_with_spaces_and_quotes(db_engine: Engine) -> None:
    _exec(db_engine, 'CREATE TABLE "odd ""quoted"" table" (id INTEGER PRIMARY KEY, "full name" VARCHAR(80) UNIQUE, '
          '"date of ""birth""" VARCHAR(20))',
          rows=[('INSERT INTO "odd ""quoted"" table" (id, "full name", "date of ""birth""") VALUES (:i, :n, :d)',
                 [{"i": 1, "n": "Ada Lovelace", "d": "1815-12-10"}, {"i": 2, "n": "Alan Turing", "d": None}])])
    t = observe(db_engine).table('odd "quoted" table')
    assert t.natural_key == ["full name"]
    born = t.column('date of "birth"')
    assert born.format.kind == "date" and born.null_ratio == 0.5


def test_large_table_is_sampled_not_scanned(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = create_engine(sqlite_url)
    _exec(engine, "CREATE TABLE events (id INTEGER PRIMARY KEY, happened VARCHAR(20))",
          rows=[("INSERT INTO events (happened) VALUES (:h)", [{"h": f"20{i % 90 + 10:02d}-01-0{i % 9 + 1}"}
                                                              for i in range(3000)])])
    monkeypatch.setattr(observer, "COUNT_CAP", 1000)
    monkeypatch.setattr(observer, "RANDOM_SAMPLE_MAX_ROWS", 500)
    t = observe(engine, sample_rows=50).table("events")
    assert t.row_count == 1000 and t.row_count_capped and t.sampled_rows == 50
    assert t.column("happened").format.pattern == "%Y-%m-%d"
    engine.dispose()


def test_number_scale_and_unit_from_the_column_name(sqlite_url: str) -> None:
    engine = create_engine(sqlite_url)
    _exec(engine, "CREATE TABLE company (name VARCHAR(50) UNIQUE, revenue_usd_millions REAL, staff INTEGER)",
          rows=[("INSERT INTO company VALUES (:n, :r, :s)", [{"n": "Acme", "r": 714.5, "s": 12000},
                                                            {"n": "Globex", "r": 80.25, "s": 310}])])
    t = observe(engine).table("company")
    revenue = t.column("revenue_usd_millions").format
    assert (revenue.kind, revenue.scale, revenue.unit) == ("number", 1e-6, "USD")
    assert (t.column("staff").format.kind, t.column("staff").format.scale) == ("integer", 1.0)
    _exec(engine, "CREATE TABLE town (name VARCHAR(50) UNIQUE, population INTEGER, founded INTEGER)",
          rows=[("INSERT INTO town VALUES (:n, :p, :f)", [{"n": "A", "p": 1500, "f": 1850}, {"n": "B", "p": 2100, "f": 1920}])])
    town = observe(engine).table("town")
    assert town.column("population").format.kind == "integer" and town.column("founded").format.kind == "year"
    engine.dispose()


def test_unreachable_database_is_a_transient_error() -> None:
    from text2db.errors import is_retryable
    from text2db.planner.exceptions import ObservationFailed

    engine = create_engine("postgresql+psycopg://postgres@127.0.0.1:1/none")
    with pytest.raises(ObservationFailed) as info:
        observe(engine)
    assert is_retryable(info.value)


def test_dates_keep_the_tables_day_padding() -> None:
    """Issue 12: '4 August 1983' in the table means new dates are written '%-d %B %Y', not '04 ...'."""
    from text2db.planner.formats import _padding

    assert _padding("%d %B %Y", ["4 August 1983", "12 May 1990", "1 June 2001"]) == "%-d %B %Y"
    assert _padding("%d %B %Y", ["04 August 1983", "12 May 1990"]) == "%d %B %Y"
    assert _padding("%Y-%m-%d", ["2001-02-03"]) == "%Y-%m-%d"
