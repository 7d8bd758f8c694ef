"""How a column's values are written, when the plan leaves it open: a column planned as plain
text takes the format its SQL type and existing rows show (ISO dates, years), a full date
in a table whose dates are ISO is written ISO, and a value equal to an existing one up to
case, spacing and grammatical number ("Tomatoes" where rows say "Tomato") is written as the
existing one; a new value of a column of common nouns in sentence case and the singular is written
that way ("sweet potatoes" -> "Sweet potato"); a country is written as the column names it
("Republic of Ireland"); initials, a leading "the" and number templates follow the table's own
writing (textstyle.py). Benchmarks and users compare exact strings.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.engine import Connection

from text2db.integrators import textstyle
from text2db.integrators.countries import country_name
from text2db.integrators.link import link_form
from text2db.integrators.normalize import full_day_date, normalize
from text2db.integrators.plancache import PlanCache
from text2db.integrators.upsert import TargetTable, python_type
from text2db.schemas.events import Scalar
from text2db.schemas.plan import ColumnPlan, ValueFormat

ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
YEAR = re.compile(r"\d{4}")
PLURAL_ENDINGS = (("ies", "y"), ("oes", "o"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("ses", "s"), ("s", ""))


def number_fold(form: str) -> str:
    """`form` (a link form) with each word's plural ending taken off, so that a text's plural
    ("sweet potatoes") meets a column's singular ("Sweet potato") and the reverse. Words under
    four letters and words in -ss/-us/-is keep their ending (gas, glass, virus, basis)."""
    def singular(word: str) -> str:
        if len(word) < 4 or word.endswith(("ss", "us", "is")):
            return word
        for ending, replacement in PLURAL_ENDINGS:
            if word.endswith(ending):
                return word[: -len(ending)] + replacement
        return word
    return re.sub(r"[^\W\d_]+", lambda m: singular(m.group()), form)


def common_noun_style(values: list[str]) -> bool:
    """The column holds common nouns in sentence case and the singular ('Sweet potato', 'Peanut
    sauce', 'Bread'): at least five values, all starting with a capital letter, some of several
    words and none with a later word capitalized (that is a names column: 'United States'), and
    no value whose last word reads as a plural (a column that writes plurals keeps them)."""
    words = [v.split() for v in values if v.strip()]
    if len(words) < 5 or not all(w[0][:1].isupper() for w in words):
        return False
    several = [w for w in words if len(w) > 1]
    if not several or any(x[:1].isupper() for w in several for x in w[1:]):
        return False
    return all(number_fold(w[-1].lower()) == w[-1].lower() for w in words)


def as_common_noun(value: str) -> str:
    """`value` written as a common-noun column writes its values: 'sweet potatoes' -> 'Sweet potato'."""
    words = value.split()
    if not words or any(not re.fullmatch(r"[^\W\d_][\w'-]*", w) for w in words):
        return value  # digits or punctuation: not a plain noun phrase, left as written
    words[-1] = number_fold(words[-1]) if words[-1].islower() or len(words) == 1 else words[-1]
    return " ".join([words[0][:1].upper() + words[0][1:]] + words[1:])


SAMPLE_ROWS = 20000  # existing values read per column: a bounded read, whatever the table's size
SCAN_ROWS = 10 * SAMPLE_ROWS  # rows a sample looks at for them on PostgreSQL (a mostly empty column)


class ColumnConventions:
    """What existing rows show about each column, read once per plan version: `cache` is the
    integrator's PlanCache (a fresh one, as for a lone batch, reads once per batch)."""

    def __init__(self, conn: Connection, target: Callable[[str], TargetTable], cache: PlanCache | None = None) -> None:
        self.conn = conn
        self.target = target
        cache = cache or PlanCache()
        self._column_values: dict[tuple[str, str], dict[str, str]] = cache.column_values
        self._column_folds: dict[tuple[str, str], dict[str, str | None]] = cache.column_folds
        self._noun_styles: dict[tuple[str, str], bool] = cache.noun_styles
        self._formats: dict[tuple[str, str], ValueFormat] = cache.formats
        self._iso_tables: dict[str, bool] = cache.iso_tables
        self._bare_initials: dict[str, bool] = cache.bare_initials
        self._templates: dict[tuple[str, str], dict[int, str]] = cache.number_templates
        self._country_names: dict[tuple[str, str], dict[str, str | None]] = cache.country_names
        self._repeats_key: dict[tuple[str, str], bool] = cache.repeats_key

    def existing_values(self, table: str, column: str) -> dict[str, str]:
        """Existing values of a column by their link form, from the first SAMPLE_ROWS non-null
        rows (not a DISTINCT over the table, which reads all of it). On PostgreSQL only among the
        first SCAN_ROWS rows: a column with few or no values would otherwise be read whole looking
        for them (50 ms of a plan's 0.4 s on a 1M-row table with an empty column)."""
        slot = (table, column)
        if slot not in self._column_values:
            col = self.target(table).col(column)
            if self.conn.dialect.name == "postgresql":
                col = select(col).limit(SCAN_ROWS).subquery().c[col.name]
            rows = self.conn.execute(select(col).where(col.is_not(None)).limit(SAMPLE_ROWS))
            self._column_values[slot] = {link_form(str(v)): str(v) for (v,) in rows}
        return self._column_values[slot]

    def canonical_text(self, table: str, column: str, value: str) -> str:
        """An existing value of the column written the same way up to case, spacing and number,
        else `value`. A number-folded form that two existing values share snaps to neither."""
        existing = self.existing_values(table, column)
        value = self.house_style(table, column, value)
        form = link_form(value)
        if form in existing:
            return existing[form]
        slot = (table, column)
        if slot not in self._column_folds:
            folds: dict[str, str | None] = {}
            for other_form, other in existing.items():
                key = number_fold(other_form)
                folds[key] = other if folds.get(key, other) == other else None
            self._column_folds[slot] = folds
        snapped = self._column_folds[slot].get(number_fold(form))
        if snapped:
            return snapped
        if slot not in self._noun_styles:
            self._noun_styles[slot] = common_noun_style(list(existing.values()))
        return as_common_noun(value) if self._noun_styles[slot] else value

    def house_style(self, table: str, column: str, value: str) -> str:
        """`value` with the table's way of writing initials, a leading "the", a first capital and
        the column's number template (textstyle.py); for keys and parent mentions as well as text
        cells."""
        values = self.existing_values(table, column).values()
        value = textstyle.capitalized_first(textstyle.drop_leading_the(value, values), values)
        if table not in self._bare_initials:
            target = self.target(table)
            self._bare_initials[table] = textstyle.writes_bare_initials(
                v for c in target.table.columns if python_type(c) is str
                for v in self.existing_values(table, c.name).values())
        if not self._bare_initials[table]:
            value = textstyle.dot_initials(value)
        if (table, column) not in self._templates:
            self._templates[(table, column)] = textstyle.number_template(values)
        return textstyle.in_template(value, self._templates[(table, column)])

    def effective_format(self, table: str, colplan: ColumnPlan) -> ValueFormat:
        """The plan's format, or for a column planned as plain text, the format its type and
        existing values show (ISO dates, years): written values must match existing rows."""
        slot = (table, colplan.name)
        if slot not in self._formats:
            self._formats[slot] = self._infer_format(table, colplan)
        return self._formats[slot]

    def _infer_format(self, table: str, colplan: ColumnPlan) -> ValueFormat:
        fmt = colplan.format
        if fmt.kind != "text" or colplan.labels:
            return fmt
        if colplan.value_type in ("integer", "year", "number", "date"):
            return fmt.model_copy(update={"kind": colplan.value_type})
        values = list(self.existing_values(table, colplan.name).values())
        kind = python_type(self.target(table).col(colplan.name))
        if values and all(YEAR.fullmatch(v) for v in values):
            return fmt.model_copy(update={"kind": "year"})
        if kind is str and values and all(ISO_DATE.fullmatch(v) for v in values):
            return fmt.model_copy(update={"kind": "date", "pattern": "%Y-%m-%d"})
        if kind in (int, float):
            return fmt.model_copy(update={"kind": "integer" if kind is int else "number"})
        return fmt

    def normalized(self, table: str, colplan: ColumnPlan, raw: Scalar) -> Scalar:
        fmt = self.effective_format(table, colplan)
        value = normalize(raw, fmt, colplan.labels, colplan.labels_open)
        if fmt.kind == "text" and not colplan.labels and isinstance(value, str) and self.table_writes_iso_dates(table):
            full_date = full_day_date(value)  # a new date column of a table whose dates are ISO
            value = full_date.isoformat() if full_date else value
        if fmt.kind == "country" and isinstance(value, str):
            value = self.country_as_written(table, colplan.name, value)
        if fmt.kind in ("text", "country") and isinstance(value, str) and not colplan.labels:
            value = self.canonical_text(table, colplan.name, value)
        return value

    def repeats_key(self, table: str, column: str, key: str) -> bool:
        """Some existing row's `column` holds the row's own key ("Singapore" in Singapore's country);
        where none of at least three does, a new value that only repeats its row's key is a misread
        ("1. FC Köln" as the full name of 1. FC Köln: a table's other columns rarely restate its
        key, and three rows that do not are evidence enough). Read once per plan version, bounded."""
        slot = (table, column)
        if slot not in self._repeats_key:
            target = self.target(table)
            col, key_col = target.col(column), target.col(key)
            pairs = self.conn.execute(select(key_col, col).where(col.is_not(None)).limit(SAMPLE_ROWS)).all()
            self._repeats_key[slot] = len(pairs) < 3 or any(link_form(str(k)) == link_form(str(v)) for k, v in pairs)
        return self._repeats_key[slot]

    def country_as_written(self, table: str, column: str, country: str) -> str:
        """The column's own name for `country` ("Republic of Ireland" where normalizing says
        "Ireland"), when exactly one existing value names that country; else `country`."""
        slot = (table, column)
        if slot not in self._country_names:
            names: dict[str, str | None] = {}
            for value in self.existing_values(table, column).values():
                common = country_name(value)
                if common is not None:
                    names[common] = value if names.get(common, value) == value else None
            self._country_names[slot] = names
        return self._country_names[slot].get(country) or country

    def table_writes_iso_dates(self, table: str) -> bool:
        """Some text column of the table holds ISO dates only: its convention for dates."""
        if table not in self._iso_tables:
            target = self.target(table)
            self._iso_tables[table] = any(
                python_type(c) is str and (values := list(self.existing_values(table, c.name).values()))
                and all(ISO_DATE.fullmatch(v) for v in values)
                for c in target.table.columns if c.name not in target.key)
        return self._iso_tables[table]
