"""The person's animals, by kind and name ("We have a cat named Pepper")."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import fact
from delight.ai.text import STOPWORDS
from delight.ai.types import ExtractedFact

_ANIMALS = (
    r"dogs?|puppy|puppies|cats?|kittens?|rabbits?|bunny|guinea pigs?|hamsters?|parrots?|"
    r"birds?|budgies?|fish|goldfish|horses?|tortoises?|turtles?|snakes?|lizards?|ferrets?|"
    r"spaniel|labrador|terrier|collie|poodle|retriever|pug|kelpie|greyhound|whippet|lurcher|"
    r"beagle|husky|dachshund|corgi|bulldog|schnauzer|cockapoo|labradoodle|canar(?:y|ies)|"
    r"chickens?|hens?|"
    r"ducks?|goats?"
)
_NAME = r"([A-Z][a-z]+(?:(?:,| and| &) [A-Z][a-z]+)*)"
_MY_PET = re.compile(
    rf"(?i:\b(?:my|our)(?: \w+)? ({_ANIMALS})(?:'s name| s name)? (?:is )?(?:called |named )?)"
    rf"{_NAME}\b"
)
# Said outright, a name in any case ("my cat is called biscuit", "my dog's name is rex").
_MY_PET_CALLED = re.compile(
    rf"\b(?:my|our)(?: \w+)? ({_ANIMALS})(?:(?:'s| s) name is| is called| is named)"
    rf" (?!(?:the|a|an|my|his|her|their|our)\b)([a-z][a-z'-]+)\b",
    re.I,
)
# A name typed in lower case ("my cat biscuit knocked my coffee over"): a word after the
# animal that is no word for its things, followed by what it did or by the clause's end.
_NOT_NAMES = (
    r"food|bowl|litter|box|toys?|bed|vets?|flap|tree|treats?|hair|fur|tail|paws?|collar|lead"
    r"|leash|cage|tank|crate|insurance|sitter|walker|door|is|was|has|had|and|who|that|just"
    r"|always|never|still|also|really|got|keeps|will|can|did|does|does|gets|went|sat|ran|ate"
    r"|bit|woke|stole|threw|passed|died|loves|likes|hates|needs|wants|sleeps|too|again"
    r"|btw|tbh|lol|haha|now|here|there|today|tho|though|honestly|anyway"
)
_MY_PET_LOWER = re.compile(
    rf"\b(?:my|our) ({_ANIMALS}) (?!(?:{_NOT_NAMES})\b)([a-z]{{3,}})"
    rf"(?= (?:\w+(?:ed|s)|is|was|has|had|just|ate|ran|sat|bit|stole|threw|woke|got|keeps"
    rf"|always|never|passed|died)\b|\s*[,.!?;]|\s*$)"
)
_HAVE_PET = re.compile(
    rf"(?i:\b(?:I|we) (?:have|have got|got|own|adopted|keep|foster)(?: got)? "
    rf"(a|an|one|two|three|four|\d)"
    rf"(?: \w+)? ({_ANIMALS}))(?:(?i:,? (?:named|called)) |, ){_NAME}?"
)
# After "named" or "called" a word is a name, whatever its case ("a hamster named mochi").
_HAVE_PET_NAMED_LOWER = re.compile(
    rf"\b(?:I|we) (?:have|have got|got|own|adopted|keep|foster)(?: got)? "
    rf"(a|an|one|\d)(?: \w+)? ({_ANIMALS}),? (?:named|called) ([a-z][a-z'-]{{1,}})\b",
    re.I,
)
_HAVE_PET_UNNAMED = re.compile(
    rf"\b(?:I|we) (?:have|have got|got|own|adopted) (a|an|one|two|three|four|\d)(?: \w+)? "
    rf"({_ANIMALS})\b",
    re.I,
)
_KINDS = {
    "puppy": "dog",
    "puppies": "dog",
    "kitten": "cat",
    "bunny": "rabbit",
    "budgie": "bird",
    "canary": "bird",
    "canaries": "bird",
    "hen": "chicken",
}
_BREEDS = {
    "spaniel", "labrador", "terrier", "collie", "poodle", "retriever", "pug", "kelpie",
    "greyhound", "whippet", "lurcher", "beagle", "husky", "dachshund", "corgi", "bulldog",
    "schnauzer", "cockapoo", "labradoodle",
}  # fmt: skip


def pets(clause: str) -> list[ExtractedFact]:
    """A pet with its name, or how many they have: keyed "pet:<kind>"."""
    found = _MY_PET.search(clause)
    if found and found.group(2) not in ("Is", "Has"):
        animal, name = found.group(1).lower(), found.group(2)
        return [_pet(f"Their {animal} is called {name}", animal, name, 0.85)]
    if found := _MY_PET_CALLED.search(clause) or _MY_PET_LOWER.search(clause):
        animal, name = found.group(1), found.group(2).capitalize()
        return [_pet(f"Their {animal} is called {name}", animal, name, 0.8)]
    found = _HAVE_PET.search(clause)
    if found and found.group(3):
        count, animal, name = found.group(1).lower(), found.group(2).lower(), found.group(3)
        return [_pet(f"Has {count} {animal} called {name}", animal, name, 0.85)]
    if found := _HAVE_PET_NAMED_LOWER.search(clause):
        count, animal = found.group(1).lower(), found.group(2).lower()
        name = found.group(3).capitalize()
        return [_pet(f"Has {count} {animal} called {name}", animal, name, 0.8)]
    if found := _HAVE_PET_UNNAMED.search(clause):
        count, animal = found.group(1).lower(), found.group(2).lower()
        return [_pet(f"Has {count} {animal}", animal, animal, 0.8)]
    return []


# A pet named first and said to be theirs after a comma ("biscuit just jumped on me, hes my
# greyhound"): the name opens the sentence.
_NAMED_FIRST = re.compile(
    rf"^\W*([a-z]{{3,}})\b[^.!?]{{0,60}}?,\s*(?:he|she)(?:'s|s| is) (?:my|our) (?:\w+ )?"
    rf"({_ANIMALS})\b"
    # "bramble's our labrador btw, 11 now"
    rf"|^\W*(?:(?:oh|and|so|btw)\W+)?([a-z]{{3,}})(?:'s| is) (?:my|our) (?:old |little |new )?"
    rf"({_ANIMALS})\b",
    re.IGNORECASE,
)


_POINTERS = frozenset({"that", "this", "there", "here", "what", "who", "which", "mine", "yours"})


def pet_named_first(text: str) -> list[ExtractedFact]:
    """A pet whose name opens the message and whose kind follows it (read on the whole
    message: the two are in different clauses)."""
    found = _NAMED_FIRST.search(text)
    said = found and (found.group(1) or found.group(3))
    if not found or not said or said.lower() in STOPWORDS | _POINTERS:
        return []
    animal, name = (found.group(2) or found.group(4)).lower(), said.capitalize()
    return [_pet(f"Their {animal} is called {name}", animal, name, 0.75)]


def _pet(content: str, animal: str, value: str, confidence: float) -> ExtractedFact:
    return fact(content, "personal", f"pet:{_kind(animal)}", confidence, "pets", value=value)


def _kind(animal: str) -> str:
    """One key per kind of animal: "cats", "kitten" -> "cat"; a breed is a dog."""
    if animal.split()[-1] in _BREEDS:
        return "dog"
    animal = _KINDS.get(animal, animal)
    singular = animal[:-1] if animal.endswith("s") and not animal.endswith("ss") else animal
    return _KINDS.get(singular, singular).replace(" ", "_")
