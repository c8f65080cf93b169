"""Learned activity: three days in a row outside productive hours become one memory."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.conftest import make_user
from tests.world.conftest import at
from world.models import OffHoursDay
from world.services import OFF_HOURS_MEMORY_KEY, activity_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def remembered(monkeypatch) -> list[dict]:
    calls: list[dict] = []
    monkeypatch.setattr("companion.services.memory_create", lambda **kw: calls.append(kw))
    return calls


@pytest.fixture
def worker(db):
    # Productive 09:00-17:00 in Paris (UTC+1 in January); the day starts at 04:00.
    return make_user("wren", timezone="Europe/Paris")


def test_activity_inside_productive_hours_is_ignored(worker, remembered):
    assert activity_record(user=worker, at=at("2026-01-15 10:00")) is False
    assert not OffHoursDay.objects.exists()


def test_three_late_nights_in_a_row_are_remembered_once(worker, remembered):
    # 23:30 local on the 12th; 00:30 local on the 14th counts as the 13th (day starts 04:00).
    nights = [at("2026-01-12 22:30"), at("2026-01-13 23:30"), at("2026-01-14 19:00")]
    results = [activity_record(user=worker, at=night) for night in nights]
    assert results == [False, False, True]
    assert sorted(OffHoursDay.objects.values_list("day", flat=True)) == [
        dt.date(2026, 1, 12),
        dt.date(2026, 1, 13),
        dt.date(2026, 1, 14),
    ]
    assert activity_record(user=worker, at=at("2026-01-14 21:00")) is False  # same day
    assert activity_record(user=worker, at=at("2026-01-15 21:00")) is False  # day 4
    assert len(remembered) == 1
    memory = remembered[0]
    assert (memory["tier"], memory["source"], memory["key"]) == (
        "personal",
        "analytics",
        OFF_HOURS_MEMORY_KEY,
    )
    assert "09:00-17:00" in memory["content"]


def test_a_gap_restarts_the_streak(worker, remembered):
    for night in ("2026-01-10 22:00", "2026-01-11 22:00", "2026-01-13 22:00"):
        assert activity_record(user=worker, at=at(night)) is False
    assert remembered == []


def test_the_memory_reaches_the_companion(worker):
    from companion.models import Memory

    for night in ("2026-01-10 22:00", "2026-01-11 22:00", "2026-01-12 22:00"):
        activity_record(user=worker, at=at(night))
    memory = Memory.objects.get(user=worker, key=OFF_HOURS_MEMORY_KEY, active=True)
    assert memory.tier == "personal"
    assert memory.source == "analytics"
