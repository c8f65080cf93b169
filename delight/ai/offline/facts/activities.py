"""What fills the person's days: hobbies and routines, what they are learning, what they
drive, the team they support, and birthdays worth remembering."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import RELATIONS, fact, slug, thing, third_person
from delight.ai.types import ExtractedFact

# Verbs that name a pastime on their own ("I paint", "I play bass").
_PASTIMES = (
    r"play|paint|draw|sing|knit|crochet|sew|bake|volunteer|practi[cs]e|garden|write poetry"
    r"|read|write|dance|swim|climb|skate|surf|cycle|run"
)
# Verbs that need a regular time to be a routine ("I swim on Fridays", not "I swim").
_ROUTINES = r"go|do|swim|run|cycle|climb|dance|teach|coach|fish|walk|train|cook|hike|meditate"
_REGULAR = re.compile(
    r"\b(?:on (?:\w+days?|weekends)|every \w+|most \w+|each \w+|twice a \w+|weekends|weekly"
    r"|daily|at (?:\d|the (?:gym|pool|club|library|park|lake|studio|weekend)))\b",
    re.I,
)
# What one "does" as a pastime with no time said ("i do crochet", "i do yoga").
_DONE_PASTIMES = re.compile(
    r"^(?:crochet|knitting|yoga|pilates|karate|judo|boxing|kickboxing|taekwondo|jiu ?jitsu"
    r"|pottery|ballet|calligraphy|embroidery|origami|woodwork|archery|fencing|rowing"
    r"|photography|gymnastics|tai chi|crossfit|parkrun|salsa|zumba|martial arts)\b",
    re.I,
)
_NOT_HOBBIES = re.compile(
    r"^(?:to bed|to sleep|home|to work|out|back|on|through|over|it|late|around|away|along"
    r"|safe|my best|nothing|anything)\b",
    re.I,
)


# A pastime they had ("i used to paint loads before i started teaching"): the verb, and
# what it was of, up to what says when or how much.
_USED_TO_STOP = r"loads|a lot|before|when|until|but|and|in|at|with|for|on"
_USED_TO = re.compile(
    rf"\bI used to ({_PASTIMES})\b((?: (?!(?:{_USED_TO_STOP})\b)[\w']+){{0,3}})", re.I
)


def past_pastimes(clause: str) -> list[ExtractedFact]:
    """A pastime they used to have, keyed "hobby:<what>" (a wish to take it up again can
    name it: "i'd like to get back into it")."""
    found = _USED_TO.search(clause)
    if not found:
        return []
    done = f"{found.group(1)}{found.group(2)}".lower()
    return [fact(f"Used to {third_person(done)}", "personal", f"hobby:{slug(done)}", 0.7, "likes")]


def hobbies(clause: str) -> list[ExtractedFact]:
    """A pastime ("I play bass in a band") or a regular activity ("I go bouldering on
    Thursdays"), keyed "hobby:<what>"; what they are learning, keyed "learning:<what>"."""
    found = re.search(
        r"\bI (?:am|have been) (?:learning|taking up|teaching myself) (.+)", clause, re.I
    )
    if found:
        subject = thing(found.group(1), 6)
        return [
            fact(
                f"Is learning {third_person(subject)}",
                "personal",
                f"learning:{slug(subject, 3)}",
                0.75,
                "likes",
                "learning",
                value=subject,
            )
        ]
    found = re.search(
        rf"\bI (?:also |usually |often |still |regularly )?({_PASTIMES}|{_ROUTINES}) (.+)",
        clause,
        re.I,
    )
    if not found:
        return []
    verb, rest = found.group(1).lower(), thing(found.group(2), 10)
    routine = not re.fullmatch(_PASTIMES, verb, re.I) and not (
        verb == "do" and _DONE_PASTIMES.match(rest)
    )
    if not rest or _NOT_HOBBIES.match(rest) or (routine and not _REGULAR.search(rest)):
        return []
    what = _REGULAR.split(rest)[0].strip() or rest
    content = f"{_third(verb)} {third_person(rest)}"
    return [
        fact(
            content,
            "personal",
            f"hobby:{slug(f'{verb} {what}', 3)}",
            0.7,
            "likes",
            "hobby",
            value=what,
        )
    ]


def belongings(clause: str) -> list[ExtractedFact]:
    """What they drive and the team they support."""
    found = re.search(
        r"\bI (?:drive|have|own|got) (an? (?:\w+ ){0,3}(?:car|van|Fiat|Ford|"
        r"Toyota|Honda|Tesla|VW|Volkswagen|BMW|Renault|Peugeot|motorbike|scooter)"
        r"(?: \w+)?)",
        clause,
    )
    if found or (found := re.search(r"\bI drive (an? .+)", clause, re.I)):
        car = thing(found.group(1), 6)
        return [fact(f"Drives {car}", "personal", "car", 0.75, "car", value=car)]
    found = re.search(r"\bI (?:support|follow|am a (?:\w+ )?fan of) ([A-Z].+)", clause)
    if found:
        team = thing(found.group(1), 5)
        return [fact(f"Supports {team}", "personal", "team", 0.7, "likes", value=team)]
    return []


# The book they are reading ("the book is the thursday murder club btw", "im reading dune"):
# its title as a name.
_JUDGED = (
    r"(?!(?:so |really |very |pretty |quite |too |a bit )?(?:great|good|amazing|brilliant"
    r"|boring|slow|ok|okay|fine|long|hard|heavy|sad|funny|gripping|rubbish|bad|awful|dull|mad"
    r"|weird|class|unreal|decent)\b)"
)
_READING = re.compile(
    r"(?:\b(?:the|my) book(?: i'?m reading| im reading)? is " + _JUDGED + r"(?P<a>[\w' -]{3,50}?)"
    r"|\bI am (?:reading|halfway through|nearly done with) (?!it\b|a\b|the news\b|my\b)"
    + _JUDGED
    + r"(?P<b>[\w' -]{3,50}?))"
    r"(?=\s+(?:btw|now|at the moment|atm|lol|haha|by|and|but|so)\b|[,.!?]|$)",
    re.IGNORECASE,
)
_SMALL_WORDS = frozenset({"a", "an", "the", "of", "and", "in", "on", "at", "to", "for", "by"})


def reading(clause: str) -> list[ExtractedFact]:
    found = _READING.search(clause)
    if not found:
        return []
    title = (found["a"] or found["b"]).strip()
    words = title.split()
    named = " ".join(
        w if i and w.lower() in _SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words)
    )
    return [fact(f"Is reading {named}", "personal", "reading", 0.7, "likes", value=named)]


def birthdays(clause: str) -> list[ExtractedFact]:
    """Their birthday, or a relative's ("my daughter's birthday is 2 August")."""
    found = re.search(
        rf"(?i:\bmy (?:({RELATIONS})(?:'s| s) )?birthday is (on |in )?(?:the )?)(.+)", clause
    )
    if not found:
        return []
    when = (found.group(2) or "on ") + thing(found.group(3), 5)
    relation = (found.group(1) or "").lower()
    if relation:
        return [
            fact(
                f"Their {relation}'s birthday is {when}",
                "personal",
                f"relation:{relation.replace(' ', '_')}:birthday",
                0.8,
                "people",
                "birthday",
                value=when,
            )
        ]
    return [
        fact(
            f"Their birthday is {when}",
            "personal",
            "birthday",
            0.85,
            "identity",
            "birthday",
            value=when,
        )
    ]


def _third(verb: str) -> str:
    """ "go" -> "Goes", "fish" -> "Fishes", "play" -> "Plays"."""
    if verb.endswith(("sh", "ch", "o", "s", "x")):
        return f"{verb}es".capitalize()
    return f"{verb}s".capitalize()
