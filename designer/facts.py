"""Second pass of the deterministic reader: with every entity known, a clause's items become
attributes or references, and clauses that name two entities become relations.

Cardinality is read from the quantifier before a mention: an explicit "one" ("exactly one",
"only one", "a single") beats an explicit "many" ("many", "several", "one or more"), which
beats a bare plural, which beats a bare "a"/"the" (weak evidence: "a patient books an
appointment" says little about how many).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from text2db.designer.requirement import (BY_THE_WAY, DESIGN_WORDS, DETERMINERS, EVENT_RE, MANY, NOT_ENTITY, RELATIVE,
                                          STORE, SUBJECT_PRONOUN, Attribute, Clause, Facts, clean_phrase,
                                          names_an_attribute, read_clauses, split_items)
from text2db.designer.words import column_type, is_plural, nominalizations, singular, singular_phrase

STRONG_ONE = ("exactly one", "only one", "a single", "one and only one", "at most one", "one", "single")
ID_HEADS = {"id", "identifier", "code", "number", "isbn", "ssn", "barcode", "key", "username", "serial"}
CUT = re.compile(r"\s+(?:that|which|who|when|where|whose|of each|of every|for each|in each|on each|per each|"
                 r"for every|in every|on every|each|every|must|should|is|are|was|were)\b.*$")
PAIR_NP = re.compile(r"^(?P<a>[a-z][a-z ]*?)\s+(?:in|on|of|for|at|within)\s+(?:a|an|the|each|every)\s+(?P<b>[a-z][a-z ]*)$")
PAIR_AND = re.compile(r"^(?P<a>[a-z][a-z ]*?)\s+and\s+(?:(?:a|an|the|each|every)\s+)?(?P<b>[a-z][a-z ]*)$")
PASSIVE_STORE = re.compile(r"\b(?:is|are)\s+(?:also\s+)?(?:recorded|stored|kept|noted|tracked|registered|logged)\b", re.I)
FOR_EACH = re.compile(r"^\s*(?:for|of)\s+(?:each|every)\b", re.I)
HEAD_THEN_CLAUSE = re.compile(r"^\s+(?:who|whom|which|that|it|he|she|they|we|for|on|at|from|with|to)\b")
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


def read_facts(requirement: str, known: Sequence[str] = ()) -> Facts:
    """`known`: entity names (lowercase words) another designer already found, read as declared
    entities, so the relations between them are read even where the wording declares nothing the
    rules recognise (a user story, a bullet list)."""
    clauses = tagged_clauses(requirement)
    facts = Facts()
    facts.aliases.update(_merge_heads(clauses))
    for name in known:
        facts.entity(name).declared = True
    for c in clauses:
        pair = _pair_subject(c)
        if c.items and c.subject and not pair and c.subject not in NOT_ENTITY:
            facts.entity(c.subject).declared = True
            facts.aliases.update({a: c.subject for a in c.aliases if a != c.subject})
    for c in clauses:
        for m in RELATIVE.finditer(c.text.lower()):
            name = singular_phrase(clean_phrase(re.sub(r"^one of\s+|\b(?:two|three|both)\s+", "", m.group(1))))
            if name and name not in NOT_ENTITY and len(name.split()) <= 3:
                facts.entity(name)
    _candidates(clauses, facts)
    _counted(clauses, facts)
    _located(clauses, facts)
    facts.aliases = {a: e for a, e in facts.aliases.items() if a not in facts.entities and e in facts.entities}
    names = sorted(list(facts.entities) + list(facts.aliases), key=len, reverse=True)
    nouns = only_nouns(requirement)
    for i, c in enumerate(clauses):
        if not _per_pair_item(c, clauses[i + 1:i + 2], facts):
            _clause_facts(c, facts, names, nouns)
    _verb_events_as_pairs(clauses, facts, names)
    _joined_statements(clauses, facts, names)
    events = {c.subject for c in clauses if EVENT_RE.match(c.text)}  # 'when a bidder wins an auction': a win
    never_named = (set(facts.entities) & never_nouns(requirement)) - events
    the_database = {name for name in facts.entities if name.split()[-1] in DESIGN_WORDS}  # 'the festival database'
    _drop_entities(facts, never_named | the_database)
    first = clauses[0].subject if clauses else ""
    facts.domain = first if first and not any(c.group > 0 and mentions(c.text, [first]) for c in clauses) else ""
    return facts


NOUN_POS = {"NOUN", "PROPN"}


@lru_cache(maxsize=64)
def _tagged(requirement: str) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """Each word (lower case, and its lemma) -> every part of speech, and every fine tag, spaCy's
    tagger gives it in the requirement. Cached: one design reads the same requirement's facts two
    or three times (rules, then with the model's tables as known)."""
    from text2db.extractors.models import spacy_pipeline

    pos: dict[str, set[str]] = {}
    fine: dict[str, set[str]] = {}
    for token in spacy_pipeline()(requirement):
        for form in {token.lower_, token.lemma_.lower()}:
            pos.setdefault(form, set()).add(token.pos_)
            fine.setdefault(form, set()).add(token.tag_)
    return ({w: frozenset(t) for w, t in pos.items()}, {w: frozenset(t) for w, t in fine.items()})


def _tags(requirement: str) -> dict[str, frozenset[str]]:
    """The parts of speech alone (never_nouns, only_nouns, only_adjectives)."""
    return _tagged(requirement)[0]


PAST_FORMS = frozenset({"VBN", "VBD"})  # 'given', 'found', 'carried': past participles (read as past, too)
PARTICLE_POS = frozenset({"ADP", "ADV", "PART"})  # the 'out' of 'carried out'


def tagged_clauses(requirement: str) -> list[Clause]:
    """read_clauses, with each subject named without the past participle that follows its noun:
    "every vaccination given is recorded", "for each breach found we record", "each agent recorded
    with", "every repair carried out": the things are vaccinations, breaches, agents and repairs.
    Only a word the requirement never uses as a noun and always as a past form (spaCy's tagger,
    over every occurrence), closing the subject or followed by a particle alone: "for each test
    run on a sample" (a fact about pairs) and "each stake reading" keep their words."""
    pos, fine = _tagged(requirement)
    never = never_nouns(requirement)

    def participle_closes(words: list[str], i: int) -> bool:
        """words[i] is only ever a past form, after a noun, with at most one particle after it."""
        past, before, after = fine.get(words[i]), words[i - 1], words[i + 1:]
        return (bool(past) and past <= PAST_FORMS and words[i] in never and before in pos and before not in never
                and (not after or (len(after) == 1 and pos.get(after[0], frozenset()) <= PARTICLE_POS)))

    clauses = read_clauses(requirement)
    for clause in clauses:
        words = clause.subject.split()
        cut = next((i for i in range(1, len(words)) if participle_closes(words, i)), None)
        if cut is not None:
            clause.subject = singular_phrase(" ".join(words[:cut]))
    return clauses


def never_nouns(requirement: str) -> frozenset[str]:
    """Words the requirement never uses as a noun ('who naturally has many', 'a customer comes to
    us with a name', 'the flights they fly', 'what is recorded'): never an entity, though a clause
    pattern read one. spaCy's tagger decides over every occurrence, by word and by lemma, so a
    word that is a noun anywhere ('flies' for `fly`) is kept."""
    return frozenset(w for w, tags in _tags(requirement).items() if not tags & NOUN_POS)


def only_nouns(requirement: str) -> frozenset[str]:
    """Words the requirement only ever uses as nouns ('shop', 'owner'): after another noun they
    are the head of a compound ('repair shop'), not a verb ('listeners create playlists')."""
    return frozenset(w for w, tags in _tags(requirement).items() if tags == {"NOUN"})


def _modifies_a_noun(text: str, m: Mention, nouns: frozenset[str]) -> bool:
    """The mention names its entity only to say what kind of thing the next word is: "our repair
    shop records customers" is about a shop, and relates no repair to the customers."""
    after = re.match(r"\s+([a-z]+)\b", text[m.end:])
    return bool(after) and after.group(1) in nouns


def only_adjectives(requirement: str) -> frozenset[str]:
    """Words the requirement uses only as adjectives ('a full name', 'paid in full', 'a first
    name'): the tagger is surer of these than of a noun it misreads as a verb ('which skills')."""
    return frozenset(w for w, tags in _tags(requirement).items() if tags == {"ADJ"})


def _drop_entities(facts: Facts, names: set[str]) -> None:
    """Forget entities read from words that name nothing, and every fact about them."""
    if not names:
        return
    for name in names:
        del facts.entities[name]
    facts.relations = [r for r in facts.relations if r.source not in names and r.target not in names]
    facts.pair_attributes = [p for p in facts.pair_attributes if p[0] not in names and p[1] not in names]
    facts.pair_references = [p for p in facts.pair_references if not names & set(p[:3])]
    facts.pair_names = {k: v for k, v in facts.pair_names.items() if not names & set(k)}
    facts.aliases = {a: e for a, e in facts.aliases.items() if e not in names}


PER_PAIR_ITEM = re.compile(r"^(?:a|an|one|the)\s+(?P<r>[a-z]+(?:\s+[a-z]+)?)\s+(?:in|on|for|at|per)\s+(?:each|every)\s+"
                           r"(?P<b>[a-z]+(?:\s+[a-z]+)?)$")


def _per_pair_item(c: Clause, following: list[Clause], facts: Facts) -> bool:
    """'Each rider has a result in each stage: the finishing time and the position': a fact of the
    pair (rider, stage) named 'result', whose attributes the next statement lists (else the
    result itself). True when `c` was read so."""
    m = PER_PAIR_ITEM.match(c.items[0].lower().strip()) if len(c.items) == 1 else None
    if m is None or c.subject not in facts.entities:
        return False
    b = resolve_name(singular_phrase(m.group("b")), facts)
    if b not in facts.entities or b == c.subject:
        return False
    nxt = following[0] if following and following[0].group == c.group and not following[0].subject else None
    words = [clean_phrase(i.lower()) for i in split_items(nxt.text)] if nxt is not None else [m.group("r")]
    a, other = sorted((c.subject, b))
    facts.pair_names[(a, other)] = singular_phrase(m.group("r"))
    facts.pair_attributes.append((c.subject, b, [Attribute(w) for w in words if names_an_attribute(w)]))
    return True


def _pair_subject(c: Clause) -> re.Match[str] | None:
    """The clause is about a pair of entities: "track in a playlist", or "for every store and drug
    we record the stock" (a combination, where "stores and drugs have a name" is two entities)."""
    subject = c.subject or ""
    return PAIR_NP.match(subject) or (PAIR_AND.match(subject) if FOR_EACH.match(c.text) else None)


def _merge_heads(clauses: list[Clause]) -> dict[str, str]:
    """A one-word subject that is the head of exactly one longer subject and declares nothing of its
    own is that subject ('a customer order is taken by ...; an order includes several dishes').
    The other way round, a longer subject that declares nothing and names its head again, whose head
    declares attributes, is the head ('an incident gets a number, a title ..., and a follow-up
    incident can be linked to the original incident'): the words before the head tell one row from
    another, not another thing."""
    subjects = {c.subject for c in clauses if c.subject and not PAIR_NP.match(c.subject) and c.subject not in NOT_ENTITY}
    merged: dict[str, str] = {}
    for word in [w for w in subjects if " " not in w]:
        longer = [x for x in subjects if x.endswith(" " + word)]
        declares = any(len(c.items) >= 2 for c in clauses if c.subject == word)
        if len(longer) == 1 and not declares:
            merged[word] = longer[0]
        elif declares:
            merged |= {x: word for x in longer if not any(c.items for c in clauses if c.subject == x)
                       and any(_names_again(c.text, x, word) for c in clauses if c.subject == x)}
    for c in clauses:
        c.subject = merged.get(c.subject, c.subject)
    return merged


def _names_again(text: str, subject: str, head: str) -> bool:
    """Whether `text`, about `subject`, names `head` (the subject's last word) once more after it."""
    said = re.search(rf"\b{re.escape(subject)}\b", text.lower())
    return said is not None and re.search(rf"\b{re.escape(head)}\b", text.lower()[said.end():]) is not None


def _candidates(clauses: list[Clause], facts: Facts) -> None:
    """Subjects of a clause that are referred to as a whole by a declared entity ('for every goal we
    record the match') or located in ('for every station on a route') are entities too."""
    subjects = {c.subject for c in clauses if c.subject and not PAIR_NP.match(c.subject) and c.subject not in NOT_ENTITY
                and len(c.subject.split()) <= 2}
    for c in clauses:
        pair = PAIR_NP.match(c.subject or "")
        named = [clean_phrase(CUT.sub("", i.lower())) for i in c.items if c.subject in facts.entities]
        if pair:
            named.append(singular_phrase(clean_phrase(pair.group("b"))))
        for name in named:
            if name in subjects and name not in facts.entities:
                facts.entity(name)


STOP_AFTER = {"at", "in", "on", "for", "with", "from", "by", "to", "and", "or", "of", "per", "who", "which", "that",
              "is", "are", "has", "have", "can", "may", "must", "when", "where", "during", "other", "more", "only",
              "time", "day", "year", "month", "week", "hour", "minute"}
COUNTED = r"\b(?:one|each|every|exactly one|only one|a single)\s+"
MANY_ITEM = re.compile(r"^(?:several|many|multiple|various|numerous|(?:(?:one|two)\s+)?or more)\s+")


def _counted(clauses: list[Clause], facts: Facts) -> None:
    """Things the wording counts one by one are entities, even where nothing declares them:
    - a plural item of a declaration that another clause counts ('the building has floors, and
      every room is on one floor': floors are not an attribute of the building), or that is
      counted many and named again ('several ingredients', _named_twice);
    - what a clause about a declared entity counts, one ('is directed by one director') or many
      ('can list many skills');
    - the subject of an 'each'/'every' clause that puts it in one of a declared entity ('each
      screening takes place in one venue': a screening is a thing of its own)."""
    text = " ".join(c.text.lower() for c in clauses)
    for c in clauses:
        if c.subject not in facts.entities:
            continue
        for item in c.items:
            words = clean_phrase(CUT.sub("", item.lower()))
            many = MANY_ITEM.match(words)
            if many:
                words = words[many.end():]
            if words and len(words.split()) <= 2 and is_plural(words.split()[-1]) and words not in NOT_ENTITY:
                name = singular_phrase(words)
                if re.search(COUNTED + re.escape(name) + r"\b", text) or many and _named_twice(name, text):
                    facts.entity(name)
    for c in clauses:  # 'a film ... is directed by one director', 'each sit on exactly one competition's jury'
        if c.items or c.subject not in facts.entities:
            continue
        for m in re.finditer(r"\b(?:by|on|in|at|to|for|from|with|into|under|of)\s+" + COUNTED + r"([a-z]+)('s)?(?:\s+([a-z]+))?",
                             c.text.lower()):
            second = m.group(3) if m.group(3) and not m.group(2) and m.group(3) not in STOP_AFTER else ""
            name = singular_phrase(f"{m.group(1)} {second}".strip())
            known = name.split()[-1] in facts.entities or name in facts.aliases  # 'principal investigator': a role
            if name not in NOT_ENTITY and name != c.subject and m.group(1) not in STOP_AFTER and not known:
                facts.entity(name)
        for m in re.finditer(r"\b(?:many|several|multiple|various|one_or_more|one or more)\s+([a-z]+)\b", c.text.lower()):
            name = singular(m.group(1))  # 'they can list many skills': things counted in numbers
            if is_plural(m.group(1)) and name not in NOT_ENTITY | STOP_AFTER and name != c.subject:
                facts.entity(name)
    declared = [e for e in facts.entities if facts.entities[e].declared]
    for c in clauses:
        m = re.match(r"^(?:each|every)\s+([a-z]+)\s+[a-z]+s\b", c.text.lower())
        name = singular(m.group(1)) if m else ""
        if m and name not in facts.entities and name not in NOT_ENTITY and any(
                re.search(COUNTED + re.escape(e) + r"\b", c.text.lower()[m.end():]) for e in declared):
            facts.entity(name)


def _named_twice(name: str, text: str) -> bool:
    """'a vaccine contains several ingredients and the same ingredient can appear in many
    vaccines': a repeating group the requirement names again is a thing of its own, not a value
    of the entity. Named once ('sessions have many attendees'), it is usually a role of an entity
    the requirement calls otherwise (the members who attend)."""
    forms = "|".join(re.escape(form) for form in dict.fromkeys([name, _plural(name), name + "es"]))
    return len(re.findall(rf"\b(?:{forms})\b", text)) >= 2


def resolve_name(name: str, facts: Facts) -> str:
    """An entity for words: itself, an alias, or its longest leading entity ('test run' -> 'test')."""
    if name in facts.entities:
        return name
    if name in facts.aliases:
        return facts.aliases[name]
    words = name.split()
    for n in range(len(words) - 1, 0, -1):
        if " ".join(words[:n]) in facts.entities:
            return " ".join(words[:n])
    return name


def _located(clauses: list[Clause], facts: Facts) -> None:
    """'every transaction on an account has ...': an entity of its own, on one account, unless
    it is declared elsewhere ('for each product in an order we record ...' describes the pair)."""
    for c in clauses:
        pair = PAIR_NP.match(c.subject or "")
        if not pair or not c.items:
            continue
        a = resolve_name(singular_phrase(clean_phrase(pair.group("a"))), facts)
        b = resolve_name(singular_phrase(clean_phrase(pair.group("b"))), facts)
        if a not in facts.entities and b in facts.entities and a not in NOT_ENTITY and len(a.split()) <= 3:
            facts.entity(a).declared = True
            c.subject = a
            from text2db.designer.requirement import Relation

            facts.relations.append(Relation(a, b, -1))


# "players take part in tournaments", "a planting is part of a batch": a bare noun in a fixed
# phrase names no thing, even where a thing of that name is declared ("parts have a part number")
IDIOM_BEFORE = re.compile(r"\b(?:take|takes|took|taking|taken)\s+$")
BARE_AFTER_BE = re.compile(r"\b(?:is|are|was|were|be|been|as|when)\s+$")


def mentions(text: str, names: list[str], aliases: dict[str, str] | None = None) -> list[Mention]:
    """Entity mentions in `text` (lowercase), longest names first, with quantifier and role; an
    alias ('director', a role of 'person') is a mention of its entity with the alias as role."""
    aliases = aliases or {}
    found: list[Mention] = []
    taken: list[tuple[int, int]] = []
    low = text.lower()
    for name in names:
        pattern = r"\b((?:[a-z][a-z-]*\s+){0,2}?)(" + re.escape(name) + r"(?:s|es)?|" + re.escape(_plural(name)) + r")\b"
        for m in re.finditer(pattern, low):
            start, end = m.start(2), m.end(2)
            if any(s < end and start < e for s, e in taken):
                continue
            if (IDIOM_BEFORE.search(low[:start]) and m.group(2) == name
                    or low.startswith(" of ", end) and BARE_AFTER_BE.search(low[:start])):
                continue
            before = low[max(0, start - 30):start].strip()
            modifiers = _role_words(m.group(1).split())
            many = _quantity(before, m.group(2) != name and is_plural(m.group(2).split()[-1]))
            taken.append((start, end))
            entity = aliases.get(name, name)
            role = f"{modifiers} {name}" if modifiers else ("" if entity.endswith(name) else name)
            found.append(Mention(entity, start, end, many, role,
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
    """-1 for an explicit one, 2 for an explicit many, else by number; the longest quantifier
    wins ("more than one" is many, not "one")."""
    tail = re.sub(r"\s+", " ", before)[-25:]
    said = [(len(q), n) for qs, n in ((STRONG_ONE, -1), (MANY, 2)) for q in qs
            if re.search(rf"\b{re.escape(q)}(?:\s+[a-z-]+)?$", tail)]
    return max(said)[1] if said else (1 if plural else 0)


# "supervised by a senior colleague", "reports to a peer": after "by" or "to" only ("a colleague
# checks the data" names whoever checks, not a row of the clause's subject)
COLLEAGUE = re.compile(r"(?<=\bby\s|\bto\s)(another\s+|an?\s+)((?:(?!colleague|peer)[a-z-]+\s+)?)(?:colleague|peer)\b")


# "report to a senior technician", "supervised by another caregiver", "referred to the association
# by another member": the verb before a row of the subject's own table says what that row is to it
SELF_VERB = re.compile(r"\b(?:(?P<report>reports?|reporting)\s+to|(?P<done>[a-z]{3,}ed)\s+(?:to\s+(?:the\s+)?[a-z-]+\s+)?by)"
                       r"\s+(?:(?:another|an?|one|the|their|its)\s+)?(?P<words>(?:[a-z-]+\s+){0,3})$")


def _self_role(text: str, m: Mention, subject: str) -> str:
    """The role of mention `m` in `text` (its own words); for a row of the clause's `subject`
    itself, the role of a reference of a table to itself, named after the verb that states it, as an
    expert names the column: whom one reports to is their supervisor; a row that
    supervises, mentors, coaches or inspects another is its supervisor, mentor, coach, inspector
    (the verb's agent noun, made where English makes it regularly); one that did something once
    to another (referred, introduced) is named by the deed (`referred_by_member`). The mention's
    own role ('senior technician') when no such verb comes before it, or when it reports to one
    its words name ('a head lifeguard')."""
    role, entity = m.role, m.entity
    said = SELF_VERB.search(text[:m.start]) if entity == subject else None
    if not said:
        return role
    if said.group("report"):  # "reports to a (more) senior editor" says the role itself
        words = " ".join(w for w in said.group("words").split() if w not in ROLE_STOP)
        return role if role and role != entity else f"{words} {entity}" if words else "supervisor"
    stem = said.group("done")[:-2]
    if stem.endswith(("or", "ch", "sh")):  # mentored, coached
        return stem
    if stem.endswith(("vis", "ct")):  # supervised, inspected, instructed
        return stem + "or"
    return f"{said.group('done')} by {entity}"


def _colleagues_named(text: str, subject: str) -> str:
    """`text` with a colleague of its subject named as another one: "junior physiotherapists are
    supervised by a senior colleague" says what "... by another physiotherapist" says, a
    reference of the subject to itself."""
    return COLLEAGUE.sub(lambda m: f"{m.group(1) if m.group(2) else 'another '}{m.group(2)}{subject}", text)


def _clause_facts(c: Clause, facts: Facts, names: list[str], nouns: frozenset[str]) -> None:
    """`nouns`: the words the requirement only ever uses as nouns (only_nouns)."""
    text = c.text.lower()
    found = mentions(text, names, facts.aliases)
    pair = _pair_subject(c)
    subject = c.subject if c.subject in facts.entities else ""
    if not subject and found and found[0].start <= 12:
        subject = found[0].entity
    if subject and COLLEAGUE.search(text):
        text = _colleagues_named(text, subject)
        found = mentions(text, names, facts.aliases)
    each_in = _each_in(text, facts) if STORE_CLAUSE.search(text) else None
    if pair or each_in or (STORE_CLAUSE.search(text) and len({m.entity for m in found if m.each}) >= 2):
        _pair_facts(c, facts, names, found, pair, each_in)
        return
    own = next((m for m in found if m.entity == subject and not m.role), None)
    if subject and c.items and c.subject == subject:
        for m in found:  # "listeners create playlists with a name": each playlist has its listener
            if own and m.start < own.start and m.entity != subject and not _modifies_a_noun(text, m, nouns):
                facts.relations.append(_relation(subject, m.entity, 0, m.role))
        _declared_items(c, facts, names)
        _before_the_items(c, text, own, facts, names, nouns)
        return
    attached = _attached(text, found, own if own and own.start <= 12 else None, facts)
    if not subject:
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
    head = own if own and own.start <= 12 else None
    for m in found:
        if m.entity == subject and not m.role and m.start <= 12 or m.entity in roles_for or m in attached:
            continue
        if PER.search(text[:m.start]):
            continue  # "a car can only be entered once per rally": how often, not which rally the car has
        if head and OBJECT_THEN_PREPOSITION.match(text[head.end:m.start]):
            continue  # "clients send supporting documents for a return": the documents' return, not the clients'
        if re.search(r"\bsame\s+$", text[:m.start]):
            if m.entity != subject and head and head.many == 2:  # 'many candidates share the same skill'
                facts.relations.append(_relation(m.entity, subject, 2, ""))
            continue  # and 'the same skill' of a skill is no skill of its own
        many = m.many
        verb = ACTIVE.match(text[head.end:m.start]) if head else None
        if head and verb and many == 0 and not head.each and verb.group("verb") not in HAVE | PREPOSITIONS:
            many = 1  # "a patient books an appointment": one patient, appointments over time
        if head and head.many == 2 and m.many <= 0 and m.entity != subject and _joined_by_many(text[head.end:m.start]):
            # "several workers pick a flush": the flush has several workers, each of whom picks
            # flushes over time, a many-to-many
            facts.relations.append(_relation(m.entity, subject, 2, ""))
            facts.relations.append(_relation(subject, m.entity, 1, ""))
            continue
        if m.entity == subject and (m.start <= 12 or not m.role and not _another(text, m)):
            continue  # the subject named again ("the module", "a vessel's name") is the same one
        if head:
            verb_words = text[head.end:m.start]
        elif not any(o.end <= m.start for o in found):  # "..., and can rate movies": the subject carried on
            verb_words = text[:m.start]
        else:
            verb_words = ""
        event = _named_by_the_verb(verb_words, facts, subject, m.entity)
        if event:  # "a candidate applies to openings: for each application ...": the application refers to both
            facts.relations += [_relation(event, subject, -1, ""), _relation(event, m.entity, -1, m.role)]
            if not m.role:
                facts.verb_events.append((event, subject, m.entity))
            continue
        if re.search(r"\btwo\s+$", text[:m.start]):  # "between two players": two references
            for n in (1, 2):
                facts.relations.append(_relation(subject, m.entity, -1, f"{m.role or m.entity} {n}"))
            continue
        facts.relations.append(_relation(subject, m.entity, many, _self_role(text, m, subject)))


def _before_the_items(c: Clause, text: str, own: Mention | None, facts: Facts, names: list[str],
                      nouns: frozenset[str]) -> None:
    """The relations the words between a clause's subject and its declared items state ("interviews
    are scheduled for an application, with a date and time, ..."; "a booking is made by one
    employee for one room, with ..."), read as in a clause that declares nothing. Only relations
    to other entities: a clause that names the subject's roles ("directors and actors are people
    with a name") relates nothing, and the subject named again is the same row, not a parent.
    `text` is the clause in lower case and `own` the subject's mention in it, as `_clause_facts` found them."""
    if c.aliases:
        return
    start = own.start if own else 0  # before the subject ("listeners create playlists with") is read already
    first_item = min((s for s in (text.find(item.lower()) for item in c.items) if s > start), default=-1)
    if first_item < 0:
        return
    known = len(facts.relations)
    _clause_facts(Clause(text=c.text[start:first_item], subject=c.subject, group=c.group, part=c.part), facts, names,
                  nouns)
    facts.relations[known:] = [r for r in facts.relations[known:] if r.source != r.target]


def _named_by_the_verb(between: str, facts: Facts, subject: str, target: str) -> str:
    """The declared entity whose name is the noun of the verb relating `subject` to `target`
    ('applies' -> application, 'enter' -> a tournament entry); "" when there is none. The nearest
    verb to the target decides ("subscribe with an email ..., and can rate movies": rating)."""
    names = [e.name for e in facts.entities.values() if e.declared and e.name not in (subject, target)]
    for word in reversed(re.findall(r"[a-z]+", between)):
        nouns = nominalizations(word)
        found = [n for n in names if n in nouns] or [n for n in names if n.split()[-1] in nouns]
        if found:
            return found[0]
    return ""


def _verb_events_as_pairs(clauses: list[Clause], facts: Facts, names: list[str]) -> None:
    """A relationship named by its verb's noun that nothing else refers to or names is the pair
    itself, keyed by both ("a student can enrol in many courses ...; the enrolment records the
    grade": enrolment(student, course)), as a relationship named after the verb's clause is
    (_joined_statements); one that is named again, related further ("interviews are scheduled
    for an application") or said to record its parents ("a booking records the member, the class
    and the date") stays a table of its own."""
    for event, a, b in facts.verb_events:
        pair = (a, b) if a < b else (b, a)
        if event not in facts.entities or pair in facts.pair_names or any(
                r.target == event or r.source == event and r.target not in pair for r in facts.relations):
            continue
        declared = [c for c in clauses if c.subject == event and c.items]
        if any(_elsewhere(c, clauses, names, facts) for c in declared) or any(
                m.entity in pair for c in declared for item in c.items for m in mentions(item, names, facts.aliases)):
            continue
        _entity_as_pair(facts, event, a, b)


def _entity_as_pair(facts: Facts, name: str, a: str, b: str) -> None:
    """The entity `name` is the association of `a` and `b` named after it, with its attributes."""
    pair = (a, b) if a < b else (b, a)
    facts.pair_names[pair] = name
    facts.pair_attributes.append((*pair, list(facts.entities.pop(name).attributes)))
    facts.relations = [r for r in facts.relations if name not in (r.source, r.target)]


def _another(text: str, m: Mention) -> bool:
    """A mention of the clause's own entity that names a second one: "another patient", or
    indefinite with a modifier ("a more senior editor"); not possessive ("a vessel's name") nor
    the head of an attribute ("a doctor ID")."""
    before = text[:m.start]
    return ((re.search(r"\b(?:another|other)\s+(?:[a-z-]+\s+){0,2}$", before) is not None
             or re.search(r"\ban?\s+(?:(?!the\b|its\b|their\b)[a-z-]+\s+){1,2}$", before) is not None)
            and not re.match(r"'s\b|\s+(?:" + "|".join(ID_HEADS) + r")\b", text[m.end:]))


MODAL_WORDS = r"can|may|must|will|also|often|usually|sometimes"
MODALS = rf"(?:(?:{MODAL_WORDS})\s+)*"  # before a clause's verb
# the verb is no modal: "several mechanics can work on one order" has no object before "on"
OBJECT_THEN_PREPOSITION = re.compile(r"^\s+" + MODALS +
                                     rf"(?!(?:is|are|was|were|be|been|has|have|had|{MODAL_WORDS})\b)"
                                     r"[a-z]+\s+(?:[a-z-]+\s+){1,3}"
                                     r"(?:for|of|on|about|against)\s+(?:(?:a|an|the|each|every|one)\s+)?$")
PER = re.compile(r"\bper\s+(?:(?:a|an|the|each|every)\s+)?$")
ATTACH = re.compile(r"^\s*(?:with|of|on|for|within)\s+(?:(?:a|an|the|each|every|one|its|their)\s+)?$")
PREPOSITION = re.compile(r"\b(?:by|to|in|on|at|for|with|from|into|of|between|within|during)\s+(?:\S+\s+){0,2}$")
ACTIVE = re.compile(r"^\s+" + MODALS + r"(?P<verb>[a-z]+)\s+(?:a|an)\s+$")
PREPOSITIONS = {"by", "to", "in", "on", "at", "for", "with", "from", "into", "of", "between", "within", "during", "about",
                "under", "over", "per", "through", "after", "before", "as"}
# the words between a subject counted many and one thing they act on together: "several
# mechanics can work on one order", "several researchers take part in a campaign"
JOINED_BY_MANY = re.compile(r"^\s+" + MODALS + r"(?P<verb>[a-z]+)(?:\s+(?:part|together))?"
                            r"(?:\s+(?:on|in|at|to|for|with|into))?\s+(?:a|an|one|each|every|the)\s+(?:[a-z-]+\s+)?$")


def _joined_by_many(between: str) -> bool:
    """Whether `between` (the words after a subject counted many, up to a thing named once) is an
    active verb of doing, not of having, being or belonging ("many stamps belong to an album")."""
    joined = JOINED_BY_MANY.match(between)
    return bool(joined) and joined.group("verb") not in HAVE | PREPOSITIONS


HAVE = {"has", "have", "had", "is", "are", "was", "were", "be", "belongs", "belong", "owns", "own", "gets", "get", "holds",
        "hold", "uses", "use", "needs", "need", "contains", "contain", "includes", "include", "names"}


def _attached(text: str, found: list[Mention], head: Mention | None, facts: Facts) -> list[Mention]:
    """'several copies of each book', 'comments on articles': the object of a verb (not the
    subject, nor a noun after a preposition) holds a reference to the noun attached to it."""
    attached: list[Mention] = []
    for before, m1, m2 in zip([None] + found[:-1], found[:-1], found[1:]):  # type: ignore[operator]
        if m1 is head or m1.entity == m2.entity or not ATTACH.match(text[m1.end:m2.start]):
            continue
        if PREPOSITION.search(text[before.end if before else 0:m1.start]):
            continue
        facts.relations.append(_relation(m1.entity, m2.entity, -1, m2.role))
        attached.append(m2)
    return attached


def _each_in(text: str, facts: Facts) -> tuple[str, str] | None:
    """'we remember the position of each track within the playlist': a fact about a pair."""
    m = re.search(r"\b(?:each|every)\s+(?P<a>[a-z]+(?:\s+[a-z]+)?)\s+(?:in|on|within|of|at|for)\s+(?:a|an|the|each|every)\s+"
                  r"(?P<b>[a-z]+(?:\s+[a-z]+)?)", text)
    if not m:
        return None
    a = resolve_name(singular_phrase(m.group("a")), facts)
    b = resolve_name(singular_phrase(m.group("b")), facts)
    b = b if b in facts.entities else resolve_name(singular_phrase(m.group("b").split()[0]), facts)
    return (a, b) if a in facts.entities and b in facts.entities and a != b else None


def _relation(source: str, target: str, many: int, role: str):  # -> Relation
    from text2db.designer.requirement import Relation

    if source == target and not role:
        role = "parent " + target
    return Relation(source, target, many, role)


# "the date they joined", "the year it was built": a noun and a clause about it with a pronoun
# subject; the clause's verb says which date
CONTACT_CLAUSE = re.compile(r"^(?P<noun>(?:(?:the|a|an|its|their)\s+)?(?!whether\b|if\b)[a-z-]+(?:\s+[a-z-]+)?)\s+"
                            + SUBJECT_PRONOUN + r"\s+(?:(?:was|were|is|are|has|have|had|been|be|will|would|first|"
                            r"last|normally|usually|currently|actually|originally)\s+)*(?P<verb>[a-z-]+)\b"
                            r"(?:\s+(?P<per>per\s+[a-z-]+))?.*$")  # "the price we pay per tonne": the price per tonne


def _item_words(item: str) -> str:
    """The words naming what a listed item is, without what follows them ('the date it was
    installed' -> 'date installed', 'the role on each team' -> 'role'), lowercase."""
    question = QUESTION.match(item.strip().lower())
    if question:
        return _asked_words(question["asked"])
    return _counted_words(clean_phrase(CUT.sub("", _without_its_subject(item.lower()))))


# "whether they are a novice speaker", "whether salting is included": a yes/no question, kept as
# a flag named by what it asks ('is_novice_speaker', 'is_salting_included'); cut at a word that
# opens what the question goes on about ('kept mainly for meat or wool': 'is_kept')
QUESTION = re.compile(r"^whether\s+(?:or\s+not\s+)?(?P<asked>[a-z].*)$")
ASKED_SUBJECTS = {*re.findall(r"[a-z]+", SUBJECT_PRONOUN), "this"}
AUXILIARIES = {"is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "do", "does", "did", "will",
               "would", "can", "could", "should", "may", "might", "re", "s", "actually", "already", "still", "ever"}
ASKED_END = {"or", "and", "to", "for", "by", "with", "from", "in", "on", "at", "because", "when", "before", "after",
             "during", "than", "so", "per"}


def _asked_words(asked: str) -> str:
    """What a question asks ('they are a novice speaker', after 'whether') as a flag:
    'is_novice_speaker'; 'there is parking' -> 'has_parking', 'it has been fixed' -> 'is_fixed':
    the pronoun, auxiliaries, articles and adverbs name nothing; the flag's type follows from its
    first word (words.column_type)."""
    words = re.findall(r"[a-z]+", asked)
    there = words[:1] == ["there"]
    words = words[1:] if words[:1] and (there or words[0] in ASKED_SUBJECTS) else words
    kept: list[str] = []
    for word in words:
        if word in ASKED_END and kept or len(kept) == 4:
            break
        if word not in AUXILIARIES and word not in DETERMINERS and not word.endswith("ly"):
            kept.append(word)
    return "_".join(["has" if there else "is", *kept]) if kept else ""  # one word: 'is' opens no clause here


# "how many seeds we sent", "how many square metres", "how much of each": a count or a measure
HOW_MANY = re.compile(r"^how\s+(?P<many>many|much)\b\s*(?P<rest>.*)$")
COUNT_ENDS = {*AUXILIARIES, *ASKED_SUBJECTS, *ASKED_END, *DETERMINERS, "i", "of", "them", "went", "own"}
COUNT_NOUNS = {"unit", "units", "item", "items"}  # count without naming what: a quantity


def _counted_words(words: str) -> str:
    """'how many seeds we sent' -> 'seed count', 'how many square metres' -> 'square metres' (a
    unit names its measure), 'how many copies' -> 'copies' (a word that counts already); 'how
    many of them', 'how many units' and 'how much' -> 'quantity': the question's words name no
    column."""
    m = HOW_MANY.match(words)
    if m is None:
        return words
    named: list[str] = []
    for word in m["rest"].split():
        if word in COUNT_ENDS or len(named) == 3:
            break
        named.append(word)
    if not named or named[-1] in COUNT_NOUNS:
        return "quantity"
    if m["many"] == "much" or column_type(named[-1]) != "TEXT":
        return " ".join(named)
    return f"{singular_phrase(' '.join(named))} count"


def _without_its_subject(item: str) -> str:
    """'the date they joined' -> 'the date joined', 'the year it was built' -> 'the year built':
    the pronoun and auxiliaries name nothing, and the rest of the item would be cut at 'was'.
    'Whether it was resolved' is a question, not a noun, and stays as it is."""
    m = CONTACT_CLAUSE.match(item.strip())
    return f"{m.group('noun')} {m.group('per') or m.group('verb')}" if m else item


def _declared_items(c: Clause, facts: Facts, names: list[str]) -> None:
    entity = facts.entity(c.subject)
    pending_roles: list[str] = []
    for raw in c.items:
        item = _colleagues_named(raw.lower(), c.subject)
        rel = RELATIVE.search(item) or re.search(rf"\bwho (?:is|are) {BY_THE_WAY}(?:another|an?|the)?\s*([a-z][a-z ]*)",
                                                 item)
        if rel:
            target = resolve_name(singular_phrase(clean_phrase(re.sub(r"^one of\s+|\b(?:two|three|both)\s+", "",
                                                                      rel.group(1)))), facts)
            if target in facts.entities:
                # "a name and a lead, who is a user": a singular verb names the last role only
                roles = pending_roles[-1:] if re.search(r"\b(?:who|which|that) is\b", item) else pending_roles
                for role in roles or [clean_phrase(item[:rel.start()])]:
                    entity.attributes = [a for a in entity.attributes if a.words != role]
                    if role:
                        facts.relations.append(_relation(c.subject, target, -1, role))
                pending_roles = []
                continue
        found = mentions(item, names, facts.aliases)
        words = _item_words(item)
        first = found[0] if found and not clean_phrase(item[:found[0].start]) else None
        if first and first.entity != c.subject and HEAD_THEN_CLAUSE.match(item[first.end:]):
            # "the vet who examined the pet", "the patient it was taken from", "a doctor for a date"
            facts.relations.append(_relation(c.subject, first.entity, -1, first.role))
            continue
        if found and found[-1].end >= len(item.rstrip()) - 1 and not words.endswith(tuple(ID_HEADS)) and (
                found[-1].entity != c.subject or found[-1].role or _another(item, found[-1])):
            m = found[-1]  # "a position within the module" of a module is a position, no second module
            facts.relations.append(_relation(c.subject, m.entity, m.many, _self_role(item, m, c.subject)))
            continue
        if not names_an_attribute(words):
            continue
        attr = Attribute(words, unique="unique" in item.split() or "must be unique" in item,
                         identifier=words in c.identifier or raw in c.identifier,
                         required="required" in item or "mandatory" in item)
        attr.words = " ".join(w for w in words.split() if w not in ("unique", "required", "mandatory"))
        if attr.words:
            entity.add(attr)
            if not any(w in ID_HEADS for w in attr.words.split()) and len(attr.words.split()) <= 2:
                pending_roles.append(attr.words)


def _pair_facts(c: Clause, facts: Facts, names: list[str], found: list[Mention], pair: re.Match[str] | None,
                each_in: tuple[str, str] | None = None) -> None:
    """Attributes of a pair of entities: an association (table) between them; an entity named in
    them ('the technician who performed it') is a reference held by the association."""
    if pair:
        a = resolve_name(singular_phrase(clean_phrase(pair.group("a"))), facts)
        b = resolve_name(singular_phrase(clean_phrase(pair.group("b"))), facts)
        items = c.items
    else:
        each = list(dict.fromkeys(m.entity for m in found if m.each))
        a, b = each_in or (each[0], each[1])
        m = re.search(rf"\b(?:{STORE})(?:\s+(?:of|track of))?\s+(.+)$", c.text, re.I)
        items = split_items(m.group(1)) if m else [re.split(r"\b(?:each|every)\b", c.text, flags=re.I)[0]]
        passive = PASSIVE_STORE.search(c.text)
        if passive:  # "the stock of each drug at each store is recorded": what is recorded comes first
            items = split_items(re.split(r"\b(?:of|for|in|at|on)\s+(?:each|every)\b", c.text[:passive.start()], flags=re.I)[0])
    if a not in facts.entities or b not in facts.entities or a == b:
        return
    attributes = []
    for raw in items:
        words = _item_words(raw)
        named = mentions(words, names, facts.aliases)
        if named and not clean_phrase(words[:named[0].start]) and named[0].entity not in (a, b):
            facts.pair_references.append((a, b, named[0].entity, named[0].role))
        elif not named and names_an_attribute(words):
            attributes.append(Attribute(words))
    facts.pair_attributes.append((a, b, attributes))


def _joined_statements(clauses: list[Clause], facts: Facts, names: list[str]) -> None:
    """A statement after ';' or ':' that declares an entity continues the one before it.
    - 'Readers post comments on articles: a comment has a text': the comment refers to what the
      first statement names with it (the article), unless the first counts it one of the other's
      ('a subscriber chooses one plan; plans have a name': the subscriber holds the plan);
    - 'A player can take part in many tournaments, and for each participation we record the seed':
      an entity the first statement does not name is the relation itself (an association named
      'participation')."""
    for c in clauses:
        entity = facts.entities.get(c.subject)
        if not c.items or entity is None or any(
                x.subject == c.subject for x in clauses if x.group == c.group and x.part == c.part and x is not c
                and clauses.index(x) < clauses.index(c)):
            continue
        at = clauses.index(c)  # the statement before, or the clauses before in the same statement
        before = [x for x in clauses[:at] if x.group == c.group and x.part in (c.part - 1, c.part)]
        found, named, beside = [], [], []
        for x in before:
            here = mentions(x.text, names, facts.aliases)
            found += here
            # the object of a verb ('readers post comments'), not a noun after a preposition
            # ('products are organised into categories': there the category is the parent)
            named_here = [m for m in here if m.entity == c.subject and not PREPOSITION.search(x.text.lower()[:m.start])
                          and not (x.subject == c.subject and m.start <= 12)]
            named += named_here
            if named_here or x.subject in ("", c.subject):
                beside += here  # "users can follow artists, and users can create playlists": not the artists
        if any(m.entity == c.subject for m in found) and (not named or any(
                m.many == 2 for m in found if m.entity == c.subject)):
            continue
        others = list(dict.fromkeys(m.entity for m in (beside if named else found)
                                    if m.entity != c.subject and m.entity in facts.entities))
        if named:
            for other in others:
                # 'a subscriber chooses one plan; plans have a name': the subscriber holds its one plan
                if not any(r.source == other and r.target == c.subject and r.many == -1 for r in facts.relations):
                    facts.relations.append(_relation(c.subject, other, -1, ""))
        elif not named and len(others) == 2 and not _elsewhere(c, clauses, names, facts) and not any(
                r.source == c.subject or r.target == c.subject for r in facts.relations):
            _entity_as_pair(facts, c.subject, others[0], others[1])


def _elsewhere(c: Clause, clauses: list[Clause], names: list[str], facts: Facts) -> bool:
    """Whether another clause names `c`'s subject."""
    return any(x is not c and any(m.entity == c.subject for m in mentions(x.text, names, facts.aliases)) for x in clauses)
