"""Column addition DDL: identifiers validated and quoted, defaults as literals, idempotent."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine

from text2db.integrators.exceptions import UnsafeIdentifier
from text2db.integrators.migrate import add_column_sql, apply_migrations
from text2db.schemas.plan import ColumnPlan, NewColumn, Plan, TablePlan


def plan_adding(*columns: ColumnPlan) -> Plan:
    return Plan(job="j", instruction="add columns", planner="test", tables=[
        TablePlan(table="person", operation="column_addition", entity="person", key=["name"], columns=list(columns))])


def test_new_columns_are_added_once_with_type_and_default(person_db: Engine) -> None:
    plan = plan_adding(
        ColumnPlan(name="genre", tool="classification", question="genre", labels=["a", "b"],
                   new=NewColumn(sql_type="TEXT", nullable=False, default="it's unknown")),
        ColumnPlan(name="height", tool="attribute", question="height", new=NewColumn(sql_type="REAL")))
    with person_db.begin() as conn:
        assert apply_migrations(conn, plan) == {"person": 2}
    with person_db.begin() as conn:
        assert apply_migrations(conn, plan) == {}
        assert conn.execute(text("SELECT DISTINCT genre FROM person")).scalar() == "it's unknown"
    columns = {c["name"]: c for c in inspect(person_db).get_columns("person")}
    assert not columns["genre"]["nullable"] and "height" in columns


def test_unsafe_identifiers_never_reach_ddl(person_db: Engine) -> None:
    column = ColumnPlan.model_construct(name='x"; DROP TABLE person; --', tool="attribute", question="q",
                                        new=NewColumn(sql_type="TEXT"))
    with person_db.connect() as conn, pytest.raises(UnsafeIdentifier):
        add_column_sql(conn, "person", column)


def test_a_new_foreign_key_column_is_declared_with_references(person_db: Engine) -> None:
    from text2db.schemas.plan import ForeignKeyLink

    with person_db.begin() as conn:
        conn.execute(text("CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT UNIQUE)"))
    link = ForeignKeyLink(table="city", column="id", match_on="name")
    plan = plan_adding(ColumnPlan(name="home_city_id", tool="relation", question="home city", link=link,
                                  new=NewColumn(sql_type="INTEGER")))
    with person_db.begin() as conn:
        assert apply_migrations(conn, plan) == {"person": 1}
    fks = inspect(person_db).get_foreign_keys("person")
    assert any(fk["constrained_columns"] == ["home_city_id"] and fk["referred_table"] == "city" for fk in fks)


def test_a_new_foreign_key_to_a_missing_parent_is_refused(person_db: Engine) -> None:
    from text2db.integrators.exceptions import PlanMismatch
    from text2db.schemas.plan import ForeignKeyLink

    link = ForeignKeyLink(table="nowhere", column="id", match_on="name")
    column = ColumnPlan(name="nowhere_id", tool="relation", question="q", link=link, new=NewColumn(sql_type="INTEGER"))
    with person_db.connect() as conn, pytest.raises(PlanMismatch):
        add_column_sql(conn, "person", column)
