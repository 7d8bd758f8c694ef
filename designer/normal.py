"""Third normal form for a drafted design: columns that describe another entity move to that
entity's table, and the table refers to it.

Why: a small model often writes the attributes of a related entity into the table that mentions
it: `meeting(..., venue_name, venue_address)`, `fabric(..., supplier_name, supplier_email)`,
`wall(..., owner_name, owner_phone)`. Those columns depend on the venue, not on the meeting's key
(a transitive dependency), and the relationship they stand for is lost. A reference design has
a `venue` table and `meeting.venue_id`.

The evidence is only in the names and the requirement, never in a domain word: two or more columns
of one table share a prefix that names something the requirement mentions, it is not the table's own
name, and at least one of them names or identifies it (`_name`, `_title`, or an identifier head such
as `_code`, `_number`). The group becomes a table named after the prefix, keyed by a surrogate
`<prefix>_id` unless the group holds an identifier, and the table keeps a reference to it; when the
design already has a table of that name, or the prefix is such a table in a role
(`regular_driver_name, regular_driver_phone` beside a `driver` table), the group is replaced by a
reference to it (`regular_driver_id`). A name alone (`works_order.contractor_name`) is such a group
too when the requirement speaks of the thing itself somewhere ("ordered from contractors", "one
contractor"), not only of its name ("the landowner's name", "a stage name", "a guest whose name we
print", "the name of the operator"), and of more than the writer's own organisation or what the rows
are ("we are a courier company", "our clients are companies"): the model wrote down who, the
requirement says there is a who. A pair table named after a table it refers to and the other side
(`project_sponsor(project_id, sponsor_name, contact_email, amount)`, no `sponsor` table) holds that
side by its name: the name and the pair's contact details become the `sponsor` table, and the pair
refers to it. Last, after every prompt, an attribute a table copies from a table it refers to goes
where the requirement gives it only to that table (copied_attributes_dropped: `production.title`
beside "a play has a title"), or where its name says whose it is (`event.organiser_contact_email`
beside `organiser.contact_email`); one named after that table which that table lacks moves there
where the wording gives it that table (parent_attributes_moved: `quilt.published_pattern_designer`
-> `published_pattern.designer`). Every change is noted.
"""

from __future__ import annotations

import re
from collections import defaultdict

from text2db.designer.facts import ID_HEADS, only_adjectives
from text2db.designer.reconcile import NAMING
from text2db.designer.repair import any_table_pattern, name_pattern, name_words
from text2db.schemas.design import ColumnDesign, ForeignKeyDesign, SchemaDesign, TableDesign

DESCRIBING = {"email", "phone", "address", "website", "url", "contact", "telephone", "mobile", "fax", "postcode"}
TWO_WORD_SUFFIXES = {"phone_number", "email_address", "contact_number", "street_address", "postal_address"}


def entities_out_of_columns(design: SchemaDesign) -> SchemaDesign:
    """`design` with the column groups that describe another entity moved to its table (above)."""
    tables = {t.name: t for t in design.tables}
    text = design.requirement.lower()
    qualified = _qualifier_pattern(design)
    adjectives = only_adjectives(design.requirement)  # "a full name": `full` names no thing
    groups: dict[str, list[tuple[str, ColumnDesign, str]]] = defaultdict(list)  # prefix -> (table, column, suffix)
    for table in design.tables:
        by_prefix: dict[str, list[tuple[ColumnDesign, str]]] = defaultdict(list)
        for column in table.columns:
            if column.name in table.primary_key or column.name in table.reference_columns:
                continue
            split = _prefix_and_suffix(column.name)
            if split is not None:
                by_prefix[split[0]].append((column, split[1]))
        for prefix, found in by_prefix.items():
            if name_words(prefix)[-1] in adjectives:
                continue
            pair_side = _other_side_of_a_pair(prefix, table, set(tables))
            if _describes_another(prefix, table.name, [s for _, s in found], text, qualified, pair_side):
                groups[prefix] += [(table.name, column, suffix) for column, suffix in found]
                if pair_side:  # the pairing has no phone or email of its own
                    taken = {column.name for column, _ in found}
                    groups[prefix] += [(table.name, c, c.name) for c in _contact_columns(table) if c.name not in taken]
    notes: list[str] = []
    for prefix, members in groups.items():
        existing = _named_table(prefix, tables)
        parent = tables[existing] if existing else _entity_table(prefix, members)
        if len(parent.primary_key) != 1:
            continue
        key = parent.column(parent.primary_key[0])
        own_key = key.name[len(parent.name) + 1:] if key.name.startswith(f"{parent.name}_") else key.name
        reference = f"{prefix}_{own_key}"  # `venue_id`; with a role, `regular_driver_id` for a driver
        for child in dict.fromkeys(name for name, _, _ in members):
            moved = {column.name for name, column, _ in members if name == child}
            tables[child] = referring(tables[child], moved, reference, parent.name, key)
            notes.append(f"{child}: {', '.join(sorted(moved))} describe {parent.name}: moved there, "
                         f"{child}.{reference} refers to it (third normal form)")
        tables.setdefault(parent.name, parent)
    return design.amended(list(tables.values()), notes)


def _named_table(prefix: str, tables: dict[str, TableDesign]) -> str | None:
    """The design's table the prefix names: the same words, else the longest table whose words
    end the prefix (`regular_driver` is a `driver` in a role)."""
    words = name_words(prefix)
    ending = [t for t in tables if words[-len(name_words(t)):] == name_words(t)]
    return max(ending, key=lambda t: len(name_words(t)), default=None)


def _prefix_and_suffix(column: str) -> tuple[str, str] | None:
    words = column.split("_")
    for size in (2, 1):
        suffix = "_".join(words[-size:])
        if len(words) > size and (suffix in TWO_WORD_SUFFIXES if size == 2 else suffix in NAMING | DESCRIBING):
            return "_".join(words[:-size]), suffix
    return None


def _describes_another(prefix: str, table: str, suffixes: list[str], text: str, qualified: str,
                       pair_side: bool = False) -> bool:
    """Two or more columns, one naming or identifying, a prefix that is not the table's own name
    (nor a word of it: `job_number` in `repair_job`, unless it is the other side of a pair,
    `pair_side`, see `_other_side_of_a_pair`) and that the requirement mentions; or a name alone
    (`works_order.contractor_name`) when the requirement speaks of the thing itself, not only of
    its name ("ordered from contractors", "one contractor"), nor only of the writer's own
    organisation ("we are a courier company", then "the company owns...") or of what the rows are
    ("our clients are companies": `client.company_name` is the client's own name)."""
    if not NAMING & set(suffixes) or (len(suffixes) < 2 and suffixes != ["name"]):
        return False
    own = name_words(table)
    if name_words(prefix) == own or name_words(prefix)[-1:] == own[-1:] and not pair_side:
        return False
    pattern = name_pattern(prefix)
    if pattern is None:
        return False
    if len(suffixes) >= 2:
        return re.search(pattern, text) is not None
    found = list(re.finditer(pattern, text))
    last_word = name_words(prefix)[-1]  # "our mechanics" are the rows of a table, "our company" the writer
    if any(WE_ARE.search(text[:m.start()]) and m.group(0).split()[-1] == last_word for m in found):
        return False  # "we are a courier company": the company is the writer's, and `company_name` a column
    return any(re.match(qualified, text[m.end():]) is None and NAME_OF.search(text[:m.start()]) is None
               and THEY_ARE.search(text[:m.start()]) is None for m in found)


def _other_side_of_a_pair(prefix: str, table: TableDesign, design_tables: set[str]) -> bool:
    """`project_sponsor (project_id -> project, sponsor_name, contribution_amount)`: a table named
    after a table it refers to and then the prefix, which no table of the design is, pairs that
    table with a thing the model wrote down by its name ("projects are funded by sponsors (a name
    and contact email), ... contributing a specific amount to each"): the sponsor is an entity of
    its own, and its name is no fact of the pairing."""
    own, words = name_words(table.name), name_words(prefix)
    first = own[:-len(words)] if len(own) > len(words) and own[-len(words):] == words else []
    # the parent named as the table starts, or by its last words (`mural_project` for `project_sponsor`)
    return bool(first) and prefix not in design_tables and any(
        name_words(parent)[-len(first):] == first for parent in table.parents)


def _contact_columns(table: TableDesign) -> list[ColumnDesign]:
    """The table's own columns of a contact detail (`contact_email`, `phone`)."""
    return [c for c in table.columns if c.name not in table.primary_key and c.name not in table.reference_columns
            and ((split := _prefix_and_suffix(c.name)) is not None and split[1] in DESCRIBING | TWO_WORD_SUFFIXES
                 or c.name in DESCRIBING)]


# the organisation writing the requirement, named as what it is ("we are a bicycle courier company",
# "our village hall charity"): no entity of its own design
WE_ARE = re.compile(r"\b(?:we\s+are|we're|our)\s+(?:an?\s+)?(?:(?!(?:are|is|was|were|have|has)\b)[a-z-]+\s+){0,3}$")
# what the rows of a table are ("our clients are companies", "whether they're a registered
# charity"): a kind, not another thing they name
THEY_ARE = re.compile(r"\b(?:are|is|they're|it's)\s+(?:all\s+)?(?:an?\s+)?"
                      r"(?:(?!(?:at|in|on|by|for|to|from|with|of|into|under)\b)[a-z-]+\s+)?$")
NAME_OF = re.compile(r"\bnames? of (?:the |a |an |its |their |each |every )?(?:[a-z]+ ){0,2}$")  # "the name of the operator"


def _qualifier_pattern(design: SchemaDesign) -> str:
    """What makes a mention a qualifier, not the thing: a naming or describing word after it, or
    a table's name ("the landowner's name", "a short code", "the road bridges")."""
    words = "|".join(sorted(NAMING | DESCRIBING))
    tables = any_table_pattern(design)
    return rf"(?:'s)?[\s-]+(?:(?:whose )?(?:{words})\b" + (f"|{tables})" if tables else ")")


def _entity_table(prefix: str, members: list[tuple[str, ColumnDesign, str]]) -> TableDesign:
    """The entity the group describes: its columns named by their suffixes (the first table's
    type wins), keyed by an identifier the group holds, else by a surrogate `<prefix>_id`."""
    columns: dict[str, ColumnDesign] = {}
    for _, column, suffix in members:
        columns.setdefault(suffix, column.model_copy(update={"name": suffix, "unique": False}))
    identifiers = [s for s in columns if s in ID_HEADS]
    if len(identifiers) == 1:
        key = identifiers[0]
        columns[key] = columns[key].model_copy(update={"nullable": False})
        ordered = [columns[key]] + [c for s, c in columns.items() if s != key]
    else:
        key = f"{prefix}_id"
        ordered = [ColumnDesign(name=key, type="INTEGER", nullable=False, description=f"identifier of the {prefix}")]
        ordered += list(columns.values())
    return TableDesign(name=prefix, columns=ordered, primary_key=[key],
                       description=f"one row per {prefix.replace('_', ' ')}")


def referring(table: TableDesign, moved: set[str], reference: str, parent: str, key: ColumnDesign) -> TableDesign:
    """`table` without the moved columns and with a nullable reference column to `parent`."""
    columns = [c for c in table.columns if c.name not in moved]
    if not any(c.name == reference for c in columns):
        columns.append(ColumnDesign(name=reference, type=key.type, description=f"the {parent.replace('_', ' ')}"))
    fks = [fk for fk in table.foreign_keys if fk.columns != [reference]]
    fks.append(ForeignKeyDesign(columns=[reference], ref_table=parent, ref_columns=[key.name]))
    return table.model_copy(update={"columns": columns, "foreign_keys": fks})


def copied_attributes_dropped(design: SchemaDesign) -> SchemaDesign:
    """`design` without the attributes a table copies from a table it refers to: a value the
    requirement gives only the parent (`production.title`, `production.playwright` where "a play
    has a title, a playwright and a genre" and a production is "one staging of a play") is
    reached through the reference, and a copy of it depends on the parent's key, not the
    table's (third normal form). A column goes when it is an attribute of both (neither key nor
    reference), and every clause of the requirement that writes its words speaks of the parent
    and none of the table (for a pair table: of both its parents together). A `name` stays:
    each thing has its own. Done last, after every prompt, so no prompt sees fewer columns."""
    attributed = _clauses_with_tables(design)
    by_name = {t.name: t for t in design.tables}
    notes: list[str] = []
    tables = []
    for table in design.tables:
        copied = {c: p for c in sorted(table.own_attributes - {"name"}) if (p := _copied(c, table, by_name, attributed))}
        if copied:
            notes.append(f"{table.name}: dropped {', '.join(f'{c} (of {p})' for c, p in copied.items())}, copies of "
                         "what the requirement gives the table it refers to (third normal form: reached through the reference)")
            table = table.model_copy(update={"columns": [c for c in table.columns if c.name not in copied]})
        tables.append(table)
    return design.amended(tables, notes)


def parent_attributes_moved(design: SchemaDesign) -> SchemaDesign:
    """`design` with each attribute a table names after a table it refers to (`concert.conductor_phone`
    beside `concert.conductor_id`) moved to that table (`conductor.phone`): the value depends on
    the parent's key, not the table's (third normal form), and a document gives it for the parent.
    Only where the wording agrees: a clause that writes the attribute's words names the parent and
    none names the table ("conductors have a name and a phone"; not "a researcher's role in a
    project" for `participation.researcher_role`, nor a reading "taken before each donation" for
    `donation.donor_reading`), and the parent has nothing of the kind yet (no column ending in the
    attribute's last word: `client.maximum_budget` keeps `viewing.client_max_budget` from making a
    second budget). Not from a table keyed by its references (`order_line.product_discount` may be
    the line's), nor through a parent referred to in more than one role (the prefix does not say
    which)."""
    by_name = {t.name: t for t in design.tables}
    attributed = _clauses_with_tables(design)
    moved: dict[str, list[ColumnDesign]] = {}
    notes: list[str] = []
    for table in design.tables:
        if set(table.primary_key) <= table.reference_columns:
            continue
        once = [p for p in set(table.parents) - {table.name} if table.parents.count(p) == 1 and p in by_name]
        own = table.own_attributes
        leaving = {}
        for column in (c for c in table.columns if c.name in own):
            parent = _named_after_parent(column.name, once)
            if parent is None:
                continue
            attribute = column.name.removeprefix(f"{parent}_")
            last = attribute.split("_")[-1]
            if any(c.name == last or c.name.endswith(f"_{last}") for c in [*by_name[parent].columns, *moved.get(parent, [])]):
                continue
            said = _said_with(attribute, attributed)
            if not any(parent in named for named in said) or any(table.name in named for named in said):
                continue  # the wording gives it to the table ('a role in the project') or to no one
            leaving[column.name] = parent
            moved.setdefault(parent, []).append(column.model_copy(update={"name": attribute, "nullable": True,
                                                                          "unique": False}))
        if leaving:
            by_name[table.name] = table.model_copy(update={"columns": [c for c in table.columns if c.name not in leaving]})
            notes.append(f"{table.name}: {', '.join(f'{c} moved to {p}' for c, p in leaving.items())} "
                         "(third normal form: it describes the table it refers to)")
    for parent, columns in moved.items():
        by_name[parent] = by_name[parent].model_copy(update={"columns": [*by_name[parent].columns, *columns]})
    return design.amended([by_name[t.name] for t in design.tables], notes)


# a clause ends at ';' or ':', before 'while' or 'whereas', and before 'and each'/'and every', which
# opens a clause of its own ("venues have an address, and each rehearsal is held at one venue")
CLAUSE_BREAK = re.compile(r"[;:]|,?\s+(?:while|whereas)\s+|,?\s+and\s+(?=(?:each|every)\b)")


def _clauses_with_tables(design: SchemaDesign) -> list[tuple[str, set[str]]]:
    """Each clause of the requirement (CLAUSE_BREAK), lowercase, with the
    design's tables it names; a clause naming none goes on about the one before it in its
    sentence ("each project has a number; it also has a location")."""
    from text2db.designer.complete import named_tables, split_sentences

    found: list[tuple[str, set[str]]] = []
    for sentence in split_sentences(design.requirement):
        before: set[str] = set()
        for clause in CLAUSE_BREAK.split(sentence.lower()):
            named = named_tables(clause, design) or before
            found.append((clause, named))
            before = named
    return found


def _copied(column: str, table: TableDesign, tables: dict[str, TableDesign],
            attributed: list[tuple[str, set[str]]]) -> str | None:
    """The parent `table` refers to whose attribute `column` copies (see copied_attributes_dropped), or None.
    A column named by the parent's name and an attribute the parent has (`event.organiser_contact_email`
    beside `organiser.contact_email`) says whose it is itself, whatever the clauses say; so does a
    column named as the parent's key, which the reference to it holds already
    (`loan.staff_number` beside `loan.officer_staff_number REFERENCES officer(staff_number)`)."""
    parents = set(table.parents) - {table.name}
    owner = _named_after_parent(column, [p for p in parents if p in tables])
    if owner and column.removeprefix(f"{owner}_") in tables[owner].own_attributes - {"name"}:
        return owner
    key_of = next((p for p in sorted(parents) if p in tables and [column] == tables[p].primary_key), None)
    if key_of:
        return key_of
    said = _said_with(column, attributed)
    if not said or any(table.name in named or len(parents) >= 2 and parents <= named for named in said):
        return None
    return next((p for p in sorted(parents) if p in tables and column in tables[p].own_attributes
                 and any(p in named for named in said)), None)


def _said_with(attribute: str, attributed: list[tuple[str, set[str]]]) -> list[set[str]]:
    """The tables named by each clause that writes `attribute`'s words (one other word may come
    between two of them: 'the date of issue')."""
    words = re.compile(r"\b" + r"\W+(?:[a-z]+\W+)?".join(map(re.escape, attribute.split("_"))) + r"s?\b")
    return [named for clause, named in attributed if words.search(clause)]


def _named_after_parent(column: str, parents: list[str]) -> str | None:
    """The table of `parents` whose name starts the column's name (`conductor_phone`: conductor),
    the longest where several do (`team_member_role`: team_member, not team)."""
    return next((p for p in sorted(parents, key=len, reverse=True) if column.startswith(f"{p}_")), None)
