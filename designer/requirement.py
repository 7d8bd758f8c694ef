"""Reading a requirement without an LLM: entities, their attributes and the relations between
them, from the wording (Text2Schema's deterministic path).

What it reads, sentence by sentence and clause by clause:
- declarations: "each X has A, B and C", "Xs have ...", "for each X we store ...", "we store each
  X's ...", "X is identified by A", "X (A, B, C)": X is an entity, A.. its attributes; an
  attribute naming another entity ("an arrival airport") is a reference to it instead;
- relations: a clause whose subject is an entity and which names another entity later; the
  quantifier before the second one ("one", "exactly one", "a" vs "many", "several", a plural)
  says which side holds the foreign key, both sides "many" make a many-to-many relation;
- facts about pairs: "for each product in an order we record the quantity", "the score each
  pupil obtains in each exam": attributes of the pair (an association table).
Nothing here knows a domain: the words it keys on are determiners, quantifiers and verbs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from text2db.designer.words import is_plural, singular, singular_phrase

DETERMINERS = {"a", "an", "the", "its", "their", "his", "her", "each", "every", "all", "any", "some", "our", "your",
               "this", "that", "these", "those", "its own", "own", "which", "whose", "also", "only", "always", "another",
               "other"}
ONE = ("exactly one", "only one", "a single", "one and only one", "at most one", "one", "a", "an", "its", "the",
       "single", "another")
MANY = ("one_or_more", "zero_or_more", "one or more", "zero or more", "any number of", "a number of", "a set of", "a list of", "many", "several",
        "multiple", "various", "some", "more than one", "lots of", "numerous", "all", "a few", "few", "a handful of",
        "two or more", "three or more", "at least two")
DECLARE = (r"has|have|had|is described by|are described by|is characterized by|are characterized by|"
           r"is characterised by|are characterised by|consists of|consist of|includes|include|comes with|"
           r"is stored with|are stored with|carries|contains the following|with|having|registers with|register with|"
           r"sign up with|signs up with|are registered with|is registered with|is recorded with|are recorded with")
STORE = r"store|stores|record|records|keep|keeps|track|tracks|need|needs|hold|holds|capture|captures|maintain|note|notes|register|save|want to know|want|keep track of|keeps track of|remember|log"
STORE_VERBS = frozenset(STORE.split("|"))  # "the database must store departments (code, name)": no 'store department'
# an indefinite pronoun names no entity: "Everything starts with a survey" is no `everything_start`
INDEFINITE = {"everything", "anything", "nothing", "something", "everyone", "anyone", "someone", "everybody", "anybody",
              "somebody", "nobody"}
NOT_ENTITY = {"we", "it", "they", "he", "she", "you", "i", "system", "database", "information", "data", "details",
              "detail", "record", "records", "following", "one", "which", "who", "this", "that", "there", "each",
              "every", "both", "either", "time", "date", "name", "number", "type", "list", "set", "way", "example",
              "thing", "things", "lot", "kind"} | INDEFINITE
BY_THE_WAY = r"(?:(?:also|simply|just|always)\s+)?"  # "who is simply another player": no part of the entity
RELATIVE = re.compile(rf"\b(?:who|which|that)\s+(?:is|are)\s+{BY_THE_WAY}(?:an?\s+|the\s+)?"
                      r"([a-z][a-z -]*?)(?=[,.;]|$| and | in the | at the | from the )")
PRONOUNS = {"they", "it", "he", "she", "we", "them", "him", "her", "its", "their", "you", "was", "were", "is", "are",
            "be", "been", "must", "should", "can", "may", "will", "would", "has", "have", "had", "does", "did"} | INDEFINITE
# a phrase opening with one of these is a clause, not an attribute's name: "because they get moved
# around", "we write down", "or more panels" (of "one or more panels"); a question word may well
# paraphrase one ("what it crosses", "who added it") and is kept
CLAUSE_OPENERS = PRONOUNS | {"because", "if", "although", "though", "while", "since", "unless", "until", "so", "but",
                             "and", "or", "then", "that", "this", "these", "those", "i"}


# what a requirement calls the thing being designed ("we need a database", "notes for the database",
# "the film festival database stores the films"): never an attribute or an entity of it
DESIGN_WORDS = {"database", "databases"}


def names_an_attribute(words: str) -> bool:
    """Whether a cleaned phrase can name an attribute: one to five words, not opening a clause,
    not naming the database itself."""
    split = words.split()
    return 1 <= len(split) <= 5 and split[0] not in CLAUSE_OPENERS and not DESIGN_WORDS & set(split)


@dataclass
class Attribute:
    words: str
    unique: bool = False
    identifier: bool = False
    required: bool = False


@dataclass
class Entity:
    name: str  # singular words: 'crew member'
    attributes: list[Attribute] = field(default_factory=list)
    declared: bool = False  # has a declaration sentence
    mentions: int = 0

    def add(self, attr: Attribute) -> None:
        for a in self.attributes:
            if a.words == attr.words:
                a.unique, a.identifier = a.unique or attr.unique, a.identifier or attr.identifier
                return
        self.attributes.append(attr)


@dataclass
class Relation:
    """`source` relates to `target` with cardinality `many` (True) or one (False); `role` names a
    reference that is not the target's plain name ('captain', 'home team')."""

    source: str
    target: str
    many: bool
    role: str = ""
    required: bool = False


@dataclass
class Facts:
    entities: dict[str, Entity] = field(default_factory=dict)
    relations: list[Relation] = field(default_factory=list)
    pair_attributes: list[tuple[str, str, list[Attribute]]] = field(default_factory=list)
    aliases: dict[str, str] = field(default_factory=dict)  # word -> entity ('director' -> 'person', 'order' -> 'customer order')
    pair_names: dict[tuple[str, str], str] = field(default_factory=dict)  # (a, b) sorted -> the association's own name
    pair_references: list[tuple[str, str, str, str]] = field(default_factory=list)  # (a, b, entity, role)
    verb_events: list[tuple[str, str, str]] = field(default_factory=list)  # (event, a, b): a <verb>s b, the verb's noun
    domain: str = ""  # the first sentence's subject: usually the organisation itself, not an entity

    def entity(self, name: str) -> Entity:
        if name not in self.entities:
            self.entities[name] = Entity(name)
        return self.entities[name]


def sentences(text: str) -> list[str]:
    return [p for group in sentence_groups(normalise(text)) for p in group]


# a whole list of bare examples closing its clause; attributes listed on would carry an article
_EXAMPLE = r"(?!(?:a|an|the)\s)(?:[a-z-]+\s+){0,2}[a-z-]+"
EXAMPLE_LIST = re.compile(rf",?\s*(?:such as|for example|e\.g\.|like)\s+{_EXAMPLE}(?:,\s+{_EXAMPLE})*,?\s+(?:or|and)\s+"
                          rf"{_EXAMPLE}(?=\s*[.;]|$)", re.I)


BULLET = re.compile(r"^(?:[-*\u2022\u2013]|\d{1,2}[.)])\s+")
LIST_HEADING_WORDS = 4  # "Customers" or "What we store" on a line of its own, above its list
TITLE_WORDS = 12  # "Requirements: thesis supervision register (Graduate School)", a blank line below


def lines_as_sentences(text: str) -> str:
    """One paragraph of the requirement's lines: a list item or a line of its own is a sentence,
    unless it is a bare item of the list a colon opens ("for each member we keep:" / "- name" /
    "- address" -> "...: name, address."); a line that goes on in lower case is the same sentence,
    wrapped. Without this a bullet list reads as one sentence ("... a shelf location - Members
    borrow copies")."""
    out, in_list = "", False
    lines = text.splitlines()
    for number, raw in enumerate(lines):
        line = raw.strip()
        if not line:
            in_list = False
            continue
        bullet = BULLET.match(line)
        line = line[bullet.end():] if bullet else line
        if not bullet and line[-1] not in ".!?:;," and len(line.split()) <= TITLE_WORDS and number + 1 < len(lines) \
                and not lines[number + 1].strip():
            line = line.replace(":", " -")  # a title ("Subject: Database for the craft fairs") labels no list
        if not out:
            out = line
            continue
        opens_list = out[-1] == ":" or (not in_list and out[-1] not in ".!?;," and len(out.split(".")[-1].split())
                                        <= LIST_HEADING_WORDS)
        if bullet and (in_list or opens_list) and not re.search(r"[.:;!?]", line):
            if not in_list:  # "Books" -> "Books: ISBN, ..."; "for each copy we keep:" is no label: its items follow
                heading = re.split(r"[.!?;]\s", out.rstrip(":"))[-1]
                out = out.rstrip(":") + (": " if _label(heading) else " ")
            out += (", " if in_list else "") + line
            in_list = True
            continue
        in_list = False
        if bullet or line[0].isupper():
            out += ("" if out[-1] in ".!?:;" else ".") + " " + line
        else:
            out += " " + line  # a wrapped line goes on
    return out


# "run by one participant acting as organiser" says what "run by one organiser participant" says: a
# participant in the role of organiser (read so, 'participant acting' was an entity of its own)
ACTING_AS = re.compile(r"\b(one|a|an|the|each|every|another)\s+((?:[a-z-]+\s+)?[a-z-]+)\s+(?:acting|serving)\s+as\s+"
                       r"(?:its\s+|their\s+|the\s+|an?\s+)?([a-z-]+)\b", re.I)


# words that say how often or in what order, not what: "Usually three adjudicators are assigned"
# is about adjudicators, "a club usually has many members" declares a club, and "In addition,
# several nurses support each shift" is about nurses. Within a clause only before its verb: before
# a thing ("a lead photographer and sometimes a second photographer") it says the thing is
# optional, and how often is kept where it is asked ("how often it is serviced")
_OFTEN = r"usually|often|sometimes|normally|typically|generally|occasionally"
FREQUENCY = re.compile(rf"(?<!how )\b(?:{_OFTEN})\b\s+(?!(?:a|an|the|one|two|three|several|many|some|its|their)\b)"
                       r"(?P<next>[a-z])", re.I)
OPENER = re.compile(r"(?:^|(?<=[.;:!?]\s)|(?<=,\sand\s)|(?<=,\sbut\s))"
                    rf"(?:{_OFTEN}|in addition|additionally|of course|finally|in practice|in general|mostly|at times|"
                    r"as a rule|furthermore|moreover)\b,?\s+(?P<next>[a-z])", re.I)


# "it's" is "it is" (or "it has"), never a thing's: "the floor it's on" declared a `floor it`
CONTRACTED_BE = re.compile(r"\b(it|that|there|what|who|he|she)'s\b", re.I)
# "the floor it is on", "the room they are in": the thing, and a clause saying whose (its row's)
CONTACT_CLAUSE = re.compile(r"\s+(?:it|they)\s+(?:is|are|was|were)\s+(?:on|in|at|from|under|inside)(?=[\s,.;:!?]|$)",
                            re.I)


def _without_adverb(m: re.Match[str]) -> str:
    """The word after the dropped adverb, capitalised where the adverb was: a sentence still opens
    with a capital, as the user wrote it."""
    return m.group("next").upper() if m.group(0)[0].isupper() else m.group("next")


# "the quay is split into numbered berths", "bins are numbered and have a capacity": a number
# identifies each of them. In "each rally is divided into numbered stages" the number counts the
# stages of one rally (not "numbered within the greenhouse" either: a number within one owner, belongs.py)
NUMBERED_THINGS = re.compile(r"(?P<before>(?:^|(?<=[.;:!?]\s))[^.;:!?]*?)\bnumbered\s+"
                             r"(?P<xs>(?:[a-z-]+\s+)?[a-z-]+s)\b(?P<rest>[^.;:!?]*)(?P<end>[.;:!?]|$)", re.I)
ARE_NUMBERED = re.compile(r"\b(?P<are>are|is)\s+numbered(?=\s*(?:[,.;:!?]|and\b|$))", re.I)
# "each contains numbered courtrooms", "a venue is divided into numbered pegs": parts of each one
OF_EACH_ONE = re.compile(r"\b(?:each|every)\b|\b(?:a|an)\s+[a-z-]+\s+(?:is\s+divided|is\s+split|has|contains)\b", re.I)


def _numbered_things(m: re.Match[str]) -> str:
    """'the quay is split into numbered berths, each with a depth.' -> '... into berths, each with
    a depth. Each berth is identified by its number.': the things, then what identifies them
    (the rules and the LLM then key each by `<thing>_number`), said after the sentence so that
    its clauses stay as they were. Numbered parts of each of something ('each rally is divided
    into numbered stages') are not told apart by the number alone: the sentence stays as it is
    (saying 'each stage has a number' made the number the key where it came first of the
    stage's facts; dropping the word read 'each contains courtrooms' as a reference to one)."""
    each = _each_of(m.group("xs"))
    if each is None or OF_EACH_ONE.search(m.group("before")):
        return m.group(0)
    end = m.group("end") or "."
    close = "." if end in ".!?" else end  # a sentence of its own after a sentence, a clause after a clause
    said = f"{'Each' if close == '.' else 'each'} {each} is identified by its number{close}"
    return f"{m.group('before')}{m.group('xs')}{m.group('rest')}{end} {said}"


# "a booking can borrow several items in given quantities", "one docket can cover several pallet
# types, each with a quantity", "orders list products with quantities": how many of each thing one
# owner takes is a fact of the pair, not of the thing (a catalogue item is in many bookings); so
# are other facts of each of several things declared apart ("can list several drugs, each with
# its dose": `facts`)
PER_ITEM_QUANTITY = re.compile(
    r"(?P<xs>\b[a-z-]+s)(?P<how>\s+(?:in|with)\s+(?:(?:different|given|various|varying|set)\s+)?(?P<plural>quantities|amounts)\b"
    r"|,?\s+each\s+(?:with|in)\s+(?:a|an|its|the)\s+(?:(?:given|certain|set)\s+)?(?P<one>quantity|amount)\b"
    r"(?=\s*(?:[,.;:!?]|$))"
    r"|,?\s+with\s+(?:a|the)\s+(?P<for>quantity|amount)\s+(?:for|of)\s+(?:each|every)\b(?:\s+(?!and\b)[a-z-]+)?"
    r"|,?\s+each\s+(?:with|having)\s+(?P<facts>(?:its|their|a|an|the)\s+[^.;:!?]+?)(?=\s*(?:[.;:!?]|$)))", re.I)
# "each drug has a code", "drugs have a name", "doctors, with a staff number": a thing declared by
# its own facts
DECLARED = re.compile(r"\b(?P<head>[a-z-]+)\s*,?\s+(?:each\s+)?(?:has|have|carries|carry|with|(?:is|are)\s+"
                      r"(?:identified|known|recorded|registered|described))\b", re.I)
COUNTED_BEFORE = re.compile(r"\b(?P<count>several|many|multiple|various|numerous|one\s+or\s+more|(?:a|any)\s+number\s+of)"
                            r"\s+(?P<modifier>[a-z-]+\s+)?$", re.I)


def _per_item_quantities(piece: str, text: str) -> str:
    """'a booking can borrow several items in given quantities.' -> 'a booking can borrow several
    items. For each item in a booking we record the quantity.': said as a fact of each pair, which
    the rules read as an association of the two (the thing alone would get the quantity, and one
    owner). The owner is the subject of the clause the things are the object of; after 'and' or a
    pronoun, the sentence's subject ('orders are for a date and list products with quantities').
    Other facts of each ('each with its dose') are the pair's only where the thing is counted and
    declared by facts of its own in another sentence."""
    m = PER_ITEM_QUANTITY.search(piece)
    if m is None:
        return piece
    before = piece[:m.start()]
    counted = COUNTED_BEFORE.search(before)
    thing = ((counted.group("modifier") or "") if counted else "") + m.group("xs")
    words = re.findall(r"[a-z][a-z'-]*", (before[:counted.start()] if counted else before).lower())
    if words and words[-1] in STOP_SUBJECT - {"and", "also", ","}:
        words.pop()  # "made from several ingredients": the preposition of the verb
    if not words:
        return piece
    words.pop()  # the verb
    while words and words[-1] in CLAUSE_VERB:
        words.pop()
    pronoun = bool(words) and words[-1] in {"it", "they"}  # "..., and it lists parts in given quantities"
    if pronoun or words and words[-1] == "and":  # the sentence's subject, before its first verb
        first = next((i for i, w in enumerate(words) if w in CLAUSE_VERB), 0)
        words = words[:first]
    owner = subject_before(" ".join(words))
    item = singular_phrase(thing.lower())
    if not owner or not item or owner == item:
        return piece
    if m.group("facts") and not (counted and _declared_apart(item, text.replace(piece, ""))):
        return piece  # "the club has several boats, each with a name": the boats' own facts
    said = m.group("facts") or f"the {singular(m.group('plural') or m.group('one') or m.group('for'))}"
    end = re.search(r"[.;:!?]?\s*$", piece)
    kept = piece[:m.start("how")] + piece[m.end("how"):end.start()]  # type: ignore[union-attr]
    article = "an" if owner[0] in "aeiou" else "a"
    return f"{kept}. For each {item} in {article} {owner} we record {said}."


def _declared_apart(item: str, text: str) -> bool:
    """Whether `text` declares the thing (its head noun) by facts of its own."""
    head = item.split()[-1]
    return any(singular(m.group("head").lower()) == head for m in DECLARED.finditer(text))


def _are_identified(m: re.Match[str]) -> str:
    """'bins are numbered' -> 'bins are identified by their number' (NUMBERED_THINGS' predicate form)."""
    return f"{m.group('are')} identified by {'their' if m.group('are') == 'are' else 'its'} number"


def normalise(text: str) -> str:
    text = re.sub(r"\s+", " ", lines_as_sentences(text.replace("\u2019", "'"))).strip()
    text = FREQUENCY.sub(_without_adverb, OPENER.sub(_without_adverb, text))
    text = CONTACT_CLAUSE.sub("", CONTRACTED_BE.sub(lambda m: f"{m.group(1)} is", text))
    text = re.sub(r"\bshall\b", "must", text, flags=re.I)  # "the system shall record patients"
    text = ATTRIBUTES_IN_PARENTHESES.sub(_attributes_in_parentheses, text)
    text = re.sub(r"\([^)]*\)", "", text)  # examples and value lists in parentheses
    text = ARE_NUMBERED.sub(_are_identified, NUMBERED_THINGS.sub(_numbered_things, text))
    text = " ".join(_per_item_quantities(piece, text) for piece in re.split(r"(?<=[.!?])\s+", text))
    text = EXAMPLE_LIST.sub("", text)  # "a category from a fixed list like pub, construction site or factory."
    text = re.sub(r",?\s*(?:such as|for example|e\.g\.|like)\s+[^,.;]*?(?=[,.;]|\s+(?:has|have|is|are)\b)", "",
                  text, flags=re.I)  # examples end at a comma or at the verb: "classes such as yoga have a name"
    text = SHARED_HEAD.sub(_distribute, text)
    text = OWN_LIST.sub(_own_list, text)
    text = ACTING_AS.sub(r"\1 \3 \2", text)
    text = IDENTIFIED_AFTER.sub(_identified_after, text)
    text = LISTED_EACH_WITH.sub(_listed_each_with, text)
    text = EACH_WITH.sub(_each_with, text)
    text = FOR_EACH_PASSIVE.sub(lambda m: f"{m.group('each')} we record {m.group('what')}", text)
    text = ONE_OF_THE.sub(lambda m: _each_one(m, m.group("xs"), "one ", ""), text)
    text = FOR_WHOM.sub(_for_whom, text)
    text = FOR_WHOM_ONE.sub(_for_whom_one, text)
    text = WHO_ARE_WITH.sub(_who_are_with, text)
    text = EACH_HAVE.sub(_each_have, text)
    return EACH_NAMED_WITH.sub(lambda m: f"; each {m.group(1)} has ", text)


# "its own set of grades", "their list of characters": things of their own, each of one owner
LIST_OF = r"\b(?:its|their)\s+(?:own\s+)?(?:set|list|range|series|collection|catalogue)\s+of\s+"
OWN_LIST = re.compile(LIST_OF + r"(?P<xs>[a-z]+s)\b"
                      r"(?:,\s+(?:each\s+)?(?:(?P<with>with|having)|(?P<by>identified|known)\s+by)\s+)?", re.I)
# "identified by a room number within the hotel": the number is unique within one hotel
WITHIN_ONE = r"\s+(?:within|in|inside)\s+(?:its|their|the|each|a|an)\s+[a-z-]+"
IDENTIFIED_AFTER = re.compile(r"\b((?:[a-z]+\s+)?[a-z]+),\s+(?:each\s+)?(?:identified|known)\s+by\s+"
                              rf"(?P<id>(?:its|their|a|an|the)\s+[a-z]+(?:\s+[a-z]+){{0,2}}?(?:{WITHIN_ONE})?)"
                              r"(?=[,;.]|$|\s+and\b)"
                              r"(?P<with>,\s+(?:and\s+)?with\s+)?", re.I)
EACH_WITH = re.compile(r"\b((?:[a-z]+\s+)?[a-z]+),\s+(?:each\s+(?:with|having|of\s+which\s+(?:has|specifies|records|gives))|each(?=\s+an?\s)|"
                       r"(?:each\s+)?(?:recorded|registered|listed|kept|stored)\s+with)\s+", re.I)
# "for every loft and race point the official distance is measured once and reused": what is kept
# for each (pair), said in the passive; the rest of the clause says how, not what
FOR_EACH_PASSIVE = re.compile(r"\b(?P<each>(?:for|per)\s+(?:each|every)\s+[a-z][a-z -]*?)\s*,?\s+"
                              r"(?P<what>(?:the|its|their)\s+[a-z][a-z -]*?)\s+(?:is|are)\s+(?:also\s+)?"
                              r"(?:measured|recorded|kept|stored|noted|logged|held|tracked|entered)\b[^.;]*", re.I)
# "grain is sold to buyers, for whom we keep just a name": what we keep is each buyer's
FOR_WHOM = re.compile(r"\b((?:[a-z]+\s+)?[a-z]+s)\s*,\s+(?:for|of|about)\s+(?:whom|which)\s+(?=(?:we|i)\s)", re.I)
# "processed by one of our clerks": one clerk (read as the plural, the clerks were the licence's).
# One word only: in "one of our staff visits the site" the second word is the verb
ONE_OF_THE = re.compile(r"\bone\s+of\s+(?:our|the|its|their|your|my)\s+(?P<xs>[a-z-]+s)\b", re.I)
# "led by one conductor, for whom we keep a name": one person, then what we keep of each (only
# 'whom': after one thing, 'which' often opens a detail of an attribute, "a delivery date, for
# which we record the window")
FOR_WHOM_ONE = re.compile(r"\b(?P<det>a|an|one)\s+(?P<np>(?:[a-z-]+\s+)?[a-z-]+)"
                          r"\s*,\s+(?:for|of|about)\s+whom\s+(?=(?:we|i)\s)", re.I)
# "materials come from our stock list, each with a code": each is one of the subject's things, the
# items of the list, not of the list itself (a list word has no attributes here)
LISTED_EACH_WITH = re.compile(r"(?:^|(?<=[.;:!?]\s))(?P<listed>(?:(?:the|our|all|my)\s+)?(?P<xs>(?:[a-z-]+\s+)?[a-z-]+s)\s+"
                              r"(?:come|are|were)\s+(?:(?:from|off|out\s+of)\s+)?(?:a|an|the|our|my|their)\s+"
                              r"(?:[a-z-]+\s+){0,3}(?:list|catalogue|range|register)),\s+each\s+(?:with|having)\s+", re.I)
# "our roofers each have a name": each roofer has
EACH_HAVE = re.compile(r"\b(?P<xs>(?:[a-z-]+\s+)?[a-z-]+s)\s+each\s+(?:have|has)\b", re.I)
EACH_NAMED_WITH = re.compile(r",\s+each\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:having|with)\s+", re.I)


# "works are ordered from contractors (company name and phone)": the things' attributes, not examples
ATTRIBUTES_IN_PARENTHESES = re.compile(r"\b((?:[a-z]+\s+)?[a-z]+)\s+\((?P<attributes>[^()]*)\)", re.I)
# what a listed attribute is called at its end; a list of examples or values ("lockout, lock change")
# has none of them
ATTRIBUTE_HEADS = {"name", "title", "phone", "email", "address", "date", "description", "number", "code"}


def _attributes_in_parentheses(m: re.Match[str]) -> str:
    """'works are ordered from contractors (company name and phone)' -> '... from contractors;
    each contractor has company name and phone;': things named in the plural with their
    attributes in parentheses are things of their own, declared there."""
    each = _each_of(m.group(1))
    phrases = [clean_phrase(item) for item in split_items(m.group("attributes").lower())]
    if (each is None or not all(names_an_attribute(p) for p in phrases)
            or not any(p.split()[-1] in ATTRIBUTE_HEADS for p in phrases)):
        return m.group(0)
    return f"{m.group(1)}; each {each} has {m.group('attributes')};"


def _own_list(m: re.Match[str]) -> str:
    """'each commodity has its own set of grades, identified by a code' -> 'each commodity has
    many grades; each grade is identified by a code': the items are things of their own, each
    belonging to one owner, not a list-valued attribute of the owner."""
    xs = m.group("xs")
    if m.group("with"):
        return f"many {xs}; each {singular_phrase(xs.lower())} has "
    if m.group("by"):
        return f"many {xs}; each {singular_phrase(xs.lower())} is identified by "
    return f"many {xs}"


def _each_one(m: re.Match[str], plural: str, before: str, after: str) -> str:
    """`before` + the singular of `plural` + `after` in place of the match, or the match as it
    was when `plural` is no plural noun phrase."""
    each = _each_of(plural)
    return m.group(0) if each is None else f"{before}{each}{after}"


def _each_with(m: re.Match[str]) -> str:
    """'a bank has branches, each with a code' -> 'a bank has branches; each branch has a code'; so
    too 'glass from suppliers, recorded with a name'."""
    return _each_one(m, m.group(1), f"{m.group(1)}; each ", " has ")


def _listed_each_with(m: re.Match[str]) -> str:
    """'Materials come from our stock list, each with a code' -> '... stock list; each material has a code'."""
    return _each_one(m, m.group("xs"), f"{m.group('listed')}; each ", " has ")


# "flown by a captain and a first officer, who are crew members with an employee ID, a name ...":
# the roles stay the flight's; the with-list declares the crew member
WHO_ARE_WITH = re.compile(r",\s+who\s+are\s+(?:all\s+)?(?P<np>[a-z-]+(?:\s+[a-z-]+)?)\s+with\s+", re.I)


def _who_are_with(m: re.Match[str]) -> str:
    """', who are crew members with an employee ID' -> ', who are crew members. Each crew member
    has an employee ID': the with-list declares the plural it follows, not the sentence's subject."""
    np = m.group("np")
    if not is_plural(np.split()[-1]):
        return m.group(0)
    return f", who are {np}. Each {singular_phrase(np.lower())} has "


def _for_whom(m: re.Match[str]) -> str:
    """'sold to buyers, for whom we keep a name' -> 'sold to buyers; for each buyer we keep a name'."""
    return _each_one(m, m.group(1), f"{m.group(1)}; for each ", " ")


def _for_whom_one(m: re.Match[str]) -> str:
    """'led by one conductor, for whom we keep a name' -> 'led by one conductor; for each conductor
    we keep a name'."""
    np = m.group("np")
    if np.split()[0].lower() in DETERMINERS:
        return m.group(0)
    return f"{m.group('det')} {np}; for each {np.lower()} "


def _each_have(m: re.Match[str]) -> str:
    """'our roofers each have a name' -> 'our each roofer has a name' (a word _each_of drops, such
    as 'and' or 'our', stays where it was)."""
    each = _each_of(m.group("xs"))
    if each is None:
        return m.group(0)
    words = m.group("xs").split()
    kept = words[0] + " " if len(words) > len(each.split()) else ""
    return f"{kept}each {each} has"


def _identified_after(m: re.Match[str]) -> str:
    """'drilling is done with rigs, identified by their plate number, with a model' -> '... with
    rigs; each rig is identified by their plate number and has a model': the identifier and what
    follows are the rig's, not attributes of the sentence's subject."""
    return _each_one(m, m.group(1), f"{m.group(1)}; each ",
                     f" is identified by {m.group('id')}" + (" and has " if m.group("with") else ""))


def _each_of(phrase: str) -> str | None:
    """The singular of a plural noun phrase closing a clause ('branches' -> 'branch', 'the
    branches' -> 'branch'), or None when it is no plural noun."""
    words = phrase.lower().split()
    if len(words) == 2 and (words[0] in STOP_SUBJECT or words[0] in DETERMINERS or words[0] in PRONOUNS
                            or words[0] in MANY or words[0] in STORE_VERBS or is_plural(words[0])):
        words = words[1:]
    if not words or words[-1] in DETERMINERS or not is_plural(words[-1]):
        return None
    return singular_phrase(" ".join(words))


def sentence_groups(text: str) -> list[list[str]]:
    """Sentences, each as its parts split at ';' and ':' (a colon or semicolon joins related statements:
    'Readers post comments on articles: a comment has a text')."""
    return [[part for part, _ in group] for group in sentence_parts(text)]


def sentence_parts(text: str) -> list[list[tuple[str, bool]]]:
    """`sentence_groups` with, for each part, whether a colon ended it (a label: 'the cellar rooms:')."""
    groups = []
    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Za-z\"'])|\n+", text):
        parts = [(p.strip(" .;:"), p.rstrip().endswith(":")) for p in re.split(r"(?<=:)\s+|\s*;\s*", sentence)
                 if p.strip(" .;:")]
        if parts:
            groups.append(parts)
    return groups


# A list item that names a thing before a colon: "- the farms that supply my milk: farm name, ...",
# "Members: member ID, full name, email". The label is a noun phrase; what a relative clause or
# "I make" adds after the noun is dropped.
LABEL = re.compile(r"^(?:[-*\u2022]\s*)?(?:(?:the|my|our|all|any|each|every)\s+)?(?P<np>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)"
                   r"(?:\s+(?:that|which|who|i|we)\b.*)?$", re.I)
VERBISH = re.compile(r"\b(?:is|are|has|have|was|were|can|may|must|should|will|do|does|need|needs|want|wants|like)\b", re.I)
NOT_LABEL = {"while", "when", "whenever", "if", "as", "because", "after", "before", "during", "since", "until", "here",
             "there", "what", "how", "for", "of", "in", "on", "at", "by", "with", "to", "from", "also", "then", "so"}


def _label(part: str) -> str:
    """The thing a colon-ended part names, singular ('the cheese types I make' -> 'cheese type'), or ''
    ('While drilling we log the geology:' introduces a statement, not a list of a thing's items;
    so does a clause, 'subscribers follow shows:', 'the school holds exams:': a word before the
    last that reads as a plural is a subject or a verb, no modifier of a thing's name)."""
    m = LABEL.match(part)
    if m is None or VERBISH.search(m.group("np")) or m.group("np").split()[0].lower() in NOT_LABEL:
        return ""
    if any(_plural_noun(w) for w in m.group("np").split()[:-1]):
        return ""
    phrase = singular_phrase(clean_phrase(m.group("np")))
    return "" if not phrase or phrase in NOT_ENTITY or set(phrase.split()) & (DETERMINERS | PRONOUNS) else phrase


# "start and end dates": two words and a plural head they may share; `one` ("a", "one", "each",
# "every") or the word `before` the first say whether they can (_distribute)
SHARED_HEAD = re.compile(r"\b(?:(?P<one>a|an|one|each|every)\s+(?:[a-z-]+\s+)?|(?P<before>[a-z]+)\s+)?"
                         r"([a-z]+) and ([a-z]+) ([a-z]+s)\b", re.I)


def _distribute(m: re.Match[str]) -> str:
    """'start and end dates' -> 'start date and end date' (a plural head shared by two modifiers).
    After "a", "one", "each" or "every" the first word ends a phrase of one thing ("are for a
    delivery date and list products", "every ride and show belongs to a park"); after a subject
    pronoun or a modal it is a verb ("I build and repair violins"). A plural first word ("hotels
    and corner stores") or an attribute of its own ("phone number and total hours") modifies
    nothing; a pronoun or a modal second ("tables and who plays", "pallets and must always") opens
    a clause."""
    first, second, head = m.group(3), m.group(4), m.group(5)
    before = (m.group("before") or "").lower()
    if (m.group("one") or before in SUBJECT_PRONOUNS | MODAL_VERBS
            or _plural_noun(first)
            or first.lower() in ATTRIBUTE_HEADS | DETERMINERS | PRONOUNS
            or second.lower() in DETERMINERS | PRONOUNS | MODAL_VERBS | {"who", "what"}
            or not is_plural(head)):
        return m.group(0)
    one = singular(head)
    return f"{m.group(0)[:m.start(3) - m.start()]}{first} {one} and {second} {one}"


def _plural_noun(word: str) -> bool:
    """A word that reads as a plural and is no modifier ('hotels', 'holds'; not 'sales'): a thing,
    a subject or a verb, never a word naming part of a thing's name."""
    return is_plural(word) and word.lower() not in PLURAL_MODIFIERS


def clean_phrase(text: str) -> str:
    words = [w for w in re.findall(r"[a-z][a-z0-9'-]*", text.lower()) if w not in ("'s",)]
    while words and (skip := 1 if words[0] in DETERMINERS or words[0] in ("one", "of") else _count_words(words)):
        words = words[skip:]
    return " ".join(w.replace("'s", "") for w in words)


COUNT_WORDS = (["at", "most"], ["at", "least"], ["exactly"], ["only"], ["just"])


def _count_words(words: list[str]) -> int:
    """How many words of a count open the phrase ('exactly', 'at most' before 'one', 'a' or 'an':
    "exactly one principal investigator" names a principal investigator), else 0; the 'one' goes
    with the determiners."""
    return next((len(c) for c in COUNT_WORDS if words[:len(c)] == c and words[len(c):len(c) + 1] in (["one"], ["a"], ["an"])), 0)


def split_items(text: str) -> list[str]:
    text = re.sub(r"\b(one|zero) or more\b", r"\1_or_more", text, flags=re.I)
    # "whether they are kept for meat or wool" asks one question: its 'or' lists nothing
    text = re.sub(r"(\bwhether\b[^,;]*?)\s+or\s+", r"\1 or_", text, flags=re.I)
    items = re.split(r",\s*(?:and|or)?\s*|\s+and\s+|\s+as well as\s+|\s+or\s+|\s+plus\s+", text)
    # "the customer type and, for organisations, a VAT number": the 'and' before a comma joins, names nothing
    items = [re.sub(r"\s+(?:and|or)$", "", i.strip()) for i in items]
    return [i for i in items if i]


# a pronoun as a clause's subject: 'a name they use' is no subject 'name' ('the date they joined')
SUBJECT_PRONOUN = r"(?:they|it|he|she|we|you)"
SUBJECT_PRONOUNS = {*re.findall(r"[a-z]+", SUBJECT_PRONOUN), "i"}  # as words: "I build and repair violins"
# ('..., and a follow-up incident can be linked to ...': a hyphenated word is one word of the subject)
_LOOK_SUBJECT = (r"(?:each|every|a|an|the|one)\s+(?![a-z]+\s+" + SUBJECT_PRONOUN + r"\b)[a-z-]+(?:\s+[a-z]+)?\s+"
                 r"(?:is|are|has|have|can|may|must|should|will|belongs|records|stores|notes|lists|contains|includes|"
                 r"[a-z]+s\s+(?:to|by|in|on|at|for|with|from|into))\b")
PRONOUN_VERB = r"(?:can|may|must|will|also|often|usually)\b"  # 'they can list ...': a clause of the sentence's subject
# ', and each (one) is housed at one station': each of them
EACH_OF_THEM = r"each(?:\s+one|\s+of\s+them)?\s+"
EACH_ONE = EACH_OF_THEM + r"(?=(?:is|are|has|must|can|may|belongs)\b)"
# a clause that opens with one of these goes on about the sentence's subject ("songs have a title
# and belong to one album")
CONTINUING_VERB = (r"is|are|has|have|can|may|must|should|will|was|were|does|do|belongs|belong|runs|run|works|work|"
                   r"takes|take|gets|get|consists\s+of|consist\s+of")
CLAUSE_SPLIT = re.compile(
    r",?\s+(?:and|but|while|whereas|so)\s+(?=" + _LOOK_SUBJECT + r"|(?:also\s+)?(?:" + CONTINUING_VERB + r"|"
    r"[a-z]+s\s+(?:to|by|in|on|at|for|with|"
    r"from|into|one|a|an|the|many|several|multiple|exactly|only))\b|(?:for|of)\s+(?:each|every)\b|"
    rf"(?:we|the system)\s+(?:also\s+)?(?:{STORE})\b)"
    # ', and editors have a name', ', and users can create playlists'
    r"|,\s+(?:and|but)\s+(?=[a-z]+s\s+(?:have|are|can|may|must|should|will)\b)"
    r"|,?\s+(?:and|but)\s+(?=(?:they|it|he|she)\s+" + PRONOUN_VERB + r"|" + EACH_ONE + r")"  # ', and they can list', ', and each is'
    r"|,\s+(?:and|but)\s+(?=(?:many|several|some|most)\s+[a-z]+s\s+(?:can\s+|may\s+)?[a-z]+\s+(?:the|a|an)\b)"  # ', and many candidates share the same skill'

    # without a conjunction: ', a track can be on many playlists', ', has a unique code'
    r"|,\s+(?=(?!(?:each|every|a|an|the)\s+(?:[a-z]+\s+)?" + SUBJECT_PRONOUN + r"\b)" + _LOOK_SUBJECT
    + r"|(?:has|have|is|are)\s+(?!(?:also\s+)?(?:a|an|the)?\s*[a-z]+\s*(?:,|$)))", re.I)
# "an incident gets a number, a title, a severity": what a subject gets or receives, given as a
# list, is its attributes. One thing given is a count of another entity ("a client receives many
# visits"), an identifier (issued_identifiers) or said of another subject ("a resident joins as a
# member and receives a card number"), so the list must go on with another article.
GIVEN_A_LIST = r"(?:gets|get|receives|receive)(?=\s+(?:a|an|the)\s+[^,;]*,\s*(?:a|an|the)\s)"
DECLARE_RE = re.compile(rf"\b(?:{DECLARE}|{GIVEN_A_LIST}|records|stores|notes|lists|keeps|holds|contains|includes|"
                        rf"is identified by|are identified by|is known by|are known by)\b\s+(?P<rest>.+)$", re.I)
FOR_EACH_RE = re.compile(rf"^(?:also\s+)?(?:for|of|about)\s+(?P<each>(?:each|every|all|any|an?)\s+)?(?P<np>[a-z][a-z -]*?)\s*,?\s+"
                         rf"(?:we|the system|you|it)\s+(?:also\s+)?(?:must\s+|need to\s+|want to\s+|will\s+|should\s+)?"
                         rf"(?:{STORE})(?:\s+(?:of|track of))?\s+(?P<rest>.+)$", re.I)
POSSESSIVE_RE = re.compile(rf"\b(?:we|the system)\s+(?:also\s+)?(?:must\s+|need to\s+|want to\s+)?(?:{STORE})(?:\s+of)?\s+"
                           rf"(?:each|every|the|an?)\s+(?P<np>[a-z][a-z -]*?)'s\s+(?P<rest>.+)$", re.I)
LOCATED = re.compile(r"^(?:each|every|a|an|the)\s+(?P<a>[a-z]+(?:\s+[a-z]+)?)\s+(?P<p>on|of|in|for|at|within)\s+"
                     r"(?:a|an|the|each|every|one)\s+(?P<b>[a-z]+(?:\s+[a-z]+)?)\s*$", re.I)
IS_A = re.compile(r"^(?P<xs>[a-z][a-z ,]*?)\s+(?:are|is)\s+(?:all\s+)?(?:an?\s+)?(?P<z>[a-z]+(?:\s+[a-z]+)?)\s*$", re.I)
STORE_ITS = re.compile(rf"^(?:and\s+)?(?:we|the system)\s+(?:also\s+)?(?:{STORE})(?:\s+of)?\s+(?:its|their)\s+(?P<rest>.+)$",
                       re.I)
ITS_ROLE = re.compile(r"^(?:one|a|an|the)\s+(?P<x>[a-z]+(?:\s+[a-z]+)?)\s+is\s+(?:its|their)\s+(?P<role>[a-z]+(?:\s+[a-z]+)?)$",
                      re.I)
EVENT_RE = re.compile(rf"^(?:when|whenever|each time|every time)\s+(?:a|an|the)\s+(?P<x>[a-z]+(?:\s+[a-z]+)??)\s+"
                      rf"(?P<verb>[a-z]+s)\s+(?:a|an|the)\s+(?P<y>[a-z]+(?:\s+[a-z]+)??)\s*,?\s+(?:we|the system)\s+"
                      rf"(?:also\s+)?(?:{STORE})(?:\s+of)?\s+(?P<rest>.+)$", re.I)
OBJECT_WITH = re.compile(r"^(?:(?:many|several|various|multiple|its|their|the)\s+)?(?P<np>(?:[a-z]+\s+)?[a-z]+s)\s+"
                         r"with\s+(?P<rest>.+)$", re.I)
# "payments are made for an order with an amount": the with-phrase describes the passive's subject
# (not after "by": "matches are refereed by a referee with a badge number" describes the referee)
PASSIVE_SUBJECT = re.compile(r"^(?:(?:each|every|a|an|the)\s+)?(?P<np>[a-z]+(?:\s+[a-z]+)?)\s+(?:is|are)\s+"
                             r"[a-z]+(?:ed|en|wn|ht|de|id)\s+(?:for|to|on|at|in|from|against)\s+"
                             r"(?P<object>(?:a|an|the|one)\s+[a-z]+(?:\s+[a-z]+)?)$", re.I)
IDENTIFIED_RE = re.compile(r"\b(?:is|are)\s+(?:uniquely\s+)?(?:identified|known)\s+by\s+", re.I)
STOP_SUBJECT = {"and", "or", "but", "with", "of", "in", "on", "for", "to", "by", "at", "from", "we", "who", "which",
                "that", "when", "where", "if", "also", "then", "there", "must", "can", "may", "will", "should", ",",
                "into", "onto", "across", "among", "between", "within", "through", "under", "over", "about", "per"}


# a count before a subject ("three adjudicators", "two or more technicians") is no word of it
NUMBER_WORDS = {"one", "single", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "more"}


def subject_before(text: str) -> str:
    """The noun phrase (at most three words) that ends `text`: 'Each flight' -> 'flight'; before a
    relative clause, the noun it describes ('students who take part' -> 'student')."""
    text = re.split(r"\s+(?:who|which)\s+(?!(?:is|are|was|were)\b)(?=\S)", text, maxsplit=1)[0].rstrip(" ,")
    words = re.findall(r"[a-z][a-z0-9'-]*|,", text.lower())
    out: list[str] = []
    stop = ""
    for w in reversed(words):
        if w in STOP_SUBJECT or w in DETERMINERS or w in PRONOUNS or w in MANY or w in NUMBER_WORDS or len(out) == 4:
            stop = w
            break
        out.insert(0, w.replace("'s", ""))
    if stop in INDEFINITE:
        return ""  # 'everything starts with a survey': the pronoun is the subject, 'starts' its verb
    if out and stop in BE and not is_plural(out[-1]):
        return ""  # a predicate ('movies are tagged'), not a subject ('organisers are companies')
    if stop in MODAL_VERBS and len(out) > 1:
        out = out[1:]  # 'users can create playlists': a verb, then the thing
    out = noun_then_verb(out)
    phrase = " ".join(out)
    return "" if not phrase or phrase in NOT_ENTITY else singular_phrase(phrase)


BE = {"is", "are", "was", "were", "be", "been"}
MODAL_VERBS = {"can", "may", "must", "will", "should"}  # a verb follows ("users can create playlists")
# the words between a clause's subject and its verb ("a booking can borrow", "orders are for")
CLAUSE_VERB = BE | {"being", "has", "have", "had", "also"} | MODAL_VERBS
PLURAL_MODIFIERS = {"sales", "news", "sports", "goods", "arts", "savings", "series", "species", "means"}


def noun_then_verb(words: list[str]) -> list[str]:
    """Split a run of words at a verb, told by a plural form: modifiers in English compounds are
    singular, so a plural word before the last one is a plural subject ('users subscribe' ->
    'users'; 'listeners create playlists' -> 'playlists', the object) or, after a noun, a verb
    ('event offers ticket categories' -> 'ticket categories')."""
    for i, w in enumerate(words[:-1]):
        if not is_plural(w) or w in PLURAL_MODIFIERS:
            continue
        if i > 0:
            return words[i + 1:]
        return words[-1:] if is_plural(words[-1]) and len(words) > 2 else words[:1]
    return words[-3:]


@dataclass
class Clause:
    text: str
    subject: str = ""  # entity words, singular
    items: list[str] = field(default_factory=list)  # declared attribute/reference items, raw
    identifier: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)  # 'directors and actors are people': roles of the subject
    group: int = 0  # the sentence
    part: int = 0  # the statement within the sentence (parts are split at ';' and ':')


VERB_SPLIT = re.compile(r"\s+(?:is|are|has|have|can|may|must|should|will|was|were|does|do)\b|\s+[a-z]+s\s+"
                        r"(?=(?:to|by|in|on|at|for|with|from|into|one|a|an|the|many|several|exactly)\b)", re.I)
DET_SUBJECT = re.compile(r"^(?:also\s+)?(?:when\s+|whenever\s+)?(?:a|an|each|every|the)\s+([a-z]+(?:\s+[a-z]+)??)\s+"
                         r"[a-z]+s\b", re.I)
PLURAL_SUBJECT = re.compile(r"^([a-z]+s)\s+[a-z]+\s+(?:to|by|in|on|at|for|with|from|into|of)\b", re.I)


def head_subject(text: str) -> str:
    """The subject of a clause: the words before its verb ('Each train runs on one route' -> 'train')."""
    head = VERB_SPLIT.split(text, maxsplit=1)[0]
    located = LOCATED.match(re.sub(r"^(?=[a-z]+s\s)", "the ", head, flags=re.I))
    if located and head != text:  # "matches within a tournament are between two players" -> match
        return singular_phrase(clean_phrase(located.group("a")))
    if len(head.split()) <= 5 and head != text:
        return subject_before(head)
    for pattern in (DET_SUBJECT, PLURAL_SUBJECT):
        m = pattern.match(text)
        if m and is_plural(m.group(1).split()[-1]) == (pattern is PLURAL_SUBJECT):
            phrase = singular_phrase(m.group(1).lower())
            return "" if phrase in NOT_ENTITY or set(phrase.split()) & (DETERMINERS | PRONOUNS) else phrase
    return ""


# a pronoun, then the verb of its clause ('it is held by one policyholder', 'it leaves from a port')
STATEMENT_PRONOUN = re.compile(r"^(?:it|they)\s+(?=(?:" + CONTINUING_VERB + r"|" + PRONOUN_VERB + r"|[a-z]+s)\b)", re.I)


def _goes_on(clauses: list[Clause], group: int) -> bool:
    """Whether the sentence `group` has a clause before this one, with a subject that a pronoun,
    'its' or 'each one' opening this one can stand for."""
    return bool(clauses) and clauses[-1].group == group and bool(clauses[-1].subject)


def read_clauses(requirement: str) -> list[Clause]:
    """Clauses with their subject and, for declarations, their listed items (first pass)."""
    clauses: list[Clause] = []
    for group, parts in enumerate(sentence_parts(normalise(requirement))):
        label = ""
        for number, (statement, labelled) in enumerate(parts):
            for index, clause in enumerate(_statement_clauses(statement, group, number)):
                if label and index == 0 and not clause.subject and not clause.items:
                    clause.subject, clause.items = label, split_items(clause.text)  # the list after "Members:"
                role = ITS_ROLE.match(clause.text)
                if role and _goes_on(clauses, group):
                    clause.subject = clauses[-1].subject  # "a class ..., and one teacher is its class teacher"
                    clause.items = [role.group("role"), f"who is a {role.group('x')}"]
                if not clause.subject and ONE_OF_THEM.match(clause.text) and _goes_on(clauses, group):
                    # "appliances ...; for each one we note the type, and each is housed at one station"
                    clause.subject = clauses[-1].subject
                    clause.text = re.sub("^" + EACH_OF_THEM, "", clause.text)
                    if not clause.items:
                        _declaration(clause, inherited=True)
                if index == 0 and not clause.subject and _goes_on(clauses, group) \
                        and (pronoun := STATEMENT_PRONOUN.match(clause.text)):
                    # "an incident gets a number ...; it is acknowledged by one engineer": the
                    # pronoun opening a statement is the sentence's last subject
                    clause.subject, clause.text = clauses[-1].subject, clause.text[pronoun.end():]
                    _declaration(clause, inherited=True)
                its = STORE_ITS.match(clause.text)
                if its and not clause.items and _goes_on(clauses, group):
                    clause.subject = clauses[-1].subject  # "a trip is made by one driver; we record its start time"
                    clause.items = split_items(its.group("rest"))
                clauses.append(clause)
            label = _label(statement) if labelled else ""
    return clauses


ISSUED_RE = re.compile(r"\b(?:receives?|gets?|carr(?:y|ies)|(?:is|are)\s+(?:given|assigned|issued))\s+"
                       r"(?:a|an|the|their|its|our)\s+(?P<id>(?:[a-z-]+\s+){0,3}(?:number|code|identifier|id|reference))\b",
                       re.I)


# "each well lies on one property and receives ...": the clause's subject receives it too
COORDINATED_SUBJECT = re.compile(r"^(?P<np>(?:each|every|a|an|the)\s+[a-z-]+)\s+[a-z]+s\b[^,;:]*\band$", re.I)


def issued_identifiers(requirement: str) -> list[tuple[str, str]]:
    """(entity, identifier) where the wording says the entity is given one: 'proposals, which
    get a reference number from us', 'instruments receive a workshop serial number when they come
    in', 'each bin carries a tag number', 'each well lies on one property and receives a permit
    number' (the 'is identified by' wording is read by read_clauses)."""
    found = []
    for statements in sentence_groups(normalise(requirement)):
        for statement in statements:
            for m in ISSUED_RE.finditer(statement):
                before = RELATIVE_TAIL.sub("", statement[:m.start()]).rstrip(" ,")
                if re.match(r"\s*(?:unique\s+)?within\b", statement[m.end():], re.I):
                    continue  # 'a sequence number within its inspection' is no identifier of its own
                if len(before.split()) > 4:
                    coordinated = COORDINATED_SUBJECT.match(before)
                    if coordinated is None:
                        continue  # 'every defect found during an inspection gets ...' is no inspection's number
                    before = coordinated.group("np")
                subject = subject_before(before)
                if subject:
                    found.append((subject, clean_phrase(m.group("id"))))
    return found


RELATIVE_TAIL = re.compile(r",?\s+(?:which|who|that)\s*$", re.I)
PRONOUN_SUBJECT = re.compile(r"^(?:they|it|he|she)\s+(?=" + PRONOUN_VERB + ")", re.I)
ONE_OF_THEM = re.compile(r"^(?:also\s+)?(?:for|of)\s+(?:each|every)\s+one\b|^" + EACH_ONE, re.I)


def _statement_clauses(statement: str, group: int, number: int) -> list[Clause]:
    clauses: list[Clause] = []
    subject = ""
    for piece in CLAUSE_SPLIT.split(statement):
        piece = PRONOUN_SUBJECT.sub("", piece.strip(" ,")) if subject else piece  # the sentence's subject goes on
        clause = Clause(piece.strip(" ,"), group=group, part=number)
        _declaration(clause)
        # "..., and takes place in one arena": a verb the sentence goes on with, no subject `take`
        goes_on = subject and re.match(rf"^(?:also\s+)?(?:{CONTINUING_VERB})\b", clause.text, re.I)
        if not clause.subject and not goes_on:
            clause.subject = head_subject(clause.text)
        if not clause.subject and subject and re.match(rf"^(?:also\s+)?(?:{CONTINUING_VERB}|[a-z]+s)\b", clause.text, re.I):
            clause.subject = subject  # "..., and is flown by one airplane": the sentence's subject goes on
            _declaration(clause, inherited=True)
        subject = clause.subject or subject
        clauses.append(clause)
    return clauses


# "we keep the address, the parish and its land registry title number, which identifies it"
IDENTIFIES_IT = re.compile(r"^which\s+(?:uniquely\s+)?identifies\s+(?:it|them|each\s+one)$", re.I)


def _identifier_said_after(clause: Clause) -> None:
    """The item a listed 'which identifies it' follows is the clause's identifier."""
    for i, item in enumerate(clause.items[1:], 1):
        if IDENTIFIES_IT.match(item.strip()):
            clause.identifier = [clean_phrase(clause.items[i - 1])]
            clause.items = clause.items[:i - 1] + clause.identifier + clause.items[i + 1:]
            return


def _declaration(clause: Clause, inherited: bool = False) -> None:
    text = clause.text
    event = EVENT_RE.match(text)
    if event and singular(event.group("verb")) not in (event.group("x").lower(), event.group("y").lower()):
        # "when a buyer purchases a listing, we keep the date": a purchase, of the buyer and the listing
        clause.subject = singular(event.group("verb"))
        clause.items = [f"the {event.group('x')}", f"the {event.group('y')}"] + split_items(event.group("rest"))
        return
    for pattern in (FOR_EACH_RE, POSSESSIVE_RE):
        m = pattern.search(text)
        if m and (pattern is POSSESSIVE_RE or m.group("each") or is_plural(m.group("np").split()[-1])):
            clause.subject = singular_phrase(clean_phrase(m.group("np")))
            clause.items = split_items(m.group("rest"))
            _identifier_said_after(clause)
            return
    ident = IDENTIFIED_RE.search(text)
    if ident:
        # "... housed in a kennel, which is identified by a kennel number": the noun before 'which'
        subject = clause.subject if inherited else subject_before(RELATIVE_TAIL.sub("", text[:ident.start()]))
        if subject:
            clause.subject = subject
            rest = text[ident.end():]
            first, _, more = rest.partition(" and has ")
            first = re.sub(WITHIN_ONE + "$", "", first, flags=re.I)  # the number, not the hotel it is unique in
            clause.identifier = [clean_phrase(i) for i in split_items(first)]
            clause.items = clause.identifier + (split_items(more) if more else [])
            return
    m = DECLARE_RE.search(text)
    if m is None:
        return
    before, rest = text[:m.start()], m.group("rest")
    verb = text[m.start():m.start("rest")].strip().lower()
    if verb in ("has", "have", "had") and re.match(r"no\s+(?!more\b|fewer\b|less\b)", rest, re.I):
        return  # "senior members have no mentor": what a thing lacks is nothing it has
    subject = clause.subject if inherited else subject_before(before.rstrip(" ,"))
    located = LOCATED.search(before)
    if located and not inherited:  # "every transaction on an account has ...": a pair-like subject
        subject = f"{singular_phrase(clean_phrase(located.group('a')))} {located.group('p').lower()} a {clean_phrase(located.group('b'))}"
    kind = IS_A.match(before) if verb == "with" else None
    if kind:  # "organisers are companies with ...": organiser; "directors and actors are people with ...": person
        kinds = [singular_phrase(clean_phrase(x)) for x in split_items(kind.group("xs"))]
        subject = kinds[0] if len(kinds) == 1 else subject
        clause.aliases = kinds if len(kinds) > 1 else []
    described = OBJECT_WITH.match(rest) if verb != "with" else None
    if described:  # "the menu lists dishes with a name and a price": the dishes are described
        subject, rest = singular_phrase(clean_phrase(described.group("np"))), described.group("rest")
    elif verb == "with" and before.rstrip().endswith(",") and not is_plural(before.rstrip(" ,").split()[-1]):
        subject = clause.subject or head_subject(before)  # "each reservation is for one room, with a date"
    elif verb == "with" and (passive := PASSIVE_SUBJECT.match(before.strip())) and not inherited:
        subject = singular_phrase(clean_phrase(passive.group("np")))  # "payments are made for an order with an amount"
        rest = f"{passive.group('object')}, {rest}"  # and refer to the order
    if subject and len(before.rsplit(",", 1)[-1].split()) <= 6:
        clause.subject = subject
        clause.items = split_items(rest)
        _identifier_said_after(clause)
