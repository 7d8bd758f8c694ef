"""Fold the LLM's role tables into the entity whose rows play the role.

Why: a small model often writes a table for a role that the requirement says is played by
another row of an entity it already has: `section_leader (section_leader_id, name, email)` beside
`musician`, where the requirement says "a section leader, who is another musician";
`senior_tailor` and `junior_tailor` beside `tailor`. Such a table holds nothing of its own, and
the reference to it (`musician.section_leader_id -> section_leader`) cannot say which musician
leads: the design an expert writes is a reference to the entity itself (a self-reference, or a
role reference such as `flight.captain_id -> crew_member`).

A table R is a role of a table X when
- the requirement says so: "R, who is (another | one of the | a) X" ("a captain and a first
  officer, who are crew members"), "Rs are Xs" ("when both spouses are clients"), or R's name is
  X's with words before it (`senior_tailor`);
- and R holds nothing X does not: every column of R is its key, a reference to X or to R, a
  column X has too (name, email) or, when the requirement says R is an X, a column whose words
  the requirement never writes (the model's own `experience_year` for "an experienced member who
  acts as their mentor"); R refers to no other table than X does. A table with data of
  its own (an `order_item` of an `item`) is never folded.
Then every reference to R points at X's key instead (keeping the column's name, which says the
role), a reference from X to itself becomes nullable (someone leads the leaders: nobody), and R
goes. A role the requirement says X plays that no other table referred to ("a junior is coached by
another player", with a `coach` table nothing points at) would vanish with R: X gets a nullable
reference to itself for it (`player.coach_id`). Likewise a table that only links one row of an
entity to another (`referral (referral_id, member_id, referred_by_member_id)`) becomes the
entity's reference to itself (`member.referred_by_member_id`), and two tables the requirement
calls kinds of one thing ("shippers and consignees are simply companies") that hold the same
attributes become that one table. Every fold is noted. Nothing here depends on a table or domain
name.
"""

from __future__ import annotations

import re

from text2db.designer.relate import with_reference
from text2db.designer.repair import name_pattern, named_in, names_the_entity
from text2db.designer.words import singular, snake
from text2db.schemas.design import ForeignKeyDesign, SchemaDesign, TableDesign


def fold_roles(design: SchemaDesign) -> SchemaDesign:
    """`design` with its role tables folded into their entities (see the module docstring)."""
    tables = {t.name: t for t in design.tables}
    notes: list[str] = []
    text = " ".join(design.requirement.lower().split())
    # until nothing folds: a role may refer to another role (`junior_tailor` to `senior_tailor`)
    while (found := next(((r, e) for r in tables if (e := _entity_of(tables[r], tables, text))), None)):
        role, entity = found
        key = tables[entity].column(tables[entity].primary_key[0])
        referred = _referred_by_another(role, tables)
        for name, t in list(tables.items()):
            if name != role:
                tables[name] = _retargeted(t, role, entity, key.name, key.type)
        del tables[role]
        notes.append(f"{role}: a role played by another {entity} (the requirement says so, and the table held "
                     f"nothing of its own); its references now point at {entity}")
        if not referred and (held := _role_held_by_entity(tables[entity], role, text)) is not None:
            tables[entity] = held
            notes.append(f"{entity}: refers to itself for its {role.replace('_', ' ')} (no other table held the role)")
    _merge_kinds_of_one(tables, text, notes)
    _fold_self_links(tables, notes)
    return design.amended(list(tables.values()), notes)


# "shippers and consignees are simply companies to us": two kinds of one thing
KINDS_OF_ONE = re.compile(r"\b(?P<a>[a-z-]+s)\s+and\s+(?P<b>[a-z-]+s)\s+are\s+(?:simply\s+|just\s+|both\s+|all\s+)?"
                          r"(?:[a-z-]+\s+)?(?P<one>[a-z-]+s)\b")


def _merge_kinds_of_one(tables: dict[str, TableDesign], text: str, notes: list[str]) -> None:
    """Two tables the requirement calls kinds of one thing the design lacks ("shippers and
    consignees are simply companies to us"), holding the same attributes (`shipper(name, country,
    contact_email)` and `consignee(...)` alike), become that one table (`company`); every reference
    to either points at it and keeps its name, which says the role (`shipment.shipper_id`,
    `shipment.consignee_id`), and the two stop referring to each other."""
    for m in KINDS_OF_ONE.finditer(text):
        a, b, one = (snake(singular(m.group(g))) for g in ("a", "b", "one"))
        if a not in tables or b not in tables or one in tables or a == b or len(m.group("one")) < 5:  # not 'as', 'us'
            continue
        ta, tb = tables[a], tables[b]
        if (len(ta.primary_key) != 1 or len(tb.primary_key) != 1 or not ta.own_attributes
                or ta.own_attributes != tb.own_attributes):
            continue
        old_key = ta.column(ta.primary_key[0])
        key = old_key.model_copy(update={"name": f"{one}_id"}) if old_key.name == f"{a}_id" else old_key
        merged = ta.model_copy(update={
            "name": one, "primary_key": [key.name],
            "columns": [key if c.name == old_key.name else c for c in ta.columns
                        if c.name not in {col for fk in ta.foreign_keys if fk.ref_table == b for col in fk.columns}],
            "foreign_keys": [fk for fk in ta.foreign_keys if fk.ref_table != b]})
        del tables[a], tables[b]
        tables[one] = merged
        for name, t in list(tables.items()):
            if name != one:
                tables[name] = _retargeted(_retargeted(t, a, one, key.name, key.type), b, one, key.name, key.type)
        notes.append(f"{a}, {b}: kinds of one {one} (the requirement says so, and they held the same attributes); "
                     f"now {one}, and their references point at it")


def _fold_self_links(tables: dict[str, TableDesign], notes: list[str]) -> None:
    """Each table that only links two rows of one entity becomes the entity's reference to itself,
    named after the link's role column (`referred_by_member_id` beside a plain `member_id`), else
    after the link (`referral_id`)."""
    for link in [t for t in tables.values() if _links_rows_of_one_entity(t, tables)]:
        entity = tables[link.parents[0]]
        roles = [fk.columns[0] for fk in link.foreign_keys if not names_the_entity(fk.columns[0], entity)]
        held = with_reference(entity, entity, roles[0] if len(roles) == 1 else f"{link.name}_id")
        if held is not None:
            tables[entity.name] = held
            del tables[link.name]
            notes.append(f"{link.name}: only linked one {entity.name} to another; now "
                         f"{entity.name}.{held.foreign_keys[-1].columns[0]}")


def _links_rows_of_one_entity(table: TableDesign, tables: dict[str, TableDesign]) -> bool:
    """`referral (referral_id, member_id, referred_by_member_id)`: a table keyed by a surrogate of
    its own that holds nothing but two references to one other table, and that nothing refers
    to, says only which row of that table goes with which: the expert's design is that table's
    reference to itself (`member.referred_by`). (With one reference, `user (user_id, plan_id)`,
    it is as likely an entity whose attributes the model left out: only a role the requirement
    says the entity plays folds, above.)"""
    parents = set(table.parents)
    return (len(parents) == 1 and table.name not in parents and len(table.foreign_keys) == 2
            and all(len(fk.columns) == 1 for fk in table.foreign_keys)
            and len(table.primary_key) == 1 and table.primary_key[0] not in table.reference_columns
            and not table.own_attributes and len(table.columns) == 1 + len(table.foreign_keys)
            and not _referred_by_another(table.name, tables)
            and len(tables[next(iter(parents))].primary_key) == 1)


def _referred_by_another(name: str, tables: dict[str, TableDesign]) -> bool:
    return any(name in t.parents for t in tables.values() if t.name != name)


def _role_held_by_entity(entity: TableDesign, role: str, text: str) -> TableDesign | None:
    """`entity` with a nullable reference to itself for a folded role that no other table held:
    "a junior has at most one coach, who is simply another player" leaves a `coach` table nothing
    refers to, and the only place the coaching can be kept is the player's own row
    (`player.coach_id`). Only a role the requirement names as played by the entity
    (`said_to_be`), whose name says more than the entity's (`performer_coach` -> `coach`), and an
    entity without a reference to itself already (that one is the role's)."""
    words = [w for w in role.split("_") if w not in entity.name.split("_")]
    if not words or entity.name in entity.parents or not said_to_be(role, entity.name, text):
        return None
    return with_reference(entity, entity, "_".join(words) + "_id")


def _entity_of(role: TableDesign, tables: dict[str, TableDesign], text: str) -> str | None:
    """The entity whose rows play `role`, when `role` is only a role (module docstring)."""
    for name, entity in tables.items():
        if name == role.name or len(entity.primary_key) != 1:
            continue
        said = said_to_be(role.name, name, text)
        if not (role.name.endswith("_" + name) or said):
            continue
        if _holds_nothing_else(role, entity, text if said else None):
            return name
    return None


def said_to_be(role: str, entity: str, text: str) -> bool:
    """'a section leader, who is another musician' / '... officer, who are crew members'; the
    role's verb with the entity as its agent, 'coached by a senior performer' for a coach; the
    entity acting as the role, 'an experienced member who acts as their mentor'."""
    role_words, entity_words = name_pattern(role), name_pattern(entity)
    if role_words is None or entity_words is None:
        return False
    article = r"(?:one\s+of\s+(?:the|our)\s+|another\s+|other\s+|an?\s+)?(?:[a-z-]+\s+){0,2}?"
    # the role's noun right before "who", or coordinated with the one there ("a captain and a first
    # officer, who are crew members"); not any earlier word ("a section has a name and a section
    # leader, who is one of the musicians" says nothing of what a section is)
    coordinated = r"(?:\s+(?:and|or)\s+(?:an?\s+|the\s+)?(?:[a-z-]+\s+){0,2}?[a-z-]+)?"
    is_one = rf"{role_words}{coordinated}\s*,?\s*\bwho\s+(?:is|are)\s+(?:also\s+)?{article}{entity_words}"
    are = rf"{role_words}\s+(?:is|are)\s+(?:also\s+|both\s+|simply\s+|just\s+)?(?:an?\s+)?{entity_words}"  # "both spouses are clients"
    acts_as = rf"{entity_words}\s+who\s+(?:acts|act|serves|serve)\s+as\s+(?:their|its|his|her|the|an?)?\s*{role_words}"
    last = role.split("_")[-1]
    verbs = {f"{last}ed", f"{last}d", f"{re.sub(r'(?:er|or)$', '', last)}ed"}  # coached, mentored, supervised
    done_by = rf"\b(?:{'|'.join(sorted(verbs))})\s+by\s+{article}{entity_words}"
    return any(re.search(p, text) for p in (is_one, are, acts_as, done_by))


def _holds_nothing_else(role: TableDesign, entity: TableDesign, requirement: str | None = None) -> bool:
    """Every column of `role` is its key, a reference, or a column `entity` has too. Given the
    `requirement` (the role is said to be played by the entity), a column the requirement never
    writes counts as nothing too: the model's own addition ('an experienced member who acts as
    their mentor' drafted as `mentor (mentor_id, member_id, experience_year)`) is no stated fact
    that folding would lose."""
    # a reference the entity has too (a supervisor's station, copied from the firefighter) is no data of its own
    if any(fk.ref_table not in (entity.name, role.name) and fk not in entity.foreign_keys for fk in role.foreign_keys):
        return False
    entity_columns = {c.name for c in entity.columns}
    return all(c.name in role.primary_key or c.name in role.reference_columns or c.name in entity_columns
               or requirement is not None and not named_in(c.name, requirement) for c in role.columns)


def _retargeted(table: TableDesign, role: str, entity: str, key: str, key_type: str) -> TableDesign:
    """`table` with its references to `role` pointing at `entity`'s key (a reference of several
    columns to the role has nothing to pair with that key and goes); a reference that becomes the
    entity's reference to itself is nullable, and a column that referred to both is one reference."""
    if not any(fk.ref_table == role for fk in table.foreign_keys):
        return table
    moved: set[str] = set()
    fks: list[ForeignKeyDesign] = []
    for fk in table.foreign_keys:
        if fk.ref_table == role:
            if len(fk.columns) != 1:
                continue
            fk = ForeignKeyDesign(columns=fk.columns, ref_table=entity, ref_columns=[key])
            moved.add(fk.columns[0])
        if fk not in fks:
            fks.append(fk)
    nullable = table.name == entity  # someone leads the leaders: nobody
    columns = [c.model_copy(update={"type": key_type, "nullable": c.nullable or (nullable and c.name not in table.primary_key)})
               if c.name in moved else c for c in table.columns]
    return table.model_copy(update={"columns": columns, "foreign_keys": fks})
