"""What kind of thing a document is about: the NER label of its first sentence's subject.

A document's first sentence names its subject first ("Joyce Godenzi (born 1965) is a former
actress...", "The Kungliga Hovkapellet is a Swedish orchestra..."). The label spaCy gives that
name (PERSON, ORG, GPE, WORK_OF_ART...) says which table the document's main entity would be
written to, when a job's plan declares the NER labels of its tables' rows (`TablePlan.entity_types`).
Only the packaged small pipeline's NER runs (no tagger or parser), on the first sentence cut to
`chars` characters: about 5 ms per document on the 2-core machine."""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Any

from text2db.routing.encoder import SENTENCE_END

# What may precede the subject's name: quotes, brackets, an article.
LEAD_IN = re.compile(r"^[\W_]*(?:(?:the|a|an)\s+)?", re.IGNORECASE)
_lock = threading.Lock()
OTHER_COMPONENTS = ["tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "senter"]


@lru_cache(maxsize=1)
def _ner() -> Any:
    from text2db.extractors.models import SPACY_PIPELINE, import_spacy

    # In the small pipeline NER has its own embedding layer: everything else can go.
    return import_spacy().load(SPACY_PIPELINE, exclude=OTHER_COMPONENTS)


def first_sentence(text: str, chars: int) -> str:
    text = " ".join(text.split())
    return SENTENCE_END.split(text, maxsplit=1)[0][:chars]


def subject_of(doc: Any) -> str | None:
    """The label of the entity the sentence starts with (after quotes or an article), else None."""
    start = LEAD_IN.match(doc.text).end()  # type: ignore[union-attr]
    for ent in doc.ents:
        if ent.start_char <= start + 1:
            return str(ent.label_)
        break
    return None


def subject_labels(texts: list[str], chars: int = 120) -> list[str | None]:
    """One label (or None) per text: what its first sentence's subject is."""
    if not texts:
        return []
    with _lock:
        docs = list(_ner().pipe([first_sentence(t, chars) for t in texts], batch_size=64))
    return [subject_of(d) for d in docs]
