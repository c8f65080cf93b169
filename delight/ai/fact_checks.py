"""A model proposes facts; the product decides which are kept, and how.

A model's extraction (ModelEngine.extract_facts) is read like a stranger's notes: a small or
wrong model wrote "Ana lives in Porto" under `location` (the person lives in Lisbon),
"Sister's name" under `name` for a question, "I am a nurse" in the person's voice, its own
advice ("Try deep breathing before bed") as the person's fact, a cat as a task for the next
30 days and a key "feeling: stress". Each fact is checked against the message and the offline
reading of it (facts_decided):
1. A question tells nothing of the person to a model: only the offline reading's facts,
   which keep what a question states as true ("can i eat bread if im coeliac").
2. A fact must be said in the message: most of its own words are the message's (advice,
   Eliza's words, an invention are not), and it says something: a lone word ("Work", under
   `work`, from a 135M model) is no fact.
3. Said in the person's voice ("I am a nurse"), it is told in the third person, as every
   stored fact is ("They are a nurse").
4. A key that is no slot ("feeling: stress") is dropped: the fact is kept without one, so it
   replaces nothing.
5. A slot of the person's own profile (name, age, work, where they live) is the model's only
   where the offline reading fills the same slot: the offline fact is kept (its words are the
   person's). Elsewhere it is a candidate: kept without its key, so it supersedes nothing
   ("Ana lives in Porto" stays a note, "Lives in Lisbon" stays where they live).
6. A fact about who they are, their people, pets, likes and ways is personal, whatever tier
   the model gave it; a goal's is a project's.
7. A fact the offline reading already holds (all its own words are among one offline fact's)
   is left to that fact, which has its slot: "Has a cat called Pepper" as a task beside the
   offline "Has a cat called Pepper" under `pet:cat` was the same cat kept twice.
8. The offline reading's facts for the slots the model left empty are added, as before.
"""

from __future__ import annotations

import dataclasses
import re

from delight.ai.offline.facts.common import third_person
from delight.ai.text import asks, word_set
from delight.ai.types import ExtractedFact

# The person's own profile: a model may not fill these on its own word (step 5).
PROFILE_KEYS = frozenset({"name", "age", "occupation", "location", "employer"})
# Slots of who the person is (step 6): their fact is personal.
PERSONAL_SLOTS = frozenset({
    "name", "age", "occupation", "location", "employer", "likes", "preference", "pet", "relation",
    "family", "feeling", "food", "condition", "birthday", "hobby",
})  # fmt: skip
KEY = re.compile(r"^[a-z][a-z_]*(?::[a-z0-9_]+)*$")
# The share of a fact's own words that must be the message's (step 2).
SAID_SHARE = 0.6
CANDIDATE = "candidate"
_WORD = re.compile(r"[a-z0-9]+")
# Words a note adds around what was said ("Works as…", "Has a…", "Their sister…").
_FRAME = word_set(
    "a an the and or of to in on at for with as is are was were be been has have had their "
    "they them theirs user person works lives likes loves wants has named by from "
    "called who which that this there not very really also"
)
_FIRST_PERSON = re.compile(r"^\W*(?:i|i'm|im|i've|ive|my|me|we|our)\b", re.IGNORECASE)
_STEM = 4  # "running" is "run…", "stressed" is "stress…": words compared by their start


def facts_decided(
    proposed: list[ExtractedFact], offline: list[ExtractedFact], text: str
) -> list[ExtractedFact]:
    """The facts kept of a model's `proposed` for `text`, with the `offline` reading's for
    the slots left empty (the module docstring)."""
    if asks(text):
        return offline
    by_key = {fact.key: fact for fact in offline if fact.key}
    held = [_own_words(fact.content) for fact in offline if fact.key]
    kept: list[ExtractedFact] = []
    for fact in proposed:
        decided = _decided(fact, text, by_key)
        if decided is None or (decided not in offline and _held(decided, held)):
            continue
        kept.append(decided)
    keys = {fact.key for fact in kept if fact.key}
    return kept + [fact for fact in offline if fact.key and fact.key not in keys]


def _own_words(content: str) -> set[str]:
    """A fact's own words, by their start (not the words a note frames it with)."""
    return {word[:_STEM] for word in _WORD.findall(content.lower()) if word not in _FRAME}


def _held(fact: ExtractedFact, held: list[set[str]]) -> bool:
    """Whether an offline fact already says all that `fact` says (step 7)."""
    own = _own_words(fact.content)
    return bool(own) and any(own <= words for words in held)


def _decided(
    fact: ExtractedFact, text: str, offline: dict[str, ExtractedFact]
) -> ExtractedFact | None:
    if len(_WORD.findall(fact.content.lower())) < 2 or not said_in(fact.content, text):
        return None
    key = fact.key if KEY.match(fact.key) else ""
    if key in PROFILE_KEYS:
        if key in offline:
            return offline[key]
        return dataclasses.replace(fact, key="", value="", tags=(*fact.tags, CANDIDATE))
    content = third_person(fact.content) if _FIRST_PERSON.match(fact.content) else fact.content
    tier = "personal" if key.split(":")[0] in PERSONAL_SLOTS else fact.tier
    tier = "project" if key.startswith("goal:") else tier
    return dataclasses.replace(fact, content=_capitalised(content), key=key, tier=tier)


def said_in(content: str, text: str) -> bool:
    """Whether most of a fact's own words (not the words a note frames it with) are words of
    the message (step 2)."""
    own = [word[:_STEM] for word in _WORD.findall(content.lower()) if word not in _FRAME]
    if not own:
        return False
    heard = {word[:_STEM] for word in _WORD.findall(text.lower())}
    return sum(word in heard for word in own) / len(own) >= SAID_SHARE


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
