"""Delivering due nudges: each scheduled send is claimed by one worker, checked again against
the present (never replayed as planned), given in the app once, then sent on its outbound
channel with retries and backoff."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from functools import partial

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from delight.models import User
from goals import services as goals_services
from goals.progress.selectors import activity_hours
from goals.selectors.habits import HabitReminder
from nudges import realtime, selectors, timing
from nudges.cadence import can_email, can_push, channel_for, not_wanted, send_jitter, send_slot
from nudges.channels import ChannelError
from nudges.channels.email import email_send
from nudges.messages import nudge_message
from nudges.models import Notification, ScheduledSend, SendAttempt
from nudges.selectors import Recipients
from nudges.services import reminders
from nudges.services.notifications import notification_give
from nudges.services.push import push_send

State = ScheduledSend.State
Step = ScheduledSend.Step
Channel = ScheduledSend.Channel
BATCH = 500
CLAIM_FOR = dt.timedelta(minutes=5)  # a worker killed mid-send frees its sends after this
OVERDUE_AFTER = dt.timedelta(hours=2)  # later than this (downtime): timed again, not sent now
# The wait before each retry of an outbound channel that may work later: a send is tried
# once, then retried after each of these, then recorded as failed.
BACKOFF = tuple(dt.timedelta(minutes=m) for m in (1, 5, 30, 120))
TRIES = 1 + len(BACKOFF)
OUTBOUND: dict[str, Callable[..., object]] = {Channel.EMAIL: email_send, Channel.PUSH: push_send}

_CLAIM = """
UPDATE nudges_scheduledsend
SET state = 'sending', claimed_until = %(until)s, attempts = attempts + 1
WHERE id IN (
    SELECT id FROM nudges_scheduledsend
    WHERE state IN ('pending', 'sending') AND due_at <= %(now)s
      AND (state = 'pending' OR claimed_until < %(now)s)
    ORDER BY due_at LIMIT %(limit)s
    FOR UPDATE SKIP LOCKED
)
RETURNING id, user_id
"""


def nudges_deliver(*, now: dt.datetime | None = None, batch: int = BATCH) -> int:
    """Send every nudge due at `now`; how many were given or went out on their channel.

    Batch after batch: claim the due sends (and those whose worker died: a claim that
    lapsed) in one statement, then deliver each in transactions of its own, so a slow
    channel never holds locks and one failure never undoes another.
    """
    now = now or timezone.now()
    reached = 0
    while True:
        until = now + CLAIM_FOR
        with connection.cursor() as cursor:
            cursor.execute(_CLAIM, {"now": now, "until": until, "limit": batch})
            claimed = cursor.fetchall()
        reached += _deliver_batch(claimed, now=now, until=until)
        if len(claimed) < batch:
            return reached


def _deliver_batch(claimed: list[tuple[int, int]], *, now: dt.datetime, until: dt.datetime) -> int:
    """Deliver a claimed batch of (send id, person id) pairs; how many were reached.

    1. Read what the checks need for all of the batch's people at once (who they are, when
       they were last here, who has push, what they were given today).
    2. Deliver each send in transactions of its own, checked against those facts.
    3. Send the live events of the notifications given together, each with its person's
       unread count read after every one of them committed (also when a send failed).
    """
    recipients = selectors.recipients_of(user_ids=[user_id for _, user_id in claimed], now=now)
    given: list[Notification] = []
    try:
        return sum(
            _deliver(send_id, recipients, given, now=now, until=until) for send_id, _ in claimed
        )
    finally:
        realtime.notifications_given_send(given)


def _deliver(
    send_id: int,
    recipients: Recipients,
    given: list[Notification],
    *,
    now: dt.datetime,
    until: dt.datetime,
) -> bool:
    """One claimed send: given in the app (or skipped, or timed again), then, after that
    commits, out on its channel. True when it was given or tried on its channel."""
    send = _give(send_id, recipients, given, now=now, until=until)
    if send is None:
        return False
    if send.channel in OUTBOUND:
        _send_out(send, now=now, until=until)
    return True


@transaction.atomic
def _give(
    send_id: int,
    recipients: Recipients,
    given: list[Notification],
    *,
    now: dt.datetime,
    until: dt.datetime,
) -> ScheduledSend | None:
    """Check a claimed send against the present and give it in the app; the send when it
    was given (now or by an earlier try), None when skipped, timed again or no longer ours.
    A notification given now is added to `given`, its event sent by the caller.

    1. Skip it, with the reason, if the person came back, paused nudges, chose none, or
       closed their account.
    2. Time it again (pending, a new due time) if it is overdue, if it is now their quiet
       hours (which may have changed since), or if their daily maximum is reached today.
    3. Choose the channel from the preferences now (turning one off takes effect at once),
       give the notification once (its key is the send's), and record the nudge for the
       consistency index the first time only.
    """
    send = (
        ScheduledSend.objects.select_for_update(of=("self",))
        .select_related("notification")
        .filter(pk=send_id, state=State.SENDING, claimed_until=until)
        .first()
    )
    if send is None:
        return None  # another worker took it over after our claim lapsed
    user = send.user = recipients.users[send.user_id]
    # A reminder's habit and day, read once: its checks and its words both come from them.
    checked = reminders.reminder_checked(send, now) if send.step == Step.HABIT else None
    reason = _skip_reason(send, user, now, recipients, checked)
    if reason:
        _skip(send, reason)
        return None
    again = _due_again(send, user, now, recipients)
    if again is not None:
        _retime(send, user, again)
        return None
    push = can_push(user, subscribed=user.pk in recipients.with_push)
    send.channel = channel_for(send.step, email=can_email(user), push=push)
    if send.notification is None:
        _first_give(send, user, now, recipients, given, checked[0] if checked else None)
    if send.channel not in OUTBOUND:
        _record_try(send, now=now, error=None)
        send.state, send.sent_at, send.claimed_until = State.SENT, now, None
    send.save()
    return send


def _skip_reason(
    send: ScheduledSend,
    user: User,
    now: dt.datetime,
    recipients: Recipients,
    checked: tuple[HabitReminder | None, str] | None,
) -> str:
    if checked is not None:  # a habit's reminder
        problem = checked[1]
        return not_wanted(user) or problem or _reminder_skip_reason(send, user, now, recipients)
    last_active_at = recipients.last_active.get(user.pk)
    away_since = send.away_since
    if away_since is not None and last_active_at is not None and last_active_at > away_since:
        return "They came back before it was sent."
    return not_wanted(user)


def _reminder_skip_reason(
    send: ScheduledSend, user: User, now: dt.datetime, recipients: Recipients
) -> str:
    """A reminder is for its day: skipped when it is long overdue, when quiet hours last
    past its day, or when the daily maximum is reached."""
    if send.due_at < now - OVERDUE_AFTER:
        return "Its time passed long before it could be sent."
    later = reminders.reminder_out_of_quiet_hours(send, now)
    if later is not None and user.local_day(later) != user.local_day(send.due_at):
        return "Quiet hours last past its day."
    if send.notification is None and recipients.given_today(send, now) >= user.daily_nudge_max:
        return "The daily maximum of notes was reached."
    return ""


def _due_again(
    send: ScheduledSend, user: User, now: dt.datetime, recipients: Recipients
) -> dt.datetime | None:
    """When to send it instead of now, if now is not the time; None to send now."""
    if send.step == Step.HABIT:  # its checks are its skip reasons, but for quiet hours
        return reminders.reminder_out_of_quiet_hours(send, now)
    zone = user.zone
    if send.due_at < now - OVERDUE_AFTER:
        return _slot(send, user, not_before=now)
    quiet = (user.quiet_hours_start, user.quiet_hours_end)
    if timing.in_quiet_hours(now.astimezone(zone).time(), *quiet):
        jitter = send_jitter(user.pk, send.step, send.absence_start)
        return timing.out_of_quiet_hours(now, zone, *quiet) + jitter
    if send.notification is None and recipients.given_today(send, now) >= user.daily_nudge_max:
        return _slot(send, user, not_before=timing.next_day_start(now, zone))
    return None


def _slot(send: ScheduledSend, user: User, *, not_before: dt.datetime) -> dt.datetime:
    """The send's next proper time: the person's usual hour, out of quiet hours."""
    since = not_before - dt.timedelta(days=timing.USUAL_HOUR_DAYS)
    hours = activity_hours(user_ids=[user.pk], since=since).get(user.pk, {})
    return send_slot(
        user, step=send.step, away_since=send.absence_start, not_before=not_before, hours=hours
    )


def _retime(send: ScheduledSend, user: User, due_at: dt.datetime) -> None:
    """Back to waiting for `due_at`; the claim was not a try."""
    send.state, send.due_at, send.claimed_until = State.PENDING, due_at, None
    send.local_date = timing.local_date(due_at, user.zone)
    send.attempts = F("attempts") - 1
    send.save(update_fields=["state", "due_at", "local_date", "claimed_until", "attempts"])


def _first_give(
    send: ScheduledSend,
    user: User,
    now: dt.datetime,
    recipients: Recipients,
    given: list[Notification],
    reminder: HabitReminder | None,
) -> None:
    message = (
        reminders.reminder_message(reminder) if reminder else nudge_message(send=send, now=now)
    )
    notification = notification_give(
        user=user,
        kind=Notification.Kind.REMINDER if reminder else Notification.Kind.NUDGE,
        key=f"nudge:{send.pk}",
        title=message.title,
        body=message.body,
        url=message.url,
        announce=False,
    )
    if notification is None:  # given by a try whose worker died before recording it
        notification = Notification.objects.owned_by(user).get(key=f"nudge:{send.pk}")
    else:
        if reminder is None:  # the consistency index counts the nudges of absences
            goals_services.nudge_outcome_record(user=user, sent_at=now)
        transaction.on_commit(partial(given.append, notification))
    send.notification, send.template = notification, message.template
    send.local_date = timing.local_date(now, user.zone)
    transaction.on_commit(partial(_count_given, recipients, (user.pk, send.local_date)))


def _count_given(recipients: Recipients, day: tuple[int, dt.date]) -> None:
    """Once a give committed, the person's next send of the batch counts it towards their
    daily maximum."""
    recipients.given[day] = recipients.given.get(day, 0) + 1


def _send_out(send: ScheduledSend, *, now: dt.datetime, until: dt.datetime) -> None:
    """Send it on its outbound channel (outside any transaction), then record the try."""
    error = None
    try:
        OUTBOUND[send.channel](notification=send.notification)
    except ChannelError as failure:
        error = failure
    _after_try(send, now=now, until=until, error=error)


@transaction.atomic
def _after_try(
    send: ScheduledSend, *, now: dt.datetime, until: dt.datetime, error: ChannelError | None
) -> None:
    """Sent; or waiting for a retry after its backoff; or failed, with the reason."""
    _record_try(send, now=now, error=error)
    mine = ScheduledSend.objects.filter(pk=send.pk, state=State.SENDING, claimed_until=until)
    if error is None:
        mine.update(state=State.SENT, sent_at=now, claimed_until=None)
    elif error.retry and send.attempts < TRIES:
        mine.update(
            state=State.PENDING, due_at=now + BACKOFF[send.attempts - 1], claimed_until=None
        )
    else:
        tries = f" (after {send.attempts} tries)" if error.retry else ""
        mine.update(state=State.FAILED, reason=f"{error}{tries}"[:200], claimed_until=None)


def _record_try(send: ScheduledSend, *, now: dt.datetime, error: ChannelError | None) -> None:
    SendAttempt.objects.create(
        send=send, channel=send.channel, at=now, ok=error is None, error=str(error or "")
    )


def _skip(send: ScheduledSend, reason: str) -> None:
    send.state, send.reason, send.claimed_until = State.SKIPPED, reason, None
    send.save(update_fields=["state", "reason", "claimed_until"])
