"""Issue 13 item 4: the lag against the real broker with a known number of published documents.
Tansu reports the start of the last batch as the end offset (50 documents in one batch read as
1), so the lag read 0 with documents unread; it must count every unread document."""

from __future__ import annotations

from fakes import FAST, WordCountExtractor

from text2db.consumers.extractor import run_extractor
from text2db.consumers.lag import group_lag, lag_by_group, topic_counts
from text2db.consumers.loop import Limits
from text2db.consumers.publish import publish
from text2db.schemas.events import DocumentEvent


def test_lag_counts_every_unread_document(kafka_settings, kafka_names) -> None:
    for partitions, published, consumed in [(1, 50, 48), (3, 68, 60)]:
        settings = kafka_settings.model_copy(update={"topic_prefix": f"{kafka_names.prefix}p{partitions}",
                                                     "partitions": partitions})
        group = f"{settings.topic_prefix}-extract"
        publish(settings, [DocumentEvent(job="fake", document_id=f"d{i}", text=f"film {i}") for i in range(published)])
        assert lag_by_group(settings)[group] == published
        assert topic_counts(settings)[settings.topics["documents"]] == published
        extractor = WordCountExtractor()
        done = run_extractor(settings, group, lambda j, v: extractor, FAST, Limits(max_messages=consumed, idle_timeout_s=30))
        assert done == consumed
        lags = group_lag(settings, group, [settings.topics["documents"]])
        assert sum(p.lag for p in lags) == published - consumed
        assert topic_counts(settings)[settings.topics["extractions"]] == consumed
