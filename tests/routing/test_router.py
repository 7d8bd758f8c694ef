"""Routing on real documents with the real packaged MiniLM: the right job, both jobs when a
document names rows of both, `unrouted` for a document that fits none; memory persisted."""

from __future__ import annotations

from sqlalchemy.engine import Engine

from text2db.routing import ledger, store
from text2db.routing.configuration import RouterConfig
from text2db.routing.scorer import Document
from text2db.routing.service import JobTarget, RoutingService

FILM_DOC = ("Oppenheimer is a 2023 epic biographical thriller film written and directed by a British filmmaker. "
            "The film was released in July 2023 and grossed over $950 million.")
PERSON_DOC = ("Rosalind Franklin (born 25 July 1920 in Notting Hill, London) was an English chemist and X-ray "
              "crystallographer whose work was central to understanding the structure of DNA.")
BOTH_DOC = ("Kathryn Bigelow was born in San Carlos, California on 27 November 1951. "
            "Her film Zero Dark Thirty was released in 2012.")
NEITHER_DOC = ("Preheat the oven to 180 degrees, whisk two eggs with sugar until pale, fold in the flour and bake "
               "for twenty minutes until golden.")


def service(engine: Engine) -> RoutingService:
    return RoutingService([JobTarget("films", engine), JobTarget("people", engine)], RouterConfig())


def test_routes_real_documents_to_their_job_and_keeps_the_memory(two_jobs: Engine) -> None:
    routing = service(two_jobs)
    film, person = routing.route([Document("d1", FILM_DOC), Document("d2", PERSON_DOC)])
    assert [c.job for c in film.chosen] == ["films"] and film.chosen[0].table == "film"
    assert [c.job for c in person.chosen] == ["people"] and person.chosen[0].table == "person"
    assert film.scores[0].score > film.scores[1].score
    # the memory was stored in the target database with the plan version it was built from
    stored = store.load_memory(two_jobs, "films", 100)
    assert stored is not None and stored.plan_version == 1 and any("Inception" in t for t in stored.proto_texts)


def test_a_document_naming_rows_of_two_jobs_goes_to_both(two_jobs: Engine) -> None:
    decision = service(two_jobs).route([Document("d3", BOTH_DOC)])[0]
    chosen = {c.job: c for c in decision.chosen}
    assert set(chosen) == {"films", "people"}
    assert "zero dark thirty" in chosen["films"].keys and "kathryn bigelow" in chosen["people"].keys
    ledger.record(two_jobs, [decision, decision])  # a redelivery adds nothing
    with two_jobs.begin() as conn:
        rows = ledger.lookup(conn, "d3")
    assert sorted(r["job"] for r in rows) == ["films", "people"] and all(r["why"] for r in rows)


def test_a_document_that_fits_no_job_is_unrouted_with_its_scores(two_jobs: Engine) -> None:
    decision = service(two_jobs).route([Document("d4", NEITHER_DOC)])[0]
    assert not decision.routed and len(decision.scores) == 2
    assert decision.scores[0].score < RouterConfig().floor


def test_a_key_past_the_keys_the_memory_keeps_is_looked_up_in_the_database(two_jobs: Engine) -> None:
    # The memory keeps keys_per_table keys per table; a larger table (a million people) is known
    # by the rest of its keys through text2db's squashed-key index, queried per document.
    from sqlalchemy import text

    from text2db.integrators.keyindex import create_indexes

    with two_jobs.begin() as conn:
        conn.execute(text("INSERT INTO person (name) VALUES (:n)"), [{"n": f"Filler Person {i:03d}"} for i in range(40)])
        conn.execute(text("INSERT INTO person (name, birth_place) VALUES ('Hypatia of Alexandria', 'Alexandria')"))
    document = Document("h", "Hypatia of Alexandria was a Neoplatonist philosopher, astronomer and mathematician "
                             "who lived in Alexandria, Egypt.")
    routing = RoutingService([JobTarget("films", two_jobs), JobTarget("people", two_jobs)], RouterConfig(keys_per_table=10))
    assert len(routing.router.keys) <= 20 and "hypatia of alexandria" not in routing.router.keys.owners

    def people_keys() -> list[str]:
        return next(s for s in routing.route([document])[0].scores if s.job == "people").keys

    assert people_keys() == []  # without text2db's index the router does not read the table per document
    with two_jobs.begin() as conn:
        create_indexes(conn, "person", "name")  # as the job's planner or integrator makes it
    routing.refresh()  # looked for again
    assert people_keys() == ["hypatia of alexandria"]
    decision = routing.route([document])[0]
    assert [c.job for c in decision.chosen] == ["people"] and decision.chosen[0].table == "person"
