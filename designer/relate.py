"""Reference completion: the LLM reads the sentences that name two of the design's tables with
no reference between them, one pair at a time, and says which reference (if any) the sentence
states.

Why: on held-out requirements the largest share of missed foreign keys sits between two tables
the design has, related by nothing ("a customer can own many properties, but a property only ever
belongs to one customer"; "for every booking one volunteer acts as keyholder"). Writing a whole
schema, a 1.5B model drops such references; asked about one sentence and two tables, it reads
them. The rule designer reads them only in the wordings its patterns know.

Which pairs are asked: the table a sentence names first (its subject, mostly) with each other
table it names (by name, or by their last word when no other table ends in it and it is not a
generic word; a name followed by a word that spells a column with it names that column, and one
followed by another table's name qualifies that table: "airline master air waybills"), with no
reference between them in either direction, not related through a table keyed by both
(many-to-many), no third table the sentence mentions referring to both (then the sentence
states an event, and the event table holds the relation: "a lesson is booked for a learner with
an instructor"), not items of one list ("walls, projects, artists and funding"), and not both
counted many ("a job uses several parts and a part is used on many jobs"). Where a verb between
the two enacts an event table that refers to one of them ("a member inspects a hive" beside
`inspection` -> hive), the event and the other table are asked instead: the inspection holds
who inspected. A statement after a semicolon that starts with a table is asked about the same
way, with that table as its subject, after every whole sentence ("...; a team is made up of two
debaters"). At most MAX_QUESTIONS per requirement, in the requirement's order. (Asking about
one table alone, for a reference to itself after "another", "a senior"..., found 1 right of 5 on
heldout19-22 and took questions from other pairs: not done.)

What is kept: at most two references of the asked pair, each `child.column -> parent` with child
and parent the tables asked about, a column name that is an identifier and is not yet a
reference of the child, never from a code list (`skill(skill_id, name)`). The side is the
sentence's where it says one (`counted_direction`). A column named after the parent
(`customer_id`, `team`) becomes the plain reference named after the parent's key; any other
name is a role (`keyholder_id`, `main_instructor`) and keeps its role word, unless the word is
an attribute of the table (`genre_id` beside `genre`). The answer is parsed, never executed; the
completed design is repaired and validated, and when it fails the design stays as it was.
Nothing here knows a domain: the demonstrations use the meeting-room domain of the designer's
own prompt.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from text2db.designer.complete import Chat, split_sentences
from text2db.designer.exceptions import DesignFailed, DesignInvalid, LlmDesignFailed
from text2db.designer.llm import chat_messages
from text2db.designer.lookup import CATEGORY_WORDS
from text2db.designer.reconcile import NAMING
from text2db.designer.repair import key_column, name_pattern, name_words, names_the_entity, referred_to, repair
from text2db.designer.validate import IDENTIFIER, checked
from text2db.designer.words import is_plural, snake
from text2db.schemas.design import ColumnDesign, ForeignKeyDesign, SchemaDesign, TableDesign

MAX_QUESTIONS = 6
MAX_TOKENS = 48
MAX_PER_PAIR = 2
ANSWER_LINE = re.compile(r"([A-Za-z_][\w]*)\s*\.\s*([A-Za-z_][\w]*)\s*->\s*([A-Za-z_][\w]*)")

SYSTEM = (
    "You read one sentence of a database requirement and two tables of its schema. If the sentence says that each "
    "row of one table belongs to, is made by, is assigned, or points to one row of the other table, answer with that "
    "foreign key as child_table.column -> parent_table, one per line. Name the column after the role the sentence "
    "gives (keyholder_id, main_teacher_id), otherwise after the parent (team_id). If the sentence relates the two "
    "tables many-to-many, or does not relate them, answer NONE."
)
DEMONSTRATIONS = (
    ("Tables:\nemployee(employee_id, name, email)\nteam(team_id, name, budget)\n"
     "Sentence: Each employee belongs to one team, and teams have a name and a budget.",
     "employee.team_id -> team"),
    ("Tables:\nbooking(booking_id, start_time, end_time, cancelled)\nemployee(employee_id, name, email)\n"
     "Sentence: Every booking is made by one employee, and on larger bookings a second employee approves it.",
     "booking.employee_id -> employee\nbooking.approver_id -> employee"),
    ("Tables:\nroom(room_number, name, capacity)\ncourse(course_code, title)\n"
     "Sentence: Rooms have a name and a capacity, and courses have a code and a title.",
     "NONE"),
    ("Tables:\nteam(team_id, name, budget)\nemployee(employee_id, name, email)\n"
     "Sentence: Every team has a team leader, who is one of our employees.",
     "team.leader_id -> employee"),
    ("Tables:\nemployee(employee_id, name, email)\ncourse(course_code, title)\n"
     "Sentence: Employees attend many courses, and a course is attended by many employees.",
     "NONE"),
)


def complete_references(design: SchemaDesign, llm: Chat) -> SchemaDesign:
    """`design` with the references the LLM reads from sentences naming two unrelated tables."""
    tables = {t.name: t for t in design.tables}
    patterns = table_patterns(design)
    notes: list[str] = []
    for sentence, a, b in asked_pairs(design)[:MAX_QUESTIONS]:
        try:
            answer = llm.chat(prompt(tables[a], tables[b], sentence), MAX_TOKENS)
        except LlmDesignFailed as exc:
            notes.append(f"reference completion stopped: {exc}")
            break
        for child, column, parent in answered_references(answer, a, b)[:MAX_PER_PAIR]:
            if counted_direction(sentence, child, parent, patterns, a) != (child, parent):
                child, parent, column = parent, child, child  # turned round: the role named the other side
            updated = with_reference(tables[child], tables[parent], column)
            if updated is not None:
                tables[child] = updated
                notes.append(f"{child}: added the reference to {parent} from the sentence {sentence[:80]!r} "
                             "(LLM, reference completion)")
    if not any("reference completion)" in n for n in notes):
        return design.amended(design.tables, notes)
    return amended_if_valid(design, tables, notes, "reference completion")


def prompt(a: TableDesign, b: TableDesign, sentence: str) -> list[dict[str, str]]:
    """Fixed text first (rules, demonstrations), the two tables and the sentence last."""
    return chat_messages(SYSTEM, DEMONSTRATIONS, f"Tables:\n{_line(a)}\n{_line(b)}\nSentence: {sentence}")


def _line(table: TableDesign) -> str:
    return f"{table.name}({', '.join(c.name for c in table.columns)})"


def asked_pairs(design: SchemaDesign) -> list[tuple[str, str, str]]:
    """(sentence, table, table) for every pair the module docstring says is asked, in order."""
    patterns = table_patterns(design)
    # a word spelling a column with the next one names the column, unless the column is the table's own
    # ("an invoice number" names the invoice; "a delivery address" the customer's, not a delivery)
    columns = {t.name: {c.name for o in design.tables if o.name != t.name for c in o.columns} for t in design.tables}
    verbs = _event_verbs(design)
    others = "|".join(f"(?:{p})" for p in patterns.values())
    asked: list[tuple[str, str, str]] = []
    seen: set[frozenset[str]] = set()
    sentences = split_sentences(design.requirement)
    # whole sentences first, then the statements after a semicolon, which have subjects of their own
    for whole, sentence in [(s, s) for s in sentences] + later_statements(sentences):
        statement, text, whole = sentence != whole, sentence.lower(), whole.lower()
        found = sorted((at, name) for name, pattern in patterns.items()
                       if (at := _mention(pattern, text, columns[name], others)) >= 0)
        if statement and (not found or not SUBJECT_START.match(text[:found[0][0]])):
            continue  # "...; for each test run on a sample we store ...": no subject of its own
        named = [name for _, name in found]
        mentioned = tables_named(whole, patterns)  # as a column too
        for b in named[1:]:
            a = named[0]
            # an event verb between the two ("a member inspects a hive") says what relates them
            between = text[min(found)[0]:next(at for at, name in found if name == b)]
            enacted = [name for name, pattern in verbs.items() if re.search(pattern, between)]
            a, b = _held_by_event(design, a, b, enacted)
            pair = frozenset((a, b))
            if (pair in seen or _listed(text, patterns[a], patterns[b], others)
                    or design.table(a).related_to(design.table(b)) or associated(design.tables, a, b)
                    or any({a, b} <= set(design.table(third).parents) for third in mentioned + enacted if third not in pair)
                    or (_counted(MANY_BEFORE, patterns[a], whole) and _counted(MANY_BEFORE, patterns[b], whole))):
                continue
            seen.add(pair)
            asked.append((sentence, a, b))
    return asked


SUBJECT_START = re.compile(r"^(?:(?:a|an|the|each|every|one|its|their|our)\s+)?$")


def later_statements(sentences: list[str]) -> list[tuple[str, str]]:
    """(sentence, statement) for each statement after a semicolon: one that starts with a table
    has a subject of its own ("an institution sends one or more teams; a team is made up of two
    debaters" relates the team to its debaters, which the sentence's subject, the institution,
    does not). What the whole sentence says still holds for the statement: "a sample can be
    analysed by several tests and the same test is run on many samples; ..." counts both sides
    many, and a table the sentence names that refers to both already relates them. Asked after
    every whole sentence, so these questions only use what MAX_QUESTIONS leaves."""
    return [(sentence, part) for sentence in sentences for part in re.split(r"\s*;\s+", sentence)[1:] if part]


LIST_SEPARATOR = r"[\s,;/]*(?:(?:and|or)\b[\s,;/]*)?"


def _listed(text: str, a: str, b: str, tables: str) -> bool:
    """`a` and `b` (patterns) named as items of one list ("walls, projects, artists and funding";
    "launch sites, fields and parks"): nothing but separators and other tables' names between
    them. A list names things; it relates none of them."""
    between = rf"(?:{LIST_SEPARATOR}(?:{tables}))*?{LIST_SEPARATOR}"
    return any(re.search(rf"(?:{x}){between}(?:{y})", text) for x, y in ((a, b), (b, a)))


EVENT_SUFFIXES = ("ation", "ion", "ment", "ing", "al", "y")
KEEPING_VERBS = {"record", "list", "note", "track", "log"}  # what the requirement does with data, no event


def _event_verbs(design: SchemaDesign) -> dict[str, str]:
    """Each table named like an event, with the pattern of its verb: `inspection` is enacted by
    "inspects", `booking` by "booked", `delivery` by "delivers"; the noun itself is no match."""
    verbs = {}
    for table in design.tables:
        words = name_words(table.name)
        if len(words) == 1 and (stem := _verb_stem(words[0])) is not None and stem not in KEEPING_VERBS:
            verbs[table.name] = rf"\b{re.escape(stem)}e?(?:s|es|ed|d)?\b"
    return verbs


def _verb_stem(noun: str) -> str | None:
    """The verb an event noun is made from: `inspection` -> inspect, `booking` -> book."""
    return next((noun[:-len(s)] for s in EVENT_SUFFIXES if noun.endswith(s) and len(noun) - len(s) >= 4), None)


def _held_by_event(design: SchemaDesign, a: str, b: str, enacted: list[str]) -> tuple[str, str]:
    """The pair to ask about: where the sentence enacts an event table that refers to one of `a`
    and `b` ("a member inspects a hive", `inspection` referring to hive), the event and the other
    one, because the event holds who did it (`inspection.member_id`, not `hive.member_id`)."""
    for event in enacted:
        if event in (a, b):
            continue
        parents = set(design.table(event).parents)
        if (a in parents) != (b in parents):
            return (event, b) if a in parents else (event, a)
    return a, b


def _mention(pattern: str, text: str, columns: set[str], tables: str) -> int:
    """Where `text` first names the table, or -1; a word that with the next one spells a column
    names that column, not the table ("a delivery address" beside `customer.delivery_address`),
    and one just before another table's name qualifies that table ("onto airline master air
    waybills": a master air waybill, not the airline); one after "the number of" or "how many" is a
    count the subject keeps ("the maximum number of passengers"), not its rows."""
    for m in re.finditer(pattern, text):
        if QUANTITY_OF.search(text[:m.start()]):
            continue
        after = re.match(r"[\s-]+([a-z]+)", text[m.end():])
        spells_a_column = after is not None and "_".join(name_words(m.group()) + [after.group(1)]) in columns
        if not spells_a_column and not re.match(rf"[\s-]+(?:{tables})", text[m.end():]):
            return m.start()
    return -1


# "the number of passengers", "how many rooms": a count (a column); "a number of rooms" counts them many
QUANTITY_OF = re.compile(r"(?<!\ba )(?<!\bany )\b(?:number|count|amount|quantity|total) of\s+(?:(?:the|our|its|their)\s+)?$"
                         r"|\bhow many\s+$")


def table_patterns(design: SchemaDesign) -> dict[str, str]:
    """Each table's pattern: its name, or its last word alone when no other table ends in it
    ('dual_control_car' is named by "one of the cars") and it says what a row is (not a `type`)."""
    last_words = [name_words(t.name)[-1:] for t in design.tables]
    patterns = {}
    for table, last in zip(design.tables, last_words):
        pattern = name_pattern(table.name)
        if pattern and len(name_words(table.name)) > 1 and last_words.count(last) == 1 and last[0] not in CATEGORY_WORDS:
            pattern = name_pattern(last[0]) or pattern
        if pattern:
            patterns[table.name] = pattern
    return patterns


def associated(tables: Iterable[TableDesign], a: str, b: str) -> bool:
    """A table keyed by references to both relates them many-to-many already."""
    for t in tables:
        keyed = {fk.ref_table for fk in t.foreign_keys if set(fk.columns) <= set(t.primary_key)}
        if {a, b} <= keyed:
            return True
    return False


MANY_BEFORE = r"\b(?:many|several|multiple|various|numerous|one or more|two or more|a number of|any number of)\s+(?:[a-z-]+\s+){0,2}"
ONE_BEFORE = r"\b(?:one(?! or)(?:\s+of\s+(?:the|our|its|their))?|a single|exactly one|only one|just one)\s+(?:[a-z-]+\s+){0,2}"


# "<x> is one staging of a <y>", "<x>s are the individual nights of a <y>": each x is of one y
PART_OF_ONE = r"\s+(?:is|are)\s+(?:one|a|an|the)\s+(?:[a-z-]+\s+){1,2}of\s+(?:a|an|one|the|its|their)\s+"
# "a quote becomes exactly one installation": the installation is made from the quote, and holds it
BECOMES = r"\s+(?:becomes|turns into|is turned into|is converted into)\s+(?:exactly\s+)?(?:one|a|an)\s+(?:[a-z-]+\s+)?"
# "commissions are new instruments ordered by a customer", "a flight is flown by one pilot": the
# thing done holds who did it (one doer: "written by one or more authors" is no such reference)
DONE_BY = (r"(?:(?!\b(?:and|but|while|whereas|who|which|that)\b)[^,]){0,50}?\b[a-z]+(?:ed|en|wn|ht)"
           r"(?:\s+(?:out|up|off|over))?\s+by\s+"
           r"(?:a|an|the|exactly\s+one|a\s+single|one(?!\s+or\b)(?:\s+of\s+(?:our|the|its|their))?)\s+(?:[a-z-]+\s+){0,2}?")
# the doer's name ends there: "ordered by one client contact" names a contact, not the client
DOER_END = (r"(?=\s*(?:[,.;:)]|$)|\s+(?:and|or|with|who|whom|which|that|for|on|in|at|to|from|of|as|but|while|when|"
            r"because|so|if|before|after|during|each|every)\b)")
# "we write down which clock each game was played with": each game holds one clock
WHICH_ONE_OF = r"\bwhich\s+(?P<one>{one})\s+(?:each|every|the|a|an|this|that)\s+(?:[a-z-]+\s+)?{holder}"


def counted_direction(sentence: str, child: str, parent: str, patterns: dict[str, str], subject: str) -> tuple[str, str]:
    """(child, parent) turned round where the sentence counts the other way: the answer put the
    reference in `child`, but the sentence says there are many of `parent` ("a customer can own
    many properties") or one `child` ("every customer belongs to one route"); without a count, a
    table the sentence names only in the plural beside its singular `subject` is the many side
    ("during an inspection the officer may record breaches"). A 1.5B model gets the side of a
    one-to-many reference wrong about as often as it names one; the sentence's number is the
    better witness. (A plural subject says nothing: "regular hirers have a standing arrangement".)
    Before any count, a row said to be one part of another is the child: "a production is one
    staging of a play", "performances are the individual nights of a production"; so is the
    event a row undergoes: "each booking is invoiced once" puts the booking in the invoice; so is
    what a row becomes ("a quote becomes exactly one installation": the installation's quote), the
    row a "which one" is asked of ("which clock each game was played with": the game's clock) and
    the thing done by one doer ("commissions are instruments ordered by a customer")."""
    text = sentence.lower()
    for x, y in ((child, parent), (parent, child)):  # "a production is one staging of a play": the production's play
        if re.search(patterns[x] + PART_OF_ONE + patterns[y].removeprefix(r"\b"), text):
            return x, y
        if re.search(patterns[y] + BECOMES + patterns[x].removeprefix(r"\b"), text):
            return x, y
        if re.search(patterns[x] + DONE_BY + patterns[y].removeprefix(r"\b") + DOER_END, text):
            return x, y
        which = re.search(WHICH_ONE_OF.format(one=patterns[y].removeprefix(r"\b"), holder=patterns[x].removeprefix(r"\b")),
                          text)
        if which and not is_plural(which.group("one").split()[-1]):  # "which skills each agent has" counts many
            return x, y
        if (done := _done_to(x)) and re.search(patterns[y] + r"\s+(?:is|are)\s+(?:[a-z]+\s+)?" + done, text):
            return x, y  # "each booking is invoiced once": the invoice holds its booking
    many_parent, many_child = _counted(MANY_BEFORE, patterns[parent], text), _counted(MANY_BEFORE, patterns[child], text)
    one_parent, one_child = _counted(ONE_BEFORE, patterns[parent], text), _counted(ONE_BEFORE, patterns[child], text)
    if many_parent or many_child or one_parent or one_child:
        if (many_parent and not many_child) or (one_child and not one_parent):
            return parent, child
        return child, parent
    other = parent if child == subject else child
    if _numbers(patterns[subject], text) == {False} and _numbers(patterns[other], text) == {True} and other == parent:
        return parent, child
    return child, parent


def _done_to(table: str) -> str | None:
    """The past participle of the verb a one-word table names, as a pattern: `invoice` ->
    "invoiced", `review` -> "reviewed", `inspection` -> "inspected", `booking` -> "booked"."""
    words = name_words(table)
    if len(words) != 1 or len(words[0]) < 4:
        return None
    stems = [words[0]] + [stem for stem in [_verb_stem(words[0])] if stem]
    return r"\b(?:" + "|".join(re.escape(stem) + "e?d" for stem in stems) + r")\b"


def _numbers(pattern: str, text: str) -> set[bool]:
    """Whether each mention of a table in `text` is plural."""
    return {is_plural(m.group().split()[-1].split("-")[-1].split("_")[-1]) for m in re.finditer(pattern, text)}


def _counted(quantifier: str, pattern: str, text: str) -> bool:
    """`text` counts the table `pattern` names with `quantifier` ('several [target] languages')."""
    return bool(re.search(quantifier + pattern.removeprefix(r"\b"), text))


def answered_references(answer: str, a: str, b: str) -> list[tuple[str, str, str]]:
    """(child, column, parent) of each answered line between `a` and `b`, either way round."""
    found = []
    for child, column, parent in ANSWER_LINE.findall(answer):
        child, column, parent = child.lower(), column.lower(), parent.lower()
        if {child, parent} == {a, b} and IDENTIFIER.match(column) and (child, column, parent) not in found:
            found.append((child, column, parent))
    return found


def with_reference(child: TableDesign, parent: TableDesign, column: str, owned: bool = False) -> TableDesign | None:
    """`child` with a reference to `parent` in `column` (named after the parent's key, its role
    word kept), or None when the parent has no single-column key or the column is taken, or the
    child is a list of names, unless the sentence says each of them is `owned` by one parent
    ("every play comes with its list of characters")."""
    if len(parent.primary_key) != 1 or (_code_list(child) and not owned):
        return None
    key = parent.column(parent.primary_key[0])
    name = reference_column(column, parent.name, key.name)
    own_key = key.name[len(parent.name) + 1:] if key.name.startswith(f"{parent.name}_") else key.name
    if child.has_column(name.removesuffix(f"_{own_key}")):  # the 'role' is an attribute: `genre_id` beside `genre`
        name = key_column(parent.name, key.name)
    if name in child.reference_columns or name in child.primary_key:
        return None
    columns = list(child.columns)
    if child.has_column(name):
        columns = [c.model_copy(update={"type": key.type}) if c.name == name else c for c in columns]
    else:
        columns.append(ColumnDesign(name=name, type=key.type, description=f"{parent.name} ({parent.name})"))
    fk = ForeignKeyDesign(columns=[name], ref_table=parent.name, ref_columns=[key.name])
    return child.model_copy(update={"columns": columns, "foreign_keys": [*child.foreign_keys, fk]})


def _code_list(table: TableDesign) -> bool:
    """A list of values (`job_type(job_type_id, name)`): its rows belong to nothing."""
    return not table.foreign_keys and all(
        c.name in table.primary_key or c.name in NAMING | {"description"} for c in table.columns)


def reference_column(column: str, parent: str, key: str) -> str:
    """The answered column named the design's way: the parent's own reference name for a plain
    reference (`team_id` or `team` -> `team_id`; `room_id` -> `room_number` for a room keyed by its
    number), `<role>_<key>` for a role (`keyholder_id`; `main_instructor_adi_number` for an
    instructor keyed by `adi_number`)."""
    plain = key_column(parent, key)
    own_key = key[len(parent) + 1:] if key.startswith(f"{parent}_") else key  # 'id' of team_id
    stem = column
    for suffix in (f"_{key}", f"_{own_key}", "_id"):
        if stem.endswith(suffix) and len(stem) > len(suffix):
            stem = stem[: -len(suffix)]
            break
    stem_words, parent_words = stem.split("_"), parent.split("_")
    if stem in (key, own_key, "id") or parent_words[-len(stem_words):] == stem_words:
        return plain
    return f"{stem}_{own_key}"


# "one of the ringers acts as the conductor of the peal", "one driller is appointed foreman of every
# job", "one member is appointed its chief marshal", "for every booking one volunteer acts as keyholder"
APPOINTED = re.compile(
    r"\bone\s+(?:of\s+(?:the|our|its|their|them)\s+)?(?P<player>[a-z-]+(?:\s+[a-z-]+)?)\s+"
    r"(?:acts|serves|is\s+appointed|is\s+named|is\s+chosen|is\s+designated|is\s+elected)(?:\s+as)?\s+"
    r"(?:the\s+|its\s+|their\s+|an?\s+)?(?P<role>[a-z-]+(?:\s+[a-z-]+)?)")
ROLE_ENDS = {"of", "for", "and", "or", "on", "at", "in", "to", "with", "by", "from", "who", "which", "that", "while",
             "whom", "during", "responsible", "when", "if", "but"}


def appointed_roles(design: SchemaDesign) -> SchemaDesign:
    """`design` with the references a sentence states as one row appointed to a role of another:
    "one of the ringers acts as the conductor of the peal" -> `peal.conductor_<key> -> ringer`.

    Why: a role filled by one of the rows of a table the design has (a foreman among the drillers,
    an arbiter among the players, a keyholder among the volunteers) is a reference from the table
    the role is of to the table of its players, named after the role. Drafting a whole schema the
    small model drops it (it usually has the many-to-many between the two, "several drillers work
    on a job", and stops there), and reference completion does not ask about two tables an
    association relates already. In the development sets' requirements every such sentence (8 of
    8) has exactly this reference in the reference schema. Read without the LLM, so the rule
    designer gets it too.

    The table the role is of: the one named right after the role ("of every job", "for each
    tournament"), else the last table the sentence names before the appointment other than the
    player's ("a stage has ..., and one member is appointed its chief marshal"). Nothing is added
    when the role is a table itself (designer/roles.py folds role tables), when the table refers to
    the player's table under the role already, or when the player's table has no single-column key.
    A column of the table named as the role (`chief_marshal TEXT`) becomes the reference, and a
    plain reference of the table to the players' table beside it goes (_plain_reference).
    Two roles a colon names after two rows are read the same way ("two members carry a
    production: the director ... and the stage manager"; _named_pair): in the read sets'
    requirements each of the 5 roles so named is a reference of its table to the players' table."""
    tables = {t.name: t for t in design.tables}
    patterns = table_patterns(design)
    notes: list[str] = []
    for sentence in split_sentences(design.requirement):
        text = " ".join(sentence.lower().split())
        for player, holder, role in [*_appointed(text, patterns), *_named_pair(text, patterns)]:
            if not role or snake(role) in tables or len(tables[player].primary_key) != 1:
                continue
            updated = _with_role_reference(tables[holder], tables[player], snake(role))
            if updated is not None:
                tables[holder] = updated
                notes.append(f"{holder}: added the reference to {player} for its {role} from the sentence "
                             f"{sentence[:80]!r} (one of them appointed to a role)")
            has_role = any(fk.ref_table == player and snake(role) in fk.columns[0] for fk in tables[holder].foreign_keys)
            if has_role and (plain := _plain_reference(tables[holder], tables[player], tables)) is not None:
                tables[holder] = _without_reference(tables[holder], plain)
                notes.append(f"{holder}: dropped {plain}, a reference to {player} beside its {role}: the sentence "
                             "says which of them it refers to, and no other")
    return amended_if_valid(design, tables, notes, "appointed roles")


def counted_many_both_ways(design: SchemaDesign) -> SchemaDesign:
    """`design` without a reference of one column that repeats, wrongly, a many-to-many the
    design holds already: "a student can enrol in many courses and a course has many students"
    drawn as `enrolment(student, course)` and, beside it, `student.course_number`.

    Why: one column holds one row, so `student.course_number` says a student takes one course,
    which the sentence denies by counting both tables as many; the association that relates the
    two says the rest. The model writes such a column beside the association it also drew, and so
    do the rules where they read a pair both ways. On the read sets' designs (both designers) the
    reference schema never has the column so dropped.

    Only a plain reference (named after its parent, no role: a team's `captain_id` is another
    relation than its players), of one column that is no key and that nothing refers to, where a
    sentence counts both tables as many ("several", "many", "one or more" before each) and another
    table refers to both. Where no table relates the two, the column stays: turned into a new
    association table, it lowered 3 pairs of 3 on the LLM path (the sentence's count was of
    another relation between them). Nothing here knows a domain."""
    tables = {t.name: t for t in design.tables}
    patterns = table_patterns(design)
    sentences = [" ".join(s.lower().split()) for s in split_sentences(design.requirement)]
    notes: list[str] = []
    for name in list(tables):
        for parent in dict.fromkeys(p for p in tables[name].parents if p != name and p in tables):
            holder = tables[name]
            column = _plain_reference(holder, tables[parent], tables)
            if (column is None or name not in patterns or parent not in patterns
                    or not any({name, parent} <= set(t.parents) for t in tables.values())):
                continue
            said = next((s for s in sentences if _counted(MANY_BEFORE, patterns[name], s)
                         and _counted(MANY_BEFORE, patterns[parent], s)), None)
            if said is None:
                continue
            tables[name] = _without_reference(holder, column)
            notes.append(f"{name}: dropped {column}, one {parent} per row, where the sentence "
                         f"{said[:80]!r} counts both as many and another table relates them")
    return amended_if_valid(design, tables, notes, "many-to-many references")


def _without_reference(table: TableDesign, column: str) -> TableDesign:
    """`table` without the reference column `column` and its reference (a _plain_reference that
    a role or an association has made redundant)."""
    return table.model_copy(update={"columns": [c for c in table.columns if c.name != column],
                                    "foreign_keys": [fk for fk in table.foreign_keys if fk.columns != [column]]})


def _plain_reference(holder: TableDesign, player: TableDesign, tables: dict[str, TableDesign]) -> str | None:
    """The column of `holder`'s reference to `player` named after the player alone (`member_id`,
    `membership_number`): one that a role or an association may make redundant (also read by
    counted_many_both_ways). Beside the role the sentence appoints: "a stage has a start point ...,
    and one member is appointed its chief marshal" relates the stage to one member, its chief
    marshal; a plain `stage.membership_number` beside `stage.chief_marshal_membership_number` is
    that relation read a second time, without the role (reference completion and the rules read
    the same sentence). None when there is none, or it keys the holder or another table refers to
    it."""
    for fk in holder.foreign_keys:
        column = fk.columns[0]
        if (fk.ref_table == player.name and len(fk.columns) == 1 and names_the_entity(column, player)
                and column not in holder.primary_key and not referred_to(holder.name, column, tables)):
            return column
    return None


def _appointed(text: str, patterns: dict[str, str]) -> list[tuple[str, str, str]]:
    """(player, holder, role) of each "one of the ringers acts as the conductor of the peal"."""
    found = []
    for m in APPOINTED.finditer(text):
        player = _table_named(m.group("player"), patterns)
        role = " ".join(_role_words(m.group("role")))
        holder = _role_holder(text, m.start(), m.start("role") + len(role), player, patterns) if player else None
        if player and holder and holder != player:
            found.append((player, holder, role))
    return found


# "two members carry a production: the director, whom we always have, and the stage manager"
NAMED_PAIR = re.compile(r"\btwo\s+(?P<player>[a-z-]+)\b[^:]*:\s*(?P<roles>.+)$")
# each role up to its comma or "and": "... each flight: a captain and a first officer"
ROLE_ITEM = re.compile(r"(?:^|,?\s+and\s+|,\s+)(?:the|an?)\s+(?P<words>[a-z -]+?)(?=,|\s+and\s+|[.;]|$)")


def _named_pair(text: str, patterns: dict[str, str]) -> list[tuple[str, str, str]]:
    """(player, holder, role) of each role a colon names after two rows of a table: "two members
    carry a production: the director, whom we always have, and the stage manager" gives the
    production a director and a stage manager among the members. The holder is the other table
    the sentence names before the colon; "the one who plays white" names no role."""
    m = NAMED_PAIR.search(text)
    player = _table_named(m.group("player"), patterns) if m else None
    if m is None or player is None:
        return []
    before = text[: m.start("roles")]
    holders = set(tables_named(before, patterns)) - {player}
    if len(holders) != 1:
        return []
    holder = holders.pop()
    roles = [" ".join(_role_words(item.group("words"))) for item in ROLE_ITEM.finditer(m.group("roles"))]
    return [(player, holder, role) for role in roles if role and role.split()[0] != "one"]


def _table_named(phrase: str, patterns: dict[str, str]) -> str | None:
    """The design's table a whole phrase names ('ringers' -> ringer), if any."""
    return next((t for t, p in patterns.items() if re.fullmatch(p.removeprefix(r"\b"), phrase)), None)


def amended_if_valid(design: SchemaDesign, tables: dict[str, TableDesign], notes: list[str], step: str) -> SchemaDesign:
    """`design` with a step's changed `tables` and its `notes`, repaired and validated; the design
    as it was, with a note, when the change fails validation (a step that adds references must
    never lose the whole design); itself when the step noted nothing."""
    if not notes:
        return design
    try:
        return checked(repair(design.amended(list(tables.values()), notes)))
    except (DesignFailed, DesignInvalid) as exc:
        return design.amended(design.tables, [f"{step} not kept: {exc}"])


def _role_words(phrase: str) -> list[str]:
    """The role's words, up to the first word that ends it ('foreman responsible for' -> foreman)."""
    words: list[str] = []
    for word in phrase.split():
        if word in ROLE_ENDS:
            break
        words.append(word)
    return words


def _role_holder(text: str, start: int, role_end: int, player: str, patterns: dict[str, str]) -> str | None:
    """The table the role is of (see appointed_roles): `start` is where the appointment begins,
    `role_end` where the role's words end."""
    after = text[role_end:]
    for name, pattern in patterns.items():
        if re.match(r"\s+(?:of|for|on|at|in)\s+(?:the|each|every|a|an|this|that|its)\s+" + pattern.removeprefix(r"\b"),
                    after):
            return name
    return named_last(text[:start], patterns, player)


def tables_named(text: str, patterns: dict[str, str]) -> list[str]:
    """The tables `text` names anywhere (table_patterns), in the patterns' order."""
    return [name for name, pattern in patterns.items() if re.search(pattern, text)]


def named_last(text: str, patterns: dict[str, str], other_than: str) -> str | None:
    """The table `text` names last, other than `other_than`."""
    named = [(hit.start(), name) for name, pattern in patterns.items() if name != other_than
             for hit in re.finditer(pattern, text)]
    return max(named)[1] if named else None


def _with_role_reference(holder: TableDesign, player: TableDesign, role: str) -> TableDesign | None:
    """`holder` with `<role>_<player key>` referring to `player`, or None when it has the role already."""
    key = player.column(player.primary_key[0])
    name = reference_column(f"{role}_id", player.name, key.name)
    held = [fk.columns[0] for fk in holder.foreign_keys if fk.ref_table == player.name and len(fk.columns) == 1]
    if any(role in column for column in held) or name in holder.primary_key or name in holder.reference_columns:
        return None
    # a text column the draft gave the role ('chief_marshal', 'foreman_name') is the reference now
    replaced = {role, f"{role}_name", name} - set(holder.primary_key) - holder.reference_columns
    columns = [c for c in holder.columns if c.name not in replaced]
    at = next((i for i, c in enumerate(holder.columns) if c.name in replaced), len(columns))  # its place
    columns.insert(at, ColumnDesign(name=name, type=key.type, description=f"{role.replace('_', ' ')} ({player.name})"))
    fk = ForeignKeyDesign(columns=[name], ref_table=player.name, ref_columns=[key.name])
    return holder.model_copy(update={"columns": columns, "foreign_keys": [*holder.foreign_keys, fk]})
