"""Habit reminders through the durable sends: planned ahead from each habit's chosen time
on the person's clock, one a day at most, then delivered as nudges are (claimed once,
checked again when due, retried on their channel); separate from an absence's nudges."""

from __future__ import annotations

import datetime as dt
from typing import cast

from django.db import connection, transaction
from django.urls import reverse
from django.utils import timezone

from goals import selectors as goals_selectors
from goals.selectors.habits import HabitReminder
from nudges import timing
from nudges.messages import NudgeMessage
from nudges.models import ScheduledSend
from nudges.words.reminders import reminder_words

# A run plans the reminders due within this much ahead, and those it missed this far back
# (a reminder set a minute before its time is sent a little late, not skipped).
AHEAD = dt.timedelta(hours=1)
BEHIND = dt.timedelta(minutes=30)

# One statement for a run's reminders, from goals' statement of those due (their rows never
# come into Python: 250,000 of them took seconds to read and as long to send back). A
# reminder already planned for that habit and date is left alone, unless it still waits and
# its time changed (the person moved it): then it moves too.
_INSERT = """
INSERT INTO nudges_scheduledsend (user_id, habit_id, due_at, local_date, step, channel, state,
    attempts, template, context, reason, created_at)
SELECT d.user_id, d.habit_id, d.due_at, d.calendar_date, 'habit', 'in_app', 'pending',
    0, '', '{{}}'::jsonb, '', %(now)s
FROM ({due}) AS d(user_id, habit_id, due_at, calendar_date, day)
ON CONFLICT (habit_id, local_date)
DO UPDATE SET due_at = EXCLUDED.due_at
WHERE nudges_scheduledsend.state = 'pending' AND nudges_scheduledsend.due_at <> EXCLUDED.due_at
"""


@transaction.atomic
def habit_reminders_plan(*, now: dt.datetime | None = None, ahead: dt.timedelta = AHEAD) -> int:
    """Plan every habit reminder due from BEHIND ago to `ahead` from `now`; how many were
    planned or moved (a run that finds them all planned changes nothing). Its commit does
    not wait for the disk (synchronous_commit off, this transaction only): a plan a crash
    loses is made again by the next run, which plans what is due from BEHIND ago."""
    now = now or timezone.now()
    due, params = goals_selectors.habit_reminders_due_query(
        now=now, since=now - BEHIND, until=now + ahead
    )
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL synchronous_commit = off")
        cursor.execute(_INSERT.format(due=due), params)
        return int(cursor.rowcount)


def reminder_checked(send: ScheduledSend, now: dt.datetime) -> tuple[HabitReminder | None, str]:
    """The habit's reminder as things are now, and why not to send it ("" to send): the habit
    gone, paused, its reminder off, its day done or skipped, or its day already over."""
    user = send.user
    day = user.local_day(send.due_at)
    if user.local_day(now) > day:
        return None, "Its day was over before it could be sent."
    habit_id = cast(int, send.habit_id)  # a reminder's send always has its habit (a check)
    reminder = goals_selectors.habit_reminder(user=user, habit_id=habit_id, day=day)
    if reminder is None:
        return None, "The habit was removed."
    return reminder, reminder.problem


def reminder_out_of_quiet_hours(send: ScheduledSend, now: dt.datetime) -> dt.datetime | None:
    """When a reminder due in the person's quiet hours goes instead (the end of them), if
    that is still its day; None when it is not in quiet hours."""
    user = send.user
    if not user.quiet_at(now.astimezone(user.zone).time()):
        return None
    return timing.out_of_quiet_hours(now, user.zone, user.quiet_hours_start, user.quiet_hours_end)


def reminder_message(reminder: HabitReminder) -> NudgeMessage:
    """The reminder's words and link, from the habit as it was checked."""
    title, body = reminder_words(reminder)
    url = reverse("habit-detail", args=[reminder.habit.pk])
    return NudgeMessage(title=title, body=body, url=url, template="reminder")
