"""A person's first fifteen minutes, with the product's own gathering (passages wait for the
rest of a burst, notes of a kind join the unread one): sign up, a goal made by talking to
Eliza, its missions approved, three of them done, and a Loop history imported. They get at
most four notes, each saying what is new (was 15 in as many minutes)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from goals.models import Goal, Mission
from narrative import tasks as narrative_tasks
from narrative.models import Beat
from nudges.models import Notification
from tests.companion.factories import say

pytestmark = pytest.mark.django_db

NOTES_AT_MOST = 4


@pytest.fixture
def gathering(settings):
    """The product's defaults (the test settings write each passage at once)."""
    settings.STORY_GATHER_SECONDS = 90
    settings.STORY_GATHER_MAX_SECONDS = 600
    settings.NOTES_GATHER_HOURS = 4


def loop_history(days: int) -> SimpleUploadedFile:
    today = timezone.localdate()
    lines = "".join(f"{today - dt.timedelta(days=n)},2,\n" for n in range(days, 0, -1))
    return SimpleUploadedFile("Checkmarks.csv", f"Date,Morning walk,\n{lines}".encode())


def test_the_first_fifteen_minutes_make_a_few_notes_that_say_what_is_new(
    owner, owner_api, gathering, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        session = say(owner, "I'd like a goal to run 5 km so I can feel strong by June")
        say(owner, "yes", session)
    goal = Goal.objects.get(user=owner)
    with django_capture_on_commit_callbacks(execute=True):
        owner_api.post(f"/api/goals/{goal.pk}/approve-all/")
    for mission in Mission.objects.filter(goal=goal).order_by("pk")[:3]:
        with django_capture_on_commit_callbacks(execute=True):
            answer = owner_api.post(f"/api/missions/{mission.pk}/complete/")
        assert answer.status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        answer = owner_api.post(
            "/api/progress/import/",
            {"file": loop_history(30), "category": "health"},
            format="multipart",
        )
    assert answer.status_code == 201

    # The burst's passage is due once it gathered what followed: the minute's sweep writes it.
    assert Beat.objects.filter(user=owner, status=Beat.Status.WRITTEN).count() == 0
    Beat.objects.filter(user=owner, status=Beat.Status.PENDING).update(due_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        narrative_tasks.recover_story_beats()

    notes = list(Notification.objects.filter(user=owner).order_by("created_at"))
    said = [f"{note.get_kind_display()}: {note.title}" for note in notes]
    assert len(notes) <= NOTES_AT_MOST, said
    assert Beat.objects.filter(user=owner, status=Beat.Status.WRITTEN).count() == 1
    assert any(note.kind == Notification.Kind.PLAN_READY for note in notes), said
    assert any(note.kind == Notification.Kind.STORY for note in notes), said
