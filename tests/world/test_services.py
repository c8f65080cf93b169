"""Zone evaluation: states written, each change recorded once and broadcast once."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection
from django_q.models import Schedule

from delight import services as delight_services
from tests.factories import make_user
from tests.world.factories import at
from world.models import UserWorldSchedule, UserZoneState
from world.services import zones_evaluate_due, zones_evaluate_user

pytestmark = pytest.mark.django_db


def arena(user) -> UserZoneState:
    return UserZoneState.objects.get(user=user, zone__slug="arena")


def test_first_evaluation_stores_states_and_is_not_a_change(zones, sent, owner):
    owner.timezone = "UTC"
    assert zones_evaluate_user(user=owner, now=at("2026-01-15 20:00")) == []
    state = arena(owner)
    assert state.is_open
    assert state.reason == "Open until 21:00"
    assert state.next_change_at == at("2026-01-15 21:00")
    assert UserZoneState.objects.filter(user=owner).count() == 3
    assert UserWorldSchedule.objects.get(user=owner).next_change_at == at("2026-01-15 21:00")
    assert sent == []


def test_a_change_is_detected_once_and_broadcast_after_commit(
    zones, sent, django_capture_on_commit_callbacks
):
    user = make_user("ada", timezone="UTC")
    zones_evaluate_user(user=user, now=at("2026-01-15 20:00"))
    with django_capture_on_commit_callbacks(execute=True):
        changes = zones_evaluate_user(user=user, now=at("2026-01-15 21:00"))
        assert sent == []  # nothing leaves before the commit
    assert [(c.user_id, c.zone["slug"], c.zone["state"]) for c in changes] == [
        (user.pk, "arena", "closed")
    ]
    assert sent == [(user.pk, changes[0].zone)]
    assert changes[0].zone["next_change_label"] == "opens tomorrow at 06:00"
    assert arena(user).changed_at == at("2026-01-15 21:00")
    with django_capture_on_commit_callbacks(execute=True):
        assert zones_evaluate_user(user=user, now=at("2026-01-15 21:05")) == []
    assert len(sent) == 1
    assert arena(user).evaluated_at == at("2026-01-15 21:05")


def test_productive_hours_keep_the_arena_open(zones, sent):
    owl = make_user("owl", timezone="UTC", productive_start=dt.time(22), productive_end=dt.time(2))
    zones_evaluate_user(user=owl, now=at("2026-01-15 20:00"))
    assert zones_evaluate_user(user=owl, now=at("2026-01-15 23:00")) == []
    assert arena(owl).is_open
    assert arena(owl).next_change_at == at("2026-01-16 02:00")


@pytest.mark.django_db(transaction=True)
def test_concurrent_evaluations_broadcast_a_change_once(zones, sent):
    user = make_user("twin", timezone="UTC")
    zones_evaluate_user(user=user, now=at("2026-01-15 20:00"))
    barrier = threading.Barrier(4)
    results: list[int] = []

    def evaluate() -> None:
        try:
            barrier.wait(timeout=10)
            results.append(len(zones_evaluate_user(user=user, now=at("2026-01-15 21:01"))))
        finally:
            connection.close()

    threads = [threading.Thread(target=evaluate) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(results) == [0, 0, 0, 1]
    assert len(sent) == 1
    assert not arena(user).is_open


def test_due_run_evaluates_only_users_whose_change_has_come(
    zones, sent, django_capture_on_commit_callbacks
):
    closing = make_user("closing", timezone="UTC")  # Arena closes at 21:00 UTC
    later = make_user("later", timezone="Asia/Kathmandu")  # next change 00:15 UTC
    start = at("2026-01-15 20:00")
    assert zones_evaluate_due(now=start) == 2  # never evaluated: both
    assert zones_evaluate_due(now=at("2026-01-15 20:10")) == 0

    assert zones_evaluate_due(now=at("2026-01-15 20:50")) == 0
    planned = Schedule.objects.get(name="world zones at 2026-01-15T21:00:00Z")
    assert planned.func == "world.tasks.evaluate_due_zones"
    assert planned.schedule_type == Schedule.ONCE
    assert planned.next_run == at("2026-01-15 21:00")
    assert zones_evaluate_due(now=at("2026-01-15 20:55")) == 0
    assert Schedule.objects.filter(name__startswith="world zones at").count() == 1

    newcomer = make_user("newcomer", timezone="UTC")
    with django_capture_on_commit_callbacks(execute=True):
        assert zones_evaluate_due(now=at("2026-01-15 21:00:02")) == 2  # closing + newcomer
    assert [user_id for user_id, _ in sent] == [closing.pk]
    assert not arena(closing).is_open
    assert arena(later).evaluated_at == start
    assert arena(newcomer).evaluated_at == at("2026-01-15 21:00:02")


def test_users_sharing_a_clock_are_evaluated_together(
    zones, sent, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    users = [make_user(f"u{i}", timezone="Europe/Paris") for i in range(30)]
    with django_assert_max_num_queries(20):
        assert zones_evaluate_due(now=at("2026-01-15 12:00")) == 30
    assert UserZoneState.objects.filter(user__in=users).count() == 90
    with django_capture_on_commit_callbacks(execute=True):
        assert zones_evaluate_due(now=at("2026-01-15 20:00:01")) == 30  # 21:00 in Paris
    assert len(sent) == 30


def test_profile_clock_change_reevaluates_at_once(
    zones, sent, owner, django_capture_on_commit_callbacks
):
    owner.timezone = "UTC"
    owner.save()
    zones_evaluate_user(user=owner)
    was_open = arena(owner).is_open
    with django_capture_on_commit_callbacks(execute=True):
        delight_services.user_update_profile(user=owner, timezone=timezone_flipping(was_open))
    assert arena(owner).is_open is not was_open
    assert [(user_id, zone["slug"]) for user_id, zone in sent] == [(owner.pk, "arena")]


def test_profile_change_without_clock_change_does_not_reevaluate(
    zones, sent, owner, django_capture_on_commit_callbacks
):
    zones_evaluate_user(user=owner, now=at("2026-01-15 20:00"))
    with django_capture_on_commit_callbacks(execute=True):
        delight_services.user_update_profile(user=owner, first_name="Liv")
    assert arena(owner).evaluated_at == at("2026-01-15 20:00")
    assert sent == []


def timezone_flipping(is_open_now: bool) -> str:
    """An ``Etc/GMT±N`` zone where the Arena (06:00-21:00) is in the other state now."""
    from django.utils import timezone

    now = timezone.now()
    for offset in range(-12, 13):
        name = f"Etc/GMT{-offset:+d}" if offset else "UTC"
        local = (now + dt.timedelta(hours=offset)).time()
        if (dt.time(6, 5) <= local < dt.time(20, 55)) is not is_open_now and not (
            dt.time(5, 55) <= local < dt.time(6, 5) or dt.time(20, 55) <= local < dt.time(21, 5)
        ):
            return name
    raise AssertionError("no timezone flips the Arena")
