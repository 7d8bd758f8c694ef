"""Apply extractions to the target database: normalize to each column's format, link to
existing rows, upsert idempotently under integrity checks, record lineage and review items."""
