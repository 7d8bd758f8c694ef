"""The rule designer (`rules.v1`): facts read from the requirement (designer/facts.py) become a
schema in third normal form, without an LLM.

- every entity becomes a table; its identifier ("an ID", "a unique number", "is identified by")
  is the primary key, else a surrogate `<entity>_id`;
- a one-to-many relation puts a foreign key on the "many" side; a relation with a role ("a
  departure airport", "a captain ... who are crew members") names its column after the role;
  a self-reference ("a supervisor, who is another employee") is a nullable key to the table;
- many-to-many relations and facts about pairs ("for each product in an order we record the
  quantity") become association tables keyed by both foreign keys, holding the pair's attributes;
- types come from attribute names (designer/words.py).
Attributes that depend on another entity are not copied: a reference is always a key column.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from text2db.designer.facts import ID_HEADS, read_facts
from text2db.designer.requirement import Attribute, Facts, Relation
from text2db.designer.validate import not_null_cycle
from text2db.designer.words import column_type, snake
from text2db.schemas.design import ColumnDesign, ColumnType, ForeignKeyDesign, SchemaDesign, TableDesign

RULES_V1 = "rules.v1"
NOT_KEYS = {"phone", "telephone", "mobile", "fax", "licence", "license", "seat", "shirt", "tax", "house", "street",
            "postal", "zip", "contact", "version", "model"}
GENERIC = {"id", "identifier", "number", "code", "key"}
CHOSEN_NAMES = {"name", "title"}  # given to things by people: neither stable nor unique, so never a key


@dataclass
class _Table:
    name: str
    description: str
    columns: dict[str, ColumnDesign] = field(default_factory=dict)
    primary_key: list[str] = field(default_factory=list)
    foreign_keys: list[ForeignKeyDesign] = field(default_factory=list)

    def add(self, column: ColumnDesign) -> str:
        if column.name not in self.columns:
            self.columns[column.name] = column
        return column.name

    def freeze(self) -> TableDesign:
        return TableDesign(name=self.name, columns=list(self.columns.values()), primary_key=self.primary_key,
                           foreign_keys=self.foreign_keys, description=self.description)


def design_with_rules(requirement: str, known: Sequence[str] = ()) -> SchemaDesign:
    """The rule designer's schema for `requirement` (not yet validated: `validate.checked` does
    that); `known` entity names are read as declared (facts.read_facts)."""
    facts = read_facts(requirement, known)
    entities = kept_entities(facts)
    tables = {e: _entity_table(facts, e) for e in entities}
    links = resolve(facts, set(entities))
    for source, target, role, required, unique in links["fk"]:
        add_reference(tables[source], tables[target], role, required, unique)
    for a, b, attrs in links["pairs"]:
        name = snake(facts.pair_names.get((a, b)) or f"{a} {b}")
        table = tables.setdefault(name, _Table(name, f"one row per {a} and {b} they are linked to"))
        for side in (a, b):
            column_names = add_reference(table, tables[side], "", True, False)
            table.primary_key += [c for c in column_names if c not in table.primary_key]
        for attr in attrs:
            table.add(_column(attr))
        for x, y, other, role in facts.pair_references:  # "the technician who performed it"
            if (x, y) in ((a, b), (b, a)) and other in tables:
                add_reference(table, tables[other], role, False, False)
    design = SchemaDesign(requirement=requirement, designer=RULES_V1,
                          tables=[t.freeze() for t in tables.values()] or _nothing())
    return break_cycles(design)


def _nothing() -> list[TableDesign]:
    from text2db.designer.exceptions import DesignFailed

    raise DesignFailed("the requirement names no entity the rule designer can read")


def kept_entities(facts: Facts) -> list[str]:
    """Declared entities, plus undeclared ones a declared entity refers to (the others are
    usually the domain itself: 'the company is organised into departments')."""
    declared = [e.name for e in facts.entities.values() if e.declared and not _is_domain(facts, e.name)]
    referred = [r.target for r in facts.relations if r.source in declared and r.target not in declared]
    referred += [r.source for r in facts.relations if r.target in declared and r.source not in declared and r.many >= 1
                 and r.source != r.target and any(x.source == r.source for x in facts.relations if x is not r)]
    return list(dict.fromkeys(declared + [r for r in referred if r and not _is_domain(facts, r)]))


def _is_domain(facts: Facts, name: str) -> bool:
    """The organisation the requirement is about ('A hotel chain manages reservations', 'the
    school holds exams'): the first sentence's subject, or its head noun, with no attribute."""
    domain = facts.domain
    return bool(domain) and not facts.entities[name].attributes and (name == domain or domain.endswith(" " + name))


def _column(attr: Attribute, entity: str = "") -> ColumnDesign:
    words = attr.words
    if entity and words in GENERIC:
        words = f"{entity} {words}"
    name = snake(words)
    return ColumnDesign(name=name, type=column_type(name), unique=attr.unique, nullable=not attr.required,
                        description=words)


def _entity_table(facts: Facts, name: str) -> _Table:
    entity = facts.entities[name]
    table = _Table(snake(name), f"one row per {name}")
    key = key_attribute(entity.attributes, name)
    if key is None:
        table.primary_key = [table.add(ColumnDesign(name=f"{snake(name)}_id", type="INTEGER", nullable=False,
                                                    description=f"identifier of the {name}"))]
    for attr in entity.attributes:
        column = _column(attr, name)
        if attr is key:
            column = column.model_copy(update={"nullable": False, "unique": False})
            table.primary_key = [column.name]
        table.add(column)
    return table


def key_attribute(attributes: list[Attribute], entity: str) -> Attribute | None:
    """The attribute that identifies the entity: stated as identifier, else an ID, else the
    first unique or first code-like attribute ('registration number'), never a phone number.
    The code-like one only where it is listed first or after the name alone: an identifier comes
    first ('a bin number, a capacity and a location'), a number listed among the other facts is
    one of them ('an admission date, a discharge date and a room number': the room of the stay;
    a song's track number on its album)."""
    for attr in attributes:
        if attr.identifier:
            return attr
    candidates = [a for a in attributes if identifier_named(a.words.split())]
    for attr in candidates:
        if attr.words.split()[-1] in ("id", "identifier"):
            return attr
    for attr in candidates:
        if attr.unique:
            return attr
    if not candidates:
        return None
    before = attributes[:attributes.index(candidates[0])]
    return candidates[0] if all(a.words.split()[-1] in CHOSEN_NAMES for a in before) else None


def identifier_named(words: list[str], marks: AbstractSet[str] = frozenset()) -> bool:
    """Named like an identifier (an ID head noun, or one of `marks` anywhere: 'identification
    tag'), not like a contact or licence number (NOT_KEYS)."""
    return (words[-1] in ID_HEADS or bool(marks & set(words))) and not NOT_KEYS & set(words)


def resolve(facts: Facts, entities: set[str]) -> dict[str, list]:
    """Relations as foreign keys (source, target, role, required, unique) and pairs (a, b, attributes)."""
    fks: list[tuple[str, str, str, bool, bool]] = []
    pairs: dict[tuple[str, str], list[Attribute]] = {}
    plain: dict[tuple[str, str], list[Relation]] = {}
    for r in facts.relations:
        if r.source not in entities or r.target not in entities:
            continue
        if r.role or r.source == r.target:
            fks.append((r.source, r.target, r.role, r.many == -1 and r.source != r.target, False))
        else:
            plain.setdefault(tuple(sorted((r.source, r.target))), []).append(r)  # type: ignore[arg-type]
    for (a, b), rels in plain.items():
        ab = max((r.many for r in rels if r.source == a), default=None, key=_strength)
        ba = max((r.many for r in rels if r.source == b), default=None, key=_strength)
        if _is_many(ab) and _is_many(ba):
            pairs[(a, b)] = []
        elif ab == -1 or (ab == 0 and not _is_many(ba)) or _is_many(ba):
            fks.append((a, b, "", ab == -1, ab is not None and ab <= 0 and ba is not None and ba <= 0))
        else:
            fks.append((b, a, "", ba == -1, False))
    for a, b, attrs in facts.pair_attributes:
        if a in entities and b in entities:
            key = tuple(sorted((a, b)))
            if not any((x, y) == key or (y, x) == key for x, y, *_ in fks) or attrs:
                pairs.setdefault(key, [])  # type: ignore[arg-type]
                pairs[key] += [x for x in attrs if x.words not in {y.words for y in pairs[key]}]  # type: ignore[index]
                fks = [f for f in fks if tuple(sorted((f[0], f[1]))) != key or f[2]]
    return {"fk": list(dict.fromkeys(fks)), "pairs": [(a, b, attrs) for (a, b), attrs in pairs.items()]}


def _strength(many: int) -> int:
    """Explicit one (-1) beats explicit many (2) beats plural (1) beats a bare 'a' (0)."""
    return {-1: 4, 2: 3, 1: 2, 0: 1}[many]


def _is_many(many: int | None) -> bool:
    return many is not None and many >= 1


def add_reference(child: _Table, parent: _Table, role: str, required: bool, unique: bool) -> list[str]:
    """Key columns in `child` referencing `parent`'s primary key, named after the role or the parent."""
    names: list[str] = []
    base = snake(role) if role else parent.name
    for pk in parent.primary_key:
        suffix = pk[len(parent.name) + 1:] if pk.startswith(parent.name + "_") else pk
        name = f"{base}_{suffix}" if not (role and pk == suffix and suffix.startswith(base)) else pk
        name = snake(name)
        existing = child.columns.get(name)
        ptype: ColumnType = parent.columns[pk].type
        if existing is not None and existing.type != ptype:
            child.columns[name] = existing.model_copy(update={"type": ptype})
        child.add(ColumnDesign(name=name, type=ptype, nullable=not required, unique=unique and len(parent.primary_key) == 1,
                               description=f"{role or parent.name} ({parent.name})"))
        names.append(name)
    fk = ForeignKeyDesign(columns=names, ref_table=parent.name, ref_columns=list(parent.primary_key))
    if fk not in child.foreign_keys and not (child is parent and names == parent.primary_key):
        child.foreign_keys.append(fk)
    return names


def break_cycles(design: SchemaDesign) -> SchemaDesign:
    """Make one key of each NOT NULL foreign-key cycle nullable, so a first row can be inserted."""
    for _ in range(len(design.tables) + 1):
        cycle = not_null_cycle(design)
        if not cycle:
            return design
        child, parent = cycle[-2], cycle[-1]
        table = design.table(child)
        fk_cols = {c for fk in table.foreign_keys if fk.ref_table == parent for c in fk.columns} - set(table.primary_key)
        columns = [c.model_copy(update={"nullable": True}) if c.name in fk_cols else c for c in table.columns]
        tables = [t.model_copy(update={"columns": columns}) if t.name == child else t for t in design.tables]
        design = design.model_copy(update={"tables": tables})
    return design
