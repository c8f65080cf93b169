"""What the person likes and dislikes, and how they prefer things (time of day, replies)."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import TIME_OF_DAY, article, fact, slug, thing, third_person
from delight.ai.types import ExtractedFact

# An object that only points back ("i hate them", "i love it"): nothing to remember.
_PRONOUN = re.compile(r"(?:them|it|that|this|those|these|him|her|you|one|so much)", re.I)


def likes(clause: str) -> list[ExtractedFact]:
    negative = re.search(
        r"\bI (?:really )?(?:hate|dislike|detest|can not stand|do not (?:really )?like|"
        r"do not (?:really )?enjoy|am not a fan of|am not into|no longer (?:like|enjoy))\s+(.+)",
        clause,
        re.I,
    )
    if negative:
        item = thing(negative.group(1))
        if item and not _PRONOUN.fullmatch(item):  # "i hate them": them is unsaid here
            return [
                fact(
                    f"Does not like {third_person(item)}",
                    "personal",
                    f"likes:{slug(item)}",
                    0.8,
                    "dislikes",
                    value=item,
                )
            ]
        return []
    positive = re.search(
        r"\bI (?:really |absolutely |also |just |truly )?(love|like|enjoy|adore)s?\s+"
        r"(?!to think|you\b|it when|that\b|this\b|it\b)(.+)",
        clause,
        re.I,
    )
    if not positive:
        positive = re.search(
            r"\bI am (?:really |very |so )?(into|passionate about|a (?:big |huge )?fan of)\s+(.+)",
            clause,
            re.I,
        )
    if positive:
        verb, item = positive.group(1).lower(), thing(positive.group(2))
        if not item or _PRONOUN.fullmatch(item):
            return []
        label = {"love": "Loves", "adore": "Loves", "enjoy": "Enjoys"}.get(verb, "Likes")
        return [
            fact(
                f"{label} {third_person(item)}",
                "personal",
                f"likes:{slug(item)}",
                0.8,
                "likes",
                value=item,
            )
        ]
    return []


def preferences(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\bI am (?:a|an) (morning person|night owl|early bird|evening person)", clause, re.I
    )
    if found:
        return [
            fact(
                f"Is {article(found.group(1).lower())}",
                "personal",
                "preference:time_of_day",
                0.85,
                "preference",
            )
        ]
    found = re.search(r"\bI work best (?:in the |at |during the )?(\w+)", clause, re.I)
    if found and TIME_OF_DAY.search(found.group(1).lower()):
        return [
            fact(
                f"Works best in the {found.group(1).lower()}",
                "personal",
                "preference:time_of_day",
                0.8,
                "preference",
            )
        ]
    found = re.search(
        r"\b(?:keep it|please be|I (?:like|prefer)(?: it)?)\s+(short|brief|concise|detailed|"
        r"long|direct|gentle)(?: answers| replies| messages)?\b",
        clause,
        re.I,
    )
    if found and re.search(r"answer|repl|message|keep it|please be", clause, re.I):
        style = found.group(1).lower()
        return [
            fact(
                f"Prefers {style} replies",
                "personal",
                "preference:communication_style",
                0.75,
                "preference",
            )
        ]
    found = re.search(
        r"\bI (?:much |really |generally )?prefer (.+)|\bI would (?:much )?rather (.+?) than",
        clause,
        re.I,
    )
    if found:
        preferred = found.group(1) or found.group(2)
        item = thing(re.split(r"\s+(?:to|over|rather than)\s+", preferred)[0])
        if not item:
            return []
        key = (
            "preference:time_of_day"
            if TIME_OF_DAY.search(item.lower())
            else (f"prefers:{slug(item)}")
        )
        return [
            fact(f"Prefers {third_person(item)}", "personal", key, 0.8, "preference", value=item)
        ]
    found = re.search(
        r"\bI (?:usually |normally )?(wake up|get up|go to bed|go to sleep) (?:at |around |by )"
        r"(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)",
        clause,
        re.I,
    )
    if found:
        when = found.group(2).strip()
        wake = found.group(1).lower() in ("wake up", "get up")
        content = f"Usually {'wakes up' if wake else 'goes to bed'} around {when}"
        key = "routine:wake_time" if wake else "routine:bed_time"
        return [fact(content, "personal", key, 0.75, "routine")]
    return []
