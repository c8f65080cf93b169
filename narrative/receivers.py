"""What the narrative app reacts to: the default scenario installed after migrations, and
goals' news (a mission finished, a streak milestone, a goal completed, a return after a
drop-off, history imported) earning Essence, unlocking hidden quests and asking for the
next beat of the story, connected in `NarrativeConfig.ready`.

Essence for a mission or a milestone is one insert and is earned at once; the quests are
evaluated by a background job (narrative.tasks.evaluate_quests) enqueued once the event
commits, so the request does not wait for them and a lost worker's job runs again."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.apps import AppConfig
from django.dispatch import receiver
from django.utils import timezone

from delight.models import User
from goals import signals as goals_signals
from goals.models import Goal, Habit, Mission, MissionSession
from narrative import ledger, quests
from narrative.beats import services as beats
from narrative.models import BeatTrigger
from narrative.services import scenario_install_default

Trigger = BeatTrigger.Kind


def install_default_scenario(sender: AppConfig, **kwargs: Any) -> None:
    """post_migrate: install the default scenario unless there is one."""
    scenario_install_default()


@receiver(goals_signals.mission_completed, dispatch_uid="narrative-mission-done")
def mission_done(*, mission: Mission, at: dt.datetime, **_: Any) -> None:
    ledger.essence_earn_mission(mission=mission)
    quests.quests_check_enqueue(user=mission.user, event="mission")
    beats.beat_request(
        user=mission.user,
        kind=Trigger.MISSION,
        key=ledger.mission_key(mission),
        at=at,
        detail={"id": mission.pk, "title": mission.title},
    )


@receiver(goals_signals.mission_reopened, dispatch_uid="narrative-mission-reopened")
def mission_undone(*, mission: Mission, **_: Any) -> None:
    """A completion taken back: its Essence, and its passage if not yet written."""
    ledger.essence_take_back_mission(mission=mission)
    beats.beat_trigger_withdraw(
        user=mission.user, key=ledger.mission_key(mission, mission.reopened - 1)
    )


@receiver(goals_signals.habit_done, dispatch_uid="narrative-habit-done")
def habit_done(*, habit: Habit, day: dt.date, **_: Any) -> None:
    ledger.essence_earn_habit_day(habit=habit, day=day)


@receiver(goals_signals.progress_recounted, dispatch_uid="narrative-progress-recounted")
def progress_recounted(*, user: User, **_: Any) -> None:
    """Habit days changed and were counted: the quests a habit can change (looked at after
    the count, once for a burst of ticks, not in the tick's request)."""
    quests.quests_check_enqueue(user=user, event="habit")


@receiver(goals_signals.habit_undone, dispatch_uid="narrative-habit-undone")
def habit_undone(*, habit: Habit, day: dt.date, **_: Any) -> None:
    ledger.essence_take_back_habit_day(habit=habit, day=day)


@receiver(goals_signals.habit_milestone, dispatch_uid="narrative-habit-milestone")
def habit_milestone(*, habit: Habit, length: int, unit: str, started_on: dt.date, **_: Any) -> None:
    """A habit kept for a week (or a month, …) is worth a passage; a weekly habit's weeks
    earn Essence, its passage waits until the story can tell weeks."""
    ledger.essence_earn_habit_milestone(
        habit=habit, length=length, unit=unit, started_on=started_on
    )
    if unit == "days":
        beats.beat_request(
            user=habit.user,
            kind=Trigger.STREAK,
            key=ledger.habit_milestone_key(habit, length=length, started_on=started_on),
            detail={"days": length, "category": habit.category, "habit": habit.title},
        )


@receiver(goals_signals.streak_milestone, dispatch_uid="narrative-streak-milestone")
def milestone_reached(
    *, user: User, category: str, days: int, reached_on: dt.date, **_: Any
) -> None:
    ledger.essence_earn_milestone(user=user, category=category, days=days, reached_on=reached_on)
    beats.beat_request(
        user=user,
        kind=Trigger.STREAK,
        key=f"streak:{category or 'overall'}:{days}:{reached_on.isoformat()}",
        detail={"days": days, "category": category},
    )


@receiver(goals_signals.session_ended, dispatch_uid="narrative-session-ended")
def session_ended(*, session: MissionSession, **_: Any) -> None:
    quests.quests_check_enqueue(user=session.user, event="session")


@receiver(goals_signals.goal_completed, dispatch_uid="narrative-goal-completed")
def goal_completed(*, goal: Goal, at: dt.datetime, **_: Any) -> None:
    quests.quests_check_enqueue(user=goal.user, event="goal")
    beats.beat_request(
        user=goal.user,
        kind=Trigger.GOAL,
        key=f"goal:{goal.pk}",
        at=at,
        detail={"id": goal.pk, "title": goal.title},
    )


@receiver(goals_signals.activity, dispatch_uid="narrative-return")
def came_back(*, user: User, at: dt.datetime, returning: bool, **_: Any) -> None:
    """The first activity after a drop-off (two days away or more) asks for a comeback beat,
    once a story has something real to recall."""
    if returning:
        beats.beat_request(user=user, kind=Trigger.RETURN, key=f"return:{at.isoformat()}", at=at)


@receiver(goals_signals.history_imported, dispatch_uid="narrative-history-imported")
def history_imported(*, user: User, first_date: dt.date, **_: Any) -> None:
    """Imported history is real progress: the story tells it (the first beat opens it)."""
    quests.quests_check_enqueue(user=user)
    now = timezone.now()
    beats.beat_request(user=user, kind=Trigger.MISSION, key=f"import:{now.isoformat()}", at=now)
