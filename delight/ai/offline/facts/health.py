"""Health and food: what the person cannot eat, allergies, diets, conditions they live with."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import fact, slug, thing, third_person
from delight.ai.types import ExtractedFact

_CONDITIONS = (
    r"(?:type [12] )?diabetes|asthma|arthritis|epilepsy|migraines?|adhd|autism|dyslexia|"
    r"celiac disease|coeliac disease|ibs|high blood pressure|a heart condition|"
    r"(?:bad|a bad|weak) (?:knees?|back|hip|shoulder)|chronic \w+|anxiety disorder|depression|"
    r"insomnia|long covid|fibromyalgia|a bad knee|a bad back"
)


# "have" before a past form is a perfect, not a food: "i should not have said that".
_DONE_FORM = re.compile(
    r"^(?:been|got|gotten|done|said|gone|seen|taken|given|told|made|had"
    r"|(?!fried|dried|baked|roasted|processed|smoked|salted|pickled|canned)\w+ed)$"
)


def food(clause: str) -> list[ExtractedFact]:
    """What they cannot or do not eat: keyed "food:<thing>", so "I eat fish again" can
    supersede it."""
    found = re.search(
        r"\bI (?:(?:can not|cannot|must not|should not|am not allowed to) (?P<verb>eat|have"
        r"|drink|digest)|(?P<habit>do not|never) (?:eat|drink)) (?:any )?(.+)",
        clause,
        re.I,
    )
    if found:
        item = thing(found.group(3), 5)
        pronouns = ("it", "that", "this", "those", "these", "them", "anything", "much", "well")
        # "i should not have said…", "i cant eat or sleep": no food named.
        first = item.split()[0].lower() if item else ""
        done = (found["verb"] or "").lower() == "have" and _DONE_FORM.match(first)
        if item and item.lower() not in pronouns and not (done or first in ("or", "and", "to")):
            said = "Does not eat" if found["habit"] else "Can not eat"
            return [
                fact(
                    f"{said} {third_person(item)}",
                    "personal",
                    f"food:{slug(item)}",
                    0.85,
                    "food",
                    "health",
                    value=item,
                )
            ]
    found = re.search(r"\bI am (?:very |severely |really )?allergic to (.+)", clause, re.I)
    if found:
        item = thing(found.group(1), 5)
        if item:
            return [
                fact(
                    f"Is allergic to {third_person(item)}",
                    "personal",
                    f"food:{slug(item)}",
                    0.9,
                    "food",
                    "health",
                    value=item,
                )
            ]
    found = re.search(
        r"\bI am (?:\w+ )?(lactose|gluten|dairy|wheat|fructose) intolerant\b", clause, re.I
    )
    if found:
        item = found.group(1).lower()
        return [
            fact(
                f"Is {item} intolerant",
                "personal",
                f"food:{item}",
                0.9,
                "food",
                "health",
                value=item,
            )
        ]
    found = re.search(
        r"\bI (?:am|have been) (?:a |an )?(vegetarian|vegan|pescatarian|halal|kosher)\b",
        clause,
        re.I,
    )
    if found:
        diet = found.group(1).lower()
        return [fact(f"Is {diet}", "personal", "food:diet", 0.85, "food", value=diet)]
    return []


# A condition said as what they are ("im type 2 diabetic", "i'm asthmatic").
_CONDITION_OF = {
    "diabetic": "diabetes", "asthmatic": "asthma", "epileptic": "epilepsy",
    "coeliac": "coeliac disease", "celiac": "celiac disease", "dyslexic": "dyslexia",
    "autistic": "autism", "arthritic": "arthritis",
}  # fmt: skip
_AS_ADJECTIVE = re.compile(
    r"\bI am (?:a |an )?(?P<type>type [12] )?(?P<adjective>" + "|".join(_CONDITION_OF) + r")\b",
    re.IGNORECASE,
)


def _condition_said(said: re.Match[str] | None) -> str:
    """The condition an adjective names ("type 2 diabetic": "type 2 diabetes")."""
    if said is None:
        return ""
    return f"{(said['type'] or '').lower()}{_CONDITION_OF[said['adjective'].lower()]}"


def conditions(clause: str) -> list[ExtractedFact]:
    """A condition they live with ("I have type 2 diabetes", "my knees are bad")."""
    found = re.search(
        rf"\bI (?:have|have got|live with|suffer from|was diagnosed with) "
        rf"({_CONDITIONS})\b",
        clause,
        re.I,
    )
    said = _AS_ADJECTIVE.search(clause)
    condition = found.group(1).lower() if found else _condition_said(said)
    if condition:
        return [
            fact(
                f"Has {condition}",
                "personal",
                f"health:{slug(condition)}",
                0.85,
                "health",
                value=condition,
            )
        ]
    found = re.search(
        r"\bmy (knees?|back|hips?|shoulders?|ankles?|wrists?) (?:is|are) "
        r"(?:really |very )?(bad|weak|sore|injured|painful)\b",
        clause,
        re.I,
    )
    if found:
        part, how = found.group(1).lower(), found.group(2).lower()
        verb = "are" if part.endswith("s") else "is"
        return [
            fact(
                f"Their {part} {verb} {how}",
                "personal",
                f"health:{slug(part)}",
                0.8,
                "health",
                value=part,
            )
        ]
    return []
