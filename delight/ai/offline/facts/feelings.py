"""Feelings worth remembering: what tends to make the person feel a way, and their fears."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import FEELS, fact, slug, thing, third_person
from delight.ai.offline.reflection import capitalise, drop_openers
from delight.ai.text import word_set
from delight.ai.types import ExtractedFact

# A hard feeling they live with, said with its cause or how long it has lasted ("i am so
# stressed about my business", "ive been feeling very depressed lately"): kept, so Eliza can
# ask after it. A mood of the moment with neither ("im a bit sad") is not.
_STATE = (
    r"depressed|stressed(?: out)?|anxious|lonely|worried|overwhelmed|frustrated|hopeless|down"
    r"|sad|exhausted|scared|afraid|nervous|insecure|jealous|heartbroken|burn(?:ed|t) out"
    r"|miserable|isolated|unhappy|stuck"
)
# How they are (said with "i am", "ive been feeling"…), and how much ("so", "kinda"…).
_BEING = r"\bI ?(am|have been|ve been|feel|have been feeling|ve been feeling|keep feeling) "
_HOW_MUCH = (
    r"(?:so |really |very |quite |a bit |kind of |kinda |a little |pretty |super |extremely )*"
)
_STATE_CAUSE = re.compile(
    rf"{_BEING}{_HOW_MUCH}({_STATE}) (about|because of|because|due to|over|since|that|with) (.+)",
    re.IGNORECASE,
)
_STATE_LASTING = re.compile(
    rf"{_BEING}{_HOW_MUCH}({_STATE})(?: and \w+)? (lately|recently|for (?:weeks|months|years"
    rf"|a while|a long time|ages)|all the time|most of the time|every day)\b",
    re.IGNORECASE,
)


def hard_feelings(clause: str) -> list[ExtractedFact]:
    """A hard feeling with its cause ("Feels stressed about their business") or how long it
    has lasted ("Has been feeling depressed lately"): "feeling:<cause or feeling>"."""
    if found := _STATE_CAUSE.search(clause):
        feeling, link = found.group(2).lower(), found.group(3).lower()
        cause = thing(found.group(4), 12)
        # "I'm afraid that isn't possible" is a polite no, not a fear.
        polite = feeling == "afraid" and link == "that"
        if not cause or cause.lower() in _NOT_TRIGGERS or polite:
            return []
        return [fact(f"Feels {feeling} {link} {third_person(cause)}", "personal",
                     f"{FEELS}{slug(cause)}", 0.7, "emotional_pattern", feeling)]  # fmt: skip
    if found := _STATE_LASTING.search(clause):
        verb, feeling, since = (found.group(n).lower() for n in (1, 2, 3))
        lasting = "been" in verb or since.startswith(("for", "lately", "recently"))
        said = "Has been feeling" if lasting else "Feels"
        return [fact(f"{said} {feeling} {since}", "personal", f"{FEELS}{slug(feeling)}", 0.65,
                     "emotional_pattern", feeling)]  # fmt: skip
    return []


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
