"""Hidden quests: their conditions as data, the evaluator, and the unlock.

A quest's condition is a small dict whose first key names its test:
- `{"streak_days": 20}`: a streak of 20 days of any activity, at any time (the longest
  counts, so an imported history counts too); with `"any_category": true`, 20 days within
  one value category (any one) also unlock it;
- `{"missions_done": 50}`, `{"goals_completed": 1}`: so many missions done, goals completed;
- `{"habit_days": 30}`: one habit done on 30 days (any 30, imported ones too);
- `{"comeback_after_hours": 48}`: a mission done or a habit ticked within a day of coming
  back after at least 48 hours without any activity (goals' activity events);
- `{"late_sessions_at": "observatory", "count": 5}`: five focus sessions ended at night
  (21:00-04:00 on the person's clock) in one of the zone's categories while it was open.
The tests are pure functions of `QuestFacts`, read by one selector (narrative.selectors).
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django_q.tasks import async_task

from delight.events import announce
from delight.models import User
from goals import services as goals_services
from narrative import selectors, signals
from narrative.beats.services import beat_request
from narrative.ledger import essence_earn
from narrative.models import BeatTrigger, EssenceKind, QuestUnlock, Story
from narrative.notices import quest_tell
from narrative.selectors import QuestFacts
from narrative.services import story_start


@dataclass(frozen=True)
class Quest:
    key: str
    title: str
    message: str  # from Eliza, when it unlocks
    reward: int  # Essence
    condition: Mapping[str, Any]
    mission: str  # the special mission it gives
    mission_description: str


QUESTS: tuple[Quest, ...] = (
    Quest(
        key="unbroken-twenty",
        title="Twenty days unbroken",
        message="Twenty days in a row. The path you walk has worn smooth under your feet — "
        "and a door has appeared where the path bends.",
        reward=50,
        condition={"streak_days": 20, "any_category": True},
        mission="Open the door at the bend",
        mission_description="Write down what carried you through these twenty days, in a "
        "sentence or two.",
    ),
    Quest(
        key="fifty-missions",
        title="Fifty missions",
        message="Fifty missions done. The keepers of the Commons have started telling your "
        "story to newcomers.",
        reward=40,
        condition={"missions_done": 50},
        mission="Tell a newcomer your story",
        mission_description="Pick one of your fifty missions you are proud of and tell "
        "someone about it.",
    ),
    Quest(
        key="a-practice-kept",
        title="A practice kept",
        message="Thirty days of the same small practice. The lamplighters have begun to set "
        "their evening rounds by you.",
        reward=30,
        condition={"habit_days": 30},
        mission="Write down your practice's secret",
        mission_description="One sentence on what keeps it going, for the day it gets hard.",
    ),
    Quest(
        key="first-goal",
        title="The first summit",
        message="You finished a whole goal. From up here you can see a land no one has mapped yet.",
        reward=30,
        condition={"goals_completed": 1},
        mission="Map the new land",
        mission_description="Take ten minutes to note what you would like to reach next.",
    ),
    Quest(
        key="the-return",
        title="The return",
        message="You came back, and you did something the moment you did. That is the "
        "bravest step there is. Welcome home.",
        reward=20,
        condition={"comeback_after_hours": 48},
        mission="Light the lantern at home",
        mission_description="Ten easy minutes on anything you like: the lantern is lit either way.",
    ),
    Quest(
        key="night-sky",
        title="Night at the Observatory",
        message="Five late evenings under the Observatory's dome. The stars have started "
        "to arrange themselves into a shape you recognise.",
        reward=25,
        condition={"late_sessions_at": "observatory", "count": 5},
        mission="Name the new constellation",
        mission_description="Write down one thing these quiet evenings taught you.",
    ),
)


# -- evaluation (pure) ----------------------------------------------------------------------


def longest_gap_hours(times: Iterable[dt.datetime]) -> float:
    """The longest time between two instants next to each other in `times` (ascending)."""
    pairs = itertools.pairwise(times)
    return max(((later - earlier).total_seconds() / 3600 for earlier, later in pairs), default=0)


def _streak(condition: Mapping[str, Any], facts: QuestFacts) -> bool:
    best = facts.streak_longest
    if condition.get("any_category"):
        best = max(best, facts.streak_longest_category)
    return best >= condition["streak_days"]


def _missions(condition: Mapping[str, Any], facts: QuestFacts) -> bool:
    return facts.missions_done >= condition["missions_done"]


def _habit_days(condition: Mapping[str, Any], facts: QuestFacts) -> bool:
    return facts.habit_days_most >= condition["habit_days"]


def _goals(condition: Mapping[str, Any], facts: QuestFacts) -> bool:
    return facts.goals_completed >= condition["goals_completed"]


def _comeback(condition: Mapping[str, Any], facts: QuestFacts) -> bool:
    return longest_gap_hours(facts.return_times) >= condition["comeback_after_hours"]


def _late_sessions(condition: Mapping[str, Any], facts: QuestFacts) -> bool:
    return facts.late_sessions.get(condition["late_sessions_at"], 0) >= condition.get("count", 1)


# Each test by the key that names it, with the fact it needs (selectors.quest_facts).
TESTS: dict[str, tuple[Callable[[Mapping[str, Any], QuestFacts], bool], Callable[..., str]]] = {
    "streak_days": (_streak, lambda condition: "streak"),
    "missions_done": (_missions, lambda condition: "missions_done"),
    "habit_days": (_habit_days, lambda condition: "habit_days"),
    "goals_completed": (_goals, lambda condition: "goals_completed"),
    "comeback_after_hours": (_comeback, lambda condition: "return"),
    "late_sessions_at": (
        _late_sessions,
        lambda condition: f"late_sessions:{condition['late_sessions_at']}",
    ),
}


def condition_test(condition: Mapping[str, Any]) -> str:
    """The name of a condition's test: its first key, which must be a known one."""
    name = next(iter(condition), "")
    if name not in TESTS:
        raise ValueError(f"Unknown quest condition {dict(condition)!r}: starts with one of {TESTS}")
    return name


def quest_met(quest: Quest, facts: QuestFacts) -> bool:
    test, _ = TESTS[condition_test(quest.condition)]
    return test(quest.condition, facts)


# The facts each kind of event can change: a quest is judged on the events that can make it
# true (its facts unchanged, a judgement could not change either). No event named: all.
EVENT_FACTS: dict[str, frozenset[str]] = {
    "mission": frozenset({"streak", "missions_done", "return"}),
    "habit": frozenset({"streak", "habit_days", "return"}),
    "session": frozenset({"late_sessions"}),
    "goal": frozenset({"goals_completed"}),
}


def facts_needed(quests: Iterable[Quest]) -> set[str]:
    return {TESTS[condition_test(quest.condition)][1](quest.condition) for quest in quests}


def quests_found(*, user: User) -> list[tuple[Quest, QuestUnlock]]:
    """The quests the person unlocked, newest first, each with its unlock; a quest since
    taken out of the table is left out."""
    return [
        (QUESTS_BY_KEY[unlock.quest_key], unlock)
        for unlock in selectors.quests_unlocked(user=user)
        if unlock.quest_key in QUESTS_BY_KEY
    ]


def _check_table(quests: tuple[Quest, ...]) -> None:
    keys = [quest.key for quest in quests]
    if len(set(keys)) != len(keys):
        raise ValueError(f"Two quests share a key: {keys}")
    facts_needed(quests)  # every condition names a known test


_check_table(QUESTS)
QUESTS_BY_KEY = {quest.key: quest for quest in QUESTS}


# -- unlocking ------------------------------------------------------------------------------


EVALUATE_TASK = "narrative.tasks.evaluate_quests"


# A story whose quests were due this long ago and are still not looked at lost its job (a
# killed worker): the sweep looks at them (narrative.tasks.sweep_quests, every minute).
QUESTS_JOB_GRACE = dt.timedelta(seconds=15)


@transaction.atomic
def quests_check_enqueue(*, user: User, event: str = "", now: dt.datetime | None = None) -> None:
    """Look for quests the person now meets in the background, once the caller's
    transaction commits (the event's request never waits for it). The story keeps when
    they became due until they are looked at, so a lost job is made up by the sweep."""
    due, at = Story.objects.owned_by(user), now or timezone.now()
    if not due.update(quests_due_at=at):  # no story yet: begin it
        story_start(user=user)
        due.update(quests_due_at=at)
    transaction.on_commit(lambda: async_task(EVALUATE_TASK, user.pk, event))


def quests_check_due(
    *, user: User, event: str = "", now: dt.datetime | None = None
) -> list[QuestUnlock]:
    """Look at the person's quests after ``event``, and clear the mark of an event up to
    ``now`` (a later event keeps its own mark, and its own job)."""
    now = now or timezone.now()
    unlocks = quests_check(user=user, now=now, event=event)
    Story.objects.owned_by(user).filter(quests_due_at__lte=now).update(quests_due_at=None)
    return unlocks


def quests_sweep(*, now: dt.datetime | None = None, limit: int = 200) -> int:
    """Look at the quests of the stories whose job went missing; how many stories."""
    now = now or timezone.now()
    due = Story.objects.filter(quests_due_at__lt=now - QUESTS_JOB_GRACE).select_related("user")
    stories = list(due.order_by("quests_due_at")[:limit])
    for story in stories:
        quests_check_due(user=story.user, now=now)
    return len(stories)


def quests_check(
    *, user: User, now: dt.datetime | None = None, event: str = ""
) -> list[QuestUnlock]:
    """Unlock every quest whose condition the person now meets (of those ``event`` can make
    true); the unlocks made (each at most once, whoever else tries at once: quest_unlock)."""
    now = now or timezone.now()
    return [
        unlock
        for quest in quests_due(user=user, now=now, event=event)
        if (unlock := quest_unlock(user=user, quest=quest, now=now))
    ]


def quests_due(*, user: User, now: dt.datetime, event: str = "") -> list[Quest]:
    """The quests the person meets at `now` and has not unlocked yet (reads only).

    1. Leave out the quests they unlocked already, and those `event` cannot make true (its
       kind changes none of their facts: EVENT_FACTS); with none left, nothing more is read.
    2. Read the facts the rest need, in one selector, and judge each condition on them.
    """
    unlocked = selectors.quest_keys_unlocked(user=user)
    locked = [quest for quest in QUESTS if quest.key not in unlocked]
    if event:
        changed = EVENT_FACTS[event]
        locked = [q for q in locked if facts_needed([q]).pop().split(":")[0] in changed]
    if not locked:
        return []
    facts = selectors.quest_facts(user=user, now=now, needs=facts_needed(locked))
    return [quest for quest in locked if quest_met(quest, facts)]


@transaction.atomic
def quest_unlock(*, user: User, quest: Quest, now: dt.datetime) -> QuestUnlock | None:
    """Unlock `quest` for the person once; None when it was unlocked before.

    1. Insert the unlock with ON CONFLICT DO NOTHING: of two workers at once, the second
       waits for the first's row and inserts nothing (UNIQUE user + quest).
    2. Earn its reward (key `quest:<key>`), give its special mission (goals, when the person
       has an active goal), tell the person (a notice with Eliza's message), and announce
       `quest_unlocked` once this commits.
    """
    unlock_id = _unlock_insert(user=user, key=quest.key, now=now)
    if unlock_id is None:
        return None
    essence_earn(
        user=user,
        key=f"quest:{quest.key}",
        amount=quest.reward,
        kind=EssenceKind.EARNED_QUEST,
        note=quest.title,
    )
    mission = goals_services.mission_special_create(
        user=user, title=quest.mission, description=quest.mission_description
    )
    unlock = QuestUnlock(pk=unlock_id, user=user, quest_key=quest.key, unlocked_at=now)
    if mission is not None:
        unlock.mission = mission
        unlock.save(update_fields=["mission"])
    beat_request(
        user=user,
        kind=BeatTrigger.Kind.QUEST,
        key=f"quest:{quest.key}",
        at=now,
        detail={"key": quest.key, "title": quest.title, "message": quest.message},
    )
    quest_tell(user=user, key=quest.key, title=quest.title, message=quest.message)
    announce(
        signals.quest_unlocked,
        sender=QuestUnlock,
        user=user,
        key=quest.key,
        title=quest.title,
        message=quest.message,
    )
    return unlock


def _unlock_insert(*, user: User, key: str, now: dt.datetime) -> int | None:
    table = QuestUnlock._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (user_id, quest_key, unlocked_at) VALUES (%s, %s, %s) "
            "ON CONFLICT (user_id, quest_key) DO NOTHING RETURNING id",
            [user.pk, key, now],
        )
        row = cursor.fetchone()
    return row[0] if row else None
