"""A loss said in a message ("my cat Pepper passed away last week", "we lost grandad in
june"): who was lost, in the person's words, so Eliza can name it with sympathy and memory
can close what was true before (a pet they no longer have)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from delight.ai.offline.reflection import reflect
from delight.ai.text import clean_text

# Who, then a word of dying ("my dog Biscuit died", "Pepper passed away", "grandma passed").
_DIED = re.compile(
    r"\b(?P<who>(?:(?i:my|our) (?:old |little |dear |lovely |beloved |sweet )?(?:\w+ )?"
    r"(?:cat|dog|puppy|kitten|rabbit|bunny|hamster|guinea pig|budgie|parrot|horse|pony|fish"
    r"|tortoise|pet|mum|mom|mother|dad|father|grandma|grandmother|grandad|grandpa"
    r"|grandfather|nan|nana|gran|granny|husband|wife|partner|son|daughter|brother|sister"
    r"|uncle|aunt|auntie|cousin|friend|best friend|mate|boyfriend|girlfriend|baby|niece"
    r"|nephew|stepdad|stepmum|godmother|godfather|teacher|colleague)(?: [A-Z][a-z]+)?)"
    r"|[A-Za-z][a-z]+)"
    r" (?:has |had |just |sadly |unexpectedly |suddenly )*(?:passed away|passed on|passed"
    r"|died|is dead|was put down|got put down|was put to sleep|had to be put (?:down|to sleep)"
    r"|did not make it|didn't make it)\b",
)
# "we lost grandad", "lost my dog last week", "had to put our cat down".
_LOST = re.compile(
    r"\b(?:lost|buried|had to put|put) (?P<who>(?i:my|our) (?:\w+ )?(?:cat|dog|puppy|kitten"
    r"|rabbit|hamster|horse|pet|mum|mom|mother|dad|father|grandma|grandmother|grandad|grandpa"
    r"|grandfather|nan|gran|husband|wife|partner|son|daughter|brother|sister|uncle|aunt"
    r"|cousin|friend|baby)(?: [A-Z][a-z]+)?|[A-Z][a-z]+)(?: down| to sleep)?\b"
)
# "had to have bramble put down": a pet's end, its name often typed in lower case.
_PUT_DOWN = re.compile(
    r"\bhad to (?:have|get) (?P<who>(?i:my|our) (?:\w+ )?(?:cat|dog|puppy|kitten|rabbit"
    r"|hamster|horse|pony|pet)(?: [A-Za-z][a-z]+)?|[A-Za-z][a-z]+)"
    r" (?:put down|put to sleep)\b",
    re.IGNORECASE,
)
_FUNERAL = re.compile(r"\b(?:funeral|passing|death) of (?P<who>(?i:my|our) \w+(?: [A-Z][a-z]+)?)")
# A word before the one who died that makes them someone else's, or no one in particular.
_SOMEONE_ELSES = re.compile(r"\b(?:her|his|their|your|the|a|an)\s+$", re.IGNORECASE)
_PETS = re.compile(
    r"\b(?:cat|dog|puppy|kitten|rabbit|bunny|hamster|guinea pig|budgie|parrot|horse|pony|fish"
    r"|tortoise|pet)\b"
)
# Words before "died" that name no one: things, pronouns, and words of a sentence.
_NOT_NAMES = frozenset(
    [
        "it",
        "he",
        "she",
        "they",
        "him",
        "her",
        "them",
        "that",
        "this",
        "everything",
        "nobody",
        "who",
        "what",
        "phone",
        "battery",
        "laptop",
        "car",
        "wifi",
        "signal",
        "plant",
        "plants",
        "party",
        "game",
        "character",
        "hero",
        "conversation",
        "chat",
        "app",
        "computer",
        "tv",
        "screen",
        "engine",
        "mood",
        "vibe",
        "joke",
        "dream",
        "hope",
        "relationship",
        "marriage",
        "tree",
        "flowers",
        "i",
        "you",
        "we",
        "one",
        "someone",
        "something",
        "nothing",
        "he",
        "she",
        "and",
        "but",
        "so",
        "then",
        "almost",
        "nearly",
        "basically",
        "literally",
    ]
)


@dataclass(frozen=True)
class Loss:
    who: str  # in Eliza's words: "your cat Pepper", "Pepper", "your grandma"
    name: str  # the name when one was said ("Pepper"), else ""
    pet: bool


def loss_in(text: str) -> Loss | None:
    """The death of someone or a pet that `text` tells of, or None."""
    clean = clean_text(text)
    for pattern in (_DIED, _LOST, _PUT_DOWN, _FUNERAL):
        for found in pattern.finditer(clean):
            who = found["who"]
            if who.lower() in _NOT_NAMES or _unlike_loss(clean, found):
                continue
            before = clean[: found.start("who")]
            if _SOMEONE_ELSES.search(before):
                continue  # "her mum died" (a daughter's mum, told by her dad): not theirs to name
            owner = re.search(r"\b(?:my|our) $", before, re.IGNORECASE)
            if owner:  # "my neighbour passed": the pattern took the word after "my" alone
                who = owner.group(0).lower() + who
            name = next((w for w in who.split()[1:] if w[:1].isupper()), "")
            if not who.lower().startswith(("my ", "our ")):
                name = who = who[:1].upper() + who[1:]
            spoken = reflect(who) if who.lower().startswith(("my ", "our ")) else who
            spoken = re.sub(r"^our\b", "your", spoken)
            pet = pattern is _PUT_DOWN or bool(_PETS.search(who.lower()))
            return Loss(spoken, name, pet)
    return None


def _unlike_loss(text: str, found: re.Match[str]) -> bool:
    """ "I passed my exam", "my phone died": a word of dying about a test or a thing."""
    after = text[found.end() : found.end() + 12].lower()
    return bool(re.match(r"\s*(?:my|the|a|an|it|this|her|his|their) ", after)) and " passed" in (
        found.group(0).lower()
    )


# Someone gone remembered on a day that was theirs ("it would have been our 48th
# anniversary today", "first christmas without her", "i miss him so much").
_REMEMBERED = re.compile(
    r"\bwould have been (?:our|his|her|their|my \w+'?s?) (?:\w+ )?(?:anniversary|birthday)\b"
    r"|\b(?:first|1st) (?:christmas|birthday|anniversary|holiday|summer|xmas|easter)"
    r" without (?:him|her|them|my|our)\b"
    r"|\bmiss(?:ing)? (?:him|her|them) (?:so much|every day|terribly|loads|like crazy)\b",
    re.IGNORECASE,
)


def grief_in(text: str) -> bool:
    """A loss told, or someone gone remembered: no time for a cheer."""
    return loss_in(text) is not None or bool(_REMEMBERED.search(clean_text(text)))
