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


# Keys of facts said in passing (family named in a story, a hard feeling with its cause):
# kept as memories, but the message was not told to teach them (no "Got it: …").
FAMILY, FEELS = "family:", "feels:"
IN_PASSING = (FAMILY, FEELS)

_NEEDS_NEXT = frozenset(
    {"in", "on", "at", "to", "for", "of", "with", "by", "from", "before", "after", "the", "a",
     "an", "and", "or", "our", "my", "your", "their", "his", "its"}
)  # fmt: skip


def thing(fragment: str, max_words: int = 8) -> str:
    """The object of a statement, in a few words.

    1. Cut at the clause end and drop trailing filler.
    2. Longer than `max_words`: end it before the last phrase that starts within them
       ("learn to swim properly | before our holiday in greece in july"), so no note stops
       mid-phrase ("…leather shoes to wear"); with no such place, "" (nothing kept).
    3. Drop a last word that needs the next ("…our holiday in greece in").
    """
    found = CLAUSE_END.split(fragment, maxsplit=1)[0].strip(" .!?")
    for _ in range(3):
        found = TRAILING_FILLER.sub("", found)
    words = found.split()
    if len(words) > max_words:
        starts = [n for n in range(2, max_words + 1) if words[n].lower() in _PHRASE_STARTS]
        words = words[: starts[-1]] if starts else []
    while len(words) > 1 and words[-1].lower() in _NEEDS_NEXT:
        words.pop()
    return " ".join(words)


# Words that open a phrase hung on what comes before them: a long object ends before one.
_PHRASE_STARTS = frozenset(
    {"before", "after", "for", "in", "on", "at", "by", "with", "so", "because", "when",
     "while", "until", "from", "through", "during", "and", "or", "but", "since", "if", "as",
     "into", "without", "than", "instead"}
)  # fmt: skip


def slug(text: str, max_words: int = 5) -> str:
    words = [w for w in normalise_words(text) if w not in STOPWORDS] or normalise_words(text)
    return "_".join(light_stem(w) for w in words[:max_words])


def third_person(fragment: str) -> str:
    """Third-person rewrite of a fragment about the speaker ("my" -> "their")."""
    swaps = {"my": "their", "me": "them", "i": "they", "myself": "themselves", "mine": "theirs",
             "im": "they're", "i'm": "they're", "ive": "they've", "i've": "they've",
             "our": "their", "we": "they", "us": "them", "ours": "theirs"}  # fmt: skip
    said = " ".join(swaps.get(word.lower(), word) for word in fragment.split())
    # "ill never manage it": "I'll", typed without its apostrophe, not unwell.
    said = re.sub(r"\b(?:ill|i'll)\b(?= (?:never|always|just|be|have|try|get|make|do)\b)",
                  "they'll", said, flags=re.IGNORECASE)  # fmt: skip
    # "they am", "they was": the verb follows its new subject.
    return re.sub(r"\bthey (am|was)\b", lambda m: f"they {_AGREE[str(m.group(1))]}", said)


_AGREE = {"am": "are", "was": "were"}


# Vowels said as consonants: "a UX designer", "a university lecturer", "a European".
_SAID_YOU = re.compile(r"^(?:ux|uni|use|usu|eu|one)", re.IGNORECASE)


def article(phrase: str) -> str:
    vowel = phrase[:1].lower() in "aeiou" and not _SAID_YOU.match(phrase)
    return ("an " if vowel else "a ") + phrase


def clauses(text: str) -> list[str]:
    """Sentences, split again where "…, but I …", "… and I …", "…, so …" start a new thought."""
    found: list[str] = []
    text = re.sub(r"\b(we|they)'ve\b", r"\1 have", text, flags=re.I)
    text = re.sub(r"\b(we|they)'re\b", r"\1 are", text, flags=re.I)
    for sentence in split_sentences(clean_text(text)):
        found.extend(part.strip() for part in _thoughts(sentence) if part.strip())
    return found


_BREAK = re.compile(r"(,?\s+but\s+|,?\s+and\s+(?=[Ii]\b)|,\s+so\s+)")
_WITH_ME = 3  # "my wife and i got divorced": so few words before "and i" are its subject


def _thoughts(sentence: str) -> list[str]:
    """A sentence cut where a new thought starts, except an "and i" that only joins a
    subject ("my girlfriend and i split")."""
    parts = _BREAK.split(sentence)
    thoughts = [parts[0]]
    for joint, part in zip(parts[1::2], parts[2::2], strict=True):
        joins = "and" in joint and len(thoughts[-1].split()) <= _WITH_ME
        thoughts[-1:] = [f"{thoughts[-1]}{joint}{part}"] if joins else [thoughts[-1], part]
    return thoughts


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


_UNNAMED_PLACE = re.compile(r"^(?:a|an|the|my|our|his|her|their|another|some)\b", re.I)


def place_named(place: str) -> str:
    """A place typed all in lower case, as a name is written ("bristol" -> "Bristol", "new
    york" -> "New York"); "a small town near cork" is no name and stays as it is."""
    if place.islower() and len(place.split()) <= 3 and not _UNNAMED_PLACE.match(place):
        return place.title()
    return place
