"""Each tool on real sentences with the real packaged models (spaCy en_core_web_sm, MiniLM)."""

from __future__ import annotations

from text2db.extractors import classifier, relations
from text2db.extractors.entities import find_entities, parse
from text2db.extractors.spans import SpanRules
from text2db.schemas.plan import ColumnPlan

KHARE = (
    "Amandeep Narayan Khare (born 5 August 1997, Durg, Madhya Pradesh now Chhattisgarh) is an Indian cricketer "
    "who plays for Chhattisgarh cricket team. He made his first-class debut for Chhattisgarh on 6 October 2016."
)
ANGELL = (
    "Henrik August Angell (22 August 1861 – 26 January 1922) was a Norwegian military officer, sportsman, and writer. "
    "Henrik Angell was born at Luster in Sogn og Fjordane and grew up in Bergen, Norway. He received an education at "
    "the Norwegian Military Academy and entered the Norwegian Army. He died during 1922 in Kristiania (now Oslo), Norway."
)
SONG = (
    '" Blank Page " is a song recorded by American singer-songwriter Christina Aguilera, taken from her seventh studio '
    "album, Lotus (2012). It was written by Aguilera, Chris Braide and Sia Furler, with production done by Braide."
)
COMPANY = (
    "Shihlin Electric and Engineering Corporation is a company based in Taipei, Taiwan, which manufactures electrical "
    "transformers. Shihlin Electric was founded in 1955."
)


def _kinds(*names: str) -> dict[str, relations.RelationKind]:
    return {n: relations.BY_NAME[n] for n in names}


def _values(text: str, kind: str, columns: dict[str, relations.RelationKind]) -> dict[tuple[str, str], str]:
    parsed = parse(text)
    ents = find_entities(parsed, kind)
    best: dict[tuple[str, str], tuple[float, str]] = {}
    for c in SpanRules(parsed, ents, kind).predict(columns):
        assert text[c.value.start:c.value.end] == c.value.text  # every value is a span of the text
        if c.confidence > best.get((c.entity, c.column), (0.0, ""))[0]:
            best[(c.entity, c.column)] = (c.confidence, c.value.text)
    return {k: v for k, (_, v) in best.items()}


def test_main_subject_follows_a_phrase_the_sentence_opens_with() -> None:
    assert parse("Born in Eastwick on 9 August 1938, Marta Vell is a left-handed player.").main[0][0].text == "Marta Vell"
    assert parse("In 1993, Marta Vell was a finalist in Hamburg.").main[0][0].text == "Marta Vell"
    assert parse("Marta Vell, born in Eastwick, is a player.").main[0][0].text == "Marta Vell"


def test_main_subject_is_typed_by_its_predicate() -> None:
    assert parse(KHARE).main[0][0].text == "Amandeep Narayan Khare"
    assert parse(KHARE).main[0][1] == "person"
    assert parse(SONG).main[0][1] == "work"
    assert parse(COMPANY).main[0][1] == "organization"


def test_person_mentions_group_under_the_full_name() -> None:
    ents = find_entities(parse(ANGELL), "person")
    assert ents[0].name == "Henrik August Angell" and ents[0].main
    assert {m.text for m in ents[0].mentions} >= {"Henrik August Angell", "Henrik Angell"}


def test_work_titles_in_quotes_and_after_work_nouns() -> None:
    names = [e.name for e in find_entities(parse(SONG), "work")]
    assert names[0] == "Blank Page"
    assert "Lotus" in names


def test_lifespan_birth_place_citizenship() -> None:
    got = _values(KHARE, "person", _kinds("birth", "birth_place", "citizenship", "death"))
    assert got[("Amandeep Narayan Khare", "birth")] == "5 August 1997"
    assert got[("Amandeep Narayan Khare", "birth_place")] == "Durg"
    assert got[("Amandeep Narayan Khare", "citizenship")] == "Indian"
    assert ("Amandeep Narayan Khare", "death") not in got


def test_dates_places_and_school_of_a_person() -> None:
    got = _values(ANGELL, "person", _kinds("birth", "death", "death_place", "educated_at"))
    name = "Henrik August Angell"
    assert got[(name, "birth")] == "22 August 1861"
    assert got[(name, "death")] == "26 January 1922"
    assert got[(name, "death_place")] == "Kristiania"
    assert got[(name, "educated_at")] == "Norwegian Military Academy"


def test_relations_of_a_work() -> None:
    got = _values(SONG, "work", _kinds("performer", "composer", "released"))
    assert got[("Blank Page", "performer")] == "Christina Aguilera"
    assert got[("Blank Page", "composer")] == "Aguilera"
    assert got[("Lotus", "released")] == "2012"


def test_organization_founded_headquarters_country() -> None:
    got = _values(COMPANY, "organization", _kinds("founded", "headquarters", "country"))
    name = "Shihlin Electric and Engineering Corporation"
    assert got[(name, "founded")] == "1955"
    assert got[(name, "headquarters")] == "Taipei"
    assert got[(name, "country")] == "Taiwan"


def test_columns_resolve_by_name_or_by_question_similarity() -> None:
    assert relations.resolve(ColumnPlan(name="birth_place", tool="relation", question="x")).name == "birth_place"
    by_question = ColumnPlan(name="col7", tool="relation", question="the film's director")
    assert relations.resolve(by_question).name == "director"
    assert relations.resolve(ColumnPlan(name="col8", tool="attribute", question="shoe size in millimetres")) is None


def test_label_classifier_picks_the_closest_label() -> None:
    text = "The striker scored twice in the cup final and the club won the league title."
    pred = classifier.predict(text, ["football", "politics", "cooking"])
    assert pred.label == "football"
    assert 0.0 < pred.confidence <= 1.0
    other = classifier.predict("The senate passed the budget bill after a long debate.", ["football", "politics", "cooking"])
    assert other.label == "politics"


def test_spacy_loads_without_importing_torch_and_torch_stays_importable() -> None:
    """A consumer's startup does not pay thinc's torch import (extractors.models.import_spacy);
    the span model can still import torch afterwards. A fresh interpreter: this one may hold torch."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from text2db.extractors.models import spacy_pipeline\n"
        "doc = spacy_pipeline()('Henrik Angell was born at Luster in Norway.')\n"
        "print(' '.join(sorted(e.label_ for e in doc.ents)))\n"
        "print('torch' in sys.modules)\n"
        "import torch\n"
        "print(int(torch.tensor([2, 3]).sum()))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    labels, torch_loaded, total = result.stdout.splitlines()
    assert "PERSON" in labels.split() and "GPE" in labels.split()
    assert torch_loaded == "False"
    assert total == "5"
