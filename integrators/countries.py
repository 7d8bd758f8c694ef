"""Country names in the form databases use ("United States", "Russia", "South Korea").

pycountry knows ISO names and codes but not demonyms or the short common names people write,
so a small alias table covers those; anything else is looked up in pycountry and mapped to its
common name. Unknown input returns None: the caller decides (review, never a guess).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import pycountry

# Demonyms, abbreviations and historical names -> the common name existing rows use.
ALIASES: dict[str, str] = {
    "american": "United States", "u.s.": "United States", "us": "United States", "u.s": "United States",
    "usa": "United States", "u.s.a.": "United States", "united states of america": "United States",
    "america": "United States", "british": "United Kingdom", "uk": "United Kingdom", "u.k.": "United Kingdom",
    "great britain": "United Kingdom", "britain": "United Kingdom", "english": "England", "scottish": "Scotland",
    "welsh": "Wales", "german": "Germany", "french": "France", "italian": "Italy", "spanish": "Spain",
    "russian": "Russia", "soviet": "Soviet Union", "ussr": "Soviet Union", "chinese": "China",
    "japanese": "Japan", "korean": "South Korea", "south korean": "South Korea", "north korean": "North Korea",
    "indian": "India", "pakistani": "Pakistan", "bangladeshi": "Bangladesh", "canadian": "Canada",
    "australian": "Australia", "new zealander": "New Zealand", "irish": "Ireland", "mexican": "Mexico",
    "brazilian": "Brazil", "argentine": "Argentina", "argentinian": "Argentina", "chilean": "Chile",
    "dutch": "Netherlands", "belgian": "Belgium", "swiss": "Switzerland", "austrian": "Austria",
    "swedish": "Sweden", "norwegian": "Norway", "danish": "Denmark", "finnish": "Finland",
    "icelandic": "Iceland", "polish": "Poland", "czech": "Czech Republic", "czechia": "Czech Republic",
    "slovak": "Slovakia", "hungarian": "Hungary", "romanian": "Romania", "bulgarian": "Bulgaria",
    "greek": "Greece", "turkish": "Turkey", "türkiye": "Turkey", "serbian": "Serbia", "croatian": "Croatia",
    "portuguese": "Portugal", "ukrainian": "Ukraine", "israeli": "Israel", "iranian": "Iran",
    "persian": "Iran", "iraqi": "Iraq", "egyptian": "Egypt", "nigerian": "Nigeria", "south african": "South Africa",
    "kenyan": "Kenya", "thai": "Thailand", "vietnamese": "Vietnam", "filipino": "Philippines",
    "philippine": "Philippines", "indonesian": "Indonesia", "malaysian": "Malaysia", "singaporean": "Singapore",
    "taiwanese": "Taiwan", "saudi": "Saudi Arabia", "lebanese": "Lebanon", "syrian": "Syria",
    "afghan": "Afghanistan", "sri lankan": "Sri Lanka", "nepalese": "Nepal", "jamaican": "Jamaica",
    "cuban": "Cuba", "colombian": "Colombia", "peruvian": "Peru", "venezuelan": "Venezuela",
    "scotland": "Scotland", "england": "England", "wales": "Wales", "northern ireland": "Northern Ireland",
    "yugoslav": "Yugoslavia", "yugoslavian": "Yugoslavia", "east german": "East Germany",
    "west german": "West Germany", "soviet union": "Soviet Union", "holland": "Netherlands",
}

# pycountry's ISO names that people (and existing rows) write differently.
COMMON_NAMES: dict[str, str] = {
    "Russian Federation": "Russia", "Korea, Republic of": "South Korea",
    "Korea, Democratic People's Republic of": "North Korea", "Iran, Islamic Republic of": "Iran",
    "Viet Nam": "Vietnam", "Taiwan, Province of China": "Taiwan", "Syrian Arab Republic": "Syria",
    "Bolivia, Plurinational State of": "Bolivia", "Venezuela, Bolivarian Republic of": "Venezuela",
    "Tanzania, United Republic of": "Tanzania", "Moldova, Republic of": "Moldova", "Czechia": "Czech Republic",
    "Türkiye": "Turkey", "Lao People's Democratic Republic": "Laos", "Holy See (Vatican City State)": "Vatican City",
    "Palestine, State of": "Palestine", "Brunei Darussalam": "Brunei", "Macao": "Macau",
}


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).strip().casefold()
    text = re.sub(r"^the\s+", "", text)
    return re.sub(r"\s+", " ", text)


def _common(country: object) -> str:
    name = getattr(country, "common_name", None) or country.name  # type: ignore[attr-defined]
    return COMMON_NAMES.get(name, name)


@lru_cache(maxsize=4096)
def _lookup_one(text: str) -> str | None:
    folded = _fold(text)
    if not folded:
        return None
    if folded in ALIASES:
        return ALIASES[folded]
    for dropped in (folded.rstrip("."), folded.replace(".", "")):
        if dropped in ALIASES:
            return ALIASES[dropped]
    if len(folded) in (2, 3) and text.strip().isupper():
        country = pycountry.countries.get(alpha_2=folded.upper()) or pycountry.countries.get(alpha_3=folded.upper())
        return _common(country) if country else None
    return _by_form().get(folded)


@lru_cache(maxsize=1)
def _by_form() -> dict[str, str]:
    """Every folded form of every country (ISO, common and official names, "Korea, Republic of"
    inverted) -> its common name, built once: a lookup is one dict probe, never a fuzzy search
    over all countries per place word (it cost 14-63 ms a word, half of extraction)."""
    found: dict[str, str] = {}
    for country in pycountry.countries:
        for form in _forms(country):
            found.setdefault(form, _common(country))
    for name, common in COMMON_NAMES.items():  # the names people write win over ISO's
        found[name.casefold()] = common
        found[common.casefold()] = common
    return found


def _forms(country: object) -> set[str]:
    names = [getattr(country, f, "") or "" for f in ("name", "common_name", "official_name")]
    inverted = [f"{b} {a}" for a, _, b in (n.partition(", ") for n in names) if b]
    return {_fold(n) for n in names + inverted}


@lru_cache(maxsize=1)
def _former_countries() -> frozenset[str]:
    """Folded names of countries that no longer exist ("Czechoslovakia", "Yugoslavia", "USSR")."""
    names = {part for c in pycountry.historic_countries for part in (c.name.split(",")[0], getattr(c, "common_name", ""))}
    return frozenset(_fold(n) for n in names if n)


def names_a_former_country(text: str) -> bool:
    """`text` is the name of a country that no longer exists: it says where, as a country does,
    but is no present country's name ("Brno, Czechoslovakia")."""
    return _fold(text) in _former_countries()


def names_a_country(text: str) -> bool:
    """`text` as a whole is a country's name or demonym ("Bulgaria", "Bulgarian", "Irish-American"),
    not a phrase that contains one ("Bulgarian chess player")."""
    return _lookup_one(text) is not None or " " not in text.strip() and country_name(text) is not None


def is_demonym(text: str, several_words: bool = False) -> bool:
    """`text` is a people's or language's adjective ("Dutch", "Mexican"), not a country's name;
    with `several_words`, also one of two words or more ("South African")."""
    word = text.strip()
    if " " in word and not several_words or word.isupper():  # "TK" is a country code (Tokelau), no adjective
        return False
    found = country_name(word)
    return found is not None and _fold(found) != _fold(text)


def country_name(text: str) -> str | None:
    """The common country name `text` refers to, or None when it is not a country we know.

    Compound demonyms ("German-Jewish", "Irish American") try each part, last part first for
    "X American" style nationalities only when the whole does not resolve.
    """
    whole = _lookup_one(text)
    if whole:
        return whole
    parts = [p for p in re.split(r"[-/]|\s+", text) if p.strip()]
    found = [c for c in (_lookup_one(p) for p in parts) if c]
    return found[0] if found and len(set(found)) == 1 else None
