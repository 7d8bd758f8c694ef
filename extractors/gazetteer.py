"""Gazetteer: the existing rows a filling table (only_existing_rows) still has gaps in, found in the text.

For data infilling and column addition the rows already exist, so their keys are the entities to
look for. `load_keys` reads, once per plan, the keys of rows with a NULL in a planned column
(identifiers from the reflected schema only, at most MAX_KEYS); `find` locates each key in a
document: exactly, case-folded, with the spacing of hyphens, apostrophes and brackets folded
("Slaughterhouse - Five" finds "Slaughterhouse-Five", "Do n't" finds "Don't"), for people,
by a surname no other key shares ("Puskás" for "Ferenc Puskás"), and a key written "Name,
Qualifier" by its name followed by its qualifier in the sentence ("Abilene, Jones County, Texas"
for "Abilene, Texas").

A table with more than MAX_KEYS such rows is not loaded at all (`for_table`): `IndexedGazetteer`
asks the database, per document, which of the document's capitalized phrases are keys of rows
with gaps, through the squashed-key index the integrator's linking also uses
(integrators/keyindex.py), so every such row a document names is found at any table size.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from typing import Any

from sqlalchemy import MetaData, Select, Table, bindparam, func, literal_column, or_, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from text2db.extractors.entities import FUNCTION_WORDS, HONORIFICS, Entity, Mention, Parsed, segment_of
from text2db.integrators.countries import is_demonym
from text2db.integrators.link import fold_accents, link_form
from text2db.schemas.plan import TablePlan

log = logging.getLogger(__name__)
MAX_KEYS = 50_000
_TOKEN = re.compile(r"\w+|[^\w\s]")
_ROMAN = re.compile(r"^[IVXLC]+$")
_APOSTROPHES = "'’`"


def _gap_query(engine: Engine, table: TablePlan) -> Select[Any] | None:
    """SELECT key FROM the table WHERE a planned column is NULL (identifiers reflected)."""
    if len(table.key) != 1:
        return None
    try:
        target = Table(table.table, MetaData(), autoload_with=engine)
    except SQLAlchemyError as exc:
        log.info("gazetteer: cannot reflect %s: %s", table.table, exc)
        return None
    if table.key[0] not in target.c:
        return None
    planned = [c.name for c in table.columns if c.name not in table.key]
    query = select(target.c[table.key[0]])
    if planned and all(name in target.c for name in planned):
        query = query.where(or_(*[target.c[name].is_(None) for name in planned]))
    return query


def load_keys(engine: Engine, table: TablePlan, limit: int = MAX_KEYS) -> list[str]:
    """Keys of the table's rows that have a NULL in a planned column (every row when a planned
    column does not exist yet: column addition before its migration), at most `limit`."""
    query = _gap_query(engine, table)
    if query is None:
        return []
    try:
        with engine.connect() as conn:
            rows = conn.execute(query.limit(limit)).scalars().all()
    except SQLAlchemyError as exc:
        log.info("gazetteer: cannot read %s: %s", table.table, exc)
        return []
    return sorted({str(r).strip() for r in rows if r is not None and str(r).strip()})


def key_pattern(key: str) -> re.Pattern[str] | None:
    """A pattern for the key with the spacing around punctuation optional and apostrophes alike."""
    toks = _TOKEN.findall(key)
    if not toks or not any(t[0].isalnum() for t in toks):
        return None
    parts = []
    for i, tok in enumerate(toks):
        if i:
            prev = toks[i - 1]
            word_pair = prev[0].isalnum() and tok[0].isalnum()
            contraction = tok == "n" and i + 1 < len(toks) and toks[i + 1] in _APOSTROPHES  # "Do n't"
            parts.append(r"\s+" if word_pair and not contraction else r"\s*")
        if tok in _APOSTROPHES:
            parts.append(f"[{_APOSTROPHES}]")
        elif tok in "-–—":
            parts.append(r"[-–—]")
        else:
            parts.append(re.escape(tok))
    flags = re.I if len(key) >= 4 else 0
    return re.compile(r"(?<!\w)" + "".join(parts) + r"(?!\w)", flags)


class Gazetteer:
    """The keys of one table and their patterns, compiled once per plan."""

    def __init__(self, keys: list[str], person: bool = False, kind: frozenset[str] = frozenset()) -> None:
        self.patterns = [(k, max(re.findall(r"\w+", fold_accents(k).casefold()), key=len), p)
                         for k in sorted(keys, key=len, reverse=True) if (p := key_pattern(fold_accents(k)))]
        self.surnames: dict[str, str] = {}
        if person:
            counts: dict[str, list[str]] = {}
            for key in keys:
                words = key.split()
                last = words[-1] if len(words) >= 2 else ""
                if len(last) >= 3 and last[0].isupper() and not _ROMAN.match(last) and last.lower() not in HONORIFICS:
                    counts.setdefault(last, []).append(key)
            self.surnames = {w: ks[0] for w, ks in counts.items() if len(ks) == 1}
        self.qualified = _qualified_heads(keys)
        self.bracketed, self.names = _bracketed_heads(keys), _designated_names(keys)
        self.numbered = _numbered_series(keys)
        self.kind = kind

    def find(self, text: str) -> dict[str, list[Mention]]:
        """key -> its mentions in `text`; a longer key's span is never claimed by a shorter one."""
        taken: list[tuple[int, int]] = []
        found: dict[str, list[Mention]] = {}

        def claim(key: str, a: int, b: int) -> None:
            if not any(a < y and x < b for x, y in taken):
                taken.append((a, b))
                found.setdefault(key, []).append(Mention(a, b, text[a:b]))

        folded = fold_accents(text)  # "Miguel Indurain" names the row "Miguel Induráin"; offsets are the text's
        words = set(re.findall(r"\w+", folded.casefold()))
        for key, probe, pattern in self.patterns:
            if probe not in words:  # a set lookup spares most of 50k regex scans
                continue
            for m in pattern.finditer(folded):
                claim(key, m.start(), m.end())
        for m in re.finditer(r"(?<![\w\-])[^\W\d_][\w\-]*(?:['’][A-Z][\w\-]*)?(?![\w\-])", text):  # "O'Brien", not "Puskás's"
            key = self.surnames.get(m.group(0))
            if key is not None and not _inside_another_name(text, m.start(), m.end()):
                claim(key, m.start(), m.end())
        for head, (key, qualifier) in self.qualified.items():  # "Abilene, Jones County, Texas" names "Abilene, Texas"
            for m in re.finditer(rf"(?<![\w-]){re.escape(head)}(?![\w-])(?!\s+[A-Z])", text):  # not "Abilene Regional Airport"
                sentence = re.split(r"[.!?\n]", text[m.end():m.end() + QUALIFIER_REACH])[0]
                if re.search(rf"(?<!\w){re.escape(qualifier)}(?!\w)", sentence):
                    claim(key, m.start(), m.end())
        for head, qualified in self.bracketed.items():  # "Dvořák's Symphony No. 9" names "Symphony No. 9 (Dvořák)"
            for m in head.finditer(text):
                near = text[max(0, m.start() - QUALIFIER_REACH):m.end() + QUALIFIER_REACH]
                near_words = set(re.findall(r"\w+", near.casefold()))
                fitting = [key for key, qualifier in qualified if _words(qualifier) <= near_words]
                if len(fitting) == 1:
                    claim(fitting[0], m.start(), m.end())
        for name, key in self.names.items():  # "Comet Swift–Tuttle" names "109P/Swift–Tuttle"
            for m in name.finditer(text):
                if not _inside_another_name(text, m.start(), m.end(), self.kind):  # not "A. E. Thatcher"
                    claim(key, m.start(), m.end())
        for pattern, key in self.numbered:  # "the 2014 Eurovision Song Contest", "Eurovision 2012"
            for m in pattern.finditer(folded):
                claim(key, m.start(), m.end())
        return found


def _inside_another_name(text: str, start: int, end: int, own_words: frozenset[str] = frozenset()) -> bool:
    """Whether text[start:end] is part of a longer name: a capitalized word before it that is no
    function word nor one of `own_words` (the table's words: "Comet Thatcher" is the comet), or
    one after it ("David Rockefeller", "Rockefeller Brothers Fund", "Rockefeller's Standard Oil")."""
    prev = re.search(r"([A-Z][\w.]*)\s$", text[max(0, start - 30):start])
    if prev and prev.group(1) not in FUNCTION_WORDS and prev.group(1).casefold() not in own_words:
        return True
    after = text[end:end + 30]
    return bool(re.match(r"\s[A-Z]", after) or re.match(r"['’]s\s[A-Z]", after))


QUALIFIER_REACH = 60  # characters after a name within which its key's qualifier must follow


def _qualified_heads(keys: list[str]) -> dict[str, tuple[str, str]]:
    """head -> (key, qualifier) for keys written "Name, Qualifier" ("Abilene, Texas": the text writes
    "Abilene, Jones County, Texas" or "Abilene in Texas"), where no other key has that head and the
    head is no key itself."""
    heads: dict[str, list[tuple[str, str]]] = {}
    for key in keys:
        parts = [p.strip() for p in key.split(",")]
        if len(parts) == 2 and all(p[:1].isupper() for p in parts) and len(parts[0]) >= 4:
            heads.setdefault(parts[0], []).append((key, parts[1]))
    plain = set(keys)
    return {h: ks[0] for h, ks in heads.items() if len(ks) == 1 and h not in plain}


# Keys in the style of encyclopedia titles: "Symphony No. 9 (Dvořák)" (a name and, in brackets, what
# tells it from others of the name), "109P/Swift–Tuttle" and "C/1861 G1 (Thatcher)" (a catalogue
# code and the name a text uses).
BRACKETED = re.compile(r"^(?P<head>[^()]+?)\s*\((?P<qualifier>[^()]+)\)$")
DESIGNATED = re.compile(r"^[^\s/]*\d[^\s/]*/(?P<name>[^\d/()]+)$")
MIN_NAME_CHARS = 4


def _is_code(text: str) -> bool:
    """A catalogue designation rather than a name: every word holds a digit or is a letter or two."""
    return all(any(c.isdigit() for c in w) or len(w) <= 2 for w in re.findall(r"\w+", text))


def _bracketed_heads(keys: list[str]) -> dict[re.Pattern[str], list[tuple[str, str]]]:
    """head pattern -> [(key, qualifier)] for keys "Head (Qualifier)" whose head is a name and no
    key itself: a text names the row by its head with the qualifier near it ("Camille
    Saint-Saëns's Symphony No. 3"), and the qualifier tells keys of the same head apart."""
    plain = {link_form(k) for k in keys}
    heads: dict[str, list[tuple[str, str]]] = {}
    for key in keys:
        m = BRACKETED.match(key.strip())
        if m and not _is_code(m["head"]) and len(m["head"]) >= MIN_NAME_CHARS and link_form(m["head"]) not in plain:
            heads.setdefault(m["head"], []).append((key, m["qualifier"]))
    return {p: ks for h, ks in heads.items() if (p := key_pattern(h)) is not None}


def _designated_names(keys: list[str]) -> dict[re.Pattern[str], str]:
    """name pattern -> key for keys made of a catalogue code and a name ("109P/Swift–Tuttle",
    "C/1861 G1 (Thatcher)"): texts write the name alone. Only names one key has, and no key is."""
    plain = {link_form(k) for k in keys}
    names: dict[str, list[str]] = {}
    for key in keys:
        m, designated = BRACKETED.match(key.strip()), DESIGNATED.match(key.strip())
        name = m["qualifier"] if m and _is_code(m["head"]) else designated["name"] if designated else None
        if name and len(name.strip()) >= MIN_NAME_CHARS and name.strip()[0].isupper():
            names.setdefault(name.strip(), []).append(key)
    return {p: ks[0] for n, ks in names.items()
            if len(ks) == 1 and link_form(n) not in plain and (p := key_pattern(n)) is not None}


NUMBERED = re.compile(r"^(?P<series>[A-Z][^\d]*?\S)\s+(?P<number>\d{1,4}|[IVXL]+)$")


def _numbered_series(keys: list[str]) -> list[tuple[re.Pattern[str], str]]:
    """(pattern, key) for keys that number a series ("Eurovision Song Contest 2014", "Super Bowl
    XL": two keys or more share the series, the number tells them apart), in the two other ways
    texts write them: a year or number first ("the 2014 Eurovision Song Contest") and the series' first
    word with the number ("Eurovision 2014"), where that first word starts no other series."""
    series: dict[str, list[tuple[str, str]]] = {}
    for key in keys:
        if m := NUMBERED.match(key.strip()):
            series.setdefault(m["series"], []).append((key, m["number"]))
    numbered = {s: ks for s, ks in series.items() if len(ks) >= 2}
    firsts = Counter(fold_accents(s.split()[0]) for s in numbered)
    plain = {link_form(k) for k in keys}
    out: list[tuple[re.Pattern[str], str]] = []
    for name, ks in numbered.items():  # matched in the text with its accents folded, as whole keys are
        whole = key_pattern(fold_accents(name))
        first = fold_accents(name.split()[0])
        short = len(name.split()) > 1 and len(first) >= 4 and firsts[first] == 1 and link_form(first) not in plain
        for key, number in ks:
            if whole is not None and number.isdigit():  # key_pattern's pattern opens with its (?<!\w): the number goes before that
                out.append((re.compile(rf"(?<!\w){re.escape(number)}\s+" + whole.pattern, whole.flags), key))
            if short:
                out.append((re.compile(rf"(?<!\w){re.escape(first)}\s+{re.escape(number)}(?!\w)"), key))
    return out


STOP_WORDS = frozenset({"the", "of", "and", "a", "an"})


def _words(name: str) -> set[str]:
    return {w for w in re.findall(r"\w+", name.casefold()) if w not in STOP_WORDS}


def kind_words(table: str, entity: str) -> frozenset[str]:
    """The words of a table's name and entity ("river"), which a text writes around a row's key."""
    return frozenset(w for n in (table, entity) for w in re.split(r"[\W_]+", n.casefold()) if w)


def _described(name: str, key: str, kind_words: frozenset[str] = frozenset()) -> bool:
    """`name` is the key with only common words around it: "The book Alcatraz Versus the Evil
    Librarians", "the Abilene regional airport" (a finder that took the description into the
    name), or the table's own word capitalized ("The River Severn" for the row "Severn" of
    `river`, `kind_words`). Any other capitalized word outside the key is another name ("Texas
    Rangers"), never this."""
    at = name.casefold().find(key.casefold())
    if at < 0 or len(name) == len(key):
        return False
    before = name[:at].strip()
    if before and is_demonym(before, several_words=True):  # "South African Gary Player": where he is from
        before = ""
    extra = (before + " " + name[at + len(key):]).split()
    return all(w.casefold() in STOP_WORDS or w[:1].islower() or w.casefold() in kind_words for w in extra)


def merge(parsed: Parsed, entities: list[Entity], found: dict[str, list[Mention]], kind: str,
          kind_words: frozenset[str] = frozenset()) -> list[Entity]:
    """Entities with every found key as an entity named by the key. A found entity that is the key
    (same link form), the key described (`_described`; `kind_words`: the table's own words), or
    only ever a part of it ("Puskás", a name spaCy cut short), is folded into it, keeping its
    mentions and whether it is a segment's main subject; any other entity loses the mentions
    inside the key ("Breakout" in "Super Breakout")."""
    out = list(entities)
    for key, mentions in found.items():
        form, words = link_form(key), _words(key)

        def inside(a: Mention) -> bool:
            return any(a.start < b.end and b.start < a.end for b in mentions)

        def belongs(e: Entity) -> bool:
            if link_form(e.name) == form:
                return True
            if all(inside(a) for a in e.mentions) and _described(e.name, key, kind_words):
                return True
            return all(inside(a) for a in e.mentions) and bool(_words(e.name)) and _words(e.name) <= words

        absorbed = [e for e in out if belongs(e)]
        for e in out:
            if not any(e is a for a in absorbed) and any(inside(a) for a in e.mentions):
                kept = [a for a in e.mentions if not inside(a)]
                e.mentions[:] = kept or e.mentions
        merged = {m.start: m for m in mentions}  # the key's own spans first: a cut-short name yields to them
        for m in (m for e in absorbed for m in e.mentions):
            if not any(x.start <= m.start < x.end or m.start <= x.start < m.end for x in merged.values()):
                merged[m.start] = m
        main = next((e for e in absorbed if e.main), None)
        ms = sorted(merged.values(), key=lambda m: m.start)
        ent = Entity(key, kind, ms, main=main is not None, segment=main.segment if main else segment_of(parsed, ms[0].start),
                     confidence=max([0.9] + [e.confidence for e in absorbed]), known=True)
        out = [e for e in out if not any(e is a for a in absorbed)] + [ent]
    return sorted(out, key=lambda e: (not e.main, e.first.start))


def for_table(engine: Engine, table: TablePlan, person: bool = False, create_index: bool = True) -> Gazetteer | IndexedGazetteer:
    """The gazetteer of a filling table: its keys in memory when there are at most MAX_KEYS rows
    with gaps, else one that looks the document's phrases up in the database."""
    keys = load_keys(engine, table, MAX_KEYS + 1)
    if len(keys) <= MAX_KEYS:
        return Gazetteer(keys, person=person, kind=kind_words(table.table, table.entity))
    query = _gap_query(engine, table)
    assert query is not None
    return IndexedGazetteer(engine, query, person=person, create_index=create_index)


MAX_PHRASE_TOKENS = 12  # a key spans at most this many tokens ("Alfred Hitchcock 's Frenzy" is 5)
SURNAME_ROWS = 20  # keys read per surname: more means the surname is not unique
CHUNK = 500  # phrases per query (two parameters each; SQLite allows 32766)
PROBE_STEP = 50  # a query's phrases are padded to a multiple of this: ten query shapes, each built once


def _squash(value: Any) -> Any:
    """lower(replace(x, ' ', '')) with literal constants: the expression of keyindex's index."""
    return func.lower(func.replace(value, literal_column("' '"), literal_column("''")))


def phrases(text: str) -> list[str]:
    """Every run of up to MAX_PHRASE_TOKENS tokens that starts with a word not in lower case
    (names and titles do): the document's candidate keys, spacing as written."""
    tokens = list(_TOKEN.finditer(text))
    found: dict[str, None] = {}
    for i, first in enumerate(tokens):
        head = first.group(0)[0]
        if not head.isalnum() or head.islower():
            continue
        for last in tokens[i:i + MAX_PHRASE_TOKENS]:
            found[re.sub(r"\s+", " ", text[first.start():last.end()])] = None
    return list(found)


class IndexedGazetteer:
    """`Gazetteer.find` for a table too large to load: the keys (of rows with gaps) that the
    document's phrases squash to, read through the squashed-key index, then matched like a
    loaded gazetteer's keys. Person surnames ("Puskás") are looked up through the reversed-key
    index on PostgreSQL (unique among rows with gaps); SQLite finds full names only."""

    def __init__(self, engine: Engine, query: Select[Any], person: bool = False, create_index: bool = True) -> None:
        from text2db.integrators.keyindex import create_indexes, existing_indexes, index_kinds, index_name

        self.engine, self.query, self.person = engine, query, person
        self._phrase_queries: dict[int, Select[Any]] = {}
        self.key: Any = query.selected_columns[0]
        table = self.key.table.name
        with engine.begin() as conn:
            have = existing_indexes(conn, table)
            wanted = {index_name(table, self.key.name, kind) for kind in index_kinds(engine.dialect.name)}
            if not wanted <= have and create_index:
                create_indexes(conn, table, self.key.name)
                have = existing_indexes(conn, table)
        if not wanted <= have:
            log.warning("gazetteer of %s: its key index is missing, every document reads the table", table)
        self.suffixes = index_name(table, self.key.name, "rv") in have

    def keys_in(self, text: str) -> list[str]:
        """Keys of rows with gaps that some phrase of `text` squashes to (up to a leading "The")."""
        found: set[str] = set()
        candidates = phrases(text)
        with self.engine.connect() as conn:
            for start in range(0, len(candidates), CHUNK):
                chunk = candidates[start:start + CHUNK]
                size = -(-len(chunk) // PROBE_STEP) * PROBE_STEP  # the chunk padded with its last phrase
                chunk += chunk[-1:] * (size - len(chunk))
                params = {f"p{i}": v for i, v in enumerate(chunk)} | {f"t{i}": f"The {v}" for i, v in enumerate(chunk)}
                found.update(str(k) for k in conn.execute(self._phrase_query(size), params).scalars())
        return sorted(found)

    def _phrase_query(self, size: int) -> Select[Any]:
        """The query for `size` phrases and their "The" forms, built once per size (a multiple of
        PROBE_STEP): building a squash expression per phrase for every document took half of
        the gazetteer's time on a 1M-row table."""
        if size not in self._phrase_queries:
            probes = [_squash(bindparam(f"{p}{i}")) for p in ("p", "t") for i in range(size)]
            self._phrase_queries[size] = self.query.where(_squash(self.key).in_(probes))
        return self._phrase_queries[size]

    def surnames(self, text: str, taken: set[str]) -> dict[str, str]:
        """Capitalized words of `text` that end exactly one key (of a row with gaps) -> that key."""
        if not (self.person and self.suffixes):
            return {}
        words = {w for w in re.findall(r"(?<![\w\-])[A-Z][\w\-]{2,}", text)
                 if w not in taken and not _ROMAN.match(w) and w.lower() not in HONORIFICS}
        found: dict[str, str] = {}
        with self.engine.connect() as conn:
            for word in sorted(words):
                keys = conn.execute(self.query.where(*self._ends_with(word)).limit(SURNAME_ROWS)).scalars().all()
                exact = [str(k) for k in keys if str(k).endswith(f" {word}")]
                if len(exact) == 1 and len(keys) < SURNAME_ROWS:  # a full list: the surname is unique
                    found[word] = exact[0]
        return found

    def _ends_with(self, word: str) -> list[Any]:
        """Keys whose squashed form ends with the word's: a range of keyindex's reversed index."""
        reverse = func.reverse(_squash(self.key))
        low = func.reverse(_squash(bindparam("w", word)))
        return [reverse.op("~>=~")(low), reverse.op("~<~")(low.op("||")(bindparam("top", "\U0010ffff")))]

    def find(self, text: str) -> dict[str, list[Mention]]:
        keys = self.keys_in(text)
        gazetteer = Gazetteer(keys)
        gazetteer.surnames = self.surnames(text, {w for k in keys for w in k.split()})
        return gazetteer.find(text)
