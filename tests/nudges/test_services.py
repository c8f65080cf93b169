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


def give_passage(user, number: int) -> Notification | None:
    return services.notification_give(
        user=user,
        kind="story",
        key=f"beat:{number}",
        title=f"A new passage of your story: Lantern {number}",
        body=f"Opening of passage {number}.",
        url="/story/#latest",
    )


def test_passages_arriving_while_one_is_unread_gather_into_it(owner, outsider):
    first = give_passage(owner, 1)
    for number in (2, 3):
        assert give_passage(owner, number) == first
    give_passage(outsider, 9)

    note = Notification.objects.get(user=owner)
    assert (note.count, note.title) == (3, "3 new passages of your story")
    assert note.body == "Opening of passage 3."
    assert give_passage(owner, 2) is None  # gathered: still given once
    assert Notification.objects.get(user=owner).count == 3
    assert Notification.objects.get(user=outsider).count == 1


def test_a_read_or_old_note_gathers_nothing_more(owner, settings):
    settings.NOTES_GATHER_HOURS = 4
    first = give_passage(owner, 1)
    services.notification_read(user=owner, notification_id=first.pk)
    second = give_passage(owner, 2)
    assert second != first
    Notification.objects.filter(pk=second.pk).update(
        created_at=second.created_at - dt.timedelta(hours=5)
    )
    third = give_passage(owner, 3)
    assert third not in (first, second)
    assert Notification.objects.filter(user=owner).count() == 3


def test_plans_ready_at_once_are_one_note(owner):
    for goal in (1, 2):
        services.notification_give(
            user=owner, kind="plan_ready", key=f"plan:{goal}:1", title=f"Your plan {goal}"
        )
    (note,) = Notification.objects.filter(user=owner)
    assert (note.title, note.body) == ("2 plans ready for your review", "The latest: Your plan 2")


def test_milestones_gather_and_nudges_never_do(owner):
    for days in (7, 14, 30):
        services.notification_give(
            user=owner, kind="milestone", key=f"m:{days}", title=f"{days} days in a row!"
        )
    for step in ("day_2", "day_4"):
        services.notification_give(user=owner, kind="nudge", key=step, title="Missing you")
    milestone = Notification.objects.get(user=owner, kind="milestone")
    assert (milestone.title, milestone.body) == (
        "3 streak milestones reached",
        "The latest: 30 days in a row!",
    )
    assert Notification.objects.filter(user=owner, kind="nudge").count() == 2


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
