"""Reading a plain-language instruction: task type, target table, named columns, format asks.

Pure text functions over the instruction and the observed names; nothing here touches the
database, and nothing taken from the instruction is used as an identifier unless it matches a
reflected name or passes the new-column rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from text2db.planner.lexicon import ENTITY_WORDS, meaning_of, singular, strip_id, words
from text2db.planner.synonyms import table_meant
from text2db.schemas.observation import Observation, TableObservation
from text2db.schemas.plan import TaskType, ValueFormat, ValueType

COLUMN_ADDITION = re.compile(
    r"\b(add|create|introduce|append|include)\b[^.]{0,40}?\b(new\s+)?(column|field|attribute)\b", re.I)
NEW_COLUMN_NAME = re.compile(  # the closing quote is the opening one: `x"; DROP ...` is one (refused) name
    r"""(?:column|field|attribute)\s+(?:called\s+|named\s+)?(?:(?P<q>["'`])(?P<quoted>(?:(?!(?P=q)).){1,80})(?P=q)"""
    r"""|\u201c(?P<curly>[^\u201d]{1,80})\u201d|\u2018(?P<single>[^\u2019]{1,80})\u2019)"""
    r"""|(?:column|field|attribute)\s+(?:called|named)\s+(?P<bare>[A-Za-z_][\w ]{0,60}?)(?=\s+(?:to|in|on|for)\b|[,.:;]|$)""",
    re.I,
)
INFILLING = re.compile(
    r"\b(infill|in-fill|backfill|fill\s+in\s+the\s+(missing|empty|blank|gaps|blanks)|missing\s+values?|empty\s+cells?"
    r"|blank\s+cells?|(empty|blank|missing)\s+(\w+\s+){0,3}?(fields?|entries|details|info(rmation)?|data|bits|cells?|values?)|fill\s+in\s+what"
    r"|(records?|rows?|entries)\s+(\w+\s+){0,2}(are|is)\s+(incomplete|missing)|complete\s+(them|these|those|it)\b"
    r"|fill\s+(the\s+)?(gaps|blanks|empty|missing|nulls?)|complete\s+the\s+(missing|empty)|are\s+missing|null\s+cells?"
    r"|(rows|records)\s+(that\s+)?(are\s+)?incomplete|missing|where\s+(it\s+is\s+|they\s+are\s+)?(empty|blank|null)"
    r"|lacks?|lacking|fill\s+(them|these|those|it)\s+in|complete\s+(the\s+|our\s+)?(\w+\s+)?(rows?|records?|entries|data|details)"
    r"|set\s+(the\s+)?[\w-]+\s+for"
    # cells said to be empty or not yet given: "bed counts are null", "the nulls", "isn't set on
    # some profiles", "hasn't been entered"
    r"|(is|are|be)\s+(null|empty|blank|unknown)|nulls|blanks|gaps|(has|have)\s+(some\s+|a\s+few\s+|many\s+)?holes"
    r"|(don'?t|do\s+not|doesn'?t|does\s+not)\s+have\s+(a|an|any|their|its)\s+\w+|(has|have)\s+no\s+(?!new\b)\w+"
    r"|(isn'?t|is\s+not|aren'?t|are\s+not|hasn'?t\s+been|haven'?t\s+been|has\s+not\s+been|have\s+not\s+been)"
    r"\s+(set|filled(\s+in)?|entered|recorded|captured|given|known|specified))\b",
    re.I)
_NOT_ROWS = r"(?!(column|col|field|attribute|value|detail|fact)s?\b|data\b|info)"  # "new values go into X" adds no rows
ADD_ROWS = re.compile(  # "add every new film", "put the people into my table" - but not "add the missing dates"
    r"\bget\s+(the\s+)?\w+(\s+\w+)?\s+(from\s+[^,.;]{0,40}\s+)?into\b|\bnew\s+\w+\s+(rows|records|entries)\b"
    r"|\b(add|insert|put|populate|load|append|register|log|enter)\b(?![^,.;:]{0,60}\b(missing|empty|blank|gaps?)\b)"
    r"(?=[^,.;:]{0,60}\b(rows?|records?|entries|new|every|each|all|the|these|them|into|to)\b)"
    r"|\bcreate\s+(\w+\s+){0,2}?(rows|records|entries)\b(?!\s+(when|if|where)\b)"  # not "create the X row when..."
    # "record" as a verb of its own (not "record label"): the imperative "Record the telescopes ..."
    r"|(?:^|[.;:!?]\s*|\bplease\s+|\b(?:you|to)\s+)record\s+(?=(the|these|every|each|all|any|them|new)\b)"
    # what is missing is the thing added, not a value of it: "put every race that's missing into the database"
    r"|\b(add|insert|put|load|enter)\s+(every|any|each|all(\s+the)?)\s+(\w+\s+){1,3}?(that|which|who)(\s+is|'s|\s+are)"
    r"\s+(still\s+)?(missing|absent|not\s+(yet\s+)?(there|in|listed))\b"
    # where the new rows go: "new strips go in comic_strip", "new titles belong in the book table",
    # and as a heading that opens a sentence: "New consoles for game_console."
    r"|\bnew\s+" + _NOT_ROWS + r"\w+(\s+\w+)?\s+((should|must|will|are\s+to)\s+)?"
    r"(go|goes|belong|belongs)"
    r"\s+(in|into|to|under)\b"
    r"|(?:^|[.;:!?]\s+)new\s+" + _NOT_ROWS + r"\w+(\s+\w+)?"
    r"\s+(for|in|into)\s", re.I)
NOT_ADDING = re.compile(r"\b(?:do\s+not|don'?t|never)\s+(?:add|insert|create|put|make|load|append)\b[^,.;:!?]*", re.I)
ONLY_EXISTING = re.compile(
    r"\b(only\s+(the\s+)?existing|existing\s+rows\s+only|do\s+not\s+add\s+(new\s+)?rows|don'?t\s+add\s+(new\s+)?rows"
    r"|no\s+new\s+rows|without\s+adding\s+(new\s+)?rows|(that|which)\s+already\s+exist\s+only"
    r"|only\s+(for\s+)?(the\s+)?(rows|records|entries)\s+(that\s+)?already"
    r"|(do\s+not|don'?t|never)\s+(add|create|insert|make)\s+(any\s+)?(new\s+)?(\w+\s+)?(ones|rows|records|entries|\w+s)\b"
    r"|(do\s+not|don'?t|never)\s+(add|create|insert|make)\s+(anyone|anybody|anything|any\s+others?)\b"
    r"|no\s+new\s+(\w+\s+)?(ones|rows|records|entries|\w+s)\s+(needed|required|wanted|please)"
    r"|(update|complete|fill\s+in|patch)\s+(the\s+|our\s+)?existing)\b", re.I)
ADDS_NEW_ROWS = re.compile(  # "and add any new films", "insert rows for..." - not "add a new column"
    r"\b(add|insert|create|include)\b[^.;]{0,40}?\bnew\s+(?!(column|col|field|attribute)s?\b)\w+"
    r"|\b(add|insert)\b[^.;]{0,30}?\b(rows?|records?|entries)\b", re.I)
# Wording about rows the table already has: "the people we already have", "every person in the
# table", "the existing records", "where born is empty". Without a cue of new rows it asks for
# filling; after a verb of adding, only when what is added is a column (adds_to_existing_rows).
EXISTING_ROWS = re.compile(
    r"\b((?<!not\s)(?<!n't\s)already\s+(have|hold|keep|list|listed|recorded|stored|there|exist|in|on)\b"
    r"|(existing|current)\s+(?!(with|in|on|for|from|to|as|and|or|by)\b)(\w+\s+){0,2}?(rows?|records?|entries|ones|\w+s)\b"
    r"|\b(that|this|those|these)\s+existing\s+\w+"
    r"|(each|every|all(\s+the)?)\s+(\w+\s+){0,2}(in|on)\s+(the|our|this|my)\s+(\w+\s+)?(table|list|database|db)\b"
    r"|where\s+(\w+\s+){0,3}(is|are)\s+(empty|blank|null|unknown|missing|not\s+(set|known|filled)))", re.I)
ADD_VERB = re.compile(r"\b(add|insert|put|enter|record|store|include)\s+(the\s+|their\s+|its\s+)?", re.I)
NEW_ROWS_CUE = re.compile(r"\bnew\b(?!\s+(column|col|field|attribute)s?\b)|\bnot\s+(already|yet)\b", re.I)
# Verbs that fill cells: with a column of the table named after them (rules.py checks) and no
# cue of new rows, "fill in the birth dates", "complete the born column", "update the people with
# their birth dates" fill the rows already there.
FILL_VERB = re.compile(r"\b(fill(ing)?(\s+(in|out))?|complete|supply|provide|look\s+up|find(\s+out)?|enrich|update)\b",
                       re.I)
LIST_CUES = re.compile(
    r"(?:fill(?:ing)?\s+in(?:\s+the\s+missing)?|include\s+whatever\s+of|including|with\s+(?:their|its)"
    r"|(?:values?|columns?|fields?)\s+(?:for|of)|such\s+as"
    r"|(?:is|are)\s+missing(?!\s+(?:for|on|in|from|at|with|by|of|where|when)\b)"  # "is missing X, Y and Z"
    # "rows lack a symbol, the quantity measured or ...", "a new row: type of venue, cuisine, prices",
    # "with date and place of birth, year of death": these open a list only where a comma, "and"
    # or "or" joins items before the sentence ends ("with creator_id referencing cartoonist" is none)
    # "the passages say where each is based, when it was founded and which hall it plays in"
    r"|(?:\blacks?|\blacking|:|\bwith(?:\s+(?:the|a|an))?|\b(?:say|says|tell|tells|state|states)(?:\s+(?:us|you|me))?)"
    r"(?=[^.;:!?]*?(?:,|\b(?:and|or)\b)))"
    r"\s+(?P<items>.+?)"
    r"(?=\s+(?:for\s+(?:the|each|every|all|a|an|some|these|those)\b|where\s|wherever\b|whenever\b|you\s+can|that\s+you"
    r"|from\s+(?:the|these)|in\s+the\s+text)"
    # "year of death when a bio gives them", "if known": a condition ends the list; not "..., when
    # it was founded" nor "and when it opened", which are items
    r"|(?<!,)(?<!\band)(?<!\bor)\s+(?:when|if)\s+(?:a|an|the|one|it|its|they|their|available|known|given|possible|stated"
    r"|mentioned|present)\b|[.;!?]|$)",
    re.I)
WHOLE_DATABASE = re.compile(r"\b(?:the|our|my|this|whole|entire)\s+(?:[\w-]+\s+)?(?:database|db)\b", re.I)  # "the music database"
COLUMN_HINT = re.compile(r"\b(columns?|fields?|attributes?|whether|track|also\s+(?:want|need|keep|record|store|capture))\b",
                         re.I)  # words by which an instruction with no stated task may still add a column
EXAMPLES = re.compile(r"\b(such\s+as|for\s+example|for\s+instance|e\.\s?g\.|among\s+others"
                      r"|(?:details|info|information|data|fields|things|attributes|columns|values|facts|bits|cells|gaps)"
                      r"\s+like)(?=\W)", re.I)  # "rows lack details like food, price range or rating"
# A listed item that opens as an example ("e.g. 'more than £30'") shows a value, not a column;
# whole words, so "egg count" and "likes" stay column phrases. EXAMPLES finds such lists in a sentence.
EXAMPLE_LEAD = re.compile(r"^(?:e\.g\.|i\.e\.|(?:eg|such as|like)\b)", re.IGNORECASE)
PAREN_LIST = re.compile(r"\(([^()]*(?:,|\s/\s)[^()]*)\)")  # "(language, creator)", "(language / creator)"
# A listed item that says how to write or where to put a value, not which values to take: "birth
# date as YYYY-MM-DD", "handedness goes in plays", "titles as a number"
FORMAT_HINT = re.compile(r"\b(?:as|in)\s+(?:an?\s+)?(?:number|integer|decimal|text|string|year|date|[DMY]{2,4}\b\S*|\w+\s+format)"
                         r"|\bgoes\s+(?:in|into|under)\b", re.I)


def only_format_hints(instruction: str) -> bool:
    """Every item of the instruction's lists (two or more) says how to write a value or where
    to put it: the list guides the columns it names and leaves the others planned."""
    items = listed_items(instruction)
    return len(items) >= 2 and all(FORMAT_HINT.search(item) for item, _, _ in items)


@dataclass(frozen=True)
class Mention:
    """A column the instruction names: where, and which column."""

    column: str
    start: int
    end: int


def stated_task(instruction: str) -> TaskType | None:
    """The task the wording states (rows to add, gaps to fill), or None when it says neither
    ('keep the book table up to date from these reports'): then the documents decide."""
    instruction = CREATE_PARENTS.sub(" ", instruction)  # the parents' rows: "... add any owner that is missing"
    instruction = NOT_ADDING.sub(" ", instruction)  # "complete them, and don't add anyone new"
    if ADD_ROWS.search(instruction):
        return "row_population"
    if INFILLING.search(instruction) or _speaks_of_existing_rows(instruction):
        return "data_infilling"
    return None


def _speaks_of_existing_rows(instruction: str) -> bool:
    return bool(EXISTING_ROWS.search(instruction)) and not NEW_ROWS_CUE.search(instruction)


def adds_to_existing_rows(instruction: str, table: TableObservation) -> bool:
    """'add birthplaces to the people we already have': a verb of adding rows whose object is a
    column of `table`, with wording about rows already there and none about new ones. ("Put every
    venue into restaurant ... as the rows already there" adds venues.)"""
    if not _speaks_of_existing_rows(instruction):
        return False
    named = mentions(instruction, table, set())
    return any(any(verb.end() <= m.start <= verb.end() + 12 for m in named) for verb in ADD_VERB.finditer(instruction))


def fills_named_columns(instruction: str, table: TableObservation) -> bool:
    """Whether a verb that fills cells has a column of `table` after it in its clause ("fill in
    the birth dates", "complete the born column"), and nothing in the wording asks for rows
    (stated_task says neither adding nor filling)."""
    if NEW_ROWS_CUE.search(instruction) or ADDS_NEW_ROWS.search(instruction):
        return False
    named = mentions(instruction, table, set())
    for verb in FILL_VERB.finditer(instruction):
        end = re.compile(r"[.;!?]").search(instruction, verb.end())
        clause_end = end.start() if end else len(instruction)
        if any(verb.end() <= m.start < clause_end for m in named):
            return True
    return False


# A verb that puts a value in whatever its object is: rows when the object is the table's
# entity ("populate the episodes"), cells when it is a column ("populate the owner"). Not "add" or
# "record", whose column object is as often an attribute of the rows added ("record their birth date").
PUT_VERB = re.compile(r"\b(populate|put\s+in|enter)\s+(?:in\s+)?(?:the\s+|their\s+|its\s+|any\s+)?",
                      re.I)


# Rows the database lacks: "any manufacturers we don't have yet", "owners who aren't in the system"
NOT_HELD_YET = re.compile(r"\b(?:don'?t|do\s+not|doesn'?t|does\s+not)\s+(?:have|hold|list|know\s+of)\b[^.;]{0,30}?\byet\b"
                          r"|\b(?:aren'?t|isn'?t|are\s+not|is\s+not|not)\s+(?:yet\s+)?(?:in|on)\s+(?:the|our|my|this)\s+\w+",
                          re.I)


def fills_columns_it_names(instruction: str, table: TableObservation) -> bool:
    """Whether wording a rule read as adding rows fills cells: a verb of putting has a column of
    `table` for its object ("populate the owner where the articles tell us"), and nothing asks
    for new rows or puts the table's own rows anywhere. (A column said to be empty nearby - "the
    operator is blank" - was tried as a cue too: it also fired on a held-out row population.)"""
    if NEW_ROWS_CUE.search(instruction) or ADDS_NEW_ROWS.search(instruction) or NOT_HELD_YET.search(instruction):
        return False
    own = _word_forms(words(table.name)) | {"row", "rows", "record", "records", "entries", "entry", "ones", "them"}
    for verb in ADD_ROWS.finditer(instruction):
        after = re.findall(r"[a-z]+", instruction[verb.end():verb.end() + 40].lower())[:4]
        if any(_number_forms(w) & own for w in after):
            return False  # "add the wines ...": the table's rows
    named = mentions(instruction, table, set())
    return any(any(m.start == verb.end() for m in named) for verb in PUT_VERB.finditer(instruction))


def task_type(instruction: str) -> TaskType:
    """Column addition when a new column is named; row population when rows are to be added
    (filling comes with it); data infilling when only gaps are to be filled."""
    if COLUMN_ADDITION.search(instruction) and NEW_COLUMN_NAME.search(instruction):
        return "column_addition"
    return stated_task(instruction) or "row_population"


def explicit_task_type(instruction: str) -> TaskType | None:
    """The task type when the instruction states it in words the rules know, else None."""
    if COLUMN_ADDITION.search(instruction) and NEW_COLUMN_NAME.search(instruction):
        return "column_addition"
    return stated_task(instruction)


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
    return (m.group("quoted") or m.group("curly") or m.group("single") or m.group("bare") or "").strip() or None


def _find(pattern: str, text: str, plural: bool = False) -> list[tuple[int, int]]:
    suffix = "(?:s|es)?" if plural else ""
    return [(m.start(), m.end()) for m in re.finditer(rf"(?<![\w-]){pattern}{suffix}(?![\w-])", text, re.I)]


TABLE_LIKE = r"[`\"']?[A-Za-z_]\w*[`\"']?"


def table_scores(instruction: str, observation: Observation) -> dict[str, float]:
    """How strongly the instruction names each table: 'the person table', "into `films`",
    'to dish', its name's words, or the words for what its rows are."""
    text = REFERENCES.sub(" ", instruction)  # "references country(id)" names the parent, not the target
    # "create the political_party row when it doesn't exist" names a parent too: its word counts, not as a table
    text = CREATE_PARENTS.sub(lambda m: re.sub(r"\b(rows?|records?|entries)\b", " ", m.group(0), flags=re.I), text)
    scores: dict[str, float] = {t.name: 0.0 for t in observation.tables}
    heads = head_words(observation)
    joined = re.sub(r"(?<=[a-z])-(?=[a-z])", "", text, flags=re.I)  # "check-in entry" names `checkins`
    for t in observation.tables:
        forms = {t.name, words(t.name)} | heads.get(t.name, set())
        scores[t.name] = max(_name_score(text, forms), _name_score(joined, forms) if joined != text else 0.0)
        for names, _labels in ENTITY_WORDS.values():
            if singular(words(t.name)) in names or words(t.name) in names:
                scores[t.name] += sum(1 for n in names if _find(re.escape(n), text))
    for m in TABLE_WORD.finditer(text):  # "into the employee table" for `emp`
        written = (m.group("a") or m.group("b") or "").strip()
        if written and not observation.has_table(written):
            abbreviated = abbreviated_table(written, observation)
            if abbreviated is not None:
                scores[abbreviated] += 10
    return scores


def _name_score(text: str, forms: set[str]) -> float:
    """How strongly `text` names a table by one of its name's `forms`."""
    score = 0.0
    for form in forms:
        quoted = re.escape(form)
        # "the person table", and each name of "politician and political_party rows"
        if re.search(rf"""["'`\u201c]?{quoted}["'`\u201d]?(?:\s*(?:,|and|&)\s*{TABLE_LIKE})*\s+(tables?|relations?|rows?|records?|entries)\b""",
                     text, re.I):
            score += 10
        elif re.search(rf"""\b(table|into|to|in|for)\s+["'`\u201c]{quoted}["'`\u201d]""", text, re.I):
            score += 10
        elif re.search(rf"""\b(into|to|in|for)\s+({TABLE_LIKE}\s*(,|and|&)\s*)?{quoted}(?![\w-])(?!\s+(of|is|are)\b)""",
                       text, re.I):
            score += 6
        if _find(re.escape(form), text) or _find(re.escape(singular(form)) + "(?:e?s)?", text):
            score += 3
    return score


STRONG = 6  # a table named as such ('the dish table', 'into dish', 'country rows'), not just a word of it


def named_tables(instruction: str, observation: Observation) -> list[TableObservation]:
    """The tables the instruction names, the target first: the highest score, and between a
    named child and its named parent, the child (rows are added to it)."""
    scores = table_scores(instruction, observation)
    named = [t for t in observation.tables if scores[t.name] > 0]
    order = {t.name: i for i, t in enumerate(observation.tables)}

    def rank(t: TableObservation) -> tuple:
        child_of_named = any(p in {n.name for n in named} for p in t.parents)
        strong = scores[t.name] >= STRONG
        return (-int(strong), -int(child_of_named), -scores[t.name], -order[t.name])

    return sorted(named, key=rank)


def target_table(instruction: str, observation: Observation) -> TableObservation | None:
    """The table the instruction names ('the person table', "my `films` table"), else the one
    whose entity words it uses, else the only table."""
    named = named_tables(instruction, observation)
    if named:
        return named[0]
    return observation.tables[0] if len(observation.tables) == 1 else None


TABLE_WORD = re.compile(r"""(?:\b(?:into|to|in|from|on|for|of)\s+(?:the\s+|my\s+|our\s+)?["'`\u201c]?(?P<a>[A-Za-z_][\w]*)["'`\u201d]?\s+table\b"""
                        r"""|\btable\s+["'`\u201c](?P<b>[^"'`\u201d]+)["'`\u201d])""", re.I)


def head_words(observation: Observation) -> dict[str, set[str]]:
    """The last word of a table named in several words, where no other table ends in it and it
    is no table's whole name: "the visits table" is `patient_visits`, "lifts" `ski_lift`."""
    last = {t.name: singular(words(t.name).split()[-1]) for t in observation.tables if " " in words(t.name)}
    whole = {singular(words(t.name)) for t in observation.tables}
    return {name: {head} for name, head in last.items() if list(last.values()).count(head) == 1 and head not in whole}


def abbreviated_table(word: str, observation: Observation) -> str | None:
    """The one table whose name of one word abbreviates `word` ("the employee table" for `emp`,
    "departments" for `dept`): its letters in order, the first two the word's."""
    word = word.lower()

    def abbreviates(name: str) -> bool:
        if len(name) < 3 or "_" in name or name == word or word[:2] != name[:2]:
            return False
        rest = iter(word)
        return all(letter in rest for letter in name)

    found = [t.name for t in observation.tables if abbreviates(t.name.lower())]
    return found[0] if len(found) == 1 else None


def missing_table_name(instruction: str, observation: Observation) -> str | None:
    """A table the instruction names that does not exist ('add them to the planets table')."""
    names = {t.name.lower() for t in observation.tables} | {words(t.name) for t in observation.tables}
    names |= {form for heads in head_words(observation).values() for head in heads for form in (head, head + "s")}
    for m in TABLE_WORD.finditer(instruction):
        name = (m.group("a") or m.group("b") or "").strip()
        if name and name.lower() not in names and name.lower() not in NOT_NAMES | {"same", "whole", "main", "target",
                                                                                       "existing", "this", "that"}:
            if abbreviated_table(name, observation) is None:
                return name
    return None


def names_its_parent(column: str, parent: str) -> bool:
    """A reference column named after the table it points to (`star_id` -> star, `house_id` ->
    royal_house): what its values are is that table's rows, whatever else the word may mean."""
    parent_forms = _word_forms(words(parent))  # every word of the column's name is one of the table's
    return all(_number_forms(w) & parent_forms for w in strip_id(words(column)).split())


# "creating any mangaka that the table lacks", "add the missing studios too": a verb of creating
# with the table's rows for its object
CREATE_VERB = re.compile(r"\b(?:creat|add|insert)(?:e|es|ed|ing|s)?\s+(?:(?:the|any|all|every|each|missing|new|a|an)\s+)*"
                         r"(?P<object>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)", re.I)


# "companies not listed yet have to be created first", "inventors who are not in the table should be added"
CREATED = re.compile(r"\b(?:be|are|is|get|gets)\s+(?:created|added|inserted)\b", re.I)


def asks_to_create(instruction: str, table: str) -> bool:
    """Whether the wording asks for rows of `table` to be created (a parent whose rows the
    documents' facts then fill, as the rows the task is about): the object of a verb of
    creating, or the subject of its passive (one of the first words of its clause)."""
    own = _word_forms(words(table))
    if any(_word_forms(m.group("object").lower()) & own for m in CREATE_VERB.finditer(instruction)):
        return True
    for m in CREATED.finditer(instruction):
        clause = re.split(r"[.;:,!?]", instruction[:m.start()])[-1]
        if any(_word_forms(w) & own for w in re.findall(r"[a-z][\w-]*", clause.lower())[:3]):
            return True
    return False


# Wording that has the parents a row refers to created when missing ("create the artist rows when
# needed", "add any observatory that is missing"): it asks nothing of the rows the task is about.
CREATE_PARENTS = re.compile(r"\b(create|insert|add)\s+(the\s+|any\s+|missing\s+|new\s+)*\w+\s+(rows?|records?|entries)"
                            r"\s+(when|if|where)\b|\binsert\s+it\s+first\b|\bif\s+[^.;]{0,60}\s+is\s+not\s+in\b"
                            r"|\b(create|insert|add)\s+(any|every|each)\s+(\w+\s+){1,2}?(that|which|who)\s+(is|are)\s+"
                            r"(missing|absent|not\s+(yet\s+)?(there|in|listed))\b", re.I)
UNIT_WORDS = {"metres": "m", "meters": "m", "centimetres": "cm", "centimeters": "cm", "millimetres": "mm",
              "millimeters": "mm", "grams": "g", "litres": "l", "liters": "l", "kilometres": "km", "kilometers": "km", "square kilometres": "km2",
              "square kilometers": "km2", "square metres": "m2", "square meters": "m2", "kilograms": "kg",
              "feet": "ft", "miles": "mi", "seconds": "s", "minutes": "min", "hours": "h", "tonnes": "t"}


def unit_request(text: str) -> str | None:
    """'a number in metres' -> 'm'."""
    for phrase, unit in sorted(UNIT_WORDS.items(), key=lambda kv: -len(kv[0])):
        if re.search(rf"\bin\s+{phrase}\b", text or "", re.I):
            return unit
    return None


def column_phrases(table: TableObservation, skip: set[str]) -> list[tuple[str, str]]:
    """(phrase, column) pairs for the table's columns, longest phrase first: the name, its
    words with and without unit/count/id parts, without the table's own word ('variation' for
    `dish_variation` in dish), singular forms, and the lexicon's phrases for a whole-name match."""
    from text2db.planner.names import phrases as name_phrases

    own = {words(table.name), singular(words(table.name))}
    pairs: list[tuple[str, str]] = []
    for col in table.columns:
        if col.name in skip:
            continue
        forms = {col.name.lower(), words(col.name), strip_id(words(col.name))} | name_phrases(col.name)
        for form in list(forms):
            tokens = form.split()
            if len(tokens) > 1 and tokens[0] in own:
                forms.add(" ".join(tokens[1:]))
            if tokens and singular(tokens[-1]) != tokens[-1]:
                forms.add(" ".join([*tokens[:-1], singular(tokens[-1])]))
        meaning = meaning_of(col.name)
        if meaning is not None:
            forms.update(p.lower() for p in meaning.all_phrases)
        pairs.extend((f, col.name) for f in forms if f and f not in ("id", "name"))
    return sorted(set(pairs), key=lambda p: (-len(p[0]), p[1]))


def mentions(instruction: str, table: TableObservation, skip: set[str]) -> list[Mention]:
    """Columns named in the instruction; a longer phrase wins over one inside it."""
    taken: list[tuple[int, int]] = []
    found: list[Mention] = []
    for phrase, column in column_phrases(table, skip):
        pattern = re.escape(phrase).replace(r"\ ", r"[\s_-]+")
        if re.search(r"[^aeiou]y$", phrase):
            pattern = pattern[:-1] + "(?:y|ies)"  # "nationalities" names `nationality`
        for start, end in _find(pattern, instruction, plural=True):
            if any(start < e and s < end for s, e in taken):
                continue
            taken.append((start, end))
            found.append(Mention(column, start, end))
    return sorted(found, key=lambda m: m.start)


# "and their nationality", "the nationality of each person": an attribute the wording asks for
ASKED_ATTRIBUTE = re.compile(r"\b(?:and|with)\s+(?:their|its|his|her)\s+(?P<a>[a-z]+(?:\s+[a-z]+)?)"
                             r"|\bthe\s+(?P<b>[a-z]+(?:\s+[a-z]+)?)\s+of\s+(?:each|every|all)\b", re.I)


def unheld_attributes(instruction: str, table: TableObservation, observation: Observation) -> list[str]:
    """What the wording asks for ("add every new person and their nationality") that no column
    holds (of `table`, or of another table, which "its" may mean: "add any missing observatory,
    with its country") and no table is: planned without it, which the operator should be told."""
    entities = {w for t in observation.tables for w in (words(t.name), singular(words(t.name)))}
    unheld = []
    for m in ASKED_ATTRIBUTE.finditer(instruction):
        kept = []
        for word in (m.group("a") or m.group("b")).lower().split():
            if word in GENERIC_WORDS | NOT_NAMES or word in ("and", "or", "to", "for", "at", "by", "on"):
                break
            kept.append(word)
        phrase = " ".join(kept)
        if not phrase or phrase in entities or singular(phrase) in entities:
            continue
        if not any(mentions(phrase, t, set()) or fuzzy_column(phrase, t, set()) for t in observation.tables):
            unheld.append(phrase)
    return unheld


def listed_items(instruction: str) -> list[tuple[str, int, int]]:
    """The comma lists an instruction uses to name attributes, as (item, start, end)."""
    spans = [m.span("items") for m in LIST_CUES.finditer(instruction)]
    spans += [m.span(1) for m in PAREN_LIST.finditer(instruction)]
    items: list[tuple[str, int, int]] = []
    for s, e in spans:
        pos = s
        for separator in [*re.finditer(r",|\b(?:and|or)\b|\s/\s", instruction[s:e]), None]:  # "premiere year or city", "developer / engine"
            upto = s + separator.start() if separator is not None else e
            part = instruction[pos:upto]
            start = pos + (len(part) - len(part.lstrip()))
            pos = s + separator.end() if separator is not None else e
            text = re.sub(r"^(the|their|its|any|missing|a|an)\s+", "", part.strip(), flags=re.I).strip()
            text = re.sub(r"\s+(?:of|in|for|on)\s+(?:the\s+|my\s+|our\s+)?[\w`-]+\s+(?:table|relation)\W*$", "", text, flags=re.I)
            text = re.sub(r"(?<=\w)\s+(?:values?|cells?|fields?|entries)$", "", text, flags=re.I)  # "engine values"
            if text:
                items.append((text, start, start + len(part.strip())))
    return items


_JOINED = re.compile(r"\s*(?:and|or|&)\s*", re.I)


def elided_item(instruction: str, items: list[tuple[str, int, int]], i: int) -> str | None:
    """The whole phrase a one-word list item stands for, when a coordination shares the other
    item's words with it: "premiere date and city" -> "premiere city", "opening and closing
    dates" -> "opening dates", "date and place of birth" -> "date of birth". None when the item
    is no such word or joins its neighbours by a comma (a list of its own)."""
    item, start, end = items[i]
    if len(item.split()) != 1:
        return None
    if i > 0 and _JOINED.fullmatch(instruction[items[i - 1][2]:start]):
        before = items[i - 1][0].split()
        if len(before) > 1 and "of" not in before:
            return " ".join([*before[:-1], item])
    if i + 1 < len(items) and _JOINED.fullmatch(instruction[end:items[i + 1][1]]):
        after = items[i + 1][0].split()
        if len(after) > 2 and after[1].lower() == "of":
            return " ".join([item, *after[1:]])
        if len(after) > 1 and "of" not in after:
            return " ".join([item, after[-1]])
    return None


# A date written as a template ("DD Month YYYY", "Month D, YYYY", "dd.mm.yyyy"): its tokens as
# strftime directives, in the order and with the separators the template has.
DATE_TOKENS = {"dd": "%d", "d": "%-d", "mm": "%m", "m": "%-m", "mmm": "%b", "mon": "%b", "mmmm": "%B", "month": "%B",
               "yyyy": "%Y", "yy": "%y"}
_DATE_TOKEN = r"(?:dd?|mm?|mmmm?|mon|month|yyyy|yy)"
DATE_TEMPLATE = re.compile(rf"(?<![\w-]){_DATE_TOKEN}(?:[ /.,-]{{1,2}}{_DATE_TOKEN}){{2}}(?![\w-])", re.I)


def date_template(instruction: str) -> str | None:
    """The strftime pattern of a day-month-year template the instruction writes, or None."""
    for m in DATE_TEMPLATE.finditer(instruction):
        parts = re.split(r"([ /.,-]{1,2})", m.group(0))
        tokens = [DATE_TOKENS.get(p.lower(), p) for p in parts]
        directives = [t for t in tokens if t.startswith("%")]
        kinds = {d.replace("-", "")[1].lower() for d in directives} - {"b"} | ({"m"} if any(d in ("%b", "%B") for d in directives) else set())
        if len(directives) == 3 and kinds == {"d", "m", "y"}:
            return "".join(tokens)
    return None


def format_request(instruction: str) -> tuple[ValueFormat | None, ValueType | None]:
    """A format the instruction asks for ('an ISO date YYYY-MM-DD', 'a four-digit year'); a date
    template ('DD Month YYYY') is date_template's, read first by the planner."""
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


# --- refusals, open wording, new columns, label lists, documents -----------------------------

DESTRUCTIVE = re.compile(
    r"\b(drop|truncate|delete|remove|erase|wipe|purge|destroy|clear\s+out|empty\s+out)\b"
    r"(?=[^.;]{0,40}\b(table|tables|rows?|records?|entries|columns?|database|everything|all|data|from)\b)"
    r"|\bignore\s+(all\s+)?(the\s+)?(previous|prior|above|earlier)\s+(instructions?|rules?|prompts?)\b"
    r"|\b(UPDATE\s+\S+\s+SET|DELETE\s+FROM|DROP\s+(TABLE|DATABASE|COLUMN))\b", re.I)
NEGATED = re.compile(r"\b(do\s+not|don'?t|never|without|no\s+need\s+to|must\s+not|not)\s+(\w+\s+){0,2}$", re.I)
_TABLE = r"(?:the\s+)?[`\"']?(?P<table>\w+)[`\"']?"  # a table as written: "the `dish`", "dish"
_NAME = r"[`\"']?(?P<name>[A-Za-z_]\w*)[`\"']?"  # a column name as written, quoted or not
_SQL_TYPE = r"(?P<type>integer|int|text|real|float|numeric|date|boolean|bool|varchar(?:\(\d+\))?)"  # "REAL", "TEXT"
# Shapes that also name rows or data ("add Wallace to person", "extend person with facts"): a column
# only where the wording speaks of the schema or the name is an identifier (snake_case)
EXTEND_WITH = re.compile(  # Extend museum with established_year, the year the museum opened
    r"\b(?:extend|augment|expand|enrich)\s+" + _TABLE + r"(?:\s+table)?\s+with\s+"
    r"(?:an?\s+|the\s+)?(?:new\s+)?" + _NAME + r"(?:\s+(?:column|field|attribute)\b)?", re.I)
ADD_TO = re.compile(  # Schema change: add location to building (location; text: the place name)
    r"\b(?:add|create|introduce)\s+(?:a\s+|the\s+)?(?:new\s+)?(?:column\s+|field\s+)?[`\"']?"
    r"(?P<name>[A-Za-z_]\w*)[`\"']?\s+(?:to|in|on)\s+" + _TABLE, re.I)
# speech.delivered_date -- a date on which ...: a table's dotted column that the table lacks, no type written
DOTTED_NEW_COLUMN = re.compile(r"(?<![\w.])(?P<table>[A-Za-z_]\w*)\.(?P<name>[A-Za-z_]\w*)(?![\w.(])"
                               r"(?:\s*(?:--+|:|\u2014|\u2013)\s*(?P<desc>[^.;]*))?", re.I)
NEW_COLUMN_PATTERNS = (
    # ALTER TABLE airport ADD COLUMN elevation_m REAL
    re.compile(r"\balter\s+table\s+[`\"']?(?P<table>[\w]+)[`\"']?\s+add\s+(?:column\s+)?(?:if\s+not\s+exists\s+)?"
               r"[`\"']?(?P<name>[^\s`\"',;()]+)[`\"']?(?:\s+(?P<type>[A-Za-z]+))?", re.I),
    # schema change: dish.country_id INTEGER REFERENCES country(id)
    re.compile(r"(?<![\w.])(?P<table>[A-Za-z_]\w*)\.(?P<name>[A-Za-z_]\w*)\s+" + _SQL_TYPE + r"\b", re.I),
    # new column for dish: region = region the dish comes from
    # add a column to cheese: milk_animal TEXT -- the animal whose milk it is made from
    re.compile(r"\b(?:column|field|attribute)\s+(?:for|in|to|on)\s+" + _TABLE + r"(?:\s+table)?\s*:\s*" + _NAME
               + r"(?:\s+" + _SQL_TYPE + r")?\s*(?:=|:|-+|\u2014)\s*(?P<desc>[^.;]*)", re.I),
    # we need a new field eat_type in restaurant: ...
    re.compile(r"\bnew\s+(?:column|field|attribute)\s+" + _NAME + r"\s+(?:in|to|for|on)\s+" + _TABLE, re.I),
    # automobile gets manufacturer_id INTEGER REFERENCES company(id)
    re.compile(r"\b(?P<table>[A-Za-z_]\w*)\s+(?:gets|needs|receives|gains)\s+(?:an?\s+(?:new\s+)?(?:column|field)\s+)?"
               + _NAME + r"\s+" + _SQL_TYPE + r"\b", re.I),
    # a new column on restaurant called has_terrace
    re.compile(r"\bnew\s+(?:column|field|attribute)\s+(?:on|in|to|for)\s+" + _TABLE
               + r"(?:\s+table)?\s+(?:called|named)\s+" + _NAME, re.I),
    # a field for the head chef's name (head_chef) to restaurant
    re.compile(r"\b(?:column|field|attribute)\s+(?:for|with|holding)\s+(?:the\s+)?(?P<desc>[^()]{3,80}?)\s*\(\s*[`\"']?"
               r"(?P<name>[A-Za-z_]\w*)[`\"']?\s*\)\s+(?:to|in|on)\s+" + _TABLE, re.I),
    # create discharge_m3s (a number, ...) on river
    re.compile(r"\b(?:add|create|introduce)\s+[`\"']?(?P<name>[A-Za-z_]\w*_\w*)[`\"']?\s*\((?P<desc>[^()]*)\)\s*"
               r"(?:to|in|on)\s+" + _TABLE, re.I),
    # insert a column area into restaurant: "column" written, so no rows are meant
    re.compile(r"\b(?:add|create|insert|introduce|put)\s+(?:a|an|one|the)\s+(?:new\s+|extra\s+)?(?:column|field|attribute)\s+"
               + _NAME + r"\s+(?:to|in|into|on)\s+" + _TABLE, re.I),
    DOTTED_NEW_COLUMN,
    EXTEND_WITH,
    ADD_TO,
)
# "Create a motto column in university", "add a Born column", "extend T with an X column",
# "I need a new X field on T": the name before the word column
NAMED_BEFORE_COLUMN = re.compile(
    r"(?:\b(?:add|create|introduce|append|put|needs?|wants?|with|get|gets|have|has|make|set\s+up|start|like)\s+(?:a|an|one|the)\s+"
    r"(?:new\s+|extra\s+|separate\s+)?|\bnew\s+"
    r"|\bgive\s+(?:the\s+)?[`\"']?(?P<given>\w+)[`\"']?(?:\s+table)?\s+(?:a|an|one)\s+(?:new\s+)?"
    r"|\b(?:extend|expand|augment|widen)(?:s|ed|ing)?\b[^.;:]{0,40}?\bby\s+(?:a|an|one)\s+(?:new\s+|extra\s+)?)"
    # the name: one word, or up to three ("a Club Joined column", "an emergency contact number field")
    r"[`\"']?(?P<name>[A-Za-z_][\w-]*(?:\s+[A-Za-z_][\w-]*){0,2})[`\"']?\s+(?:column|field|attribute)\b"
    r"(?:\s+(?:to|in|on|for)\s+(?:the\s+)?[`\"']?(?P<table>\w+)[`\"']?)?", re.I)
REFERENCES = re.compile(r"\b(?:referenc(?:es|ing|e)|foreign\s+key\s+(?:to|into|on|referencing)|fk\s+to)\s+(?:to\s+)?(?:the\s+)?"
                        r"[`\"']?(?P<table>\w+)[`\"']?\s*(?:\(\s*[`\"']?(?P<column>\w+)"
                        r"[`\"']?\s*\)|\s+table\b)?"
                        r"|\b(?:links?|points?|pointing)\s+to\s+(?:the\s+)?[`\"']?(?P<table2>\w+)[`\"']?\s+(?:table|rows?)\b",
                        re.I)
SCHEMA_CUE = re.compile(r"\b(column|field|attribute|schema|alter\s+table)\b", re.I)
SCHEMA_WORDS = {"column", "field", "attribute"}  # "add a column to cheese: ..." names no column "column"
# words that start the rest of a sentence, never a column's name: "a new attribute for each festival"
FUNCTION_WORDS = {"for", "of", "to", "in", "on", "at", "by", "with", "from", "about", "per", "and", "or", "as",
                  "which", "whose", "where", "called", "named"}
NOT_NAMES = {"the", "a", "an", "it", "them", "these", "those", "this", "that", "rows", "row", "records", "record",
             "entries", "data", "new", "every", "each", "all", "any", "some", "more", "values", "value", "places",
             "information", "info", "details"}
LABEL_LIST = re.compile(
    r"\b(?:values?|labels?|categories|one\s+of|either)\s*(?:(?:are|is|=|:)\s*)?(?:either\s+|one\s+of\s+)?(?P<items>[^.;()\n]+?)"
    r"(?=\s*(?:[.;)\n]|$|\bfill\b|\bpopulate\b))", re.I)
GENERIC_WORDS = {"info", "information", "details", "detail", "data", "fields", "field", "cells", "cell", "values",
                 "value", "gaps", "gap", "blanks", "blank", "records", "record", "rows", "row", "entries", "entry",
                 "columns", "column", "attributes", "attribute", "everything", "anything", "whatever", "what",
                 "what's", "whats", "missing", "empty", "it", "them", "table", "tables", "database", "texts", "text",
                 "documents", "document", "reports", "notes", "these", "those", "using", "from", "in", "of", "the",
                 "pls", "please", "listings", "listing", "bits", "stuff", "things", "is", "are", "facts", "link",
                 "links", "up", "just", "there", "rows", "they", "their", "its", "our", "my", "we", "you", "own"}


@dataclass(frozen=True)
class NewColumnRequest:
    """A column the instruction asks to add, as written (validated by the planner)."""

    name: str
    table: str | None = None  # as written in the instruction
    description: str | None = None
    sql_type: str | None = None
    references: tuple[str, str | None] | None = None  # (table, column) as written


def refusal(instruction: str) -> str | None:
    """Why the instruction cannot be planned at all, or None: empty, or destructive."""
    if not re.search(r"[A-Za-z]{2,}", instruction or ""):
        return "the instruction is empty"
    for m in DESTRUCTIVE.finditer(instruction):
        if NEGATED.search(instruction[max(0, m.start() - 40):m.start()]):
            continue  # "do not delete anything"
        return f"the instruction asks to remove data or override the rules ({m.group(0).strip()!r})"
    return None


def new_column_request(instruction: str, observation: Observation) -> NewColumnRequest | None:
    """The column an instruction asks to add, from the quoted form or the other common shapes
    (SQL-like ALTER TABLE, `table.column TYPE`, 'new column for T: name = ...', 'add name to T')."""
    refs = REFERENCES.search(instruction)
    references = None
    if refs:
        ref_table = refs.group("table") or refs.group("table2")
        references = (ref_table, refs.group("column")) if ref_table else None
    if COLUMN_ADDITION.search(instruction) and NEW_COLUMN_NAME.search(instruction):
        name = new_column_name(instruction)
        if name:
            return NewColumnRequest(name=name, description=_description_after(instruction, NEW_COLUMN_NAME.search(instruction).end()),
                                    references=references)
    tables = {t.name.lower() for t in observation.tables}
    for pattern in NEW_COLUMN_PATTERNS:
        for m in pattern.finditer(instruction):
            name, table = m.group("name"), m.group("table")
            if table.lower() not in tables or name.lower() in NOT_NAMES | SCHEMA_WORDS or name.lower() in tables:
                continue
            ambiguous = pattern in (EXTEND_WITH, ADD_TO)
            if ambiguous and not (SCHEMA_CUE.search(instruction) or "_" in name):
                continue
            table_obs = next(t for t in observation.tables if t.name.lower() == table.lower())
            groups = m.groupdict()
            desc = clean_description(groups.get("desc")) or _description_after(instruction, m.end())
            if table_obs.has_column(name) and (pattern is DOTTED_NEW_COLUMN or ambiguous and not SCHEMA_CUE.search(instruction)):
                continue
            return NewColumnRequest(name=name, table=table_obs.name, description=desc,
                                    sql_type=(groups.get("type") or None), references=references)
    m = NAMED_BEFORE_COLUMN.search(instruction)
    if m and not set(m.group("name").lower().split()) & (NOT_NAMES | tables | SCHEMA_WORDS):
        written = (m.group("table") or m.group("given") or "").lower()  # "... column to T", "give T a X column"
        table = next((t.name for t in observation.tables if t.name.lower() == written), None)
        typed = _name_after_type(instruction, m, tables)
        if typed is not None:
            name, end, sql_type = typed
            return NewColumnRequest(name=name, table=table, description=_description_after(instruction, end),
                                    sql_type=sql_type, references=references)
        return NewColumnRequest(name="_".join(m.group("name").split()), table=table,
                                description=_description_after(instruction, m.end()), references=references)
    return _unplaced_new_column(instruction, observation, references)


# Words before "column" that say its type or that it is added, not its name: "a new integer column
# minaret_count", "an extra text field, roman_equivalent, holding ..."
TYPE_WORDS = {"integer", "int", "text", "real", "float", "numeric", "decimal", "number", "date", "boolean", "bool",
              "string", "varchar"}
ADDED_WORDS = {"extra", "additional", "separate", "optional"}
NAME_AFTER_COLUMN = re.compile(r"\s*[,:]?\s*(?:called\s+|named\s+)?[`\"']?(?P<name>[A-Za-z_]\w*)[`\"']?")


def _name_after_type(instruction: str, before: re.Match, tables: set[str]) -> tuple[str, int, str | None] | None:
    """The name that follows "column" when the words before it are only a type and "extra"
    (`before` is a NAMED_BEFORE_COLUMN match): (name, where it ends, the SQL type written or None)."""
    written = before.group("name").lower().split()
    if not set(written) <= TYPE_WORDS | ADDED_WORDS or before.group("table"):
        return None
    after = NAME_AFTER_COLUMN.match(instruction, before.end())
    if after is None or after.group("name").lower() in FUNCTION_WORDS | NOT_NAMES | SCHEMA_WORDS | tables:
        return None
    sql_type = next((w for w in written if re.fullmatch(_SQL_TYPE, w, re.I)), None)
    return after.group("name"), after.end(), sql_type


# "in a new column basin_area_km2", "new attribute for comet: meteor_shower", "add that as delivery (yes/no)"
NEW_COLUMN_AFTER = re.compile(r"\bnew\s+(?:column|field|attribute)\s+(?:(?:for|on|in|of|to)\s+[`\"']?\w+[`\"']?\s*:\s*)?"
                              r"(?:called\s+|named\s+)?[`\"']?(?P<name>[A-Za-z_]\w*)[`\"']?"
                              r"|\b(?:new|extra|additional|separate)\s+\w+\s+(?:column|field|attribute)\s+(?:called|named)\s+"
                              r"[`\"']?(?P<called>[A-Za-z_]\w*)[`\"']?"
                              # "add 'payment terms' as an additional column"
                              r"|\b(?:add|include|store|keep|record|track)\s+[`\"'\u2018\u201c](?P<quoted_as>[A-Za-z_][\w -]{0,40}?)"
                              r"[`\"'\u2019\u201d]\s+as\s+(?:a|an)\s+(?:new\s+|additional\s+|extra\s+|separate\s+)?"
                              r"(?:column|field|attribute)\b"
                              r"|\b(?:add|store|keep|record)\s+(?:that|this|it)\s+as\s+[`\"']?(?P<as>[A-Za-z_]\w*)[`\"']?", re.I)
STORE_VERBS = re.compile(r"\b(add|create|introduce|include|put|keep|record|store|track|capture|want|need)\b", re.I)
TYPE_HINT = re.compile(r"\([^()]*\b(yes\s*/\s*no|yes\s+or\s+no|integer|text|number|date|boolean|real|in\s+\w+)\b[^()]*\)", re.I)
SNAKE_NAME = re.compile(r"(?<![\w.])[`\"']?(?P<name>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)[`\"']?(?![\w(]|\.\w)"  # not table.column
                        r"(?!\s+(?:database|db|schema)\b)")  # "populate the crime_fiction database" names no column


def _unplaced_new_column(instruction: str, observation: Observation,
                         references: tuple[str, str | None] | None) -> NewColumnRequest | None:
    """A new column named without the usual shapes; its table is the one the wording names (or
    the only one). "in a new column X"; "add that as X" beside a type hint ("(yes/no)"); or a
    snake_case name no table or column has, beside a verb of storing ("keep each river's source
    elevation: source_elevation_m")."""
    known = {t.name.lower() for t in observation.tables} | {c.name.lower() for t in observation.tables for c in t.columns}
    name = None
    for m in NEW_COLUMN_AFTER.finditer(instruction):
        found = m.group("name") or m.group("called") or m.group("as") or m.group("quoted_as")
        found = "_".join(found.replace("-", " ").split()) if found else None
        if found and m.group("as") and not (TYPE_HINT.search(instruction) or "_" in found):
            continue
        if found and found.lower() not in FUNCTION_WORDS:  # "a new attribute for each festival: ... call it top_award"
            name = found
            break
    if name is None and (STORE_VERBS.search(instruction) or NEW_COLUMN_AFTER.search(instruction)):
        snake = [s.group("name") for s in SNAKE_NAME.finditer(instruction) if s.group("name").lower() not in known]
        name = snake[0] if len(set(snake)) == 1 else None
    if not name or name.lower() in NOT_NAMES | known:
        return _described_new_column(instruction, known, references) or asked_property(instruction, observation,
                                                                                        references)
    at = instruction.find(name)
    return NewColumnRequest(name=name, description=_description_after(instruction, at + len(name)), references=references)


# "add a column for it", "as its own column", "make that a new column": a column asked for without a name
UNNAMED_COLUMN = re.compile(r"\b(?:a|an|its\s+own|their\s+own|a\s+new|an\s+extra|a\s+separate)\s+(?:new\s+)?"
                            r"(?:column|field|attribute)\b(?!\s+(?:called|named)\b)", re.I)
# what it holds, said before: "each run's width in metres", "the yeast strain used for each brew"
DESCRIBED_VALUE = [
    re.compile(r"\b(?:each|every)\s+[a-z]\w*(?:'s|s')\s+(?P<phrase>[a-z][a-z -]{1,40}?)"
               r"(?=\s+(?:as|a|an|into|to|for|from|and|should|must|will|would|could|is|are|becomes?|needs?)\b"
               r"|\s*[.,;:\u2014(]|$)", re.I),
    re.compile(r"\b(?:track(?:ing)?|record(?:ing)?|see|store|keep|capture|know|log)\s+(?:the\s+|their\s+|its\s+)?"
               r"(?P<phrase>[a-z][a-z -]{1,40}?)\s+(?:(?:used|given|worn|held)\s+)?(?:of|for|at|on|per|in|by)\s+"
               r"(?:each|every|all)\b", re.I),
    # "Make 'Fermentation Days' a new field", "make engine type a new column for the aircraft"
    re.compile(r"\bmake\s+['\"\u2018\u201c]?(?P<phrase>[a-z][\w -]{1,40}?)['\"\u2019\u201d]?\s+(?:a|an)\s+"
               r"(?:new\s+|additional\s+|extra\s+|separate\s+)?(?:column|field|attribute)\b", re.I),
    # "add termination date (DD/MM/YYYY) as a new column"
    re.compile(r"\b(?:add|include|store|keep|record|track)\s+(?P<phrase>[a-z][a-z -]{1,40}?)\s+(?:\([^()]*\)\s+)?as\s+"
               r"(?:a|an)\s+(?:new\s+|additional\s+|extra\s+|separate\s+)?(?:column|field|attribute)\b", re.I),
    # "Add a column to bookings for the amount paid (EUR)"
    re.compile(r"\b(?:column|field|attribute)\s+(?:(?:to|on|in)\s+(?:the\s+)?\w+\s+(?:table\s+)?)?for\s+"
               r"(?:the\s+|its\s+|their\s+)?(?P<phrase>[a-z][a-z -]{1,40}?)(?=\s*[.,;:(\u2014]|\s+(?:and|from)\b|$)",
               re.I),
    # "Each habitat should also have its maximum visitor capacity recorded. Make that a new column"
    re.compile(r"\b(?:have|has|get|gets|carry|carries)\s+(?:its|their|a|an|the)\s+(?P<phrase>[a-z][a-z -]{1,40}?)\s+"
               r"(?:recorded|stored|tracked|kept|noted|logged|captured)\b", re.I),
]


def _described_new_column(instruction: str, known: set[str],
                          references: tuple[str, str | None] | None) -> NewColumnRequest | None:
    """A column asked for without a name, named by what the wording says it holds ("Make each run's
    width in metres a new column": `width_m`; "start tracking the yeast strain used for each brew
    ... add a column for it": `yeast_strain`)."""
    if not UNNAMED_COLUMN.search(instruction):
        return None
    for pattern in DESCRIBED_VALUE:
        m = pattern.search(instruction)
        if m is None:
            continue
        phrase = m.group("phrase").strip().lower()
        unit = re.match(r"(.+?)\s+in\s+(\w+(?:\s+\w+)?)$", phrase)
        if unit and unit.group(2) in UNIT_WORDS:
            phrase = f"{unit.group(1)} {UNIT_WORDS[unit.group(2)]}"
        name = "_".join(phrase.replace("-", " ").split())
        if name and not set(name.split("_")) & NOT_NAMES and name not in known:
            return NewColumnRequest(name=name, description=m.group("phrase").strip(), references=references)
    return None


# An attribute asked of each row of a table by what it is, without the word "column": "track each
# show's Apple Podcasts rating", "add critic score (points out of 100) for each wine", "a y/n flag
# for every stop", "add microchip number to pets", "record the language each book is written in".
PROPERTY_AFTER_OWNER = re.compile(  # the owner's possessive, then what it has
    r"\b(?:(?:each|every|all|the|a|an|our|their)\s+(?:[a-z][\w-]*\s+)?)?(?P<owner>[a-z][\w-]*?)(?:'s|s'|\u2019s)\s+"
    r"(?P<after>[a-z][\w -]{1,60})", re.I)
PROPERTY_HAD_BY_OWNER = re.compile(  # "each inventory item should also carry its weight in kg"
    r"\b(?:each|every)\s+(?:[a-z][\w-]*\s+)??(?P<owner>[a-z][\w-]*)\s+(?:(?:should|must|will|needs?\s+to|ought\s+to)\s+)?"
    r"(?:also\s+)?(?:have|has|carry|carries|get|gets|include|includes|show|shows)\s+(?:a|an|its|their|the)\s+"
    r"(?P<after>[a-z][\w -]{1,60})", re.I)
PROPERTY_BEFORE_OWNER = re.compile(  # what it has, then the owner: "... for each wine", "... per episode"
    r"\b(?:for|of|per|on|to)\s+(?:each|every|all(?:\s+(?:the|our))?|the|our|all|any)?\s*(?P<owner>[a-z][\w-]*)\b"
    r"|\b(?:the|a|an)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?\s+(?P<rel>each|every)\s+(?P<owner2>[a-z][\w-]*)\b", re.I)
# words that end a property phrase: verbs and determiners before it, function words after it
PHRASE_STOPS = frozenset(
    "a an the their its his her our my your this that these those each every all any some few couple many several "
    "most none lot rest of and or to for per on in at as by from with into onto is are was were be been "
    "should must will would could can may might also too please pls i we you they it them us me want wants like "
    "love need needs needed add adding track tracking record recording capture capturing store storing keep keeping "
    "see know log logging note list include including put get give start begin hold holding show showing "
    "column columns col field fields attribute attributes new extra additional separate whether how what which who "
    "where when why if so then just only there here up rows row records record entries entry ones newly "
    "has have had being mentioned described named listed".split())
SOURCE_WORDS = frozenset("documents document texts articles reports sources feed feeds below above attached "
                         "following".split())  # not "email", "notes", "page": they are attributes too
AUXILIARIES = frozenset("is are was were be been being has have had hasnt havent isnt arent wasnt".split())


def asked_property(instruction: str, observation: Observation,
                   references: tuple[str, str | None] | None = None) -> NewColumnRequest | None:
    """A column the wording asks each row of a table to have, named by what it holds, where no
    column of any table holds it and nothing asks for new rows. (A phrase a column holds - "the
    birth place of each person" - is a fill; "each new person's nationality" adds rows.)"""
    if NEW_ROWS_CUE.search(instruction) or ADDS_NEW_ROWS.search(instruction):
        return None
    if (INFILLING.search(instruction) or FILL_VERB.search(instruction)) and not re.search(r"\b(columns?|cols?|fields?|attributes?|flags?)\b", instruction, re.I):
        return None  # "fill any empty elevation or last-eruption cells of the volcanoes"
    found: list[tuple[int, str, str]] = []  # (position, phrase, table)
    for m in [*PROPERTY_AFTER_OWNER.finditer(instruction), *PROPERTY_HAD_BY_OWNER.finditer(instruction)]:
        phrase = _leading_words(m.group("after"))
        found.append((m.start(), phrase, m.group("owner")))
    for m in PROPERTY_BEFORE_OWNER.finditer(instruction):
        if m.group("rel"):  # "the language each book ...": the phrase after the article
            head = instruction[m.start():m.start("rel")].split(None, 1)[1]
            found.append((m.start(), _leading_words(head), m.group("owner2")))
        else:  # "... hasn't been entered for every ward": a predicate, not what the rows have
            phrase, before = _trailing_words(instruction[:m.start()])
            if m.group(0).lower().startswith("to") and (before not in ("add", "give", "attach", "append")
                                                        or re.match(r"\s+table\b", instruction[m.end():])):
                phrase = ""  # "add the places reviewed below to the restaurant table" adds rows
            found.append((m.start(), "" if before in AUXILIARIES else phrase, m.group("owner")))
    table_forms = {f for t in observation.tables for f in _word_forms(words(t.name))}
    for _, phrase, owner in sorted(found):
        table = _owner_table(owner, observation)
        if table is None or not phrase or _word_forms(phrase) & table_forms:
            continue
        if all(w in GENERIC_WORDS or w in ("number", "amount", "handful", "bunch", "majority") for w in phrase.split()):
            continue  # "details for each ward", "a number of wines"
        if set(phrase.split()) & SOURCE_WORDS:
            continue  # "the documents attached for each dish" are what the job reads
        near = [table] + [observation.table(p) for p in table.parents if observation.has_table(p)]
        if any(mentions(phrase, t, set()) or fuzzy_column(phrase, t, set()) for t in near):
            continue  # a column of the table (or of a table it refers to) holds it: a fill, not a new column
        unit = unit_request(instruction)
        name = "_".join(phrase.replace("-", " ").split() + ([unit] if unit else []))
        return NewColumnRequest(name=name, table=table.name, description=phrase, references=references)
    return None


def _number_forms(word: str) -> set[str]:
    """A word's singular forms, however it ends: 'courses' -> course and cours, 'stops' -> stop."""
    forms = {word, singular(word)}
    if word.endswith("s"):
        forms |= {word[:-1], word[:-2] if word.endswith("es") else word}
    return forms


def _word_forms(text: str) -> set[str]:
    """The singular forms of every word of `text` (_number_forms)."""
    return {form for word in text.split() for form in _number_forms(word)}


def _leading_words(text: str, most: int = 4) -> str:
    kept: list[str] = []
    for word in re.findall(r"[\w'-]+|[^\w\s]", text.lower()):
        if not re.fullmatch(r"[a-z][a-z0-9-]*", word) or word in PHRASE_STOPS or len(kept) == most:
            break
        kept.append(word)
    return " ".join(kept)


def _trailing_words(text: str, most: int = 4) -> tuple[str, str]:
    """The phrase that ends `text`, and the word before it."""
    text = re.sub(r"\s*\([^()]*\)\s*$", "", text)  # "critic score (points out of 100) for each wine"
    kept: list[str] = []
    for word in reversed(re.findall(r"[\w'-]+|[^\w\s]", text.lower())):
        if not re.fullmatch(r"[a-z][a-z0-9-]*", word) or word in PHRASE_STOPS or len(kept) == most:
            return " ".join(kept), word.replace("'", "")
        kept.insert(0, word)
    return " ".join(kept), ""


EACH_OWNER = re.compile(r"\b(?:each|every)\s+(?:[a-z][\w-]*\s+)?(?P<owner>[a-z][\w-]*?)(?:'s|s'|\u2019s)?\b", re.I)


def row_owners(instruction: str, observation: Observation) -> dict[str, str]:
    """{table: word} for the tables the wording speaks of row by row ("each plane's", "every
    inventory item"), by name or by meaning."""
    found: dict[str, str] = {}
    for m in EACH_OWNER.finditer(instruction):
        word = m.group("owner")
        table = _owner_table(word, observation)
        if table is None:
            meant = table_meant(word, observation)
            table = meant[0] if meant else None
        if table is not None:
            found.setdefault(table.name, word)
    return found


def _owner_table(word: str, observation: Observation) -> TableObservation | None:
    """The table a word names: its name, the singular of it, or its last word ("routes" for
    BusRoutes), when one table alone fits."""
    form = singular(word.lower())
    fits = [t for t in observation.tables
            if form in (singular(words(t.name)), singular(words(t.name).split()[-1]), singular(t.name.lower()))]
    if len(fits) == 1:
        return fits[0]
    abbreviated = abbreviated_table(word, observation)
    return observation.table(abbreviated) if abbreviated else None


WHETHER = re.compile(r"\b(whether\s+(?:each|every|a|an|the)?\s*[^.;:()]{3,80})", re.I)


def meaning_in_wording(instruction: str) -> str | None:
    """What a new column means where the wording says it apart from its name ("We also want to
    know whether each venue welcomes children. Create family_friendly ...")."""
    m = WHETHER.search(instruction)
    return clean_description(m.group(1)) if m else None


# Where a new column goes among the others, not what it holds: ", placed right after customer_rating"
_PLACEMENT = r"placed|positioned|put|appended|right|just|immediately|directly|after|before|following|as\s+the\s+(?:first|last)"


def _description_after(instruction: str, end: int) -> str | None:
    """What follows a new column's name: '(country of publication; text: ...)', ': the place
    where ...', 'holding the customer rating (values: ...)', 'that references country(id): the country ...'."""
    rest = instruction[end:]
    bare_type = re.match(r"\s*\(\s*" + _SQL_TYPE + r"\s*\)", rest, re.I)
    if bare_type:  # "a nickname column (text): the ring name ...": the type is no description
        rest = rest[bare_type.end():]
    typed = re.match(r"\s*:\s*" + _SQL_TYPE + r"\b(?:\s+references\s+\w+\s*(?:\(\s*\w+\s*\))?)?\s*[,;:]?\s*", rest, re.I)
    if typed:  # ": INTEGER REFERENCES animation_studio(id), the studio that produced the film"
        m = re.match(r"(?:the\s+)?(?P<colon>[^,.;:(]+)", rest[typed.end():])
        return clean_description(m.group("colon")) if m else None
    m = re.match(r"\s*(?:to\s+(?:the\s+)?[`\"']?\w+[`\"']?(?:\s+table)?\s*)?(?:\(\s*(?P<paren>[^();]+?)\s*[;)]"
                 r"|(?:that\s+references\s+\S+\s*)?[:=]\s*(?:the\s+)?(?P<colon>[^,.;:(]+)"
                 r"|,?\s*holding\s+(?:the\s+)?(?P<holding>[^,.;:(]+))", rest, re.I)
    if not m:  # ", the year the museum opened (an integer), and ...": an apposition, not the next clause
        m = re.match(r"\s*,(?!\s*(?:and|then|so|please|fill|set|using|from|with|based|which|where|if|when|" + _PLACEMENT + r")\b)\s*"
                     r"(?:the\s+)?(?P<appos>[^,.;:(]+)", rest, re.I)
        if m:
            return clean_description(m.group("appos"))
        m2 = re.search(r"(?:that\s+references\s+\S+|meaning)\s*:?\s*(?:the\s+)?(?P<colon>[^,.;:(]+)", rest, re.I)
        if not m2:
            return None
        text = m2.group("colon")
    else:
        text = m.group("paren") or m.group("colon") or m.group("holding")
    return clean_description(text)


def clean_description(text: str | None) -> str | None:
    """'the architect who designed it (text: a name), values ...' -> 'architect who designed it'.
    A label list ('yes or no') or a bare type says what values look like, not what they mean: None."""
    if not text or listed_labels(text) == [w.strip() for w in re.split(r"\s+or\s+|,|/", text.strip()) if w.strip()]:
        return None
    text = re.sub(r"\([^()]*\)?", " ", text)
    text = re.sub(r"[,;]?\s+(stored|written|as|values?|in\s+(metres|meters|km|kilo\w*|square\s+\w+)|with|one\s+of)\b.*$",
                  "", text.strip(), flags=re.I)
    text = re.sub(r"[,;]\s*(an?\s+)?(integer|whole\s+number|(decimal\s+)?number|(iso\s+)?date|year|text|string|boolean)\s*$",
                  "", text.strip(), flags=re.I)  # "number of spectators, an integer": the type is no part of the meaning
    text = re.sub(r"^(meaning|i\.e\.)\s+", "", text.strip(), flags=re.I)
    text = re.sub(r"^(text|string|integer|int|number|real|float|date|year|boolean)\s*[:,;]\s*", "", text, flags=re.I)  # "(text: the ...)"
    text = re.sub(r"^(the|a|an)\s+", "", text.strip(), flags=re.I)
    text = re.sub(r"\s+", " ", text).strip(" ,;:-")
    return text or None


EXAMPLE_ITEM = re.compile(r"^(?:a|an)\s+\w+\s+(?:like|such\s+as)\s+(?=['\"`\u201c])", re.I)


# "'red' for dark-skinned varieties, 'white' for pale or green-skinned ones": a quoted label and
# what it stands for
GLOSSED_LABEL = re.compile(r"""['"`\u2018\u201c](?P<label>[^'"`\u2019\u201d,;.]{1,30})['"`\u2019\u201d]\s*"""
                           r"""(?:for|when|if|where|means|meaning|=)\s+(?P<gloss>[^,;.'"`\u2018\u201c]+?)"""
                           r"""(?=\s*(?:[,;.]|\b(?:and|or)\s+['"`\u2018\u201c]|$))""", re.I)


def glossed_labels(text: str) -> list[tuple[str, str]]:
    """(label, what it stands for) for two or more quoted labels the wording explains, else []."""
    found = [(m.group("label").strip(), m.group("gloss").strip()) for m in GLOSSED_LABEL.finditer(text or "")]
    return list(dict.fromkeys(found)) if len({label.lower() for label, _ in found}) >= 2 else []


def listed_labels(text: str) -> list[str] | None:
    """'values: pub, restaurant or coffee shop' -> ['pub', 'restaurant', 'coffee shop']; 'yes or no';
    "'red' for dark-skinned varieties, 'white' for pale ones" -> ['red', 'white']."""
    glossed = glossed_labels(text)
    if glossed:
        return list(dict.fromkeys(label for label, _ in glossed))
    for m in LABEL_LIST.finditer(text):
        items = [re.sub(r"^(?:and|or)\s+", "", i.strip()) for i in re.split(r",|\s+or\s+|\s+and\s+|/", m.group("items"))]
        items = [EXAMPLE_ITEM.sub("", i).strip(" '\"`\u201c\u201d") for i in items]  # "a score like '3 out of 5'"
        items = [i for i in items if i]
        if len(items) >= 2 and all(len(i.split()) <= 4 and not re.match(r"(the|a|an|its|their)\b", i, re.I)
                                   for i in items):
            return list(dict.fromkeys(items))
    m = re.search(r"\b(yes\s+or\s+no|true\s+or\s+false)\b", text, re.I)
    if m:
        return [w.lower() for w in re.split(r"\s+or\s+", m.group(1))]
    return None


# Words of a comment on the texts or the task ("whatever the article tells us", "every detail the
# reviews give"), never of an attribute, nor of a clause asking for one
_COMMENT_WORDS = frozenset(
    "these those this whatever whichever us we our your you every usual usually typically normally generally "
    "often always probably possibly mostly".split())
# Words of a clause or a comment, never of an attribute's name
_NOT_ATTRIBUTE_WORDS = _COMMENT_WORDS | {"that", "what", "which", "who", "whom", "they", "them", "it"}


# A question or a relative clause about the row's entity asks for one of its attributes: "who made
# each one", "what it is close to", "whether families are welcome", "the year it was first
# released", "which number president they were", "the person who first spotted it"
ATTRIBUTE_CLAUSE = re.compile(r"^(?:(?:who|what|when|where|which|whether|how)\b"
                              r"|[a-z]+(?:\s+[a-z]+)?\s+(?:(?:it|they|he|she|each\s+one)\s+[a-z]+|(?:who|whom|whose)\b))",
                              re.I)


def names_an_attribute(item: str) -> bool:
    """Whether a listed phrase may name a column ('shoe size', 'favourite colour', 'what it is
    made of'). A comment ('whatever the article tells us', 'usually in Latin', 'venues these
    reviews talk about', "with the table's usual labels") names none: it neither fails a plan as
    a missing column nor leaves a column open."""
    tokens = [t.split("'")[0] for t in re.findall(r"[\w']+", item.lower())]  # "table's" too
    if not tokens:
        return False
    if ATTRIBUTE_CLAUSE.match(item.strip()):
        return not any(t in _COMMENT_WORDS for t in tokens)
    return not any(t in _NOT_ATTRIBUTE_WORDS for t in tokens)


def is_generic(item: str, table_words: set[str]) -> bool:
    """'restaurant info', "what's missing", 'gaps in dish using these texts': no column named."""
    tokens = [t for t in re.findall(r"[\w']+", item.lower())]
    left = [t for t in tokens if t not in GENERIC_WORDS and t not in table_words and singular(t) not in table_words]
    return not left or len(tokens) > 5


def existing_keys_in(documents: list[str], table: TableObservation, keys: list[str]) -> int:
    """How many documents name a row the table already has (by its key value)."""
    return key_mentions(documents, keys)[0]


def key_mentions(documents: list[str], keys: list[str]) -> tuple[int, int]:
    """(documents that name an existing row anywhere, documents that name one where they name
    their subject; see `_subject_part`), in one pass over the documents."""
    forms = set()
    for k in keys:
        k = k.strip().lower()
        forms.add(k)
        head = re.split(r"\s*[,(]", k)[0].strip()  # "Egg Harbor Township, New Jersey", "Ardmore Airport (New Zealand)"
        if len(head) >= 4:
            forms.add(head)
    forms = {f for f in forms if len(f) >= 3}

    def names_one(text: str) -> bool:
        text = text.lower()
        return any(f in text and re.search(rf"(?<!\w){re.escape(f)}(?!\w)", text) for f in forms)

    anywhere = [d for d in documents if forms and names_one(d)]
    return len(anywhere), sum(1 for d in anywhere if names_one(_subject_part(d)))


def _subject_part(document: str) -> str:
    """The first half of a document's first sentence, where its subject is usually named ("Spice
    Route is a ...", "In 1800 the Rijksmuseum ..."); a row named later in it is often a value of
    another fact ("... near The Wheatsheaf")."""
    first = re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"'])", document.strip(), maxsplit=1)[0]
    return first[: max(40, len(first) // 2)]


def table_words(table: TableObservation) -> set[str]:
    tokens = words(table.name).split()
    return set(tokens) | {singular(t) for t in tokens} | {words(table.name)}


def document_score(documents: list[str], table: TableObservation, key_values: list[str],
                   parent_keys: list[str] = ()) -> float:
    """How much the documents are about rows of `table`: its name's words (singular or plural),
    its existing key values, and existing rows of its parents (a text naming a known country
    is about something linked to it) found in them."""
    score = 0.0
    for doc in documents:
        for w in table_words(table):
            if len(w) >= 3 and re.search(rf"(?<!\w){re.escape(w)}(e?s)?(?!\w)", doc, re.I):
                score += 1
                break
    score += 0.5 * existing_keys_in(documents, table, key_values)
    if parent_keys:
        score += 0.5 * existing_keys_in(documents, table, list(parent_keys))
    return score


STOP = {"of", "the", "a", "an", "or", "and", "its", "their", "in", "on", "at", "for", "to", "by", "with", "as"}


def stem(word: str) -> str:
    """A crude stem: 'founding', 'founded' -> 'found'; 'released', 'release' -> 'releas'."""
    w = singular(word.lower())
    for suffix in ("ing", "ed", "es", "e", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 4:
            return w[: -len(suffix)]
    return w


def _stems(text: str) -> set[str]:
    return {stem(t) for t in re.findall(r"[a-z0-9]+", text.lower()) if t not in STOP}


def _abbreviates(short: str, word: str) -> bool:
    """'mgr' for manager, 'qty' for quantity: the word's first letter and then only consonants, in
    the word's order (not 'city' for capacity, nor 'cap' for capital); three letters at least,
    since two ('ep') fit too many words ('episode', 'explicit')."""
    if len(short) < 3 or len(short) >= len(word) or short[0] != word[0] or any(c in "aeiou" for c in short[1:]):
        return False
    letters = iter(word[1:])
    return all(c in letters for c in short[1:])


def fuzzy_column(item: str, table: TableObservation, skip: set[str]) -> str | None:
    """The column whose name's words (stemmed, units and id aside) all occur in `item`, the
    closest by overlap: 'place of birth' -> birth_place, 'date of founding' -> founded; a name's
    abbreviated word stands for the item's whole one ("manager's name" -> mgr_name)."""
    from text2db.planner.names import read_name

    wanted = _stems(item)
    written = set(re.findall(r"[a-z0-9]+", item.lower()))
    best: tuple[float, str] | None = None
    tie = False
    within: list[str] = []  # columns that hold all of the item's words: "engine" -> layout_engine
    for col in table.columns:
        if col.name in skip:
            continue
        have = _stems(read_name(col.name).words) - _stems(words(table.name))
        if wanted and wanted <= have:
            within.append(col.name)
        if not have or not all(h in wanted or any(_abbreviates(h, w) for w in written) for h in have):
            continue
        score = len(have) / len(have | wanted)
        if best is None or score > best[0]:
            best, tie = (score, col.name), False
        elif score == best[0]:
            tie = True
    if best is None and len(within) == 1:
        return within[0]
    return None if best is None or tie else best[1]
