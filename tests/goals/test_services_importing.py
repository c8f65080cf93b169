"""Storing imported history (goals.services.progress_import): the person's own days, once
each, announced once."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals import services, signals
from goals.models import ActivityEvent, ConsistencySnapshot
from goals.progress.days import day_start
from goals.progress.importing import ImportedEvent
from goals.progress.selectors import progress_streaks, progress_today
from tests.goals.factories import make_goal, make_mission

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


def days_done(user, days_ago: list[int], title: str = "Run") -> list[ImportedEvent]:
    """A Loop import of `title` done on these days ago, in the person's zone."""
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

    result = services.progress_import(user=owner, events=events)

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
    services.progress_import(user=owner, events=days_done(owner, [3, 2]))

    again = services.progress_import(user=owner, events=days_done(owner, [4, 3, 2]))

    assert (again.added, again.already) == (1, 2)
    assert again.first_date == progress_today(user=owner) - dt.timedelta(days=4)
    assert ActivityEvent.objects.filter(user=owner).count() == 3


def test_an_event_given_twice_in_one_import_is_kept_once(owner):
    result = services.progress_import(user=owner, events=days_done(owner, [2, 2]))

    assert (result.added, result.already) == (1, 1)


def test_another_habit_on_the_same_day_is_its_own_event(owner):
    services.progress_import(user=owner, events=days_done(owner, [2], title="Run"))

    result = services.progress_import(user=owner, events=days_done(owner, [2], title="Read"))

    assert (result.added, result.already) == (1, 0)


def test_a_mission_finished_here_at_the_same_moment_is_not_taken_for_an_import(owner):
    (event,) = days_done(owner, [1])
    mission = make_mission(make_goal(owner, category="health"))
    services.mission_complete(user=owner, mission_id=mission.pk, now=event.occurred_at)

    result = services.progress_import(user=owner, events=[event])

    assert result.added == 1


def test_imported_days_count_in_the_streak(owner):
    services.progress_import(user=owner, events=days_done(owner, [4, 3, 2, 1, 0]))

    streaks = progress_streaks(user=owner)

    assert (streaks.overall.current, streaks.by_category["health"].current) == (5, 5)


def test_an_outsiders_import_never_touches_the_owners_days(owner, outsider):
    services.progress_import(user=owner, events=days_done(owner, [2, 1]))

    theirs = services.progress_import(user=outsider, events=days_done(owner, [2, 1]))

    assert (theirs.added, theirs.already) == (2, 0)  # the owner's rows are not theirs
    assert ActivityEvent.objects.filter(user=owner).count() == 2
    assert progress_streaks(user=owner).overall.current == 2


def test_an_import_is_announced_once_with_its_first_date_after_commit(
    owner, heard, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        services.progress_import(user=owner, events=days_done(owner, [5, 2]))
        assert heard == []  # not before the import commits
    with django_capture_on_commit_callbacks(execute=True):
        services.progress_import(user=owner, events=days_done(owner, [5, 2]))  # nothing new

    assert heard == [
        {"user": owner, "first_date": progress_today(user=owner) - dt.timedelta(days=5)}
    ]


def test_nothing_to_import_adds_nothing(owner):
    result = services.progress_import(user=owner, events=[])

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
        services.progress_import(user=owner, events=events)

    active = ConsistencySnapshot.objects.filter(user=owner, active=True).order_by("date")
    assert [s.date for s in active] == [owner.local_day(m) for m in moments]
