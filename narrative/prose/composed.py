"""Scene colour and titles composed of parts (parts.py), for a passage that needs words after
the story's stock paragraphs of colour were all told: a stock paragraph told again reads as
machine-made by the third time, while parts that meet in new pairs read as a new moment.

A paragraph is two sentences: "{who} {doing} {where}." then "{sense}, {feel}." Each part is
picked by the beat's chooser (its slot's part told least in this story, never one used in
the same beat), so the parts come round evenly and the pairs they make vary.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Protocol

from narrative.prose import parts


class Teller(Protocol):
    """What composing needs of a beat's chooser (narrative.prose.grammar.Chooser)."""

    said: dict[str, str]

    def pick(self, slot: str, options: Sequence[str], **more: str) -> str: ...

    def times_told(self, phrase: str) -> int: ...


def colour_composed(part_of_day: str, teller: Teller, index: int) -> str:
    """The beat's `index`-th composed paragraph of colour for `part_of_day` ("evening" when
    the part is unknown).

    1. Each part in turn, its slot's part told least and unused in this beat (the teller).
    2. Of those, one whose meeting with the part before it ("A baker … sweeps a doorstep",
       "… by the old well. The air smells …") the story never told, while one is left: a run
       of eight words repeats only where two parts meet again.
    3. Each meeting is remembered as told, with the parts.
    """
    doing = parts.DOING.get(part_of_day, parts.DOING["evening"])
    sense = parts.SENSE.get(part_of_day, parts.SENSE["evening"])
    slot = f"colour-{index}"
    who = teller.pick(f"{slot}-who", parts.WHO)
    what = _meeting(teller, f"{slot}-doing", doing, before=f"{who} ")
    where = _meeting(teller, f"{slot}-where", parts.WHERE, before=f"{what} ")
    air = _meeting(teller, f"{slot}-sense", sense, before=f"{where}. ")
    feel = _meeting(teller, f"{slot}-feel", parts.FEEL, before=f"{air}, ")
    return f"{who} {what} {where}. {air}, {feel}."


def _meeting(teller: Teller, slot: str, options: Sequence[str], *, before: str) -> str:
    untold = [option for option in options if not teller.times_told(before + option)]
    words = teller.pick(slot, untold or options)
    teller.said[before + words] = before + words
    return words


def colour_parts_all() -> list[str]:
    """Every part, for the checks that read each one on its own."""
    days = [*parts.DOING.values(), *parts.SENSE.values()]
    return [*parts.WHO, *parts.WHERE, *parts.FEEL, *(text for table in days for text in table)]


@functools.cache
def titles_composed() -> tuple[str, ...]:
    """Every two-part title ("Steady Embers", "Seeds and Lanterns"): 276 of them."""
    nouns = parts.TITLE_NOUNS
    pairs = [f"{adjective} {noun}" for adjective in parts.TITLE_ADJECTIVES for noun in nouns]
    return (*pairs, *(f"{one} and {other}" for one in nouns for other in nouns if one != other))
