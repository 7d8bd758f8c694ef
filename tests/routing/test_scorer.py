"""The scorer's evidence rules with the real encoder (issue 16): a handful of accepted documents
cannot outvote a job's rows, and a second job needs a full name of one of its rows."""

from __future__ import annotations

from text2db.routing.configuration import RouterConfig
from text2db.routing.encoder import embed
from text2db.routing.memory import JobMemory
from text2db.routing.scorer import Document, Router

CONFIG = RouterConfig()
FILM_ROWS = ["film: title: Inception; director: Christopher Nolan; release year: 2010",
             "film: title: Parasite; director: Bong Joon-ho; release year: 2019"]
PERSON_ROWS = ["person: name: Marie Curie; birth date: 1867-11-07; birth place: Warsaw",
               "person: name: Ada Lovelace; birth date: 1815-12-10; birth place: London"]


def memory(job: str, table: str, rows: list[str], keys: dict[str, str]) -> JobMemory:
    return JobMemory(job=job, plan_version=1, proto_tables=[table] * len(rows), proto_texts=rows,
                     protos=embed(rows, CONFIG.max_tokens), keys=keys)


def test_few_accepted_documents_weigh_little_many_weigh_half() -> None:
    films = memory("films", "film", FILM_ROWS, {})
    people = memory("people", "person", PERSON_ROWS, {})
    text = "Rosalind Franklin was an English chemist born in London in 1920."
    vector = embed([text], CONFIG.max_tokens)[0]
    before = Router([films, people], CONFIG).score(text, vector)
    semantic = {s.job: s.semantic for s in before}
    # the films job "accepted" this very text: with 1 document its score moves a little, with 60 a lot
    lead = [text]
    films.add_documents(lead, embed(lead, CONFIG.max_tokens), keep=100)
    one = {s.job: s.semantic for s in Router([films, people], CONFIG).score(text, vector)}
    full_gap = (1.0 - semantic["films"]) / 2  # what the old equal-weight mean would have added
    assert semantic["films"] < one["films"] < semantic["films"] + full_gap / 10
    many = [f"{text} ({i})" for i in range(60)]
    films.add_documents(many, embed(many, CONFIG.max_tokens), keep=100)
    sixty = {s.job: s.semantic for s in Router([films, people], CONFIG).score(text, vector)}
    assert sixty["films"] > semantic["films"] + full_gap / 2
    assert sixty["people"] == semantic["people"]


def test_second_job_needs_a_full_name_of_its_rows() -> None:
    films = memory("films", "film", FILM_ROWS, {"Parasite": "film", "Zero Dark Thirty": "film"})
    people = memory("people", "person", PERSON_ROWS, {"Marie Curie": "person"})
    router = Router([films, people], CONFIG.model_copy(update={"multi_margin": 1.0}))
    one_word = router.route([Document("a", "Marie Curie studied the parasite that infects bees, she wrote. "
                                           "Marie Curie was born in Warsaw.")])[0]
    assert [c.job for c in one_word.chosen] == ["people"]
    films_score = next(s for s in one_word.scores if s.job == "films")
    assert films_score.evidence == 0.0  # lower-case 'parasite' is not written as a name
    named = router.route([Document("b", "Marie Curie was born in Warsaw. She never watched Parasite.")])[0]
    films_score = next(s for s in named.scores if s.job == "films")
    assert films_score.evidence == 1.0 and films_score.name_evidence == 0.0
    assert [c.job for c in named.chosen] == ["people"]  # a one-word key: chance match, no second job
    full = router.route([Document("c", "Marie Curie was born in Warsaw. She never watched Zero Dark Thirty.")])[0]
    assert [c.job for c in full.chosen] == ["people", "films"]


def test_a_documents_route_does_not_depend_on_its_batch() -> None:
    """A redelivered batch is often cut differently; each document must score the same. The int8
    encoder scales activations per forward pass, so it encodes each text alone."""
    films = memory("films", "film", FILM_ROWS, {"Parasite": "film"})
    people = memory("people", "person", PERSON_ROWS, {"Marie Curie": "person"})
    router = Router([films, people], CONFIG)
    doc = Document("d", "Parasite is a 2019 South Korean black comedy thriller directed by Bong Joon-ho.")
    others = [Document(f"o{i}", text) for i, text in enumerate([
        "Ada Lovelace was an English mathematician and writer, chiefly known for her work on the Analytical Engine.",
        "THE SEVENTH SEAL (Swedish: Det sjunde inseglet) is a 1957 Swedish historical fantasy film written and directed "
        "by Ingmar Bergman, with a very long lead that pads every other text of its batch " * 3,
        "Ok."])]
    alone = router.route([doc])[0]
    in_batch = router.route([others[0], doc, *others[1:]])[1]
    assert [(s.job, s.score) for s in alone.scores] == [(s.job, s.score) for s in in_batch.scores]
    assert embed([doc.text], CONFIG.max_tokens).tobytes() == embed([others[1].text, doc.text], CONFIG.max_tokens)[1].tobytes()
