"""Issue 15: sentence completion (designer/complete.py): the LLM, asked one sentence at a time,
adds the event and pair tables the drafted design lacks, and nothing it already has."""

from __future__ import annotations

from text2db.config import Settings
from text2db.designer.api import design_schema
from text2db.designer.complete import candidate_sentences, complete_by_sentences, new_tables, prompt
from text2db.designer.ddlread import parse_tables
from text2db.designer.exceptions import LlmDesignFailed
from text2db.designer.repair import repair
from text2db.designer.validate import checked
from text2db.schemas.design import SchemaDesign

REQUIREMENT = (
    "The league keeps its fixtures. Clubs have a club code and a name. Referees have a licence number and a name. "
    "A fixture is played between two clubs on a date. Every referee receives a fee and a rating for each fixture in "
    "which they officiate.")
DRAFT = """CREATE TABLE club (club_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE referee (licence_number TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE fixture (fixture_id INTEGER PRIMARY KEY, home_club_code TEXT REFERENCES club(club_code),
  away_club_code TEXT REFERENCES club(club_code), played_on DATE);"""
ANSWER = ("CREATE TABLE appointment (fixture_id INTEGER REFERENCES fixture(fixture_id), licence_number TEXT "
          "REFERENCES referees(licence_number), fee DECIMAL(10,2), rating INTEGER, PRIMARY KEY (fixture_id, licence_number));")


def _draft() -> SchemaDesign:
    return checked(repair(SchemaDesign(requirement=REQUIREMENT, designer="llm:test", tables=parse_tables(DRAFT))))


class Scripted:
    """The designer's chat seam with scripted answers; records what it was asked."""

    def __init__(self, *answers: str | Exception) -> None:
        self.answers, self.asked = list(answers), []  # type: ignore[var-annotated]

    def chat(self, messages: list[dict[str, str]], max_tokens: int) -> str:
        self.asked.append(messages[-1]["content"])
        answer = self.answers.pop(0) if self.answers else "NONE"
        if isinstance(answer, Exception):
            raise answer
        return answer


def test_a_table_whose_attributes_all_copy_the_designs_is_not_added() -> None:
    # the model relates referee and fixture, but writes only the fixture's date into the new table
    copy = ("CREATE TABLE officiating (fixture_id INTEGER REFERENCES fixture(fixture_id), licence_number TEXT "
            "REFERENCES referee(licence_number), played_on DATE, PRIMARY KEY (fixture_id, licence_number));")
    completed = complete_by_sentences(_draft(), Scripted(copy))
    assert [t.name for t in completed.tables] == ["club", "referee", "fixture"]
    # the same relation with the values the sentence gives it is added
    assert "appointment" in [t.name for t in complete_by_sentences(_draft(), Scripted(ANSWER)).tables]


def test_only_sentences_naming_two_tables_and_something_the_design_lacks_are_asked() -> None:
    asked = candidate_sentences(_draft())
    assert asked == (["Every referee receives a fee and a rating for each fixture in which they officiate."], [])
    # "a fixture is played between two clubs" names two tables too, but the design stores all it says


def test_the_table_a_sentence_states_is_added_with_its_references() -> None:
    llm = Scripted(ANSWER)
    completed = complete_by_sentences(_draft(), llm)
    table = completed.table("appointment")
    assert {(tuple(fk.columns), fk.ref_table) for fk in table.foreign_keys} == {
        (("fixture_id",), "fixture"), (("licence_number",), "referee")}  # 'referees' is the table meant
    assert sorted(table.primary_key) == ["fixture_id", "licence_number"]
    assert "Tables:\nclub(club_code, name)" in llm.asked[0] and "fixture(" in llm.asked[0]
    assert any("sentence completion" in n for n in completed.notes)


def test_nothing_is_added_for_none_a_rewritten_table_or_a_second_association_of_the_same_parents() -> None:
    draft = _draft()
    assert complete_by_sentences(draft, Scripted("NONE")).tables == draft.tables
    rewritten = parse_tables("CREATE TABLE fixtures (fixture_id INTEGER PRIMARY KEY, home_club_code TEXT REFERENCES "
                             "club(club_code), referee TEXT REFERENCES referee(licence_number));")
    assert new_tables(rewritten, draft.tables) == []
    with_pair = draft.tables + new_tables(parse_tables(ANSWER), draft.tables)
    again = parse_tables("CREATE TABLE officiating (fixture_id INTEGER REFERENCES fixture(fixture_id), licence_number "
                         "TEXT REFERENCES referee(licence_number));")
    assert new_tables(again, with_pair) == []
    one_parent = parse_tables("CREATE TABLE rating (rating_id INTEGER PRIMARY KEY, fixture_id INTEGER REFERENCES "
                              "fixture(fixture_id), score INTEGER);")
    assert new_tables(one_parent, draft.tables) == []  # an attribute table of one entity is not a fact about two


def test_an_llm_failure_keeps_the_design_and_says_so() -> None:
    draft = _draft()
    completed = complete_by_sentences(draft, Scripted(LlmDesignFailed("timed out")))
    assert completed.tables == draft.tables and any("stopped" in n for n in completed.notes)


def test_the_prompt_keeps_fixed_text_first_for_the_servers_cache() -> None:
    first, second = prompt("a(x)", "One sentence."), prompt("b(y)", "Another one.")
    assert first[:-1] == second[:-1] and first[-1]["content"].endswith("Sentence: One sentence.")


def test_design_schema_runs_the_completion_through_the_endpoint(fake_llm) -> None:  # type: ignore[no-untyped-def]
    with fake_llm([DRAFT, ANSWER]) as server:
        design = design_schema(REQUIREMENT, Settings(llm_base_url=server.base_url))
        assert design.has_table("appointment") and len(server.requests) == 2
    with fake_llm([DRAFT, ANSWER]) as server:
        off = design_schema(REQUIREMENT, Settings(llm_base_url=server.base_url, design_sentence_completion=False))
        assert not off.has_table("appointment") and len(server.requests) == 1


PAIRS = ("The studio logs its kiln work. Pieces have a piece number and a description. A firing has a date and a "
         "peak temperature. Pieces go through several firings, and for each one we note the glaze and whether the "
         "piece cracked.")
PAIRS_DRAFT = """CREATE TABLE piece (piece_number TEXT PRIMARY KEY, description TEXT);
CREATE TABLE firing (firing_id INTEGER PRIMARY KEY, firing_date DATE, peak_temperature INTEGER, glaze TEXT, cracked BOOLEAN);"""
PAIR_TABLE = ("CREATE TABLE piece_firing (piece_number TEXT REFERENCES piece(piece_number), firing_id INTEGER REFERENCES "
              "firing(firing_id){values}, PRIMARY KEY (piece_number, firing_id));")


def _pairs_draft(requirement: str = PAIRS) -> SchemaDesign:
    return checked(repair(SchemaDesign(requirement=requirement, designer="llm:test", tables=parse_tables(PAIRS_DRAFT))))


def test_a_value_given_per_pair_is_asked_even_when_the_design_put_it_on_one_of_the_two_tables() -> None:
    draft = _pairs_draft()
    sentence = "Pieces go through several firings, and for each one we note the glaze and whether the piece cracked."
    assert candidate_sentences(draft) == ([], [sentence])  # every noun is a name already: the per-pair wording asks
    completed = complete_by_sentences(draft, Scripted(PAIR_TABLE.format(values=", glaze TEXT, cracked BOOLEAN")))
    assert {fk.ref_table for fk in completed.table("piece_firing").foreign_keys} == {"piece", "firing"}
    assert [c.name for c in completed.table("firing").columns] == ["firing_id", "firing_date", "peak_temperature"]


def test_a_pair_table_without_values_of_its_own_is_not_taken_and_a_value_another_sentence_gives_stays() -> None:
    bare = complete_by_sentences(_pairs_draft(), Scripted(PAIR_TABLE.format(values="")))
    assert [t.name for t in bare.tables] == ["piece", "firing"]  # the sentence gives values per pair: none here
    glazed = _pairs_draft(PAIRS.replace("a date and a peak temperature", "a date, a glaze and a peak temperature"))
    completed = complete_by_sentences(glazed, Scripted(PAIR_TABLE.format(values=", glaze TEXT, cracked BOOLEAN")))
    assert [c.name for c in completed.table("firing").columns] == ["firing_id", "firing_date", "peak_temperature", "glaze"]
