"""The deliveries ledger (issue 16): a copy opened and never marked delivered is handed back with
the floors of its first attempt; a delivered copy routed again is opened anew."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, select

from text2db.routing import ledger


def test_open_copies_come_back_until_delivered(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'ledger.sqlite'}")
    copies = [("d1", "films", "p.documents"), ("d1", "people", "p.documents"), ("d2", "-", "p.unrouted")]
    first = {"p.documents": {0: 10, 1: 4}, "p.unrouted": {0: 2}}
    assert ledger.open_deliveries(engine, copies, first) == {}  # a first attempt: nothing to look for
    # the attempt died; the batch comes again with later end offsets: the first floors come back
    again = ledger.open_deliveries(engine, copies, {"p.documents": {0: 12, 1: 5}, "p.unrouted": {0: 3}})
    assert again == {("d1", "films"): ("p.documents", {0: 10, 1: 4}), ("d1", "people"): ("p.documents", {0: 10, 1: 4}),
                     ("d2", "-"): ("p.unrouted", {0: 2})}
    ledger.mark_delivered(engine, [("d1", "films"), ("d1", "people"), ("d2", "-")])
    # routed again later (published again): nothing pending, opened with the new floors
    assert ledger.open_deliveries(engine, copies[:1], {"p.documents": {0: 20, 1: 9}}) == {}
    with engine.begin() as conn:
        rows = {(r.document_id, r.job): (r.delivered, r.floors) for r in conn.execute(select(ledger.deliveries_table))}
    assert rows[("d1", "films")] == (False, '{"0": 20, "1": 9}') and rows[("d1", "people")][0] is True
