"""The import page: a plain form that brings Loop's export or a JSON list into the person's
days, and on a refusal lists every bad line and keeps what they chose."""

from __future__ import annotations

import datetime as dt
import html

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from goals.models import ActivityEvent
from goals.progress.selectors import progress_today

pytestmark = pytest.mark.django_db


def checkmarks(user, days_ago: list[int], *, extra: str = "") -> SimpleUploadedFile:
    """Loop's Checkmarks.csv with one habit, Running, done on those days of the person's."""
    today = progress_today(user=user)
    lines = "".join(f"{today - dt.timedelta(days=n)},2,-1,\n" for n in days_ago)
    return SimpleUploadedFile("Checkmarks.csv", f"Date,Running,Stretch,\n{lines}{extra}".encode())


@pytest.fixture
def signed_in(client, owner) -> Client:
    client.force_login(owner)
    return client


def test_the_page_explains_what_can_be_imported(signed_in):
    page = html.unescape(signed_in.get(reverse("progress-import")).content.decode())

    assert "Export as CSV" in page
    assert '"occurred_at": "2024-05-01T07:30:00+02:00"' in page
    assert 'enctype="multipart/form-data"' in page
    assert "csrfmiddlewaretoken" in page


def test_an_import_says_what_came_across_and_returns_to_progress(signed_in, owner):
    url = reverse("progress-import")
    signed_in.post(url, {"file": checkmarks(owner, [1]), "category": "health"})

    response = signed_in.post(url, {"file": checkmarks(owner, [3, 2, 1]), "category": "health"})

    assert response.status_code == 302
    assert response.url == reverse("progress")
    toasts = [str(message) for message in get_messages(response.wsgi_request)]
    assert toasts[-1] == "Imported 2 days of Running — 1 was already here."
    assert ActivityEvent.objects.filter(user=owner).count() == 3
    page = signed_in.get(response.url).content.decode()
    assert "3 days in a row" in page


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
    assert ActivityEvent.objects.get(user=owner).category == "growth"


def test_a_form_without_a_file_says_so(signed_in, owner):
    response = signed_in.post(reverse("progress-import"), {"category": "health"})

    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not ActivityEvent.objects.filter(user=owner).exists()


def test_the_page_needs_a_signed_in_person(client, db):
    response = client.get(reverse("progress-import"))

    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
