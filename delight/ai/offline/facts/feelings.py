"""Feelings worth remembering: what tends to make the person feel a way, and their fears."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import fact, slug, thing, third_person
from delight.ai.offline.reflection import capitalise, drop_openers
from delight.ai.text import word_set
from delight.ai.types import ExtractedFact


def feelings(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\bI (always |often |usually |sometimes |tend to )?(?:feel|get|become) "
        r"(?:so |really |very |a bit |quite )?(\w+(?: \w+)?) (when|whenever|if|before|after|"
        r"around) (.+)",
        clause,
        re.I,
    )
    if found:
        how_often = (found.group(1) or "often ").strip().replace("tend to", "often")
        feeling, link, trigger = found.group(2).lower(), found.group(3).lower(), found.group(4)
        trigger = thing(trigger)
        content = f"{capitalise(how_often)} feels {feeling} {link} {third_person(trigger)}"
        return [
            fact(
                content, "personal", f"feeling:{slug(trigger)}", 0.75, "emotional_pattern", feeling
            )
        ]
    found = re.search(
        r"\bwhenever (.+?),? I (?:feel|get) (?:so |really |very )?(\w+)", clause, re.I
    )
    if found:
        trigger, feeling = thing(found.group(1)), found.group(2).lower()
        return [
            fact(
                f"Feels {feeling} whenever {third_person(trigger)}",
                "personal",
                f"feeling:{slug(trigger)}",
                0.75,
                "emotional_pattern",
                feeling,
            )
        ]
    # "ok that makes me feel better": the words that only open it are no part of the cause.
    found = re.search(
        r"^((?:\w+ ){0,4}\w+) (?:always |usually |often |really )?makes? me (?:feel )?"
        r"(?:so |really |very )?(\w+)",
        drop_openers(clause),
        re.I,
    )
    subject = found.group(1).lower() if found else ""
    if found and subject not in _NOT_TRIGGERS and _is_feeling(found.group(2), found.group(0)):
        trigger, feeling = found.group(1), found.group(2).lower()
        return [
            fact(
                f"Feels {feeling} because of {third_person(trigger.lower())}",
                "personal",
                f"feeling:{slug(trigger)}",
                0.7,
                "emotional_pattern",
                feeling,
            )
        ]
    return []


_NOT_TRIGGERS = frozenset({"it", "that", "this", "which", "he", "she", "they", "you"})
# What a "makes me …" says is a feeling when it names one, or says "feel" ("i thought youd
# make me run 10k" is no feeling).
_FEELING_WORDS = word_set(
    "happy sad angry mad anxious nervous stressed tired exhausted calm relaxed proud guilty "
    "jealous lonely scared afraid worried excited grateful hopeful hopeless useless small "
    "stupid dumb ill sick sleepy sleepier hungry cry smile laugh panic panicky overwhelmed "
    "furious frustrated annoyed irritable upset low down depressed motivated energised "
    "energized calmer happier better worse weird awkward uncomfortable insecure ashamed "
    "embarrassed confident strong weak"
)


def _is_feeling(word: str, said: str) -> bool:
    return word.lower() in _FEELING_WORDS or bool(re.search(r"\bmakes? me feel\b", said, re.I))


_FEAR = re.compile(
    r"\bI am (?:really |very |so |quite |a bit |absolutely )?(?:terrified|scared|afraid|"
    r"frightened|petrified) (?:of|by) (.+)",
    re.I,
)
_FEAR_OF = re.compile(r"\bI have (?:a |an )?(?:\w+ )?(?:fear|phobia) of (.+)", re.I)
_FREAKS_ME_OUT = re.compile(
    r"^((?:\w+ ){0,3}\w+) (?:really |totally )?(?:freak|freaks|scare|scares|terrify|terrifies) "
    r"me(?: out)?\b",
    re.I,
)


def fears(clause: str) -> list[ExtractedFact]:
    """What frightens them ("I'm scared of flying", "spiders freak me out"): "fear:<thing>"."""
    found = _FEAR.search(clause) or _FEAR_OF.search(clause)
    if found:
        feared = thing(found.group(1), 6)
    else:
        found = _FREAKS_ME_OUT.search(clause)
        feared = found.group(1).lower() if found else ""
        if feared in ("it", "that", "this", "he", "she", "they", "everything"):
            feared = ""
    if not feared:
        return []
    return [
        fact(
            f"Is afraid of {third_person(feared)}",
            "personal",
            f"fear:{slug(feared)}",
            0.8,
            "emotional_pattern",
            "fear",
            value=feared,
        )
    ]
