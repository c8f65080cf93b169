"""The Daily Consistency Index (DCI): one number from 0 to 1 for each local date a person
lived, made of four parts, each from 0 to 1.

- **Streak strength** (40%): the Loop-style strength of the overall streak at the day's end.
- **Missions done** (30%): missions finished / missions offered by the daily three, over the
  last 7 days. Left out while nothing was offered.
- **Depth** (20%): focus minutes over the last 7 days, full at 150 (two thirds of the part),
  and days with a talk with Eliza, full at 3 (one third).
- **Coming back to nudges** (10%): nudges answered (activity within 48 hours) / nudges sent,
  over the last 30 days. Left out while no nudge was sent.

A part left out gives its weight to the others in proportion (the weights are renormalised),
so a person is never marked down for something Delight did not do.

Pure: the job that writes snapshots (goals.services.consistency) gathers the figures.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from goals.progress.streaks import MULTIPLIER, StreakWalk

WEIGHTS = {"strength": 0.4, "completion": 0.3, "engagement": 0.2, "nudge_response": 0.1}
WINDOW_DAYS = 7  # completion and depth look at the last week
NUDGE_WINDOW_DAYS = 30
ANSWER_WITHIN = dt.timedelta(hours=48)  # a nudge is answered by activity within two days
FOCUS_FULL_MINUTES = 150  # a week of about 20 minutes a day fills the focus half of depth
TALK_FULL_DAYS = 3  # talking with Eliza three days a week fills the talk part
FOCUS_SHARE = 2 / 3
DAY_SIZE = 3  # the daily three (goals.selectors.DAY_SIZE)

# How the index is explained to a person (progress page, docs/progress.md): the parts, in order.
PARTS = (
    ("strength", "Streak strength", "how steady your streak has been, 13-day half-life"),
    ("completion", "Missions done", "missions you finished out of those offered, last 7 days"),
    (
        "engagement",
        "Depth",
        f"focus minutes (full at {FOCUS_FULL_MINUTES} a week) and days you talked with Eliza "
        f"(full at {TALK_FULL_DAYS} a week), last 7 days",
    ),
    ("nudge_response", "Coming back", "nudges you answered within two days, last 30 days"),
)


@dataclass(frozen=True)
class DayFigures:
    """What one local date held, as the job gathers it."""

    date: dt.date
    missions_done: int
    missions_offered: int
    minutes: int
    talked: bool


@dataclass(frozen=True)
class StreakState:
    """The overall streak at the end of a date: what the next date continues from."""

    strength: float = 0.0
    streak: int = 0
    freezes_held: int = 0


@dataclass(frozen=True)
class DayIndex:
    """A date's index, its parts and the streak after it (one snapshot)."""

    figures: DayFigures
    state: StreakState
    active: bool
    frozen: bool
    completion: float | None
    engagement: float
    nudge_response: float | None
    value: float

    @property
    def strength(self) -> float:
        """The streak strength part: the streak's own strength after the date."""
        return self.state.strength


def offered(*, done: int, skipped: int, open_missions: int) -> int:
    """Missions the daily three offered on a date.

    1. Every mission finished or skipped that day was offered.
    2. The rest of the three came from the missions still open at the day's end, as many
       as there were, up to three in all.
    """
    seen = done + skipped
    return max(seen, min(DAY_SIZE, seen + open_missions))


def streak_step(state: StreakState, *, date: dt.date, active: bool) -> tuple[StreakState, bool]:
    """The streak after one more date, and whether a freeze covered the date.

    The same walk as the streak itself (goals.progress.streaks): an active date counts and
    may earn a freeze; an inactive one spends a held freeze (strength unchanged, a neutral
    day) or breaks the streak (strength decays by the Loop multiplier).
    """
    walk = StreakWalk(length=state.streak, held=state.freezes_held)
    if active:
        walk.live(date)
        strength = state.strength * MULTIPLIER + (1 - MULTIPLIER)
    else:
        walk.miss([date])
        strength = state.strength if walk.frozen else state.strength * MULTIPLIER
    return StreakState(strength, walk.length, walk.held), bool(walk.frozen)


def day_index(
    figures: DayFigures,
    *,
    before: StreakState,
    week: Sequence[DayFigures],
    nudges: tuple[int, int],
) -> DayIndex:
    """The index of one date.

    1. Step the streak: the date is active when a mission was finished on it.
    2. Completion and depth sum this date with those of `week` less than 7 days before it
       (a date without figures adds nothing); nudge response is (answered, sent), 30 days.
    3. The value is the weighted mean of the parts present, weights renormalised.
    """
    active = figures.missions_done > 0
    state, frozen = streak_step(before, date=figures.date, active=active)
    days = [day for day in week if 0 < (figures.date - day.date).days < WINDOW_DAYS]
    days.append(figures)
    offered_total = sum(day.missions_offered for day in days)
    completion = (
        min(1.0, sum(day.missions_done for day in days) / offered_total) if offered_total else None
    )
    focus = min(1.0, sum(day.minutes for day in days) / FOCUS_FULL_MINUTES)
    talk = min(1.0, sum(day.talked for day in days) / TALK_FULL_DAYS)
    engagement = FOCUS_SHARE * focus + (1 - FOCUS_SHARE) * talk
    answered, sent = nudges
    nudge_response = min(1.0, answered / sent) if sent else None
    parts = {
        "strength": state.strength,
        "completion": completion,
        "engagement": engagement,
        "nudge_response": nudge_response,
    }
    return DayIndex(
        figures=figures,
        state=state,
        active=active,
        frozen=frozen,
        completion=completion,
        engagement=engagement,
        nudge_response=nudge_response,
        value=weighted(parts),
    )


def used_weights(parts: dict[str, float | None]) -> dict[str, float]:
    """The weight of each part present, renormalised to sum to 1 (none: empty)."""
    total = sum(WEIGHTS[name] for name, value in parts.items() if value is not None)
    return {
        name: WEIGHTS[name] / total for name, value in parts.items() if value is not None and total
    }


def weighted(parts: dict[str, float | None]) -> float:
    """The weighted mean of the parts that are present (renormalised weights)."""
    weights = used_weights(parts)
    return sum(weight * parts[name] for name, weight in weights.items())


STEADY_WITHIN = 0.05  # a change under 5 points over the window reads as steady


@dataclass(frozen=True)
class Trend:
    days: int
    mean: float | None  # None: no snapshot in the window
    slope: float | None  # change per day (least squares); None below two snapshots

    @property
    def direction(self) -> str:
        """ "rising", "steady" or "easing" over the window."""
        if self.slope is None or abs(self.slope * self.days) < STEADY_WITHIN:
            return "steady"
        return "rising" if self.slope > 0 else "easing"


def trend(values: Sequence[tuple[dt.date, float]], *, days: int, today: dt.date) -> Trend:
    """Mean and least-squares slope (per day) of the snapshots of the last `days` dates
    before `today`."""
    start = today - dt.timedelta(days=days)
    window = [(date, value) for date, value in values if start <= date < today]
    if not window:
        return Trend(days, None, None)
    mean = sum(value for _, value in window) / len(window)
    if len(window) < 2:
        return Trend(days, mean, None)
    xs = [(date - start).days for date, _ in window]
    x_mean = sum(xs) / len(xs)
    spread = sum((x - x_mean) ** 2 for x in xs)
    slope = sum((x - x_mean) * (v - mean) for x, (_, v) in zip(xs, window, strict=True)) / spread
    return Trend(days, mean, slope)
