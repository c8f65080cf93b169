"""Which beat to tell (pure): the most meaningful thing that really happened since the last.

A quiet week is never a failure: it only changes how the next beat begins (the valley rested,
nothing was lost)."""

from __future__ import annotations

from collections.abc import Collection

from narrative.models import BeatKind, BeatTrigger

Trigger = BeatTrigger.Kind
QUIET_DAYS = 7  # no beat for this long: the next one opens on the quiet week

# The first trigger kind present chooses the beat.
BY_TRIGGER: tuple[tuple[str, str], ...] = (
    (Trigger.CHOICE, BeatKind.SIDE),
    (Trigger.QUEST, BeatKind.QUEST),
    (Trigger.GOAL, BeatKind.GOAL),
    (Trigger.STREAK, BeatKind.STREAK),
    (Trigger.RETURN, BeatKind.COMEBACK),
)


def beat_kind_select(
    *, triggers: Collection[str], beats_written: int, days_since_last: int | None
) -> str:
    """The kind of beat for ``triggers`` (BeatTrigger kinds).

    1. A choice bought with Essence is told as its side chapter, whatever else happened.
    2. The very first beat opens the story (it tells the progress that started it).
    3. Otherwise the weightiest trigger: a quest, a goal reached, a streak milestone, a return.
    4. Missions alone: after a week without a beat, the quiet week's welcome; else a
       milestone of missions done.
    """
    kinds = set(triggers)
    if Trigger.CHOICE in kinds:
        return BeatKind.SIDE
    if beats_written == 0:
        return BeatKind.OPENING
    for trigger, beat in BY_TRIGGER:
        if trigger in kinds:
            return beat
    if days_since_last is not None and days_since_last >= QUIET_DAYS:
        return BeatKind.QUIET_WEEK
    return BeatKind.MILESTONE
