"""The nightly consistency job: one snapshot of the Daily Consistency Index per person per
local date, written when that person's day has ended (goals.progress.consistency says what
the index is; this module gathers the figures and writes).

Each person has a clock (`ConsistencyClock.due_at`, indexed): the end of their next
unwritten day. The job claims due clocks in batches, so it never scans everyone and two
workers never take the same person; what to write is worked out again from the snapshots
already kept, so a replay, a second worker or a run after downtime writes each date once.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django_q.tasks import async_task

from delight.locks import held_by_someone_alive, liveness_lock, lock_key
from delight.models import User
from goals import realtime
from goals.models import ActivityEvent, ConsistencyClock, ConsistencySnapshot, Habit, Mission
from goals.progress import consistency as dci
from goals.progress.days import ONE_DAY, LivedDay, day_of, lived_day
from goals.progress.habit_streaks import asks_for
from goals.progress.selectors import progress_days
from goals.progress.streaks import streak_of
from goals.services.highlights import highlight_reels_for_consistency

Kind = ActivityEvent.Kind
ACTIVE = Habit.Status.ACTIVE
FIGURE_KINDS = (
    Kind.MISSION_COMPLETED,
    Kind.MISSION_SKIPPED,
    Kind.SESSION_COMPLETED,
    Kind.TALKED,
    Kind.HABIT_DONE,
)
BATCH = 2000
# A claim lapses after this in any case; a worker killed mid-batch frees its people at once
# (its run's liveness lock goes with its connection: `_free_dead_claims`).
CLAIM_FOR = dt.timedelta(minutes=10)
CATCH_UP_DAYS = 400  # the most dates written for one person in one go

_CLAIM = """
UPDATE goals_consistencyclock SET claimed_until = %(until)s, claimed_by = %(by)s
WHERE user_id IN (
    SELECT user_id FROM goals_consistencyclock
    WHERE due_at <= %(now)s AND (claimed_until IS NULL OR claimed_until < %(now)s)
      AND (%(only)s::bigint[] IS NULL OR user_id = ANY(%(only)s::bigint[]))
    ORDER BY due_at LIMIT %(limit)s
    FOR UPDATE SKIP LOCKED
)
RETURNING user_id
"""

_ENSURE = """
INSERT INTO goals_consistencyclock (user_id, due_at)
SELECT u.id, %(now)s FROM delight_user u
WHERE NOT EXISTS (SELECT 1 FROM goals_consistencyclock c WHERE c.user_id = u.id)
ON CONFLICT DO NOTHING
"""

_RELEASE = """
UPDATE goals_consistencyclock c SET due_at = d.due_at, claimed_until = NULL, claimed_by = NULL
FROM unnest(%(ids)s::bigint[], %(due)s::timestamptz[]) AS d(user_id, due_at)
WHERE c.user_id = d.user_id
"""

_USERS = (
    "SELECT id, timezone, day_start_hour, date_joined FROM delight_user WHERE id = ANY(%(ids)s)"
)

_LATEST = """
SELECT DISTINCT ON (user_id) user_id, date, strength, streak, freezes_held
FROM goals_consistencysnapshot WHERE user_id = ANY(%(ids)s) ORDER BY user_id, date DESC
"""

_FIRST_ACTIVITY = """
SELECT user_id, min(local_date) FROM goals_activityevent
WHERE user_id = ANY(%(ids)s) GROUP BY user_id
"""

_OPEN_MISSIONS = """
SELECT user_id, created_at, deferred_until FROM goals_mission
WHERE user_id = ANY(%(ids)s) AND status = ANY(%(pool)s)
"""

_HABITS = """
SELECT id, user_id, schedule, weekdays, every_days, start_date FROM goals_habit
WHERE user_id = ANY(%(ids)s) AND status = %(active)s
"""

# The days of habits that were ticked (done or skipped on purpose) within each range.
_HABIT_DAYS = """
SELECT c.habit_id, c.day FROM goals_habitcheckin c
JOIN unnest(%(ids)s::bigint[], %(firsts)s::date[], %(lasts)s::date[]) AS r(user_id, first, last)
  ON c.user_id = r.user_id AND c.day BETWEEN r.first AND r.last
"""

_NUDGES = """
SELECT user_id, sent_at, answered_at FROM goals_nudgeoutcome
WHERE user_id = ANY(%(ids)s) AND sent_at >= %(since)s
"""

_SNAPSHOT_COLUMNS = {
    "user_id": "bigint",
    "date": "date",
    "value": "float8",
    "strength": "float8",
    "completion": "float8",
    "engagement": "float8",
    "nudge_response": "float8",
    "missions_done": "int",
    "missions_offered": "int",
    "minutes": "int",
    "talked": "bool",
    "active": "bool",
    "frozen": "bool",
    "streak": "int",
    "freezes_held": "int",
}
_INSERT = f"""
INSERT INTO goals_consistencysnapshot ({", ".join(_SNAPSHOT_COLUMNS)}, created_at)
SELECT *, now() FROM unnest({", ".join(f"%({n})s::{t}[]" for n, t in _SNAPSHOT_COLUMNS.items())})
ON CONFLICT DO NOTHING
"""

_WEEK_BEFORE = """
SELECT s.user_id, s.date, s.missions_done, s.missions_offered, s.minutes, s.talked
FROM goals_consistencysnapshot s
JOIN unnest(%(ids)s::bigint[], %(firsts)s::date[]) AS r(user_id, first)
  ON s.user_id = r.user_id AND s.date >= r.first - %(days)s AND s.date < r.first
ORDER BY s.user_id, s.date
"""

_DAY_FIGURES = """
SELECT e.user_id, e.local_date,
       count(*) FILTER (WHERE e.kind = %(done)s),
       count(*) FILTER (WHERE e.kind = %(skipped)s),
       count(*) FILTER (WHERE e.kind = %(habit)s),
       coalesce(sum((e.metadata->>'actual_minutes')::int) FILTER (WHERE e.kind = %(focus)s), 0),
       bool_or(e.kind = %(talked)s)
FROM goals_activityevent e
JOIN unnest(%(ids)s::bigint[], %(firsts)s::date[], %(lasts)s::date[]) AS r(user_id, first, last)
  ON e.user_id = r.user_id AND e.local_date BETWEEN r.first AND r.last
WHERE e.kind = ANY(%(kinds)s)
GROUP BY e.user_id, e.local_date
"""


@dataclass
class _Plan:
    """One claimed person: the dates to write and what the first of them continues from."""

    user: User
    first: dt.date
    dates: list[dt.date]
    before: dci.StreakState | None  # None: dates left unwritten; counted from the history
    week: list[dci.DayFigures] = field(default_factory=list)


def consistency_snapshots_write(
    *, now: dt.datetime | None = None, only: Sequence[int] | None = None, batch: int = BATCH
) -> int:
    """Write every snapshot that is due; return how many were computed and written (a date a
    worker whose claim lapsed wrote first is left alone, but counted).

    1. Give every person without a clock one, due now.
    2. Free the claims of batches whose worker died (`_free_dead_claims`).
    3. Take a fresh liveness lock for this run and claim up to `batch` due clocks at a time
       under it (`FOR UPDATE SKIP LOCKED`, committed at once with a claim that lapses after
       10 minutes), until none is due.
    4. For each claimed person, write the dates from the day after their last snapshot
       (or the day they joined, or their first imported activity) to their last ended day,
       and move the clock to the end of the next day (`_batch_write`).
    """
    now = now or timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(_ENSURE, {"now": now})
    _free_dead_claims(now=now)
    written = 0
    by = lock_key("consistency-run", uuid.uuid4())
    with liveness_lock(by):  # a fresh key: always taken, held while this run claims
        while ids := _claim(now=now, only=only, batch=batch, by=by):
            written += _batch_write(ids, now=now)
    return written


def _claim(*, now: dt.datetime, only: Sequence[int] | None, batch: int, by: int) -> list[int]:
    params: dict[str, Any] = {
        "now": now,
        "until": now + CLAIM_FOR,
        "limit": batch,
        "only": only,
        "by": by,
    }
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(_CLAIM, params)
        return [row[0] for row in cursor.fetchall()]


def _free_dead_claims(*, now: dt.datetime) -> None:
    """Give back at once the people claimed by runs no live worker holds the lock of."""
    claims = ConsistencyClock.objects.filter(
        due_at__lte=now, claimed_until__gte=now, claimed_by__isnull=False
    )
    for by in claims.values_list("claimed_by", flat=True).distinct():
        if by is not None and not held_by_someone_alive(by):
            claims.filter(claimed_by=by).update(claimed_until=None, claimed_by=None)


def _batch_write(ids: list[int], *, now: dt.datetime) -> int:
    """Plan, gather, compute and write one claimed batch; release its clocks.

    1. Plan each person's dates from their latest snapshot (`_plans`).
    2. Gather the batch's figures in a fixed number of queries: activity per date, open
       missions, the week before the first date, nudges.
    3. Walk each person's dates in order, each index continuing from the one before.
    4. In one transaction insert the snapshots (a date already kept is left alone), make
       the highlight reels of high days, and move each clock to the end of the person's
       next day.
    5. Tell open pages about each person's newest index.
    """
    plans = _plans(ids, now=now)
    figures = _figures(plans)
    nudges = _nudges(plans)
    snapshots: list[ConsistencySnapshot] = []
    for plan in plans:
        snapshots.extend(_walk(plan, figures[plan.user.pk], nudges[plan.user.pk]))
    due = [_next_due(plan) for plan in plans]
    with transaction.atomic():
        _insert(snapshots)
        highlight_reels_for_consistency(snapshots=snapshots)
        with connection.cursor() as cursor:
            cursor.execute(_RELEASE, {"ids": [p.user.pk for p in plans], "due": due})
    newest = {snapshot.user_id: snapshot for snapshot in snapshots}
    realtime.consistency_updates_send(
        (user_id, snapshot.date.isoformat(), snapshot.value) for user_id, snapshot in newest.items()
    )
    return len(snapshots)


def _plans(ids: list[int], *, now: dt.datetime) -> list[_Plan]:
    users = [
        User(id=row[0], timezone=row[1], day_start_hour=row[2], date_joined=row[3])
        for row in _rows(_USERS, {"ids": ids})
    ]
    latest = {row[0]: row[1:] for row in _rows(_LATEST, {"ids": ids})}
    newcomers = [user_id for user_id in ids if user_id not in latest]
    first_activity = dict(_rows(_FIRST_ACTIVITY, {"ids": newcomers})) if newcomers else {}
    plans = []
    for user in users:
        before: dci.StreakState | None
        last_ended = lived_day(now, zone=user.timezone, day_start_hour=user.day_start_hour).date
        last_ended -= ONE_DAY  # today is not over
        if user.pk in latest:
            date, strength, streak, held = latest[user.pk]
            first = date + ONE_DAY
            before = dci.StreakState(strength, streak, held)
        else:  # nothing happened before their first day: the streak starts empty
            joined = user.local_day(user.date_joined)
            first = min(joined, first_activity.get(user.pk, joined))
            before = dci.StreakState()
        capped = last_ended - dt.timedelta(days=CATCH_UP_DAYS - 1)
        if first < capped:  # older dates go unwritten: the streak comes from the history
            first, before = capped, None
        dates = [first + dt.timedelta(days=n) for n in range((last_ended - first).days + 1)]
        plans.append(_Plan(user=user, first=first, dates=dates, before=before))
    return plans


def _figures(plans: list[_Plan]) -> dict[int, dict[dt.date, dci.DayFigures]]:
    """Each person's figures per date: their dates to write and the 6 dates before them.

    1. Activity per (person, local date), one grouped query over the batch's ranges.
    2. Missions open now in each person's pool, counted for a date when they existed by
       its end and were not put off past it (the daily three offered from them).
    3. Habits are work too: a day of a habit done is work done and offered; a day an
       active habit asked for and was not ticked is work offered (`_habits_unticked`).
    4. The 6 dates before the first come from the kept snapshots' own figures.
    """
    active = [plan for plan in plans if plan.dates]
    by_user: dict[int, dict[dt.date, dci.DayFigures]] = defaultdict(dict)
    if not active:
        return by_user
    params: dict[str, Any] = {
        "ids": [plan.user.pk for plan in active],
        "firsts": [plan.dates[0] for plan in active],
        "lasts": [plan.dates[-1] for plan in active],
        "kinds": list(FIGURE_KINDS),
        "done": Kind.MISSION_COMPLETED,
        "skipped": Kind.MISSION_SKIPPED,
        "focus": Kind.SESSION_COMPLETED,
        "talked": Kind.TALKED,
        "habit": Kind.HABIT_DONE,
    }
    activity = {(row[0], row[1]): row[2:] for row in _rows(_DAY_FIGURES, params)}
    unticked = _habits_unticked(params)
    pools = _open_missions(params["ids"])
    weeks = _weeks_before(active)
    for plan in active:
        plan.week = weeks[plan.user.pk]
        user = plan.user
        for date in plan.dates:
            done, skipped, habits, minutes, talked = activity.get(
                (user.pk, date), (0, 0, 0, 0, False)
            )
            end = _day(user, date).ends_at
            still_open = sum(
                1
                for created_at, deferred_until in pools.get(user.pk, ())
                if created_at < end and (deferred_until is None or deferred_until <= date)
            )
            missions = dci.offered(done=done, skipped=skipped, open_missions=still_open)
            by_user[user.pk][date] = dci.DayFigures(
                date=date,
                missions_done=done + habits,
                missions_offered=missions + habits + unticked[user.pk, date],
                minutes=minutes,
                talked=bool(talked),
            )
    return by_user


def _habits_unticked(params: dict[str, Any]) -> Counter[tuple[int, dt.date]]:
    """Per (person, date) in their ranges: their active habits whose schedule asked for the
    date and that were neither done nor skipped on purpose that day."""
    habits = [
        (user_id, Habit(id=pk, schedule=kind, weekdays=days, every_days=every, start_date=start))
        for pk, user_id, kind, days, every, start in _rows(_HABITS, {**params, "active": ACTIVE})
    ]
    if not habits:
        return Counter()
    ticked = set(_rows(_HABIT_DAYS, params))
    ranges = dict(
        zip(params["ids"], zip(params["firsts"], params["lasts"], strict=True), strict=True)
    )
    unticked: Counter[tuple[int, dt.date]] = Counter()
    for user_id, habit in habits:
        first, last = ranges[user_id]
        for offset in range((last - first).days + 1):
            date = first + dt.timedelta(days=offset)
            if asks_for(habit, date) and (habit.pk, date) not in ticked:
                unticked[user_id, date] += 1
    return unticked


def _open_missions(ids: list[int]) -> dict[int, list[tuple[dt.datetime, dt.date | None]]]:
    pools: dict[int, list[tuple[dt.datetime, dt.date | None]]] = defaultdict(list)
    rows = _rows(_OPEN_MISSIONS, {"ids": ids, "pool": list(Mission.POOL)})
    for user_id, created_at, deferred_until in rows:
        pools[user_id].append((created_at, deferred_until))
    return pools


def _weeks_before(plans: list[_Plan]) -> dict[int, list[dci.DayFigures]]:
    """The kept figures of the 6 dates before each person's first date to write."""
    params: dict[str, Any] = {
        "ids": [plan.user.pk for plan in plans],
        "firsts": [plan.dates[0] for plan in plans],
        "days": dci.WINDOW_DAYS - 1,
    }
    weeks: dict[int, list[dci.DayFigures]] = defaultdict(list)
    for user_id, *figures in _rows(_WEEK_BEFORE, params):
        weeks[user_id].append(dci.DayFigures(*figures))
    return weeks


def _nudges(plans: list[_Plan]) -> dict[int, list[tuple[dt.datetime, dt.datetime | None]]]:
    """Each person's nudges of the 30 days before their first date's start up to now."""
    active = [plan for plan in plans if plan.dates]
    sent: dict[int, list[tuple[dt.datetime, dt.datetime | None]]] = defaultdict(list)
    if not active:
        return sent
    since = min(_day(plan.user, plan.dates[0]).starts_at for plan in active)
    since -= dt.timedelta(days=dci.NUDGE_WINDOW_DAYS)
    rows = _rows(_NUDGES, {"ids": [plan.user.pk for plan in active], "since": since})
    for user_id, sent_at, answered_at in rows:
        sent[user_id].append((sent_at, answered_at))
    return sent


def _nudge_counts(
    outcomes: Iterable[tuple[dt.datetime, dt.datetime | None]], *, end: dt.datetime
) -> tuple[int, int]:
    """(answered, sent) over the 30 days before `end`; a nudge counts once it is answered
    or its 48 hours have passed."""
    answered = sent = 0
    for sent_at, answered_at in outcomes:
        if not end - dt.timedelta(days=dci.NUDGE_WINDOW_DAYS) <= sent_at < end:
            continue
        came_back = answered_at is not None and answered_at < end
        if came_back or sent_at + dci.ANSWER_WITHIN <= end:
            sent += 1
            answered += came_back
    return answered, sent


def _history_state(user: User, *, first: dt.date) -> dci.StreakState:
    """The streak at the start of `first`, counted from the whole history (the dates before
    it were too many to write: only then is one person's history read on its own)."""
    start = _day(user, first).starts_at
    days = [day for day in progress_days(user=user).get("", []) if day.date < first]
    streak = streak_of(days, now=start, zone=user.timezone, day_start_hour=user.day_start_hour)
    return dci.StreakState(streak.strength, streak.current, streak.freezes_held)


def _walk(
    plan: _Plan,
    figures: dict[dt.date, dci.DayFigures],
    outcomes: list[tuple[dt.datetime, dt.datetime | None]],
) -> list[ConsistencySnapshot]:
    """The snapshots of a person's dates, in order, each continuing from the one before."""
    if not plan.dates:
        return []
    user = plan.user
    state = plan.before if plan.before is not None else _history_state(user, first=plan.dates[0])
    week = list(plan.week)
    snapshots = []
    for date in plan.dates:
        end = _day(user, date).ends_at
        index = dci.day_index(
            figures[date], before=state, week=week, nudges=_nudge_counts(outcomes, end=end)
        )
        state = index.state
        week = [*week[-(dci.WINDOW_DAYS - 2) :], index.figures]
        snapshots.append(_snapshot(user, index))
    return snapshots


def _snapshot(user: User, index: dci.DayIndex) -> ConsistencySnapshot:
    day = index.figures
    return ConsistencySnapshot(
        user_id=user.pk,
        date=day.date,
        value=index.value,
        strength=index.strength,
        completion=index.completion,
        engagement=index.engagement,
        nudge_response=index.nudge_response,
        missions_done=day.missions_done,
        missions_offered=day.missions_offered,
        minutes=day.minutes,
        talked=day.talked,
        active=index.active,
        frozen=index.frozen,
        streak=index.state.streak,
        freezes_held=index.state.freezes_held,
    )


def _next_due(plan: _Plan) -> dt.datetime:
    """The end of the first date not yet written: when the clock is due again."""
    user = plan.user
    following = plan.dates[-1] + ONE_DAY if plan.dates else plan.first
    return _day(user, following).ends_at


def _day(user: User, date: dt.date) -> LivedDay:
    """The person's day `date` in their zone now (memoised: a batch shares few zones)."""
    return day_of(date, zone=user.timezone, day_start_hour=user.day_start_hour)


def _rows(sql: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


def _insert(snapshots: list[ConsistencySnapshot]) -> None:
    """Insert the snapshots in one statement (one array per column, so the statement stays
    the same size whatever the batch); a date already kept is left alone."""
    columns = {name: [getattr(s, name) for s in snapshots] for name in _SNAPSHOT_COLUMNS}
    with connection.cursor() as cursor:
        cursor.execute(_INSERT, columns)


WRITE_FOR_TASK = "goals.tasks.write_consistency_for"


@transaction.atomic
def consistency_recount(*, user: User, since: dt.date, now: dt.datetime | None = None) -> None:
    """The person's history changed from `since` on: forget those snapshots and write them
    again at once (after the commit), rather than at the next 15-minute run."""
    consistency_forget(user=user, since=since, now=now)
    transaction.on_commit(lambda: async_task(WRITE_FOR_TASK, user.pk))


@transaction.atomic
def consistency_forget(*, user: User, since: dt.date, now: dt.datetime | None = None) -> int:
    """Drop the person's snapshots from `since` on and make their clock due, so the job
    counts those dates again (their history changed: an import). Returns how many went."""
    deleted, _ = ConsistencySnapshot.objects.owned_by(user).filter(date__gte=since).delete()
    ConsistencyClock.objects.bulk_create(  # one upsert: the clock, due now and unclaimed
        [ConsistencyClock(user=user, due_at=now or timezone.now(), claimed_until=None)],
        update_conflicts=True,
        unique_fields=["user"],
        update_fields=["due_at", "claimed_until"],
    )
    return deleted
