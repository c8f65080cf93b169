"""POST /api/progress/import/: a person's past, from Loop's export or a JSON list, added to
their days all or nothing; Loop's habits, and events naming a habit, become their habits."""

from __future__ import annotations

import datetime as dt
import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from goals.models import ActivityEvent, Habit
from goals.progress.selectors import progress_today
from tests.goals.factories import make_habit

pytestmark = pytest.mark.django_db

URL = "/api/progress/import/"


def ago(days: int) -> str:
    return (timezone.now() - dt.timedelta(days=days)).isoformat()


def checkmarks(user, days_ago: list[int], *, extra: str = "") -> SimpleUploadedFile:
    """Loop's Checkmarks.csv with one habit, Run, done on those days of the person's."""
    today = progress_today(user=user)
    lines = "".join(f"{today - dt.timedelta(days=n)},2,\n" for n in days_ago)
    return SimpleUploadedFile("Checkmarks.csv", f"Date,Run,\n{lines}{extra}".encode())


def loop_zip(user) -> SimpleUploadedFile:
    """Loop's export: Walk every day, done the last three days; Pages, 20 a day, 3 times a
    week, done two days ago (18 pages) and skipped yesterday."""
    today = progress_today(user=user)
    habits = (
        "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,"
        "Unit,Target Type,Target Value,Archived?\n"
        "001,Walk,YES_NO,Did you walk?,,1,1,#FF8F00,,,,false\n"
        "002,Pages,NUMERICAL,How many pages?,,3,7,#E64A19,pages,AT_LEAST,20.0,false\n"
    )
    values = {1: "YES_MANUAL,SKIP", 2: "YES_MANUAL,18000", 3: "YES_MANUAL,UNKNOWN"}
    lines = "".join(f"{today - dt.timedelta(days=n)},{values[n]},\n" for n in (1, 2, 3))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Habits.csv", habits)
        archive.writestr("Checkmarks.csv", f"Date,Walk,Pages,\n{lines}")
    return SimpleUploadedFile("Loop Habits CSV.zip", buffer.getvalue())


def test_loops_export_becomes_the_persons_habits(owner, owner_api):
    response = owner_api.post(
        URL, {"file": loop_zip(owner), "category": "health"}, format="multipart"
    )

    assert response.status_code == 201
    body = response.json()
    walk, pages = (Habit.objects.get(user=owner, title=title) for title in ("Walk", "Pages"))
    assert body["habits"] == [
        {"id": walk.pk, "title": "Walk", "created": True, "archived": False, "days_done": 3},
        {"id": pages.pk, "title": "Pages", "created": True, "archived": False, "days_done": 1},
    ]
    assert (body["added"], body["already"]) == (5, 0)
    assert (body["habits_created"], body["habits_continued"]) == (2, 0)
    listed = {h["title"]: h for h in owner_api.get("/api/habits/").json()["results"]}
    assert (listed["Walk"]["schedule"], listed["Walk"]["streak"]["current"]) == ("daily", 3)
    shown = ("schedule", "times_per_week", "target", "unit")
    assert [listed["Pages"][key] for key in shown] == ["weekly", 3, 20, "pages"]
    today = progress_today(user=owner)
    span = {"from": str(today - dt.timedelta(days=2)), "to": str(today - dt.timedelta(days=1))}
    calendar = owner_api.get(f"/api/habits/{pages.pk}/calendar/", span).json()
    assert [(day["state"], day["value"]) for day in calendar] == [("done", 18), ("skipped", None)]


def test_loops_export_again_continues_the_habits_and_adds_nothing_twice(owner, owner_api):
    make_habit(owner, title="walk")
    owner_api.post(URL, {"file": loop_zip(owner), "category": "health"}, format="multipart")

    again = owner_api.post(URL, {"file": loop_zip(owner), "category": "health"}, format="multipart")

    assert again.status_code == 201
    assert (again.json()["added"], again.json()["already"]) == (0, 5)
    assert (again.json()["habits_created"], again.json()["habits_continued"]) == (0, 2)
    assert Habit.objects.filter(user=owner).count() == 2
    assert ActivityEvent.objects.filter(user=owner).count() == 4


def test_a_json_event_naming_a_habit_is_a_day_of_that_habit(owner, owner_api):
    events = [
        {"occurred_at": ago(2), "category": "growth", "habit": "Read"},
        {"occurred_at": ago(1), "category": "growth", "habit": "read"},
        {"occurred_at": ago(1), "category": "health", "title": "Swim"},
    ]

    response = owner_api.post(URL, {"events": events}, format="json")

    assert response.status_code == 201
    assert [(h["title"], h["days_done"]) for h in response.json()["habits"]] == [("Read", 2)]
    habit = Habit.objects.get(user=owner)
    assert (habit.schedule, habit.category) == ("daily", "growth")
    kinds = sorted(ActivityEvent.objects.filter(user=owner).values_list("kind", flat=True))
    assert kinds == ["habit_done", "habit_done", "mission_completed"]


def test_a_json_list_of_events_is_added_to_the_persons_days(owner, owner_api):
    events = [
        {"occurred_at": ago(2), "category": "health", "title": "Swim"},
        {"occurred_at": ago(1), "category": "growth"},
    ]

    response = owner_api.post(URL, {"events": events}, format="json")

    assert response.status_code == 201
    assert response.json()["added"] == 2
    assert response.json()["already"] == 0
    dates = [row["date"] for row in owner_api.get("/api/progress/days/").json() if row["active"]]
    assert len(dates) == 2
    assert response.json()["first_date"] == dates[0]


def test_loops_csv_is_uploaded_with_the_category_it_counts_for(owner, owner_api):
    response = owner_api.post(
        URL, {"file": checkmarks(owner, [3, 2, 1, 0]), "category": "craft"}, format="multipart"
    )

    assert response.status_code == 201
    assert (response.json()["added"], response.json()["habits_created"]) == (4, 1)
    assert Habit.objects.get(user=owner).category == "craft"
    body = owner_api.get("/api/progress/").json()
    assert body["streaks"]["by_category"]["craft"]["current"] == 4


def test_the_same_file_twice_adds_nothing_twice(owner, owner_api):
    first = {"file": checkmarks(owner, [2, 1]), "category": "health"}
    owner_api.post(URL, first, format="multipart")

    again = owner_api.post(
        URL, {"file": checkmarks(owner, [3, 2, 1]), "category": "health"}, format="multipart"
    )

    assert again.status_code == 201
    assert (again.json()["added"], again.json()["already"]) == (1, 2)
    assert ActivityEvent.objects.filter(user=owner).count() == 3


def test_one_bad_last_row_imports_nothing_and_names_it(owner, owner_api):
    events = [{"occurred_at": ago(n), "category": "health"} for n in (3, 2, 1)]
    events.append({"occurred_at": ago(1), "category": "fitness"})

    response = owner_api.post(URL, {"events": events}, format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["problems"] == [
        {
            "where": "events[3].category",
            "message": "“fitness” is not a value; use one of health, craft, growth, connection.",
        }
    ]
    assert body["detail"].startswith("Nothing was imported")
    assert not ActivityEvent.objects.filter(user=owner).exists()


def test_a_bad_last_line_of_a_csv_imports_nothing(owner, owner_api):
    upload = checkmarks(owner, [3, 2, 1], extra="yesterday,2,\n")

    response = owner_api.post(URL, {"file": upload, "category": "health"}, format="multipart")

    assert response.status_code == 400
    assert response.json()["problems"] == [
        {"where": "line 5", "message": "“yesterday” is not a date (YYYY-MM-DD)."}
    ]
    assert not ActivityEvent.objects.filter(user=owner).exists()


def test_a_loop_upload_needs_its_category_and_a_file(owner, owner_api):
    no_category = owner_api.post(URL, {"file": checkmarks(owner, [1])}, format="multipart")
    no_file = owner_api.post(URL, {"category": "health"}, format="multipart")

    assert no_category.status_code == no_file.status_code == 400
    assert no_category.json()["problems"][0]["where"] == "category"
    assert no_file.json()["problems"][0]["where"] == "file"


def test_a_file_over_two_megabytes_is_refused(owner, owner_api):
    big = SimpleUploadedFile("Checkmarks.csv", b"Date,Run,\n" + b"\n" * (2 * 1024 * 1024))

    response = owner_api.post(URL, {"file": big, "category": "health"}, format="multipart")

    assert response.status_code == 400
    assert response.json()["problems"] == [
        {"where": "file", "message": "The file is larger than 2 MB."}
    ]


def test_more_than_twenty_thousand_events_are_refused(owner, owner_api):
    events = [{"occurred_at": "x"}] * 20_001

    response = owner_api.post(URL, {"events": events}, format="json")

    assert response.status_code == 400
    assert response.json()["problems"][0]["where"] == "events"


def test_an_outsiders_import_never_touches_the_owners_days(
    owner, owner_api, outsider, outsider_api
):
    events = {"events": [{"occurred_at": ago(1), "category": "health"}]}
    owner_api.post(URL, events, format="json")

    response = outsider_api.post(URL, events, format="json")

    assert response.status_code == 201
    assert response.json()["added"] == 1  # the owner's identical event is not theirs
    assert ActivityEvent.objects.filter(user=owner).count() == 1
    assert ActivityEvent.objects.filter(user=outsider).count() == 1


def test_importing_needs_a_signed_in_person(client, db):
    response = client.post(URL, {"events": []}, content_type="application/json")

    assert response.status_code in (401, 403)
    assert not ActivityEvent.objects.exists()


def test_the_schema_documents_both_bodies_and_the_problems(owner_api):
    schema = owner_api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()

    operation = schema["paths"][URL]["post"]
    assert set(operation["requestBody"]["content"]) >= {"application/json", "multipart/form-data"}
    assert {"201", "400"} <= set(operation["responses"])
    assert "`problems` lists every bad row" in operation["responses"]["400"]["description"]
    result = operation["responses"]["201"]["content"]["application/json"]["schema"]["$ref"]
    fields = schema["components"]["schemas"][result.rsplit("/", 1)[1]]["properties"]
    assert {"habits", "habits_created", "habits_continued"} <= set(fields)
