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
        "multiple", "various", "some", "more than one", "lots of", "numerous", "all")
DECLARE = (r"has|have|had|is described by|are described by|is characterized by|are characterized by|"
           r"is characterised by|are characterised by|consists of|consist of|includes|include|comes with|"
           r"is stored with|are stored with|carries|contains the following|with|having|registers with|register with|"
           r"sign up with|signs up with|are registered with|is registered with|is recorded with|are recorded with")
STORE = r"store|stores|record|records|keep|keeps|track|tracks|need|needs|hold|holds|capture|captures|maintain|note|notes|register|save|want to know|want|keep track of|keeps track of|remember|log"
NOT_ENTITY = {"we", "it", "they", "he", "she", "you", "i", "system", "database", "information", "data", "details",
              "detail", "record", "records", "following", "one", "which", "who", "this", "that", "there", "each",
              "every", "both", "either", "time", "date", "name", "number", "type", "list", "set", "way", "example",
              "part", "something", "someone", "anyone", "everyone", "thing", "things", "lot", "kind"}
RELATIVE = re.compile(r"\b(?:who|which|that)\s+(?:is|are)\s+(?:also\s+)?(?:an?\s+|the\s+)?([a-z][a-z -]*?)(?=[,.;]|$| and )")
PRONOUNS = {"they", "it", "he", "she", "we", "them", "him", "her", "its", "their", "you", "was", "were", "is", "are",
            "be", "been", "must", "should", "can", "may", "will", "would", "has", "have", "had", "does", "did"}


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

    def entity(self, name: str) -> Entity:
        if name not in self.entities:
            self.entities[name] = Entity(name)
        return self.entities[name]


def sentences(text: str) -> list[str]:
    text = re.sub(r"\s+", " ", text.replace("\u2019", "'")).strip()
    text = re.sub(r"\([^)]*\)", "", text)  # examples and value lists in parentheses
    text = re.sub(r",?\s*(?:such as|for example|e\.g\.|like)\s+[^,.;]*(?=[,.;])", "", text, flags=re.I)
    text = re.sub(r"\b([a-z]+) and ([a-z]+) ([a-z]+s)\b", _distribute, text, flags=re.I)
    parts = re.split(r"(?<=[.!?;:])\s+(?=[A-Za-z\"'])|\n+|\s*;\s*", text)
    return [p.strip(" .;:") for p in parts if p.strip(" .;:")]


def _distribute(m: re.Match[str]) -> str:
    """'start and end dates' -> 'start date and end date' (a plural head shared by two modifiers)."""
    first, second, head = m.group(1), m.group(2), m.group(3)
    if first.lower() in DETERMINERS or second.lower() in DETERMINERS or first.lower() in PRONOUNS:
        return m.group(0)
    if not is_plural(head) or second.lower() in ("a", "an", "the"):
        return m.group(0)
    one = singular(head)
    return f"{first} {one} and {second} {one}"


def clean_phrase(text: str) -> str:
    words = [w for w in re.findall(r"[a-z][a-z0-9'-]*", text.lower()) if w not in ("'s",)]
    while words and (words[0] in DETERMINERS or words[0] in ("one", "of")):
        words = words[1:]
    return " ".join(w.replace("'s", "") for w in words)


def split_items(text: str) -> list[str]:
    text = re.sub(r"\b(one|zero) or more\b", r"\1_or_more", text, flags=re.I)
    items = re.split(r",\s*(?:and|or)?\s*|\s+and\s+|\s+as well as\s+|\s+or\s+|\s+plus\s+", text)
    return [i.strip() for i in items if i.strip()]


CLAUSE_SPLIT = re.compile(
    r",?\s+(?:and|but|while|whereas|so)\s+(?=(?:each|every|a|an|the)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|are|has|have|can|"
    r"may|must|should|will|belongs|[a-z]+s\s+(?:to|by|in|on|at|for|with|from|into))\b|(?:also\s+)?(?:is|are|has|have|can|may|must|should|will|was|were|does|do|"
    r"belongs|belong|runs|run|works|work|takes|take|gets|get|[a-z]+s\s+(?:to|by|in|on|at|for|with|from|into|one|a|an|"
    r"the|many|several|multiple|exactly|only))\b)", re.I)
DECLARE_RE = re.compile(rf"\b(?:{DECLARE}|records|stores|notes|lists|keeps|holds|contains|includes|is identified by|"
                        rf"are identified by|is known by|are known by)\b\s+(?P<rest>.+)$", re.I)
FOR_EACH_RE = re.compile(rf"^(?:also\s+)?(?:for|of|about)\s+(?:each|every|all|any)\s+(?P<np>[a-z][a-z -]*?)\s*,?\s+"
                         rf"(?:we|the system|you|it)\s+(?:also\s+)?(?:must\s+|need to\s+|want to\s+|will\s+|should\s+)?"
                         rf"(?:{STORE})(?:\s+(?:of|track of))?\s+(?P<rest>.+)$", re.I)
POSSESSIVE_RE = re.compile(rf"\b(?:we|the system)\s+(?:also\s+)?(?:must\s+|need to\s+|want to\s+)?(?:{STORE})(?:\s+of)?\s+"
                           rf"(?:each|every|the|an?)\s+(?P<np>[a-z][a-z -]*?)'s\s+(?P<rest>.+)$", re.I)
IDENTIFIED_RE = re.compile(r"\b(?:is|are)\s+(?:uniquely\s+)?(?:identified|known)\s+by\s+", re.I)
STOP_SUBJECT = {"and", "or", "but", "with", "of", "in", "on", "for", "to", "by", "at", "from", "we", "who", "which",
                "that", "when", "where", "if", "also", "then", "there", "must", "can", "may", "will", "should", ","}


def subject_before(text: str) -> str:
    """The noun phrase (at most three words) that ends `text`: 'Each flight' -> 'flight'."""
    words = re.findall(r"[a-z][a-z0-9'-]*|,", text.lower())
    out: list[str] = []
    for w in reversed(words):
        if w in STOP_SUBJECT or w in DETERMINERS or w in PRONOUNS or len(out) == 3:
            break
        out.insert(0, w.replace("'s", ""))
    phrase = " ".join(out)
    return "" if not phrase or phrase in NOT_ENTITY else singular_phrase(phrase)


@dataclass
class Clause:
    text: str
    subject: str = ""  # entity words, singular
    items: list[str] = field(default_factory=list)  # declared attribute/reference items, raw
    identifier: list[str] = field(default_factory=list)


def read_clauses(requirement: str) -> list[Clause]:
    """Clauses with their subject and, for declarations, their listed items (first pass)."""
    clauses: list[Clause] = []
    for sentence in sentences(requirement):
        subject = ""
        for part in CLAUSE_SPLIT.split(sentence):
            clause = Clause(part.strip(" ,"))
            _declaration(clause)
            if not clause.subject:
                head = re.split(r"\s+(?:is|are|has|have|can|may|must|should|will|was|were|does|do)\b|\s+[a-z]+s\s+"
                                r"(?=to|by|in|on|at|for|with|from|into|one|a|an|the|many|several|exactly)", clause.text,
                                maxsplit=1, flags=re.I)[0]
                clause.subject = subject_before(head) if len(head.split()) <= 5 and head != clause.text else ""
            if not clause.subject and subject and re.match(r"^(?:also\s+)?(?:is|are|has|have|can|may|must|should|"
                                                           r"will|was|were|does|do|[a-z]+s)\b", clause.text, re.I):
                clause.subject = subject  # "..., and is flown by one airplane": the sentence's subject goes on
                _declaration(clause, inherited=True)
            subject = clause.subject or subject
            clauses.append(clause)
    return clauses


def _declaration(clause: Clause, inherited: bool = False) -> None:
    text = clause.text
    for pattern in (FOR_EACH_RE, POSSESSIVE_RE):
        m = pattern.search(text)
        if m:
            clause.subject = singular_phrase(clean_phrase(m.group("np")))
            clause.items = split_items(m.group("rest"))
            return
    ident = IDENTIFIED_RE.search(text)
    if ident:
        subject = clause.subject if inherited else subject_before(text[:ident.start()])
        if subject:
            clause.subject = subject
            rest = text[ident.end():]
            first, _, more = rest.partition(" and has ")
            clause.identifier = [clean_phrase(i) for i in split_items(first)]
            clause.items = clause.identifier + (split_items(more) if more else [])
            return
    m = DECLARE_RE.search(text)
    if m is None:
        return
    subject = clause.subject if inherited else subject_before(text[:m.start()])
    if subject and len(text[:m.start()].split()) <= 6:
        clause.subject = subject
        clause.items = split_items(m.group("rest"))
