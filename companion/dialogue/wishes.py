"""A wish's shapes and what it leans on, for the wish's reading (cues.wished_aim): a wish said
as a thought ("been thinking of taking up sea swimming"), said back as "i want to…"; what
makes a wish joined on with "and i want to…" a goal (a thing just got, a pastime, a trip
ahead, a setback to come back from); and what its "it" or "one" names."""

from __future__ import annotations

import re

from companion.dialogue.phrases import WISH

# A wish said as a thought ("been thinking of taking up sea swimming", "i was thinking to
# learn guitar also"): the thinking and the verb that follows it.
_THINKING = re.compile(
    r"^\W*(?:(?:so|well|ok|okay|and|but|tbh|honestly|also|hmm+)\W+)*(?:i\s+(?:was|am|'?m"
    r"|have\s+been|'?ve\s+been)\s+|i'?ve\s+been\s+|been\s+)?(?:(?:kinda|kind\s+of|sort\s+of|really|also)\s+)?"
    r"thinking\s+(?:about\s+|of\s+|to\s+)(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)


def thought_of_as_wish(sentence: str) -> str:
    """A wish said as a thought, said as a wish ("been thinking of taking up sea swimming" ->
    "i want to take up sea swimming"); any other sentence as it is. The verb's base form is
    the one a wish knows: "taking" is "take", "swimming" "swim", "learning" "learn"."""
    if not (thought := _THINKING.match(sentence)):
        return sentence
    verb, rest = thought["verb"].lower(), sentence[thought.end() :]
    stem = verb[:-3] if verb.endswith("ing") else verb
    for base in dict.fromkeys((stem, f"{stem}e", stem[:-1])):
        wish = f"i want to {base}{rest}"
        if (said := WISH.match(wish)) and said["aim"].lower().startswith(base):
            return wish
    return sentence


# What "it" in a wish stands for, said just before: "i got a guitar … and i want to learn it".
_GOT_THING = re.compile(
    r"\b(?:got|bought|have|found|picked up|was given|inherited) (?:a|an|my|the|this|some)"
    r" (?:new |old |second-hand |secondhand )?(?P<thing>[a-z]+)\b",
    re.IGNORECASE,
)


def it_named(aim: str, earlier: str) -> str:
    """ "it" in a wish named by what was said before it: a thing just got ("the guitar") or
    a pastime ("running")."""
    if not re.search(r"\bit\b", aim):
        return aim
    if thing := _GOT_THING.search(earlier):
        return re.sub(r"\bit\b", f"the {thing['thing'].lower()}", aim, count=1)
    if pastime := pastime_in(earlier):
        return re.sub(r"\bit\b", pastime, aim, count=1)
    return aim


def one_named(aim: str, told: str) -> str:
    """ "one" in a wish is the last thing named before it with "a": "i used to sing in a
    choir. i keep thinking i should find one here" -> "find a choir here"."""
    things = re.findall(r"\b(?:a|an)\s+([a-z]+)\b", told, re.IGNORECASE)
    if not things or not re.search(r"\bone\b", aim):
        return aim
    return re.sub(r"\bone\b", f"a {things[-1].lower()}", aim, count=1)


# A pastime told before a wish about "it" ("i used to paint loads … i'd like to get back
# into it"): what "it" stands for.
_PASTIME = re.compile(
    r"\bi (?:used to |really )?(?:love|loved|enjoy|enjoyed|miss|missed|like|liked)"
    r" (?P<doing>[a-z]+ing)\b|\bi used to go (?P<going>[a-z]+ing)\b"
    r"|\bi used to (?!(?:be|have|go|love|like|enjoy|miss|do|get|think|feel|live|work)\b)"
    r"(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)
# A trip or an event ahead, which a wish joined on after it prepares for.
_AHEAD = re.compile(
    r"\b(?:going|off|heading|travelling|traveling|flying|moving|visiting) (?:to|back to)\b"
    r"|\b(?:trip|holiday|wedding|honeymoon|marathon|race|exam|interview)\b",
    re.IGNORECASE,
)
# A setback to come back from ("i had knee surgery in august and i want to get back to
# running"), which a wish joined on after it is the way back from.
_SETBACK = re.compile(
    r"\b(?:had|have had|after|since) (?:an? |my )?(?:\w+ ){0,2}(?:surgery|operation|op|injury"
    r"|illness|baby|chemo|burnout)\b|\b(?:injured|broke|tore|sprained) my\b",
    re.IGNORECASE,
)
_JOINS_A_WISH = (_GOT_THING, _PASTIME, _AHEAD, _SETBACK)
_DOUBLED = re.compile(r"^[^aeiou]*[aeiou][bdgmnpt]$")


def _doing(verb: str) -> str:
    """The -ing form of a verb ("paint" -> "painting", "swim" -> "swimming")."""
    verb = verb.lower()
    if verb.endswith("e") and not verb.endswith("ee"):
        return verb[:-1] + "ing"
    return verb + (verb[-1] if _DOUBLED.match(verb) else "") + "ing"


def pastime_in(text: str) -> str:
    """The pastime a message tells of, as "-ing" ("i used to paint loads" -> "painting"; ""
    when none)."""
    if not (found := _PASTIME.search(text)):
        return ""
    return (found["doing"] or found["going"] or _doing(found["verb"])).lower()


def joins_a_wish(before: str) -> bool:
    """Whether what is said before "and i want to…" makes the wish joined on a goal: a thing
    just got, a pastime, a trip ahead or a setback to come back from."""
    return any(cue.search(before) for cue in _JOINS_A_WISH)
