"""What the story calls things and what they are: the names of the scene's places, people
and items as a sentence says them, the facts every phrase may write, and a thing described
once in a story (from the scenario's description)."""

from __future__ import annotations

from delight.ai.text import listed as and_list
from narrative.prose import phrases
from narrative.prose.chooser import Chooser
from narrative.prose.facts import HERO, PARTS_OF_DAY, BeatFacts, Thing, choice_told
from narrative.prose.text import as_sentence, name_mid, one_line


def count_of(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def things_of(facts: BeatFacts) -> dict[str, Thing]:
    return {thing.key: thing for thing in (facts.place, *facts.people, *facts.items_held)}


def name_of(facts: BeatFacts, key: str) -> str:
    """What the story calls `key` mid-sentence: "you" for the hero, else its name."""
    if key == HERO:
        return "you"
    known = facts.names.get(key) or str(getattr(things_of(facts).get(key), "name", ""))
    return name_mid(one_line(known) or key.replace("-", " "))


def scene_words(facts: BeatFacts) -> dict[str, str]:
    """The facts every phrase of the scene may write (phrases/ names them); unknown ones
    are left out, so the phrases that need them sleep."""
    part = facts.part_of_day if facts.part_of_day in PARTS_OF_DAY else "evening"
    words = {
        "place": name_of(facts, facts.place.key),
        "when": phrases.WHEN[part],
        "act": one_line(facts.act_name),
        "chapter": one_line(facts.chapter_name),
        "hello": f", {facts.first_name.strip()}" if facts.first_name.strip() else "",
        "category": _streak_of(facts),
    }
    optional = {
        "name": facts.first_name.strip(),
        "choice": one_line(facts.choice_label),
        "choice_told": one_line(facts.choice_told or choice_told(facts.choice_label)),
        # A title that quotes ("The Day of “Call Sam”") is not quoted again inside quotes.
        "previous": "" if "“" in facts.previous_title else one_line(facts.previous_title),
        "chapter_description": as_sentence(facts.chapter_description),
        "quest_message": one_line(facts.quest_message),
        "goal": one_line(facts.goal_title),
        "toward": and_list([f"“{one_line(goal)}”" for goal in facts.goals_towards if goal]),
        "mission": one_line(facts.missions[0]) if facts.missions else "",
        "quest": one_line(facts.quest_title),
        "days": count_of(facts.streak_days, "day") if facts.streak_days > 0 else "",
        "days_title": count_of(facts.streak_days, "Day") if facts.streak_days > 0 else "",
        "minutes": count_of(facts.minutes, "minute") if facts.minutes > 0 else "",
    }
    if facts.host:
        optional["host"] = first_name_of(name_of(facts, facts.host))
        optional["progress"] = _progress(facts)
    words.update({name: value for name, value in optional.items() if value})
    return words


def _streak_of(facts: BeatFacts) -> str:
    """Whose days in a row a streak counts, as words after "7 days in a row": a habit's
    (" of “Meditate”"), a category's (" for your health missions"), or "" for every day."""
    if facts.streak_habit.strip():
        return f" of “{one_line(facts.streak_habit)}”"
    return f" for your {facts.streak_category} missions" if facts.streak_category else ""


def _progress(facts: BeatFacts) -> str:
    """The hero's latest real progress in a few words, for a person to speak of."""
    if facts.missions:
        return f"“{one_line(facts.missions[0])}”"
    if facts.streak_days > 1:
        return f"your {facts.streak_days} days in a row"
    return ""


def description_form(description: str) -> str:
    """How a description reads (phrases.DESCRIBE): "noun", "it", "verb" or "other"."""
    words = description.split()
    first = words[0].lower() if words else ""
    if first in phrases.ARTICLES:
        return "noun"
    if first == "it":
        return "it"
    if first.endswith("s") and len(words) > 1 and words[1].lower() in phrases.OBJECT_STARTS:
        return "verb"
    return "other"


def describe(thing: Thing, name: str, choose: Chooser, slot: str) -> str:
    """A sentence that tells what `thing` is, from the scenario's description, naming a
    person by their first name ("Mira", just after "Mira the Lamplighter"). The story
    remembers it was told (`described_id`): a thing is described once in a story."""
    description = as_sentence(thing.description)
    form = description_form(description)
    lowered = description[:1].lower() + description[1:]
    sentence = choose.pick(
        f"describe.{slot}",
        phrases.DESCRIBE[form],
        name=first_name_of(name),
        description=description if form == "other" else lowered,
        rest=description[2:],
    )
    choose.said[described_id(thing.key)] = sentence
    return sentence


def described_id(key: str) -> str:
    """What the story keeps for a thing it described (a phrase_id, like a phrase's)."""
    return f"described:{key}"


def first_name_of(name: str) -> str:
    """A person's first name from their name in the story: "Mira the Lamplighter" -> "Mira";
    any other name as it is."""
    first, the, _ = name.partition(" the ")
    return first if the and first[:1].isupper() else name


def untold(thing: Thing, described: set[str], choose: Chooser) -> bool:
    """Whether `thing` has a description not told yet, in this beat or before in the story."""
    return (
        bool(thing.description)
        and thing.key not in described
        and not choose.times_told(described_id(thing.key))
    )
