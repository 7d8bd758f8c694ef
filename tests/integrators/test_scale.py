"""Issue 14: linking and every per-batch step use the database's indexes, so a batch costs the
same on a large table: text2db's link indexes exist after the first batch, a normalized or
misspelt name links through them, a later batch reads no table in full (PostgreSQL's
seq_tup_read does not move), and a replayed batch changes nothing. Without consent to create
the indexes a batch reads a large table once, not once per probe; a table emptied and refilled
under a running integrator is still probed through its indexes."""

from __future__ import annotations

import hashlib

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine

from tests.integrators.conftest import EventFactory, person_plan
from tests.pgstats import index_entries_read, seq_reads
from text2db.config import Settings
from text2db.integrators.batch import BatchCandidates
from text2db.integrators.keyindex import BLOCK_ROWS, SMALL_TABLE_BYTES, KeyIndex, ensure_indexes, existing_indexes, index_name
from text2db.integrators.pipeline import Integrator, build_integrator
from text2db.integrators.upsert import reflect

FILLER = 30_000
SYLLABLES = ["ka", "lo", "ven", "tar", "mi", "sor", "del", "quin", "bra", "tu", "rho", "zel", "ost", "pim", "gar",
             "nel", "vu", "ash", "dre", "yol"]


def filler_name(i: int) -> str:
    """A distinct made-up name per i, so few rows share trigrams with any one name."""
    a, b, c, d = i % 20, i // 20 % 20, i // 400 % 20, i // 8000 % 20
    return f"{SYLLABLES[a].title()}{SYLLABLES[b]} {SYLLABLES[c].title()}{SYLLABLES[d]}{SYLLABLES[(a + c) % 20]}"


def random_name(i: int) -> str:
    """A made-up two-word name per i, its syllables from a hash of i: few are near misses of
    another, so nearly each is a new person to the linker."""
    digest = hashlib.sha1(str(i).encode()).digest()
    words = [("".join(SYLLABLES[b % 20] for b in digest[w * 3:w * 3 + 3])).title() for w in (0, 1)]
    return " ".join(words)


def _fill(engine: Engine) -> None:
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO person (name, birth, citizenship) VALUES (:n, '1950-01-01', 'France')"),
                     [{"n": filler_name(i)} for i in range(FILLER)])
        if engine.dialect.name == "postgresql":
            conn.execute(text("ANALYZE person"))


def test_issue14_links_through_the_indexes_it_creates(person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    _fill(person_db)
    integrator = build_integrator(person_db, person_plan("data_infilling"), settings, checks=True)
    events = [make_event("people", "person", {"name": "marie faure - favier"}, {"birth": "5 August 1897"}, document_id="d1"),
              make_event("people", "person", {"name": "Taio  Cruz"}, {"birth": "23 April 1983"}, document_id="d2")]
    first = integrator.apply(events)
    assert first.table("person").cells_filled == 2
    with person_db.connect() as conn:
        indexes = existing_indexes(conn, "person")
    assert index_name("person", "name", "sq") in indexes
    assert (index_name("person", "name", "rv") in indexes) == (person_db.dialect.name == "postgresql")
    typo = integrator.apply([make_event("people", "person", {"name": "Matthew Scott Porterr"}, {"birth_place": "Reading"},
                                        document_id="d3")])
    assert typo.table("person").cells_filled == 1 and typo.table("person").rows_inserted == 0
    replay = integrator.apply(events)
    assert not replay.changed_anything and replay.review_items == 0
    with person_db.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM person")).scalar() == FILLER + 3


def _large_person_table(pg_url: str) -> Engine:
    """`person` with two named people among FILLER others: past the small-table size, so
    linking goes through the indexes."""
    engine = create_engine(pg_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE person (id SERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth TEXT, "
                          "birth_place TEXT, citizenship TEXT, founded INTEGER)"))
        conn.execute(text("INSERT INTO person (name) VALUES ('Marie Faure-Favier'), ('Taio Cruz')"))
    _fill(engine)
    return engine


def test_issue14_a_warm_batch_reads_no_table_in_full(pg_url: str, make_event: EventFactory, settings: Settings) -> None:
    engine = _large_person_table(pg_url)
    with engine.connect() as conn:  # large enough to link through the indexes, not from memory
        assert conn.execute(text("SELECT pg_table_size('person')")).scalar() > SMALL_TABLE_BYTES
    integrator = build_integrator(engine, person_plan(), settings, checks=True)
    assert _full_reads_of_a_warm_batch(pg_url, engine, integrator, make_event) == 0


def _full_reads_of_a_warm_batch(pg_url: str, engine: Engine, integrator: Integrator, make_event: EventFactory) -> int:
    """Rows full-table scans read while `integrator` links three names into _large_person_table:
    an exact one, a typo and a new person (checked to link so). The batch before it reads what
    the plan version needs once (conventions of each column it writes)."""
    integrator.apply([make_event("people", "person", {"name": "Warm Up"},
                                 {"citizenship": "French", "birth": "1 May 1950", "birth_place": "Nice"}, document_id="w")])
    engine.dispose()  # a backend flushes its statistics when it ends
    before = seq_reads(pg_url)
    report = integrator.apply([
        make_event("people", "person", {"name": "Marie Faure - Favier"}, {"birth": "5 August 1897"}, document_id="d1"),
        make_event("people", "person", {"name": filler_name(4242)[:-1]}, {"birth_place": "Lyon"}, document_id="d2"),
        make_event("people", "person", {"name": "Completely New Person"}, {"citizenship": "German"}, document_id="d3"),
    ])
    engine.dispose()
    assert report.table("person").cells_filled == 2 and report.table("person").rows_inserted == 1  # the typo links
    return seq_reads(pg_url) - before


def test_issue14_without_consent_no_index_is_created(db_url: str, make_event: EventFactory) -> None:
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth TEXT, "
                          "birth_place TEXT, citizenship TEXT, founded INTEGER)"))
        conn.execute(text("INSERT INTO person (id, name) VALUES (1, 'Taio Cruz')"))
    settings = Settings(review_threshold=0.5, link_indexes=False)
    report = build_integrator(engine, person_plan("data_infilling"), settings, checks=False).apply(
        [make_event("people", "person", {"name": "taio cruz"}, {"birth": "23 April 1983"})])
    assert report.table("person").cells_filled == 1  # linked from the whole column, as before
    with engine.connect() as conn:
        assert not {i for i in existing_indexes(conn, "person") if i.startswith("text2db_ix_")}
    engine.dispose()


def test_issue14_without_consent_a_large_table_is_read_once_per_batch_with_the_rows_its_indexes_give(
        pg_url: str, make_event: EventFactory, settings: Settings) -> None:
    # Without text2db's indexes each LATERAL probe of a batch scanned the whole table: 300 scans
    # for 100 new names, 46 s a batch on 100,000 rows. One pass over the keys answers them all.
    engine = _large_person_table(pg_url)
    integrator = build_integrator(engine, person_plan(), settings.model_copy(update={"link_indexes": False}), checks=False)
    reads = _full_reads_of_a_warm_batch(pg_url, engine, integrator, make_event)
    assert reads <= 2 * (FILLER + 3)  # the batch's probes in one pass (the old code: 24 passes)
    # the probes return what text2db's indexes return, row for row and in the same order
    mentions = ["Marie Faure - Favier", "taio cruz", filler_name(4242)[:-1], filler_name(77).upper(), "Kalo Venta",
                "Cruz, Taio", "Completely New Person", "Ab"]
    with engine.begin() as conn:
        target = reflect(conn, "person", ["name"])
        scanned = KeyIndex(conn, target, ["name"], target.identity, "scanned").candidates_of_batch(mentions)
        ensure_indexes(conn, [(target, "name")], create=True)
        indexed = KeyIndex(conn, target, ["name"], target.identity, "blocked").candidates_of_batch(mentions)
    assert scanned == indexed
    assert sum(len(rows) for rows in scanned.values()) > BLOCK_ROWS  # blocks cut at BLOCK_ROWS rows, in both
    engine.dispose()


@pytest.mark.parametrize("word", ["Germany", "german", "Republic of Korea", "Springfield"])
def test_issue14_country_lookups_need_no_fuzzy_search(word: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import pycountry

    from text2db.integrators import countries

    countries._lookup_one.cache_clear()
    monkeypatch.setattr(pycountry.countries, "search_fuzzy", lambda *_: pytest.fail("fuzzy search on the hot path"))
    expected = {"Germany": "Germany", "german": "Germany", "Republic of Korea": "South Korea", "Springfield": None}
    assert countries.country_name(word) == expected[word]


def _link_statements(engine: Engine) -> list[str]:
    """The link probes `engine` runs from now on (statements over the squashed key)."""
    seen: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda conn, cursor, statement, *rest: seen.append(statement)
                 if "lower(replace(" in statement and "CREATE INDEX" not in statement else None)
    return seen


def test_issue14_a_batch_probes_a_large_table_once_and_links_as_each_mention_alone(
        pg_url: str, make_event: EventFactory, settings: Settings) -> None:
    engine = _large_person_table(pg_url)
    integrator = build_integrator(engine, person_plan(), settings, checks=False)
    integrator.apply([make_event("people", "person", {"name": "Warm Up"}, {"birth": "1 May 1950"}, document_id="w")])
    mentions = ["Marie Faure - Favier", filler_name(4242)[:-1], "Cruz, Taio", filler_name(77).upper(), "Brand New Person",
                "brand new person", "Brand New Persn"]
    batch_mentions = [m for m in mentions if m != "Cruz, Taio"]  # a reordered name goes to the encoder: not here
    # each mention alone, as KeyIndex links it: the reference the one-statement path must reproduce
    with engine.connect() as conn:
        target = reflect(conn, "person", ["name"])
        alone = KeyIndex(conn, target, ["name"], target.identity, "blocked")
        batch = BatchCandidates(KeyIndex(conn, target, ["name"], target.identity, "blocked"))
        batch.prefetch(mentions)
        for mention in mentions[:5]:
            expected, got = alone.link(mention, use_embeddings=False), batch.link(mention, use_embeddings=False)
            assert (got.method, got.row_id, got.matched) == (expected.method, expected.row_id, expected.matched), mention
    probes = _link_statements(engine)
    report = integrator.apply([make_event("people", "person", {"name": m}, {"birth_place": "Lyon"}, document_id=f"d{i}")
                               for i, m in enumerate(batch_mentions)])
    assert len(probes) == 1  # one statement for the batch's six mentions, not one each
    changes = report.table("person")
    # three existing rows filled; the new person inserted once: named again in other case and
    # misspelt, it links to the row this batch created, as the database would have shown it
    assert changes.cells_filled == 3 and changes.rows_inserted == 1 and report.review_items == 0
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM person WHERE lower(name) LIKE 'brand new pers%'")).scalar() == 1
    engine.dispose()


@pytest.mark.parametrize("one_statement", [True, False])
def test_issue14_a_block_probe_stops_after_its_rows_however_many_share_the_block(pg_url: str, one_statement: bool) -> None:
    # 5,000 of 50,000 names share the mention's prefix block: the probe must read BLOCK_ROWS index
    # entries, not the block (a plain ORDER BY, by collation, cannot use the index's order). On a
    # table this large the planner scans the index in order for the batch's LATERAL probes too.
    engine = create_engine(pg_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE person (id SERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE)"))
        conn.execute(text("INSERT INTO person (name) SELECT 'Prefixname Common ' || lpad(CAST(i AS text), 5, '0') "
                          "FROM generate_series(1, 5000) AS i"))
        conn.execute(text("INSERT INTO person (name) SELECT md5(CAST(i AS text)) FROM generate_series(1, 45000) AS i"))
        target = reflect(conn, "person", ["name"])
        ensure_indexes(conn, [(target, "name")], create=True)
    engine.dispose()
    before = index_entries_read(pg_url, index_name("person", "name", "sq"))
    engine = create_engine(pg_url)
    with engine.connect() as conn:
        index = KeyIndex(conn, reflect(conn, "person", ["name"]), ["name"], ["id"], "blocked")
        mention = "Prefixname Common 02500x"
        found = index.candidates_of_batch([mention])[mention] if one_statement else index.candidates(mention)
    engine.dispose()
    read = index_entries_read(pg_url, index_name("person", "name", "sq")) - before
    assert len([v for v, _ in found if v.startswith("Prefixname Common")]) >= BLOCK_ROWS  # the block's rows came back
    assert read <= BLOCK_ROWS + 40  # those, and the exact probes' few entries: not the 5,000 of the block


def test_issue14_sampling_an_empty_column_reads_a_bounded_part_of_the_table(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from text2db.integrators import formats

    monkeypatch.setattr(formats, "SCAN_ROWS", 1000, raising=False)
    engine = create_engine(pg_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE person (id SERIAL PRIMARY KEY, name TEXT NOT NULL, nickname TEXT)"))
        conn.execute(text("INSERT INTO person (name, nickname) SELECT 'Person ' || i, CASE WHEN i = 7 THEN 'Nick' END "
                          "FROM generate_series(1, 20000) AS i"))
    engine.dispose()
    before = seq_reads(pg_url)
    engine = create_engine(pg_url)
    with engine.connect() as conn:
        target = reflect(conn, "person", ["name"])
        conventions = formats.ColumnConventions(conn, lambda _: target)
        assert list(conventions.existing_values("person", "nickname").values()) == ["Nick"]  # found among the first rows
    engine.dispose()
    assert seq_reads(pg_url) - before <= 1000 + 100  # not the 20,000 rows a search for more values would read


def test_issue14_a_table_the_feed_grows_past_small_is_no_longer_read_whole(
        db_url: str, make_event: EventFactory, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    # Whether a table is small is decided once per plan version; a table empty then and grown by
    # the feed must not be read whole by every later batch (at 3,000 rows/s, millions in a cache's life).
    from text2db.integrators import keyindex

    monkeypatch.setattr(keyindex, "SMALL_TABLE_BYTES", 2 * 8192)  # two PostgreSQL pages, 163 rows on SQLite
    grown = keyindex.small_table_rows() + 20
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth TEXT, "
                          "birth_place TEXT, citizenship TEXT, founded INTEGER)"))
    integrator = build_integrator(engine, person_plan(), settings, checks=False)
    first = integrator.apply([make_event("people", "person", {"name": filler_name(i * 401)}, {"birth_place": "Lyon"},
                                         document_id=f"d{i}") for i in range(grown)])  # empty when the plan version began
    assert first.table("person").rows_inserted >= keyindex.small_table_rows()
    with engine.connect() as conn:
        assert not keyindex.small_table(conn, reflect(conn, "person", ["name"]))  # no longer small by its size
    integrator.apply([make_event("people", "person", {"name": "Somebody Else Entirely"}, {"birth_place": "Lyon"},
                                 document_id="e")])  # reads the grown column whole, once more
    whole_reads: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda conn, cursor, statement, *rest: whole_reads.append(statement)
                 if " ".join(statement.split()).endswith("FROM person WHERE person.name IS NOT NULL") else None)
    report = integrator.apply([make_event("people", "person", {"name": filler_name(3 * 401).lower()}, {"birth": "1 May 1950"},
                                          document_id="f")])
    assert report.table("person").cells_filled == 1 and report.table("person").rows_inserted == 0  # still links
    assert whole_reads == []
    engine.dispose()


def test_issue14_a_batchs_own_rows_join_a_mention_as_its_probes_would_return_them() -> None:
    # ProbedRows answers from its lookups what testing every added key against the mention's
    # exact variants, prefix and suffix gives (the definition), in the order the keys were added
    from text2db.integrators.keyindex import KEY_SEP, ProbedRows, blocks, exact_variants

    added = [filler_name(i) for i in range(0, 4000, 37)] + ["The Brand New Person", "brand new person",
                                                             f"Anna Weber{KEY_SEP}1970", "Ab"]
    probed = ProbedRows()
    for value in added:
        probed.add(value)
    mentions = [filler_name(37 * 5), filler_name(37 * 9)[:-1], "x" + filler_name(37 * 11), "Brand New Persn",
                "the brand new person", f"Anna Webers{KEY_SEP}1970", "Ab", "Nobody At All"]

    def squashed(value: str) -> str:
        return value.split(KEY_SEP)[0].replace(" ", "").lower()

    for mention in mentions:
        first = mention.split(KEY_SEP)[0]
        exact = {squashed(v) for v in exact_variants(first)}
        block = blocks(first)
        expected = [v for v in added if squashed(v) in exact or (block is not None and (
            squashed(v).startswith(block[0].lower()) or squashed(v).endswith(block[1].lower())))]
        forms = (frozenset(exact), None if block is None else (block[0].lower(), block[1].lower()))
        assert probed.returned(forms) == expected, mention
    typo = blocks("Brand New Persn")
    assert typo is not None and "brand new person" in probed.returned((frozenset(), (typo[0].lower(), typo[1].lower())))


def test_issue14_a_table_reset_under_a_running_feed_is_still_probed_through_its_indexes(
        pg_url: str, make_event: EventFactory, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    # psycopg prepares a statement a connection runs five times, and PostgreSQL may then keep one
    # generic plan for it. After the table was emptied (dropped and made again, as an operator
    # resets a target) a batch's probe statement was planned anew for the empty table - a scan -
    # and kept scanning it in full, for every probe, as the feed grew it back: 20x slower per
    # batch within 2,000 rows on upsert_throughput.py, until an ANALYZE happened to replan it.
    from text2db.integrators import keyindex

    monkeypatch.setattr(keyindex, "SMALL_TABLE_BYTES", 2 * 8192)  # linked through the indexes from ~160 rows
    engine = create_engine(pg_url, pool_size=1, max_overflow=0)  # the one connection its statements are prepared on
    engine.connect().close()  # the dialect learns the server's version
    if (engine.dialect.server_version_info or (0,)) < (15,):
        pytest.skip("pg_stat_force_next_flush() is PostgreSQL 15's")

    def feed(batches: int, tag: str) -> None:
        with engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS person"))
            conn.execute(text("CREATE TABLE person (id SERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth TEXT, "
                              "birth_place TEXT, citizenship TEXT, founded INTEGER)"))
        integrator = build_integrator(engine, person_plan(), settings, checks=False)
        for b in range(batches):
            integrator.apply([make_event("people", "person", {"name": random_name(b * 100 + i)}, {"birth_place": "Lyon"},
                                         document_id=f"{tag}{b}-{i}") for i in range(100)])

    def seq_reads_so_far() -> int:
        with engine.begin() as conn:  # this backend reports its counters when the transaction ends
            conn.execute(text("SELECT pg_stat_force_next_flush()"))
        return seq_reads(pg_url)

    feed(12, "first")
    before = seq_reads_so_far()
    feed(12, "again")  # the same rows again, into the table made anew
    reads = seq_reads_so_far() - before
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM person")).scalar() > 1100  # grown back (a few near misses link)
    # 100 new names a batch, three probes each: a scan per probe read the table 300 times a batch
    # (1.7M rows in all); what is left are the whole-column reads while the table is small
    assert reads < 1200
    engine.dispose()


def test_issue14_a_title_before_a_name_is_probed_without_it(pg_url: str) -> None:
    """"Sir Edmund Hillary" finds the row "Edmund Hillary" through the squashed-key index, as
    the value memory links it: the titled name's own probes share no block with the row."""
    engine = create_engine(pg_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE explorer (id SERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE)"))
        conn.execute(text("INSERT INTO explorer (name) VALUES ('Edmund Hillary'), ('Robert Peary')"))
        target = reflect(conn, "explorer", ["name"])
        ensure_indexes(conn, [(target, "name")], create=True)
    with engine.connect() as conn:
        index = KeyIndex(conn, reflect(conn, "explorer", ["name"]), ["name"], ["id"], "blocked")
        link = index.link("Sir Edmund Hillary", use_embeddings=False)
    engine.dispose()
    assert (link.method, link.matched) == ("normalized", "Edmund Hillary")
