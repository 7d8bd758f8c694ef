"""Reading a plain-language instruction: task type, target table, named columns, format asks.

Pure text functions over the instruction and the observed names; nothing here touches the
database, and nothing taken from the instruction is used as an identifier unless it matches a
reflected name or passes the new-column rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from text2db.planner.lexicon import ENTITY_WORDS, meaning_of, singular, strip_id, words
from text2db.schemas.observation import Observation, TableObservation
from text2db.schemas.plan import TaskType, ValueFormat, ValueType

COLUMN_ADDITION = re.compile(
    r"\b(add|create|introduce|append|include)\b[^.]{0,40}?\b(new\s+)?(column|field|attribute)\b", re.I)
NEW_COLUMN_NAME = re.compile(
    r"""(?:column|field|attribute)\s+(?:called\s+|named\s+)?["'`\u201c\u2018]([^"'`\u201d\u2019]{1,80})["'`\u201d\u2019]"""
    r"""|(?:column|field|attribute)\s+(?:called|named)\s+([A-Za-z_][\w ]{0,60}?)(?=\s+(?:to|in|on|for)\b|[,.:;]|$)""",
    re.I,
)
INFILLING = re.compile(
    r"\b(infill|in-fill|fill\s+in\s+the\s+(missing|empty|blank)|missing\s+values?|empty\s+cells?|blank\s+cells?"
    r"|fill\s+(the\s+)?(gaps|blanks|empty|missing|nulls?)|complete\s+the\s+(missing|empty)|are\s+missing|null\s+cells?"
    r"|(rows|records)\s+(that\s+)?(are\s+)?incomplete|missing|where\s+(it\s+is\s+|they\s+are\s+)?(empty|blank|null))\b",
    re.I)
ADD_ROWS = re.compile(  # "add every new film", "put the people into my table" - but not "add the missing dates"
    r"\b(add|insert|put|populate|load|append|register)\b(?![^,.;:]{0,60}\b(missing|empty|blank|gaps?)\b)"
    r"(?=[^,.;:]{0,60}\b(rows?|records?|entries|new|every|each|all|the|these|them|into|to)\b)", re.I)
ONLY_EXISTING = re.compile(
    r"\b(only\s+(the\s+)?existing|existing\s+rows\s+only|do\s+not\s+add\s+(new\s+)?rows|don'?t\s+add\s+(new\s+)?rows"
    r"|no\s+new\s+rows|without\s+adding\s+(new\s+)?rows|(that|which)\s+already\s+exist\s+only"
    r"|only\s+(for\s+)?(the\s+)?(rows|records|entries)\s+(that\s+)?already)\b", re.I)
ADDS_NEW_ROWS = re.compile(  # "and add any new films", "insert rows for..." - not "add a new column"
    r"\b(add|insert|create|include)\b[^.;]{0,40}?\bnew\s+(?!(column|field|attribute)s?\b)\w+"
    r"|\b(add|insert)\b[^.;]{0,30}?\b(rows?|records?|entries)\b", re.I)
LIST_CUES = re.compile(
    r"(?:fill(?:ing)?\s+in(?:\s+the\s+missing)?|include\s+whatever\s+of|including|with\s+(?:their|its)"
    r"|(?:values?|columns?|fields?)\s+(?:for|of)|such\s+as)\s+(?P<items>.+?)"
    r"(?=\s+(?:for\s+the|for\s+each|where\s|you\s+can|that\s+you|from\s+(?:the|these)|in\s+the\s+text)|[.;!?]|$)",
    re.I)
PAREN_LIST = re.compile(r"\(([^()]*,[^()]*)\)")


@dataclass(frozen=True)
class Mention:
    """A column the instruction names: where, and which column."""

    column: str
    start: int
    end: int


def task_type(instruction: str) -> TaskType:
    """Column addition when a new column is named; row population when rows are to be added
    (filling comes with it); data infilling when only gaps are to be filled."""
    if COLUMN_ADDITION.search(instruction) and NEW_COLUMN_NAME.search(instruction):
        return "column_addition"
    if INFILLING.search(instruction) and not ADD_ROWS.search(instruction):
        return "data_infilling"
    return "row_population"


def explicit_task_type(instruction: str) -> TaskType | None:
    """The task type when the instruction states it in words the rules know, else None."""
    if COLUMN_ADDITION.search(instruction) and NEW_COLUMN_NAME.search(instruction):
        return "column_addition"
    if ADD_ROWS.search(instruction):
        return "row_population"
    if INFILLING.search(instruction):
        return "data_infilling"
    return None


def only_existing_rows(instruction: str, operation: TaskType | None = None) -> bool:
    """Filling gaps and filling a new column work on the rows already there unless the
    instruction also asks for new rows; row population adds rows unless told not to."""
    if ONLY_EXISTING.search(instruction):
        return True
    if operation in ("data_infilling", "column_addition"):
        return not ADDS_NEW_ROWS.search(instruction)
    return False


def new_column_name(instruction: str) -> str | None:
    m = NEW_COLUMN_NAME.search(instruction)
    if not m:
        return None
    return (m.group(1) or m.group(2) or "").strip() or None


def _find(pattern: str, text: str, plural: bool = False) -> list[tuple[int, int]]:
    suffix = "(?:s|es)?" if plural else ""
    return [(m.start(), m.end()) for m in re.finditer(rf"(?<![\w-]){pattern}{suffix}(?![\w-])", text, re.I)]


def target_table(instruction: str, observation: Observation) -> TableObservation | None:
    """The table the instruction names ('the person table', "my `films` table"), else the one
    whose entity words it uses, else the only table."""
    tables = observation.tables
    scores: dict[str, float] = {t.name: 0.0 for t in tables}
    for t in tables:
        forms = {t.name, words(t.name)}
        for form in forms:
            quoted = re.escape(form)
            if re.search(rf"""["'`\u201c]?{quoted}["'`\u201d]?\s+(table|relation)\b""", instruction, re.I):
                scores[t.name] += 10
            elif re.search(rf"""\b(table|into|to)\s+["'`\u201c]{quoted}["'`\u201d]""", instruction, re.I):
                scores[t.name] += 10
            if _find(re.escape(form), instruction) or _find(re.escape(singular(form)) + "s?", instruction):
                scores[t.name] += 3
        for names, _labels in ENTITY_WORDS.values():
            if singular(words(t.name)) in names or words(t.name) in names:
                scores[t.name] += sum(1 for n in names if _find(re.escape(n), instruction))
    best = max(scores.values(), default=0)
    if best > 0:
        leaders = [t for t in tables if scores[t.name] == best]
        return leaders[-1]  # a tie between parent and child: the child is what rows are added to
    return tables[0] if len(tables) == 1 else None


def column_phrases(table: TableObservation, skip: set[str]) -> list[tuple[str, str]]:
    """(phrase, column) pairs for the table's columns, longest phrase first."""
    pairs: list[tuple[str, str]] = []
    for col in table.columns:
        if col.name in skip:
            continue
        forms = {col.name.lower(), words(col.name), strip_id(words(col.name))}
        meaning = meaning_of(col.name)
        if meaning is not None and strip_id(words(col.name)) in meaning.names:
            forms.update(p.lower() for p in meaning.all_phrases)
        elif meaning is not None:  # matched on one word of a longer name: only the precise question
            forms.add(meaning.question)
        pairs.extend((f, col.name) for f in forms if f)
    return sorted(set(pairs), key=lambda p: (-len(p[0]), p[1]))


def mentions(instruction: str, table: TableObservation, skip: set[str]) -> list[Mention]:
    """Columns named in the instruction; a longer phrase wins over one inside it."""
    taken: list[tuple[int, int]] = []
    found: list[Mention] = []
    for phrase, column in column_phrases(table, skip):
        for start, end in _find(re.escape(phrase).replace(r"\ ", r"[\s_-]+"), instruction, plural=True):
            if any(start < e and s < end for s, e in taken):
                continue
            taken.append((start, end))
            found.append(Mention(column, start, end))
    return sorted(found, key=lambda m: m.start)


def listed_items(instruction: str) -> list[tuple[str, int, int]]:
    """The comma lists an instruction uses to name attributes, as (item, start, end)."""
    spans = [m.span("items") for m in LIST_CUES.finditer(instruction)]
    spans += [m.span(1) for m in PAREN_LIST.finditer(instruction)]
    items: list[tuple[str, int, int]] = []
    for s, e in spans:
        pos = s
        for part in re.split(r",|\band\b", instruction[s:e]):
            start = pos + (len(part) - len(part.lstrip()))
            pos += len(part) + 1
            text = re.sub(r"^(the|their|its|any|missing)\s+", "", part.strip(), flags=re.I).strip()
            if text:
                items.append((text, start, start + len(part.strip())))
    return items


def format_request(instruction: str) -> tuple[ValueFormat | None, ValueType | None]:
    """A format the instruction asks for ('an ISO date YYYY-MM-DD', 'a four-digit year')."""
    text = instruction.lower()
    if re.search(r"iso\s*(8601\s*)?date|yyyy-mm-dd", text):
        return ValueFormat(kind="date", pattern="%Y-%m-%d"), "date"
    if re.search(r"four[- ]digit year|\byyyy\b|year \(integer\)|as a year\b", text):
        return ValueFormat(kind="year"), "year"
    if re.search(r"dd/mm/yyyy", text):
        return ValueFormat(kind="date", pattern="%d/%m/%Y"), "date"
    if re.search(r"mm/dd/yyyy", text):
        return ValueFormat(kind="date", pattern="%m/%d/%Y"), "date"
    if re.search(r"country'?s? (common )?(english )?name|common english name|name of the country", text):
        return ValueFormat(kind="country", style="common_name"), "text"
    if re.search(r"as written in the text|verbatim|exactly as (it )?appears", text):
        return ValueFormat(kind="text", casing="as_is"), "text"
    if re.search(r"\b(an? )?integer\b|whole number", text):
        return ValueFormat(kind="integer"), "integer"
    if re.search(r"\b(a )?(decimal )?number\b", text):
        return ValueFormat(kind="number"), "number"
    if re.search(r"\b(true|yes)\s*/\s*(false|no)\b|\bboolean\b", text):
        return ValueFormat(kind="boolean"), "boolean"
    return None, None


def new_column_question(instruction: str, column: str) -> str | None:
    """'... to the person table: the date of death, written as ...' -> 'date of death'."""
    m = re.search(r":\s*(?:the\s+)?([^,.;:]{3,80}?)(?:,|\s+written\b|\s+as\b|\.|$)", instruction)
    if m:
        return m.group(1).strip()
    meaning = meaning_of(column)
    return meaning.question if meaning else None
