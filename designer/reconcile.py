"""Reconcile the LLM's design with the rule designer's reading of the same requirement.

Why: a small local model writes good tables and attributes but often leaves relationships out
(an `episode` table with no reference to `show`, a many-to-many relation with no association
table) and now and then an entity. The rule designer reads entities and relationships from the
wording ("each X belongs to one Y", "an X can have several Ys") and misses fewer of them; on the
dev pairs it adds ~25 points of FK accuracy to the LLM's designs (README, Text2Schema). The LLM's
design stays the base (its tables, names, keys and types); from the rule designer's design it
takes only what it lacks:

- tables are paired by content first (a rule table whose attributes an LLM table holds is that
  table, whatever the names), then by name;
- an entity table the LLM left out, when it has attributes of its own and is related to a table
  both designs have; the attributes the rules read for a table the LLM has as a key and a name
  only; an entity the LLM wrote into a table about something else, holding its identifier as
  `<entity>_<key>` beside its attributes (`zone_product(zone_code, product_registration_number,
  name, active_ingredient)`), is such a table too, and its attributes leave the holder (the one
  removal here: they depend on the entity, not on the holder's key);
- a one-to-many reference between tables the LLM did not relate: declared on the child's column
  that already names the parent's key (the LLM often writes `show_id INTEGER` without
  REFERENCES), else on a new nullable column named after the LLM's parent key;
- a many-to-many relation: its association table, keyed by both parents' keys, with the
  relationship's attributes;
- the identifier the requirement gives ("meters, each with a serial number", "investigators
  with a staff number"), where the LLM keyed the same table by a surrogate `<table>_id` it made up
  and kept the identifier as a plain column: the identifier becomes the key, the surrogate goes,
  and the references to it follow (a reference by a made-up number cannot be checked against
  anything a document says); likewise the one identifier the LLM itself declared UNIQUE beside
  such a surrogate;
- a self-reference the rules read ("may sit under a parent category") on a table that has none;
- the requirement's name for a relationship ("for each appearance we keep the fee") where the
  LLM named its association by joining the parents' names (`event_act` -> `appearance`), or for
  the record of it ("a booking records the member, the class ..." -> `booking`);
- last, a reference column named like its parent's surrogate (`vessel_id`) but holding the
  parent's identifier is named after it (`vessel_imo_number`).

Nothing else is removed and no other relationship the LLM stated is overridden: a reference in
the other direction, or a table of its own referring to both, counts as stated (a table referring
to both only through a reference added here does not). The one relationship overridden is a
pairing with nothing of its own between two tables the rules read as one to many with a stated
"one" ('each firing uses exactly one kiln'): it becomes that reference. Every change is noted.
"""

from __future__ import annotations

import re
from collections import Counter

from text2db.designer.facts import ID_HEADS, tagged_clauses
from text2db.designer.repair import (closest_table, key_column, key_reference, name_pattern, named_after_key,
                                     named_in, pairing_table, renamed_columns, shortened_surrogate)
from text2db.designer.requirement import issued_identifiers
from text2db.designer.rules import CHOSEN_NAMES, GENERIC, identifier_named
from text2db.designer.words import column_type, snake
from text2db.schemas.design import ColumnDesign, ForeignKeyDesign, SchemaDesign, TableDesign


def reconcile(base: SchemaDesign, rules: SchemaDesign) -> SchemaDesign:
    """`base` (the LLM's design) with the entities and relationships of `rules` it lacks, as above."""
    tables = {t.name: t for t in base.tables}
    same = _table_map(rules, tables)
    pairs = {t.name: _association_parents(t) for t in rules.tables}  # None: not an association table
    notes: list[str] = []
    _fill_thin_entities(rules, pairs, tables, same, notes)
    _adopt_stated_keys(rules, tables, same, notes)
    _adopt_identified_keys(base.requirement, tables, notes)
    _adopt_unique_identifiers(tables, notes)
    _add_missing_entities(rules, pairs, tables, same, notes)
    _pairings_said_to_be_one(rules, pairs, tables, same, notes)
    # a third table relating two is judged on what the model wrote, before any rule reference is
    # added: an added `bird.fancier_id` must not hide the fancier-loft relation the rules read
    stated = dict(tables)
    rule_events = _events(rules, pairs, same)

    def related(a: str, b: str) -> bool:
        return tables[a].related_to(tables[b]) or _related(stated, a, b, rule_events)

    for rule_table in rules.tables:
        pair = pairs[rule_table.name]
        if pair is not None and rule_table.name not in same:
            parents = [same.get(p) for p in pair]
            if (all(parents) and parents[0] != parents[1] and not related(parents[0], parents[1])  # type: ignore[arg-type]
                    and not _paired_by_name(stated, parents[0], parents[1])):  # type: ignore[arg-type]
                added = _association(rule_table, parents, tables)  # type: ignore[arg-type]
                if added is not None:
                    tables[added.name] = added
                    notes.append(f"added association table {added.name} ({parents[0]} - {parents[1]}) "
                                 "read by the rule designer")
            continue
        child = same.get(rule_table.name)
        if child is None:
            continue
        for fk in rule_table.foreign_keys:
            parent = same.get(fk.ref_table)
            if parent is None or (_refers_to_itself(tables[child]) if parent == child
                                  else related(child, parent) and not _named_role(fk, rules, tables[child], parent)):
                continue
            _add_reference(tables, child, parent, fk, rules.table(fk.ref_table), notes, "read by the rule designer")
    _name_associations_as_written(rules, pairs, tables, same, notes)
    _name_references_after_keys(tables, notes)
    return base.amended(list(tables.values()), notes)


def add_read_references(base: SchemaDesign, rules: SchemaDesign, evidenced: set[tuple[str, str]]) -> SchemaDesign:
    """`base` with the one-to-many references `rules` read between two of its own tables, where
    `base` does not relate them yet and (child, parent) is in `evidenced` (counted_references).

    For a rule design read with `base`'s tables as known entities (facts.read_facts(known=...)):
    only references between tables both designs name alike are taken, never a table, a key or a
    self-reference, because such a reading also finds entities in phrases that are none ('a
    test', 'us'): taking its tables too cost table and attribute F1 on every held-out set read."""
    tables = {t.name: t for t in base.tables}
    pairs = {t.name: _association_parents(t) for t in rules.tables}
    events = _events(rules, pairs, {name: name for name in tables})
    notes: list[str] = []
    for rule_table in rules.tables:
        if rule_table.name not in tables or pairs[rule_table.name] is not None:
            continue
        for fk in rule_table.foreign_keys:
            child, parent = rule_table.name, fk.ref_table
            if (parent not in tables or parent == child or (child, parent) not in evidenced
                    or _related(tables, child, parent, events)):
                continue
            _add_reference(tables, child, parent, fk, rules.table(parent), notes,
                           "read between the design's own tables")
    return base.amended(list(tables.values()), notes)


NAMING = CHOSEN_NAMES | ID_HEADS  # a column `<x>_<one of these>` names or identifies an x


def keyed_by_surrogates_not_names(design: SchemaDesign) -> SchemaDesign:
    """`design` with each table the model keyed by a name (`hotel_name TEXT PRIMARY KEY`) keyed
    by a surrogate `<table>_id` instead, the name kept as a NOT NULL attribute, and every
    reference to the name pointing at the surrogate (`pickup_branch_name` -> `pickup_branch_id`).

    Why: the prompt asks for the identifier the requirement gives, else `<table>_id`, but a small
    model, shown natural keys in its demonstrations, now and then keys a table by its name; two
    hotels may share a name, a renamed one would change every row that refers to it, and the
    identifier the requirement does give (`_adopt_identified_keys`) can replace a surrogate,
    never a name (`NOT_ISSUED`)."""
    tables = {t.name: t for t in design.tables}
    notes: list[str] = []
    for name, table in list(tables.items()):
        if len(table.primary_key) != 1 or table.primary_key[0].split("_")[-1] not in CHOSEN_NAMES:
            continue
        old, surrogate = table.primary_key[0], f"{name}_id"
        if table.has_column(surrogate) or old in table.reference_columns:
            continue
        key = ColumnDesign(name=surrogate, type="INTEGER", nullable=False)
        tables[name] = table.model_copy(update={"columns": [key] + list(table.columns), "primary_key": [surrogate]})
        for child_name, child in list(tables.items()):
            tables[child_name] = _named_after_surrogate(_rekeyed_references(child, name, old, key), name, old, key)
        notes.append(f"{name}: keyed by a new {surrogate}, not by {old} (a name is neither stable nor unique)")
    return design.amended(list(tables.values()), notes)


def implied_references(design: SchemaDesign) -> SchemaDesign:
    """`design` with the references its column names imply declared:

    - a column named like another table's key (`peg_number` beside a `peg` keyed by it,
      `home_team_id` beside a `team` keyed by `team_id`) refers to it, typed like the key;
    - a column holding another table's name (`home_team_name` beside a `team` keyed by `team_id`
      and named by its `name`) becomes a reference to its key (`home_team_id`); where the table
      already refers to it by key too (`age_group_id` beside `age_group_name`), the copy goes;
    - a column named like another table (`group.village` beside a `village` table) likewise, and
      two roles of one (`ceremony_venue`, `reception_venue` beside a `venue` table).

    Why: a small model often writes the reference column and no REFERENCES, or copies the related
    entity's name as a plain column; either way the relationship is lost (and a copied name
    depends on the other entity, not on this table's key: not 3NF). Only a key or name of a table
    keyed by one column counts, named after the table (a bare `id`, `code` or `name` never does);
    a role before it (`home_`, `supervisor_`) names the reference, and a table's own key or
    name needs one to refer to the table itself."""
    tables = {t.name: t for t in design.tables}
    notes: list[str] = []
    for name in list(tables):
        for column in list(tables[name].columns):
            table = tables[name]
            found = _implied_parent(column.name, name, tables)
            if found is None or column.name in table.reference_columns:
                continue
            parent, word = found
            key = tables[parent].column(tables[parent].primary_key[0])
            if word is None:  # the column is named like the key: declare the reference
                tables[name] = _with_declared_reference(table, column.name, parent, key)
                notes.append(f"{name}: {column.name} declared a reference to {parent}, whose key it is named after")
                continue
            if column.name in table.primary_key and not _pairs_with_references(table, column.name):
                continue
            new = named_after_key(column.name, word, parent, key.name)
            if any(fk.columns == [new] and fk.ref_table == parent for fk in table.foreign_keys):
                tables[name] = table.model_copy(update={"columns": [c for c in table.columns if c.name != column.name]})
                notes.append(f"{name}: {column.name} dropped, {parent}'s name is read through {new}")
            elif not table.has_column(new):
                renamed = renamed_columns(table, {column.name: new})
                tables[name] = _with_declared_reference(renamed, new, parent, key)
                notes.append(f"{name}: {column.name} (a copy of {parent}'s name) is now the reference {new}")
                if word == parent and _known_only_by_surrogate(tables[parent]):
                    named = ColumnDesign(name="name", type=column.type, nullable=column.nullable,
                                         description=f"name of the {parent}")
                    tables[parent] = tables[parent].model_copy(update={"columns": [*tables[parent].columns, named]})
                    notes.append(f"{parent}: given the name {name}.{column.name} held")
    return design.amended(list(tables.values()), notes)


def _known_only_by_surrogate(table: TableDesign) -> bool:
    """Keyed by `<table>_id` with no column naming or identifying a row (`village(village_id,
    district)`): a column that held the row (`group.village`) held its name, which the table lacks."""
    return (table.primary_key == [f"{table.name}_id"]
            and not any(c.name.split("_")[-1] in NAMING for c in table.columns if c.name != table.primary_key[0]))


def _pairs_with_references(table: TableDesign, column: str) -> bool:
    """`column` is one side of a pair: the rest of the table's key refers to other tables
    (`recipe(product_code, ingredient_name)`, product_code referring to product), so the name is
    the other side and may become a reference too. A name keying a table alone, or beside the
    table's own number, stays."""
    rest = [c for c in table.primary_key if c != column]
    return bool(rest) and set(rest) <= table.reference_columns


def _with_declared_reference(table: TableDesign, column: str, parent: str, key: ColumnDesign) -> TableDesign:
    return table.model_copy(update={
        "columns": [c.model_copy(update={"type": key.type}) if c.name == column else c for c in table.columns],
        "foreign_keys": [*table.foreign_keys, ForeignKeyDesign(columns=[column], ref_table=parent, ref_columns=[key.name])]})


def _implied_parent(column: str, table: str, tables: dict[str, TableDesign]) -> tuple[str, str | None] | None:
    """(parent, None) when `column` is `[<role>_]<parent key>`, (parent, name word) when it is
    `[<role>_]<parent>_<name>` and the parent has that name (`name` or `<parent>_name`) beside
    its key, (parent, parent) when it is `<parent>` (another table's own name); the parent
    is keyed by one column, and the longest parent wins (`age_group_name` is age_group's, not
    group's)."""
    word = column.split("_")[-1]
    for parent in sorted(tables, key=len, reverse=True):
        candidate = tables[parent]
        if len(candidate.primary_key) != 1:
            continue
        as_key = key_column(parent, candidate.primary_key[0])
        if as_key.startswith(f"{parent}_") and (column == as_key or column.endswith(f"_{as_key}")):
            return None if column == as_key and parent == table else (parent, None)
        if parent != table and (column == parent or _roles_of(parent, tables[table]) >= 2 and column.endswith(f"_{parent}")):
            # the parent's own name: `group.village` beside a `village` table (with a role before it,
            # the name too often ends another attribute: `age_rating`, `specimen_count_per_species`,
            # unless two roles name it: `ceremony_venue` and `reception_venue`)
            return parent, parent
        if word not in CHOSEN_NAMES or not (column == f"{parent}_{word}" or column.endswith(f"_{parent}_{word}")):
            continue
        named = {word, f"{parent}_{word}"} & {c.name for c in candidate.columns}
        own = column == f"{parent}_{word}" and parent == table
        return (parent, word) if named and candidate.primary_key[0] not in named and not own else None
    return None


def _roles_of(parent: str, table: TableDesign) -> int:
    """How many roles of `parent` the table names: columns that are no reference and end in its
    name (`reception_venue`), and references to it named for a role (`ceremony_venue_id`)."""
    named = sum(c.name.endswith(f"_{parent}") and c.name not in table.reference_columns for c in table.columns)
    return named + sum(fk.ref_table == parent and len(fk.columns) == 1 and f"_{parent}_" in fk.columns[0]
                       for fk in table.foreign_keys)


def _named_after_surrogate(child: TableDesign, parent: str, old: str, key: ColumnDesign) -> TableDesign:
    """A column now referring to `parent`'s surrogate but still named like the name it held
    (`pickup_branch_name`, `hotel_name`) is named after the surrogate (`pickup_branch_id`)."""
    word = old.split("_")[-1]
    renamed: dict[str, str] = {}
    for fk in child.foreign_keys:
        column = fk.columns[0]
        if fk.ref_table != parent or fk.ref_columns != [key.name] or not (column == word or column.endswith(f"_{word}")):
            continue
        new = named_after_key(column, word, parent, key.name)
        if not child.has_column(new) and new not in renamed.values():
            renamed[column] = new
    return renamed_columns(child, renamed) if renamed else child


ONE_OF = r"\b(?:exactly one|only one|one|a single)\s+(?:[a-z-]+\s+){0,3}?"
MANY_OF = r"\b(?:many|several|multiple|one or more)\s+(?:[a-z-]+\s+){0,2}?"


def counted_references(requirement: str, tables: list[str]) -> set[tuple[str, str]]:
    """(child, parent) pairs of `tables` that one clause of the requirement counts: the child
    with 'one <parent>' ('a run is driven by one driver'), or the parent with 'many <children>'
    ('a depot sends out many runs'); a table is named by its last word where no other table ends
    with it ('a run' is the delivery_run). A clause ends at ',', ';', ':' or '.', so a count is
    never carried over to a later statement ('each shelf holds one box, and a box lists items'
    counts no item on a shelf)."""
    head = {t: t.split("_")[-1] for t in tables}
    shared = Counter(head.values())
    patterns = {t: p for t in tables if (p := name_pattern(t if shared[head[t]] > 1 else head[t]))}
    found: set[tuple[str, str]] = set()
    for clause in re.split(r"[.;:,!?\n]+", requirement.lower()):
        named = [t for t, p in patterns.items() if re.search(p, clause)]
        for child in named:
            for parent in named:
                if child != parent and (re.search(ONE_OF + patterns[parent], clause)
                                        or re.search(MANY_OF + patterns[child], clause)):
                    found.add((child, parent))
    return found


def _fill_thin_entities(rules: SchemaDesign, pairs: dict[str, tuple[str, str] | None], tables: dict[str, TableDesign],
                        same: dict[str, str], notes: list[str]) -> None:
    """An LLM table that is only a key and a name (made from a name column, `viewing.client_name`
    -> `client(client_id, name)`) takes the attributes the rule designer read for the same entity
    (the client's phone and email), and the identifier it read, which _adopt_stated_keys then
    makes the key. The name may still carry the table's name (`clerk(clerk_id, clerk_name)`, made
    from `licence.clerk_name`): `finished` names it `name` only later."""
    for rule_table in rules.tables:
        name = same.get(rule_table.name)
        if name is None or pairs[rule_table.name] is not None:
            continue
        table = tables[name]
        if not _thin(table):
            continue
        added = [c for c in rule_table.columns if not table.has_column(c.name) and c.name not in rule_table.reference_columns
                 and c.name != f"{rule_table.name}_id"
                 and not table.has_column(f"{name}_{c.name}")]  # `rig_plate_number` is the rule designer's `plate_number`
        if added:
            tables[name] = table.model_copy(update={"columns": [*table.columns, *(c.model_copy(update={"nullable": True})
                                                                                   for c in added)]})
            notes.append(f"{name}: {', '.join(c.name for c in added)} added, read by the rule designer")


def _thin(table: TableDesign) -> bool:
    """Only a key and a name: a table the LLM made for an entity it knew by name alone."""
    names = CHOSEN_NAMES | {f"{table.name}_{word}" for word in CHOSEN_NAMES}
    return not table.foreign_keys and not {c.name for c in table.columns} - set(table.primary_key) - names


def _adopt_stated_keys(rules: SchemaDesign, tables: dict[str, TableDesign], same: dict[str, str],
                       notes: list[str]) -> None:
    """Key an LLM table by the identifier the rule designer read for it, when the LLM made up a
    surrogate `<table>_id` instead and holds the identifier as a column (module docstring)."""
    for rule_table in rules.tables:
        name = same.get(rule_table.name)
        if name is None or len(rule_table.primary_key) != 1:
            continue
        if _adoptable(rule_table.primary_key[0], tables[name], rule_table):
            _adopt_key(tables, name, rule_table.primary_key[0], notes)


def _adopt_identified_keys(requirement: str, tables: dict[str, TableDesign], notes: list[str]) -> None:
    """Key an LLM table by what the requirement says identifies it ('vessels are identified by
    their IMO number', 'proposals get a reference number from us'), read straight from the
    wording, when the LLM made up a surrogate instead:
    the rule designer may not have read the entity, the sentence still says what its key is."""
    # said to identify alone: 'known by a room name and a building' does not make the name a key
    stated_ids = [(c.subject, c.identifier[0], len(c.identifier) == 1) for c in tagged_clauses(requirement)
                  if c.subject and c.identifier]
    issued = [(subject, identifier, False) for subject, identifier in issued_identifiers(requirement)]
    for subject, identifier, said_to_identify in stated_ids + issued:
        name = subject.replace(" ", "_")
        name = name if name in tables else closest_table(name, tables)
        if name is None or tables[name].primary_key != [f"{name}_id"]:
            continue  # keyed by something the model chose on purpose: no column is added below
        table, said = tables[name], snake(identifier)
        stated = next((c.name for c in table.columns if c.name != f"{name}_id" and len(c.name) >= 3
                       and (said == c.name or said.endswith("_" + c.name) or c.name.endswith("_" + said)
                            or said in {f"{c.name}_{head}" for head in SPOKEN_HEADS})), None)
        if stated is None and said.split("_")[-1] in ID_HEADS and len(said.split("_")) <= 3:
            stated = said  # the model left the identifier out altogether: it is the key the sentence names
            tables[name] = table = table.model_copy(update={"columns": [
                *table.columns, ColumnDesign(name=said, type=column_type(said), description=identifier)]})
        if stated and _adoptable(stated, table, table, said_to_identify):
            _adopt_key(tables, name, stated, notes)


# what the wording adds to an identifier a column names without it ("an email address, which
# identifies them" is the model's `email`)
SPOKEN_HEADS = {"address", "number"}
IDENTIFYING = {"identification", "identifier"}  # words that make a unique column an identifier ("a gamer tag" is chosen)


def _adopt_unique_identifiers(tables: dict[str, TableDesign], notes: list[str]) -> None:
    """Key an LLM table by the one identifier it declared UNIQUE beside a made-up `<table>_id`
    (`supplier_id` + `vat_number UNIQUE`, `animal_id` + `identification_tag UNIQUE`): the model
    knew the column identifies the row and followed the prompt's surrogate rule anyway. A unique
    email or name is not an identifier (NOT_ISSUED), and two unique identifiers are no decision."""
    for name, table in list(tables.items()):
        unique = [c.name for c in table.columns if c.unique and identifier_named(c.name.split("_"), IDENTIFYING)]
        if len(unique) == 1 and _adoptable(unique[0], table, table):
            _adopt_key(tables, name, unique[0], notes, why="the identifier it declared unique")


def _name_references_after_keys(tables: dict[str, TableDesign], notes: list[str]) -> None:
    """A reference column named like a surrogate of its parent (`vessel_id`) that holds the
    parent's issued identifier (`REFERENCES vessel(imo_number)`) is named after that identifier
    (`vessel_imo_number`): the name says what a document will give for it. One named by the last
    words of its parent's name (`relationship_id` holding `mentor_relationship_id`) gets the whole
    name: the short one drops what the parent is."""
    for name, child in list(tables.items()):
        renamed: dict[str, str] = {}
        for fk in child.foreign_keys:
            parent = tables.get(fk.ref_table)
            if parent is None or len(fk.columns) != 1:
                continue
            column, after_key = fk.columns[0], key_column(parent.name, fk.ref_columns[0])
            surrogate = f"{parent.name}_id"
            named_like_surrogate = (column == surrogate if fk.ref_columns != [surrogate]
                                    else shortened_surrogate(column, parent.name))  # `relationship_id`
            if named_like_surrogate and not child.has_column(after_key) and after_key not in renamed.values():
                renamed[column] = after_key
        if renamed:
            tables[name] = renamed_columns(child, renamed)
            notes.append(f"{name}: {', '.join(f'{a} renamed {b}' for a, b in renamed.items())}, after the key it holds")


def _adopt_key(tables: dict[str, TableDesign], name: str, stated: str, notes: list[str],
               why: str = "the identifier the requirement gives") -> None:
    """`name` keyed by its column `stated` instead of its surrogate; references follow."""
    table, surrogate = tables[name], f"{name}_id"
    # a bare `number` or `code` says whose it is once it keys the table and others refer to it
    key_name = f"{name}_{stated}" if stated in GENERIC and not table.has_column(f"{name}_{stated}") else stated
    key = table.column(stated).model_copy(update={"name": key_name, "nullable": False, "unique": False})
    tables[name] = table.model_copy(update={
        "columns": [key if c.name == stated else c for c in table.columns if c.name != surrogate],
        "primary_key": [key_name]})
    for child_name, child in list(tables.items()):
        if child_name != name:
            tables[child_name] = _rekeyed_references(child, name, surrogate, key)
    notes.append(f"{name}: keyed by {key_name}, {why}, not a made-up {surrogate}")


def _adoptable(stated: str, table: TableDesign, rule_table: TableDesign, said_to_identify: bool = False) -> bool:
    """`stated` (the rule designer's key, or what the wording says identifies the table) can replace
    the surrogate `<table>_id` the LLM made up: an issued identifier of the table's own (not a
    surrogate) that the LLM's table holds as a plain column. A name or email counts only where the
    requirement says it identifies the rows ('species are identified by scientific name'): the
    user chose that key."""
    return (table.primary_key == [f"{table.name}_id"] and stated not in (f"{table.name}_id", f"{rule_table.name}_id")
            and table.has_column(stated) and stated not in table.reference_columns
            and (_issued_identifier(stated, table, rule_table)
                 or said_to_identify and stated.split("_")[-1] in NOT_ISSUED))


# chosen by people and changed by them: unique at best; the names among them never even key a table
NOT_ISSUED = CHOSEN_NAMES | {"username", "email"}


def _issued_identifier(column: str, table: TableDesign, rule_table: TableDesign) -> bool:
    """An identifier someone issues (a serial, staff or tracking number), not a name people choose,
    nor a number within a parent: an `episode_number` of an episode that belongs to a show counts
    episodes of that show (a `stage_number` of a race's only stages table is global)."""
    if column.split("_")[-1] in NOT_ISSUED:
        return False
    within_parent = bool(table.foreign_keys or rule_table.foreign_keys)
    return not (within_parent and (column.startswith(f"{table.name}_") or column.startswith(f"{rule_table.name}_")))


def _rekeyed_references(child: TableDesign, parent: str, old: str, key: ColumnDesign) -> TableDesign:
    """`child` with its references to `parent`'s old key pointing at `key`; a referring column
    named after the old key (`meter_id`) is renamed after the new one (`meter_serial_number`),
    or gives way to a plain column of the child already named like the new key: the model wrote
    the parent's identifier into the child beside its reference (`licence(clerk_name,
    employee_code)`), and that column is the reference once the identifier keys the parent."""
    pointing = [fk for fk in child.foreign_keys if fk.ref_table == parent and fk.ref_columns == [old]]
    if not pointing:
        return child
    held = {fk.columns[0] for fk in pointing}
    after_key = key_column(parent, key.name)
    copy = next((n for n in (key.name, after_key) if child.has_column(n) and n not in child.reference_columns), None)
    if copy and held == {old} and old not in child.primary_key:
        required = not child.column(old).nullable  # the reference says whether it is required
        return child.model_copy(update={
            "columns": [c.model_copy(update={"type": key.type, "nullable": c.nullable and not required})
                        if c.name == copy else c for c in child.columns if c.name != old],
            "foreign_keys": [fk.model_copy(update={"columns": [copy], "ref_columns": [key.name]}) if fk in pointing else fk
                             for fk in child.foreign_keys]})
    repointed = child.model_copy(update={
        "columns": [c.model_copy(update={"type": key.type}) if c.name in held else c for c in child.columns],
        "foreign_keys": [fk.model_copy(update={"ref_columns": [key.name]}) if fk in pointing else fk
                         for fk in child.foreign_keys]})
    return renamed_columns(repointed, {old: after_key} if old in held and not child.has_column(after_key) else {})


def _add_missing_entities(rules: SchemaDesign, pairs: dict[str, tuple[str, str] | None], tables: dict[str, TableDesign],
                          same: dict[str, str], notes: list[str]) -> None:
    """Entity tables the rule designer read and the LLM left out, when related to a table both
    have, or held by a column of the LLM's as a name or identifier (`batch.recipe_name`): their own
    attributes and key only; their references are added like any other."""
    related = {t.name: {fk.ref_table for fk in t.foreign_keys} for t in rules.tables}
    for t in rules.tables:
        if t.name in same or pairs[t.name] is not None or t.name in tables:
            continue
        if not t.own_attributes:
            continue  # no attribute of its own: likely a misread phrase, not an entity
        neighbours = related[t.name] | {n for n, refs in related.items() if t.name in refs}
        merged_into = [x for x in tables.values() if _holds_as_another(x, t) and _shared(t, x) >= CONTENT_MATCH]
        if not any(n in same for n in neighbours) and not _named_by_a_column(t.name, tables) and not merged_into:
            continue
        own = t.reference_columns - set(t.primary_key)
        tables[t.name] = t.model_copy(update={"columns": [c for c in t.columns if c.name not in own], "foreign_keys": []})
        same[t.name] = t.name
        notes.append(f"added table {t.name} read by the rule designer")
        for holder in merged_into:  # its attributes depend on the entity, not on the holder's key
            moved = t.own_attributes & holder.own_attributes
            if moved:
                tables[holder.name] = holder.model_copy(update={"columns": [c for c in holder.columns if c.name not in moved]})
                notes.append(f"{holder.name}: {', '.join(sorted(moved))} are {t.name}'s, moved there (third normal form)")


def _name_associations_as_written(rules: SchemaDesign, pairs: dict[str, tuple[str, str] | None],
                                  tables: dict[str, TableDesign], same: dict[str, str], notes: list[str]) -> None:
    """An LLM association named by joining its parents' names (`event_act`) takes the name of the
    rule designer's association of the same two parents when the requirement writes that name and
    not the joined one ("several acts can appear at one event ..., so for each appearance we keep
    the fee agreed" -> `appearance`), or of a rule table that refers to those two parents alone ("a
    consultation records the patient, the therapist, the date ..." -> `consultation`): the user's
    word for the relationship, which a reader (and a reference schema) uses."""
    for rule_table in rules.tables:
        name, pair = same.get(rule_table.name), pairs[rule_table.name] or _two_parents(rule_table)
        if name is None or pair is None or rule_table.name in tables:
            continue
        parents = _association_parents(tables[name])
        if (parents is None or {same.get(p) for p in pair} != set(parents)
                or name not in (f"{parents[0]}_{parents[1]}", f"{parents[1]}_{parents[0]}")
                or named_in(name, rules.requirement) or not named_in(rule_table.name, rules.requirement)):
            continue
        tables[rule_table.name] = tables.pop(name).model_copy(update={"name": rule_table.name})
        for other, table in tables.items():
            if name in table.parents:
                tables[other] = table.model_copy(update={"foreign_keys": [
                    fk.model_copy(update={"ref_table": rule_table.name}) if fk.ref_table == name else fk
                    for fk in table.foreign_keys]})
        notes.append(f"{name}: named {rule_table.name}, as the requirement calls it")


def _two_parents(table: TableDesign) -> tuple[str, str] | None:
    """The two tables an event table refers to, when it refers to exactly two ("a booking records
    the member, the class, the booking date ..."): the relationship the model keyed by both
    parents, whatever key the rules gave it."""
    parents = table.parents
    distinct = len(set(parents)) == len(parents) == 2 and table.name not in parents
    return (parents[0], parents[1]) if distinct else None


def _named_by_a_column(entity: str, tables: dict[str, TableDesign]) -> bool:
    """Some table holds the entity by its name or identifier as a plain column (`batch.recipe_name`,
    `group.village`), or names two roles of it (`job.pickup_zone`, `job.drop_off_zone`): the entity
    is related to it, which implied_references then declares (by the same two-roles rule)."""
    named = {entity} | {f"{entity}_{w}" for w in NAMING}
    return any(c.name in named and c.name not in t.reference_columns for t in tables.values() for c in t.columns) \
        or any(_roles_of(entity, t) >= 2 for t in tables.values())


def _table_map(rules: SchemaDesign, tables: dict[str, TableDesign]) -> dict[str, str]:
    """Rule table -> the LLM table meaning the same thing. Two tables holding the same attributes
    are the same, whatever their names (the rules' `table` is the LLM's `dining_room` when both
    hold table_number and number_of_seats); then the same words, or the only shared head noun."""
    out: dict[str, str] = {}
    # best shares first; between equal shares the table of the same name wins, and a tie no name
    # breaks is no evidence ('name' and 'location' are shared by many tables)
    by_content = sorted(((_shared(r, t), r.name == t.name, r.name, t.name) for r in rules.tables for t in tables.values()),
                        reverse=True)
    for share, same_name, rule_name, name in by_content:
        if share < CONTENT_MATCH:
            break
        if (_holds_as_another(tables[name], rules.table(rule_name))
                or _another_entitys_table(rule_name, name, rules, tables)):
            continue
        tied = [x for x in by_content if x[0] == share and x[2] == rule_name and x[3] not in out.values()]
        if rule_name not in out and name not in out.values() and (same_name or len(tied) == 1):
            out[rule_name] = name
    for t in rules.tables:
        left = {n: x for n, x in tables.items() if n not in out.values()}
        match = t.name if t.name in left else closest_table(t.name, left)
        if t.name not in out and match is not None and not _holds_as_another(tables[match], t):
            out[t.name] = match
    return out


CONTENT_MATCH = 0.6  # share of a rule table's attributes (at least two) an LLM table also has


def _another_entitys_table(rule_name: str, name: str, rules: SchemaDesign, tables: dict[str, TableDesign]) -> bool:
    """The LLM table `name` shares the rule entity's attributes but is another entity the rules
    read too, and the LLM's table of the rule entity's own name is thin: the model copied the
    parent's facts into a child (`rehearsal.address` and `seating_capacity` beside `venue(venue_id,
    name)`), and the rule entity is the table named after it, which then takes what it lacks
    (_fill_thin_entities). Not when that table has facts of its own: then the rules may have read
    it wrong (`play.production_id` from "keep plays apart from productions")."""
    return (name != rule_name and rule_name in tables and _thin(tables[rule_name])
            and any(t.name == name for t in rules.tables))


def _holds_as_another(table: TableDesign, rule: TableDesign) -> bool:
    """`table` holds the rule entity's identifier as a column named after it and keyed otherwise
    (`zone_product.product_registration_number` beside a rule `product(registration_number, name,
    active_ingredient)`): the model wrote the entity's attributes into a table about something
    else, which refers to it, so the shared attributes say nothing of their being one table."""
    if table.name == rule.name or len(rule.primary_key) != 1 or rule.primary_key[0] == f"{rule.name}_id":
        return False
    held = key_column(rule.name, rule.primary_key[0])
    return table.has_column(held) and table.primary_key != [held]


def _shared(rule: TableDesign, table: TableDesign) -> float:
    """The share of the rule table's columns, surrogate key aside, that `table` has too (0 below two)."""
    own = {c.name for c in rule.columns} - {f"{rule.name}_id"}
    both = own & {c.name for c in table.columns}
    return len(both) / len(own) if len(both) >= 2 else 0.0


def _pairings_said_to_be_one(rules: SchemaDesign, pairs: dict[str, tuple[str, str] | None],
                             tables: dict[str, TableDesign], same: dict[str, str], notes: list[str]) -> None:
    """Drop the model's pairing table of two tables the requirement relates by exactly one ('each
    firing uses exactly one kiln'): the rules read that one as a required reference, which the
    loop of reconcile then adds. As belongs.py does for its wordings, and only for a pairing with
    nothing of its own that no table refers to (one with a date or a fee records something the
    reference would lose)."""
    for rule_table in rules.tables:
        if pairs[rule_table.name] is not None or rule_table.name not in same:
            continue
        child = same[rule_table.name]
        for fk in rule_table.foreign_keys:
            parent = same.get(fk.ref_table)
            if (parent is None or parent == child or any(rule_table.column(c).nullable for c in fk.columns)
                    or tables[child].related_to(tables[parent])):
                continue
            link = pairing_table(tables, child, parent, counted=False)
            if link is not None:
                del tables[link]
                notes.append(f"{link}: dropped, a pairing of {child} and {parent} the requirement says is one "
                             f"{parent} for each {child} (the rule designer's reading)")


def _association_parents(table: TableDesign) -> tuple[str, str] | None:
    """The two parents of an association table: its primary key is exactly two references' columns."""
    if len(table.foreign_keys) < 2:
        return None
    keyed = [fk for fk in table.foreign_keys if set(fk.columns) <= set(table.primary_key)]
    if len(keyed) != 2 or {c for fk in keyed for c in fk.columns} != set(table.primary_key):
        return None
    return keyed[0].ref_table, keyed[1].ref_table


def _related(tables: dict[str, TableDesign], a: str, b: str, rule_events: list[set[str]]) -> bool:
    """True when the design already relates `a` and `b`: a reference either way, or a table
    referring to both (an association, or an event such as a loan of a copy to a member). An
    event does not count when the rule designer read the same event and the direct reference
    too (a viewing of a property with an agent, and the agent who sells the property)."""
    if tables[a].related_to(tables[b]):
        return True
    refs = {name: {fk.ref_table for fk in t.foreign_keys} for name, t in tables.items()}
    if not any({a, b} <= r for name, r in refs.items() if name not in (a, b)):
        return False
    return not any({a, b} <= r for r in rule_events)


def _paired_by_name(tables: dict[str, TableDesign], a: str, b: str) -> bool:
    """A third table keyed by a reference to one of `a`, `b` and the other's key or name held as a
    plain column (`recipe(product_code, ingredient_name)` once the rules added an `ingredient`
    table): the model wrote the pair, whose second reference implied_references declares after
    reconcile, so the rules' association would be the same pair twice. A table keyed otherwise
    (`pupil(pupil_id, route_code, stop_name)`) is a thing of its own that names both, no pair."""
    for name, table in tables.items():
        if name in (a, b) or len(table.primary_key) != 2:
            continue
        referred = {fk.columns[0]: fk.ref_table for fk in table.foreign_keys if len(fk.columns) == 1}
        parents = set()
        for column in table.primary_key:
            implied = None if column in referred else _implied_parent(column, name, tables)
            parents.add(referred.get(column) or (implied[0] if implied else ""))
        if parents == {a, b} and set(referred.values()) & parents:
            return True
    return False


def _named_role(fk: ForeignKeyDesign, rules: SchemaDesign, child: TableDesign, parent: str) -> bool:
    """The rule designer's reference is a role the requirement says the parent's rows play ('a
    captain and a first officer, who are crew members': `flight.captain_employee_id`), and the
    child holds no plain reference to the parent: a table relating the two with a free `role`
    column (`flight_crew(flight, member, role)`) does not say which member captains the flight,
    so the role is added still."""
    from text2db.designer.roles import said_to_be  # roles builds on this module

    rule_parent = rules.table(fk.ref_table)
    if len(fk.columns) != 1 or len(rule_parent.primary_key) != 1:
        return False
    key = rule_parent.primary_key[0]
    own_key = key.removeprefix(f"{rule_parent.name}_")  # `master_number` for a seafarer keyed by seafarer_number
    role = next((fk.columns[0].removesuffix(f"_{k}") for k in (key, own_key) if fk.columns[0].endswith(f"_{k}")),
                fk.columns[0])
    plain = {key, key_column(rule_parent.name, key), key_column(parent, key)}
    held = {f.columns[0] for f in child.foreign_keys if f.ref_table == parent and len(f.columns) == 1}
    return (role != fk.columns[0] and fk.columns[0] not in plain and not held & plain
            and said_to_be(role, rule_parent.name, " ".join(rules.requirement.lower().split())))


def _events(rules: SchemaDesign, pairs: dict[str, tuple[str, str] | None], same: dict[str, str]) -> list[set[str]]:
    """What each rule table that is no association refers to, in the design's table names: the
    events the rules read (a loan of a copy to a member), for _related."""
    return [{same[fk.ref_table] for fk in t.foreign_keys if fk.ref_table in same} for t in rules.tables
            if pairs[t.name] is None]


def _add_reference(tables: dict[str, TableDesign], child: str, parent: str, rule_fk: ForeignKeyDesign,
                   rule_parent: TableDesign, notes: list[str], how: str) -> None:
    updated = _with_reference(tables[child], tables[parent], rule_fk, rule_parent)
    if updated is not None:
        tables[child] = updated
        notes.append(f"{child}: added the reference to {parent} {how}")


def _refers_to_itself(table: TableDesign) -> bool:
    return any(fk.ref_table == table.name for fk in table.foreign_keys)


def _with_reference(child: TableDesign, parent: TableDesign, rule_fk: ForeignKeyDesign,
                    rule_parent: TableDesign) -> TableDesign | None:
    if len(parent.primary_key) != 1 or len(rule_fk.columns) != 1:
        return None
    key = parent.column(parent.primary_key[0])
    plain = key_column(parent.name, key.name)
    # the rule's column is named after the parent's key ("department_code") unless it names a
    # role ("captain_employee_id"): a plain reference is renamed after the LLM's key
    rule_column = rule_fk.columns[0]
    role = rule_column not in (rule_parent.primary_key[0], key_column(rule_parent.name, rule_parent.primary_key[0]))
    name = rule_column if role else plain
    taken = child.reference_columns | set(child.primary_key)
    existing = next((c for c in dict.fromkeys([name, rule_column, plain, f"{parent.name}_id"])
                     if child.has_column(c) and c not in taken), None)
    columns = list(child.columns)
    if existing is None:
        if child.has_column(name):
            return None
        columns.append(ColumnDesign(name=name, type=key.type, description=f"{parent.name} ({parent.name})"))
        existing = name
    fk = ForeignKeyDesign(columns=[existing], ref_table=parent.name, ref_columns=[key.name])
    return child.model_copy(update={"columns": columns, "foreign_keys": [*child.foreign_keys, fk]})


def _association(rule_table: TableDesign, parents: list[str], tables: dict[str, TableDesign]) -> TableDesign | None:
    """The rule designer's association table, re-keyed on the LLM parents' keys."""
    if rule_table.name in tables or any(len(tables[p].primary_key) != 1 for p in parents):
        return None
    columns: list[ColumnDesign] = []
    fks: list[ForeignKeyDesign] = []
    for parent in parents:
        column, fk = key_reference(tables[parent], f"{parent} ({parent})")
        if any(c.name == column.name for c in columns):
            return None
        columns.append(column)
        fks.append(fk)
    reference_columns = rule_table.reference_columns
    attributes = [c for c in rule_table.columns if c.name not in reference_columns and c.name not in {x.name for x in columns}]
    return TableDesign(name=rule_table.name, columns=columns + attributes, primary_key=[c.name for c in columns],
                       foreign_keys=fks, description=rule_table.description)
