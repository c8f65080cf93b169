"""Reading Loop Habit Tracker's export (goals.progress.importing_loop): its Habits.csv and
Checkmarks.csv into habits with their days, one habit's own file into events, and the upload
that may be Loop's zip, a CSV from it or a JSON list. Pure parsing: no database."""

from __future__ import annotations

import datetime as dt
import io
import zipfile

import pytest

from goals.progress.days import day_start, lived_day
from goals.progress.importing import (
    MAX_UPLOAD_BYTES,
    HabitSchedule,
    ImportedDay,
    ImportedHabit,
    ImportedHistory,
    ImportProblems,
)
from goals.progress.importing_loop import loop_schedule, parse_loop_csv, parse_upload

NOW = dt.datetime(2024, 6, 15, 18, 0, tzinfo=dt.UTC)
PARIS = "Europe/Paris"

# Loop's Checkmarks.csv: every habit a column, newest day first, each line ending with a comma.
CHECKMARKS = """Date,Meditate,Wake up early,
2024-06-14,2,1,
2024-06-13,-1,2,
2024-06-12,2,2,
2024-06-11,0,3,
"""
HABITS_HEADER = (
    "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,"
    "Unit,Target Type,Target Value,Archived?\n"
)
# A recent export, as Loop writes it (names, then values, with no quotes).
EXPORT_HABITS = HABITS_HEADER + (
    "001,Meditate,YES_NO,Did you meditate this morning?,,1,1,#FF8F00,,,,false\n"
    "002,Run,NUMERICAL,How far did you run?,,3,7,#E64A19,km,AT_LEAST,5.0,false\n"
    "003,Floss,YES_NO,Did you floss?,,1,3,#00897B,,,,true\n"
)
EXPORT_CHECKMARKS = """Date,Meditate,Run,Floss,
2024-06-14,YES_MANUAL,5200,UNKNOWN,
2024-06-13,SKIP,NO,YES_AUTO,
2024-06-12,NO,2500,YES_AUTO,
2024-06-11,YES_MANUAL,UNKNOWN,YES_MANUAL,
"""


def loop(text: str, habits_csv: str | None = None, **options) -> ImportedHistory:
    options = {"category": "health", "zone": PARIS, "day_start_hour": 4, "now": NOW, **options}
    return parse_loop_csv(text, habits_csv=habits_csv, **options)


def habits(history: ImportedHistory) -> dict[str, ImportedHabit]:
    return {habit.name: habit for habit in history.habits}


def done(history: ImportedHistory) -> list[tuple[dt.date, str]]:
    """(date, habit) of each day done, sorted."""
    return sorted(
        (day.day, habit.name) for habit in history.habits for day in habit.days if day.done
    )


def event_dates(history: ImportedHistory) -> list[dt.date]:
    """The local date of each event of no habit, as the person's days will credit them."""
    return [
        lived_day(event.occurred_at, zone=event.zone, day_start_hour=4).date
        for event in history.events
    ]


def problems_of(error: pytest.ExceptionInfo[ImportProblems]) -> list[tuple[str, str]]:
    return [(problem.where, problem.message) for problem in error.value.problems]


def zipped(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:  # as Loop writes it
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def upload(content: bytes, category: str = "health") -> ImportedHistory:
    return parse_upload(
        io.BytesIO(content), category=category, zone=PARIS, day_start_hour=4, now=NOW
    )


# -- Loop's whole export: Habits.csv and Checkmarks.csv ----------------------------------------


def test_each_habit_of_the_export_comes_with_its_schedule_number_and_days():
    history = loop(EXPORT_CHECKMARKS, EXPORT_HABITS)

    assert history.events == ()
    assert history.habits == (
        ImportedHabit(
            name="Meditate",
            category="health",
            source="loop",
            schedule=HabitSchedule(kind="daily"),
            days=(
                ImportedDay(day=dt.date(2024, 6, 11), done=True),
                ImportedDay(day=dt.date(2024, 6, 13), done=False),
                ImportedDay(day=dt.date(2024, 6, 14), done=True),
            ),
        ),
        ImportedHabit(
            name="Run",
            category="health",
            source="loop",
            schedule=HabitSchedule(kind="weekly", times_per_week=3),
            target=5,
            unit="km",
            days=(
                ImportedDay(day=dt.date(2024, 6, 12), done=True, value=3),  # 2.5 km
                ImportedDay(day=dt.date(2024, 6, 14), done=True, value=5),  # 5.2 km
            ),
        ),
        ImportedHabit(
            name="Floss",
            category="health",
            source="loop",
            schedule=HabitSchedule(kind="every", every_days=3),
            archived=True,
            days=(ImportedDay(day=dt.date(2024, 6, 11), done=True),),
        ),
    )


@pytest.mark.parametrize(
    ("numerator", "denominator", "schedule"),
    [
        (1, 1, HabitSchedule(kind="daily")),
        (2, 2, HabitSchedule(kind="daily")),
        (1, 7, HabitSchedule(kind="weekly", times_per_week=1)),
        (3, 7, HabitSchedule(kind="weekly", times_per_week=3)),
        (6, 7, HabitSchedule(kind="weekly", times_per_week=6)),
        (1, 2, HabitSchedule(kind="every", every_days=2)),
        (1, 10, HabitSchedule(kind="every", every_days=10)),
        (1, 30, HabitSchedule(kind="every", every_days=30)),
        (2, 3, HabitSchedule(kind="weekly", times_per_week=5)),  # 4.67 a week
        (10, 30, HabitSchedule(kind="weekly", times_per_week=2)),  # 2.33 a week
        (3, 14, HabitSchedule(kind="weekly", times_per_week=2)),  # 1.5 a week, rounded up
        (1, 31, HabitSchedule(kind="weekly", times_per_week=1)),  # less than once a week
        (29, 30, HabitSchedule(kind="weekly", times_per_week=7)),
    ],
)
def test_loops_frequency_becomes_the_nearest_schedule(numerator, denominator, schedule):
    assert loop_schedule(numerator, denominator) == schedule


def test_the_frequency_is_read_from_habits_csv():
    text = HABITS_HEADER + "001,Swim,YES_NO,,,2,7,#FF8F00,,,,false\n"

    (habit,) = loop("Date,Swim,\n2024-06-14,2,\n", text).habits

    assert habit.schedule == HabitSchedule(kind="weekly", times_per_week=2)


def test_an_older_habits_csv_without_type_or_target_is_read():
    older = (
        "Position,Name,Question,Description,NumRepetitions,Interval,Color\n"
        "001,Meditate,Did you meditate this morning?,,1,1,#FF8F00\n"
        "002,Wake up early,Did you wake up before 6am?,,2,3,#00897B\n"
    )

    found = habits(loop(CHECKMARKS, older))

    assert found["Meditate"].schedule == HabitSchedule(kind="daily")
    assert found["Wake up early"].schedule == HabitSchedule(kind="weekly", times_per_week=5)
    assert done(loop(CHECKMARKS, older)) == [
        (dt.date(2024, 6, 12), "Meditate"),
        (dt.date(2024, 6, 12), "Wake up early"),
        (dt.date(2024, 6, 13), "Wake up early"),
        (dt.date(2024, 6, 14), "Meditate"),
    ]


def test_a_numeric_habits_target_is_rounded_and_its_unit_kept():
    text = HABITS_HEADER + "001,Water,NUMERICAL,,,1,1,#FF8F00,glasses,AT_LEAST,7.5,false\n"

    (habit,) = loop("Date,Water,\n2024-06-14,8000,\n2024-06-13,0,\n", text).habits

    assert (habit.target, habit.unit) == (8, "glasses")
    assert habit.days == (ImportedDay(day=dt.date(2024, 6, 14), done=True, value=8),)


def test_a_unit_longer_than_a_habit_keeps_is_cut_to_fit():
    unit = "minutes of deliberate practice on scales"
    text = HABITS_HEADER + f"001,Piano,NUMERICAL,,,1,1,#FF8F00,{unit},AT_LEAST,20.0,false\n"

    (habit,) = loop("Date,Piano,\n2024-06-14,20000,\n", text).habits

    assert habit.unit == unit[:30].rstrip()


def test_a_habit_loop_calls_numeric_is_numeric_whatever_its_values():
    text = HABITS_HEADER + "001,Pages,NUMERICAL,,,1,1,#FF8F00,pages,AT_LEAST,20.0,false\n"

    # Loop writes an amount of 0.002 as YES_MANUAL: still an amount, at least 1 page.
    (habit,) = loop("Date,Pages,\n2024-06-14,YES_MANUAL,\n2024-06-13,SKIP,\n", text).habits

    assert habit.target == 20
    assert habit.days == (
        ImportedDay(day=dt.date(2024, 6, 13), done=False),
        ImportedDay(day=dt.date(2024, 6, 14), done=True, value=1),
    )


def test_an_archived_habit_stays_archived():
    text = HABITS_HEADER + "001,Floss,YES_NO,,,1,1,#FF8F00,,,,true\n"

    (habit,) = loop("Date,Floss,\n2024-06-14,2,\n", text).habits

    assert habit.archived


def test_a_habit_described_but_with_no_column_still_comes_without_days():
    text = EXPORT_HABITS + "004,Stretch,YES_NO,,,1,1,#FF8F00,,,,false\n"

    assert habits(loop(EXPORT_CHECKMARKS, text))["Stretch"].days == ()


def test_a_column_habits_csv_does_not_describe_is_a_habit_of_every_day():
    (habit,) = loop("Date,Journal,\n2024-06-14,2,\n", HABITS_HEADER).habits

    assert (habit.name, habit.schedule) == ("Journal", HabitSchedule(kind="daily"))


def test_every_bad_line_of_habits_csv_is_named_with_the_file():
    text = HABITS_HEADER + (
        "001,Meditate,YES_NO,,,1,0,#FF8F00,,,,false\n"
        "002,,YES_NO,,,1,1,#FF8F00,,,,false\n"
        "003,Run,COUNTED,,,1,1,#FF8F00,km,AT_LEAST,lots,false\n"
    )

    with pytest.raises(ImportProblems) as error:
        loop(EXPORT_CHECKMARKS, text)

    assert problems_of(error) == [
        ("Habits.csv line 2", "“1/0” is not how often a habit is due."),
        ("Habits.csv line 3", "The habit has no name."),
        ("Habits.csv line 4", "“COUNTED” is not a type of Loop habit."),
        ("Habits.csv line 4", "“lots” is not a target amount."),
    ]


def test_a_habits_csv_without_names_is_refused():
    with pytest.raises(ImportProblems) as error:
        loop(CHECKMARKS, "Position,Title\n001,Meditate\n")

    ((where, message),) = problems_of(error)
    assert where == "Habits.csv line 1"
    assert "not Loop's Habits.csv" in message


# -- Checkmarks.csv alone ---------------------------------------------------------------------


def test_each_habit_column_alone_is_a_habit_of_every_day_with_its_days():
    history = loop(CHECKMARKS)

    assert [(habit.name, habit.schedule, habit.target) for habit in history.habits] == [
        ("Meditate", HabitSchedule(kind="daily"), None),
        ("Wake up early", HabitSchedule(kind="daily"), None),
    ]
    assert done(history) == [
        (dt.date(2024, 6, 12), "Meditate"),
        (dt.date(2024, 6, 12), "Wake up early"),
        (dt.date(2024, 6, 13), "Wake up early"),
        (dt.date(2024, 6, 14), "Meditate"),
    ]
    assert habits(history)["Wake up early"].days[0] == ImportedDay(dt.date(2024, 6, 11), False)
    assert {(habit.category, habit.source) for habit in history.habits} == {("health", "loop")}


def test_a_numeric_column_alone_aims_for_its_typical_days_amount():
    # Loop keeps amounts times 1000: 5 km is 5000; 1 here is 0.001 km, still done.
    text = (
        "Date,Run (km),Meditate,\n"
        "2024-06-14,5000,2,\n2024-06-13,0,1,\n2024-06-12,1,0,\n2024-06-11,8000,0,\n"
    )

    found = habits(loop(text))

    run = found["Run (km)"]
    assert [(day.day, day.value) for day in run.days] == [
        (dt.date(2024, 6, 11), 8),
        (dt.date(2024, 6, 12), 1),
        (dt.date(2024, 6, 14), 5),
    ]
    assert (run.target, run.unit) == (5, "")
    assert found["Meditate"].target is None


def test_an_amount_written_with_a_decimal_point_is_a_numeric_habit():
    (habit,) = loop("Date,Read,\n2024-06-14,1.0\n2024-06-13,0.0\n").habits

    assert habit.days == (ImportedDay(day=dt.date(2024, 6, 14), done=True, value=1),)
    assert habit.target == 1


@pytest.mark.parametrize("value", ["1", "0", "-1", "", "YES_AUTO", "NO", "UNKNOWN"])
def test_a_day_loop_filled_in_itself_missed_or_unknown_is_no_day(value):
    assert loop(f"Date,Read,\n2024-06-14,{value},\n").habits[0].days == ()


@pytest.mark.parametrize("value", ["3", "-3", "SKIP"])
def test_loops_skip_is_a_day_skipped(value):
    (day,) = loop(f"Date,Read,\n2024-06-14,{value},\n").habits[0].days

    assert day == ImportedDay(day=dt.date(2024, 6, 14), done=False)


# -- one habit's own file --------------------------------------------------------------------


def test_a_habits_own_file_names_no_habit_so_its_days_done_are_events():
    text = (
        "Date,Value,Notes\n"
        "2024-06-14,YES_MANUAL,\n"
        '2024-06-13,YES_AUTO,"Rest day, as planned"\n'
        '2024-06-12,YES_MANUAL,"""Long"" run"\n'
        "2024-06-11,NO,Sick\n"
        "2024-06-10,SKIP,\n"
        "2024-06-09,UNKNOWN,\n"
    )

    history = loop(text)

    assert history.habits == ()
    assert event_dates(history) == [dt.date(2024, 6, 12), dt.date(2024, 6, 14)]
    assert {(e.title, e.category, e.source) for e in history.events} == {("", "health", "loop")}


def test_an_older_habit_file_without_a_header_is_read():
    history = loop("2024-06-14,2\n2024-06-13,1\n2024-06-12,2\n")

    assert event_dates(history) == [dt.date(2024, 6, 12), dt.date(2024, 6, 14)]


def test_an_event_is_the_middle_of_its_day_in_the_persons_zone():
    (event,) = loop("Date,Value\n2024-06-14,2\n", day_start_hour=4).events

    start = day_start(dt.date(2024, 6, 14), zone=PARIS, day_start_hour=4)
    assert event.occurred_at == start + dt.timedelta(hours=12)
    assert event.occurred_at == dt.datetime(2024, 6, 14, 14, 0, tzinfo=dt.UTC)  # 16:00 in Paris


@pytest.mark.parametrize(
    ("zone", "day_start_hour"),
    [("Europe/Paris", 0), ("Europe/Paris", 4), ("America/New_York", 2), ("Asia/Kathmandu", 0)],
)
def test_each_date_of_a_habits_own_file_is_credited_exactly_across_clock_changes(
    zone, day_start_hour
):
    # Fall back and spring forward in Europe and America (25- and 23-hour days) are inside.
    first = dt.date(2023, 10, 1)
    dates = [first + dt.timedelta(days=n) for n in range((dt.date(2024, 6, 15) - first).days)]
    text = "Date,Value\n" + "".join(f"{date},2\n" for date in dates)

    events = loop(text, zone=zone, day_start_hour=day_start_hour).events

    credited = [
        lived_day(event.occurred_at, zone=zone, day_start_hour=day_start_hour).date
        for event in events
    ]
    assert credited == dates


# -- Loop: refusals -----------------------------------------------------------------------------


def test_every_bad_line_is_named_as_a_spreadsheet_numbers_it():
    text = (
        "Date,Read,Run,\n2024-06-14,2,2,\n2024-13-01,2,0,\n\n2024-06-12,yes,2,\n"
        "2024-06-11,2,2,9,\n2024-06-10,2,9999999999,\n"
    )

    with pytest.raises(ImportProblems) as error:
        loop(text)

    assert problems_of(error) == [
        ("line 3", "“2024-13-01” is not a date (YYYY-MM-DD)."),
        ("line 5", "Read: “yes” is not a Loop checkmark value."),
        ("line 6", "More values than habits in the first line."),
        ("line 7", "Run: “9999999999” is more than any amount kept here."),
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


def test_a_day_done_or_skipped_after_today_is_refused_but_a_future_empty_day_is_not():
    assert loop("Date,Read,\n2024-06-16,-1,\n2024-06-15,2,\n").habits[0].days != ()

    with pytest.raises(ImportProblems) as error:
        loop("Date,Read,\n2024-06-17,3,\n2024-06-16,2,\n")

    assert problems_of(error) == [
        ("line 2", "2024-06-17 is after today."),
        ("line 3", "2024-06-16 is after today."),
    ]


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


def test_a_habit_name_is_checked_like_a_mission_title():
    with pytest.raises(ImportProblems) as error:
        loop(f"Date,{'x' * 201},\n2024-06-14,2,\n")

    assert problems_of(error)[0][0] == "line 1"


def test_more_days_than_one_import_takes_are_refused():
    first = dt.date(1990, 1, 1)
    lines = "".join(f"{first + dt.timedelta(days=n)},2,2,\n" for n in range(10_001))

    with pytest.raises(ImportProblems) as error:
        loop("Date,Read,Run,\n" + lines)

    assert problems_of(error) == [("file", "At most 20,000 events at a time; this has 20,002.")]


# -- uploads -------------------------------------------------------------------------------------


def test_the_zip_of_loops_whole_export_is_read_with_its_habits():
    export = zipped(
        {
            "Habits.csv": EXPORT_HABITS,
            "Checkmarks.csv": EXPORT_CHECKMARKS,
            "Scores.csv": "Date,Meditate,Run,Floss,\n2024-06-14,0.5,0.2,0.1,\n",
            "001 Meditate/Checkmarks.csv": "Date,Value,Notes\n2024-06-01,YES_MANUAL,\n",
        }
    )

    assert upload(export) == loop(EXPORT_CHECKMARKS, EXPORT_HABITS)


def test_a_zip_with_checkmarks_alone_is_read_as_checkmarks_csv():
    assert upload(zipped({"Checkmarks.csv": CHECKMARKS})) == loop(CHECKMARKS)


def test_a_file_with_a_byte_order_mark_and_windows_line_ends_is_read():
    history = upload("\ufeffDate,Read,\r\n2024-06-14,2,\r\n".encode(), category="craft")

    assert done(history) == [(dt.date(2024, 6, 14), "Read")]
    assert history.habits[0].category == "craft"


def test_a_zip_without_loops_checkmarks_is_refused():
    with pytest.raises(ImportProblems) as error:
        upload(zipped({"Habits.csv": EXPORT_HABITS}))

    assert problems_of(error) == [
        ("file", "This zip has no Checkmarks.csv at its top: upload Loop's export as it is.")
    ]


def test_a_habits_csv_too_large_in_the_zip_is_refused():
    export = zipped(
        {"Checkmarks.csv": CHECKMARKS, "Habits.csv": HABITS_HEADER + "x" * MAX_UPLOAD_BYTES}
    )

    with pytest.raises(ImportProblems) as error:
        upload(export)

    assert problems_of(error) == [("file", "The Habits.csv in this zip is larger than 2 MB.")]


def test_a_json_file_is_read_as_a_list_of_events():
    content = b'{"events": [{"occurred_at": "2024-06-14T08:00:00Z", "category": "connection"}]}'

    (event,) = upload(content).events

    assert event.category == "connection"


@pytest.mark.parametrize(
    "content",
    [b"x" * (MAX_UPLOAD_BYTES + 1), b"\xff\xfe\x00D\x00a", b'{"events": [', b"{[[[[[[]]]]]]}"],
)
def test_a_file_too_large_not_text_or_broken_json_is_refused(content):
    with pytest.raises(ImportProblems) as error:
        upload(content)

    assert problems_of(error)[0][0] == "file"
