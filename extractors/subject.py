"""The entity a document is about, for any table: the general entity finder.

The person/organization/work finder in entities.py knows those kinds; a user's table of
airports, dishes or venues has no prior. A document of a feed is usually about one entity of
the table, named early and as the grammatical subject ("Aarhus Airport is 25 metres above sea
level", "Come to The Wrestlers ...", "A.F.C. Blackpool has 1500 members"). So the candidates are
the document's proper-name runs, scored by being the first sentence's subject, by position, by
looking like the keys already in the table (their last word, length, leading "The"), and against
being a value the plan lists as a label ("English", "riverside").
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from text2db.extractors.entities import FUNCTION_WORDS, PRONOUNS, Entity, Mention, Parsed
from text2db.extractors.reader import PREPOSITIONS, content_words, stem, stems
from text2db.schemas.plan import TablePlan

NAME_JOINERS = {"of", "de", "du", "des", "la", "le", "las", "los", "el", "von", "van", "der", "den", "di", "da", "del", "y",
                "della", "delle", "dei", "degli", "dello", "do", "dos", "das", "e", "al", "bin", "ibn", "zu", "af", "ter",
                "the", "and", "&", "-", ":", "on", "upon", "am", "for",
                "auf", "ob", "im", "zum", "zur", "dem", "sur", "sous", "les", "aux", "en"}  # not "'s": a possessive ends a name,
# nor "in": "<name> in <place>" is two names ("The 25 de Abril Bridge in Lisbon", "Harland and Wolff in Belfast")
_DROP_LEAD = {"the", "a", "an"}
_SUBJECT_DEPS = {"nsubj", "nsubjpass"}


@dataclass(frozen=True)
class KeyShape:
    """What the table's existing keys look like, to prefer mentions of the same shape."""

    last_words: frozenset[str]
    keeps_the: bool
    mean_words: float
    leads: frozenset[str] = frozenset()  # first words several keys share, as written ("A", "1634:")
    lower_tails: bool = False  # several keys are common-noun phrases ("Bacon sandwich", "Beef kway teow")
    # the table's other text columns' values, lower-case: names the rows hold that are no row
    # (the landmark a restaurant is near); the subject finder never takes one for a new row
    values: frozenset[str] = frozenset()
    # last words several of those values share ("war" of "World War I", "Thirty Years' War"): a
    # name ending so is more like a value of theirs than a row, unless keys end so too
    value_tails: frozenset[str] = frozenset()

    @classmethod
    def of(cls, keys: list[str], values: frozenset[str] = frozenset()) -> "KeyShape":
        keys = [k for k in keys if k and k.strip()]
        last = frozenset(k.split()[-1].lower() for k in keys if len(k.split()) > 1)
        # a word ending most keys ("Airport", "Museum") is a shape; a word ending one key is noise
        common = frozenset(w for w in last if sum(1 for k in keys if k.split()[-1].lower() == w) >= max(2, len(keys) // 4))
        keeps_the = any(k.lower().startswith("the ") for k in keys)
        mean = sum(len(k.split()) for k in keys) / len(keys) if keys else 2.0
        firsts = Counter(k.split()[0] for k in keys if len(k.split()) > 1)
        leads = frozenset(w for w, n in firsts.items() if n >= 2)
        lower_tails = sum(1 for k in keys if len(k.split()) > 1 and all(w[:1].islower() for w in k.split()[1:])) >= 2
        values |= {v[4:] for v in values if v.startswith("the ")}  # found as "Portland Arms" where a row holds "The Portland Arms"
        tails = Counter(v.split()[-1] for v in values if len(v.split()) > 1)
        value_tails = frozenset(w for w, n in tails.items() if n >= 2 and w.isalpha()) - common
        return cls(common, keeps_the, mean, leads, lower_tails, values - {k.lower() for k in keys}, value_tails)


def _name_token(tok) -> bool:  # type: ignore[no-untyped-def]
    text = tok.text
    return (text[:1].isupper() or text[:1].isdigit()) and not tok.is_punct or tok.pos_ == "PROPN"


def _joins_name(tok) -> bool:  # type: ignore[no-untyped-def]
    """A name token a joiner may lead on to ("Newcastle upon Tyne"), but no date: "J. C. Jacobsen
    in 1847" and "Carl Gustav Witt on 13 August 1898" end before the joiner."""
    return _name_token(tok) and tok.ent_type_ not in ("DATE", "TIME")


def name_runs(parsed: Parsed, seg_no: int) -> list[tuple[int, int, bool, int]]:
    """(start, end, is_subject, sentence_no) of every capitalized run of the segment's tokens."""
    runs: list[tuple[int, int, bool, int]] = []
    sent_no = 0
    for piece in parsed.pieces:
        if piece.segment != seg_no:
            continue
        for sent in piece.doc.sents:  # type: ignore[attr-defined]
            subject_toks = {t.i for t in sent if t.dep_ in _SUBJECT_DEPS and t.head == sent.root for t in t.subtree}
            toks = list(sent)
            i = 0
            while i < len(toks):
                # a sentence's first word is capitalized anyway: an adjective or verb there is no name
                # ("Located in ..."), unless the recognizer reads it as the first word of a name
                # running on ("Northern Thimble is ...")
                opens_name = toks[i].ent_iob_ == "B" and i + 1 < len(toks) and toks[i + 1].ent_iob_ == "I"
                if not _name_token(toks[i]) or (i == 0 and toks[i].pos_ in ("VERB", "ADJ", "ADV", "AUX")
                                                and toks[i].text not in ("The",) and not opens_name):
                    i += 1
                    continue
                j = i
                while j + 1 < len(toks):
                    if _name_token(toks[j + 1]):
                        j += 1
                    elif toks[j + 1].lower_ in NAME_JOINERS and j + 2 < len(toks) and _joins_name(toks[j + 2]):
                        j += 2
                    elif (toks[j + 1].lower_ in NAME_JOINERS and j + 3 < len(toks) and toks[j + 2].lower_ in NAME_JOINERS
                          and _joins_name(toks[j + 3])):  # "San Sebastián de los Reyes"
                        j += 3
                    elif (j == i + 1 and toks[i].text == "The" and toks[j + 1].text in ("'s", "’s") and j + 2 < len(toks)
                          and _joins_name(toks[j + 2])):  # "The Drover's Arms": a possessive inside a "The" name
                        j += 2
                    else:
                        break
                if all(t.pos_ in ("ADJ", "DET", "PUNCT") or t.lower_ in NAME_JOINERS for t in toks[i:j + 1]):
                    i = j + 1  # "The British-American (director)": a description, not a name
                    continue
                start, end = toks[i].idx, toks[j].idx + len(toks[j].text)
                is_subject = any(t.i in subject_toks for t in toks[i:j + 1])
                runs.append((piece.offset + start, piece.offset + end, is_subject, sent_no))
                i = j + 1
            sent_no += 1
    return runs


# a lone capitalized word that names nothing: a pronoun, or "There is a coffee shop called X"
NOT_NAMES = frozenset({p.capitalize() for p in PRONOUNS} | {"There", "Here", "Such"})


# document_subject's confidence for a name that opens the first sentence as its grammatical subject
# ("Bobby Orr, a defenceman from ..., won ..."): where the finder found that name but no main entity
# (it looks for "X is/was ..."), it is the segment's subject, if no other table of the plan is of
# the finder's kind (`sole_kind`): the company that makes a drug is no drug row
SURE_SUBJECT = 0.85
_OWNER_WORDS = {"of", "for", "at", "from", "by"}  # "MVP of", "Winner for": what comes after owns the first word


def _trim(text: str, start: int, end: int, shape: KeyShape) -> tuple[int, int]:
    window = max(0, start - 40)
    before = re.search(r"(?:^|\s)(\S+)\s+$", text[window:start])
    if before and before.group(1) in shape.leads:  # "1634: | The Bavarian Crisis": the parser split a key's lead off
        start = window + before.start(1)
    words = text[start:end].split()
    while (words and words[0] not in shape.leads and len(words) > 1
           and (words[0].lower() in _DROP_LEAD and not shape.keeps_the or words[0] in FUNCTION_WORDS - {"The"})):
        start += text[start:end].index(words[1])
        words = words[1:]
    inner = next((i for i in range(2, len(words) - 1) if words[i] in shape.leads and words[i].lower() not in _DROP_LEAD
                  and words[i - 1].lower() in _OWNER_WORDS and words[0] not in shape.leads), None)
    if inner is not None:  # "MVP of | Super Bowl XLVII" where keys are "Super Bowl ...": the key starts at its lead
        start += [m.start() for m in re.finditer(r"\S+", text[start:end])][inner]
    span = text[start:end].rstrip(" ,.;:")
    span = re.sub(r"['’]s?$", "", span)
    return start, start + len(span)


# What a column word is of: "the architect of | 3Arena", "the reservoir held back by | Glen Canyon Dam"
_OF = r"(?:of|for|(?:[^\W\d_]+\s+){1,2}by)"
_OWNER_OF = re.compile(rf"([^\W\d_]+)\s+{_OF}\s+(?:the\s+)?$", re.IGNORECASE)
_VALUE_OF = re.compile(rf"^\s*(?:is|was|are|were)\s+(?:also\s+)?the\s+(?:[^\W\d_]+\s+){{0,2}}?([^\W\d_]+)\s+{_OF}\s",
                       re.IGNORECASE)  # "HOK SVE | was the architect of", "Lake Powell | is the reservoir held back by"


def _column_owner(text: str, a: int, b: int, column_stems: frozenset[str]) -> float:
    """+1 for a name that a planned column's words say owns a value ("the architect of 3Arena",
    "the home ground of AFC Fylde"), -1 for the name that is that value ("HOK SVE was the
    architect of ..."), else 0: the row is what the column is *of*, whichever is the subject."""
    if not column_stems:
        return 0.0
    before = _OWNER_OF.search(text[max(0, a - 40):a])
    if before and stem(before.group(1)) in column_stems:
        return 1.0
    after = _VALUE_OF.match(text[b:b + 60])
    if after and stem(after.group(1)) in column_stems:
        return -1.0
    return 0.0


def document_subject(parsed: Parsed, seg_no: int, shape: KeyShape, avoid: set[str],
                     column_stems: frozenset[str] = frozenset()) -> tuple[Mention, float] | None:
    """The segment's main entity mention and a confidence, or None when it names nothing.
    `column_stems`: the words of the table's planned value columns (see _column_owner)."""
    best: tuple[float, Mention] | None = None
    text = parsed.text
    for order, (a, b, is_subject, sent_no) in enumerate(name_runs(parsed, seg_no)):
        a, b = _trim(text, a, b, shape)
        name = text[a:b]
        if name.lower() in avoid or name in FUNCTION_WORDS or name in NOT_NAMES:
            continue
        if re.match(r"-[a-z]", text[b:b + 2]):  # "an Earth-sized planet", "Vienna-born": part of an adjective
            continue
        if not any(w.isalpha() for w in content_words(name)):  # no letters at all, a sentence-initial "In", "5 of 5"
            continue
        lead, _, rest = name.partition(" ")
        if lead.lower() in PREPOSITIONS and (not rest or rest.lower() in avoid):  # "Near Burger King is a pub called X"
            continue
        score = 3.0 * _column_owner(text, a, b, column_stems)
        score += 2.0 if is_subject and sent_no == 0 else 0.8 if is_subject else 0.0
        score += max(0.0, 1.2 - 0.4 * order) + (0.5 if sent_no == 0 else 0.0)
        words = name.split()
        if shape.last_words and words[-1].lower() in shape.last_words:
            score += 1.5
        if words[0] in shape.leads and words[0].lower() not in _DROP_LEAD:  # "Treaty of ..." where keys are "Treaty of ..."
            score += 1.5
        if words[-1].lower() in shape.value_tails:
            score -= 1.5
        score -= 0.3 * max(0.0, abs(len(words) - shape.mean_words) - 1)
        if any(w.lower() in avoid for w in words) and len(words) <= 2:
            score -= 1.0
        if best is None or score > best[0]:
            best = (score, Mention(a, b, name))
    if best is None or best[0] < 0.5:
        return None
    return best[1], min(0.9, 0.45 + 0.12 * best[0])


def key_shape(engine, table) -> KeyShape:  # type: ignore[no-untyped-def]
    """The shape of a table's existing keys, and its other text columns' values, from a bounded
    sample of its rows."""
    from sqlalchemy import MetaData, Table, select
    from sqlalchemy.exc import SQLAlchemyError

    try:
        target = Table(table.table, MetaData(), autoload_with=engine)
        texts = [c.name for c in table.columns if c.name not in table.key and c.value_type == "text" and c.name in target.c]
        with engine.connect() as conn:
            rows = conn.execute(select(target.c[table.key[0]], *(target.c[n] for n in texts)).limit(200)).all()
    except (SQLAlchemyError, KeyError):
        rows = []
    values = frozenset(str(v).strip().lower() for row in rows for v in row[1:] if v is not None and str(v).strip())
    return KeyShape.of([str(row[0]) for row in rows if row[0] is not None], values)


def add_subjects(parsed: Parsed, entities: list[Entity], table: TablePlan, shape: KeyShape | None,
                 sole_kind: bool = True) -> list[Entity]:
    """Give every segment where the table's entity finder found no main entity its document
    subject (a main entity of the table). Where the finder found entities of its kind but none
    is main, the subject must be one of them and what a planned column is of (or, with
    `sole_kind`, the first sentence's sure subject): a long article about a film is not a row of a
    person table because it has a subject. Where the finder's main entity is a value of a planned
    column ("The Fylde is the home ground of AFC Fylde"), the name the column is of takes its place.
    A name the table holds as another column's value (a label, or an existing value such as the
    landmark a restaurant is near) is that column's, never a new row's subject."""
    avoid = {v.lower() for c in table.columns if c.name not in table.key for v in (*(c.labels or []), *c.demonstrations)}
    avoid |= shape.values if shape is not None else set()
    column_stems = frozenset(w for c in table.columns if c.name not in table.key for w in stems(c.name.replace("_", " ")))
    text = parsed.text
    added: list[Entity] = []
    for seg_no in range(len(parsed.segment_starts) or 1):
        found_here = [e for e in entities if e.segment == seg_no]
        mains = [e for e in found_here if e.main]
        found = document_subject(parsed, seg_no, shape or KeyShape.of([]), avoid, column_stems)
        if found is None:
            continue
        mention, confidence = found
        same = next((e for e in entities if e.name == mention.text), None)
        owner = _column_owner(text, mention.start, mention.end, column_stems) > 0
        if mains:
            if not owner or same in mains or not all(_column_owner(text, m.first.start, m.first.end, column_stems) < 0 for m in mains):
                continue
            for m in mains:
                m.main = False
        elif found_here and (same is None or not (owner or sole_kind and confidence >= SURE_SUBJECT)):
            continue  # the finder's entity is the subject only where the sentence makes it so beyond doubt
        if same is not None:
            same.main = True
            continue
        ent = Entity(mention.text, "other", [mention], main=True, segment=seg_no, confidence=confidence)
        for m in re.finditer(re.escape(mention.text), text):
            if m.start() != mention.start:
                ent.mentions.append(Mention(m.start(), m.end(), mention.text))
        added.append(ent)
    return sorted(entities + added, key=lambda e: (not e.main, e.first.start))


ROWS_READ_PER_SEGMENT = 2  # a segment naming more rows lists them; its cue words are not about each


def rows_to_fill_are_main(entities: list[Entity]) -> list[Entity]:
    """For a table that only fills existing rows: in a segment whose main entity names no row, the
    rows it names are main entities too. The finders pick what a document is about ("Massimo
    Drago manages A.C. Cesena"), but only a row that exists can take values, so the reader must
    also read around the row's key ("The A.S. Livorno Calcio has 19238 members"). The finder's
    subject stays main: it may still be a row under another form that the integrator links. A
    segment that names many rows (a company's subsidiaries, a cast) is a list, and the reader's
    cue words there would hand one value to every row, so only a segment naming at most
    ROWS_READ_PER_SEGMENT rows gets them."""
    known_main = {e.segment for e in entities if e.known and e.main}
    named = Counter(e.segment for e in entities if e.known)
    for ent in entities:
        if ent.known and ent.segment not in known_main and named[ent.segment] <= ROWS_READ_PER_SEGMENT:
            ent.main = True
    return sorted(entities, key=lambda e: (not e.main, e.first.start))
