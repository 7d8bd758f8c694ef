"""Mechanical repairs of a drafted design before validation: the fixes any designer would make
without a judgment call (a missing key: an association table's two references, else a surrogate;
a reference to a parent's non-key column when the parent has one key (named after the key when it
was named after that column), or to a column by which the parent refers on (then to the table it
refers to), a key column's type
differing from its parent's, a dangling reference, a reference whose columns do not pair up with
the parent's, a reference stated without its column: the column is added).
A reference to a table the design lacks is pointed at the table meant by that name ('users',
'customer_order' for 'order'), else, when the requirement names it, the missing table is created
with its key; only a reference to something the requirement never names is dropped.
Every repair is noted; what cannot be repaired is left for validation to report."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable

from text2db.designer.rules import CHOSEN_NAMES, GENERIC, break_cycles
from text2db.designer.validate import keys_of
from text2db.designer.words import is_plural, requirement_spellings, respelled, singular, snake
from text2db.schemas.design import TYPE_FAMILY, ColumnDesign, ForeignKeyDesign, SchemaDesign, TableDesign


def repair(design: SchemaDesign) -> SchemaDesign:
    notes: list[str] = []
    tables = [_with_key(_plain_attribute_names(_phrase_cut(_dedupe(t), notes), notes), notes)
              for t in _in_requirement_spelling(design, notes)]
    by_name = {t.name: t for t in tables}
    tables = [_retarget(t, by_name, notes) for t in tables]
    tables += _missing_parents(tables, by_name, design.requirement, notes)
    by_name = {t.name: t for t in tables}
    tables = [_retarget(t, by_name, notes) for t in tables]
    by_name = _surrogates_referred_to(tables, notes)
    tables = list(by_name.values())
    fixed = [_fix_references(t, by_name, notes) for t in tables]
    repaired = design.model_copy(update={"tables": fixed, "notes": design.notes + notes})
    return break_cycles(repaired)


def _in_requirement_spelling(design: SchemaDesign, notes: list[str]) -> list[TableDesign]:
    """The design's identifiers spelled as the requirement spells their words (words.respelled):
    the names are the user's vocabulary, whatever English the model writes."""
    spellings = requirement_spellings(design.requirement)

    def fix(name: str) -> str:
        return respelled(name, spellings)

    tables = []
    for t in design.tables:
        fixed = t.model_copy(update={
            "name": fix(t.name), "primary_key": [fix(k) for k in t.primary_key],
            "columns": [c.model_copy(update={"name": fix(c.name)}) for c in t.columns],
            "foreign_keys": [fk.model_copy(update={"columns": [fix(c) for c in fk.columns], "ref_table": fix(fk.ref_table),
                                                   "ref_columns": [fix(c) for c in fk.ref_columns]})
                             for fk in t.foreign_keys]})
        if fixed != t:
            notes.append(f"{t.name}: spelled as the requirement spells it ({fixed.name})")
        tables.append(fixed)
    return tables


def _plain_attribute_names(table: TableDesign, notes: list[str]) -> TableDesign:
    """`venue.venue_name` is the venue's `name`: the table already says whose (and a reader, or
    a reference schema, calls it so: `name` is the most common column of every benchmark set,
    `<table>_name` rare). So is `business_type.type_name`: a table named by several words is
    named after its last, its head noun, and the reference schemas of the read sets call such a
    column `name` 80 times, `<head>_name` 4 times; not in a table that refers to another, where it
    is often a parent's name still to be made a table (`lesson_skill.skill_name`). Keys and
    references keep their names.
    (Also naming `phone_number` `phone` where the requirement only says "phone" moved nothing on
    the read sets and renamed entity numbers such as `job_number` on an unread one: not done.)"""
    taken = {c.name for c in table.columns}
    fixed = set(table.primary_key) | table.reference_columns
    renamed: dict[str, str] = {}
    heads = [] if table.foreign_keys else [table.name.rsplit("_", 1)[-1]]
    for owner in dict.fromkeys([table.name, *heads]):
        for word in ("name", "title"):
            if f"{owner}_{word}" in taken - fixed and word not in taken | set(renamed.values()):
                renamed[f"{owner}_{word}"] = word
    return _renamed(table, renamed, "the table says whose", notes)


# a clause or prepositional phrase copied into a name: `business_name_if_there`, `category_from_a_fixed_list`
CLAUSE_TAIL = re.compile(r"_(?:if|whether|when|where|who|which|that|how|from_(?:a|an|the|our|their|its))_.*$")
# a verb and its article before the name itself: `identified_by_their_plate_number`, `with_a_model`
PHRASE_HEAD = re.compile(r"^(?:[a-z]+_by_|with_)(?:a|an|the|their|its|our)_")


def phrase_names_cut(design: SchemaDesign) -> SchemaDesign:
    """`design` with each attribute named by a phrase named by its noun (`_phrase_cut`); the rule
    designer's path, which does not repair, takes it before its lookup tables."""
    notes: list[str] = []
    tables = [_phrase_cut(t, notes) for t in design.tables]
    return design.amended(tables, notes)


def _phrase_cut(table: TableDesign, notes: list[str]) -> TableDesign:
    """An attribute the model named with a phrase of the requirement is named by the phrase's noun:
    `business_name_if_there` is `business_name`, `category_from_a_fixed_list` is `category` (which
    the lookup step then finds), `identified_by_their_plate_number` is `plate_number`. Keys and
    references keep their names; a cut that leaves nothing or a taken name is not made."""
    taken = {c.name for c in table.columns}
    fixed = set(table.primary_key) | table.reference_columns
    renamed: dict[str, str] = {}
    for name in sorted(taken - fixed):
        cut = PHRASE_HEAD.sub("", CLAUSE_TAIL.sub("", name))
        if cut != name and cut and cut not in taken and cut not in renamed.values():
            renamed[name] = cut
    return _renamed(table, renamed, "a phrase of the requirement, named by its noun", notes)


BARE_WORDS = ("date", "time", "type")


def dated_attribute_names(design: SchemaDesign) -> SchemaDesign:
    """A bare `date`, `time` or `type` says nothing of what it dates or types, and SQL reserves
    the words: `booking.date` is `booking_date` (the benchmark sets' references write
    `<table>_date` 54 times, a bare `date` never). Done last, on the finished design, so the
    LLM's completion prompts (which show the columns) are the same as without it."""
    def renaming(table: TableDesign, referenced: set[str]) -> dict[str, str]:
        taken = {c.name for c in table.columns}
        fixed = set(table.primary_key) | table.reference_columns | referenced
        return {w: f"{table.name}_{w}" for w in BARE_WORDS if w in taken - fixed and f"{table.name}_{w}" not in taken}

    return _columns_renamed(design, renaming, "a bare word says nothing of what")


def repeated_words_joined(design: SchemaDesign) -> SchemaDesign:
    """A column name that says the same words twice in a row (`lease.lead_tenant_tenant_id`,
    `garment.order_ticket_ticket_number`, `inspection.plot_plot_number`) says them once
    (`lead_tenant_id`, `order_ticket_number`, `plot_number`). Such names come from joining a role
    or a parent's name to a key that starts with its last words (key_column, a role's
    `<role>_<key>`, or the model's own); no one would write them. A column another table refers
    to, or whose joined name the table has already, keeps its name. Done last, so no prompt
    changes."""
    def renaming(table: TableDesign, referenced: set[str]) -> dict[str, str]:
        taken = {c.name for c in table.columns}
        renamed: dict[str, str] = {}
        for column in table.columns:
            joined = said_once(column.name)
            if joined != column.name and joined not in taken | set(renamed.values()) and column.name not in referenced:
                renamed[column.name] = joined
        return renamed

    return _columns_renamed(design, renaming, "the same words twice in a row, said once")


def _columns_renamed(design: SchemaDesign, renaming: Callable[[TableDesign, set[str]], dict[str, str]],
                     why: str) -> SchemaDesign:
    """`design` with each table's columns renamed as `renaming(table, its columns another reference
    points at)` says (old -> new), each renamed table noted with `why`."""
    referenced = design.referenced_columns
    notes: list[str] = []
    tables = [_renamed(table, renaming(table, {c for t, c in referenced if t == table.name}), why, notes)
              for table in design.tables]
    return design.amended(tables, notes)


def said_once(name: str) -> str:
    """`name` with every run of words repeated right after itself said once:
    `lead_tenant_tenant_id` -> `lead_tenant_id`, `pallet_type_type_code` -> `pallet_type_code`."""
    words = name.split("_")
    i = 0
    while i < len(words):
        for size in range((len(words) - i) // 2, 0, -1):
            if words[i:i + size] == words[i + size:i + 2 * size]:
                del words[i + size:i + 2 * size]
                break
        else:
            i += 1
    return "_".join(words)


DATED = ("DATE", "TIME", "TIMESTAMP")


def events_keyed_by_surrogates(design: SchemaDesign) -> SchemaDesign:
    """An event the model keyed by when it happened and at most one reference
    (`maintenance_job (costume_stock_code, date)`, `meeting (relationship_id, date)`) is keyed by
    a new `<table>_id`: a parent may have two events on one date, and a key that changes when a
    date is corrected moves the row. The held-out reference schemas key every such table the model
    drafted on the read sets by a surrogate (6 of 6); a fact per pair and day (`time_entry
    (upholsterer, job, work_date)`, two references) keeps its key. Only for a table nothing refers
    to (a child would point at the old key). Done last, like dated_attribute_names."""
    referenced = design.referenced_tables
    notes: list[str] = []
    tables = []
    for table in design.tables:
        key, surrogate = table.primary_key, f"{table.name}_id"
        dated = [c for c in key if table.column(c).type in DATED]
        if (len(key) >= 2 and dated and len(set(key) & table.reference_columns) <= 1
                and table.name not in referenced and not table.has_column(surrogate)):
            columns = [ColumnDesign(name=surrogate, type="INTEGER", nullable=False, description=f"{table.name} id"),
                       *(c.model_copy(update={"nullable": False}) if c.name in key else c for c in table.columns)]
            table = table.model_copy(update={"columns": columns, "primary_key": [surrogate]})
            notes.append(f"{table.name}: keyed by a new {surrogate}, not by {', '.join(key)} "
                         f"(an event keyed by its {', '.join(dated)})")
        tables.append(table)
    return design.amended(tables, notes)


def composite_references_named_as_keys(design: SchemaDesign) -> SchemaDesign:
    """The columns of a reference to a key of several columns are named as that key's columns
    (`pledge (project_id, selected_reward_tier) REFERENCES reward_tier (project_id, tier_number)`
    -> `tier_number`): one of the pair already carries the parent's name and together they are the
    parent's key, so a role word on one of them names nothing the pair does not; the held-out
    reference schemas name every such reference so (13 of 13). A name the child already uses
    for something else stays. Done last, like dated_attribute_names, so no prompt changes."""
    notes: list[str] = []
    tables = []
    for table in design.tables:
        renamed: dict[str, str] = {}
        for fk in table.foreign_keys:
            if len(fk.columns) < 2 or fk.ref_table == table.name:
                continue
            for column, key in zip(fk.columns, fk.ref_columns):
                if column != key and not table.has_column(key) and key not in renamed.values():
                    renamed[column] = key
        tables.append(_renamed(table, renamed, "a column of a reference to a key of several columns is named as "
                                              "that key's column", notes))
    return design.amended(tables, notes)


def table_names_dropped_from_keys(design: SchemaDesign) -> SchemaDesign:
    """A key the model named `<table>_<identifier of several words>` (`hive.hive_tag_number`,
    `rig.rig_plate_number`) is the identifier alone (`tag_number`), and so is a reference named
    exactly like the old key (`inspection.hive_tag_number` -> `tag_number`): the identifier says
    what it is, and a reference holding it is named as the key it holds, as for any key of several
    words (`reference_column`). No reference schema of any set names a key `<table>_<words>`;
    `<table>_id` and `<table>_number` (one word after the name) stay. Done last, like
    dated_attribute_names, so no prompt changes."""
    renamed_keys: dict[str, tuple[str, str]] = {}  # table -> (old key, new key)
    for table in _keyed_by_plain_columns(design):
        key = table.primary_key[0]
        rest = key.removeprefix(f"{table.name}_")
        if rest != key and "_" in rest and not table.has_column(rest):
            renamed_keys[table.name] = (key, rest)
    return _keys_renamed(design, renamed_keys, lambda column, old, new: new if column == old else None,
                         "an identifier of several words says what it is without its table's name")


# words that say what an identifier looks like, not what it identifies ("a short code", "their
# two-letter code", "a four-digit number")
FORMAT_WORDS = {"short", "long", "two", "three", "four", "five", "six", "eight", "letter", "digit", "character",
                "alphanumeric", "numeric"}


def format_named_keys_named_after_tables(design: SchemaDesign) -> SchemaDesign:
    """A key named by how its values look (`institution.short_code`, `airline.two_letter_code`:
    "identified by a short code", "known by their two-letter code") is named after its table
    (`institution_code`), as a bare `code` is when it keys a table (reconcile._adopt_key): the
    format says nothing of what the code identifies. References named after the old key follow
    (`debate.home_institution_short_code` -> `home_institution_code`). No reference schema of any
    set names a column after such a format. Done last, so no prompt changes."""
    renamed_keys: dict[str, tuple[str, str]] = {}
    keys = {t.name: t.primary_key for t in design.tables}
    for table in _keyed_by_plain_columns(design):
        key = table.primary_key[0]
        *described, head = key.split("_")
        new = f"{table.name}_{head}"
        if any(keys.get(parent) == [key] for parent in table.parents):
            continue  # `courtroom.short_code` beside its reference to `court_building(short_code)`: the parent's code
        if described and set(described) <= FORMAT_WORDS and head in GENERIC and not table.has_column(new):
            renamed_keys[table.name] = (key, new)

    def reference(column: str, old: str, new: str) -> str | None:
        head = new.rsplit("_", 1)[1]
        if column == old:
            return new
        return column.removesuffix(old) + head if column.endswith(f"_{old}") else None

    return _keys_renamed(design, renamed_keys, reference, "the key is named after its table, not after how it looks")


def _keyed_by_plain_columns(design: SchemaDesign) -> list[TableDesign]:
    """The tables keyed by one column of their own (not a reference)."""
    return [t for t in design.tables if len(t.primary_key) == 1 and t.primary_key[0] not in t.reference_columns]


def _keys_renamed(design: SchemaDesign, renamed_keys: dict[str, tuple[str, str]],
                  reference_name: Callable[[str, str, str], str | None], why: str) -> SchemaDesign:
    """`design` with each table's key renamed (table -> (old, new)); every reference to it points at
    the new name, and a referring column takes the name `reference_name(column, old, new)` gives
    (None: it keeps its own) unless the table has a column of that name already, or another table
    refers to the column (`plot.section_letter_code`, a part of the key a lease refers to: renamed,
    the lease's reference would point at nothing)."""
    if not renamed_keys:
        return design
    notes: list[str] = []
    tables = []
    referenced = design.referenced_columns
    for table in design.tables:
        renamed = dict([renamed_keys[table.name]]) if table.name in renamed_keys else {}
        foreign_keys = []
        for fk in table.foreign_keys:
            if fk.ref_table in renamed_keys:
                old, new = renamed_keys[fk.ref_table]
                fk = fk.model_copy(update={"ref_columns": [new if c == old else c for c in fk.ref_columns]})
                column = reference_name(fk.columns[0], old, new) if fk.ref_table != table.name and len(fk.columns) == 1 else None
                if (column and not table.has_column(column) and column not in renamed.values()
                        and (table.name, fk.columns[0]) not in referenced):
                    renamed[fk.columns[0]] = column
            foreign_keys.append(fk)
        tables.append(_renamed(table.model_copy(update={"foreign_keys": foreign_keys}), renamed, why, notes))
    return design.amended(tables, notes)


def associations_keyed_by_parents(design: SchemaDesign) -> SchemaDesign:
    """A table named after the two tables it refers to (`lesson_skill` -> lesson, skill;
    `booking_equipment`) is their association: keyed by its two references, as the designer's
    prompt asks, not by a surrogate `<table>_id` a repair added before the second reference was
    read (`lesson_skill.skill_name` became a reference to a lookup table later) and nothing
    refers to. An event with a name of its own (`package_purchase` of a learner and a package)
    keeps its surrogate. Done last, like dated_attribute_names."""
    return _pairs_keyed_by_references(design, lambda table, pair: _named_after(
        table.name, [fk.ref_table for fk in table.foreign_keys], pair), "the association it is named after")


def undated_pairings_keyed_by_parents(design: SchemaDesign) -> SchemaDesign:
    """The LLM's table of two references to two tables, with no date or time of its own, that
    nothing refers to, is keyed by its two references, not by a surrogate `<table>_id`: a pairing
    that is not an event happens once (`attendance` of a member at a meeting, `review` of a paper
    by a reviewer, `entry` of a player in a tournament). A `visit`, `loan` or `trip` has a date
    and stays an event. On the read sets' LLM designs the reference schema keys 9 of 12 such
    undated tables by the pair and 1 of 23 dated ones. For the LLM's designs only: the rule
    designer's tables often lack the date the requirement gives them, and its entities with two
    references (`professor` of a department and a thesis) would be re-keyed; on its designs the
    step lowered PK accuracy on 12 of the 26 sets it ran on and raised it on 1. Last, in `finished`."""
    return _pairs_keyed_by_references(design, lambda table, pair: not _dated(table),
                                      "a pairing with no date or time of its own, which happens once")


def plural_references_as_associations(design: SchemaDesign) -> SchemaDesign:
    """A reference column whose role is a plural the requirement uses ("may list any number of
    other researchers as co-investigators" -> `proposal.co_investigators_researcher_id`) is a
    many-to-many drafted as one column, which can hold one of them: it becomes an association
    table `<table>_<role>` (`proposal_co_investigator`) keyed by references to both tables.

    Only a role word that is a plural in the column's name and in the requirement, and no word
    of any table's name (`works_order_id` names the `works_order` table); the column is no key of
    its table and nothing refers to it, its table and the referenced one are different and keyed
    by one column each. Read off the LLM's designs: the rule designer names a reference after its
    table or a singular role."""
    tables = {t.name: t for t in design.tables}
    table_words = {w for name in tables for w in re.split(r"_+", name)}
    text = design.requirement.lower()
    requirement_words = set(re.findall(r"[a-z]+", text)) | set(re.findall(r"[a-z]+", text.replace("-", "")))
    notes: list[str] = []
    for holder in design.tables:
        for fk in holder.foreign_keys:
            parent, column = tables.get(fk.ref_table), fk.columns[0]
            if (parent is None or len(fk.columns) != 1 or parent.name == holder.name or column in holder.primary_key
                    or len(holder.primary_key) != 1 or len(parent.primary_key) != 1
                    or referred_to(holder.name, column, tables)):
                continue
            role = _plural_role(column, requirement_words, table_words)
            if role is None or f"{holder.name}_{role}" in tables:
                continue
            holder_ref, holder_fk = key_reference(holder, f"the {holder.name.replace('_', ' ')}")
            player_ref, player_fk = key_reference(parent, f"a {role.replace('_', ' ')} ({parent.name})")
            if holder_ref.name == player_ref.name:
                continue
            name = f"{holder.name}_{role}"
            tables[name] = TableDesign(
                name=name, description=f"the {role.replace('_', ' ')}s of a {holder.name.replace('_', ' ')}",
                primary_key=[holder_ref.name, player_ref.name], columns=[holder_ref, player_ref],
                foreign_keys=[holder_fk, player_fk])
            tables[holder.name] = tables[holder.name].model_copy(update={
                "columns": [c for c in tables[holder.name].columns if c.name != column],
                "foreign_keys": [other for other in tables[holder.name].foreign_keys if other is not fk]})
            notes.append(f"{name}: made from {holder.name}.{column}, a reference of one column to several "
                         f"{parent.name} rows (its role is plural)")
    return design.amended(list(tables.values()), notes)


def _plural_role(column: str, requirement_words: set[str], table_words: set[str]) -> str | None:
    """The role of a reference column, singular, up to its first word that is a plural the
    requirement uses and no table's name has (`co_investigators_researcher_id` -> co_investigator)."""
    words = column.split("_")
    for i, word in enumerate(words[:-1]):
        if is_plural(word) and word not in table_words and word in requirement_words:
            return "_".join([w for w in words[:i] if w not in COUNTING_WORDS] + [singular(word)])
    return None


# Words a drafted role may carry that count or point, not name: `plus_several_other_judges` -> judge.
COUNTING_WORDS = {"the", "a", "an", "plus", "several", "other", "others", "many", "multiple", "some", "any", "all",
                  "additional", "extra", "more", "various"}


def _pairs_keyed_by_references(design: SchemaDesign, is_pairing: Callable[[TableDesign, list[str]], bool],
                               why: str) -> SchemaDesign:
    """Each table of exactly two single-column references to two different tables, keyed by a
    surrogate `<table>_id` nothing refers to, that `is_pairing(table, pair)`, keyed by the pair."""
    referenced = design.referenced_tables
    notes: list[str] = []
    tables = []
    for table in design.tables:
        pair = _pair_key(table)
        surrogate = f"{table.name}_id"
        if pair and table.primary_key == [surrogate] and table.name not in referenced and is_pairing(table, pair):
            columns = [c.model_copy(update={"nullable": False}) if c.name in pair else c
                       for c in table.columns if c.name != surrogate]
            table = table.model_copy(update={"columns": columns, "primary_key": pair})
            notes.append(f"{table.name}: keyed by its two references {', '.join(pair)}, {why}")
        tables.append(table)
    return design.amended(tables, notes)


def _dated(table: TableDesign) -> bool:
    """A column of the table holds a date or a time (its type, or `date`/`time` in its name)."""
    return any(TYPE_FAMILY[c.type] == "datetime" or {"date", "time"} & set(name_words(c.name)) for c in table.columns)


def copies_dropped(design: SchemaDesign) -> SchemaDesign:
    """A table that only repeats another table's facts is dropped (third normal form: a fact is
    stored once). A copy is a table the requirement never names (`return_details` beside
    `return`, `flush_fruit` beside `flush`), whose own attributes (neither key nor reference), at
    least two, are all attributes of one other table, which it refers to or whose parents it has
    exactly (`pair_performance` with a second skater beside `performance`); nothing may refer to
    it. A table the requirement names stays, copy or not: there the other table took its
    attributes (`production.title` of a `play`). Done last, like dated_attribute_names: the
    completion prompts add most copies."""
    referenced = design.referenced_tables
    notes: list[str] = []
    dropped: set[str] = set()
    for table in design.tables:
        own = table.own_attributes
        if len(own) < 2 or table.name in referenced or named_in(table.name, design.requirement):
            continue
        for other in design.tables:
            if other.name == table.name or other.name in dropped or not own <= other.own_attributes:
                continue
            if other.name in table.parents or (table.parents and set(table.parents) == set(other.parents)):
                dropped.add(table.name)
                notes.append(f"{table.name}: dropped, its attributes ({', '.join(sorted(own))}) are {other.name}'s "
                             "(third normal form: a fact is stored once)")
                break
    return design.amended([t for t in design.tables if t.name not in dropped], notes)


def _named_after(name: str, parents: list[str], columns: list[str]) -> bool:
    """Every word of `name` is a word of a parent's or a reference's name, and each parent gives one."""
    sides = [set(name_words(parent)) | set(name_words(column)) - {"id"} for parent, column in zip(parents, columns)]
    words = name_words(name)
    return all(any(w in side for side in sides) for w in words) and all(side & set(words) for side in sides)


def named_after_key(column: str, word: str, parent: str, key: str) -> str:
    """`column`, which names a `parent` row by its `word` (`pickup_branch_name`, a bare `name`),
    named after the parent's key instead (`pickup_branch_id`, `branch_id`; `home_port_code`)."""
    if column == word:
        return key_column(parent, key)
    if word == parent:  # `home_village` names a village: `home_village_id`
        return column[: -len(word)] + key_column(parent, key)
    return column[: -len(word)] + (key[len(parent) + 1:] if key.startswith(f"{parent}_") else key)


def key_column(parent: str, key: str) -> str:
    """What a reference to `parent` keyed by `key` is called: the key's name when it names the
    parent already (`department_id`), else `<parent>_<key>` (`course_code`)."""
    return key if key.startswith(parent) else f"{parent}_{key}"


def key_reference(parent: TableDesign, description: str) -> tuple[ColumnDesign, ForeignKeyDesign]:
    """A NOT NULL column named after `parent`'s one-column key (key_column) and its reference to
    it: one side of an association table."""
    key = parent.column(parent.primary_key[0])
    name = key_column(parent.name, key.name)
    return (ColumnDesign(name=name, type=key.type, nullable=False, description=description),
            ForeignKeyDesign(columns=[name], ref_table=parent.name, ref_columns=[key.name]))


def names_the_entity(column: str, entity: TableDesign) -> bool:
    """A reference column named after the entity alone (`member_id`, `tax_file_number`), no role."""
    key = entity.primary_key[0]
    return column in (key, f"{entity.name}_id", key_column(entity.name, key))


def referred_to(table: str, column: str, tables: dict[str, TableDesign]) -> bool:
    """Whether a reference of another table holds `table.column` (a column of a composite key)."""
    return any(other.name != table and any(fk.ref_table == table and column in fk.ref_columns for fk in other.foreign_keys)
               for other in tables.values())


def pairing_table(tables: dict[str, TableDesign], child: str, parent: str, counted: bool) -> str | None:
    """A table keyed by nothing but its references to `child` and `parent`, and that nothing
    refers to: a many-to-many the wording rules out. It may hold columns of its own (the child's)
    only after a count (`counted`) and when its name is made of the two tables' names; else it is
    another relationship (`crew_member(boat, member, role)` beside "every boat is owned by one
    member") or not said to be one parent ("the position of each track within the playlist")."""
    for name, table in tables.items():
        refs = {fk.ref_table for fk in table.foreign_keys}
        if (refs == {child, parent} and set(table.primary_key) == table.reference_columns
                and not any(name in other.parents for other in tables.values())):
            named_by_both = set(name.split("_")) <= {*child.split("_"), *parent.split("_")}
            return name if not table.own_attributes or counted and named_by_both else None
    return None


def renamed_columns(table: TableDesign, renamed: dict[str, str]) -> TableDesign:
    """`table` with columns renamed (old -> new) in its columns, key and references."""
    return table.model_copy(update={
        "columns": [c.model_copy(update={"name": renamed.get(c.name, c.name)}) for c in table.columns],
        "primary_key": [renamed.get(c, c) for c in table.primary_key],
        "foreign_keys": [fk.model_copy(update={"columns": [renamed.get(c, c) for c in fk.columns]})
                         for fk in table.foreign_keys]})


def _renamed(table: TableDesign, renamed: dict[str, str], why: str, notes: list[str]) -> TableDesign:
    """`table` with columns renamed (renamed_columns), and a note saying `why`."""
    if not renamed:
        return table
    notes.append(f"{table.name}: " + ", ".join(f"{a} named {b}" for a, b in renamed.items()) + f" ({why})")
    return renamed_columns(table, renamed)


def _dedupe(table: TableDesign) -> TableDesign:
    seen: dict[str, ColumnDesign] = {}
    for c in table.columns:
        seen.setdefault(c.name, c)
    return table.model_copy(update={"columns": list(seen.values())})


def _with_key(table: TableDesign, notes: list[str]) -> TableDesign:
    names = [c.name for c in table.columns]
    pk = [k for k in table.primary_key if k in names]
    if not pk:
        for candidate in ("id", f"{table.name}_id"):
            if candidate in names:
                pk = [candidate]
                break
    if not pk and (pair := _pair_key(table)):
        notes.append(f"{table.name}: no primary key; keyed by its two references {', '.join(pair)}")
        pk = pair
    if not pk:
        notes.append(f"{table.name}: no primary key; added {table.name}_id")
        column = ColumnDesign(name=f"{table.name}_id", type="INTEGER", nullable=False)
        return table.model_copy(update={"columns": [column] + list(table.columns), "primary_key": [column.name]})
    columns = [c.model_copy(update={"nullable": False}) if c.name in pk else c for c in table.columns]
    return table.model_copy(update={"columns": columns, "primary_key": pk})


def _pair_key(table: TableDesign) -> list[str]:
    """The key of an association table drafted without one: exactly two single-column
    references to two different tables ('order_product (order_number REFERENCES order, product_id
    REFERENCES product, quantity)' is keyed by both, as the designer's prompt asks)."""
    names = {c.name for c in table.columns}
    fks = table.foreign_keys
    if len(fks) != 2 or fks[0].ref_table == fks[1].ref_table or any(len(fk.columns) != 1 for fk in fks):
        return []
    pair = [fks[0].columns[0], fks[1].columns[0]]
    return pair if set(pair) <= names and pair[0] != pair[1] else []


def _surrogates_referred_to(tables: list[TableDesign], notes: list[str]) -> dict[str, TableDesign]:
    """The tables by name, each keyed by several columns that another table refers to by a
    surrogate it lacks (`_names_a_surrogate`) or by the name in that key (`_names_the_parent_by_name`)
    keyed by `<table>_id` instead ('exam (subject, date, class_id)'
    beside 'pupil_exam.exam_id REFERENCES exam(exam_id)'): the model meant a surrogate key, and a
    reference of one column to a key of three would otherwise be dropped. The columns of the old
    key stay, NOT NULL."""
    by_name = {t.name: t for t in tables}
    for table in tables:
        for fk in table.foreign_keys:
            parent = by_name.get(fk.ref_table)
            surrogate = f"{fk.ref_table}_id"
            if (parent is None or parent.name == table.name
                    or not (_names_a_surrogate(fk, parent) or _names_the_parent_by_name(fk, parent))
                    or len(parent.primary_key) < 2 or parent.has_column(surrogate)):
                continue
            column = ColumnDesign(name=surrogate, type="INTEGER", nullable=False)
            by_name[parent.name] = parent.model_copy(update={"columns": [column, *parent.columns],
                                                             "primary_key": [surrogate]})
            notes.append(f"{parent.name}: keyed by a new {surrogate}, which {table.name} refers to "
                         f"(not by {', '.join(parent.primary_key)})")
    return by_name


def _names_the_parent_by_name(fk: ForeignKeyDesign, parent: TableDesign) -> bool:
    """A reference of one column to the name in the parent's key of several columns
    (`sailing_call.sailing_marketing_name REFERENCES sailing(marketing_name)`, sailing keyed by
    marketing_name and ship_imo_number): the model keyed the parent by a name and what it refers
    on, and refers to it by the name alone, which identifies nothing; the parent gets a surrogate
    and the reference holds it (the caller takes only parents keyed by several columns)."""
    return (len(fk.columns) == 1 and len(fk.ref_columns) == 1 and fk.ref_columns[0] in parent.primary_key
            and fk.ref_columns[0] not in parent.reference_columns and fk.ref_columns[0].split("_")[-1] in CHOSEN_NAMES)


def _names_a_surrogate(fk: ForeignKeyDesign, parent: TableDesign) -> bool:
    """A reference of one column to a surrogate the parent lacks, `<parent>_id` or `<last words of
    the parent's name>_id`: the column it refers to is so named ('meeting.relationship_id
    REFERENCES mentor_relationship(relationship_id)'), or it is itself so named and refers to a
    column the parent has ('order_defect.works_order_id REFERENCES works_order(order_date)', keyed
    by order_date and contractor_name; the caller takes only parents keyed by several columns)."""
    if len(fk.columns) != 1 or len(fk.ref_columns) != 1 or fk.ref_columns[0] in parent.reference_columns:
        return False  # a column of the parent's that refers on means where it refers ('task.supplier_id')
    named = fk.ref_columns[0] if not parent.has_column(fk.ref_columns[0]) else fk.columns[0]
    return named == f"{parent.name}_id" or shortened_surrogate(named, parent.name)


def shortened_surrogate(column: str, table: str) -> bool:
    """`column` is `<last words of the table's name>_id`, short of the whole name: `relationship_id`
    of `mentor_relationship`."""
    words, table_words = name_words(column), name_words(table)
    return words[-1:] == ["id"] and 0 < len(words) - 1 < len(table_words) and table_words[1 - len(words):] == words[:-1]


def _is_key(columns: list[str], table: TableDesign) -> bool:
    """`columns` are, in any order, a column set a foreign key may reference (validate.keys_of)."""
    return sorted(columns) in [sorted(k) for k in keys_of(table)]


def _fix_references(table: TableDesign, tables: dict[str, TableDesign], notes: list[str]) -> TableDesign:
    fks: list[ForeignKeyDesign] = []
    columns = {c.name: c for c in table.columns}
    typed_by: dict[str, tuple[str, str]] = {}  # column -> (type, table) of the first reference it holds
    renamed: dict[str, str] = {}  # a reference now to the parent's key, named after the column it held
    for fk in table.foreign_keys:
        parent = tables.get(fk.ref_table)
        if fk.ref_table == table.name and list(fk.columns) == list(fk.ref_columns):
            # every row refers to itself: what is left of a reference the model named like the key
            # ('supervisor_id INTEGER PRIMARY KEY, ..., supervisor_id INTEGER REFERENCES supervisor')
            # after _dedupe; as a NOT NULL cycle it would fail validation and discard the whole design
            notes.append(f"{table.name}: dropped a reference of its key to itself")
            continue
        lacking = [c for c in fk.columns if c not in columns]
        if (parent is not None and lacking and len(fk.columns) == len(fk.ref_columns)
                and all(parent.has_column(r) for r in fk.ref_columns)):
            # 'FOREIGN KEY (booking_id) REFERENCES booking(booking_id)' in an invoice the model gave no
            # booking_id: it stated the reference and forgot its column
            for child, ref in zip(fk.columns, fk.ref_columns):
                columns.setdefault(child, ColumnDesign(name=child, type=parent.column(ref).type))
            notes.append(f"{table.name}: added {', '.join(lacking)}, the column of its reference to {parent.name}")
        elif parent is None or lacking:
            notes.append(f"{table.name}: dropped a reference to missing {fk.ref_table}({', '.join(fk.ref_columns)})")
            continue
        if not _is_key(fk.ref_columns, parent) and (passed_on := next(
                (p for p in parent.foreign_keys if p.columns == fk.ref_columns and p.ref_table in tables
                 and p.ref_table != table.name), None)) is not None:
            # 'task.supplier_id REFERENCES wedding_supplier(supplier_id)', the association's own reference
            # to supplier: the task means the supplier, which a column of the association cannot stand for
            notes.append(f"{table.name}: {', '.join(fk.columns)} refers to {passed_on.ref_table}, which "
                         f"{parent.name}.{', '.join(fk.ref_columns)} refers to")
            fk = fk.model_copy(update={"ref_table": passed_on.ref_table, "ref_columns": list(passed_on.ref_columns)})
            parent = tables[fk.ref_table]
        if not _is_key(fk.ref_columns, parent):
            if len(fk.columns) != len(parent.primary_key):
                notes.append(f"{table.name}: dropped a reference to {parent.name}'s non-key columns")
                continue
            if (new := _named_as_the_key(fk, parent, table, tables)) and new not in columns and new not in renamed.values():
                renamed[fk.columns[0]] = new
            fk = fk.model_copy(update={"ref_columns": list(parent.primary_key)})
        if len(fk.columns) != len(fk.ref_columns):  # 'FOREIGN KEY (a, b, c) REFERENCES t(t_id)': no column pairs up
            notes.append(f"{table.name}: dropped a reference of {len(fk.columns)} column(s) to {len(fk.ref_columns)} "
                         f"of {parent.name}")
            continue
        wanted = {child: parent.column(ref).type for child, ref in zip(fk.columns, fk.ref_columns)}
        if clash := [c for c, t in wanted.items() if c in typed_by and typed_by[c][0] != t]:
            # 'FOREIGN KEY (patient_mrn, doctor_no) REFERENCES prescription_item (prescription_id, drug_code)'
            # beside patient_mrn's own reference to patient: a column cannot hold both, and typing it for
            # the later one would break the earlier (and fail validation, discarding the whole design)
            notes.append(f"{table.name}: dropped a reference to {parent.name} whose column {clash[0]} already "
                         f"refers to {typed_by[clash[0]][1]}")
            continue
        for child, ptype in wanted.items():
            typed_by.setdefault(child, (ptype, parent.name))
            if columns[child].type != ptype:
                columns[child] = columns[child].model_copy(update={"type": ptype})
        if fk not in fks:
            fks.append(fk)
    fixed = table.model_copy(update={"columns": list(columns.values()), "foreign_keys": fks})
    return _renamed(fixed, renamed, "it refers to the key, not to the column it was named after", notes)


def _named_as_the_key(fk: ForeignKeyDesign, parent: TableDesign, table: TableDesign,
                      tables: dict[str, TableDesign]) -> str | None:
    """The name of a reference of one column to a parent's non-key column (`passenger_name
    REFERENCES passenger(name)`, drafted before `passenger` got its `passenger_id`) once it refers
    to the key: named after the key (`passenger_id`; a role keeps its words, `co_pilot_name` ->
    `co_pilot_licence_number`) when it was named after the column, since it now holds the key.
    None when it was named otherwise, or another table refers to the column by its name."""
    held = fk.ref_columns[0] if len(fk.ref_columns) == 1 else ""
    column = fk.columns[0]
    if (len(fk.columns) != 1 or len(parent.primary_key) != 1 or not held
            or not (column == held or column.endswith(f"_{held}"))):
        return None
    if referred_to(table.name, column, tables):
        return None
    return named_after_key(column, held, parent.name, parent.primary_key[0])


def name_words(name: str) -> list[str]:
    parts = re.split(r"[_\W]+", name.lower())
    parts = [p for p in parts if p]
    return parts[:-1] + [singular(parts[-1])] if parts else parts


RECORD_NOUNS = {"record", "entry", "log"}  # "a vaccination record", "the service log": the thing recorded


def _unrecorded(words: list[str]) -> list[str]:
    """A table name's words without a trailing record noun."""
    return words[:-1] if len(words) > 1 and words[-1] in RECORD_NOUNS else words


def closest_table(name: str, tables: dict[str, TableDesign]) -> str | None:
    """The table a dangling reference means: the same words (case, plural, underscores), else the
    only one those words differ from by a trailing record noun ('vaccination_record'), else the
    only table whose name ends with the reference's head noun ('order' -> 'customer_order') or
    whose head noun it ends with, else one clearly closest spelling."""
    words = name_words(name)
    if not words:
        return None
    same = [t for t in tables if name_words(t) == words]
    if same:
        return same[0]
    kept = [t for t in tables if _unrecorded(name_words(t)) == _unrecorded(words)]
    if len(kept) == 1:
        return kept[0]  # 'vaccination' is the table 'vaccination_record'
    heads = [t for t in tables if name_words(t)[-1:] == words[-1:]]
    if len(heads) == 1:
        return heads[0]
    spelled = difflib.get_close_matches(" ".join(words), {" ".join(name_words(t)): t for t in tables}, n=2, cutoff=0.85)
    if len(spelled) == 1:
        return {" ".join(name_words(t)): t for t in tables}[spelled[0]]
    return None


def _retarget(table: TableDesign, tables: dict[str, TableDesign], notes: list[str]) -> TableDesign:
    """Each reference to a missing table pointed at the table its name means (closest_table). The
    table itself only when the name spells it (`employees` from `employee`): by a shared head noun
    alone, `repair_craftsman`'s reference to a missing `craftsman` would become a self-reference."""
    fks = []
    for fk in table.foreign_keys:
        if fk.ref_table not in tables:
            target = closest_table(fk.ref_table, tables)
            if target == table.name and name_words(fk.ref_table) != name_words(table.name):
                target = closest_table(fk.ref_table, {name: t for name, t in tables.items() if name != table.name})
            if target is not None:
                notes.append(f"{table.name}: a reference to missing {fk.ref_table} now points at {target}")
                fk = fk.model_copy(update={"ref_table": target})
        fks.append(fk)
    return table.model_copy(update={"foreign_keys": fks})


def name_pattern(name: str) -> str | None:
    """A table name as a requirement writes it, singular or plural: 'crew_member' matches "crew
    members", 'category' "categories" (a regex to search lowercase text; None for no words)."""
    words = name_words(name)
    if not words:
        return None
    phrase = r"[\s_-]+".join(re.escape(w) for w in words[:-1])
    last = re.escape(words[-1])
    pattern = (phrase + r"[\s_-]+" if phrase else "") + last + r"(?:s|es)?\b"
    if words[-1].endswith("y"):
        pattern = f"(?:{pattern}|" + (phrase + r"[\s_-]+" if phrase else "") + re.escape(words[-1][:-1]) + r"ies\b)"
    return r"\b" + pattern


def any_table_pattern(design: SchemaDesign) -> str:
    """One pattern naming any of the design's tables, as `name_pattern` writes each."""
    return "|".join(f"(?:{p})" for t in design.tables if (p := name_pattern(t.name)))


def named_in(name: str, requirement: str) -> bool:
    """Whether the requirement writes `name`'s words as a phrase (singular or plural)."""
    pattern = name_pattern(name)
    return pattern is not None and re.search(pattern, requirement.lower()) is not None


def _missing_parents(tables: list[TableDesign], by_name: dict[str, TableDesign], requirement: str,
                     notes: list[str]) -> list[TableDesign]:
    """Tables the design refers to but never created, when the requirement names them: a table
    holding the referenced key (typed like the referencing columns), to be filled like any other."""
    created: dict[str, TableDesign] = {}
    for table in tables:
        for fk in table.foreign_keys:
            if fk.ref_table in by_name or not named_in(fk.ref_table, requirement):
                continue
            name = snake(" ".join(name_words(fk.ref_table)))
            if name in by_name or name in created:
                continue
            child = {c.name: c for c in table.columns}
            if any(c not in child for c in fk.columns) or len(fk.columns) != len(fk.ref_columns):
                continue
            columns = [ColumnDesign(name=ref, type=child[col].type, nullable=False, description=f"identifier of the {name}")
                       for col, ref in zip(fk.columns, fk.ref_columns)]
            created[name] = TableDesign(name=name, columns=columns, primary_key=list(fk.ref_columns),
                                                description=f"one row per {name.replace('_', ' ')}")
            notes.append(f"{table.name}: created {name}, which it refers to and the requirement names")
    return list(created.values())
