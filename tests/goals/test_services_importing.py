"""Storing imported history (goals.services.progress_import): Loop's habits become the
person's own habits with their check-ins and days of work, once each, never another person's;
events of no habit become finished missions of their own days; announced once."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals import services, signals
from goals.models import ActivityEvent, ConsistencySnapshot, Habit, HabitCheckIn
from goals.progress.days import day_of, day_start, lived_day
from goals.progress.importing import (
    HabitSchedule,
    ImportedDay,
    ImportedEvent,
    ImportedHabit,
    ImportedHistory,
)
from goals.progress.selectors import progress_streaks, progress_today
from goals.selectors import habit_streaks
from goals.services.importing import HabitImported, ImportResult
from tests.goals.factories import days_ago, make_event, make_goal, make_habit, make_mission

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard() -> list[dict]:
    """Every history_imported announcement, as its facts."""
    facts: list[dict] = []

    def listen(**kwargs) -> None:
        facts.append({"user": kwargs["user"], "first_date": kwargs["first_date"]})

    signals.history_imported.connect(listen, dispatch_uid="test-heard-import")
    yield facts
    signals.history_imported.disconnect(dispatch_uid="test-heard-import")


def ago(user, days: int) -> dt.date:
    return progress_today(user=user) - dt.timedelta(days=days)


def loop_habit(
    user, name: str, done_ago: list[int], skipped_ago: tuple[int, ...] = (), **fields
) -> ImportedHabit:
    """A Loop habit done and skipped on these days ago of the person's (each day done
    with `value`, if given)."""
    value = fields.pop("value", None)
    days = [ImportedDay(day=ago(user, n), done=True, value=value) for n in done_ago]
    days += [ImportedDay(day=ago(user, n), done=False) for n in skipped_ago]
    fields.setdefault("category", "health")
    return ImportedHabit(
        name=name, source="loop", days=tuple(sorted(days, key=lambda d: d.day)), **fields
    )


def import_habits(user, *habits: ImportedHabit) -> ImportResult:
    return services.progress_import(user=user, history=ImportedHistory(habits=habits))


def import_events(user, events: list[ImportedEvent]) -> ImportResult:
    return services.progress_import(user=user, history=ImportedHistory(events=tuple(events)))


def checkins(habit: Habit) -> list[tuple[dt.date, str, int | None]]:
    rows = HabitCheckIn.objects.filter(habit=habit).order_by("day")
    return [(row.day, row.state, row.value) for row in rows]


def habit_days(user) -> list[tuple[str, dt.date]]:
    """(habit title, local date) of the person's habit_done events, by date."""
    rows = ActivityEvent.objects.filter(user=user, kind=ActivityEvent.Kind.HABIT_DONE)
    return sorted((row.habit.title, row.local_date) for row in rows)


# -- habits ---------------------------------------------------------------------------------


def test_loops_habits_become_the_persons_habits_as_loop_kept_them(owner):
    run = loop_habit(
        owner,
        "Run",
        [9, 2],
        schedule=HabitSchedule(kind="weekly", times_per_week=3),
        target=5,
        unit="km",
        category="craft",
    )
    floss = loop_habit(
        owner, "Floss", [4], schedule=HabitSchedule(kind="every", every_days=3), archived=True
    )

    result = import_habits(owner, run, floss)

    made = {habit.title: habit for habit in Habit.objects.filter(user=owner)}
    assert [
        (
            h.title,
            h.category,
            h.schedule,
            h.times_per_week,
            h.every_days,
            h.target,
            h.unit,
            h.status,
        )
        for h in made.values()
    ] == [
        ("Run", "craft", "weekly", 3, None, 5, "km", "active"),
        ("Floss", "health", "every", None, 3, None, "", "archived"),
    ]
    assert (made["Run"].start_date, made["Floss"].start_date) == (ago(owner, 9), ago(owner, 4))
    assert result.habits == (
        HabitImported(made["Run"].pk, "Run", created=True, archived=False, days_done=2),
        HabitImported(made["Floss"].pk, "Floss", created=True, archived=True, days_done=1),
    )
    assert (result.habits_created, result.habits_continued) == (2, 0)


def test_each_day_done_is_a_check_in_and_a_day_of_work_on_that_local_day(owner):
    result = import_habits(
        owner, loop_habit(owner, "Read", [3, 1], skipped_ago=(2,), target=20, value=25)
    )

    habit = Habit.objects.get(user=owner)
    assert checkins(habit) == [
        (ago(owner, 3), "done", 25),
        (ago(owner, 2), "skipped", None),
        (ago(owner, 1), "done", 25),
    ]
    events = ActivityEvent.objects.filter(user=owner).order_by("local_date")
    assert [
        (e.kind, e.local_date, e.zone, e.category, e.habit_id, e.mission_id, e.metadata)
        for e in events
    ] == [
        ("habit_done", ago(owner, n), "Europe/Paris", "health", habit.pk, None, {"source": "loop"})
        for n in (3, 1)
    ]
    middle = day_of(ago(owner, 3), zone="Europe/Paris", day_start_hour=owner.day_start_hour)
    assert events[0].occurred_at == middle.starts_at + (middle.ends_at - middle.starts_at) / 2
    assert (result.added, result.already, result.first_date) == (3, 0, ago(owner, 3))


@pytest.mark.parametrize("day", [dt.date(2024, 3, 31), dt.date(2023, 10, 29)])
def test_a_day_done_across_a_clock_change_is_credited_on_exactly_that_day(owner, day):
    # Paris springs forward (a 23-hour day) and falls back (25 hours) on these dates.
    habit = ImportedHabit("Read", "growth", "loop", days=(ImportedDay(day, done=True),))

    services.progress_import(user=owner, history=ImportedHistory(habits=(habit,)))

    event = ActivityEvent.objects.get(user=owner)
    hour = owner.day_start_hour
    assert lived_day(event.occurred_at, zone="Europe/Paris", day_start_hour=hour).date == day
    assert event.local_date == day


def test_the_habits_streak_counts_its_imported_days(owner):
    # Missed 7 days ago, skipped on purpose 4 days ago.
    import_habits(owner, loop_habit(owner, "Walk", [9, 8, 6, 5, 3, 2, 1], skipped_ago=(4,)))

    habit = Habit.objects.get(user=owner)
    streak = habit_streaks(user=owner, habits=[habit], today=progress_today(user=owner))[habit.pk]

    assert (streak.current, streak.best, streak.unit) == (5, 5, "days")


def test_a_weekly_habits_streak_counts_its_imported_weeks(owner):
    today = progress_today(user=owner)
    monday = today - dt.timedelta(days=today.weekday())
    # Monday and Wednesday of each of the two weeks before this one.
    days = [monday - dt.timedelta(weeks=w) + dt.timedelta(days=d) for w in (1, 2) for d in (0, 2)]
    days_ago = [(today - day).days for day in days]
    weekly = HabitSchedule(kind="weekly", times_per_week=2)

    import_habits(owner, loop_habit(owner, "Swim", days_ago, schedule=weekly))

    habit = Habit.objects.get(user=owner)
    streak = habit_streaks(user=owner, habits=[habit], today=today)[habit.pk]
    assert (streak.current, streak.unit) == (2, "weeks")


def test_the_same_habits_imported_again_add_nothing_twice(owner):
    first = import_habits(owner, loop_habit(owner, "Read", [3, 2], skipped_ago=(1,)))

    again = import_habits(owner, loop_habit(owner, "Read", [4, 3, 2], skipped_ago=(1,)))

    assert (first.added, first.already) == (3, 0)
    assert (again.added, again.already, again.first_date) == (1, 3, ago(owner, 4))
    assert (again.habits_created, again.habits_continued) == (0, 1)
    assert Habit.objects.filter(user=owner).count() == 1
    assert HabitCheckIn.objects.filter(user=owner).count() == 4
    assert habit_days(owner) == [("Read", ago(owner, n)) for n in (4, 3, 2)]


def test_loop_days_imported_before_habits_existed_give_way_to_the_habits(owner):
    # An import before habits existed kept Loop's days as anonymous finished missions.
    for n in (3, 2):
        make_event(
            owner,
            ActivityEvent.Kind.MISSION_COMPLETED,
            dt.datetime.combine(ago(owner, n), dt.time(12), tzinfo=owner.zone),
            metadata={"source": "loop", "title": "read"},
        )
    kept = make_event(owner, ActivityEvent.Kind.MISSION_COMPLETED, days_ago(2))  # the app's

    import_habits(owner, loop_habit(owner, "Read", [3, 2]))

    done = ActivityEvent.objects.filter(user=owner, kind=ActivityEvent.Kind.MISSION_COMPLETED)
    assert list(done) == [kept]
    assert habit_days(owner) == [("Read", ago(owner, n)) for n in (3, 2)]


def test_a_day_given_twice_in_one_import_is_kept_once(owner):
    result = import_habits(owner, loop_habit(owner, "Read", [2, 2]))

    assert (result.added, result.already) == (1, 1)
    assert HabitCheckIn.objects.filter(user=owner).count() == 1


def test_the_persons_habit_of_the_same_name_is_continued_not_duplicated(owner):
    mine = make_habit(owner, title="Morning walk", category="connection", start_date=ago(owner, 3))
    services.habit_checkin(user=owner, habit_id=mine.pk, day=ago(owner, 2), state="skipped")

    result = import_habits(owner, loop_habit(owner, "MORNING WALK", [5, 2, 1]))

    mine.refresh_from_db()
    assert Habit.objects.filter(user=owner).count() == 1
    assert mine.start_date == ago(owner, 5)  # it was kept before it was written down here
    assert checkins(mine) == [
        (ago(owner, 5), "done", None),
        (ago(owner, 2), "skipped", None),  # their own tick is left as it was
        (ago(owner, 1), "done", None),
    ]
    assert (result.added, result.already) == (2, 1)
    assert result.habits == (
        HabitImported(mine.pk, "Morning walk", created=False, archived=False, days_done=2),
    )
    assert {e.category for e in ActivityEvent.objects.filter(habit=mine)} == {"connection"}


def test_a_habit_a_plan_suggested_is_taken_on_by_importing_its_history(owner):
    suggested = make_habit(
        owner, title="Read", status=Habit.Status.SUGGESTED, start_date=progress_today(user=owner)
    )

    import_habits(owner, loop_habit(owner, "Read", [3, 2, 1]))

    suggested.refresh_from_db()
    assert Habit.objects.filter(user=owner).count() == 1
    assert (suggested.status, suggested.start_date) == (Habit.Status.ACTIVE, ago(owner, 3))


def test_a_habit_with_a_number_continued_counts_its_target_and_one_without_takes_none(owner):
    pages = make_habit(owner, title="Pages", target=20, unit="pages")
    make_habit(owner, title="Stretch")

    import_habits(
        owner,
        loop_habit(owner, "Pages", [1]),
        loop_habit(owner, "Stretch", [1], target=10, value=12),
    )

    values = dict(HabitCheckIn.objects.filter(user=owner).values_list("habit__title", "value"))
    assert values == {"Pages": 20, "Stretch": None}
    assert pages.checkins.get().value == 20


def test_an_archived_habit_of_the_same_name_is_left_and_a_new_one_made(owner):
    old = make_habit(owner, title="Run", status="archived")

    result = import_habits(owner, loop_habit(owner, "Run", [1]))

    assert result.habits_created == 1
    assert not old.checkins.exists()
    assert Habit.objects.filter(user=owner, title="Run").count() == 2


def test_an_archived_loop_habit_imported_again_finds_the_one_it_made(owner):
    import_habits(owner, loop_habit(owner, "Floss", [3], archived=True))

    again = import_habits(owner, loop_habit(owner, "Floss", [3, 2], archived=True))

    assert Habit.objects.filter(user=owner).count() == 1
    assert (again.added, again.already, again.habits_continued) == (1, 1, 1)


def test_one_name_given_twice_in_any_case_is_one_habit(owner):
    result = import_habits(owner, loop_habit(owner, "Read", [2]), loop_habit(owner, "read", [2, 1]))

    (habit,) = Habit.objects.filter(user=owner)
    assert habit.title == "Read"
    assert (result.added, result.already) == (2, 1)
    assert result.habits == (HabitImported(habit.pk, "Read", True, False, 2),)


def test_another_persons_habit_of_the_same_name_is_never_touched(owner, outsider):
    theirs = make_habit(outsider, title="Read", start_date=ago(outsider, 3))
    services.habit_checkin(user=outsider, habit_id=theirs.pk, day=ago(outsider, 1))

    result = import_habits(owner, loop_habit(owner, "Read", [2, 1]))

    assert result.habits_created == 1
    assert checkins(theirs) == [(ago(outsider, 1), "done", None)]
    theirs.refresh_from_db()
    assert theirs.start_date == ago(outsider, 3)
    assert ActivityEvent.objects.filter(user=outsider).count() == 1
    assert habit_days(owner) == [("Read", ago(owner, 2)), ("Read", ago(owner, 1))]


def test_a_habit_with_no_days_is_made_starting_today(owner):
    result = import_habits(owner, loop_habit(owner, "Stretch", []))

    habit = Habit.objects.get(user=owner)
    assert habit.start_date == progress_today(user=owner)
    assert (result.added, result.first_date, result.habits_created) == (0, None, 1)


def test_a_day_done_today_is_at_the_moment_of_the_import(owner):
    before = timezone.now()

    import_habits(owner, loop_habit(owner, "Read", [0]))

    event = ActivityEvent.objects.get(user=owner)
    assert before <= event.occurred_at <= timezone.now()
    assert event.local_date == progress_today(user=owner)


def test_imported_habit_days_count_in_the_streak(owner):
    import_habits(owner, loop_habit(owner, "Run", [4, 3, 2, 1, 0]))

    streaks = progress_streaks(user=owner)

    assert (streaks.overall.current, streaks.by_category["health"].current) == (5, 5)


def test_habits_and_events_of_no_habit_come_in_one_import(owner):
    (event,) = days_done(owner, [3])
    history = ImportedHistory(habits=(loop_habit(owner, "Read", [2]),), events=(event,))

    result = services.progress_import(user=owner, history=history)

    assert (result.added, result.events_added, result.first_date) == (2, 1, ago(owner, 3))
    kinds = ActivityEvent.objects.filter(user=owner).values_list("kind", flat=True)
    assert sorted(kinds) == ["habit_done", "mission_completed"]


def test_a_habit_import_is_announced_once_with_its_first_date_after_commit(
    owner, heard, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        import_habits(owner, loop_habit(owner, "Read", [5, 2]))
        assert heard == []  # not before the import commits
    with django_capture_on_commit_callbacks(execute=True):
        import_habits(owner, loop_habit(owner, "Read", [5, 2]))  # nothing new

    assert heard == [{"user": owner, "first_date": ago(owner, 5)}]


# -- events of no habit (one Loop habit's own file, JSON events naming none) ------------------


def days_done(user, days_ago: list[int], title: str = "Run") -> list[ImportedEvent]:
    """Events of no habit on these days ago, at the middle of each in the person's zone."""
    today = progress_today(user=user)
    hour = user.day_start_hour
    starts = [
        day_start(today - dt.timedelta(days=ago), zone=user.timezone, day_start_hour=hour)
        for ago in days_ago
    ]
    return [
        ImportedEvent(
            occurred_at=start + dt.timedelta(hours=12),
            zone=user.timezone,
            category="health",
            title=title,
            source="loop",
        )
        for start in starts
    ]


def test_imported_events_are_finished_missions_of_their_own_days(owner):
    events = days_done(owner, [3, 2])

    result = import_events(owner, events)

    today = progress_today(user=owner)
    assert (result.added, result.already) == (2, 0)
    assert result.first_date == today - dt.timedelta(days=3)
    rows = ActivityEvent.objects.filter(user=owner).order_by("occurred_at")
    assert [
        (row.kind, row.local_date, row.zone, row.category, row.mission, row.goal, row.metadata)
        for row in rows
    ] == [
        (
            ActivityEvent.Kind.MISSION_COMPLETED,
            today - dt.timedelta(days=ago),
            "Europe/Paris",
            "health",
            None,
            None,
            {"source": "loop", "title": "Run"},
        )
        for ago in (3, 2)
    ]


def test_the_same_history_imported_twice_is_kept_once(owner):
    import_events(owner, days_done(owner, [3, 2]))

    again = import_events(owner, days_done(owner, [4, 3, 2]))

    assert (again.added, again.already) == (1, 2)
    assert again.first_date == progress_today(user=owner) - dt.timedelta(days=4)
    assert ActivityEvent.objects.filter(user=owner).count() == 3


def test_an_event_given_twice_in_one_import_is_kept_once(owner):
    result = import_events(owner, days_done(owner, [2, 2]))

    assert (result.added, result.already) == (1, 1)


def test_another_habit_on_the_same_day_is_its_own_event(owner):
    import_events(owner, days_done(owner, [2], title="Run"))

    result = import_events(owner, days_done(owner, [2], title="Read"))

    assert (result.added, result.already) == (1, 0)


def test_a_mission_finished_here_at_the_same_moment_is_not_taken_for_an_import(owner):
    (event,) = days_done(owner, [1])
    mission = make_mission(make_goal(owner, category="health"))
    services.mission_complete(user=owner, mission_id=mission.pk, now=event.occurred_at)

    result = import_events(owner, [event])

    assert result.added == 1


def test_imported_days_count_in_the_streak(owner):
    import_events(owner, days_done(owner, [4, 3, 2, 1, 0]))

    streaks = progress_streaks(user=owner)

    assert (streaks.overall.current, streaks.by_category["health"].current) == (5, 5)


def test_an_outsiders_import_never_touches_the_owners_days(owner, outsider):
    import_events(owner, days_done(owner, [2, 1]))

    theirs = import_events(outsider, days_done(owner, [2, 1]))

    assert (theirs.added, theirs.already) == (2, 0)  # the owner's rows are not theirs
    assert ActivityEvent.objects.filter(user=owner).count() == 2
    assert progress_streaks(user=owner).overall.current == 2


def test_an_import_is_announced_once_with_its_first_date_after_commit(
    owner, heard, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        import_events(owner, days_done(owner, [5, 2]))
        assert heard == []  # not before the import commits
    with django_capture_on_commit_callbacks(execute=True):
        import_events(owner, days_done(owner, [5, 2]))  # nothing new

    assert heard == [
        {"user": owner, "first_date": progress_today(user=owner) - dt.timedelta(days=5)}
    ]


def test_nothing_to_import_adds_nothing(owner):
    result = import_events(owner, [])

    assert (result.added, result.already, result.first_date) == (0, 0, None)
    assert not ActivityEvent.objects.filter(user=owner).exists()


def test_an_import_counts_the_consistency_of_its_days_at_once(
    owner, django_capture_on_commit_callbacks
):
    owner.date_joined = timezone.now() - dt.timedelta(days=1)
    owner.save(update_fields=["date_joined"])
    services.consistency_snapshots_write()
    assert not ConsistencySnapshot.objects.filter(user=owner, active=True).exists()
    moments = [timezone.now() - dt.timedelta(days=d) for d in (5, 4, 3)]
    events = [
        ImportedEvent(
            occurred_at=m, zone=owner.timezone, category="health", title="Run", source="json"
        )
        for m in moments
    ]

    with django_capture_on_commit_callbacks(execute=True):
        import_events(owner, events)

    active = ConsistencySnapshot.objects.filter(user=owner, active=True).order_by("date")
    assert [s.date for s in active] == [owner.local_day(m) for m in moments]
