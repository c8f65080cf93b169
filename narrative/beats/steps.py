"""The beat pipeline's steps, each a function of plain data (what the pipeline keeps in its
checkpoints): assess → select → generate → validate → commit → check unlocks. The pipeline
itself (its graph, runner and checkpoints) is the companion's, like Eliza's turn; these are
the narrative's own parts of it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any
from zoneinfo import ZoneInfo

from delight.ai.engine import Engine
from delight.models import User
from narrative import quests, selectors
from narrative.beats.assess import progress_assess
from narrative.beats.changes import changes_read
from narrative.beats.plan import Position, position_next, scene_plan
from narrative.beats.select import beat_kind_select
from narrative.beats.telling import (
    beat_facts,
    choice_named,
    event_name,
    facts_from_dict,
    facts_to_dict,
    provenance_of,
    trigger_detail,
)
from narrative.invariants import check
from narrative.models import Beat, BeatKind, BeatTrigger
from narrative.prose import beat_draft, beat_draft_offline, familiarity_problem


class NothingToTell(ValueError):
    """A beat with no real progress to cite is never written."""


def beat_assess(*, beat: Beat, now: dt.datetime) -> dict[str, Any]:
    return {"at": now.isoformat(), **progress_assess(user=beat.user, beat=beat, now=now)}


def beat_select(*, beat: Beat, assessment: dict[str, Any]) -> dict[str, Any]:
    """Choose the beat and plan its scene from what happened.

    1. The kind (narrative.beats.select) and the real facts it cites (none: NothingToTell).
    2. Its chapter (the story moves on after a full chapter) and its scene (place, world
       changes, a side chapter offered), planned on the world as it stands.
    3. The facts the words are made from, with the world as the scene leaves it.
    """
    user, story = beat.user, beat.story
    at = dt.datetime.fromisoformat(assessment["at"])
    triggers = [t["kind"] for t in assessment["triggers"]]
    written = assessment["beats_written"]
    kind = beat_kind_select(
        triggers=triggers, beats_written=written, days_since_last=assessment["days_since_last"]
    )
    provenance = provenance_of(assessment, kind)
    if not provenance:
        raise NothingToTell("There is no real progress to tell yet.")
    data = story.scenario.data
    told = selectors.beats_written(user=user).filter(act=story.act, chapter=story.chapter)
    in_chapter = told.exclude(kind=BeatKind.SIDE).count()  # side paths leave the road as it is
    choice = trigger_detail(assessment, BeatTrigger.Kind.CHOICE) or {}
    if kind == BeatKind.SIDE:  # a side path, off the road: the story stays in its chapter
        position = Position(story.act, story.chapter, opens=False)
    else:
        position = position_next(
            data, act=story.act, chapter=story.chapter, in_chapter=in_chapter, first=written == 0
        )
    world, rules = selectors.world_current(user=user), selectors.rules_for(story=story)
    scene = scene_plan(
        world=world,
        rules=rules,
        data=data,
        position=position,
        kind=kind,
        at=at,
        beat_id=beat.pk,
        event_name=event_name(kind, provenance, choice_named(choice) if choice else ""),
        host=choice.get("host"),
        gift=choice.get("item"),
    )
    after = check(world, scene.moves, at=at, rules=rules).world
    facts = beat_facts(
        assessment=assessment,
        provenance=provenance,
        kind=kind,
        data=data,
        position=position,
        scene=scene,
        after=after,
        local=at.astimezone(ZoneInfo(user.timezone)),
        seed=beat.pk,
        first_name=user.first_name,
        previous_title=assessment["previous_title"],
    )
    return {
        "at": at.isoformat(),
        "kind": kind,
        "position": {
            "act": position.act,
            "chapter": position.chapter,
            "opens": position.opens,
            "finished": list(position.finished) if position.finished else None,
        },
        "place": scene.place,
        "choice": scene.choice,
        "provenance": provenance,
        "facts": facts_to_dict(facts),
    }


def beat_generate(
    *, selected: dict[str, Any], engine: Engine, feedback: Sequence[str] = (), offline: bool = False
) -> dict[str, Any]:
    """A draft of the beat: the model's (when one is configured and ``offline`` is not
    asked), or the offline grammar's with the planned changes."""
    facts = facts_from_dict(selected["facts"])
    if offline:
        draft = beat_draft_offline(facts)
    else:
        draft = beat_draft(facts, engine=engine, feedback=feedback)
    return {
        "title": draft.text.title,
        "text": draft.text.text,
        "source": draft.text.source,
        "changes": [dict(change) for change in draft.changes],
        "told": list(draft.text.told),
    }


def beat_validate(*, beat: Beat, selected: dict[str, Any], draft: dict[str, Any]) -> list[str]:
    """Every invariant the draft's world changes would break, and what its words say against
    the world (a place new to the hero told as familiar), in plain words (none: valid)."""
    proposed, problems = changes_read(draft["changes"])
    at = dt.datetime.fromisoformat(selected["at"])
    world = selectors.world_current(user=beat.user)
    facts = facts_from_dict(selected["facts"])
    said = familiarity_problem(facts, draft["text"])
    return (
        problems
        + check(world, proposed, at=at, rules=selectors.rules_for(story=beat.story)).violations
        + ([said] if said else [])
    )


def beat_unlocks(*, user: User) -> list[str]:
    """The hidden quests the person now meets, unlocked (each once)."""
    return [unlock.quest_key for unlock in quests.quests_check(user=user)]
