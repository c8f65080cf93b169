"""The import page: a plain form that brings Loop's export or a JSON list into the person's
days, says in plain words which habits came across (with a link to them), and on a refusal
lists every bad line and keeps what they chose."""

from __future__ import annotations

import datetime as dt
import html
import io
import zipfile

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from goals.models import ActivityEvent, Habit
from goals.progress.selectors import progress_today
from tests.goals.factories import make_habit

pytestmark = pytest.mark.django_db


def checkmarks(user, days_ago: list[int], *, extra: str = "") -> SimpleUploadedFile:
    """Loop's Checkmarks.csv with one habit, Running, done on those days of the person's."""
    today = progress_today(user=user)
    lines = "".join(f"{today - dt.timedelta(days=n)},2,-1,\n" for n in days_ago)
    return SimpleUploadedFile("Checkmarks.csv", f"Date,Running,Stretch,\n{lines}{extra}".encode())


def loop_export(user, habits: dict[str, list[int]], *, described: str = "") -> SimpleUploadedFile:
    """Loop's zip: Habits.csv (every habit daily, unless `described` says otherwise) and
    Checkmarks.csv with each habit done on those days of the person's."""
    today = progress_today(user=user)
    names = list(habits)
    rows = described or "".join(
        f"{n:03d},{name},YES_NO,,,1,1,#FF8F00,,,,false\n" for n, name in enumerate(names, 1)
    )
    header = (
        "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,"
        "Color,Unit,Target Type,Target Value,Archived?\n"
    )
    span = max(max(days, default=0) for days in habits.values())
    lines = "".join(
        f"{today - dt.timedelta(days=n)},"
        + "".join("YES_MANUAL," if n in habits[name] else "NO," for name in names)
        + "\n"
        for n in range(span + 1)
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Habits.csv", header + rows)
        archive.writestr("Checkmarks.csv", f"Date,{','.join(names)},\n{lines}")
    return SimpleUploadedFile("Loop Habits CSV 2024-06-15.zip", buffer.getvalue())


def toasts(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


@pytest.fixture
def signed_in(client, owner) -> Client:
    client.force_login(owner)
    return client


def test_the_page_explains_what_can_be_imported(signed_in):
    page = html.unescape(signed_in.get(reverse("progress-import")).content.decode())

    assert "Export as CSV" in page
    assert "Each of your Loop habits becomes one of" in page
    assert '<a href="/habits/">your habits</a>' in page
    assert '"occurred_at": "2024-05-01T07:30:00+02:00"' in page
    assert 'enctype="multipart/form-data"' in page
    assert "csrfmiddlewaretoken" in page


def test_loops_export_says_which_habits_came_across_with_a_link_to_them(signed_in, owner):
    upload = loop_export(owner, {"Morning walk": [3, 2, 1], "Read": [1]})

    response = signed_in.post(reverse("progress-import"), {"file": upload, "category": "health"})

    assert response.status_code == 302
    assert response.url == reverse("progress")
    assert toasts(response) == [
        "Your habits from Loop are here: Morning walk (3 days), Read (1 day). "
        '<a href="/habits/">See your habits</a>.'
    ]
    assert list(Habit.objects.filter(user=owner).values_list("title", flat=True)) == [
        "Morning walk",
        "Read",
    ]
    page = signed_in.get(response.url).content.decode()
    assert '<a href="/habits/">See your habits</a>' in page
    assert "3 days in a row" in page


def test_an_import_again_says_which_habits_were_continued(signed_in, owner):
    make_habit(owner, title="read")
    url = reverse("progress-import")
    signed_in.post(
        url, {"file": loop_export(owner, {"Run": [1], "Read": [2]}), "category": "health"}
    )

    upload = loop_export(owner, {"Run": [3, 2, 1], "Read": [2]})
    response = signed_in.post(url, {"file": upload, "category": "health"})

    assert toasts(response)[-1] == (
        "1 habit continued: Run (2 more days). 2 days were already here. "
        '<a href="/habits/">See your habits</a>.'
    )
    assert ActivityEvent.objects.filter(user=owner).count() == 4


def test_the_same_export_again_says_nothing_new(signed_in, owner):
    url = reverse("progress-import")
    signed_in.post(url, {"file": loop_export(owner, {"Run": [2, 1]}), "category": "health"})

    response = signed_in.post(
        url, {"file": loop_export(owner, {"Run": [2, 1]}), "category": "health"}
    )

    assert toasts(response)[-1] == (
        'Nothing new: 2 days were already here. <a href="/habits/">See your habits</a>.'
    )


def test_an_archived_loop_habit_is_said_to_be_kept_archived(signed_in, owner):
    described = "001,Floss,YES_NO,,,1,3,#FF8F00,,,,true\n"

    response = signed_in.post(
        reverse("progress-import"),
        {"file": loop_export(owner, {"Floss": [2]}, described=described), "category": "health"},
    )

    assert toasts(response)[-1] == (
        "Kept archived, as they were in Loop: Floss (1 day). "
        '<a href="/habits/">See your habits</a>.'
    )


def test_a_habits_name_is_shown_as_text_never_as_markup(signed_in, owner):
    upload = loop_export(owner, {"<b>Run</b>": [1]})

    response = signed_in.post(reverse("progress-import"), {"file": upload, "category": "health"})

    page = signed_in.get(response.url).content.decode()
    assert "&lt;b&gt;Run&lt;/b&gt; (1 day)" in page
    assert "<b>Run</b>" not in page


def test_checkmarks_csv_alone_makes_habits_of_every_day(signed_in, owner):
    url = reverse("progress-import")
    signed_in.post(url, {"file": checkmarks(owner, [1]), "category": "health"})

    response = signed_in.post(url, {"file": checkmarks(owner, [3, 2, 1]), "category": "health"})

    assert toasts(response)[-1] == (
        "1 habit continued: Running (2 more days). 1 day was already here. "
        '<a href="/habits/">See your habits</a>.'
    )
    assert set(Habit.objects.filter(user=owner).values_list("title", "schedule")) == {
        ("Running", "daily"),
        ("Stretch", "daily"),
    }


def test_bad_lines_are_listed_and_the_chosen_category_is_kept(signed_in, owner):
    upload = checkmarks(owner, [2, 1], extra="2024-02-30,2,0,\nsoon,2,0,\n")

    response = signed_in.post(
        reverse("progress-import"), {"file": upload, "category": "connection"}
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was imported" in page
    assert "Line 4" in page
    assert "“2024-02-30” is not a date (YYYY-MM-DD)." in page
    assert "Line 5" in page
    assert '<option value="connection" selected>' in page
    assert not ActivityEvent.objects.filter(user=owner).exists()


def test_a_json_file_is_imported_from_the_page_too(signed_in, owner):
    upload = SimpleUploadedFile(
        "past.json",
        b'{"events": [{"occurred_at": "2024-05-01T07:30:00Z", "category": "growth",'
        b' "title": "Read"}]}',
    )

    response = signed_in.post(reverse("progress-import"), {"file": upload, "category": "health"})

    assert response.status_code == 302
    assert toasts(response) == ["Imported 1 day of Read."]
    assert ActivityEvent.objects.get(user=owner).category == "growth"


def test_a_json_event_naming_a_habit_says_the_habit_is_here(signed_in, owner):
    upload = SimpleUploadedFile(
        "past.json",
        b'{"events": [{"occurred_at": "2024-05-01T07:30:00Z", "category": "growth",'
        b' "habit": "Read"}]}',
    )

    response = signed_in.post(reverse("progress-import"), {"file": upload, "category": "health"})

    assert toasts(response) == [
        'Your habit is here: Read (1 day). <a href="/habits/">See your habits</a>.'
    ]


def test_a_form_without_a_file_says_so(signed_in, owner):
    response = signed_in.post(reverse("progress-import"), {"category": "health"})

    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not ActivityEvent.objects.filter(user=owner).exists()


def test_the_page_needs_a_signed_in_person(client, db):
    response = client.get(reverse("progress-import"))

    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
