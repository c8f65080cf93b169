"""Scene colour, openings and titles composed of parts (parts.py), for a passage that needs
words after the story's stock paragraphs of colour (or openings) were all told: a stock
paragraph told again reads as machine-made by the third time, while parts that meet in new
pairs read as a new moment.

A paragraph is two sentences: "{who} {doing} {where}." then "{sense}, {feel}." Each part is
picked by the beat's chooser (its slot's part told least in this story, never one used in
the same beat), so the parts come round evenly and the pairs they make vary.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from narrative.prose import parts
from narrative.prose.chooser import Chooser
from nudges.words.tone import nudge_tone_problem


def colour_composed(
    part_of_day: str, choose: Chooser, index: int, people: Sequence[str] = ()
) -> str:
    """The beat's `index`-th composed paragraph of colour for `part_of_day` ("evening" when
    the part is unknown); someone of the valley, or one of the `people` here the hero met
    (by first name).

    1. Each part in turn, its slot's part told least and unused in this beat.
    2. Of those, one whose meeting with the part before it ("A baker … sweeps a doorstep",
       "… by the old well. The air smells …") the story never told, while one is left
       (Chooser.pick_after): a run of eight words repeats only where two parts meet again.
    3. Each meeting is remembered as told, with the parts.
    """
    doing = parts.DOING.get(part_of_day, parts.DOING["evening"])
    sense = parts.SENSE.get(part_of_day, parts.SENSE["evening"])
    slot = f"colour-{index}"
    who = choose.pick(f"{slot}-who", (*people, *parts.WHO))
    what = choose.pick_after(f"{slot}-doing", doing, before=f"{who} ")
    where = choose.pick_after(f"{slot}-where", parts.WHERE, before=f"{what} ")
    air = choose.pick_after(f"{slot}-sense", sense, before=f"{where}. ")
    feel = choose.pick_after(f"{slot}-feel", parts.FEEL, before=f"{air}, ")
    return f"{who} {what} {where}. {air}, {feel}."


def stroll_composed(
    part_of_day: str, choose: Chooser, index: int, people: Sequence[str] = ()
) -> str:
    """The beat's `index`-th stroll: two paragraphs of colour as one, the second a little
    further on ("… Nearby, a weaver with ink-blue fingers …"), so a passage's colour reads
    as a walk through the valley rather than a list of scenes. The first stroll may meet
    one of the `people` here, going about their own evening."""
    first = colour_composed(part_of_day, choose, 2 * index, people if index == 0 else ())
    then = choose.pick(f"stroll-{index}", parts.FURTHER)
    second = colour_composed(part_of_day, choose, 2 * index + 1)
    return f"{first} {then} {second[:1].lower()}{second[1:]}"


COLOUR_TRIES = 3  # composed colour tried before one the tone check reads as kind is kept
COLOUR_SLOTS = 100  # a try's slots start this far from the last: never a slot of another's


def colour_kind(
    part_of_day: str, choose: Chooser, index: int, *, stroll: bool, people: Sequence[str] = ()
) -> str:
    """The beat's `index`-th composed colour (a stroll of two scenes, or one scene) that the
    nudge tone check reads as kind: parts that meet in a new way can read as sad to the
    emotion classifier ("…shells beans into a blue bowl…"), so another meeting is composed,
    up to COLOUR_TRIES times (the last is kept: every part is kind on its own)."""
    text = ""
    for attempt in range(COLOUR_TRIES):
        slot = index + attempt * COLOUR_SLOTS  # a slot of its own: other parts, other hash
        if stroll:
            text = stroll_composed(part_of_day, choose, slot, people)
        else:
            text = colour_composed(part_of_day, choose, 2 * slot)
        if not nudge_tone_problem(text):
            break
    return text


def opening_composed(choose: Chooser) -> str:
    """An opening of parts: "{arrive} {mood}. {Light}, {reaction}." (the beat's light).

    1. Arriving (its place and part of day filled in), told least in this story.
    2. A mood and a reaction whose meetings with the words before them the story never
       told while one is left (Chooser.pick_after), as colour_composed does.
    """
    arrive = choose.pick("opening-arrive", parts.ARRIVE)
    mood = choose.pick_after("opening-mood", parts.MOOD, before=f"{arrive} ")
    light = choose.fill("{Light}")
    reaction = choose.pick_after("opening-reaction", parts.REACTION, before=f"{light}, ")
    return f"{arrive} {mood}. {light}, {reaction}."


def light_composed(part_of_day: str, choose: Chooser) -> str:
    """The light of `part_of_day` in two clauses of parts.LIGHT_PARTS ("the moon is up,
    crickets sing"): of every pair, one told least in this story (each pair once before any
    twice)."""
    clauses = parts.LIGHT_PARTS.get(part_of_day, parts.LIGHT_PARTS["evening"])
    pairs = [f"{first}, {then}" for first in clauses for then in clauses if first != then]
    return choose.pick("light-pair", pairs)


def cause_composed(choose: Chooser, slot: str, *, at: str, event: str) -> str:
    """A mark of the hero's work in parts: "{lead} {core}{join} {event}{end}"
    (parts.CAUSE_*).

    1. A lead, told least in this story.
    2. A core (the place) and a join whose meetings with the words before them the story
       never told while one is left (Chooser.pick_after; a core's meeting whatever place).
    3. The mark, and an end told least.
    """
    lead = choose.pick(f"{slot}-lead", parts.CAUSE_LEAD)
    core = choose.pick_after(f"{slot}-core", parts.CAUSE_CORE, before=f"{lead} ", at=at)
    join = choose.pick_after(f"{slot}-join", parts.CAUSE_JOIN, before=core)
    end = choose.pick(f"{slot}-end", parts.CAUSE_END)
    return f"{lead} {core}{join} {event}{end}"


@functools.cache
def titles_composed() -> tuple[str, ...]:
    """Every two-part title ("Steady Embers", "Seeds and Lanterns"): 276 of them."""
    nouns = parts.TITLE_NOUNS
    pairs = [f"{adjective} {noun}" for adjective in parts.TITLE_ADJECTIVES for noun in nouns]
    return (*pairs, *(f"{one} and {other}" for one in nouns for other in nouns if one != other))
