"""The gazetteer of filling tables: existing rows' keys found in the text (gazetteer.py)."""

from __future__ import annotations

from conftest import make_plan
from sqlalchemy import create_engine, text
from tests.pgstats import seq_reads

from text2db.config import Settings
from text2db.extractors import relations
from text2db.extractors.entities import find_entities, parse
from text2db.extractors.gazetteer import MAX_KEYS, Gazetteer, IndexedGazetteer, for_table, key_pattern, load_keys, merge
from text2db.extractors.pipeline import build_extractor
from text2db.extractors.spans import SpanRules
from text2db.schemas.events import DocumentEvent
from text2db.schemas.plan import Plan

ABBA = (
    "Voulez-Vous is the sixth studio album by Swedish pop group ABBA, released in 1979. Its songs include Does Your "
    "Mother Know and Hole in Your Soul, both performed by ABBA on their 1979 tour."
)


def _filling(plan: Plan) -> Plan:
    table = plan.tables[0].model_copy(update={"operation": "data_infilling", "only_existing_rows": True})
    return plan.model_copy(update={"tables": [table]})


def _engine(tmp_path, rows: list[tuple[str, int | None]]):  # noqa: ANN001, ANN202
    engine = create_engine(f"sqlite:///{tmp_path / 'target.sqlite'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE work (id INTEGER PRIMARY KEY, title TEXT UNIQUE, released INTEGER)"))
        for title, year in rows:
            conn.execute(text("INSERT INTO work (title, released) VALUES (:t, :y)"), {"t": title, "y": year})
    return engine


def test_keys_are_the_rows_with_gaps(tmp_path) -> None:  # noqa: ANN001
    engine = _engine(tmp_path, [("Does Your Mother Know", None), ("Gardenia", 1979)])
    plan = _filling(make_plan("work", "work", "title", ["released"]))
    assert load_keys(engine, plan.tables[0]) == ["Does Your Mother Know"]


def test_key_forms_fold_tokenized_spacing() -> None:
    assert key_pattern("Slaughterhouse - Five").search("Vonnegut's Slaughterhouse-Five (1969)")
    assert key_pattern("Do n't believe").search("the song Don't Believe was")
    assert key_pattern("Alfred Hitchcock 's Frenzy").search("in Alfred Hitchcock's Frenzy.")
    assert not key_pattern("Liga").search("the Regionalliga")


def test_unique_surname_finds_a_person_but_not_another_name() -> None:
    gaz = Gazetteer(["Ferenc Puskás", "Valerie Rockefeller"], person=True)
    found = gaz.find("Later Puskás moved to Spain. David Rockefeller chaired the Rockefeller Brothers Fund.")
    assert [m.text for m in found["Ferenc Puskás"]] == ["Puskás"]
    assert "Valerie Rockefeller" not in found


def test_a_qualified_key_is_found_by_its_name_and_qualifier_in_the_sentence() -> None:
    gaz = Gazetteer(["Abilene, Texas", "Paris, Texas", "Paris, France", "Akita, Akita"])
    found = gaz.find("Abilene Regional Airport serves Abilene, Jones County, Texas. Paris lies in Texas. Akita is in Japan.")
    assert {k: [m.text for m in ms] for k, ms in found.items()} == {"Abilene, Texas": ["Abilene"]}  # Paris: two keys


def test_an_encyclopedia_style_key_is_found_by_the_name_a_text_uses() -> None:
    # "Head (Qualifier)": the head with the qualifier near it, which tells keys of one head apart
    gaz = Gazetteer(["Symphony No. 9 (Dvořák)", "Symphony No. 9 (Beethoven)", "Symphony No. 6 (Tchaikovsky)",
                     "Mercury (planet)"])
    found = gaz.find("Antonín Dvořák's Symphony No. 9 in E minor was first performed in New York City. "
                     "Tchaikovsky conducted his Symphony No. 6 in Saint Petersburg.")
    assert {k: [m.text for m in ms] for k, ms in found.items()} == {
        "Symphony No. 9 (Dvořák)": ["Symphony No. 9"], "Symphony No. 6 (Tchaikovsky)": ["Symphony No. 6"]}
    assert gaz.find("Symphony No. 9 was played twice.") == {}  # no qualifier near: which ninth?
    assert list(gaz.find("Mercury is the smallest planet.")) == ["Mercury (planet)"]
    # a catalogue code and a name: the text writes the name, after the table's own word or alone
    gaz = Gazetteer(["109P/Swift–Tuttle", "55P/Tempel–Tuttle", "C/1861 G1 (Thatcher)"], kind=frozenset({"comet"}))
    found = gaz.find("The Lyrids come from Comet Thatcher, which A. E. Thatcher found in 1861; the Perseids from "
                     "Swift–Tuttle.")
    assert {k: [m.text for m in ms] for k, ms in found.items()} == {
        "C/1861 G1 (Thatcher)": ["Thatcher"], "109P/Swift–Tuttle": ["Swift–Tuttle"]}


def test_filling_table_finds_an_existing_row_spacy_misses(tmp_path) -> None:  # noqa: ANN001
    engine = _engine(tmp_path, [("Hole in Your Soul", None), ("Gardenia", 1979)])
    plan = _filling(make_plan("work", "work", "title", ["released", "performer"]))
    doc = DocumentEvent(job="j", document_id="d", text=ABBA)
    without = build_extractor(plan, Settings(llm_base_url=None)).extract(doc)
    assert "Hole in Your Soul" not in {r.key[0].value for r in without.rows}
    event = build_extractor(plan, Settings(llm_base_url=None), engine).extract(doc)
    rows = {r.key[0].value: {c.column: c.value for c in r.cells} for r in event.rows}
    assert rows["Hole in Your Soul"]["performer"] == "ABBA"


def test_a_key_takes_its_span_from_a_shorter_name_that_lives_elsewhere_too() -> None:
    text = ("Breakout is an arcade game developed and published by Atari, Inc. It was followed by a 1978 sequel, "
            "Super Breakout. Breakout was the basis for the Apple II.")
    parsed = parse(text)
    ents = {e.name: e for e in merge(parsed, find_entities(parsed, "work"), Gazetteer(["Super Breakout"]).find(text), "work")}
    assert ents["Breakout"].main and all(m.text == "Breakout" and text[m.start - 6:m.start] != "Super " for m in ents["Breakout"].mentions)
    assert [m.text for m in ents["Super Breakout"].mentions] == ["Super Breakout"]


def test_the_whole_key_is_the_mention_so_its_year_follows_it() -> None:
    text = ("Inner Life was an American soul studio project formed in 1979 that enjoyed success with \" I 'm Caught Up "
            "(In a One Night Love Affair) \" (1979) and \" Ain't No Mountain High Enough \" (1981).")
    parsed = parse(text)
    key = "I 'm Caught Up ( In a One Night Love Affair )"
    ents = merge(parsed, find_entities(parsed, "work"), Gazetteer([key]).find(text), "work")
    got = {(c.entity, c.column): c.value.text for c in SpanRules(parsed, ents, "work").predict({"released": relations.BY_NAME["released"]})}
    assert got[(key, "released")] == "1979"


def test_a_name_read_with_its_description_is_the_known_row() -> None:
    """The finder may take "The book ..." into the name; the row it names is the known key. A
    capitalized word outside the key makes another name, which stays apart."""
    text = ("The book Alcatraz Versus the Evil Librarians was written in English. "
            "The Texas Rangers play in Arlington, Texas.")
    parsed = parse(text)
    keys = Gazetteer(["Alcatraz Versus the Evil Librarians", "Texas"]).find(text)
    assert [e.name for e in find_entities(parsed, "work")] == ["The book Alcatraz Versus the Evil Librarians"]
    works = {e.name: e for e in merge(parsed, find_entities(parsed, "work"), keys, "work")}
    assert set(works) == {"Alcatraz Versus the Evil Librarians", "Texas"}
    assert works["Alcatraz Versus the Evil Librarians"].known and works["Alcatraz Versus the Evil Librarians"].main
    organizations = {e.name: e for e in merge(parsed, find_entities(parsed, "organization"), keys, "organization")}
    assert "Texas Rangers" in organizations and not organizations["Texas Rangers"].known


def _big_table(engine, n: int, gaps: list[str]) -> None:  # noqa: ANN001
    """`n` complete rows inserted before the rows with gaps, so the gap rows come after the first
    MAX_KEYS keys in any scan order the old loader used."""
    with engine.begin() as conn:
        key = "SERIAL" if engine.dialect.name == "postgresql" else "INTEGER"
        conn.execute(text(f"CREATE TABLE person (id {key} PRIMARY KEY, name TEXT UNIQUE, born TEXT)"))
        conn.execute(text("INSERT INTO person (name, born) VALUES (:n, '1900')"),
                     [{"n": f"Aaron Filler{i:06d}"} for i in range(n)])
        conn.execute(text("INSERT INTO person (name, born) VALUES (:n, NULL)"),
                     [{"n": f"Aaron Gapper{i:06d}"} for i in range(MAX_KEYS + 10)] + [{"n": g} for g in gaps])


def test_issue14_a_gap_row_beyond_the_first_50000_keys_is_found(tmp_path) -> None:  # noqa: ANN001
    engine = create_engine(f"sqlite:///{tmp_path / 'big.sqlite'}")
    _big_table(engine, 1000, ["Zoltan Kodaly-Varga", "The Quiet Lighthouse Keeper"])
    plan = _filling(make_plan("person", "person", "name", ["born"]))
    gaz = for_table(engine, plan.tables[0], person=True)
    assert isinstance(gaz, IndexedGazetteer)  # more than MAX_KEYS rows with gaps: nothing loaded
    text_ = ("Composer Zoltan Kodaly - Varga wrote the Quiet Lighthouse Keeper in 1931; "
             "Aaron Filler000007 has no gap, Aaron Gapper050005 has one.")
    found = gaz.find(text_)
    assert set(found) == {"Zoltan Kodaly-Varga", "The Quiet Lighthouse Keeper", "Aaron Gapper050005"}
    assert [m.text for m in found["Zoltan Kodaly-Varga"]] == ["Zoltan Kodaly - Varga"]
    with engine.connect() as conn:  # the lookup is an index probe, not a scan of the table
        plan_rows = conn.exec_driver_sql(
            "EXPLAIN QUERY PLAN SELECT name FROM person WHERE lower(replace(name, ' ', '')) IN (lower(replace(?, ' ', '')))",
            ("x",)).all()
    assert any("USING INDEX text2db_ix_sq_" in str(r[-1]) for r in plan_rows), plan_rows


def test_issue14_the_indexed_gazetteer_probes_postgresql_without_scanning_the_table(pg_url: str) -> None:
    # The index text2db creates has no statistics until the table is analyzed: the planner then
    # took a document's ~100 phrases for most of the table and read all of it, per document.
    engine = create_engine(pg_url)
    _big_table(engine, 1000, ["Zoltan Kodaly-Varga"])
    gaz = for_table(engine, _filling(make_plan("person", "person", "name", ["born"])).tables[0], person=True)
    assert isinstance(gaz, IndexedGazetteer)
    engine.dispose()  # a backend flushes its statistics when it ends
    before = seq_reads(pg_url)
    found = gaz.find("In 1931 the composer Zoltan Kodaly - Varga moved to Budapest, where Aaron Gapper050005 taught.")
    engine.dispose()
    assert set(found) == {"Zoltan Kodaly-Varga", "Aaron Gapper050005"}
    assert seq_reads(pg_url) - before == 0


def test_issue14_a_small_table_keeps_its_loaded_gazetteer(tmp_path) -> None:  # noqa: ANN001
    engine = _engine(tmp_path, [("Hole in Your Soul", None), ("Gardenia", 1979)])
    plan = _filling(make_plan("work", "work", "title", ["released"]))
    gaz = for_table(engine, plan.tables[0])
    assert isinstance(gaz, Gazetteer) and set(gaz.find(ABBA)) == {"Hole in Your Soul"}


def test_a_name_with_the_tables_own_word_is_the_known_row() -> None:
    """"The River Wye" names the row "Wye" of a `river` table; "Wye Valley" stays another name."""
    text = "The River Wye rises on Plynlimon. The Wye Valley is a protected landscape."
    parsed = parse(text)
    keys = Gazetteer(["Wye"]).find(text)
    rows = {e.name: e for e in merge(parsed, find_entities(parsed, "other") or _names(parsed), keys, "other",
                                     frozenset({"river"}))}
    assert rows["Wye"].known and rows["Wye"].main
    assert "The River Wye" not in rows and not rows["The Wye Valley"].known


def _names(parsed):  # noqa: ANN001, ANN202
    from text2db.extractors.entities import Entity, Mention
    from text2db.extractors.subject import name_runs

    return [Entity(parsed.text[s:e], "other", [Mention(s, e, parsed.text[s:e])], main=i == 0, segment=0)
            for i, (s, e, _subj, _n) in enumerate(name_runs(parsed, 0))]


def test_a_name_after_its_countrys_adjective_is_the_known_row() -> None:
    """"Australian Greg Norman" (the finder's person) names the row "Greg Norman"; a place's name
    in front ("Texas Rangers") is still another name."""
    text = "Australian Greg Norman, a two-time Open champion, was born in Mount Isa. The Texas Rangers play in Arlington."
    parsed = parse(text)
    assert "Australian Greg Norman" in [e.name for e in find_entities(parsed, "person")]
    keys = Gazetteer(["Greg Norman", "Texas"]).find(text)
    people = {e.name: e for e in merge(parsed, find_entities(parsed, "person"), keys, "person")}
    assert people["Greg Norman"].known and people["Greg Norman"].main
    assert "Australian Greg Norman" not in people
    organizations = {e.name: e for e in merge(parsed, find_entities(parsed, "organization"), keys, "organization")}
    assert "Texas Rangers" in organizations and not organizations["Texas Rangers"].known


def test_a_numbered_key_is_found_with_its_number_first_or_after_the_series_first_word() -> None:
    """Keys that number a series ("Regatta of Lucerne 1998") are written "the 1998 Regatta of
    Lucerne" or "Regatta 2003" too; a number the keys do not hold finds nothing, and a one-off
    key with a number is no series."""
    keys = ["Regatta of Lucerne 1998", "Regatta of Lucerne 2003", "Regatta of Lucerne 2011", "Route 66"]
    gazetteer = Gazetteer(keys)
    found = gazetteer.find("At the 1998 Regatta of Lucerne the Danish crew won; Regatta 2003 went to Italy, "
                           "and Regatta 2007 was cancelled. Route 12 and 66 Route are roads.")
    assert {k: [m.text for m in ms] for k, ms in found.items()} == {
        "Regatta of Lucerne 1998": ["1998 Regatta of Lucerne"], "Regatta of Lucerne 2003": ["Regatta 2003"]}


def test_a_key_is_found_with_or_without_its_accents() -> None:
    """"Miguel Indurain" names the row "Miguel Induráin", and the mention is the text's own."""
    found = Gazetteer(["Miguel Induráin", "Zoë Ball"]).find("Villava is the birthplace of Miguel Indurain; Zoë Ball")
    assert {k: [m.text for m in ms] for k, ms in found.items()} == {"Miguel Induráin": ["Miguel Indurain"],
                                                                   "Zoë Ball": ["Zoë Ball"]}
    numbered = Gazetteer(["Fête de Lyon 2001", "Fête de Lyon 2005"]).find("At the 2005 Fete de Lyon and at Fete 2001")
    assert {k: [m.text for m in ms] for k, ms in numbered.items()} == {"Fête de Lyon 2005": ["2005 Fete de Lyon"],
                                                                      "Fête de Lyon 2001": ["Fete 2001"]}
