"""Words to identifiers and types: singular snake_case names and the SQL type an attribute's
name implies ("date of birth" is a DATE, "unit price" a DECIMAL, "whether paid" a BOOLEAN).

Why by name: a requirement states what is stored, rarely how; the name is the evidence the
rule designer has, and LLM designs are checked against the same table (bench: data types).
"""

from __future__ import annotations

import re

from text2db.schemas.design import ColumnType

IRREGULAR = {"people": "person", "children": "child", "men": "man", "women": "woman", "staff": "staff",
             "data": "data", "media": "media", "series": "series", "species": "species", "feet": "foot",
             "movies": "movie", "cookies": "cookie", "calories": "calorie", "zombies": "zombie", "rookies": "rookie"}
KEEP_S = ("ss", "us", "is", "ous")
# fields of study and skill named in "-ics" are singular ("statistics", "logistics"); the others
# are plurals of a noun in "-ic" ("mechanics", "clinics", "topics")
FIELDS_IN_ICS = {"physics", "mathematics", "statistics", "economics", "politics", "ethics", "electronics", "logistics",
                 "graphics", "athletics", "genetics", "genomics", "acoustics", "aerobics", "gymnastics", "linguistics",
                 "robotics", "analytics", "dynamics", "optics", "ceramics", "informatics", "aesthetics", "aeronautics",
                 "avionics", "forensics", "obstetrics", "paediatrics", "pediatrics", "orthopaedics", "orthopedics",
                 "geriatrics", "orthodontics", "ergonomics", "semantics", "phonetics", "hydraulics", "pneumatics",
                 "mechatronics", "thermodynamics", "electrics", "basics", "olympics", "tactics"}


def singular(word: str) -> str:
    """'categories' -> 'category', 'addresses' -> 'address', 'buses' -> 'bus'; singulars unchanged."""
    w = word.lower()
    if w in IRREGULAR:
        return IRREGULAR[w]
    if len(w) <= 3 or w.endswith(KEEP_S) or not w.endswith("s") or w in FIELDS_IN_ICS:
        return w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "shes", "ches", "xes", "zzes", "tzes")):  # 'sizes', 'prizes': a size, a prize
        return w[:-2]
    return w[:-1]


def is_plural(word: str) -> bool:
    w = word.lower()
    return w in IRREGULAR and IRREGULAR[w] != w or singular(w) != w


def snake(text: str) -> str:
    """A plain lowercase identifier from words: 'Date of Birth' -> 'date_of_birth'."""
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", text.strip())
    s = re.sub(r"[^A-Za-z0-9]+", "_", s).strip("_").lower()
    s = re.sub(r"_+", "_", s)
    if not s:
        return "unnamed"
    return ("n_" + s if s[0].isdigit() else s)[:63]


def singular_phrase(text: str) -> str:
    """The phrase with its last word singular: 'crew members' -> 'crew member'."""
    parts = text.split()
    return " ".join(parts[:-1] + [singular(parts[-1])]) if parts else text


BOOLEAN_WORDS = {"paid", "completed", "attended", "scanned", "active", "vegetarian", "verified", "approved",
                 "available_flag", "deleted", "cancelled", "canceled", "enabled", "confirmed", "flag", "valid",
                 "refunded", "returned_flag", "published_flag", "insured", "married", "smoker", "member_flag"}
TEXT_NUMBERS = ("phone", "telephone", "mobile", "fax", "licence", "license", "registration", "serial", "card",
                "account", "passport", "isbn", "social", "security", "insurance", "ticket", "flight", "seat", "tax",
                "vat", "tracking", "plate", "postal", "zip", "bank", "iban", "identity", "id_card", "national",
                "health", "policy", "invoice", "order_ref", "reference", "contact")
MONEY = {"price", "cost", "amount", "salary", "fee", "fees", "balance", "budget", "premium", "revenue", "payment",
         "wage", "income", "fare", "charge", "total", "value", "deposit", "rent", "tuition", "discount", "tax_amount",
         "commission", "bonus", "expense", "expenses", "fine", "penalty", "paid"}
REALS = {"weight", "height", "length", "width", "depth", "distance", "area", "load", "temperature", "percentage",
         "percent", "ratio", "latitude", "longitude", "hours", "volume", "size", "speed", "rate", "gpa", "kg",
         "kilograms", "km", "kilometres", "kilometers", "hectares", "metres", "meters", "tonnes", "tons", "litres",
         "liters", "mileage_km", "bmi", "dose_mg", "average"}
INTEGERS = {"count", "quantity", "capacity", "age", "year", "seats", "rank", "ranking", "minutes", "seconds",
            "duration", "floor", "position", "stock", "beds", "bedrooms", "occupancy", "mileage", "credits",
            "stars", "rating", "goals", "points", "score", "level", "days", "nights", "pages", "edition",
            "population", "round", "minute", "order", "sequence", "seed", "grade_level", "copies", "members",
            "episode", "season", "attendance", "views", "likes", "calories", "servings", "week", "month",
            "semester_number", "priority_number", "confidence"}
DATES = {"date", "birthday", "dob", "deadline", "expiry", "day", "birthdate"}
TIMES = {"time", "timestamp", "datetime", "at", "hour"}


def column_type(name: str) -> ColumnType:
    """The SQL type an attribute's snake_case name implies; TEXT when nothing does."""
    words = name.split("_")
    last = words[-1]
    if words[0] in ("is", "has", "whether", "can") or name in BOOLEAN_WORDS or last == "flag":
        return "BOOLEAN"
    if last in ("id", "identifier") or name.endswith("_id"):
        return "INTEGER"
    if "number" in words and words[0] in ("number", "num") or name.startswith("number_of"):
        return "INTEGER"
    if last in ("number", "no", "num"):
        return "TEXT" if any(w in TEXT_NUMBERS for w in words) else "INTEGER"
    if last in ("year", "years") or "year" in words and last in ("built", "founded", "established", "made"):
        return "INTEGER"
    if last in DATES or "date" in words or name in ("date_of_birth", "birth_date"):
        return "DATE"
    if last in TIMES or name.endswith(("_time", "_at")) or "timestamp" in words:
        return "TIMESTAMP"
    if last in MONEY or any(w in MONEY for w in words[-2:]) and last not in ("rate", "type", "method", "currency"):
        return "DECIMAL"
    if last in REALS or any(w in REALS for w in words[1:]):
        return "REAL"
    if last in INTEGERS or words[0] in ("number", "count", "total_number", "num"):
        return "INTEGER"
    return "TEXT"


SPELLING = [(re.compile(p), r) for p, r in ((r"(.)\1", r"\1"), (r"our", "or"), (r"is(e|ing|ation)", r"iz\1"),
                                              (r"ys(e|ing)", r"yz\1"), (r"ence$", "ense"), (r"tre$", "ter"),
                                              (r"ogue$", "og"))]


def spelling_key(word: str) -> str:
    """One key for a word's British and American spellings: 'enrolment' and 'enrollment',
    'licence' and 'license', 'colour' and 'color', 'catalogue' and 'catalog' share it."""
    key = word.lower()
    for pattern, replacement in SPELLING:
        key = pattern.sub(replacement, key)
    return key


def respelled(identifier: str, spellings: dict[str, str]) -> str:
    """`identifier` with each word spelled as in `spellings` (spelling_key -> the requirement's
    word) where it differs only in spelling: a table the requirement calls 'enrolment' is not
    named 'enrollment' by a model that learned American English."""
    words = identifier.split("_")
    return "_".join(spellings.get(spelling_key(w), w) if len(w) >= 5 else w for w in words)


def requirement_spellings(requirement: str) -> dict[str, str]:
    """spelling_key -> the word as the requirement spells it (words of five letters or more)."""
    return {spelling_key(w): w for w in re.findall(r"[a-z]{5,}", requirement.lower())}


def nominalizations(verb: str) -> set[str]:
    """The nouns English derives from `verb` (any inflection) by its regular suffixes: 'applies'
    -> application, 'enter' -> entry, 'rate' -> rating, 'enrols' -> enrolment, 'rents' -> rental.

    Why: a requirement often states a relationship with a verb and then names its rows with the
    verb's noun ("a candidate applies to openings: for each application we keep the date"); the
    noun's table, not a reference between the verb's subject and object, is the relationship.
    Over-generation is harmless: a candidate counts only where it is an entity of the design."""
    w = verb.lower()
    lemmas = {w, singular(w)}  # 'books' may be the verb 'book' or a verb ending in s ('focus')
    nouns: set[str] = set()
    for lemma in (x for x in lemmas if len(x) >= 3):
        stem = lemma[:-1] if lemma.endswith("e") else lemma  # reserve -> reserv(ation), rate -> rat(ing)
        for base in {lemma, stem}:
            nouns |= {base + s for s in ("ion", "ation", "ment", "ing", "al", "ance", "ence", "ure")}
        nouns.add(lemma + lemma[-1] + "ing")  # plan -> planning
        if lemma.endswith("y"):
            nouns.add(lemma[:-1] + "ication")  # apply -> application
        if lemma.endswith("er"):
            nouns |= {lemma[:-2] + "ry", lemma + "y", lemma[:-2] + "ration"}  # entry, delivery, registration
        if lemma.endswith("l"):
            nouns.add(lemma + "lment")  # enrol -> enrollment
        if lemma.endswith("scribe"):
            nouns.add(lemma[:-2] + "ption")  # subscribe -> subscription
        if lemma.endswith("de"):
            nouns.add(lemma[:-2] + "sion")  # decide -> decision
        if lemma.endswith("t"):
            nouns.add(lemma[:-1] + "ssion")  # admit -> admission
    return nouns - {w}
