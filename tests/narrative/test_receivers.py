"""The story hears goals' news: Essence for missions and milestones, quests on each event."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from goals import services as goals_services
from goals.models import Goal
from narrative import selectors, tasks
from narrative.models import BeatTrigger, EssenceEntry, EssenceKind
from tests.goals.factories import make_goal, make_habit, make_mission

pytestmark = pytest.mark.django_db


def test_a_finished_mission_earns_once(owner, django_capture_on_commit_callbacks):
    mission = make_mission(make_goal(owner))

    with django_capture_on_commit_callbacks(execute=True):
        goals_services.mission_complete(user=owner, mission_id=mission.pk)
    with pytest.raises(ValidationError), django_capture_on_commit_callbacks(execute=True):
        goals_services.mission_complete(user=owner, mission_id=mission.pk)

    entry = EssenceEntry.objects.get(user=owner)
    assert (entry.key, entry.amount, entry.kind) == (
        f"mission:{mission.pk}",
        10,
        EssenceKind.EARNED_MISSION,
    )
    assert entry.note == mission.title


def test_a_seven_day_streak_earns_its_milestone_once(owner, django_capture_on_commit_callbacks):
    goal = make_goal(owner, category="health")
    for ago in [6, 5, 4, 3, 2, 1, 0, 0]:
        mission = make_mission(goal)
        with django_capture_on_commit_callbacks(execute=True):
            at = timezone.now() - dt.timedelta(days=ago)
            goals_services.mission_complete(user=owner, mission_id=mission.pk, now=at)

    milestones = EssenceEntry.objects.filter(kind=EssenceKind.EARNED_MILESTONE)
    assert sorted((e.key.split(":")[1], e.amount) for e in milestones) == [
        ("health", 14),
        ("overall", 14),
    ]
    assert selectors.essence_balance(user=owner) == 8 * 10 + 28


def test_completing_a_goal_unlocks_the_first_goal_quest(owner, django_capture_on_commit_callbacks):
    goal = make_goal(owner)

    with django_capture_on_commit_callbacks(execute=True):
        goals_services.goal_set_status(user=owner, goal_id=goal.pk, status=Goal.Status.COMPLETED)

    assert selectors.quest_keys_unlocked(user=owner) == {"first-goal"}


def test_an_event_asks_for_the_quests_in_the_background_and_the_job_unlocks_them(
    owner, monkeypatch, django_capture_on_commit_callbacks
):
    enqueued: list[tuple] = []
    monkeypatch.setattr("narrative.quests.async_task", lambda *args: enqueued.append(args))
    monkeypatch.setattr("narrative.beats.services.async_task", lambda *args: enqueued.append(args))
    goal = make_goal(owner)

    with django_capture_on_commit_callbacks(execute=True):
        goals_services.goal_set_status(user=owner, goal_id=goal.pk, status=Goal.Status.COMPLETED)

    assert enqueued[0] == ("narrative.tasks.evaluate_quests", owner.pk, "goal")
    assert enqueued[1][0] == "narrative.tasks.write_story_beat"  # the goal's beat
    assert selectors.quest_keys_unlocked(user=owner) == set()  # not inside the request
    assert tasks.evaluate_quests(owner.pk) == 1
    assert selectors.quest_keys_unlocked(user=owner) == {"first-goal"}


def test_a_habit_ticked_asks_for_the_quests_a_habit_can_change(
    owner, monkeypatch, django_capture_on_commit_callbacks
):
    enqueued: list[tuple] = []
    monkeypatch.setattr("narrative.quests.async_task", lambda *args: enqueued.append(args))
    habit = make_habit(owner)

    with django_capture_on_commit_callbacks(execute=True):
        goals_services.habit_checkin(
            user=owner, habit_id=habit.pk, day=owner.local_day(timezone.now())
        )

    assert ("narrative.tasks.evaluate_quests", owner.pk, "habit") in enqueued


def test_a_completion_taken_back_gives_back_its_essence_and_earns_again_when_done(
    owner, django_capture_on_commit_callbacks
):
    mission = make_mission(make_goal(owner))
    with django_capture_on_commit_callbacks(execute=True):
        goals_services.mission_complete(user=owner, mission_id=mission.pk)

    with django_capture_on_commit_callbacks(execute=True):
        goals_services.mission_reopen(user=owner, mission_id=mission.pk)

    assert selectors.essence_balance(user=owner) == 0
    back = EssenceEntry.objects.get(user=owner, kind=EssenceKind.TAKEN_BACK)
    assert (back.key, back.amount) == (f"mission:{mission.pk}:back", -10)

    with django_capture_on_commit_callbacks(execute=True):  # done after all: earns again
        goals_services.mission_complete(user=owner, mission_id=mission.pk)
    assert selectors.essence_balance(user=owner) == 10
    assert EssenceEntry.objects.filter(user=owner, key=f"mission:{mission.pk}:1").exists()


def test_a_habit_day_earns_once_while_done_and_is_taken_back_once(
    owner, django_capture_on_commit_callbacks
):
    habit = make_habit(owner)
    today = owner.local_day(timezone.now())

    def tick(service, **fields) -> None:
        with django_capture_on_commit_callbacks(execute=True):
            service(user=owner, habit_id=habit.pk, day=today, **fields)

    tick(goals_services.habit_checkin)
    tick(goals_services.habit_checkin, note="again")  # still done: nothing more
    assert selectors.essence_balance(user=owner) == 3
    tick(goals_services.habit_checkin_clear)
    tick(goals_services.habit_checkin_clear)  # nothing left to untick
    assert selectors.essence_balance(user=owner) == 0
    tick(goals_services.habit_checkin)
    tick(goals_services.habit_checkin, state="skipped")
    tick(goals_services.habit_checkin)

    keys = EssenceEntry.objects.filter(user=owner).order_by("id").values_list("key", flat=True)
    day = f"habit:{habit.pk}:{today.isoformat()}"
    assert list(keys) == [day, f"{day}:back", f"{day}:1", f"{day}:1:back", f"{day}:2"]
    assert selectors.essence_balance(user=owner) == 3


def test_a_habit_kept_seven_days_asks_for_one_passage(owner, django_capture_on_commit_callbacks):
    today = owner.local_day(timezone.now())
    habit = make_habit(owner, start_date=today - dt.timedelta(days=6))
    for ago in [6, 5, 4, 3, 2, 1, 0]:
        with django_capture_on_commit_callbacks(execute=True):
            goals_services.habit_checkin(
                user=owner, habit_id=habit.pk, day=today - dt.timedelta(days=ago)
            )
    with django_capture_on_commit_callbacks(execute=True):  # unticked and ticked again
        goals_services.habit_checkin_toggle(user=owner, habit_id=habit.pk, day=today)
        goals_services.habit_checkin_toggle(user=owner, habit_id=habit.pk, day=today)

    (trigger,) = BeatTrigger.objects.filter(user=owner, key__startswith="habit-streak:")
    assert (trigger.kind, trigger.detail["days"], trigger.detail["habit"]) == (
        "streak",
        7,
        "Meditate",
    )
    milestone = EssenceEntry.objects.get(user=owner, key=trigger.key)
    assert milestone.amount == 15
