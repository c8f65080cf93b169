"""From what happened to what a beat tells (pure): the real facts it cites (its provenance),
the name of the event it adds to the world, and the facts the words are made from."""

from __future__ import annotations

import dataclasses
import datetime as dt
import zlib
from collections.abc import Mapping
from typing import Any

from narrative.beats.changes import changes_to_dicts
from narrative.beats.plan import Position, Scene
from narrative.invariants import AT, EVENT, HERO, HOLDS, World
from narrative.models import BeatKind, BeatTrigger
from narrative.prose import BeatFacts, Thing
from narrative.prose.facts import choice_told
from narrative.prose.parts import MARKS
from narrative.scenario import scenario_chapter
from world.rules import sun_is_up

Trigger = BeatTrigger.Kind
STREAK_WORTH_TELLING = 2  # a current streak shorter than this is not a fact worth citing


def trigger_of(assessment: Mapping[str, Any], kind: str) -> dict[str, Any] | None:
    """The first trigger of ``kind`` that asked for this beat, with its key and detail (of
    several streak milestones at once, the longest)."""
    found = [t for t in assessment["triggers"] if t["kind"] == kind]
    if kind == Trigger.STREAK and found:
        return max(found, key=lambda trigger: trigger["detail"].get("days", 0))
    return found[0] if found else None


def trigger_detail(assessment: Mapping[str, Any], kind: str) -> dict[str, Any] | None:
    """What the trigger of ``kind`` that asked for this beat carried (trigger_of)."""
    trigger = trigger_of(assessment, kind)
    return trigger["detail"] if trigger else None


def provenance_of(assessment: Mapping[str, Any], kind: str) -> list[dict[str, Any]]:
    """The person's real progress a beat of ``kind`` tells, each with what identifies it.

    1. A quest, a goal reached, a streak milestone: what their trigger carried.
    2. The missions done since the last beat (a return or a quiet week with none recalls
       the latest mission ever: nothing done is ever lost), and the habits kept since.
    3. A streak still alive when nothing else is news (a milestone already says it, and
       told beside a day's missions day after day it reads as a refrain); their own words
       after a session and jotted during one, if any.
    """
    cited: list[dict[str, Any]] = []
    if quest := trigger_detail(assessment, Trigger.QUEST):
        cited.append({"kind": "quest", "key": quest["key"], "title": quest["title"]})
    if goal := trigger_detail(assessment, Trigger.GOAL):
        cited.append({"kind": "goal", "id": goal["id"], "title": goal["title"]})
    if milestone := trigger_of(assessment, Trigger.STREAK):  # its key names its day
        cited.append({"kind": "streak", **milestone["detail"], "key": milestone.get("key", "")})
    missions = assessment["missions"]
    if not missions and kind in (BeatKind.COMEBACK, BeatKind.QUIET_WEEK, BeatKind.SIDE):
        missions = [m for m in [assessment["latest_mission"]] if m]
    cited += [{"kind": "mission", **mission} for mission in missions]
    cited += [{"kind": "habit", **habit} for habit in assessment.get("habits", [])]
    days = assessment["streak"]["days"]
    if not cited and days >= STREAK_WORTH_TELLING:
        cited.append({"kind": "streak", "days": days, "category": ""})
    if reflection := assessment["reflection"]:
        cited.append({"kind": "reflection", **reflection})
    if notes := assessment.get("notes"):
        cited.append({"kind": "notes", **notes})
    return cited


def event_name(kind: str, provenance: list[dict[str, Any]], choice: str = "") -> str:
    """The event a beat adds to the world, named after the real thing it tells: a thing
    that can appear and be there ("a flower box for “Run 2 km”"), as the phrases tell it."""
    first = {fact["kind"]: fact for fact in reversed(provenance)}
    if kind == BeatKind.SIDE and choice:  # "An evening with Mira", "A gift for Mira"
        return choice
    if "quest" in first and kind == BeatKind.QUEST:
        return f"A door to the quest “{first['quest']['title']}”"
    if "goal" in first and kind == BeatKind.GOAL:
        return f"A beacon for “{first['goal']['title']}”"
    if "streak" in first and kind == BeatKind.STREAK:
        return streak_mark(first["streak"])
    if kind == BeatKind.COMEBACK:
        return "The ferry home"
    if kind == BeatKind.QUIET_WEEK:
        return "The valley's rest"
    if "mission" in first:
        return f"{mark_of(first['mission'])} for “{first['mission']['title']}”"
    if "habit" in first:  # a habit kept (an import's year of it): its own mark too
        return f"{mark_of(first['habit'])} for “{first['habit']['title']}”"
    return "A new lantern"


def mark_of(mission: Mapping[str, Any]) -> str:
    """What a mission done leaves in the valley (parts.MARKS), the same for the same
    completion: by its event, else its mission, else its title."""
    number = (
        mission.get("event")
        or mission.get("mission")
        or zlib.crc32(str(mission.get("title", "")).encode())
    )
    return MARKS[int(number) % len(MARKS)]


def streak_mark(streak: Mapping[str, Any]) -> str:
    """What days in a row leave in the valley ("A wind chime for 7 days in a row", "A
    sapling for 7 days of “Meditate”"): a mark of parts.MARKS chosen by the milestone's key
    (its day), so the same count reached again leaves another."""
    days, habit = streak.get("days", 0), str(streak.get("habit") or "")
    mark = MARKS[zlib.crc32(str(streak.get("key") or days).encode()) % len(MARKS)]
    return f"{mark} for {days} days of “{habit}”" if habit else f"{mark} for {days} days in a row"


def choice_named(choice: Mapping[str, Any]) -> str:
    """The side chapter a choice bought, by name: its offer's `told` ("A gift for Mira"), or
    for an offer made before offers named it, its label as the time spent."""
    return str(choice.get("told") or choice_told(str(choice.get("label", ""))))


def part_of_day(local: dt.datetime) -> str:
    """The part of day on the person's clock, and by their sky where their timezone names a
    place: after sunset (or before sunrise) it is night, and a light summer hour the clock
    calls night is still evening (or morning)."""
    hour = local.hour
    if 5 <= hour < 12:
        part = "morning"
    elif 12 <= hour < 17:
        part = "afternoon"
    elif 17 <= hour < 21:
        part = "evening"
    else:
        part = "night"
    up = sun_is_up(str(local.tzinfo), local)
    if up is False:
        return "night"
    if up and part == "night":
        return "morning" if hour < 12 else "evening"
    return part


def beat_facts(
    *,
    assessment: Mapping[str, Any],
    provenance: list[dict[str, Any]],
    kind: str,
    data: Mapping[str, Any],
    position: Position,
    scene: Scene,
    after: World,
    local: dt.datetime,
    seed: int,
    first_name: str,
    previous_title: str,
) -> BeatFacts:
    """The facts the words are made from: the scene, the world after it, the cited progress."""
    described = {
        thing["key"]: thing for part in ("places", "people", "items") for thing in data[part]
    }

    def thing(key: str) -> Thing:
        entry = described.get(key, {})
        name = after.entities[key].name if key in after.entities else entry.get("name", key)
        return Thing(key, name, entry.get("description", ""))

    chapter = scenario_chapter(dict(data), position.act, position.chapter)
    held = after.held_by(HERO)
    cited = {fact["kind"]: fact for fact in reversed(provenance)}
    moves = changes_to_dicts(scene.moves)
    keys = {v for move in moves for k, v in move.items() if k != "op" and isinstance(v, str)}
    quest = trigger_detail(assessment, Trigger.QUEST) or {}
    choice = trigger_detail(assessment, Trigger.CHOICE) or {}
    towards = goals_towards(provenance)
    goals = assessment.get("goals", [])
    why = next((goal for goal in goals if goal["why"]), {"title": "", "why": ""})
    counted = [goal for goal in goals if goal["title"] in towards and goal["total"]]
    titles = tuple(dict.fromkeys(f["title"] for f in provenance if f["kind"] == "mission"))
    upcoming = counted[0].get("next", "") if counted else ""
    recall = assessment.get("recall") or {}
    return BeatFacts(
        kind=kind,
        seed=seed,
        act_name=chapter.act_name,
        chapter_name=chapter.name,
        chapter_description=chapter.description,
        place=thing(scene.place),
        chapter_opens=position.opens,
        first_name=first_name,
        part_of_day=part_of_day(local),
        people=tuple(thing(key) for key in scene.people),
        items_held=tuple(thing(key) for key in held),
        moves=tuple(moves),
        names={key: after.entities[key].name for key in keys if key in after.entities},
        missions=titles,
        missions_count=max(assessment["missions_count"], 0),
        habits=tuple(f["title"] for f in provenance if f["kind"] == "habit"),
        habit_days=tuple(f["days"] for f in provenance if f["kind"] == "habit"),
        minutes=assessment["minutes"],
        streak_days=cited["streak"]["days"] if "streak" in cited else 0,
        streak_category=cited["streak"].get("category", "") if "streak" in cited else "",
        streak_habit=cited["streak"].get("habit", "") if "streak" in cited else "",
        goal_title=cited["goal"]["title"] if "goal" in cited else "",
        goals_towards=towards,
        goal_counts=tuple((goal["title"], goal["done"], goal["total"]) for goal in counted),
        goal_next="" if upcoming in titles else upcoming,  # one of the same name, done now
        why_goal=why["title"],
        why=why["why"],
        habits_month=tuple(assessment.get("habits_month", ())),
        month=assessment.get("month", ""),
        missions_ever=assessment.get("missions_ever", 0),
        recall_key=recall.get("key", ""),
        recall_days=recall.get("days", 0),
        recall_weekday=recall.get("weekday", ""),
        recall_place=thing(recall["place"]).name if recall else "",
        recall_mission=recall.get("mission", ""),
        reflection=cited["reflection"]["words"] if "reflection" in cited else "",
        notes=cited["notes"]["words"] if "notes" in cited else "",
        quest_title=quest.get("title", ""),
        quest_message=quest.get("message", ""),
        choice_label=choice.get("label", ""),
        choice_told=choice_named(choice) if choice else "",
        marks_here=marks_at(after, scene.place, leave_out=keys) if _arrives(moves) else (),
        gifts_kept=tuple(
            (thing(f.subject).name, thing(f.object).name)
            for f in after.facts
            if f.relation == HOLDS and f.subject in scene.people and f.object not in keys
        ),
        host=choice.get("host") or "",
        host_lines=tuple(described.get(choice.get("host") or "", {}).get("exchange", ())),
        previous_title=previous_title,
        told=dict(assessment.get("told", {})),
        titles_told=tuple(assessment.get("titles_told", ())),
        sentences_told=tuple(assessment.get("sentences_told", ())),
    )


def goals_towards(provenance: list[dict[str, Any]]) -> tuple[str, ...]:
    """The goals the missions told were for, in order, but a goal this beat reaches."""
    reached = {fact["title"] for fact in provenance if fact["kind"] == "goal"}
    goals = [fact.get("goal") or "" for fact in provenance if fact["kind"] == "mission"]
    return tuple(dict.fromkeys(goal for goal in goals if goal and goal not in reached))


MARKS_RECALLED = 12  # the latest marks at a place a beat may recall


def _arrives(moves: list[dict[str, Any]]) -> bool:
    """Whether the hero comes to the scene's place from elsewhere (and sees its marks)."""
    return any(move["op"] == "move" and move.get("who") == HERO for move in moves)


def marks_at(world: World, place: str, *, leave_out: set[str]) -> tuple[str, ...]:
    """The marks real work left at `place` (events named by parts.MARKS), newest first,
    but those of this scene (`leave_out`)."""
    here = {f.subject for f in world.facts if f.relation == AT and f.object == place}
    marks = [
        entity
        for key, entity in world.entities.items()
        if key in here and key not in leave_out and entity.kind == EVENT
        and entity.name.startswith(MARKS)
    ]  # fmt: skip
    marks.sort(key=lambda entity: entity.introduced_at, reverse=True)
    return tuple(entity.name for entity in marks[:MARKS_RECALLED])


def facts_to_dict(facts: BeatFacts) -> dict[str, Any]:
    """The facts as plain data, for the pipeline's checkpoints."""
    return dataclasses.asdict(facts)


def facts_from_dict(data: Mapping[str, Any]) -> BeatFacts:
    things = {"place", "people", "items_held"}
    fields: dict[str, Any] = {
        k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k not in things
    }
    return BeatFacts(
        **fields,
        place=Thing(**data["place"]),
        people=tuple(Thing(**p) for p in data["people"]),
        items_held=tuple(Thing(**i) for i in data["items_held"]),
    )
