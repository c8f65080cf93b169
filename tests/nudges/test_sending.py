"""Delivering due nudges (nudges.services.nudges_deliver) with a controllable clock: given
once, checked again against the present, timed again rather than sent at the wrong moment,
retried with backoff on a failing channel, then recorded as failed."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from goals.models import NudgeOutcome
from nudges import services
from nudges.models import Notification, ScheduledSend, SendAttempt
from tests.factories import make_user
from tests.nudges.factories import make_absence, make_browser_subscribed, make_due_send

Channel = ScheduledSend.Channel
State = ScheduledSend.State
PARIS = ZoneInfo("Europe/Paris")
DUE = dt.datetime(2026, 6, 5, 16, 5, tzinfo=dt.UTC)  # 18:05 in Paris
MINUTE = dt.timedelta(minutes=1)


def fresh(send: ScheduledSend) -> ScheduledSend:
    send.refresh_from_db()
    return send


def nudges_of(user) -> list[Notification]:
    return list(Notification.objects.owned_by(user).filter(kind=Notification.Kind.NUDGE))


@pytest.fixture
def due(owner) -> ScheduledSend:
    """Olivia (Paris, quiet 22:00-08:00) has been away four days; her in-app nudge is due."""
    make_absence(owner, DUE - dt.timedelta(days=4))
    return make_due_send(owner, DUE)


@pytest.fixture
def due_email(subscriber) -> ScheduledSend:
    subscriber.timezone = "Europe/Paris"
    subscriber.save()
    make_absence(subscriber, DUE - dt.timedelta(days=4))
    return make_due_send(subscriber, DUE, step=ScheduledSend.Step.DAY_4, channel=Channel.EMAIL)


def test_a_due_nudge_is_given_in_the_app_once_and_counted_for_the_consistency_index(
    due, owner, outsider
):
    assert services.nudges_deliver(now=DUE) == 1
    assert services.nudges_deliver(now=DUE + MINUTE) == 0

    send = fresh(due)
    (notification,) = nudges_of(owner)
    assert (send.state, send.sent_at, send.notification) == (State.SENT, DUE, notification)
    assert notification.title
    assert notification.url
    assert [(t.channel, t.ok) for t in send.tries.all()] == [(Channel.IN_APP, True)]
    assert NudgeOutcome.objects.owned_by(owner).get().sent_at == DUE
    assert nudges_of(outsider) == []


def test_a_nudge_not_yet_due_waits(due, owner):
    assert services.nudges_deliver(now=DUE - MINUTE) == 0
    assert fresh(due).state == State.PENDING


def test_answering_a_nudge_within_48_hours_feeds_the_outcome(due, owner):
    services.nudges_deliver(now=DUE)
    services.presence_seen(user=owner, at=DUE + dt.timedelta(hours=5))

    assert NudgeOutcome.objects.owned_by(owner).get().answered_at == DUE + dt.timedelta(hours=5)


def test_a_person_who_came_back_before_it_was_due_gets_nothing(due, owner):
    services.presence_seen(user=owner, at=DUE - dt.timedelta(hours=1))

    services.nudges_deliver(now=DUE)

    send = fresh(due)
    assert (send.state, send.reason) == (State.SKIPPED, "They came back before it was sent.")
    assert nudges_of(owner) == []


def test_pausing_after_it_was_planned_takes_effect_at_once(due, owner):
    owner.nudges_paused = True
    owner.save()

    services.nudges_deliver(now=DUE)

    assert (fresh(due).state, fresh(due).reason) == (State.SKIPPED, "They paused nudges.")
    assert nudges_of(owner) == []


def test_quiet_hours_set_since_planning_hold_the_nudge_until_they_end(due, owner):
    owner.quiet_hours_start, owner.quiet_hours_end = dt.time(18), dt.time(21)
    owner.save()

    services.nudges_deliver(now=DUE)

    send = fresh(due)
    local = send.due_at.astimezone(PARIS)
    assert (send.state, send.attempts, nudges_of(owner)) == (State.PENDING, 0, [])
    assert (local.date(), local.hour) == (dt.date(2026, 6, 5), 21)
    assert 3 <= local.minute <= 12


def test_quiet_hours_ending_in_the_missing_hour_of_a_dst_night_end_an_hour_later(db):
    berliner = make_user(
        "bert",
        timezone="Europe/Berlin",
        quiet_hours_start=dt.time(23),
        quiet_hours_end=dt.time(2, 30),
    )
    night = dt.datetime(2026, 3, 29, 0, 30, tzinfo=dt.UTC)  # 01:30 CET, in quiet hours
    make_absence(berliner, night - dt.timedelta(days=4))
    send = make_due_send(berliner, night)

    services.nudges_deliver(now=night)

    # 02:30 does not exist that night: the quiet hours end at 03:30 CEST (01:30 UTC).
    held = fresh(send).due_at
    assert fresh(send).state == State.PENDING
    assert dt.datetime(2026, 3, 29, 1, 33, tzinfo=dt.UTC) <= held
    assert held <= dt.datetime(2026, 3, 29, 1, 42, tzinfo=dt.UTC)


def test_the_daily_maximum_defers_a_nudge_to_the_next_local_day(due, owner):
    owner.daily_nudge_max = 1
    owner.save()
    earlier = make_due_send(
        owner, DUE - dt.timedelta(hours=2), step=ScheduledSend.Step.DAY_4, away_since=DUE
    )
    earlier.notification = Notification.objects.create(
        user=owner, kind="nudge", key="earlier", title="Hello"
    )
    earlier.state = State.SENT
    earlier.save()

    services.nudges_deliver(now=DUE)

    send = fresh(due)
    local = send.due_at.astimezone(PARIS)
    assert (send.state, local.date(), local.hour) == (State.PENDING, dt.date(2026, 6, 6), 18)
    assert send.local_date == dt.date(2026, 6, 6)
    assert len(nudges_of(owner)) == 1


def test_an_overdue_nudge_after_downtime_is_timed_again_not_sent_at_a_random_hour(due, owner):
    services.nudges_deliver(now=DUE + dt.timedelta(hours=9))  # 03:05 in Paris

    send = fresh(due)
    local = send.due_at.astimezone(PARIS)
    assert (send.state, local.date(), local.hour) == (State.PENDING, dt.date(2026, 6, 6), 18)
    assert nudges_of(owner) == []


def test_an_email_nudge_arrives_and_is_given_in_the_app_too(due_email, subscriber, smtp_inbox):
    services.nudges_deliver(now=DUE)

    (message,) = smtp_inbox.wait_for(1)
    send = fresh(due_email)
    assert message["To"] == "olivia@example.com"
    assert (send.state, send.channel) == (State.SENT, Channel.EMAIL)
    assert len(nudges_of(subscriber)) == 1
    assert [(t.channel, t.ok) for t in send.tries.all()] == [(Channel.EMAIL, True)]


def test_turning_emails_off_after_planning_falls_back_to_the_app(due_email, subscriber):
    subscriber.email_opt_in = False
    subscriber.save()

    services.nudges_deliver(now=DUE)

    send = fresh(due_email)
    assert (send.state, send.channel) == (State.SENT, Channel.IN_APP)
    assert len(nudges_of(subscriber)) == 1


def test_turning_the_second_channel_off_after_planning_sends_by_email_instead(
    subscriber, smtp_inbox
):
    subscriber.timezone, subscriber.second_channel_opt_in = "Europe/Paris", False
    subscriber.save()
    make_browser_subscribed(subscriber)  # the device stays subscribed
    make_absence(subscriber, DUE - dt.timedelta(days=7))
    send = make_due_send(subscriber, DUE, step=ScheduledSend.Step.DAY_7, channel=Channel.PUSH)

    services.nudges_deliver(now=DUE)

    (message,) = smtp_inbox.wait_for(1)
    assert message["To"] == "olivia@example.com"
    assert (fresh(send).state, fresh(send).channel) == (State.SENT, Channel.EMAIL)


def test_a_mail_server_down_is_retried_with_backoff_then_the_send_fails(
    due_email, subscriber, smtp_down
):
    now = DUE
    waits = []
    for _ in range(5):
        services.nudges_deliver(now=now)
        send = fresh(due_email)
        if send.state != State.PENDING:
            break
        waits.append(send.due_at - now)
        now = send.due_at

    assert waits == [dt.timedelta(minutes=m) for m in (1, 5, 30, 120)]
    assert send.state == State.FAILED
    assert send.reason.startswith("The email could not be sent")
    assert send.reason.endswith("(after 5 tries)")
    assert [t.ok for t in send.tries.all()] == [False] * 5
    assert len(nudges_of(subscriber)) == 1  # the app's note was given once, on the first try
    assert NudgeOutcome.objects.owned_by(subscriber).count() == 1


def test_a_refused_address_fails_at_once(due_email, subscriber, smtp_inbox):
    subscriber.email = "olivia@nowhere.test"
    subscriber.save()

    services.nudges_deliver(now=DUE)

    send = fresh(due_email)
    assert (send.state, send.attempts) == (State.FAILED, 1)
    assert "refused" in send.reason


def test_a_send_whose_worker_died_after_giving_it_is_finished_without_a_second_note(
    due_email, subscriber, smtp_inbox
):
    services.nudges_deliver(now=DUE - MINUTE)  # not due: nothing happens
    notification = Notification.objects.create(
        user=subscriber, kind="nudge", key=f"nudge:{due_email.pk}", title="Hello"
    )
    ScheduledSend.objects.filter(pk=due_email.pk).update(
        state=State.SENDING, claimed_until=DUE, attempts=1, notification=notification
    )

    services.nudges_deliver(now=DUE + MINUTE)  # the dead worker's claim has lapsed

    send = fresh(due_email)
    assert (send.state, send.attempts) == (State.SENT, 2)
    assert nudges_of(subscriber) == [notification]
    assert NudgeOutcome.objects.owned_by(subscriber).count() == 0  # the dead try's to record
    assert len(smtp_inbox.wait_for(1)) == 1
    assert SendAttempt.objects.owned_by(subscriber).count() == 1


def test_a_live_claim_is_left_to_its_worker(due):
    ScheduledSend.objects.filter(pk=due.pk).update(
        state=State.SENDING, claimed_until=DUE + dt.timedelta(minutes=5), attempts=1
    )

    assert services.nudges_deliver(now=DUE + MINUTE) == 0
    assert fresh(due).attempts == 1
