"""Habits and their check-ins: made, changed and removed by their person only; a day ticked
on the person's clock, within 30 days back; a number only for a measurable habit; each
schedule with exactly the numbers it needs."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.db.backends.postgresql.psycopg_any import DateRange
from django.utils import timezone

from delight.errors import NotFound
from goals import selectors, services
from goals.models import ActivityEvent, ConsistencySnapshot, Habit, HabitCheckIn
from goals.progress.selectors import progress_streaks
from tests.goals.factories import make_goal, make_habit

pytestmark = pytest.mark.django_db

# 23:30 UTC on 14 March is already the 15th in Tokyo (day start 04:00: 08:30 there).
NOW = dt.datetime(2026, 3, 14, 23, 30, tzinfo=dt.UTC)


@pytest.fixture
def tokyo(owner):
    owner.timezone = "Asia/Tokyo"
    owner.save(update_fields=["timezone"])
    return owner


def test_a_habit_starts_today_on_the_persons_clock(owner):
    habit = services.habit_create(user=owner, title="Meditate", category="health")
    assert habit.start_date == owner.local_day(timezone.now())
    assert habit.schedule == Habit.Schedule.DAILY


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"schedule": "weekly"}, "times_per_week"),  # how many times, missing
        ({"schedule": "weekly", "times_per_week": 0}, "times_per_week"),
        ({"schedule": "weekdays"}, "weekdays"),
        ({"schedule": "weekdays", "weekdays": [1, 1]}, "weekdays"),
        ({"schedule": "every", "every_days": 1}, "every_days"),
        ({"times_per_week": 3}, "times_per_week"),  # a number a daily habit has no use for
        ({"unit": "pages"}, "unit"),
    ],
)
def test_each_schedule_takes_exactly_its_numbers(owner, fields, field):
    with pytest.raises(ValidationError) as refused:
        services.habit_create(user=owner, title="Read", category="growth", **fields)
    assert field in refused.value.message_dict
    assert not Habit.objects.exists()


def test_a_goal_it_serves_must_be_the_persons(owner, outsider):
    theirs = make_goal(outsider)
    with pytest.raises(NotFound):
        services.habit_create(user=owner, title="Read", category="growth", goal_id=theirs.pk)
    mine = make_goal(owner)
    habit = services.habit_create(user=owner, title="Read", category="growth", goal_id=mine.pk)
    assert habit.goal == mine


def test_a_day_is_ticked_on_the_persons_own_calendar_once(tokyo):
    habit = services.habit_create(user=tokyo, title="Walk", category="health")
    today = tokyo.local_day(NOW)
    assert today == dt.date(2026, 3, 15)

    services.habit_checkin(user=tokyo, habit_id=habit.pk, day=today, now=NOW)
    again = services.habit_checkin(
        user=tokyo, habit_id=habit.pk, day=today, state="skipped", note="rain", now=NOW
    )

    assert HabitCheckIn.objects.get(habit=habit) == again
    assert (again.state, again.note) == ("skipped", "rain")


@pytest.mark.parametrize(("days", "ok"), [(0, True), (30, True), (31, False), (-1, False)])
def test_a_day_to_come_or_over_30_days_back_is_refused_and_changes_nothing(tokyo, days, ok):
    habit = services.habit_create(user=tokyo, title="Walk", category="health")
    day = tokyo.local_day(NOW) - dt.timedelta(days=days)
    if ok:
        services.habit_checkin(user=tokyo, habit_id=habit.pk, day=day, now=NOW)
        assert services.habit_checkin_clear(user=tokyo, habit_id=habit.pk, day=day, now=NOW)
        return
    with pytest.raises(ValidationError) as refused:
        services.habit_checkin(user=tokyo, habit_id=habit.pk, day=day, now=NOW)
    assert "day" in refused.value.message_dict
    assert not HabitCheckIn.objects.exists()


def test_a_day_done_before_the_start_moves_the_start_there(owner):
    habit = services.habit_create(user=owner, title="Walk", category="health")
    yesterday = habit.start_date - dt.timedelta(days=1)
    services.habit_checkin(user=owner, habit_id=habit.pk, day=yesterday)
    habit.refresh_from_db()
    assert habit.start_date == yesterday


def test_a_number_only_for_a_measurable_habit_which_counts_its_target_by_default(owner):
    plain = services.habit_create(user=owner, title="Walk", category="health")
    pages = services.habit_create(
        user=owner, title="Read", category="growth", target=20, unit="pages"
    )
    today = owner.local_day(timezone.now())
    with pytest.raises(ValidationError) as refused:
        services.habit_checkin(user=owner, habit_id=plain.pk, day=today, value=3)
    assert "value" in refused.value.message_dict
    assert services.habit_checkin(user=owner, habit_id=pages.pk, day=today).value == 20
    assert services.habit_checkin(user=owner, habit_id=pages.pk, day=today, value=35).value == 35


def test_another_persons_habit_is_not_found_and_unchanged(owner, outsider):
    habit = services.habit_create(user=owner, title="Walk", category="health")
    today = owner.local_day(timezone.now())
    for write in (
        lambda: services.habit_update(user=outsider, habit_id=habit.pk, title="Mine now"),
        lambda: services.habit_checkin(user=outsider, habit_id=habit.pk, day=today),
        lambda: services.habit_delete(user=outsider, habit_id=habit.pk),
    ):
        with pytest.raises(NotFound):
            write()
    habit.refresh_from_db()
    assert habit.title == "Walk"
    assert not HabitCheckIn.objects.exists()


@pytest.mark.parametrize(
    ("fields", "due"),
    [
        ({}, [True] * 7),
        (
            {"schedule": "weekdays", "weekdays": [0, 2, 4]},
            [True, False, True, False, True, False, False],
        ),
        ({"schedule": "every", "every_days": 3}, [True, False, False, True, False, False, True]),
        ({"schedule": "weekly", "times_per_week": 3}, [False] * 7),  # any day of its week
    ],
)
def test_the_calendar_says_which_days_the_schedule_asks_for(owner, fields, due):
    monday = dt.date(2026, 3, 9)
    habit = services.habit_create(
        user=owner, title="Stretch", category="health", start_date=monday, **fields
    )
    days = selectors.habit_calendar(
        user=owner, habit=habit, start=monday, end=monday + dt.timedelta(days=6)
    )
    assert [day.due for day in days] == due
    assert [day.state for day in days] == [""] * 7


# -- what a day of a habit counts for ------------------------------------------------------


def habit_days(user) -> list[dt.date]:
    done = ActivityEvent.objects.filter(user=user, kind=ActivityEvent.Kind.HABIT_DONE)
    return sorted(done.values_list("local_date", flat=True))


def test_a_day_done_is_a_day_of_work_once_and_no_more_when_undone(tokyo):
    habit = make_habit(tokyo)
    today = tokyo.local_day(NOW)

    services.habit_checkin(user=tokyo, habit_id=habit.pk, day=today, now=NOW)
    services.habit_checkin(user=tokyo, habit_id=habit.pk, day=today, note="calm", now=NOW)
    assert habit_days(tokyo) == [today]
    assert progress_streaks(user=tokyo, now=NOW).overall.current == 1

    services.habit_checkin(user=tokyo, habit_id=habit.pk, day=today, state="skipped", now=NOW)
    assert habit_days(tokyo) == []
    services.habit_checkin(user=tokyo, habit_id=habit.pk, day=today, now=NOW)
    assert services.habit_checkin_clear(user=tokyo, habit_id=habit.pk, day=today, now=NOW)
    assert not services.habit_checkin_clear(user=tokyo, habit_id=habit.pk, day=today, now=NOW)
    assert habit_days(tokyo) == []
    assert progress_streaks(user=tokyo, now=NOW).overall.current == 0


def test_a_past_day_ticked_mends_the_streak_and_sits_in_its_own_day(tokyo):
    habit = make_habit(tokyo)
    today = tokyo.local_day(NOW)
    for ago in (3, 1, 0):
        day = today - dt.timedelta(days=ago)
        services.habit_checkin(user=tokyo, habit_id=habit.pk, day=day, now=NOW)
    assert progress_streaks(user=tokyo, now=NOW).overall.current == 2

    services.habit_checkin(user=tokyo, habit_id=habit.pk, day=today - dt.timedelta(days=2), now=NOW)

    assert progress_streaks(user=tokyo, now=NOW).overall.current == 4
    mended = ActivityEvent.objects.get(user=tokyo, local_date=today - dt.timedelta(days=2))
    assert tokyo.local_day(mended.occurred_at) == mended.local_date


def test_the_consistency_index_counts_habit_days_as_work_offered_and_done(tokyo):
    tokyo.date_joined = NOW - dt.timedelta(days=3)
    tokyo.save(update_fields=["date_joined"])
    habit = make_habit(tokyo, start_date=tokyo.local_day(NOW) - dt.timedelta(days=3))
    make_habit(tokyo, title="Read", start_date=habit.start_date)  # asked for, never ticked
    yesterday = tokyo.local_day(NOW) - dt.timedelta(days=1)
    services.consistency_snapshots_write(now=NOW)
    before = ConsistencySnapshot.objects.get(user=tokyo, date=yesterday)
    assert (before.missions_done, before.missions_offered, before.active) == (0, 2, False)

    services.habit_checkin(user=tokyo, habit_id=habit.pk, day=yesterday, now=NOW)
    services.consistency_snapshots_write(now=NOW)

    after = ConsistencySnapshot.objects.get(user=tokyo, date=yesterday)
    assert (after.missions_done, after.missions_offered, after.active) == (1, 2, True)
    assert after.value > before.value


def test_removing_a_habit_takes_its_days_of_work_with_it(tokyo):
    habit = make_habit(tokyo)
    services.habit_checkin(user=tokyo, habit_id=habit.pk, day=tokyo.local_day(NOW), now=NOW)

    services.habit_delete(user=tokyo, habit_id=habit.pk)

    assert habit_days(tokyo) == []
    assert not HabitCheckIn.objects.exists()


def test_a_suggested_habit_taken_on_starts_today_and_only_once(owner):
    goal = make_goal(owner, title="Read more")
    habit = make_habit(owner, goal=goal, status=Habit.Status.SUGGESTED)

    taken = services.habit_take(user=owner, habit_id=habit.pk)

    assert (taken.status, taken.start_date) == (
        Habit.Status.ACTIVE,
        owner.local_day(timezone.now()),
    )
    with pytest.raises(ValidationError, match="yours already"):
        services.habit_take(user=owner, habit_id=habit.pk)


def test_a_suggested_habit_turned_down_goes_and_a_kept_one_cannot_be(owner, outsider):
    suggested = make_habit(owner, status=Habit.Status.SUGGESTED)
    kept = make_habit(owner, title="Walk")
    with pytest.raises(NotFound):
        services.habit_reject(user=outsider, habit_id=suggested.pk)

    services.habit_reject(user=owner, habit_id=suggested.pk)

    with pytest.raises(ValidationError, match="archive one you keep"):
        services.habit_reject(user=owner, habit_id=kept.pk)
    assert list(Habit.objects.all()) == [kept]


def test_a_suggested_habit_takes_no_tick_and_no_habit_is_made_suggested_by_hand(owner):
    suggested = make_habit(owner, status=Habit.Status.SUGGESTED)
    kept = make_habit(owner, title="Walk")
    today = owner.local_day(timezone.now())

    with pytest.raises(ValidationError, match="only suggested"):
        services.habit_checkin(user=owner, habit_id=suggested.pk, day=today)
    with pytest.raises(ValidationError, match="Only a goal's plan"):
        services.habit_update(user=owner, habit_id=kept.pk, status=Habit.Status.SUGGESTED)
    assert not HabitCheckIn.objects.exists()
    kept.refresh_from_db()
    assert kept.status == Habit.Status.ACTIVE


def test_a_pause_is_kept_from_the_day_paused_to_the_day_resumed(owner):
    habit = services.habit_create(user=owner, title="Swim", category="health")
    paused = services.habit_update(user=owner, habit_id=habit.pk, status=Habit.Status.PAUSED)
    today = owner.local_day(timezone.now())
    assert [(span.lower, span.upper) for span in paused.pauses] == [(today, None)]
    five_ago = today - dt.timedelta(days=5)
    Habit.objects.filter(pk=habit.pk).update(pauses=[DateRange(five_ago, None, "[)")])
    services.habit_update(user=owner, habit_id=habit.pk, title="Swim lengths")  # still paused

    resumed = services.habit_update(user=owner, habit_id=habit.pk, status=Habit.Status.ACTIVE)

    (span,) = resumed.pauses
    assert (span.lower, span.upper) == (five_ago, today)
    assert resumed.paused_on(today - dt.timedelta(days=1))
    assert not resumed.paused_on(today)


def test_a_pause_taken_back_the_same_day_leaves_none_and_archiving_ends_one(owner):
    habit = services.habit_create(user=owner, title="Swim", category="health")
    services.habit_update(user=owner, habit_id=habit.pk, status=Habit.Status.PAUSED)
    assert services.habit_update(user=owner, habit_id=habit.pk, status="active").pauses == []

    services.habit_update(user=owner, habit_id=habit.pk, status=Habit.Status.PAUSED)
    archived = services.habit_update(user=owner, habit_id=habit.pk, status="archived")
    assert archived.pauses == []  # paused and archived on one day: no day was paused
