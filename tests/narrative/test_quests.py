"""Hidden quests: each condition, unlocked exactly once, with its reward, special mission and
announcement."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection
from django.utils import timezone

from goals.models import ActivityEvent, Goal, HabitCheckIn, Mission
from narrative import quests, selectors
from narrative.models import EssenceEntry, QuestUnlock
from narrative.quests import QUESTS_BY_KEY, longest_gap_hours, quest_met
from narrative.selectors import QuestFacts
from tests.factories import make_user
from tests.goals.factories import make_event, make_goal, make_habit, make_mission

pytestmark = pytest.mark.django_db

Kind = ActivityEvent.Kind
NOW = dt.datetime(2026, 3, 10, 12, 0, tzinfo=dt.UTC)


def unlocked(user) -> set[str]:
    return selectors.quest_keys_unlocked(user=user)


# -- the conditions, judged on facts (pure) ---------------------------------------------------


@pytest.mark.parametrize(
    ("key", "met", "unmet"),
    [
        (
            "unbroken-twenty",
            QuestFacts(streak_longest_category=20),
            QuestFacts(streak_longest=19, streak_longest_category=19),
        ),
        ("fifty-missions", QuestFacts(missions_done=50), QuestFacts(missions_done=49)),
        ("first-goal", QuestFacts(goals_completed=1), QuestFacts()),
        ("a-practice-kept", QuestFacts(habit_days_most=30), QuestFacts(habit_days_most=29)),
        (
            "the-return",
            QuestFacts(return_times=(NOW - dt.timedelta(hours=50), NOW)),
            QuestFacts(return_times=(NOW - dt.timedelta(hours=47), NOW)),
        ),
        (
            "night-sky",
            QuestFacts(late_sessions={"observatory": 5}),
            QuestFacts(late_sessions={"observatory": 4, "arena": 9}),
        ),
    ],
)
def test_each_condition_is_met_by_its_facts_and_not_short_of_them(key, met, unmet):
    quest = QUESTS_BY_KEY[key]

    assert quest_met(quest, met)
    assert not quest_met(quest, unmet)


def test_the_longest_gap_is_between_neighbours():
    times = [NOW, NOW + dt.timedelta(hours=3), NOW + dt.timedelta(hours=52)]

    assert longest_gap_hours(times) == 49
    assert longest_gap_hours(times[:1]) == 0


def test_a_condition_with_an_unknown_test_is_refused():
    with pytest.raises(ValueError, match="Unknown quest condition"):
        quests.condition_test({"missions_skipped": 3})


# -- the conditions, read from a person's history ---------------------------------------------


def test_twenty_days_in_a_row_in_one_category_unlock_the_twenty_day_quest(owner):
    for ago in range(20):
        make_event(owner, Kind.MISSION_COMPLETED, NOW - dt.timedelta(days=ago), category="growth")

    quests.quests_check(user=owner, now=NOW)

    assert "unbroken-twenty" in unlocked(owner)


def test_nineteen_days_do_not(owner):
    for ago in range(19):
        make_event(owner, Kind.MISSION_COMPLETED, NOW - dt.timedelta(days=ago), category="growth")

    quests.quests_check(user=owner, now=NOW)

    assert "unbroken-twenty" not in unlocked(owner)


def test_fifty_missions_done_unlock_the_fifty_quest_and_forty_nine_do_not(owner):
    goal = make_goal(owner)
    for _ in range(49):
        make_mission(goal, status=Mission.Status.COMPLETED)
    make_mission(goal, status=Mission.Status.SKIPPED)

    quests.quests_check(user=owner, now=NOW)
    assert "fifty-missions" not in unlocked(owner)

    make_mission(goal, status=Mission.Status.COMPLETED)
    quests.quests_check(user=owner, now=NOW)
    assert "fifty-missions" in unlocked(owner)


def test_a_first_goal_completed_unlocks_the_summit(owner):
    make_goal(owner, status=Goal.Status.ARCHIVED)
    quests.quests_check(user=owner, now=NOW)
    assert "first-goal" not in unlocked(owner)

    make_goal(owner, status=Goal.Status.COMPLETED)
    quests.quests_check(user=owner, now=NOW)
    assert "first-goal" in unlocked(owner)


def test_a_mission_done_after_two_days_away_is_a_comeback(owner):
    make_event(owner, Kind.MISSION_COMPLETED, NOW - dt.timedelta(hours=60))
    make_event(owner, Kind.MISSION_STARTED, NOW - dt.timedelta(minutes=30))
    make_event(owner, Kind.MISSION_COMPLETED, NOW)

    quests.quests_check(user=owner, now=NOW)

    assert "the-return" in unlocked(owner)


def test_a_habit_ticked_after_two_days_away_is_a_comeback_too(owner):
    make_event(owner, Kind.MISSION_COMPLETED, NOW - dt.timedelta(hours=60))
    make_event(owner, Kind.HABIT_DONE, NOW)

    quests.quests_check(user=owner, now=NOW)

    assert "the-return" in unlocked(owner)


def test_one_habit_done_on_thirty_days_unlocks_the_practice_and_two_of_fifteen_do_not(owner):
    first, second = make_habit(owner, title="Walk"), make_habit(owner, title="Read")
    for habit in (first, second):
        for ago in range(15):
            HabitCheckIn.objects.create(
                habit=habit, user=owner, day=NOW.date() - dt.timedelta(days=ago)
            )
    quests.quests_check(user=owner, now=NOW)
    assert "a-practice-kept" not in unlocked(owner)

    for ago in range(15, 30):
        HabitCheckIn.objects.create(
            habit=first, user=owner, day=NOW.date() - dt.timedelta(days=ago)
        )
    HabitCheckIn.objects.filter(habit=second).update(state=HabitCheckIn.State.SKIPPED)
    quests.quests_check(user=owner, now=NOW)
    assert "a-practice-kept" in unlocked(owner)


def test_a_talk_in_between_means_the_person_was_not_away(owner):
    make_event(owner, Kind.MISSION_COMPLETED, NOW - dt.timedelta(hours=60))
    make_event(owner, Kind.TALKED, NOW - dt.timedelta(hours=30))
    make_event(owner, Kind.MISSION_COMPLETED, NOW)

    quests.quests_check(user=owner, now=NOW)

    assert "the-return" not in unlocked(owner)


def test_a_return_without_a_mission_done_is_not_yet_a_comeback(owner):
    make_event(owner, Kind.MISSION_COMPLETED, NOW - dt.timedelta(hours=60))
    make_event(owner, Kind.MISSION_STARTED, NOW)

    quests.quests_check(user=owner, now=NOW)

    assert "the-return" not in unlocked(owner)


def test_five_late_growth_sessions_on_the_persons_clock_unlock_the_night_sky(zones):
    tokyo = make_user("owl", timezone="Asia/Tokyo")
    for day in range(4):  # 22:30 in Tokyo is 13:30 UTC
        at = dt.datetime(2026, 3, 1 + day, 13, 30, tzinfo=dt.UTC)
        make_event(tokyo, Kind.SESSION_COMPLETED, at, category="growth")
    make_event(tokyo, Kind.SESSION_COMPLETED, NOW.replace(hour=14), category="health")  # Arena
    make_event(tokyo, Kind.SESSION_COMPLETED, NOW.replace(hour=22), category="growth")  # 07:00
    quests.quests_check(user=tokyo, now=NOW)
    assert "night-sky" not in unlocked(tokyo)

    late = dt.datetime(2026, 3, 9, 17, 0, tzinfo=dt.UTC)  # 02:00 in Tokyo
    make_event(tokyo, Kind.SESSION_COMPLETED, late, category="growth")
    quests.quests_check(user=tokyo, now=NOW)
    assert "night-sky" in unlocked(tokyo)


def test_an_event_judges_only_the_quests_it_can_make_true(owner, zones):
    make_goal(owner)
    make_goal(owner, status=Goal.Status.COMPLETED)

    assert quests.quests_check(user=owner, now=NOW, event="session") == []
    assert quests.quests_check(user=owner, now=NOW, event="mission") == []
    assert [u.quest_key for u in quests.quests_check(user=owner, now=NOW, event="goal")] == [
        "first-goal"
    ]


def test_late_sessions_at_a_zone_the_world_no_longer_has_unlock_nothing(zones):
    owl = make_user("owl", timezone="Asia/Tokyo")
    for day in range(6):  # 22:30 in Tokyo
        at = dt.datetime(2026, 3, 1 + day, 13, 30, tzinfo=dt.UTC)
        make_event(owl, Kind.SESSION_COMPLETED, at, category="growth")
    zones["observatory"].delete()

    quests.quests_check(user=owl, now=NOW)

    assert "night-sky" not in unlocked(owl)


def test_late_sessions_at_a_zone_with_hours_count_only_those_it_was_open_for(zones):
    owl = make_user("owl", timezone="Asia/Tokyo")
    for day in range(6):  # 22:30 in Tokyo: a night the Observatory now closes at 22:00
        at = dt.datetime(2026, 3, 1 + day, 13, 30, tzinfo=dt.UTC)
        make_event(owl, Kind.SESSION_COMPLETED, at, category="growth")
    zones["observatory"].rules = {"open": [{"start": "08:00", "end": "22:00"}]}
    zones["observatory"].save()

    quests.quests_check(user=owl, now=NOW)

    assert "night-sky" not in unlocked(owl)


# -- the unlock -------------------------------------------------------------------------------


def test_an_unlock_earns_its_reward_gives_a_special_mission_and_is_announced(
    owner, unlocks_heard, django_capture_on_commit_callbacks
):
    goal = make_goal(owner, category="craft")
    make_goal(owner, status=Goal.Status.COMPLETED)

    with django_capture_on_commit_callbacks(execute=True):
        (unlock,) = quests.quests_check(user=owner, now=NOW)

    quest = QUESTS_BY_KEY["first-goal"]
    assert unlock.quest_key == quest.key
    assert unlock.unlocked_at == NOW
    entry = EssenceEntry.objects.get(user=owner)
    assert (entry.key, entry.amount) == ("quest:first-goal", quest.reward)
    mission = Mission.objects.get(is_special=True)
    assert (mission.goal, mission.title, mission.status) == (goal, quest.mission, "pending")
    assert QuestUnlock.objects.get().mission == mission
    assert unlocks_heard == [
        {"user": owner, "key": quest.key, "title": quest.title, "message": quest.message}
    ]


def test_without_an_active_goal_the_quest_unlocks_without_a_mission(owner):
    make_goal(owner, status=Goal.Status.COMPLETED)

    quests.quests_check(user=owner, now=NOW)

    assert QuestUnlock.objects.get().mission is None
    assert not Mission.objects.filter(is_special=True).exists()
    assert selectors.essence_balance(user=owner) == QUESTS_BY_KEY["first-goal"].reward


def test_evaluated_twice_a_quest_unlocks_once(
    owner, unlocks_heard, django_capture_on_commit_callbacks
):
    make_goal(owner)
    make_goal(owner, status=Goal.Status.COMPLETED)

    with django_capture_on_commit_callbacks(execute=True):
        first = quests.quests_check(user=owner, now=NOW)
        again = quests.quests_check(user=owner, now=NOW)
        direct = quests.quest_unlock(user=owner, quest=QUESTS_BY_KEY["first-goal"], now=NOW)

    assert len(first) == 1
    assert again == []
    assert direct is None
    assert QuestUnlock.objects.count() == 1 == EssenceEntry.objects.count()
    assert Mission.objects.filter(is_special=True).count() == 1
    assert len(unlocks_heard) == 1


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_unlock_a_quest_once(unlocks_heard):
    person = make_user("twin")
    make_goal(person)
    make_goal(person, status=Goal.Status.COMPLETED)
    barrier = threading.Barrier(2)
    made: list[int] = []

    def work() -> None:
        try:
            barrier.wait(timeout=10)
            unlock = quests.quest_unlock(
                user=person, quest=QUESTS_BY_KEY["first-goal"], now=timezone.now()
            )
            made.append(unlock is not None)
        finally:
            connection.close()

    threads = [threading.Thread(target=work) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(made) == [False, True]
    assert QuestUnlock.objects.filter(user=person).count() == 1
    assert EssenceEntry.objects.filter(user=person).count() == 1
    assert Mission.objects.filter(user=person, is_special=True).count() == 1
    assert len(unlocks_heard) == 1
