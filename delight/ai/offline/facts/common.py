"""What every fact extractor shares: clauses, the object of a statement, keys, the fact."""

from __future__ import annotations

import re

from delight.ai.offline.reflection import capitalise, split_sentences
from delight.ai.text import STOPWORDS, clean_text, light_stem, normalise_words
from delight.ai.types import ExtractedFact

TRAILING_FILLER = re.compile(
    r"\s+(a lot|so much|very much|too|as well|anymore|these days|now|right now|really|"
    r"at all|in general|tbh|honestly|btw|lol|haha|tho|though|recently|last (?:year|month|week)"
    r"|(?:a while|\w+ \w+) ago)$",
    re.IGNORECASE,
)
CLAUSE_END = re.compile(
    r",|\s+(?:but|because|though|although|since|so that|so|which|when|while|and that)\s+"
    r"|\s+if (?:that|it) (?:matters|helps)\b",
    re.IGNORECASE,
)
TIME_OF_DAY = re.compile(r"\b(mornings?|evenings?|nights?|afternoons?|early|late|night owl)\b")
TIMED = re.compile(
    r"\b(today|tonight|tomorrow|this (?:morning|afternoon|evening|week|weekend)|later)$", re.I
)
# Who a fact can be about, besides the person: family and people close to them.
RELATIONS = (
    r"wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?|son|daughter|sister|brother|"
    r"mother|mom|mum|father|dad|grandma|grandmother|grandpa|grandfather|grandson|"
    r"granddaughter|aunt|uncle|cousin|nephew|niece|best friend|friend|roommate|flatmate|"
    r"boss|colleague|neighbou?r|mother[- ]in[- ]law|father[- ]in[- ]law|stepson|stepdaughter"
)


_NEEDS_NEXT = frozenset(
    {"in", "on", "at", "to", "for", "of", "with", "by", "from", "before", "after", "the", "a",
     "an", "and", "or", "our", "my", "your", "their", "his", "its"}
)  # fmt: skip


def thing(fragment: str, max_words: int = 8) -> str:
    """The object of a statement: cut at the clause end, drop filler, keep a few words."""
    found = CLAUSE_END.split(fragment, maxsplit=1)[0].strip(" .!?")
    for _ in range(3):
        found = TRAILING_FILLER.sub("", found)
    words = found.split()[:max_words]
    # A cut at `max_words` leaves no word that needs the next ("…our holiday in greece in").
    while len(words) > 1 and words[-1].lower() in _NEEDS_NEXT:
        words.pop()
    return " ".join(words)


def slug(text: str, max_words: int = 5) -> str:
    words = [w for w in normalise_words(text) if w not in STOPWORDS] or normalise_words(text)
    return "_".join(light_stem(w) for w in words[:max_words])


def third_person(fragment: str) -> str:
    """Third-person rewrite of a fragment about the speaker ("my" -> "their")."""
    swaps = {"my": "their", "me": "them", "i": "they", "myself": "themselves", "mine": "theirs",
             "im": "they're", "i'm": "they're", "ive": "they've", "i've": "they've"}  # fmt: skip
    return " ".join(swaps.get(word.lower(), word) for word in fragment.split())


def article(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def clauses(text: str) -> list[str]:
    """Sentences, split again where "…, but I …", "… and I …", "…, so …" start a new thought."""
    found: list[str] = []
    text = re.sub(r"\b(we|they)'ve\b", r"\1 have", text, flags=re.I)
    text = re.sub(r"\b(we|they)'re\b", r"\1 are", text, flags=re.I)
    for sentence in split_sentences(clean_text(text)):
        found.extend(
            part.strip()
            for part in re.split(r",?\s+but\s+|,?\s+and\s+(?=I\b)|,\s+so\s+", sentence)
            if part.strip()
        )
    return found


def fact(
    content: str, tier: str, key: str, confidence: float, *tags: str, value: str = ""
) -> ExtractedFact:
    return ExtractedFact(
        content=capitalise(content.strip()),
        tier=tier,
        key=key,
        confidence=confidence,
        tags=tags,
        value=value.strip(),
    )
