"""Issue 16: a document goes to the job whose table would store its subject. The subject's NER label
(real spaCy pipeline) is compared with the row types the plan declares; a key of a parent table (the
country of a dish) is weaker evidence than a key of the rows themselves. Real MiniLM embeddings."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

from text2db.routing import store
from text2db.routing.configuration import RouterConfig
from text2db.routing.encoder import embed
from text2db.routing.memory import JobMemory
from text2db.routing.scorer import Document, Router
from text2db.routing.subject import subject_labels

CONFIG = RouterConfig()
DISH_ROWS = [("dish", "dish (dish)"), ("dish", "dish: country of the dish; main ingredients of the dish"),
             ("dish", "dish: name: Bakewell tart; country: United Kingdom; main ingredients: jam, almonds"),
             ("dish", "dish: name: Mole poblano; country: Mexico; main ingredients: chili peppers, chocolate"),
             ("country", "country (country)"), ("country", "country: capital of the country; leader name of the country"),
             ("country", "country: name: United Kingdom; capital: London; leader name: Theresa May"),
             ("country", "country: name: Mexico; capital: Mexico City")]
PERSON_ROWS = [("person", "person (person)"),
               ("person", "person: date of birth of the person; place of birth of the person"),
               ("person", "person: name: Ada Lovelace; birth date: 1815-12-10; birth place: London"),
               ("person", "person: name: Nelson Mandela; birth date: 1918-07-18; birth place: Mvezo")]
POLITICIAN = ("Jonathan Sayeed (born 20 March 1948) is a British politician who was a Conservative Member of "
              "Parliament in the United Kingdom from 1983 to 1992.")
TART = "Bakewell tart is a traditional English dessert from the United Kingdom, made with jam and almonds."


def memory(job: str, rows: list[tuple[str, str]], keys: dict[str, str], types: dict[str, list[str]],
           parents: set[str] | None = None) -> JobMemory:
    texts = [r for _, r in rows]
    return JobMemory(job=job, plan_version=1, proto_tables=[t for t, _ in rows], proto_texts=texts,
                     protos=embed(texts, CONFIG.max_tokens), keys=keys, entity_types=types, parents=parents or set())


def jobs() -> list[JobMemory]:
    dishes = memory("dishes", DISH_ROWS, {"Bakewell tart": "dish", "Mole poblano": "dish", "United Kingdom": "country",
                                          "Mexico": "country"}, {"dish": [], "country": ["GPE", "LOC"]}, {"country"})
    people = memory("people", PERSON_ROWS, {"Ada Lovelace": "person", "Nelson Mandela": "person"}, {"person": ["PERSON"]})
    return [dishes, people]


def test_the_subject_is_the_entity_the_first_sentence_starts_with() -> None:
    labels = subject_labels([POLITICIAN, "The Kungliga Hovkapellet is a Swedish orchestra founded in Stockholm.",
                             "In gridiron football, a triple-threat man is a player who excels at three skills."])
    assert labels == ["PERSON", "ORG", None]  # the last names no entity first: no subject type


def test_a_person_goes_to_the_job_of_people_not_to_the_one_holding_its_country() -> None:
    router = Router(jobs(), CONFIG)
    politician, tart = router.route([Document("p", POLITICIAN), Document("t", TART)])
    assert [c.job for c in politician.chosen] == ["people"]
    assert "its subject is a PERSON" in politician.chosen[0].why
    dishes = next(s for s in politician.scores if s.job == "dishes")
    assert dishes.keys == ["united kingdom"] and dishes.evidence == CONFIG.parent_key_weight  # a parent's key: half
    assert [c.job for c in tart.chosen] == ["dishes"]  # a dish naming its country stays with the dishes


def test_the_memory_takes_row_types_and_parent_tables_from_the_plan(tmp_path: Path) -> None:
    from text2db.config import Settings
    from text2db.planner.api import make_plan
    from text2db.planner.store import save_plan

    engine: Engine = create_engine(f"sqlite:///{tmp_path / 'target.sqlite'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE country (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, capital TEXT)"))
        conn.execute(text("CREATE TABLE dish (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, "
                          "country_id INTEGER REFERENCES country(id), main_ingredients TEXT)"))
        conn.execute(text("INSERT INTO country (name, capital) VALUES ('Mexico', 'Mexico City')"))
        conn.execute(text("INSERT INTO dish (name, country_id, main_ingredients) VALUES ('Mole poblano', 1, 'chili')"))
        conn.execute(text("CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth_date TEXT)"))
    settings = Settings(home=tmp_path / "home", llm_base_url=None)
    for job, instruction in (("dishes", "Add the dishes described in the documents to the dish table with their country."),
                             ("people", "Add the people described in the documents to the person table with birth date.")):
        save_plan(engine, make_plan(engine, instruction, job, settings, llm=False, simulate=False).plan)
    for _ in range(2):  # built and stored, then loaded from text2db_route_memory: the plan's facts both times
        dishes = store.ensure_memory(engine, "dishes", CONFIG)
        people = store.ensure_memory(engine, "people", CONFIG)
        assert dishes.parents == {"country"} and "GPE" not in dishes.subject_types
        assert people.entity_types == {"person": ["PERSON"]} and people.subject_types == {"PERSON"}
