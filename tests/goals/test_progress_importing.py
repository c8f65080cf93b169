"""Reading past history from files (goals.progress.importing): what an import reads into, how
a refusal names its bad rows, and a JSON list of events, some naming a habit. Pure parsing:
no database. Loop Habit Tracker's export: test_progress_importing_loop."""

from __future__ import annotations

import datetime as dt

import pytest

from goals.progress.days import lived_day
from goals.progress.importing import (
    MAX_EVENTS,
    MAX_PROBLEMS,
    HabitSchedule,
    ImportedDay,
    ImportedEvent,
    ImportedHabit,
    ImportedHistory,
    ImportProblems,
    Problem,
    parse_events_json,
)

NOW = dt.datetime(2024, 6, 15, 18, 0, tzinfo=dt.UTC)
PARIS = "Europe/Paris"


def problems_of(error: pytest.ExceptionInfo[ImportProblems]) -> list[tuple[str, str]]:
    return [(problem.where, problem.message) for problem in error.value.problems]


def test_problems_are_listed_up_to_fifty_then_counted():
    events = [{"occurred_at": "soon", "category": "health"}] * 60

    with pytest.raises(ImportProblems) as error:
        events_json(*events)

    assert len(error.value.problems) == MAX_PROBLEMS + 1
    assert error.value.problems[-1] == Problem(where="", message="…and 10 more not listed.")


# -- generic JSON --------------------------------------------------------------------------------


def history_of(*events: dict, zone: str = PARIS) -> ImportedHistory:
    return parse_events_json({"events": list(events)}, zone=zone, day_start_hour=4, now=NOW)


def events_json(*events: dict, zone: str = PARIS) -> tuple[ImportedEvent, ...]:
    return history_of(*events, zone=zone).events


def test_a_time_with_an_offset_is_dated_on_that_offsets_clock():
    (event,) = events_json(
        {"occurred_at": "2024-06-14T23:30:00+05:45", "category": "growth", "title": "Read"}
    )

    assert event == ImportedEvent(
        occurred_at=dt.datetime(2024, 6, 14, 17, 45, tzinfo=dt.UTC),
        zone="+05:45",
        category="growth",
        title="Read",
        source="json",
    )
    # 23:30 in Kathmandu's offset is still the 14th there, though the 15th has begun nowhere
    # near Paris; the day is the one the person lived.
    assert lived_day(event.occurred_at, zone=event.zone, day_start_hour=0).date == dt.date(
        2024, 6, 14
    )


@pytest.mark.parametrize("written", ["2024-06-14T08:00:00Z", "2024-06-14T08:00:00+00:00"])
def test_utc_is_the_zero_offset(written):
    (event,) = events_json({"occurred_at": written, "category": "health"})

    assert (event.zone, event.title) == ("+00:00", "")
    assert event.occurred_at == dt.datetime(2024, 6, 14, 8, tzinfo=dt.UTC)


def test_a_time_without_an_offset_is_read_on_the_persons_clock():
    (event,) = events_json({"occurred_at": "2024-06-14T08:00:00", "category": "craft"})

    assert event.zone == PARIS
    assert event.occurred_at == dt.datetime(2024, 6, 14, 6, tzinfo=dt.UTC)  # CEST is +02:00


def test_every_bad_event_is_named_by_its_index_and_field():
    with pytest.raises(ImportProblems) as error:
        events_json(
            {"occurred_at": "2024-06-14T08:00:00Z", "category": "health"},
            {"occurred_at": "2024-06-16T08:00:00Z", "category": "fitness", "title": " "},
            "run",
            {"occurred_at": "2024-06-14", "category": "health", "title": 3},
            {"category": "health"},
            {"occurred_at": "yesterday", "category": "health", "title": "x" * 201},
        )

    assert [where for where, _ in problems_of(error)] == [
        "events[1].occurred_at",
        "events[1].category",
        "events[1].title",
        "events[2]",
        "events[3].occurred_at",
        "events[3].title",
        "events[4].occurred_at",
        "events[5].occurred_at",
        "events[5].title",
    ]
    messages = dict(problems_of(error))
    assert messages["events[1].occurred_at"] == "2024-06-16T08:00:00Z is in the future."
    assert "health, craft, growth, connection" in messages["events[1].category"]


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z is before 1970-01-01."),
        ("0001-01-01T00:00:00+14:00", "0001-01-01T00:00:00+14:00 is before 1970-01-01."),
        ("0001-01-01T00:00:00", "0001-01-01T00:00:00 is before 1970-01-01."),
        ("2024-06-14T08:00:00+23:59", "The offset must be between -14:00 and +14:00."),
        ("2024-06-14T08:00:00-23:59", "The offset must be between -14:00 and +14:00."),
        ("2024-06-14T08:00:00+14:01", "The offset must be between -14:00 and +14:00."),
        ("2024-06-14T08:00\x0000", "“2024-06-14T08:00�00” is not a date and time in ISO 8601."),
        ("2" * 5000, f"“{'2' * 40}…” is not a date and time in ISO 8601."),
    ],
)
def test_a_moment_the_calendar_or_the_database_cannot_hold_is_refused(written, message):
    with pytest.raises(ImportProblems) as error:
        events_json({"occurred_at": written, "category": "health"})

    assert problems_of(error) == [("events[0].occurred_at", message)]


@pytest.mark.parametrize("written", ["2024-06-14T08:00:00+14:00", "2024-06-14T08:00:00-12:00"])
def test_the_widest_offsets_a_zone_uses_are_welcome(written):
    assert len(events_json({"occurred_at": written, "category": "health"})) == 1


@pytest.mark.parametrize("body", [[], {}, {"events": {}}, {"evnts": []}, "events"])
def test_a_body_without_a_list_of_events_is_refused(body):
    with pytest.raises(ImportProblems) as error:
        parse_events_json(body, zone=PARIS, day_start_hour=4, now=NOW)

    assert problems_of(error)[0][0] == "events"


def test_more_than_the_events_one_import_takes_are_refused_before_reading_them():
    many = [{"occurred_at": "nonsense"}] * (MAX_EVENTS + 1)

    with pytest.raises(ImportProblems) as error:
        parse_events_json({"events": many}, zone=PARIS, day_start_hour=4, now=NOW)

    assert problems_of(error) == [("events", "At most 20,000 events at a time; this has 20,001.")]


# -- JSON: events naming a habit ---------------------------------------------------------------


def test_an_event_naming_a_habit_is_a_day_done_of_a_habit_of_every_day():
    history = history_of(
        {"occurred_at": "2024-06-14T08:00:00+02:00", "category": "growth", "habit": "Read"},
        {"occurred_at": "2024-06-12T21:00:00", "category": "growth", "habit": "Read"},
        {"occurred_at": "2024-06-13T07:30:00Z", "category": "health", "title": "Swim"},
    )

    assert history.habits == (
        ImportedHabit(
            name="Read",
            category="growth",
            source="json",
            schedule=HabitSchedule(kind="daily"),
            days=(
                ImportedDay(day=dt.date(2024, 6, 12), done=True),
                ImportedDay(day=dt.date(2024, 6, 14), done=True),
            ),
        ),
    )
    assert [event.title for event in history.events] == ["Swim"]


def test_a_habits_day_is_the_one_its_moment_falls_on_with_the_persons_day_start():
    # 02:30 in Paris is before a 04:00 day start: still the 13th's day.
    (habit,) = history_of(
        {"occurred_at": "2024-06-14T02:30:00", "category": "growth", "habit": "Read"}
    ).habits

    assert habit.days == (ImportedDay(day=dt.date(2024, 6, 13), done=True),)


def test_names_differing_only_in_case_are_one_habit_named_by_the_first():
    history = history_of(
        {"occurred_at": "2024-06-14T08:00:00Z", "category": "craft", "habit": " Piano "},
        {"occurred_at": "2024-06-13T08:00:00Z", "category": "growth", "habit": "PIANO"},
    )

    (habit,) = history.habits
    assert (habit.name, habit.category, len(habit.days)) == ("Piano", "craft", 2)
    assert history.events == ()


@pytest.mark.parametrize("habit", ["", " ", 7, "x" * 201, "Re\x00ad"])
def test_a_habit_name_is_checked_like_a_title(habit):
    with pytest.raises(ImportProblems) as error:
        events_json({"occurred_at": "2024-06-14T08:00:00Z", "category": "craft", "habit": habit})

    ((where, message),) = problems_of(error)
    assert where == "events[0].habit"
    assert "habit name" in message
