"""Learned activity: three days in a row outside productive hours are announced once
(world.signals.off_hours_streak; what the companion remembers of it: tests/companion)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from tests.factories import make_user
from tests.world.factories import at
from world.models import OffHoursDay
from world.services import activity_record
from world.signals import off_hours_streak

# Transactional: an announcement is sent once the change has committed.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def announced() -> Iterator[list[dict]]:
    heard: list[dict] = []

    def hear(sender: type, signal: object, **facts: object) -> None:
        heard.append(facts)

    off_hours_streak.connect(hear, dispatch_uid="test-announced")
    yield heard
    off_hours_streak.disconnect(dispatch_uid="test-announced")


@pytest.fixture
def worker(db):
    # Productive 09:00-17:00 in Paris (UTC+1 in January); the day starts at 04:00.
    return make_user("wren", timezone="Europe/Paris")


def test_activity_inside_productive_hours_is_ignored(worker, announced):
    assert activity_record(user=worker, at=at("2026-01-15 10:00")) is False
    assert not OffHoursDay.objects.exists()


def test_three_late_nights_in_a_row_are_announced_once(worker, announced):
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
    assert announced == [{"user": worker, "days": 3}]


def test_a_gap_restarts_the_streak(worker, announced):
    for night in ("2026-01-10 22:00", "2026-01-11 22:00", "2026-01-13 22:00"):
        assert activity_record(user=worker, at=at(night)) is False
    assert announced == []
