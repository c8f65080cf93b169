"""The notification centre's writes: given once per key, read, archived, snoozed (and woken),
all read at once; each person's own."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from delight.errors import NotFound
from nudges import selectors, services
from nudges.models import Notification
from tests.nudges.factories import make_notification

pytestmark = pytest.mark.django_db
State = Notification.State
NOW = dt.datetime(2026, 11, 25, 12, 0, tzinfo=dt.UTC)  # 13:00 in Madrid


def test_a_notification_is_given_once_per_key(owner):
    first = services.notification_give(
        user=owner, kind="milestone", key="milestone:overall:7", title="7 days in a row!"
    )
    again = services.notification_give(
        user=owner, kind="milestone", key="milestone:overall:7", title="7 days in a row!"
    )

    assert first is not None
    assert again is None
    assert Notification.objects.filter(user=owner).count() == 1


def test_long_texts_are_cut_at_a_word(owner):
    note = services.notification_give(
        user=owner, kind="nudge", key="k", title="word " * 40, body="long " * 200
    )
    assert len(note.title) <= 120
    assert note.title.endswith("word…")
    assert len(note.body) <= 500


def test_reading_archiving_and_reading_all(owner):
    one, two, three = (make_notification(owner) for _ in range(3))

    services.notification_read(user=owner, notification_id=one.pk)
    services.notification_archive(user=owner, notification_id=two.pk)
    assert services.notifications_read_all(user=owner) == 1  # only three was unread

    states = dict(Notification.objects.values_list("pk", "state"))
    assert states == {one.pk: State.READ, two.pk: State.ARCHIVED, three.pk: State.READ}
    assert Notification.objects.get(pk=one.pk).read_at is not None


def test_reading_an_archived_one_keeps_it_archived(owner):
    note = make_notification(owner, state=State.ARCHIVED)
    services.notification_read(user=owner, notification_id=note.pk)
    assert Notification.objects.get(pk=note.pk).state == State.ARCHIVED


def test_another_persons_notification_is_not_found_and_unchanged(owner, outsider):
    note = make_notification(owner)
    for act in (services.notification_read, services.notification_archive):
        with pytest.raises(NotFound):
            act(user=outsider, notification_id=note.pk)
    with pytest.raises(NotFound):
        services.notification_snooze(
            user=outsider, notification_id=note.pk, until=NOW + dt.timedelta(hours=1), now=NOW
        )
    assert Notification.objects.get(pk=note.pk).state == State.UNREAD


@pytest.mark.parametrize(
    "until",
    [NOW - dt.timedelta(minutes=1), NOW + dt.timedelta(days=31), dt.datetime(2026, 11, 26, 9)],
)
def test_a_snooze_must_be_within_the_next_30_days_with_an_offset(owner, until):
    note = make_notification(owner)
    with pytest.raises(ValidationError):
        services.notification_snooze(user=owner, notification_id=note.pk, until=until, now=NOW)
    assert Notification.objects.get(pk=note.pk).state == State.UNREAD


def test_a_snoozed_one_comes_back_unread_when_its_time_comes(owner):
    note = make_notification(owner)
    until = NOW + dt.timedelta(hours=1)
    services.notification_snooze(user=owner, notification_id=note.pk, until=until, now=NOW)

    assert selectors.notifications_unread_count(user=owner, now=NOW) == 0
    # Read at its time, it already counts as unread, before the wake job runs.
    assert selectors.notifications_unread_count(user=owner, now=until) == 1
    assert services.notifications_wake(now=until) == 1
    assert Notification.objects.get(pk=note.pk).state == State.UNREAD
    assert services.notifications_wake(now=until) == 0


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("hour", dt.datetime(2026, 11, 25, 13, 0, tzinfo=dt.UTC)),
        ("tonight", dt.datetime(2026, 11, 25, 18, 0, tzinfo=dt.UTC)),  # 19:00 in Madrid
        ("tomorrow", dt.datetime(2026, 11, 26, 8, 0, tzinfo=dt.UTC)),  # 09:00 in Madrid
    ],
)
def test_snooze_presets_are_read_on_the_persons_clock(owner, preset, expected):
    owner.timezone = "Europe/Madrid"
    assert services.snooze_until(preset, user=owner, now=NOW) == expected


def test_tonight_late_in_the_evening_is_an_hour(owner):
    owner.timezone = "Europe/Madrid"
    late = dt.datetime(2026, 11, 25, 19, 0, tzinfo=dt.UTC)  # 20:00 in Madrid
    assert services.snooze_until("tonight", user=owner, now=late) == late + dt.timedelta(hours=1)
