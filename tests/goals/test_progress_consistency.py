"""The Daily Consistency Index's parts on hand-computed examples."""

from __future__ import annotations

import datetime as dt

import pytest

from goals.progress.consistency import (
    WEIGHTS,
    DayFigures,
    StreakState,
    day_index,
    offered,
    streak_step,
    trend,
    weighted,
)
from goals.progress.streaks import MULTIPLIER

D = dt.date(2026, 11, 20)


def figures(days_before: int, done: int, offered_: int, minutes: int, talked: bool) -> DayFigures:
    return DayFigures(D - dt.timedelta(days=days_before), done, offered_, minutes, talked)


def test_every_part_on_a_hand_computed_day():
    week = [figures(3, 3, 3, 60, True), figures(1, 1, 3, 20, False)]
    index = day_index(
        figures(0, 2, 3, 30, True), before=StreakState(0.5, 3, 0), week=week, nudges=(1, 2)
    )
    assert index.strength == pytest.approx(0.5 * 0.948078 + 0.051922, abs=1e-6)
    assert index.completion == pytest.approx(6 / 9)
    assert index.engagement == pytest.approx(2 / 3 * 110 / 150 + 1 / 3 * 2 / 3)
    assert index.nudge_response == 0.5
    assert index.value == pytest.approx(0.602607, abs=1e-5)
    assert (index.state.streak, index.active, index.frozen) == (4, True, False)


def test_without_nudges_the_other_weights_are_renormalised():
    index = day_index(
        figures(0, 2, 3, 30, True),
        before=StreakState(0.5, 3, 0),
        week=[figures(3, 3, 3, 60, True), figures(1, 1, 3, 20, False)],
        nudges=(0, 0),
    )
    assert index.nudge_response is None
    assert index.value == pytest.approx(0.614007, abs=1e-5)


def test_figures_older_than_a_week_are_not_counted():
    old = figures(7, 0, 3, 500, True)
    index = day_index(figures(0, 3, 3, 0, False), before=StreakState(), week=[old], nudges=(0, 0))
    assert index.completion == 1.0
    assert index.engagement == 0.0


def test_a_week_with_nothing_offered_leaves_completion_out():
    index = day_index(figures(0, 0, 0, 0, False), before=StreakState(), week=[], nudges=(0, 0))
    assert index.completion is None
    assert index.value == 0.0


@pytest.mark.parametrize(
    ("before", "active", "after", "frozen"),
    [
        (StreakState(0.0, 0, 0), True, StreakState(1 - MULTIPLIER, 1, 0), False),
        (StreakState(0.6, 6, 0), True, StreakState(0.6 * MULTIPLIER + 1 - MULTIPLIER, 7, 1), False),
        (StreakState(0.6, 9, 1), False, StreakState(0.6, 9, 0), True),  # a freeze: neutral
        (StreakState(0.6, 9, 0), False, StreakState(0.6 * MULTIPLIER, 0, 0), False),
        (
            StreakState(0.6, 13, 2),
            True,
            StreakState(0.6 * MULTIPLIER + 1 - MULTIPLIER, 14, 2),
            False,
        ),
    ],
)
def test_the_streak_steps_like_the_streak_walk(before, active, after, frozen):
    state, covered = streak_step(before, date=D, active=active)
    assert state.strength == pytest.approx(after.strength)
    assert (state.streak, state.freezes_held, covered) == (after.streak, after.freezes_held, frozen)


@pytest.mark.parametrize(
    ("done", "skipped", "open_missions", "expected"),
    [(0, 0, 0, 0), (0, 0, 5, 3), (1, 0, 1, 2), (4, 0, 9, 4), (1, 1, 0, 2), (0, 2, 4, 3)],
)
def test_offered_is_what_the_daily_three_could_show(done, skipped, open_missions, expected):
    assert offered(done=done, skipped=skipped, open_missions=open_missions) == expected


def test_weights_sum_to_one_and_an_empty_mean_is_zero():
    assert sum(WEIGHTS.values()) == pytest.approx(1.0)
    assert weighted({"strength": None, "completion": None}) == 0.0


def test_trend_mean_and_slope_over_the_window_only():
    values = [(D - dt.timedelta(days=n), 0.1 * (10 - n)) for n in range(1, 11)]
    week = trend(values, days=7, today=D)
    assert week.mean == pytest.approx(sum(0.1 * (10 - n) for n in range(1, 8)) / 7)
    assert week.slope == pytest.approx(0.1)
    assert trend([], days=30, today=D).mean is None
    assert trend(values[:1], days=30, today=D).slope is None
