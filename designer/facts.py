"""Second pass of the deterministic reader: with every entity known, a clause's items become
attributes or references, and clauses that name two entities become relations.

Cardinality is read from the quantifier before a mention: an explicit "one" ("exactly one",
"only one", "a single") beats an explicit "many" ("many", "several", "one or more"), which
beats a bare plural, which beats a bare "a"/"the" (weak evidence: "a patient books an
appointment" says little about how many).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from text2db.designer.requirement import (MANY, NOT_ENTITY, RELATIVE, STORE, Attribute, Clause, Facts, clean_phrase,
                                          read_clauses, split_items)
from text2db.designer.words import is_plural, singular, singular_phrase

STRONG_ONE = ("exactly one", "only one", "a single", "one and only one", "at most one", "one", "single")
ID_HEADS = {"id", "identifier", "code", "number", "isbn", "ssn", "barcode", "key", "username", "serial"}
CUT = re.compile(r"\s+(?:that|which|who|when|where|whose|of each|of every|for each|in each|on each|per each|"
                 r"for every|in every|on every|each|every|must|should|is|are|was|were)\b.*$")
PAIR_NP = re.compile(r"^(?P<a>[a-z][a-z ]*?)\s+(?:in|on|of|for|at|within)\s+(?:a|an|the|each|every)\s+(?P<b>[a-z][a-z ]*)$")
STORE_CLAUSE = re.compile(rf"\b(?:{STORE}|is recorded|are recorded|is stored|are stored|is kept|are kept|is noted)\b",
                          re.I)


@dataclass(frozen=True)
class Mention:
    entity: str
    start: int
    end: int
    many: int  # 2 explicit many, 1 plural, 0 weak one, -1 explicit one
    role: str
    each: bool  # quantified by each/every


def read_facts(requirement: str) -> Facts:
    clauses = read_clauses(requirement)
    facts = Facts()
    for c in clauses:
        pair = PAIR_NP.match(c.subject or "")
        if c.items and c.subject and not pair and c.subject not in NOT_ENTITY:
            facts.entity(c.subject).declared = True
    for c in clauses:
        for m in RELATIVE.finditer(c.text.lower()):
            name = singular_phrase(clean_phrase(m.group(1)))
            if name and name not in NOT_ENTITY and len(name.split()) <= 3:
                facts.entity(name)
    names = sorted(facts.entities, key=len, reverse=True)
    for c in clauses:
        _clause_facts(c, facts, names)
    return facts


def mentions(text: str, names: list[str]) -> list[Mention]:
    """Entity mentions in `text` (lowercase), longest names first, with quantifier and role."""
    found: list[Mention] = []
    taken: list[tuple[int, int]] = []
    low = text.lower()
    for name in names:
        pattern = r"\b((?:[a-z][a-z-]*\s+){0,2}?)(" + re.escape(name) + r"(?:s|es)?|" + re.escape(_plural(name)) + r")\b"
        for m in re.finditer(pattern, low):
            start, end = m.start(2), m.end(2)
            if any(s < end and start < e for s, e in taken):
                continue
            before = low[max(0, start - 30):start].strip()
            modifiers = _role_words(m.group(1).split())
            many = _quantity(before, m.group(2) != name and is_plural(m.group(2).split()[-1]))
            taken.append((start, end))
            found.append(Mention(name, start, end, many, f"{modifiers} {name}" if modifiers else "",
                                 bool(re.search(r"\b(?:each|every)\s*(?:\w+\s*)?$", before))))
    return sorted(found, key=lambda x: x.start)


ROLE_STOP = {"of", "by", "to", "and", "or", "with", "in", "on", "for", "from", "into", "at", "as", "same", "other",
             "than", "more", "exactly", "only", "least", "most"}
QUANTIFIERS = {"a", "an", "the", "its", "their", "each", "every", "one", "another", "single", "many", "several",
               "multiple", "some", "any", "one_or_more", "zero_or_more", "his", "her", "two", "both"}


def _role_words(words: list[str]) -> str:
    """Modifiers between a determiner and the entity's name ('a departure airport' -> 'departure');
    none when no determiner precedes them (verbs and adverbs: 'organised into categories')."""
    for i in range(len(words) - 1, -1, -1):
        if words[i] in QUANTIFIERS:
            role = [w for w in words[i + 1:] if w not in ROLE_STOP and w not in QUANTIFIERS]
            return " ".join(role) if all(not w.endswith("ly") for w in role) else ""
    return ""


def _plural(name: str) -> str:
    words = name.split()
    last = words[-1]
    plural = last[:-1] + "ies" if last.endswith("y") and last[-2:-1] not in "aeiou" else last + "s"
    return " ".join(words[:-1] + [plural])


def _quantity(before: str, plural: bool) -> int:
    tail = re.sub(r"\s+", " ", before)[-25:]
    if any(re.search(rf"\b{re.escape(q)}(?:\s+[a-z-]+)?$", tail) for q in STRONG_ONE):
        return -1
    if any(re.search(rf"\b{re.escape(q)}(?:\s+[a-z-]+)?$", tail) for q in MANY):
        return 2
    return 1 if plural else 0


def _clause_facts(c: Clause, facts: Facts, names: list[str]) -> None:
    text = c.text.lower()
    found = mentions(text, names)
    pair = PAIR_NP.match(c.subject or "")
    subject = c.subject if c.subject in facts.entities else ""
    if not subject and found and found[0].start <= 12:
        subject = found[0].entity
    if pair or (STORE_CLAUSE.search(text) and len({m.entity for m in found if m.each}) >= 2):
        _pair_facts(c, facts, names, found, pair)
        return
    if not subject:
        return
    if c.items and c.subject == subject:
        _declared_items(c, facts, names)
        return
    roles_for: dict[str, list[str]] = {}
    for rel in RELATIVE.finditer(text):  # "a captain and a first officer, who are crew members"
        target = singular_phrase(clean_phrase(rel.group(1)))
        if target in facts.entities:
            listed = re.split(r"\b(?:by|to|with|has|have|is|are)\b", text[:rel.start()])[-1]
            roles_for[target] = [clean_phrase(i) for i in split_items(listed)
                                 if clean_phrase(i) and not mentions(i, names)]
    for target, roles in roles_for.items():
        for role in roles:
            facts.relations.append(_relation(subject, target, -1, role))
    for m in found:
        if m.entity == subject and not m.role and m.start <= 12 or m.entity in roles_for:
            continue
        facts.relations.append(_relation(subject, m.entity, m.many, m.role))


def _relation(source: str, target: str, many: int, role: str):  # -> Relation
    from text2db.designer.requirement import Relation

    if source == target and not role:
        role = "parent " + target
    return Relation(source, target, many, role)


def _declared_items(c: Clause, facts: Facts, names: list[str]) -> None:
    entity = facts.entity(c.subject)
    pending_roles: list[str] = []
    for raw in c.items:
        item = raw.lower()
        rel = RELATIVE.search(item) or re.search(r"\bwho (?:is|are) (?:another|an?|the)?\s*([a-z][a-z ]*)", item)
        if rel:
            target = singular_phrase(clean_phrase(rel.group(1)))
            if target in facts.entities:
                for role in pending_roles or [clean_phrase(item[:rel.start()])]:
                    entity.attributes = [a for a in entity.attributes if a.words != role]
                    if role:
                        facts.relations.append(_relation(c.subject, target, -1, role))
                pending_roles = []
                continue
        found = mentions(item, names)
        words = clean_phrase(CUT.sub("", item))
        if found and found[-1].end >= len(item.rstrip()) - 1 and not words.endswith(tuple(ID_HEADS)):
            m = found[-1]
            facts.relations.append(_relation(c.subject, m.entity, m.many, m.role))
            continue
        if not words or len(words.split()) > 5:
            continue
        attr = Attribute(words, unique="unique" in item.split() or "must be unique" in item,
                         identifier=words in c.identifier or raw in c.identifier,
                         required="required" in item or "mandatory" in item)
        attr.words = " ".join(w for w in words.split() if w not in ("unique", "required", "mandatory"))
        if attr.words:
            entity.add(attr)
            if not any(w in ID_HEADS for w in attr.words.split()) and len(attr.words.split()) <= 2:
                pending_roles.append(attr.words)


def _pair_facts(c: Clause, facts: Facts, names: list[str], found: list[Mention], pair: re.Match[str] | None) -> None:
    """Attributes of a pair of entities: an association (table) between them."""
    if pair:
        a, b = singular_phrase(clean_phrase(pair.group("a"))), singular_phrase(clean_phrase(pair.group("b")))
        items = c.items
    else:
        each = list(dict.fromkeys(m.entity for m in found if m.each))
        a, b = each[0], each[1]
        m = re.search(rf"\b(?:{STORE})(?:\s+(?:of|track of))?\s+(.+)$", c.text, re.I)
        items = split_items(m.group(1)) if m else [re.split(r"\b(?:each|every)\b", c.text, flags=re.I)[0]]
    if a not in facts.entities or b not in facts.entities or a == b:
        return
    attributes = []
    for raw in items:
        words = clean_phrase(CUT.sub("", raw.lower()))
        if words and not mentions(words, names) and len(words.split()) <= 5:
            attributes.append(Attribute(words))
    facts.pair_attributes.append((a, b, attributes))
