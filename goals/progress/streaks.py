"""Streaks of lived days: current and longest, freezes, milestones and Loop-style strength.

Pure: it reads credited `LivedDay`s and a "now", and says what the streak is.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from goals.progress.days import ONE_DAY, LivedDay, credit, lived_day, whole_days

MILESTONES = (7, 14, 30, 100, 365)
FREEZE_EVERY = 7  # one freeze earned per 7 streak days
FREEZES_MAX = 2
HALF_LIFE_DAYS = 13  # Loop Habit Tracker: m = 0.5 ** (sqrt(f) / 13), f = 1 for a daily habit
MULTIPLIER = 0.5 ** (1 / HALF_LIFE_DAYS)


@dataclass(frozen=True)
class Streak:
    """What a person's streak is at one moment."""

    current: int  # days in the streak still alive now (0 if broken)
    longest: int
    started_on: dt.date | None  # first date of the current streak
    last_day: dt.date | None  # last credited date (of any streak)
    freezes_held: int
    frozen: tuple[dt.date, ...]  # dates covered by a freeze (in the whole history)
    strength: float  # 0..1, Loop-style, frozen and never-lived days neutral
    next_milestone: int | None  # the next of MILESTONES above `current`
    milestones: tuple[tuple[int, dt.date], ...]  # (days, date reached), every streak


@dataclass
class StreakWalk:
    """The walk's state: the streak being counted and what the history has gathered."""

    length: int = 0
    started_on: dt.date | None = None
    held: int = 0
    longest: int = 0
    frozen: list[dt.date] = field(default_factory=list)
    missed: set[dt.date] = field(default_factory=set)  # whole days without activity, not frozen
    milestones: list[tuple[int, dt.date]] = field(default_factory=list)

    def live(self, date: dt.date) -> None:
        """Count one more streak day; earn a freeze and reach milestones on the way."""
        if self.length == 0:
            self.started_on = date
        self.length += 1
        self.longest = max(self.longest, self.length)
        if self.length % FREEZE_EVERY == 0:
            self.held = min(self.held + 1, FREEZES_MAX)
        if self.length in MILESTONES:
            self.milestones.append((self.length, date))

    def miss(self, dates: Sequence[dt.date]) -> None:
        """Cover missed days with held freezes, in date order; the first uncovered one breaks."""
        for date in dates:
            if self.length and self.held:
                self.held -= 1
                self.frozen.append(date)
                continue
            self.missed.add(date)
            if self.length:
                self.length, self.started_on, self.held = 0, None, 0  # freezes die with it


def streak_of(
    days: Sequence[LivedDay], *, now: dt.datetime, zone: str, day_start_hour: int
) -> Streak:
    """The streak of `days` at `now`, for a person now in `zone`.

    1. Credit the days: each date once, the first in time keeps it.
    2. Walk them in date order. The next date is continuous; a later one is continuous too
       unless whole local days were lived without activity in between (`_missed_between`):
       each is covered by a held freeze or breaks the streak.
    3. Up to now: the whole days of `zone` since the last day's end are missed the same
       way — today, not over yet, never is.
    4. Strength walks every date from the first to today with the Loop formula.
    """
    credited = credit(days)
    run = StreakWalk()
    for previous, day in zip([None, *credited], credited, strict=False):
        if previous is not None and day.date != previous.date + ONE_DAY:
            run.miss(_missed_between(previous, day, day_start_hour=day_start_hour))
        run.live(day.date)
    today = lived_day(now, zone=zone, day_start_hour=day_start_hour).date
    if credited:
        run.miss(_missed_since(credited[-1], now, zone=zone, day_start_hour=day_start_hour))
    current = run.length
    return Streak(
        current=current,
        longest=run.longest,
        started_on=run.started_on,
        last_day=credited[-1].date if credited else None,
        freezes_held=run.held,
        frozen=tuple(run.frozen),
        strength=strength({d.date for d in credited}, run.missed, today=today),
        next_milestone=next((m for m in MILESTONES if m > current), None),
        milestones=tuple(run.milestones),
    )


def _missed_between(a: LivedDay, b: LivedDay, *, day_start_hour: int) -> list[dt.date]:
    """The whole local days lived without activity between two credited days.

    1. In one zone, the dates strictly between. Across zones, count the days of b's zone
       that fit whole in [a.ends_at, b.starts_at); if none do, those of a's zone (a
       westward date-line crossing leaves none in either).
    2. Keep only dates strictly between a and b, so a miss never shares a credited date.
    """
    if a.zone == b.zone:  # one zone's days follow each other: just the dates between
        return [a.date + dt.timedelta(days=n) for n in range(1, (b.date - a.date).days)]
    missed: list[dt.date] = []
    for zone in (b.zone, a.zone):
        missed = whole_days(a.ends_at, b.starts_at, zone=zone, day_start_hour=day_start_hour)
        if missed:
            break
    return [date for date in missed if a.date < date < b.date]


def _missed_since(
    last: LivedDay, now: dt.datetime, *, zone: str, day_start_hour: int
) -> list[dt.date]:
    """The whole days of the person's current zone lived since the last credited day."""
    missed = whole_days(last.ends_at, now, zone=zone, day_start_hour=day_start_hour)
    return [date for date in missed if date > last.date]


def strength(done: set[dt.date], missed: set[dt.date], *, today: dt.date) -> float:
    """Loop Habit Tracker's score over the dates from the first done one to today.

    1. Start at 0; walk every date from the first done date to the last of: today if done,
       yesterday, the last done date.
    2. A done date: score = score * m + (1 - m); a missed one: score = score * m.
    3. Any other date (covered by a freeze, or never lived when crossing the date line)
       leaves the score unchanged — a neutral day.
    """
    if not done:
        return 0.0
    last = max(max(done), today if today in done else today - ONE_DAY)
    score = 0.0
    date = min(done)
    while date <= last:
        if date in done:
            score = score * MULTIPLIER + (1 - MULTIPLIER)
        elif date in missed:
            score *= MULTIPLIER
        date += ONE_DAY
    return score
