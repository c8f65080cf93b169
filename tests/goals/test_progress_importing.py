"""Reading past history from files (goals.progress.importing): Loop Habit Tracker's CSV export
and a JSON list of events. Pure parsing: no database."""

from __future__ import annotations

import datetime as dt
import io
import zipfile

import pytest

from goals.progress.days import day_start, lived_day
from goals.progress.importing import (
    MAX_EVENTS,
    MAX_PROBLEMS,
    MAX_UPLOAD_BYTES,
    ImportedEvent,
    ImportProblems,
    Problem,
    parse_events_json,
    parse_loop_csv,
    parse_upload,
)

NOW = dt.datetime(2024, 6, 15, 18, 0, tzinfo=dt.UTC)
PARIS = "Europe/Paris"

# Loop's export: every habit a column, newest day first, each line ending with a comma.
CHECKMARKS = """Date,Meditate,Wake up early,
2024-06-14,2,1,
2024-06-13,-1,2,
2024-06-12,2,2,
2024-06-11,0,3,
"""


def loop(text: str, **options) -> list[ImportedEvent]:
    options = {"category": "health", "zone": PARIS, "day_start_hour": 4, "now": NOW, **options}
    return parse_loop_csv(text, **options)


def done(events: list[ImportedEvent]) -> list[tuple[dt.date, str]]:
    """(local date, title) of each event, as the person's days will credit them."""
    return [
        (lived_day(event.occurred_at, zone=event.zone, day_start_hour=4).date, event.title)
        for event in events
    ]


def problems_of(error: pytest.ExceptionInfo[ImportProblems]) -> list[tuple[str, str]]:
    return [(problem.where, problem.message) for problem in error.value.problems]


# -- Loop: layouts ------------------------------------------------------------------------------


def test_every_habit_column_gives_one_event_per_day_it_was_done():
    events = loop(CHECKMARKS)

    assert sorted(done(events)) == [
        (dt.date(2024, 6, 12), "Meditate"),
        (dt.date(2024, 6, 12), "Wake up early"),
        (dt.date(2024, 6, 13), "Wake up early"),
        (dt.date(2024, 6, 14), "Meditate"),
    ]
    assert {(e.category, e.zone, e.source) for e in events} == {("health", PARIS, "loop")}


def test_an_event_is_the_middle_of_its_day_in_the_persons_zone():
    (event,) = loop("Date,Read,\n2024-06-14,2,\n", day_start_hour=4)

    start = day_start(dt.date(2024, 6, 14), zone=PARIS, day_start_hour=4)
    assert event.occurred_at == start + dt.timedelta(hours=12)
    assert event.occurred_at == dt.datetime(2024, 6, 14, 14, 0, tzinfo=dt.UTC)  # 16:00 in Paris


def test_a_habits_own_file_with_value_names_and_notes_is_read():
    text = (
        "Date,Value,Notes\n"
        "2024-06-14,YES_MANUAL,\n"
        '2024-06-13,YES_AUTO,"Rest day, as planned"\n'
        '2024-06-12,YES_MANUAL,"""Long"" run"\n'
        "2024-06-11,NO,Sick\n"
        "2024-06-10,SKIP,\n"
        "2024-06-09,UNKNOWN,\n"
    )

    assert done(loop(text)) == [(dt.date(2024, 6, 14), ""), (dt.date(2024, 6, 12), "")]


def test_an_older_habit_file_without_a_header_is_read():
    assert done(loop("2024-06-14,2\n2024-06-13,1\n2024-06-12,2\n")) == [
        (dt.date(2024, 6, 14), ""),
        (dt.date(2024, 6, 12), ""),
    ]


def test_a_numeric_habit_counts_every_day_with_an_amount():
    # Loop keeps amounts times 1000: 5 km is 5000, 0.5 km is 500; 1 here is 0.001, still done.
    text = "Date,Run (km),Meditate,\n2024-06-14,5000,2,\n2024-06-13,0,1,\n2024-06-12,1,0,\n"

    assert sorted(done(loop(text))) == [
        (dt.date(2024, 6, 12), "Run (km)"),
        (dt.date(2024, 6, 14), "Meditate"),
        (dt.date(2024, 6, 14), "Run (km)"),
    ]


def test_an_amount_written_with_a_decimal_point_is_a_numeric_habit():
    assert done(loop("Date,Value\n2024-06-14,1.0\n2024-06-13,0.0\n")) == [
        (dt.date(2024, 6, 14), "")
    ]


@pytest.mark.parametrize("value", ["1", "0", "-1", "3", "-3", "", "YES_AUTO", "NO", "SKIP"])
def test_only_a_yes_the_person_marked_counts(value):
    assert loop(f"Date,Read,\n2024-06-14,{value},\n") == []


def test_a_file_with_a_byte_order_mark_and_windows_line_ends_is_read():
    events = parse_upload(
        io.BytesIO("\ufeffDate,Read,\r\n2024-06-14,2,\r\n".encode()),
        category="craft",
        zone=PARIS,
        day_start_hour=4,
        now=NOW,
    )

    assert done(events) == [(dt.date(2024, 6, 14), "Read")]
    assert events[0].category == "craft"


# -- Loop: refusals -----------------------------------------------------------------------------


def test_every_bad_line_is_named_as_a_spreadsheet_numbers_it():
    text = (
        "Date,Read,Run,\n2024-06-14,2,2,\n2024-13-01,2,0,\n\n2024-06-12,yes,2,\n2024-06-11,2,2,9,\n"
    )

    with pytest.raises(ImportProblems) as error:
        loop(text)

    assert problems_of(error) == [
        ("line 3", "“2024-13-01” is not a date (YYYY-MM-DD)."),
        ("line 5", "Read: “yes” is not a Loop checkmark value."),
        ("line 6", "More values than habits in the first line."),
    ]


def test_a_file_that_is_not_loops_export_is_refused_at_its_first_line():
    with pytest.raises(ImportProblems) as error:
        loop("Name,Score\nAda,3\n")

    assert problems_of(error)[0][0] == "line 1"
    assert "not Loop's Checkmarks.csv" in problems_of(error)[0][1]


@pytest.mark.parametrize("category", ["", "fitness", "HEALTH"])
def test_a_value_category_that_is_not_one_of_the_four_is_refused(category):
    with pytest.raises(ImportProblems) as error:
        loop(CHECKMARKS, category=category)

    assert problems_of(error)[0][0] == "category"


def test_a_day_done_after_today_is_refused_but_a_future_empty_day_is_not():
    assert loop("Date,Read,\n2024-06-16,-1,\n2024-06-15,2,\n") != []

    with pytest.raises(ImportProblems) as error:
        loop("Date,Read,\n2024-06-16,2,\n")

    assert problems_of(error) == [("line 2", "2024-06-16 is after today.")]


def test_a_day_before_any_habit_trackers_history_is_refused():
    with pytest.raises(ImportProblems) as error:
        loop("Date,Meditate\n2024-06-14,2\n0001-01-01,2\n")

    assert problems_of(error) == [("line 3", "0001-01-01 is before 1970-01-01.")]


def test_a_field_longer_than_a_csv_holds_is_refused_as_not_loops_file():
    with pytest.raises(ImportProblems) as error:
        loop("Date,Meditate\n2024-06-14," + "2" * 140_000 + "\n")

    ((where, message),) = problems_of(error)
    assert where == "file"
    assert message.startswith("This file cannot be read as Loop's CSV (field larger than")


def test_problems_are_listed_up_to_fifty_then_counted():
    text = "Date,Read,\n" + "".join(f"bad{n},2,\n" for n in range(60))

    with pytest.raises(ImportProblems) as error:
        loop(text)

    assert len(error.value.problems) == MAX_PROBLEMS + 1
    assert error.value.problems[-1] == Problem(where="", message="…and 10 more not listed.")


def test_a_habit_name_is_checked_like_a_mission_title():
    with pytest.raises(ImportProblems) as error:
        loop(f"Date,{'x' * 201},\n2024-06-14,2,\n")

    assert problems_of(error)[0][0] == "line 1"


# -- Loop: days across clock changes ------------------------------------------------------------


@pytest.mark.parametrize(
    ("zone", "day_start_hour"),
    [("Europe/Paris", 0), ("Europe/Paris", 4), ("America/New_York", 2), ("Asia/Kathmandu", 0)],
)
def test_each_imported_date_is_credited_exactly_across_clock_changes(zone, day_start_hour):
    # Fall back and spring forward in Europe and America (25- and 23-hour days) are inside.
    first = dt.date(2023, 10, 1)
    dates = [first + dt.timedelta(days=n) for n in range((dt.date(2024, 6, 15) - first).days)]
    text = "Date,Read,\n" + "".join(f"{date},2,\n" for date in dates)

    events = loop(text, zone=zone, day_start_hour=day_start_hour)

    credited = [
        lived_day(event.occurred_at, zone=zone, day_start_hour=day_start_hour).date
        for event in events
    ]
    assert credited == dates


# -- generic JSON --------------------------------------------------------------------------------


def events_json(*events: dict, zone: str = PARIS) -> list[ImportedEvent]:
    return parse_events_json({"events": list(events)}, zone=zone, now=NOW)


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
        parse_events_json(body, zone=PARIS, now=NOW)

    assert problems_of(error)[0][0] == "events"


def test_more_than_the_events_one_import_takes_are_refused_before_reading_them():
    many = [{"occurred_at": "nonsense"}] * (MAX_EVENTS + 1)

    with pytest.raises(ImportProblems) as error:
        parse_events_json({"events": many}, zone=PARIS, now=NOW)

    assert problems_of(error) == [("events", "At most 20,000 events at a time; this has 20,001.")]


# -- uploads -------------------------------------------------------------------------------------


def upload(content: bytes, category: str = "health") -> list[ImportedEvent]:
    return parse_upload(
        io.BytesIO(content), category=category, zone=PARIS, day_start_hour=4, now=NOW
    )


def zipped(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def test_the_zip_of_loops_whole_export_is_read_from_its_checkmarks_csv():
    export = zipped(
        {
            "Habits.csv": "Position,Name,Type\n001,Meditate,YES_NO\n",
            "Checkmarks.csv": CHECKMARKS,
            "001 Meditate/Checkmarks.csv": "Date,Value,Notes\n2024-06-01,YES_MANUAL,\n",
        }
    )

    assert len(upload(export)) == 4


def test_a_zip_without_loops_checkmarks_is_refused():
    with pytest.raises(ImportProblems) as error:
        upload(zipped({"notes.txt": "hello"}))

    assert problems_of(error)[0][0] == "file"


def test_a_json_file_is_read_as_a_list_of_events():
    content = b'{"events": [{"occurred_at": "2024-06-14T08:00:00Z", "category": "connection"}]}'

    (event,) = upload(content)

    assert event.category == "connection"


@pytest.mark.parametrize(
    "content",
    [b"x" * (MAX_UPLOAD_BYTES + 1), b"\xff\xfe\x00D\x00a", b'{"events": [', b"{[[[[[[]]]]]]}"],
)
def test_a_file_too_large_not_text_or_broken_json_is_refused(content):
    with pytest.raises(ImportProblems) as error:
        upload(content)

    assert problems_of(error)[0][0] == "file"
