"""The daily triad (three missions chosen for today) and the day built on it: reads, scoped
to one user."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from delight.models import User
from delight.rows import model_from_row, prepared_cursor, select_list
from goals.models import (
    ENERGY_LEVEL,
    ActivityEvent,
    Energy,
    Goal,
    Mission,
)

MS = Mission.Status


# -- the daily triad ----------------------------------------------------------------------

NEXT_PER_GOAL = 3  # a goal offers its next few missions in sequence, not its whole backlog
W_IMPORTANCE, W_URGENCY, W_NEGLECT, W_SEQUENCE = 0.30, 0.30, 0.20, 0.20
STARTED_BONUS, DEFER_PENALTY = 0.10, 0.05
URGENT_DAYS, HORIZON_DAYS = 7, 90
NEGLECT_FULL_DAYS = 7
ENERGY_FIT = {0: 1.0, 1: 0.5, 2: 0.2}  # by how many levels a mission exceeds today's energy
SAME_CATEGORY, SAME_GOAL = 0.6, 0.8  # diversity multipliers for the later slots


@dataclass(frozen=True)
class Triad:
    high: Mission | None
    medium: Mission | None
    low: Mission | None
    energy: str | None = None
    scores: dict[int, float] = field(default_factory=dict)
    # The categories chosen only when nothing else was left (see triad_for).
    avoided: frozenset[str] = frozenset()

    @property
    def missions(self) -> list[Mission]:
        return [mission for mission in (self.high, self.medium, self.low) if mission]


@dataclass(frozen=True)
class _Candidate:
    """The columns the scoring reads: scoring light rows and loading only the three chosen
    missions in full keeps the triad within its time budget."""

    id: int
    goal_id: int
    category: str
    energy: str
    estimated_minutes: int
    priority_score: float
    status: str
    position: int
    defer_count: int
    due_date: dt.date | None
    ease_back_on: dt.date | None
    importance: int
    target_date: dt.date | None
    goal_last_worked_at: dt.datetime | None
    goal_created_at: dt.datetime


def _urgency(mission: _Candidate, today: dt.date) -> float:
    deadlines = [day for day in (mission.target_date, mission.due_date) if day]
    if not deadlines:
        return 0.0
    days_left = (min(deadlines) - today).days
    if days_left <= URGENT_DAYS:
        return 1.0
    return max(0.0, 1.0 - (days_left - URGENT_DAYS) / (HORIZON_DAYS - URGENT_DAYS))


def _neglect(mission: _Candidate, now: dt.datetime) -> float:
    last = mission.goal_last_worked_at or mission.goal_created_at
    days = (now - last).total_seconds() / 86400
    return min(max(days, 0.0) / NEGLECT_FULL_DAYS, 1.0)


def _energy_fit(mission: _Candidate, energy: str | None) -> float:
    if energy is None:
        return 1.0
    gap = ENERGY_LEVEL[mission.energy] - ENERGY_LEVEL[energy]
    return ENERGY_FIT[gap] if gap > 0 else 1.0 + 0.05 * gap


def _score(mission: _Candidate, *, today: dt.date, now: dt.datetime, energy: str | None) -> float:
    base = (
        W_IMPORTANCE * mission.importance / 5
        + W_URGENCY * _urgency(mission, today)
        + W_NEGLECT * _neglect(mission, now)
        + W_SEQUENCE * mission.priority_score
        + (STARTED_BONUS if mission.status == MS.ACTIVE else 0.0)
        - DEFER_PENALTY * min(mission.defer_count, 4)
    )
    return round(max(base, 0.0) * _energy_fit(mission, energy), 4)


def _ease(mission: _Candidate) -> float:
    """1 for a 10-minute low-energy mission, 0 for a 30-minute high-energy one."""
    shortness = 1 - (mission.estimated_minutes - 10) / 20
    lightness = 1 - ENERGY_LEVEL[mission.energy] / 2
    return (shortness + lightness) / 2


def _diverse(mission: _Candidate, chosen: list[_Candidate]) -> float:
    factor = 1.0
    if any(other.category == mission.category for other in chosen):
        factor *= SAME_CATEGORY
    if any(other.goal_id == mission.goal_id for other in chosen):
        factor *= SAME_GOAL
    return factor


# Each active goal's next missions, with the columns the scoring reads (in _Candidate's
# order), read from the (goal, position) index one goal at a time: a window over the whole
# pool sorted thousands of rows to keep a few per goal, and an `IN (subquery)` made
# PostgreSQL choose a semi-join over every mission of the person, several times slower.
# The UNION adds today's ease-back-in mission wherever it stands in its goal (one probe of
# the mission_ease_back_once index); a mission in both halves is one row.
_CANDIDATE_COLUMNS = """m.id, m.goal_id, m.category, m.energy, m.estimated_minutes,
    m.priority_score, m.status, m.position, m.defer_count, m.due_date, m.ease_back_on"""
_GOAL_COLUMNS = "g.importance, g.target_date, g.last_worked_at, g.created_at"
_NEXT_MISSIONS_SQL = f"""
    SELECT next.*, {_GOAL_COLUMNS}
    FROM {Goal._meta.db_table} g
    CROSS JOIN LATERAL (
        SELECT {_CANDIDATE_COLUMNS}
        FROM {Mission._meta.db_table} m
        WHERE m.goal_id = g.id AND m.status = ANY(%(pool)s::text[])
          AND (m.deferred_until IS NULL OR m.deferred_until <= %(today)s::date)
        ORDER BY m.position, m.id
        LIMIT %(per_goal)s::int
    ) next
    WHERE g.user_id = %(user)s::bigint AND g.status = %(active)s::text
    UNION
    SELECT {_CANDIDATE_COLUMNS}, {_GOAL_COLUMNS}
    FROM {Mission._meta.db_table} m JOIN {Goal._meta.db_table} g ON g.id = m.goal_id
    WHERE m.user_id = %(user)s::bigint AND m.ease_back_on = %(today)s::date
      AND m.status = ANY(%(pool)s::text[]) AND g.status = %(active)s::text
      AND (m.deferred_until IS NULL OR m.deferred_until <= %(today)s::date)
    ORDER BY goal_id, position, id
"""

_MISSION_FIELDS = Mission._meta.concrete_fields
_GOAL_FIELDS = Goal._meta.concrete_fields
# The chosen missions with their goals, written out: the ORM took longer to build this
# query (select_related + in_bulk, ~1 ms) than PostgreSQL took to run it.
_CHOSEN_SQL = f"""
    SELECT {select_list(_MISSION_FIELDS, "m")}, {select_list(_GOAL_FIELDS, "g")}
    FROM {Mission._meta.db_table} m JOIN {Goal._meta.db_table} g ON g.id = m.goal_id
    WHERE m.id = ANY(%s::bigint[]) AND m.user_id = %s::bigint
"""


def _triad_candidates(*, user: User, today: dt.date) -> list[_Candidate]:
    params: dict[str, Any] = {
        "pool": list(Mission.POOL),
        "today": today,
        "per_goal": NEXT_PER_GOAL,
        "user": user.pk,
        "active": Goal.Status.ACTIVE,
    }
    with prepared_cursor() as cursor:
        cursor.execute(_NEXT_MISSIONS_SQL, params)
        return [_Candidate(*row) for row in cursor.fetchall()]


def _missions_chosen(*, user: User, ids: list[int]) -> dict[int, Mission]:
    """The missions with these ids, by id, each with its goal loaded (as select_related)."""
    with prepared_cursor() as cursor:
        cursor.execute(_CHOSEN_SQL, (ids, user.pk))
        rows = cursor.fetchall()
    split = len(_MISSION_FIELDS)
    chosen = {}
    for row in rows:
        mission = model_from_row(Mission, _MISSION_FIELDS, row[:split])
        mission.goal = model_from_row(Goal, _GOAL_FIELDS, row[split:])
        chosen[mission.pk] = mission
    return chosen


def triad_for(
    *,
    user: User,
    energy: str | None = None,
    now: dt.datetime | None = None,
    avoid_categories: Iterable[str] = (),
) -> Triad:
    """Today's three missions: high (urgent and important), medium, low (an easy win).

    Two queries: each active goal's next NEXT_PER_GOAL pool missions (approved, unfinished,
    not deferred past the person's today), and today's ease-back-in mission, with the columns
    the scoring reads; and the three chosen missions in full with their goals.

    1. Score each candidate (0..~1.1):
       0.30 x goal importance (1-5, scaled)
       + 0.30 x deadline urgency (earliest of goal target date and mission due date: 1 within
         7 days or overdue, falling linearly to 0 at 90 days; 0 without a deadline)
       + 0.20 x neglect (days since the goal was last worked on, or created; full at 7 days)
       + 0.20 x the mission's priority score (the plan's sequence, or set by hand)
       + 0.10 if the mission is already in progress, - 0.05 per deferral (up to 4).
    2. Energy match, when the person says how they feel ("low energy today"): a mission one
       level above their energy is worth x0.5, two levels x0.2; lighter ones lose 5% a level.
    3. High: the best score.
    4. Low, the easy win, chosen before medium so an easy mission is kept for it: the best
       remaining (score + ease) / 2 x diversity, where ease favours short, low-energy
       missions and diversity is x0.6 if the value category is already in the triad, x0.8
       if the goal is. When the person said how they feel, only a mission within that
       energy can be the easy win (none left: the slot stays empty). On the day a person
       comes back after days away, their ease-back-in mission (`mission_ease_back_in`: ten
       minutes, low energy) is the easy win, whatever the scores.
    5. Medium: the best remaining score x diversity.
    In every slot a mission of `avoid_categories` (e.g. those whose world zone is closed now:
    the caller knows why) is chosen only when no other candidate is left.
    Completing or deferring a mission takes it out of the pool, so the next call refreshes.
    """
    now = now or timezone.now()
    if energy is not None and energy not in Energy.values:
        raise ValueError(f"Unknown energy {energy!r}: use low, medium or high.")
    today = user.local_day(now)
    avoided = frozenset(avoid_categories)
    candidates = _triad_candidates(user=user, today=today)
    scores = {m.id: _score(m, today=today, now=now, energy=energy) for m in candidates}
    chosen: list[_Candidate] = []

    # A return's easy mission is kept for the easy-win slot (see step 4).
    eased = next((m for m in candidates if m.ease_back_on == today), None)

    def pick(value: dict[int, float], *, fits: bool = False) -> int | None:
        remaining = [m for m in candidates if m not in chosen and m is not eased]
        if fits and energy is not None:
            remaining = [m for m in remaining if ENERGY_LEVEL[m.energy] <= ENERGY_LEVEL[energy]]
        if not remaining:
            return None
        best = max(
            remaining,
            key=lambda m: (
                m.category not in avoided,
                value[m.id] * _diverse(m, chosen),
                -m.position,
            ),
        )
        chosen.append(best)
        return best.id

    high = pick(scores)
    low: int | None
    if eased is not None:
        chosen.append(eased)
        low = eased.id
    else:
        low = pick({m.id: (scores[m.id] + _ease(m)) / 2 for m in candidates}, fits=True)
    medium = pick(scores)
    full = _missions_chosen(user=user, ids=[m.id for m in chosen]) if chosen else {}
    return Triad(
        high=full.get(high) if high else None,
        medium=full.get(medium) if medium else None,
        low=full.get(low) if low else None,
        energy=energy,
        scores=scores,
        avoided=avoided,
    )


# -- the day ------------------------------------------------------------------------------

DAY_SIZE = 3  # a day is three missions; finishing them finishes the day
# What each of the day's places is called on Today and on Home.
SLOT_LABELS = {"high": "Most important", "medium": "Keep it moving", "low": "Easy win"}


@dataclass(frozen=True)
class Day:
    """Today as the person lives it: what they finished, and what is left of their three."""

    done: list[Mission]
    # (slot, mission) still open today, in the order they are shown; None: nothing fits.
    open: list[tuple[str, Mission | None]]
    more: bool  # they asked for one more after finishing the day

    @property
    def finished(self) -> bool:
        return len(self.done) >= DAY_SIZE and not self.more


def missions_done_today(*, user: User, now: dt.datetime | None = None) -> list[Mission]:
    """The missions the person completed on their own today (day start and zone), in order."""
    today = user.local_day(now or timezone.now())
    ids = (
        ActivityEvent.objects.owned_by(user)
        .filter(kind=ActivityEvent.Kind.MISSION_COMPLETED, local_date=today)
        .order_by("occurred_at", "id")
        .values_list("mission_id", flat=True)
    )
    done = Mission.objects.owned_by(user).filter(pk__in=[pk for pk in ids if pk])
    by_id = {mission.pk: mission for mission in done.select_related("goal")}
    return [by_id[pk] for pk in dict.fromkeys(ids) if pk in by_id]


def day_for(
    *, user: User, energy: str | None = None, more: bool = False, now: dt.datetime | None = None
) -> Day:
    """Today's three: the missions done today fill their places, the triad fills the rest
    (so finishing one does not bring a new one at once). With all three done the day is
    finished; `more` then offers one more mission: the easy win on a low day, else the
    most important one."""
    now = now or timezone.now()
    done = missions_done_today(user=user, now=now)
    left = DAY_SIZE - len(done)
    if left <= 0 and not more:
        return Day(done=done, open=[], more=False)
    triad = triad_for(user=user, energy=energy, now=now)
    slots = {"high": triad.high, "medium": triad.medium, "low": triad.low}
    # Which places stay open when some are done: the most important first, and the easy
    # win before "keep it moving" (first of all on a low-energy day).
    order = ["low", "high", "medium"] if energy == "low" else ["high", "low", "medium"]
    keep = set(order[: max(left, 1)])
    return Day(
        done=done,
        open=[(slot, slots[slot]) for slot in ("high", "medium", "low") if slot in keep],
        more=more and left <= 0,
    )
