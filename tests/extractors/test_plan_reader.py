"""The plan reader and the general subject finder on schemas no rule knows (issue 11).

Every column here is described only by its plan: name words, type, unit, labels, demonstrations.
"""

from __future__ import annotations

import pytest

from text2db.config import Settings
from text2db.extractors.configuration import ExtractorConfig
from text2db.extractors.entities import parse
from text2db.extractors.pipeline import Extractor
from text2db.extractors.reader import stem, stems
from text2db.extractors.subject import KeyShape, document_subject
from text2db.schemas.events import DocumentEvent
from text2db.schemas.plan import ColumnPlan, ForeignKeyLink, Plan, TablePlan, ValueFormat


def _col(name: str, question: str, value_type: str = "text", labels: list[str] | None = None, unit: str | None = None,
         demos: list[str] | None = None) -> ColumnPlan:
    kind = "label" if labels else value_type if value_type in ("integer", "number", "year", "date") else "text"
    return ColumnPlan(name=name, tool="classification" if labels else "attribute", question=question, value_type=value_type,
                      format=ValueFormat(kind=kind, unit=unit), labels=labels, demonstrations=demos or [])


def _plan(table: str, entity: str, columns: list[ColumnPlan]) -> Plan:
    key = ColumnPlan(name="name", tool="key", question=f"name of the {entity}")
    t = TablePlan(table=table, operation="row_population", entity=entity, key=["name"], columns=[key, *columns])
    return Plan(job="j", instruction="add rows", planner="test", tables=[t])


def _cells(plan: Plan, text: str, **config: object) -> dict[str, dict[str, object]]:
    extractor = Extractor(plan, Settings(llm_base_url=None), ExtractorConfig(use_priors=False, **config))
    event = extractor.extract(DocumentEvent(job="j", document_id="d", text=text))
    return {r.key[0].value: {c.column: c.value for c in r.cells} for r in event.rows}


VENUE = _plan("venue", "venue", [
    _col("price_range", "price range of the venue", labels=["cheap", "moderate", "high"]),
    _col("customer_rating", "customer rating of the venue", labels=["low", "average", "high", "5 out of 5"]),
    _col("kid_friendly", "kid friendly of the venue", labels=["yes", "no"]),
    _col("near", "near of the venue", demos=["Crowne Plaza Hotel", "The Bakers"]),
])


def test_stems_fold_derivations() -> None:
    assert stem("managed") == stem("manager")
    assert stem("located") == stem("location")
    assert stem("moderately") == stem("moderate")
    assert stem("five") == "5"
    assert stem("families") == stem("family") and stem("cities") == stem("city")


def test_label_paraphrases_and_ambiguous_labels_go_to_the_column_their_cue_names() -> None:
    cells = _cells(VENUE, "The Copper Kettle is a moderately priced venue with a high customer rating, near The Bakers.")
    row = cells["Copper Kettle"]  # no table to show that keys keep a leading "The"
    assert row["price_range"] == "moderate"
    assert row["customer_rating"] == "high"
    assert row["near"] == "The Bakers"


def test_yes_no_label_reads_negation() -> None:
    assert _cells(VENUE, "Blue Harbour is a cheap venue. It is not kid friendly.")["Blue Harbour"]["kid_friendly"] == "no"
    assert _cells(VENUE, "Blue Harbour is a cheap, kid-friendly venue.")["Blue Harbour"]["kid_friendly"] == "yes"


def test_number_word_labels_match_digits() -> None:
    cells = _cells(VENUE, "Riverside Rest has a customer rating of five out of 5.")
    assert cells["Riverside Rest"]["customer_rating"] == "5 out of 5"


def test_a_label_with_numbers_matches_its_numbers_in_full_and_is_a_template_for_others() -> None:
    # the label set holds "5 out of 5" only (the existing rows' ratings); "1 out of 5" is not it, but is a rating
    cells = _cells(VENUE, "Cotto is a coffee shop near The Bakers with a 1 out of 5 customer rating.")
    assert cells["Cotto"]["customer_rating"] == "1 out of 5"


LIGHTHOUSE = _plan("lighthouse", "lighthouse", [
    _col("height_m", "height (in metres) of the lighthouse", "number", unit="m"),
    _col("keeper", "keeper of the lighthouse", demos=["Thomas Wren", "Mary Quill"]),
    _col("number_of_lamps", "number of lamps of the lighthouse", "integer"),
    _col("first_lit_year", "first lit year of the lighthouse", "year"),
])


def test_numbers_split_by_cue_words_and_keep_their_unit() -> None:
    cells = _cells(LIGHTHOUSE, "Skerry Point Lighthouse has a height of 35 metres and 4 lamps. It was first lit in 1874.")
    row = cells["Skerry Point Lighthouse"]
    assert row["height_m"] == "35 metres"
    assert row["number_of_lamps"] == "4 lamps"
    assert row["first_lit_year"] == "1874"


def test_names_by_cue_words_of_the_column() -> None:
    cells = _cells(LIGHTHOUSE, "Skerry Point Lighthouse was kept by its keeper Agnes Morrow for twenty years.")
    assert cells["Skerry Point Lighthouse"]["keeper"] == "Agnes Morrow"


def test_a_value_the_column_already_holds_is_read_where_the_text_writes_it() -> None:
    plan = _plan("venue", "venue", [_col("eat_type", "eat type of the venue", demos=["coffee shop", "coffee shop", "pub"])])
    assert _cells(plan, "Cotto is a Coffee Shop in the city centre.")["Cotto"]["eat_type"] == "coffee shop"
    named = _cells(plan, "Pub Royale serves Italian food. It is a coffee shop.")  # "Pub" of its name is no eat type
    assert named["Pub Royale"]["eat_type"] == "coffee shop"


def test_a_column_the_text_does_not_state_stays_empty() -> None:
    cells = _cells(LIGHTHOUSE, "Skerry Point Lighthouse stands on a rock off the coast.")
    assert "keeper" not in cells.get("Skerry Point Lighthouse", {})
    assert "height_m" not in cells.get("Skerry Point Lighthouse", {})


def test_values_keep_the_shape_of_the_column_existing_values() -> None:
    """A code column (existing values all have digits) takes no name; a column of words takes no code."""
    books = _plan("book", "book", [
        _col("isbn", "isbn of the book", demos=["0-7156-3648-0", "978-1-4165-4253-7", "1-4165-2060-0"]),
        _col("author", "author of the book", demos=["Eric Flint", "John Cowper Powys", "Virginia DeMarce"]),
    ])
    cells = _cells(books, "Ram Rebellion is a novel by the author Eric Flint, ISBN 1-4165-2060-0.")["Ram Rebellion"]
    assert cells["isbn"] == "1-4165-2060-0" and cells["author"] == "Eric Flint"
    no_code = _cells(books, "Ram Rebellion is a novel by the author Eric Flint.")["Ram Rebellion"]
    assert "isbn" not in no_code and no_code["author"] == "Eric Flint"  # a name is no ISBN
    only_code = _cells(books, "Ram Rebellion is a novel with the ISBN 1-4165-2060-0.")["Ram Rebellion"]
    assert "author" not in only_code  # a code is no author


@pytest.mark.parametrize("text, subject", [
    ("A.F.C. Blackpool has 1500 members.", "A.F.C. Blackpool"),
    ("Come to The Wrestlers where they serve English food.", "The Wrestlers"),
    ("High priced and with a low rating, Wildwood is a coffee shop.", "Wildwood"),
    ("The hardcover book 1634: The Ram Rebellion was written by Eric Flint.", "1634: The Ram Rebellion"),
    ("There is a coffee shop called The Cricketers near The Portland Arms.", "The Cricketers"),
])
def test_document_subject(text: str, subject: str) -> None:
    found = document_subject(parse(text), 0, KeyShape.of(["The Eagle", "Blue Spice"]), {"english"})
    assert found is not None and found[0].text == subject


@pytest.mark.parametrize("text, subject", [
    ("1921: The Copper Spring was written by Ada Moss.", "1921: The Copper Spring"),
    ("A Paper Moon, which is out in hardcover, has 300 pages.", "A Paper Moon"),
])
def test_document_subject_keeps_the_leading_words_existing_keys_share(text: str, subject: str) -> None:
    """Keys that start alike ("A ...", "1921: ...") keep that start, even where the parser splits it off."""
    shape = KeyShape.of(["A Quiet Harbour", "A Long Road", "1921: The Salt Year", "1921: The Iron Winter", "Tide"])
    found = document_subject(parse(text), 0, shape, set())
    assert found is not None and found[0].text == subject


@pytest.mark.parametrize("text, subject", [
    ("Mara Lind was the architect of Quayside Hall.", "Quayside Hall"),
    ("The Old Mill is the home ground of Riverside Wanderers.", "Riverside Wanderers"),
    ("Riverside Wanderers play at The Old Mill.", "Riverside Wanderers"),
    ("Lake Ardel is the reservoir held back by Korvan Dam, an arch dam on the Ardel River.", "Korvan Dam"),
])
def test_document_subject_is_what_a_planned_column_is_of(text: str, subject: str) -> None:
    """"X was the architect of Y": Y is the row whatever the grammatical subject, when "architect" is a column's word."""
    column_stems = frozenset(stems("architect home ground reservoir"))
    found = document_subject(parse(text), 0, KeyShape.of([]), set(), column_stems)
    assert found is not None and found[0].text == subject


def test_key_shape_prefers_mentions_that_look_like_existing_keys() -> None:
    text = "Built near Elmford, Ostrava Leoš Janáček Airport serves the region."
    shape = KeyShape.of(["Aarhus Airport", "Ardmore Airport", "Athens International Airport", "Agra Airport"])
    found = document_subject(parse(text), 0, shape, set())
    assert found is not None and found[0].text.endswith("Airport")


def test_rows_to_fill_are_read_even_where_another_name_is_the_subject(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Filling existing rows: the row a document names is read, whether the document's subject is
    another name ("Tom Baxter manages ...") or the row's key comes after "The"."""
    from sqlalchemy import create_engine, text

    engine = create_engine(f"sqlite:///{tmp_path / 'clubs.sqlite'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE club (id INTEGER PRIMARY KEY, name TEXT UNIQUE, manager TEXT, members INTEGER)"))
        conn.execute(text("INSERT INTO club (name, manager, members) VALUES ('Rivermouth Rovers', NULL, NULL), "
                          "('Old Quay Athletic', 'Ann Holt', 900)"))
    columns = [_col("manager", "manager of the club", demos=["Ann Holt"]),
               _col("members", "members of the club", value_type="integer", demos=["900"])]
    key = ColumnPlan(name="name", tool="key", question="name of the club")
    table = TablePlan(table="club", operation="data_infilling", entity="club", key=["name"], columns=[key, *columns],
                      only_existing_rows=True)
    plan = Plan(job="j", instruction="fill in the gaps", planner="test", tables=[table])
    extractor = Extractor(plan, Settings(llm_base_url=None), ExtractorConfig(use_priors=False), engine=engine)

    def cells(doc: str) -> dict[str, dict[str, object]]:
        event = extractor.extract(DocumentEvent(job="j", document_id=doc[:8], text=doc))
        return {r.key[0].value: {c.column: c.value for c in r.cells} for r in event.rows}

    assert cells("Tom Baxter manages Rivermouth Rovers.").get("Rivermouth Rovers", {}).get("manager") == "Tom Baxter"
    assert "members" in cells("The Rivermouth Rovers has 1200 members.").get("Rivermouth Rovers", {})


def test_cue_is_the_column_name_not_the_question_words() -> None:
    """"has 5000 members" states number_of_members: the question's extra word ("number") need not
    appear for the value to be trusted; a code column reads a code that starts with a digit."""
    clubs = _plan("club", "club", [
        _col("number_of_members", "number of members of the club", value_type="integer", demos=["1500", "23900"]),
        _col("registry_code", "registry code of the club", demos=["0-7156-3648-0", "1-4165-2060-0", "978-1-4165-4253-7"]),
    ])
    extractor = Extractor(clubs, Settings(llm_base_url=None), ExtractorConfig(use_priors=False))
    event = extractor.extract(DocumentEvent(job="j", document_id="d",
                                            text="Harbour Town Rovers has 5000 members and the registry code 0-7156-3648-0."))
    cells = {c.column: c for r in event.rows for c in r.cells}
    assert cells["number_of_members"].confidence >= Settings().review_threshold
    assert cells["registry_code"].value == "0-7156-3648-0" and cells["registry_code"].confidence >= Settings().review_threshold


def test_a_possessive_subject_names_its_owner() -> None:
    """"Harbour Town Rovers's full name is ..." is about Harbour Town Rovers, not "...'s full name",
    with the organization finder (a prior) or without it."""
    for priors in (True, False):
        key = ColumnPlan(name="name", tool="key", question="name of the club", entity_types=["ORG"])
        table = TablePlan(table="club", operation="row_population", entity="club", entity_types=["ORG"], key=["name"],
                          columns=[key, _col("full_name", "full name of the club")])
        plan = Plan(job="j", instruction="add rows", planner="test", tables=[table])
        extractor = Extractor(plan, Settings(llm_base_url=None), ExtractorConfig(use_priors=priors))
        event = extractor.extract(DocumentEvent(job="j", document_id="d",
                                                text="Harbour Town Rovers's full name is \"Associação Desportiva Marítima\"."))
        assert [r.key[0].value for r in event.rows] == ["Harbour Town Rovers"], priors


def test_a_word_meaning_the_column_word_is_a_cue() -> None:
    """"married" and "born" are not the column's words ("spouse", "birth"), but mean them."""
    plan = _plan("member", "member", [_col("spouse", "spouse of the member"), _col("birth_town", "birth town of the member")])
    row = _cells(plan, "Ana Ruiz was born in Braga. She is a painter who married Tomas Berg, a sculptor from Porto, in 1990.")["Ana Ruiz"]
    assert row.get("spouse") == "Tomas Berg"
    assert row.get("birth_town") == "Braga"


def test_a_country_column_takes_the_country_a_sentence_names_without_a_cue() -> None:
    col = ColumnPlan(name="nationality", tool="attribute", question="nationality of the member", value_type="text",
                     format=ValueFormat(kind="country"))
    row = _cells(_plan("member", "member", [col]),
                 "Lena Ostrova is a Bulgarian chess player. She won the 1998 title in Moscow.")["Lena Ostrova"]
    assert row.get("nationality") == "Bulgarian"  # the integrator writes it as the country's name


def test_a_name_does_not_run_on_into_a_date() -> None:
    brewery = _plan("brewery", "brewery", [_col("founder", "founder of the brewery", demos=["Arthur Guinness", "Adolphus Busch"]),
                                           _col("city", "city of the brewery", demos=["Dublin", "St. Louis"])])
    row = _cells(brewery, "Carlsberg was founded by J. C. Jacobsen in 1847 in Copenhagen.")["Carlsberg"]
    assert row["founder"] == "J. C. Jacobsen"
    from text2db.extractors.subject import name_runs  # a joiner still joins the words of one name

    text = "Newcastle upon Tyne is in England."
    assert [text[s:e] for s, e, _, _ in name_runs(parse(text), 0)][0] == "Newcastle upon Tyne"


def test_a_child_tables_row_is_no_row_of_its_parent_whose_row_is_the_one_it_links_to() -> None:
    from text2db.schemas.plan import ForeignKeyLink

    company = _plan("company", "company", [_col("founder", "founder of the company", demos=["Henry Ford", "Enzo Ferrari"])]).tables[0]
    car = _plan("automobile", "automobile", [ColumnPlan(
        name="manufacturer_id", tool="relation", question="manufacturer of the automobile", demonstrations=["Ford", "Ferrari"],
        link=ForeignKeyLink(table="company", column="id", match_on="name", on_missing="create"))]).tables[0]
    plan = Plan(job="j", instruction="add cars", planner="test", tables=[company, car])
    extractor = Extractor(plan, Settings(llm_base_url=None), ExtractorConfig(use_priors=False))
    event = extractor.extract(DocumentEvent(job="j", document_id="d", text="The Citroen 2CV was manufactured by Citroen. "
                                                                           "Citroen itself was founded by Andre Citroen."))
    rows = {(r.table, r.key[0].value) for r in event.rows}
    assert ("automobile", "Citroen 2CV") in rows and ("company", "Citroen 2CV") not in rows
    assert ("company", "Citroen") in rows  # the maker the car links to is the parent's row of the document


SPANS = _plan("crossing", "crossing", [
    _col("length_m", "length (in metres) of the crossing", "number", unit="m"),
    _col("main_span_m", "main span (in metres) of the crossing", "number", unit="m"),
    _col("capacity", "capacity of the crossing", "integer", demos=["12000", "40500", "8800"]),
    _col("opened_year", "opened year of the crossing", "year"),
])


def test_a_measure_word_after_the_unit_is_its_cue() -> None:
    """"2,160 metres long" states the length; the span named before another number is that number's."""
    row = _cells(SPANS, "The Tsing Ma Crossing is 2,160 metres long, and its main span of 1,377 metres carries a railway.")
    assert row["Tsing Ma Crossing"]["length_m"] == "2,160 metres"
    assert row["Tsing Ma Crossing"]["main_span_m"] == "1,377 metres"


def test_a_cue_word_in_the_next_clause_is_no_cue_of_a_number() -> None:
    """"opened in 1968 and has a capacity of 21,000": the capacity is 21,000, not the year before "and"."""
    row = _cells(SPANS, "The Orwell Crossing opened in 1968 and has a capacity of 21,000.")["Orwell Crossing"]
    assert row["capacity"].startswith("21,000")
    assert row["opened_year"].startswith("1968")


def test_a_pronoun_is_never_a_value() -> None:
    from text2db.schemas.plan import ForeignKeyLink

    link = ForeignKeyLink(table="label", column="id", match_on="name", on_missing="create")
    plan = _plan("band", "band", [ColumnPlan(name="record_label_id", tool="relation", question="record label of the band",
                                             demonstrations=["Sub Pop", "Rough Trade"], link=link),
                                  _col("formed_year", "formed year of the band", "year")])
    row = _cells(plan, "Slowdive are a shoegaze band from Reading who formed in 1989. Their record label is Creation "
                       "Records, founded in London in 1983.")
    assert row["Slowdive"]["record_label_id"] == "Creation Records"


def test_a_column_word_that_ends_a_name_is_that_names_head_not_a_cue_of_what_follows() -> None:
    """"among the Ardan Peak Observatories in Velmora": the observatory is the name the word ends, not Velmora."""
    from text2db.schemas.plan import ForeignKeyLink

    link = ForeignKeyLink(table="observatory", column="id", match_on="name", on_missing="review")
    plan = _plan("telescope", "telescope", [ColumnPlan(name="observatory_id", tool="relation", link=link,
                                                       question="observatory of the telescope")])
    row = _cells(plan, "The Korvel Telescope, an 8-metre instrument, stands among the Ardan Peak Observatories in Velmora.")
    assert row["Korvel Telescope"]["observatory_id"] == "Ardan Peak Observatories"


def test_a_type_word_of_the_column_name_need_not_be_written() -> None:
    """launch_date is stated by "launched on <date>": "date" is the value's type, not a cue the text must repeat."""
    plan = _plan("vessel", "vessel", [_col("launch_date", "launch date of the vessel", "date"),
                                      _col("builder", "builder of the vessel", demos=["Harland and Wolff", "Blohm & Voss"])])
    extractor = Extractor(plan, Settings(llm_base_url=None), ExtractorConfig(use_priors=False))
    text = "The Nomadic is a tender of the White Star Line. She was built by Harland and Wolff and was launched on 25 April 1911."
    cells = {c.column: c for r in extractor.extract(DocumentEvent(job="j", document_id="d", text=text)).rows for c in r.cells}
    assert cells["launch_date"].value == "25 April 1911" and cells["launch_date"].confidence >= Settings().review_threshold


def test_a_number_word_is_a_number() -> None:
    plan = _plan("rocket", "rocket", [_col("stages", "stages of the rocket", "integer")])
    assert _cells(plan, "Vega is a four-stage launcher built in Italy.")["Vega"]["stages"] == "4"


def test_twice_is_a_count_beside_its_cue_and_another_count_is_not() -> None:
    """"won the Golden Oar eight times and the Silver Cup twice": `silver_cup_wins` is 2."""
    plan = _plan("rower", "rower", [_col("silver_cup_wins", "silver cup wins of the rower", "integer")])
    cells = _cells(plan, "Ada Brannock, a sculler from Hull, won the Golden Oar eight times and the Silver Cup twice.")
    assert cells["Ada Brannock"].get("silver_cup_wins") == "2"


def test_a_preposition_after_a_phrase_cues_what_follows_it() -> None:
    """"a Chinese restaurant near The Corn Exchange": what is near is The Corn Exchange."""
    row = _cells(VENUE, "Golden Lotus is a Chinese restaurant near The Corn Exchange in the city centre.")["Golden Lotus"]
    assert row["near"] == "The Corn Exchange"


def test_a_name_does_not_run_on_into_the_place_after_in() -> None:
    from text2db.extractors.subject import name_runs

    text = "The Stari Most Bridge in Mostar crosses the Neretva."
    assert [text[s:e] for s, e, _, _ in name_runs(parse(text), 0)][:2] == ["The Stari Most Bridge", "Mostar"]
    plan = _plan("bridge", "bridge", [_col("crosses", "crosses of the bridge", demos=["Thames", "Danube", "Vltava"])])
    assert _cells(plan, text)["Stari Most Bridge"]["crosses"] == "Neretva"  # the row's own name is no value of it


def test_a_label_before_another_columns_word_is_not_this_columns_and_label_words_come_in_any_order() -> None:
    plan = _plan("venue", "venue", [
        _col("price_range", "price range of the venue", labels=["cheap", "moderate", "high"]),
        _col("customer_rating", "customer rating of the venue", demos=["3 out of 5", "5 out of 5", "high"]),
        _col("area", "area of the venue", labels=["riverside", "city centre"]),
    ])
    row = _cells(plan, "Pearl Cove is a highly rated venue in the centre of the city.")["Pearl Cove"]
    assert "price_range" not in row  # "highly rated" is a rating
    assert row["area"] == "city centre"


def test_a_cue_after_with_belongs_to_the_phrase_it_starts() -> None:
    """"known as X with headquarters in Y": "with" opens a phrase of its own, whose headquarters is Y."""
    plan = _plan("company", "company", [_col("headquarters", "headquarters of the company",
                                             demos=["Redmond", "Cupertino", "Espoo"])])
    text = ("Nordvik Instruments AS is a Norwegian maker of marine sonar. In the U.S., the company is known as "
            "Nordvik Marine with headquarters in Portland, Maine.")
    assert _cells(plan, text)["Nordvik Instruments AS"]["headquarters"] == "Portland"


def test_labels_read_through_compound_words_and_comparatives() -> None:
    """"by the river" is the label "riverside"; "under £20" is "less than £20"; "rest" is no "restaurant"."""
    plan = _plan("venue", "venue", [
        _col("area", "area of the venue", labels=["city centre", "riverside"]),
        _col("price_range", "price range of the venue", labels=["cheap", "less than £20", "£20-25", "more than £30"]),
        _col("eat_type", "eat type of the venue", labels=["pub", "restaurant", "coffee shop"]),
    ])
    row = _cells(plan, "For fast food under £20, try The Tin Anchor, a coffee shop by the river.")["Tin Anchor"]
    assert row["area"] == "riverside" and row["price_range"] == "less than £20" and row["eat_type"] == "coffee shop"
    row = _cells(plan, "The Mill Yard is a pub where you can rest after a walk.")["Mill Yard"]
    assert row["eat_type"] == "pub"


def test_a_name_the_table_holds_as_another_columns_value_is_no_new_row() -> None:
    """The landmark a venue is near is a value of `near` (an existing row holds it); a document
    that opens with it is still about the venue it names later."""
    cells = _cells(VENUE, "Near Crowne Plaza Hotel in the city centre is a coffee shop called Quiet Willow that is kid friendly.")
    assert "Crowne Plaza Hotel" not in cells
    assert cells["Quiet Willow"]["near"] == "Crowne Plaza Hotel"


def test_a_cue_word_that_is_the_subject_of_a_verb_is_what_the_clause_is_about_not_a_cue() -> None:
    """"The composer was born in Votkinsk": the clause tells of the composer, so Votkinsk is no
    composer; "by Pyotr Ilyich Tchaikovsky" after "opera" is (its verb's meaning is the column's).
    "The composer is X" still names X: a copula is no verb of a clause about the subject."""
    plan = _plan("opera", "opera", [_col("composer", "composer of the opera",
                                         demos=["Giuseppe Verdi", "Richard Wagner", "Georges Bizet"])])
    about = ("Eugene Onegin is a Russian-language opera by Pyotr Ilyich Tchaikovsky. "
             "The composer was born in Votkinsk and died in 1893.")
    # (no row at all is right too: "Russian-language opera" is no composer either, and the reader is unsure of the rest)
    assert _cells(plan, about).get("Eugene Onegin", {}).get("composer") not in ("Votkinsk", "Russian-language opera")
    naming = "Iolanta is a one-act opera first staged in 1892. The composer is Pyotr Ilyich Tchaikovsky."
    assert _cells(plan, naming)["Iolanta"].get("composer") == "Pyotr Ilyich Tchaikovsky"


def test_a_column_of_names_takes_no_part_of_a_date() -> None:
    """No existing value of `opened_by` has a digit: "declared it open on 3 June 1952" and
    "closed on 9 June" give it no value."""
    plan = _plan("fair", "fair", [_col("opened_by", "opened by of the fair", demos=["Clara Voss", "Emil Hartmann", "Ruth Adeyemi"])])
    text = "The Tide Fair 1952 was held on Pier 9. The mayor declared it open on 3 June 1952, and it closed on 9 June."
    value = _cells(plan, text)["Tide Fair 1952"].get("opened_by")
    assert value is None or not any(ch.isdigit() for ch in str(value))
    named = "The Tide Fair 1952 was held on Pier 9. Mayor Ilse Brandt declared it open on 3 June 1952."
    assert _cells(plan, named)["Tide Fair 1952"]["opened_by"] == "Mayor Ilse Brandt"


def test_a_column_of_short_codes_takes_a_code_of_their_length() -> None:
    """Every existing `itu_code` is two upper-case letters: "(ITU code TK)" gives "TK", not the
    noun phrase around it ("ITU code TK")."""
    plan = _plan("station", "station", [_col("itu_code", "itu code of the station", demos=["KL", "QF", "AY", "EK"])])
    text = "Radio Meridian (ITU code TK) has been on air since 1933."
    assert _cells(plan, text)["Radio Meridian"]["itu_code"] == "TK"


def test_a_value_far_more_like_another_columns_values_is_not_taken() -> None:
    """"founded in Verona in 1921 by Oskar Brandt": `founder` holds people and `seat` holds
    cities, so "Verona", next to the cue, is no founder."""
    plan = _plan("maker", "maker", [
        _col("founder", "founder of the maker", demos=["Coco Chanel", "Gianni Versace", "Thierry Hermes", "Ralph Lauren"]),
        _col("seat", "seat of the maker", demos=["Paris", "Milan", "New York City", "London"]),
    ])
    text = "Brandt & Sohn was founded in Verona in 1921 by Oskar Brandt, a saddler."
    row = _cells(plan, text)["Brandt & Sohn"]
    assert row.get("founder") != "Verona"


def test_numbers_written_in_words_are_read_with_their_unit() -> None:
    plan = _plan("tower", "tower", [_col("height_m", "height (in metres) of the tower", "number", unit="m"),
                                    _col("completion_year", "completion year of the tower", "year")])
    text = "The Harbour Tower was finished in nineteen fifty-two and is four hundred and twenty-one metres tall."
    row = _cells(plan, text)["Harbour Tower"]
    assert row["height_m"] == "421 metres"  # the integrator converts it to the column's unit
    assert row["completion_year"] == "1952"


def test_a_value_like_the_parent_names_of_a_foreign_key_is_not_taken_by_another_column() -> None:
    """`founder` holds people and `country_id` links to countries (its examples are their
    names): "founded in Portugal by Ana Lopes" offers the country to `founder`; it is no founder."""
    from text2db.schemas.plan import ForeignKeyLink

    country = ColumnPlan(name="country_id", tool="relation", question="country of the label", value_type="text",
                         demonstrations=["France", "Italy", "Spain", "Germany"],
                         link=ForeignKeyLink(table="country", column="id", match_on="name"))
    plan = _plan("label", "label", [
        _col("founder", "founder of the label", demos=["Coco Chanel", "Gianni Versace", "Thierry Hermes", "Ralph Lauren"]),
        country])
    text = "Casa Lopes is a fashion label founded in Portugal in 1972 by the tailor Ana Lopes."
    assert _cells(plan, text)["Casa Lopes"].get("founder") != "Portugal"


def test_a_place_after_in_is_no_agent_of_the_verb() -> None:
    """A new `founder` column, with no value yet to compare with: "founded in Aarhus in 1851 by
    the brewer Niels Holm" names the founder after "by", not the place after "in"."""
    plan = _plan("brewery", "brewery", [_col("founder", "founder of the brewery")])
    text = "Holm Bryggeri was founded in Aarhus in 1851 by the brewer Niels Holm."
    assert _cells(plan, text)["Holm Bryggeri"].get("founder") != "Aarhus"


def test_a_demonym_is_no_value_of_a_column_whose_rows_hold_names() -> None:
    """"signed in the Portuguese city of Lisbon": the rows' signing cities are names, none a
    people's adjective, so neither "Portuguese" nor "Portuguese city" is the city; a column whose rows hold "English" or "Chinese"
    (a cuisine) still takes one."""
    plan = _plan("treaty", "treaty", [
        _col("signing_city", "signing city of the treaty", demos=["Versailles", "Lisbon", "Rome"]),
        _col("signed_date", "signed date of the treaty", "date"),
    ])
    row = _cells(plan, "The Treaty of Lisbon was signed in the Portuguese city of Lisbon on 13 December 2007.")
    assert row["Treaty of Lisbon"]["signing_city"] == "Lisbon"
    food = _plan("restaurant", "restaurant", [_col("food", "food of the restaurant", demos=["English", "Chinese", "Italian"])])
    assert _cells(food, "The Red Lantern serves Japanese food in the city centre.")["Red Lantern"]["food"] == "Japanese"


@pytest.mark.parametrize("written", ["the ninth of January 1908", "9.1.1908", "1908-01-09"])
def test_dates_written_with_a_day_in_words_or_in_figures_are_read_whole(written: str) -> None:
    plan = _plan("writer", "writer", [_col("birth_date", "birth date of the writer", "date")])
    row = _cells(plan, f"Simone Weil, the essayist, was born in Paris on {written}.")["Simone Weil"]
    assert row["birth_date"] == written


def test_document_subject_looks_like_the_keys_not_like_another_columns_values() -> None:
    """The rows are "Treaty of ...", and the wars they ended are another column's values: in
    "The Crimean War was brought to an end by the Treaty of Paris", the treaty is the row, though
    the war is the grammatical subject."""
    values = frozenset({"world war i", "first opium war", "american revolutionary war"})
    shape = KeyShape.of(["Treaty of Versailles", "Treaty of Ghent", "Treaty of Rome", "Treaty of Nanking"], values)
    found = document_subject(parse("The Crimean War was brought to an end by the Treaty of Paris, signed on 30 March "
                                   "1856."), 0, shape, set())
    assert found is not None and found[0].text == "Treaty of Paris"


def test_a_demonym_phrase_is_no_parents_name() -> None:
    """"the House of Orange-Nassau, the Dutch royal house": a foreign key's value is a parent's
    name, and "Dutch royal" is a people's adjective before common nouns."""
    house = ColumnPlan(name="house_id", tool="relation", question="royal house of the monarch", value_type="text",
                       link=ForeignKeyLink(table="royal_house", column="id", match_on="name", on_missing="create"),
                       demonstrations=["House of Windsor", "House of Bourbon", "House of Habsburg"])
    plan = _plan("monarch", "monarch", [house, _col("birth_date", "birth date of the monarch", "date")])
    row = _cells(plan, "Beatrix of the Netherlands, born on 31 January 1938, reigned from 1980 until 2013. She is a "
                       "member of the House of Orange-Nassau, the Dutch royal house.")["Beatrix of the Netherlands"]
    assert row["house_id"] == "House of Orange-Nassau"


def test_a_value_in_apposition_to_the_subject_is_cued_by_it() -> None:
    """"Its host star, Kepler-452, lies in Cygnus": the clause tells of the star, and the name
    beside it is that star (the parser may not attach it to the subject)."""
    star = ColumnPlan(name="star_id", tool="relation", question="star of the planet", value_type="text",
                      link=ForeignKeyLink(table="star", column="id", match_on="name", on_missing="create"),
                      demonstrations=["Gliese 581", "Kepler-22", "TRAPPIST-1"])
    plan = _plan("planet", "planet", [star, _col("discovery_year", "discovery year of the planet", "year")])
    cells = _cells(plan, "Kepler-452b, whose year lasts 385 days, was discovered by the transit method and announced "
                         "in 2015. Its host star, Kepler-452, lies in Cygnus.")
    assert cells["Kepler-452b"]["star_id"] == "Kepler-452"


@pytest.mark.parametrize("text, subject", [
    ("Kepler-186f, the first Earth-sized planet found in the habitable zone of another star, was announced in 2014.",
     "Kepler-186f"),
    ("Vienna-born Ludwig Wittgenstein came into the world on April 26th, 1889.", "Ludwig Wittgenstein"),
])
def test_a_name_inside_a_hyphenated_adjective_is_no_subject(text: str, subject: str) -> None:
    found = document_subject(parse(text), 0, KeyShape.of(["Kepler-22b", "Gliese 581c"]), set())
    assert found is not None and found[0].text == subject


def test_a_year_before_a_parents_name_is_no_part_of_it() -> None:
    """"a 2008 Pixar film": no studio's name has a digit, so the year before "Pixar" is cut."""
    studio = ColumnPlan(name="studio_id", tool="relation", value_type="text",
                        question="studio that produced the film of the animated feature",
                        link=ForeignKeyLink(table="studio", column="id", match_on="name", on_missing="review"),
                        demonstrations=["Pixar", "Studio Ghibli", "Laika", "DreamWorks Animation"])
    plan = _plan("animated_feature", "animated feature", [studio])
    assert _cells(plan, "WALL-E is a 2008 Pixar film, directed by Andrew Stanton.")["WALL-E"]["studio_id"] == "Pixar"


@pytest.mark.parametrize(("text", "place"), [
    ("Marie Keller, the chemist, was born in the small Alsace village of Riquewihr on 2 May 1901.", "Riquewihr"),
    ("Marie Keller was born in the Flemish town of Lier on 2 May 1901.", "Lier"),
    ("Born in the Flemish town of Lier on 2 May 1901, Marie Keller became a chemist.", None),
])
def test_a_name_before_a_noun_and_of_is_no_place_the_name_after_of_is(text: str, place: str | None) -> None:
    """"the small Alsace village of Riquewihr": Alsace says which village; the birthplace is
    Riquewihr (the reader had taken Alsace, and "Flemish town" or "Flemish"). Before a fronted
    participle the reader is not sure enough of Lier: then no place, not a wrong one."""
    plan = _plan("chemist", "chemist", [
        _col("birth_place", "birth place of the chemist", demos=["Lyon", "Ghent", "Basel"]),
        _col("birth_date", "birth date of the chemist", "date"),
    ])
    assert _cells(plan, text)["Marie Keller"].get("birth_place") == place


def test_an_ordinal_in_words_is_the_number_of_a_rank_but_never_a_count() -> None:
    """"a Sixth Dynasty tomb": `dynasty` is 6; "in its first season" gives no `season_count`, and
    "the second tallest" no `height_m` (a measure, with a unit)."""
    plan = _plan("tomb", "tomb", [
        _col("dynasty", "dynasty of the tomb", "integer"),
        _col("season_count", "number of seasons of the tomb", "integer"),  # as the planner asks for a count
        _col("height_m", "height of the tomb", "integer", unit="m"),
    ])
    cells = _cells(plan, "Tomb of Ankhu is a Sixth Dynasty tomb at Saqqara, dug in its first season by the mission. "
                         "It is the second tallest tomb there.")
    assert cells["Tomb of Ankhu"].get("dynasty") == "6"
    assert "season_count" not in cells["Tomb of Ankhu"] and "height_m" not in cells["Tomb of Ankhu"]


def test_a_number_behind_the_initials_of_the_columns_words_is_its_value() -> None:
    """"(C12)" gives `caldwell_number` 12 as "Caldwell 12" would: the initial stands for the
    column's word; another letter's number ("B33") is no value of it."""
    plan = _plan("galaxy", "galaxy", [_col("caldwell_number", "caldwell number of the galaxy", "integer")])
    cells = _cells(plan, "The Needle Galaxy (C38) is an edge-on spiral in Coma Berenices, near the cluster B33.")
    assert cells["Needle Galaxy"].get("caldwell_number") == "38"


@pytest.mark.parametrize("text, keys, subject", [
    ("Ray Lind was the MVP of Harbour Cup XLVII, which Norwich won.", ["Harbour Cup I", "Harbour Cup IX"],
     "Harbour Cup XLVII"),
    ("The Ferryman's Rest inn by the quay serves Thai food.", ["The Old Bell", "The Green Man"], "The Ferryman's Rest"),
])
def test_document_subject_starts_at_the_keys_shared_lead_and_runs_on_through_a_possessive(
        text: str, keys: list[str], subject: str) -> None:
    """"the MVP of Harbour Cup XLVII" (`mvp` a column) where keys start "Harbour ...": the key
    starts there, not at "MVP"; "The Ferryman's Rest" is one name, its possessive inside."""
    found = document_subject(parse(text), 0, KeyShape.of(keys), set(), frozenset(stems("mvp cuisine")))
    assert found is not None and found[0].text == subject


def test_the_noun_after_an_earlier_number_is_no_cue_of_the_next_one() -> None:
    """"14 league titles, and 31 trophies in all": `league_titles` is 14; the words after 14 are
    its own, not a cue of 31."""
    plan = _plan("club", "club", [_col("league_titles", "league titles of the club", "integer")])
    cells = _cells(plan, "Castlebay Rovers, founded in a Leith pub, won 14 league titles, and 31 trophies in all.")
    assert str(cells["Castlebay Rovers"].get("league_titles")).split()[0] == "14"  # "14 league": the integrator reads 14


def test_a_person_who_opens_the_sentence_or_follows_a_lowercase_description_is_its_row() -> None:
    """A person table: "Ada Brannock, a sculler from Hull, won ..." has no "is/was" after the
    name, and "left-handed sculler Ida Marsh was born ..." puts a description before it; both
    names are the rows their documents are about, with the values around them (the person
    finder, a prior, on)."""
    key = ColumnPlan(name="name", tool="key", question="name of the rower", entity_types=["PERSON"])
    table = TablePlan(table="rower", operation="row_population", entity="rower", entity_types=["PERSON"], key=["name"],
                      columns=[key, _col("silver_cup_wins", "silver cup wins of the rower", "integer"),
                               _col("birth_date", "birth date of the rower", "date")])
    plan = Plan(job="j", instruction="add rows", planner="test", tables=[table])
    extractor = Extractor(plan, Settings(llm_base_url=None), ExtractorConfig(use_priors=True))
    for text, name in [
        ("Ada Brannock, a sculler from Hull (born 3 May 1961), won the Silver Cup twice with Tyne.", "Ada Brannock"),
        ("Known as the Heron, left-handed sculler Ida Marsh was born on 9 June 1970 and won the Silver Cup four times.",
         "Ida Marsh"),
    ]:
        rows = extractor.extract(DocumentEvent(job="j", document_id="d", text=text)).rows
        cells = {r.key[0].value: {c.column: c.value for c in r.cells} for r in rows}
        assert cells.get(name, {}).get("silver_cup_wins") is not None, (text, cells)


def test_a_value_among_the_formats_examples_is_known_and_another_columns_phrase_is_no_value() -> None:
    """"£20-25" is shown by the format's examples (not the three demonstrations): it is found
    where written, and "an average rating" (its head the rating column's word) is no price."""
    price = ColumnPlan(name="price_range", tool="attribute", question="price range of the venue", value_type="text",
                       format=ValueFormat(kind="text", examples=["cheap", "high", "less than £20", "£20-25"]),
                       demonstrations=["cheap", "high", "less than £20"])
    plan = _plan("venue", "venue", [price, _col("customer_rating", "customer rating of the venue",
                                                demos=["low", "average", "5 out of 5"])])
    cells = _cells(plan, "For noodles, Jade Lantern is a family-friendly place with prices in the £20-25 range and "
                         "an average rating.")
    assert cells["Jade Lantern"].get("price_range") == "£20-25"


def test_a_year_is_no_count_where_the_counts_are_small() -> None:
    """`cup_wins` holds 1, 3 and 5: "took the Cup in 1961 and 1964" offers no 1961; `seats`
    holding 1200 and 2400 may still take a four-figure number."""
    plan = _plan("club", "club", [_col("cup_wins", "cup wins of the club", "integer", demos=["1", "3", "5"]),
                                  _col("seats", "seats of the club", "integer", demos=["1200", "2400"])])
    cells = _cells(plan, "Dunmore Athletic took the Cup in 1961 and 1964, and its ground has 1850 seats.")
    assert cells["Dunmore Athletic"].get("cup_wins") not in ("1961", "1964", "1961 and", "1964, and")
    assert str(cells["Dunmore Athletic"].get("seats")).startswith("1850")


def test_the_sure_subject_is_a_row_only_of_the_one_table_of_its_kind_and_a_clause_is_no_description() -> None:
    """"Ardent Labs Ltd, a Welsh drugmaker ..., won approval for Zelora": the organization finder's name
    opens the sentence as its subject, so it is the row of an organization table, but not where
    another table of the plan is of that kind too (the maker of a drug is no drug row). "while
    the Winter Strike was ..." is a clause before the subject, not a description of a name."""
    from text2db.extractors.entities import find_entities
    from text2db.extractors.subject import add_subjects

    text = "Ardent Labs Ltd, a Welsh drugmaker set up in 1990, won approval for Zelora in 2011."
    table = TablePlan(table="maker", operation="row_population", entity="company", key=["name"],
                      columns=[ColumnPlan(name="name", tool="key", question="name of the company"),
                               _col("founded_year", "founded year of the company", "integer")])
    for sole, main in ((True, ["Ardent Labs Ltd"]), (False, [])):
        parsed = parse(text)
        found = add_subjects(parsed, find_entities(parsed, "organization"), table, KeyShape.of([]), sole_kind=sole)
        assert [e.name for e in found if e.main] == main, sole
    parsed = parse("Founded in 1920, while the Winter Strike was still going on, the Tern Agency is a news agency.")
    assert "Winter Strike" not in [e.name for e in find_entities(parsed, "organization") if e.main]
