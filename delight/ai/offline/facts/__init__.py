"""Facts worth remembering in what the person wrote, found by pattern (no model).

One module per kind: identity (name, age), work, places, people (relatives and friends by
name, where they live), pets, health (food constraints, conditions), likes (and preferences),
goals (and plans), wins (dated), feelings (patterns and fears), activities (hobbies,
learning, what they drive, their team, birthdays). Each fact carries a stable
`key` and the `value` it holds ("relation:sister" = "Ana", "location" = "Seville").
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import re
from collections.abc import Callable

from delight.ai.offline.facts.activities import (
    belongings,
    birthdays,
    hobbies,
    past_pastimes,
    reading,
)
from delight.ai.offline.facts.changes import birth, job_left, losses, new_job
from delight.ai.offline.facts.common import FAMILY, clauses
from delight.ai.offline.facts.feelings import fears, feelings, hard_feelings
from delight.ai.offline.facts.goals import events, goals, tasks
from delight.ai.offline.facts.health import conditions, food
from delight.ai.offline.facts.identity import age, names
from delight.ai.offline.facts.likes import likes, preferences
from delight.ai.offline.facts.people import family, pronouns_named, relation_news, relations
from delight.ai.offline.facts.pets import pet_named_first, pets
from delight.ai.offline.facts.places import location
from delight.ai.offline.facts.wins import wins
from delight.ai.offline.facts.work import occupation, work_life
from delight.ai.text import stated_in
from delight.ai.types import ExtractedFact

__all__ = ["extract_facts"]

_CRISIS_HINT = re.compile(
    r"\b(kill|die|dying|suicid\w*|end it|end my life|hurt myself|self[- ]harm|overdose)\b",
    re.IGNORECASE,
)

Extractor = Callable[[str], list[ExtractedFact]]
# In order of precedence: when two find a fact with the same key, the first one is kept.
_EXTRACTORS: tuple[Extractor, ...] = (
    job_left,  # what stopped being true first: it takes the key of what it ends
    new_job,
    names,
    age,
    occupation,
    work_life,
    relations,
    pets,
    location,
    food,
    conditions,
    fears,
    birthdays,
    belongings,
    likes,
    preferences,
    hobbies,
    past_pastimes,
    reading,
    goals,
    feelings,
    hard_feelings,
    tasks,
    events,
    relation_news,  # last: what no other extractor keeps
    family,
)

# Who is called what stands in a question too ("how do i tell my sister ana i cant come").
_NAMES_STAND: frozenset[Extractor] = frozenset({relations, pets})


def extract_facts(text: str, *, today: dt.date | None = None) -> list[ExtractedFact]:
    """Facts worth remembering in what the person wrote, by pattern (_extracted).

    A turn reads the same message's facts several times (whether it teaches, what the reply
    says it learned, what is stored): they are worked out once per message and day.
    """
    return list(_extracted(text, today or dt.date.today()))


@functools.lru_cache(maxsize=256)
def _extracted(text: str, day: dt.date) -> tuple[ExtractedFact, ...]:
    """Facts worth remembering in what the person wrote, by pattern.

    1. Anything that reads like a crisis is not turned into facts (it is kept out of
       ordinary memory; the safety gate handles it).
    2. Say whose "her name is…" it is when the message names one relative; split into
       clauses ("…, but I …" and "… and I …" start new ones); of one that asks
       what to do or wonders what if ("what should i paint first"), only a state it gives
       as its reason ("…if im coeliac") is read, and who is called what ("how do i tell
       my sister ana").
    3. Run each extractor on each clause; each returns facts with a stable `key`, so a later
       contradicting fact ("I moved to Paris") supersedes an earlier one ("Lives in Berlin"),
       and what stopped being true ("my cat Miso died", "I quit my job") goes first, taking
       the key of what it ends.
       Likes and dislikes of the same thing share the key "likes:<thing>". A win is dated
       from `day`, so "today" keeps its meaning.
    4. Keep only well-made notes (_well_made), let a loss end what names who was lost, and
       tell each thing once (_told_once).
    5. Drop duplicates by key (or by content when there is no key).
    """
    if _CRISIS_HINT.search(text):
        return ()
    dated = functools.partial(wins, text=text, today=day)
    lost = functools.partial(losses, today=day)
    born = functools.partial(birth, today=day)
    facts: list[ExtractedFact] = []
    extractors: tuple[Extractor, ...] = (lost, born, *_EXTRACTORS, dated)
    for clause in clauses(pronouns_named(text)):
        stated = stated_in(clause)
        for extractor in extractors:
            read = clause if extractor in _NAMES_STAND else stated
            facts.extend(extractor(read) if read else [])
    facts.extend(pet_named_first(text))
    facts = _told_once(_ended_by_a_loss([f for f in facts if _well_made(f)]))
    unique: dict[str, ExtractedFact] = {}
    for fact in facts:
        unique.setdefault(fact.key or fact.content.lower(), fact)
    return tuple(unique.values())


# A note that still speaks to the listener ("Likes your idea", "Wants to show you this")
# is about them, or a moment between the two, not about the person.
_TO_THE_LISTENER = re.compile(r"\b(?:you|your|yours|yourself|ya|u)\b", re.IGNORECASE)
# What a like, a wish or a deed is about, said only by pointing ("Prefers it", "Likes those
# tests", "Finished them in no time", "Loves living here"): nothing to hold on to later.
_POINTING = re.compile(
    r"\b(?:it|its|this|these|those|them|one|ones|here|there|him|his|her|he|she)\b"
)
# A note whose object was lost ("Works at", "Studies"): nothing said.
_CUT_BARE = re.compile(r"^(?:\w+ )?(?:at|as|in|to|of|from|with|Studies|Works)$")
_A_TIME = re.compile(
    r"\b(?:this|that|these|those|one) (?:years?|weeks?|months?|mornings?|evenings?|afternoons?"
    r"|weekends?|days?|time|summer|winter|spring|autumn|fall|semester|term)\b"
)
_POINTED_KINDS = (
    "likes", "prefers", "goal", "done", "hobby", "learning", "task", "feeling", "feels",
)  # fmt: skip


def _well_made(fact: ExtractedFact) -> bool:
    """Whether a note is fit to keep: about the person, and about something it names."""
    if _TO_THE_LISTENER.search(fact.content) or _CUT_BARE.search(fact.content):
        return False
    kind = fact.key.split(":", 1)[0]
    said = _A_TIME.sub("", fact.value or fact.content)  # "this year" points at no thing
    return not (kind in _POINTED_KINDS and _POINTING.search(said))


def _told_once(facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """Each thing told once: one of the family named ("Their daughter is called Laura") is not
    kept again unnamed ("Has a daughter"), and a parting kept by its key ("Broke up with their
    girlfriend") not again as news of the same two ("They and their girlfriend split up…")."""
    named = {f.key.split(":", 1)[1] for f in facts if f.key.startswith("relation:")}
    parted = {f.value for f in facts if f.key.startswith(FAMILY) and "change" in f.tags}
    news = re.compile(rf"^(?:They and their|Their) (?:{'|'.join(parted)})\b") if parted else None
    return [
        f
        for f in facts
        if not (f.key.startswith(FAMILY) and "change" not in f.tags and f.value in named)
        and not (news and not f.key and news.match(f.content))
    ]


def _ended_by_a_loss(facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """A loss told with who was lost ("my cat pepper died"): the loss takes the key of the
    fact that names them ("pet:cat"), and that fact is not kept as current."""
    for loss in [f for f in facts if "loss" in f.tags and f.value]:
        named = re.compile(rf"\b{re.escape(loss.value)}\b", re.IGNORECASE)
        ended = [f for f in facts if f is not loss and named.search(f.content)]
        if not ended:
            continue
        key = loss.key or next((f.key for f in ended if f.key), "")
        facts = [dataclasses.replace(loss, key=key) if f is loss else f for f in facts
                 if f not in ended]  # fmt: skip
    return facts
