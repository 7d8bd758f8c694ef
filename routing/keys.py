"""Key matching: which existing keys of the jobs' tables a document names.

An entity named in a document that is already a key of a job's table is strong evidence the
document belongs to that job. Exact matches come from a token index (cheap for thousands of
keys); near misses of multi-word names ("Abilene Regional Airport" vs "Abilene regional
airport", a dropped accent or hyphen) from rapidfuzz, only on capitalized runs of the lead."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from rapidfuzz import fuzz, process

WORD = re.compile(r"\w+", re.UNICODE)
NAME_RUN = re.compile(r"(?:[A-Z][\w'’.-]*)(?:\s+(?:of|de|the|and|la|le|du|von|van|[A-Z][\w'’.-]*))*\s*[A-Z0-9][\w'’.-]*|[A-Z][\w'’-]{3,}")
MIN_KEY_CHARS = 4
FUZZY_CUTOFF = 92.0
FUZZY_CHARS = 1000  # near misses are looked for in the document's first characters only (speed)

Owner = tuple[str, str]  # (job, table)


def fold(token: str) -> str:
    """Lower-case ASCII form of a token ('Bucureşti' -> 'bucuresti')."""
    return unicodedata.normalize("NFKD", token).encode("ascii", "ignore").decode().lower()


def normalize(text: str) -> str:
    return " ".join(t for t in (fold(w) for w in WORD.findall(text)) if t)


def usable(key: str) -> bool:
    """Keys too short or purely numeric would match by chance."""
    norm = normalize(key)
    return len(norm) >= MIN_KEY_CHARS and not norm.replace(" ", "").isdigit()


@dataclass(frozen=True)
class KeyHit:
    key: str  # the normalized key
    owners: frozenset[Owner]
    start: int  # character offset of the match in the document


class KeyIndex:
    """All jobs' keys, indexed by their first token; `find` returns the keys a text names."""

    def __init__(self, keys: Iterable[tuple[str, Owner]]) -> None:
        owners: dict[str, set[Owner]] = defaultdict(set)
        for key, owner in keys:
            if usable(key):
                owners[normalize(key)].add(owner)
        self.owners = {k: frozenset(v) for k, v in owners.items()}
        self.by_first: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        for key in self.owners:
            tokens = tuple(key.split())
            self.by_first[tokens[0]].append(tokens)
        self.multiword = [k for k in self.owners if " " in k]

    def __len__(self) -> int:
        return len(self.owners)

    def find(self, text: str, fuzzy: bool = True) -> list[KeyHit]:
        words = [(m.start(), fold(m.group()), m.group()[:1].isupper() or m.group()[:1].isdigit()) for m in WORD.finditer(text)]
        tokens = [w for _, w, _ in words]
        hits: dict[str, KeyHit] = {}
        for i, (start, token, capital) in enumerate(words):
            for cand in self.by_first.get(token, ()):
                if tuple(tokens[i : i + len(cand)]) != cand:
                    continue
                # A key must be written as a name: its first word (after 'the') capitalized.
                first = i + 1 if cand[0] == "the" and len(cand) > 1 else i
                if first < len(words) and words[first][2]:
                    key = " ".join(cand)
                    hits.setdefault(key, KeyHit(key, self.owners[key], start))
        if fuzzy and self.multiword:
            for run in NAME_RUN.finditer(text[:FUZZY_CHARS]):
                norm = normalize(run.group())
                if " " not in norm or norm in hits:
                    continue
                found = process.extractOne(norm, self.multiword, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
                if found is not None and found[0] not in hits:
                    hits[found[0]] = KeyHit(found[0], self.owners[found[0]], run.start())
        return sorted(hits.values(), key=lambda h: h.start)
