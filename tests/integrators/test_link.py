"""Entity linking against a value memory: near-duplicates link, near misses go to review."""

from __future__ import annotations

import pytest

from text2db.integrators.link import ValueMemory, link_form


@pytest.fixture
def people() -> ValueMemory:
    memory = ValueMemory()
    for ident, name in enumerate(["Marie Faure-Favier", "The Hurting", "Matthew Scott Porter", "Jon Smith",
                                  "John Smith", "Tears for Fears", "Prayut Chan - o - cha"], start=1):
        memory.add(name, (ident,))
    return memory


@pytest.mark.parametrize(("mention", "method", "row"), [
    ("Marie Faure-Favier", "exact", 1),
    ("Marie Faure - Favier", "normalized", 1),
    ("marie faure-favier", "normalized", 1),
    ("Hurting", "normalized", 2),
    ("the hurting", "normalized", 2),
    ("Prayut Chan-o-cha", "normalized", 7),
    ("Matthew Scott Porterr", "fuzzy", 3),
    ("Tears for Fears in Bath", "normalized", 6),  # a row's name with where it is after it
    ("Jon Smith, at Leeds", "normalized", 4),
    ("Marie Fauré-Favier", "normalized", 1),  # accents aside, the same name
])
def test_near_duplicates_link_to_the_existing_row(people: ValueMemory, mention: str, method: str, row: int) -> None:
    link = people.link(mention, use_embeddings=False)
    assert (link.method, link.row_id) == (method, (row,))


def test_a_mention_close_to_two_rows_is_ambiguous_not_a_guess(people: ValueMemory) -> None:
    link = people.link("Jonh Smith", use_embeddings=False)
    assert link.method == "ambiguous" and link.row_id is None and "close to" in link.reason


def test_an_unrelated_name_is_a_new_entity(people: ValueMemory) -> None:
    assert people.link("Amandeep Narayan Khare", use_embeddings=False).method == "new"
    assert people.link("Hurting Lane in Bath", use_embeddings=False).method == "new"  # not a row's name before "in"


def test_two_rows_with_the_same_normalized_form_are_ambiguous() -> None:
    memory = ValueMemory()
    memory.add("Faure-Favier", (1,))
    memory.add("Faure - Favier", (2,))
    assert memory.link("faure-favier").method == "ambiguous"


def test_link_form_folds_case_spacing_the_and_hyphens() -> None:
    assert link_form("The  Faure - Favier") == link_form("faure-favier") == "faure-favier"


def test_embedding_stage_sends_a_reworded_name_to_review(people: ValueMemory) -> None:
    """The real all-MiniLM-L6-v2: fuzzy matching misses "Aguilera, Christina", the embedding
    finds the similar row but below the link threshold, so it is held back; "Lotus" stays new."""
    people.add("Christina Aguilera", (8,))
    assert people.link("Aguilera, Christina", use_embeddings=False).method == "new"
    link = people.link("Aguilera, Christina", use_embeddings=True)
    assert link.method == "ambiguous" and "Christina Aguilera" in link.reason
    assert people.link("Lotus", use_embeddings=True).method == "new"


@pytest.mark.parametrize(("stored", "mention"), [
    ("TRAPPIST-1e", "TRAPPIST-1f"),  # one letter of a designation
    ("Kepler-22b", "Kepler-452b"),  # a catalogue number
    ("Louis XIV", "Louis XVI"),  # a regnal number
    ("Apollo 12", "Apollo 11"),
    ("Vatican Council I", "Vatican Council LI"),  # a last word "I" numbers too
])
def test_names_that_differ_in_their_numbering_are_different_things(stored: str, mention: str) -> None:
    """However close their spelling (fuzzy 89-91) or their vectors (0.89), two names whose
    numbering words differ name two things: a new row, not a review of a near miss."""
    memory = ValueMemory()
    memory.add(stored, (1,))
    memory.add("Proxima Centauri", (2,))
    assert memory.link(mention, use_embeddings=True).method == "new"
    assert memory.link(stored.lower(), use_embeddings=True).method == "normalized"


def test_a_title_before_a_name_links_to_the_name(people: ValueMemory) -> None:
    """"Sir Edmund Hillary" is the row "Edmund Hillary"; "Lady Gaga" is no title and a name."""
    people.add("Edmund Hillary", (9,))
    assert (people.link("Sir Edmund Hillary", use_embeddings=False).method,
            people.link("Sir Edmund Hillary", use_embeddings=False).row_id) == ("normalized", (9,))
    assert people.link("Dr. Jon Smith", use_embeddings=False).row_id == (4,)
    assert people.link("Lady Gaga", use_embeddings=False).method == "new"
