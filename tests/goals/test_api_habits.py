"""The habits API: a person's habits made, read, changed and removed; a day ticked and
unticked; the calendar of a habit's days. Bad input is a 400 naming the field; another
person's habit is a 404."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals.models import Habit, HabitCheckIn

pytestmark = pytest.mark.django_db

HABITS = "/api/habits/"


@pytest.fixture
def walk(owner_api) -> dict:
    return owner_api.post(HABITS, {"title": "Walk", "category": "health"}, format="json").json()


def today(user) -> dt.date:
    return user.local_day(timezone.now())


def test_a_habit_is_made_listed_changed_and_removed(owner_api, walk):
    assert walk["schedule"] == "daily"
    assert [h["title"] for h in owner_api.get(HABITS).json()["results"]] == ["Walk"]
    changed = owner_api.patch(
        f"{HABITS}{walk['id']}/", {"schedule": "weekly", "times_per_week": 3}, format="json"
    )
    assert (changed.status_code, changed.json()["times_per_week"]) == (200, 3)
    assert owner_api.delete(f"{HABITS}{walk['id']}/").status_code == 204
    assert not Habit.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"schedule": "weekly", "times_per_week": 0}, "times_per_week"),
        ({"schedule": "weekly"}, "times_per_week"),
        ({"weekdays": [7]}, "weekdays"),
        ({"target": 0}, "target"),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_makes_nothing(owner_api, body, field):
    answer = owner_api.post(HABITS, {"title": "Run", "category": "health", **body}, format="json")
    assert answer.status_code == 400
    assert field in answer.json()["errors"]
    assert not Habit.objects.exists()


def test_a_day_is_ticked_and_unticked(owner_api, owner, walk):
    url = f"{HABITS}{walk['id']}/checkins/{today(owner)}/"
    ticked = owner_api.post(url, {}, format="json")
    assert ticked.json() == {"day": str(today(owner)), "state": "done", "value": None, "note": ""}
    calendar = owner_api.get(f"{HABITS}{walk['id']}/calendar/").json()
    assert len(calendar) == 30
    assert calendar[-1] == {"day": str(today(owner)), "due": True, "state": "done", "value": None}
    assert owner_api.delete(url).status_code == 204
    assert not HabitCheckIn.objects.exists()


def test_a_habit_carries_its_streak(owner_api, owner, walk):
    for back in (2, 1, 0):
        day = today(owner) - dt.timedelta(days=back)
        owner_api.post(f"{HABITS}{walk['id']}/checkins/{day}/", {}, format="json")
    Habit.objects.filter(pk=walk["id"]).update(start_date=today(owner) - dt.timedelta(days=2))
    shown = owner_api.get(f"{HABITS}{walk['id']}/").json()["streak"]
    assert shown == {"current": 3, "best": 3, "unit": "days", "rate": 1.0, "strength": 0.148}
    listed = owner_api.get(HABITS).json()["results"][0]["streak"]
    assert listed == shown


@pytest.mark.parametrize(
    ("day", "body", "field"),
    [
        (1, {}, "day"),  # tomorrow
        (-31, {}, "day"),
        (0, {"value": 3}, "value"),  # a number on a yes/no habit
        (0, {"state": "maybe"}, "state"),
    ],
)
def test_a_bad_check_in_is_a_400_naming_the_field(owner_api, owner, walk, day, body, field):
    when = today(owner) + dt.timedelta(days=day)
    answer = owner_api.post(f"{HABITS}{walk['id']}/checkins/{when}/", body, format="json")
    assert answer.status_code == 400
    assert field in answer.json()["errors"]
    assert not HabitCheckIn.objects.exists()


def test_a_malformed_day_is_a_400(owner_api, walk):
    answer = owner_api.post(f"{HABITS}{walk['id']}/checkins/2026-13-01/", {}, format="json")
    assert (answer.status_code, list(answer.json()["errors"])) == (400, ["day"])


def test_another_persons_habit_is_a_404(outsider_api, owner, walk):
    assert outsider_api.get(f"{HABITS}{walk['id']}/").status_code == 404
    url = f"{HABITS}{walk['id']}/checkins/{today(owner)}/"
    assert outsider_api.post(url, {}, format="json").status_code == 404
    assert outsider_api.get(HABITS).json()["results"] == []
    assert not HabitCheckIn.objects.exists()
