"""Staff see every scheduled nudge with its tries, and each person's nudge history."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from nudges.models import ScheduledSend, SendAttempt
from tests.factories import make_user
from tests.nudges.factories import make_absence, make_due_send

DUE = dt.datetime(2026, 6, 5, 16, 5, tzinfo=dt.UTC)


@pytest.fixture
def staff_client(client, db):
    client.force_login(make_user("stella", is_staff=True, is_superuser=True))
    return client


def test_a_send_shows_its_tries_and_the_list_filters_by_state(staff_client, owner):
    send = make_due_send(owner, DUE, state=ScheduledSend.State.FAILED, reason="Server down")
    SendAttempt.objects.create(send=send, channel="email", at=DUE, ok=False, error="refused")

    listing = staff_client.get(
        reverse("admin:nudges_scheduledsend_changelist"), {"state": "failed"}
    )
    page = staff_client.get(reverse("admin:nudges_scheduledsend_change", args=[send.pk]))

    assert listing.status_code == 200
    assert "2026-06-05 16:05 UTC" in listing.content.decode()
    assert page.status_code == 200
    assert "refused" in page.content.decode()


def test_a_persons_presence_links_to_their_nudge_history_only(staff_client, owner, outsider):
    make_absence(owner, DUE - dt.timedelta(days=4))
    make_due_send(owner, DUE)
    make_due_send(outsider, DUE)

    presences = staff_client.get(reverse("admin:nudges_presence_changelist")).content.decode()
    history = staff_client.get(
        reverse("admin:nudges_scheduledsend_changelist"), {"user__id__exact": owner.pk}
    ).content.decode()

    assert f"?user__id__exact={owner.pk}" in presences
    assert "olivia" in history
    assert "oscar" not in history
