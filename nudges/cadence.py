"""The cadence of an absence (data, read by the planner and at delivery): which nudge is due
after how long away, and on which channel (a habit's reminder's too), by the person's
preferences."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from delight.models import User
from nudges import timing
from nudges.models import ScheduledSend

Step = ScheduledSend.Step
Channel = ScheduledSend.Channel


@dataclass(frozen=True)
class Nudge:
    step: str
    away: dt.timedelta  # due once the person has been away this long
    channels: tuple[str, ...]  # the first one the person can receive wins; in-app always can


CADENCE: tuple[Nudge, ...] = (
    Nudge(Step.DAY_2, dt.timedelta(days=2), (Channel.IN_APP,)),
    Nudge(Step.DAY_4, dt.timedelta(days=4), (Channel.EMAIL, Channel.IN_APP)),
    Nudge(Step.DAY_7, dt.timedelta(days=7), (Channel.PUSH, Channel.EMAIL, Channel.IN_APP)),
)
BY_STEP = {nudge.step: nudge for nudge in CADENCE}
# A habit's reminder, which the person asked for, on the most direct channel they accept.
CHANNELS: dict[str, tuple[str, ...]] = {
    **{nudge.step: nudge.channels for nudge in CADENCE},
    Step.HABIT: (Channel.PUSH, Channel.EMAIL, Channel.IN_APP),
}


def channel_for(step: str, *, email: bool, push: bool) -> str:
    """The channel of a step for someone who can (`True`) or cannot receive emails (opted
    in, with an address) and pushes (opted in, with a browser subscribed)."""
    reachable: dict[str, bool] = {Channel.IN_APP: True, Channel.EMAIL: email, Channel.PUSH: push}
    return next(channel for channel in CHANNELS[step] if reachable[channel])


def not_wanted(user: User) -> str:
    """Why the person is to get no nudge now, in plain words for staff ("" when nothing
    holds it back)."""
    if not user.is_active:
        return "The account is closed."
    if user.nudges_paused:
        return "They paused nudges."
    if user.daily_nudge_max == 0:
        return "They chose to get no nudges (a daily maximum of 0)."
    return ""


def can_email(user: User) -> bool:
    return user.email_opt_in and bool(user.email)


def can_push(user: User, *, subscribed: bool) -> bool:
    """Pushes reach the person when they said yes to the second channel and a browser of
    theirs is subscribed (a subscription alone is a device's, not a yes to nudges)."""
    return user.second_channel_opt_in and subscribed


def send_jitter(user_id: int, step: str, away_since: dt.datetime) -> dt.timedelta:
    """The minutes after the chosen hour this send goes at, the same every time it is timed."""
    return timing.jitter_for(user_id, step, away_since.isoformat())


def send_slot(
    user: User,
    *,
    step: str,
    away_since: dt.datetime,
    not_before: dt.datetime,
    hours: dict[int, int],
) -> dt.datetime:
    """A send's proper time from `not_before`: the person's usual hour (learned from
    `hours`, their activities per local hour) plus its jitter, out of quiet hours."""
    return timing.send_time(
        not_before=not_before,
        zone=user.zone,
        usual_hour=timing.usual_hour(hours),
        quiet_start=user.quiet_hours_start,
        quiet_end=user.quiet_hours_end,
        jitter=send_jitter(user.pk, step, away_since),
    )
