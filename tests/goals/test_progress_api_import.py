"""POST /api/progress/import/: a person's past, from Loop's export or a JSON list, added to
their days all or nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from goals.models import ActivityEvent
from goals.progress.selectors import progress_today

pytestmark = pytest.mark.django_db

URL = "/api/progress/import/"


def ago(days: int) -> str:
    return (timezone.now() - dt.timedelta(days=days)).isoformat()


def checkmarks(user, days_ago: list[int], *, extra: str = "") -> SimpleUploadedFile:
    """Loop's Checkmarks.csv with one habit, Run, done on those days of the person's."""
    today = progress_today(user=user)
    lines = "".join(f"{today - dt.timedelta(days=n)},2,\n" for n in days_ago)
    return SimpleUploadedFile("Checkmarks.csv", f"Date,Run,\n{lines}{extra}".encode())


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
    assert response.json()["added"] == 4
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
