"""Habits benchmark: checking a habit in (with the recounts it triggers), the habit pages,
and the day's habit reminders planned, for 100,000 people with three habits each.

    .venv/bin/python bench/habits.py                   # 100,000 people
    .venv/bin/python bench/habits.py --people 2000     # a quick look
    .venv/bin/python bench/habits.py --light-days 365  # everyone a full year (heavy)

Targets (issue 34): a check-in p95 <= 20 ms, including the recounts it triggers; the habit
page p95 <= 20 ms; the day's reminders for 100,000 people planned in <= 5 s.

The data are written with SQL into a database of their own (delight_bench_habits), dropped
at the end unless --keep (a kept one is reused by the next run, which seeds only what is
missing). Every person has three habits (every day, chosen weekdays, N times a week or every
N days; a third of the third ones measurable), each with a reminder time spread over the
day, people spread over every IANA zone and over day starts of 0, 4 and 6 h. On the days a
habit asks for, 65 % are done, 5 % skipped on purpose, the rest left unticked; each day done
has its `habit_done` activity event (at its lived day's middle, as `event_record` dates a
past day) and its 3 Essence, and each day ended its consistency snapshot. The rows are
written a day at a time across everyone, as they would arrive, so one person's year lies
spread over the tables, not packed in a few pages.

A year for all 100,000 people is ~55 million check-ins and as many events and Essence
entries: more than this 2-core machine seeds in 15 minutes. So the `--measured` people (the
first 1,000; everyone when fewer) carry the full year and are the ones measured; the others
carry `--light-days` (30) of the same history. The streak milestones the sampled people's
history reached are kept before measuring (as the app keeps them on the way), else their
first check-in would keep a year of milestones at once, each with its story passage.

1. Check-ins: for `--samples` random habits of measured people, in this order, each call
   timed inside `transaction.atomic()` as a request's: ticked done today, cleared, ticked
   done on a day 1 to 30 back left unticked, cleared (each sample ends as it began). The
   on-commit work (the story's Essence, presence, enqueuing the person's recount) runs
   synchronously when the block commits and is inside the figure; its share is printed
   apart. The recount job (streaks and milestones, each habit's own streak, the consistency
   rewrite a past day asks for, the live progress event, enqueuing insights and quests)
   runs on a worker (none here): it is timed apart after, untargeted.
2. Pages: one test Client (its middleware loaded once, as a server's), with each sampled
   person's session in turn, GETs /habits/<id>/ and /habits/ `--requests` times each.

Wall times count whatever else the machine runs (the load average is printed beside them);
this process's CPU per call is printed too, which others' work hardly changes.
3. Reminders: `habit_reminders_plan` once cold over the next 24 hours (a whole day's
   reminders, nothing planned yet), then the hourly run a day later, twice (the second
   finds everything planned).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import logging
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit
from zoneinfo import available_timezones

from common import bench_database_url, django_setup, figure, p95, pace

if TYPE_CHECKING:
    from django.db.backends.utils import CursorWrapper

    from delight.models import User

BENCH_DB = "delight_bench_habits"
PREFIX = "habits-bench-"
YEAR = 365
CHECKIN_TARGET_MS = 20
PAGE_TARGET_MS = 20
PLAN_TARGET_S = 5
LOADED = (
    "goals_habitcheckin",
    "goals_activityevent",
    "narrative_essenceentry",
    "goals_consistencysnapshot",
)

# -- seeding ----------------------------------------------------------------------------------

# The columns Django fills itself, written out (as bench/nudges.py does).
_PEOPLE = """
INSERT INTO delight_user (password, is_superuser, username, first_name, last_name, email,
    is_staff, is_active, date_joined, timezone, day_start_hour, productive_start,
    productive_end, email_opt_in, second_channel_opt_in, quiet_hours_start, quiet_hours_end,
    daily_nudge_max, nudges_paused, onboarding_step, emotion_scores, emotion_dominant)
SELECT '!', false, %(prefix)s || n, '', '', '', false, true, now() - interval '400 days',
       (%(zones)s::text[])[1 + n %% cardinality(%(zones)s::text[])],
       (ARRAY[4, 4, 4, 0, 6])[1 + n %% 5], '09:00', '17:00', false, false, '22:00', '08:00',
       2, false, %(done)s, '{}', ''
FROM generate_series(%(have)s, %(count)s - 1) AS n
"""

# Three habits a person: the schedule, its numbers and the reminder time picked by a hash
# of (person, habit); a measured person's habits are all active and started a year ago.
_HABITS = """
INSERT INTO goals_habit (user_id, title, category, schedule, times_per_week, weekdays,
    every_days, target, unit, status, pauses, start_date, reminder_time, created_at,
    updated_at)
SELECT u.id,
       (ARRAY['Walk 20 minutes', 'Read', 'Stretch', 'Journal', 'Call someone dear',
              'Practise the guitar', 'Meditate', 'Cook a real meal'])[1 + k.h %% 8],
       (ARRAY['health', 'growth', 'health', 'growth', 'connection', 'craft', 'health',
              'craft'])[1 + k.h %% 8],
       s.schedule,
       CASE WHEN s.schedule = 'weekly' THEN 2 + k.h / 8 %% 4 END,
       CASE WHEN s.schedule <> 'weekdays' THEN '{}'::smallint[]
            WHEN k.h / 8 %% 2 = 0 THEN '{0,2,4}'::smallint[]
            ELSE '{0,1,2,3,4}'::smallint[] END,
       CASE WHEN s.schedule = 'every' THEN 2 + k.h / 8 %% 2 END,
       CASE WHEN p = 3 AND k.h %% 3 = 0 THEN 20 END,
       CASE WHEN p = 3 AND k.h %% 3 = 0 THEN 'pages' ELSE '' END,
       CASE WHEN m.measured OR k.h / 64 %% 50 > 1 THEN 'active'
            WHEN k.h / 64 %% 50 = 0 THEN 'paused' ELSE 'archived' END,
       CASE WHEN NOT m.measured AND k.h / 64 %% 50 = 0
            THEN ARRAY[daterange(m.today - 7, NULL)] ELSE '{}'::daterange[] END,
       m.today - m.days,
       time '00:00' + (k.h / 32 %% 288) * interval '5 minutes',
       now() - m.days * interval '1 day', now()
FROM delight_user u
CROSS JOIN generate_series(1, 3) AS p
CROSS JOIN LATERAL (SELECT hashtext(u.id::text || ':' || p::text) & 2147483647 AS h) k
CROSS JOIN LATERAL (
    SELECT CASE WHEN (u.id * 3 + p) %% 10 < 4 THEN 'daily'
                WHEN (u.id * 3 + p) %% 10 < 6 THEN 'weekdays'
                WHEN (u.id * 3 + p) %% 10 < 8 THEN 'weekly' ELSE 'every' END AS schedule
) s
CROSS JOIN LATERAL (
    SELECT split_part(u.username, '-', 3)::int < %(measured)s AS measured,
           CASE WHEN split_part(u.username, '-', 3)::int < %(measured)s THEN %(year)s
                ELSE %(light)s END AS days,
           ((now() AT TIME ZONE u.timezone) - make_interval(hours => u.day_start_hour))::date
               AS today
) m
WHERE u.username LIKE %(like)s
  AND NOT EXISTS (SELECT 1 FROM goals_habit h WHERE h.user_id = u.id)
"""

# The habits with no history yet, with what writing it needs (one session's temp table).
_FRESH = """
CREATE TEMP TABLE habits_fresh AS
SELECT h.id, h.user_id, h.title, h.category, h.schedule, h.times_per_week, h.weekdays,
       h.every_days, h.target, h.start_date, u.timezone AS zone, u.day_start_hour, t.today,
       t.today - h.start_date AS span
FROM goals_habit h JOIN delight_user u ON u.id = h.user_id
CROSS JOIN LATERAL (
    SELECT ((now() AT TIME ZONE u.timezone) - make_interval(hours => u.day_start_hour))::date
        AS today
) t
WHERE u.username LIKE %(like)s
  AND NOT EXISTS (SELECT 1 FROM goals_habitcheckin c WHERE c.habit_id = h.id);
CREATE INDEX ON habits_fresh (span);
ANALYZE habits_fresh
"""

# One day, `back` days before each person's today, for every fresh habit that had begun:
# done (65 % of the days asked for), skipped on purpose (5 %), else nothing. A weekly habit
# asks for no one day: it is done on about times_per_week days of 7.
_DAY = """
INSERT INTO goals_habitcheckin (habit_id, user_id, day, state, value, note, created_at)
SELECT f.id, f.user_id, d.day, CASE WHEN r.roll < 65 THEN 'done' ELSE 'skipped' END,
       CASE WHEN r.roll < 65 THEN f.target END, '',
       (d.day + time '20:00') AT TIME ZONE f.zone
FROM habits_fresh f
CROSS JOIN LATERAL (SELECT f.today - %(back)s::int AS day) d
CROSS JOIN LATERAL (
    SELECT (hashtext(f.id::text || ':' || d.day::text) & 2147483647) %% 100 AS roll
) r
WHERE f.span >= %(back)s::int AND r.roll < 70
  AND CASE f.schedule
        WHEN 'daily' THEN true
        WHEN 'weekdays' THEN extract(isodow FROM d.day)::int - 1 = ANY(f.weekdays)
        WHEN 'every' THEN (d.day - f.start_date) %% f.every_days = 0
        ELSE r.roll < 13 * f.times_per_week END
"""

# A day done is one habit_done event at its lived day's middle (as event_record dates one).
_EVENTS = """
INSERT INTO goals_activityevent (user_id, kind, occurred_at, local_date, zone, category,
    metadata, habit_id)
SELECT c.user_id, 'habit_done', s.starts + (s.ends - s.starts) / 2, c.day, f.zone,
       f.category, '{}'::jsonb, c.habit_id
FROM goals_habitcheckin c
JOIN habits_fresh f ON f.id = c.habit_id
CROSS JOIN LATERAL (
    SELECT (c.day + make_time(f.day_start_hour, 0, 0)) AT TIME ZONE f.zone AS starts,
           (c.day + 1 + make_time(f.day_start_hour, 0, 0)) AT TIME ZONE f.zone AS ends
) s
WHERE c.state = 'done'
"""

# And its 3 Essence (narrative.ledger.habit_day_key), then each person's balance.
_ESSENCE = """
INSERT INTO narrative_essenceentry (user_id, amount, kind, key, note, created_at)
SELECT c.user_id, 3, 'earned_habit', 'habit:' || c.habit_id || ':' || to_char(c.day, 'YYYY-MM-DD'),
       f.title, c.created_at
FROM goals_habitcheckin c JOIN habits_fresh f ON f.id = c.habit_id
WHERE c.state = 'done'
"""

_ACCOUNTS = """
INSERT INTO narrative_essenceaccount (user_id, balance, updated_at)
SELECT e.user_id, sum(e.amount), now() FROM narrative_essenceentry e
WHERE e.user_id IN (SELECT user_id FROM habits_fresh)
GROUP BY e.user_id
ON CONFLICT (user_id) DO NOTHING
"""

# A consistency snapshot for each day ended since the person's first habit began (one row a
# person and day, whatever their habits' starts), their clock
# (next due in an hour) and their presence (here 20 hours ago: a check-in is no return).
_SNAPSHOTS = """
INSERT INTO goals_consistencysnapshot (user_id, date, value, strength, completion, engagement,
    missions_done, missions_offered, minutes, talked, active, frozen, streak, freezes_held,
    created_at)
SELECT p.user_id, d::date, 0.6, 0.7, 0.65, 0.5, 2, 3, 0, false, true, false, 3, 1, now()
FROM (SELECT user_id, min(start_date) AS start_date, max(today) AS today
      FROM habits_fresh GROUP BY user_id) p
CROSS JOIN LATERAL generate_series(p.start_date, p.today - 1, interval '1 day') d
-- A kept database's person may have a habit with no check-in yet (fresh again) beside the
-- snapshots an earlier run wrote (its own, or the recount job's): those are left alone.
WHERE NOT EXISTS (SELECT 1 FROM goals_consistencysnapshot s WHERE s.user_id = p.user_id)
"""

_CLOCKS_AND_PRESENCE = """
INSERT INTO goals_consistencyclock (user_id, due_at)
SELECT DISTINCT user_id, now() + interval '1 hour' FROM habits_fresh
ON CONFLICT (user_id) DO NOTHING;
INSERT INTO nudges_presence (user_id, last_active_at, nudges_planned)
SELECT DISTINCT user_id, now() - interval '20 hours', 0 FROM habits_fresh
ON CONFLICT (user_id) DO NOTHING
"""


def seed(*, people: int, measured: int, light_days: int) -> None:
    """Everything the run needs that is not there yet, with each step's rows and time."""
    from django.db import connection

    started = time.perf_counter()
    print("Seeding (only what is missing):")
    with connection.cursor() as cursor:
        cursor.execute("SET maintenance_work_mem = '512MB'")
        _step(cursor, "people", _PEOPLE, _people_params(cursor, people))
        params = {"like": f"{PREFIX}%", "measured": measured, "year": YEAR, "light": light_days}
        _step(cursor, "habits", _HABITS, params)
        cursor.execute(_FRESH, params)
        cursor.execute("SELECT count(*) FROM habits_fresh")
        if cursor.fetchone()[0]:
            _history(cursor, days=max(measured and YEAR, light_days))
        cursor.execute("DROP TABLE habits_fresh")
    print(f"  seeded in {time.perf_counter() - started:.0f} s (wall)")


def _people_params(cursor: CursorWrapper, count: int) -> dict[str, object]:
    from delight.models import User

    cursor.execute("SELECT count(*) FROM delight_user WHERE username LIKE %s", [f"{PREFIX}%"])
    (have,) = cursor.fetchone()
    # Every zone Python and PostgreSQL both know (the planner reads them in SQL).
    cursor.execute("SELECT name FROM pg_timezone_names")
    known = {name for (name,) in cursor.fetchall()}
    zones = sorted((available_timezones() & known) - {"Factory", "localtime"})
    done = User.Onboarding.DONE
    return {"prefix": PREFIX, "zones": zones, "have": have, "count": count, "done": done}


def _history(cursor: CursorWrapper, *, days: int) -> None:
    """The fresh habits' check-ins a day at a time (oldest first, as they would arrive),
    then their events, Essence and snapshots."""
    started = time.perf_counter()
    written = 0
    with _bulk_load(cursor, LOADED):
        for back in range(days, 0, -1):
            cursor.execute(_DAY, {"back": back})
            written += cursor.rowcount
        print(f"  check-ins: {written:,} rows in {time.perf_counter() - started:.0f} s")
        _step(cursor, "habit_done events", _EVENTS, {})
        _step(cursor, "Essence entries", _ESSENCE, {})
        _step(cursor, "Essence balances", _ACCOUNTS, {})
        _step(cursor, "consistency snapshots", _SNAPSHOTS, {})
        _step(cursor, "clocks and presence", _CLOCKS_AND_PRESENCE, {})
        index_started = time.perf_counter()
    print(f"  indexes built again in {time.perf_counter() - index_started:.0f} s")
    started = time.perf_counter()
    for table in (*LOADED, "goals_habit", "delight_user", "narrative_essenceaccount"):
        cursor.execute(f"VACUUM (ANALYZE) {table}")
    print(f"  vacuumed and analyzed in {time.perf_counter() - started:.0f} s")


def _step(cursor: CursorWrapper, name: str, sql: str, params: dict[str, object]) -> None:
    started = time.perf_counter()
    cursor.execute(sql, params or None)  # none: several statements may go at once
    print(f"  {name}: {cursor.rowcount:,} rows in {time.perf_counter() - started:.0f} s")


@contextlib.contextmanager
def _bulk_load(cursor: CursorWrapper, tables: tuple[str, ...]) -> Iterator[None]:
    """Load `tables` fast: without their indexes and unique constraints but the primary key
    (made again after, one pass each) and without foreign-key triggers (the rows name people
    and habits that exist)."""
    cursor.execute(
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint"
        " WHERE contype = 'u' AND conrelid::regclass::text = ANY(%s)",
        [list(tables)],
    )
    constraints = cursor.fetchall()
    for table, name, _ in constraints:
        cursor.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
    cursor.execute(
        "SELECT i.indexname, i.indexdef FROM pg_indexes i WHERE i.tablename = ANY(%s)"
        " AND i.indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype = 'p')",
        [list(tables)],
    )
    indexes = cursor.fetchall()
    for name, _ in indexes:
        cursor.execute(f'DROP INDEX "{name}"')
    cursor.execute("SET session_replication_role = replica")
    try:
        yield
    finally:
        cursor.execute("SET session_replication_role = DEFAULT")
        for _, definition in indexes:
            cursor.execute(definition)
        for table, name, definition in constraints:
            cursor.execute(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')


# -- what is measured -----------------------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    user: User
    habit_id: int
    past_day: dt.date  # 1 to 30 days back, left unticked


def load() -> str:
    """The 1-, 5- and 15-minute load averages (others' work on the machine shows here) and the
    machine's pace (common.pace: lower is faster)."""
    averages = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    return f"{averages}; pace {pace():.0f} ms"


def percentiles(timings: list[float], unit: str = "ms") -> str:
    return (
        f"p50 {statistics.median(timings):.1f} {unit}, p95 {p95(timings):.1f} {unit},"
        f" max {max(timings):.1f} {unit}"
    )


def samples_pick(*, measured: int, count: int) -> list[Sample]:
    """`count` random active habits of measured people, each with a past day to tick."""
    from django.utils import timezone

    from delight.models import User
    from goals.models import Habit, HabitCheckIn

    people = [f"{PREFIX}{n}" for n in range(measured)]
    habits = list(
        Habit.objects.filter(user__username__in=people, status=Habit.Status.ACTIVE)
        .order_by("id")
        .values_list("id", "user_id")
    )
    chosen = random.Random(34).sample(habits, min(count, len(habits)))
    users = User.objects.in_bulk([user_id for _, user_id in chosen])
    picks = random.Random(35)
    samples = []
    for habit_id, user_id in chosen:
        user = users[user_id]
        today = user.local_day(timezone.now())
        ticked = set(
            HabitCheckIn.objects.filter(
                habit_id=habit_id, day__gte=today - dt.timedelta(days=30)
            ).values_list("day", flat=True)
        )
        free = [today - dt.timedelta(days=n) for n in range(1, 31)]
        free = [day for day in free if day not in ticked] or free
        samples.append(Sample(user, habit_id, picks.choice(free)))
    return samples


@dataclass
class Timed:
    """Each call's wall time, on-commit share and this process's CPU (ms), and its queries."""

    wall: list[float] = field(default_factory=list)
    on_commit: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    queries: list[int] = field(default_factory=list)


class QueryCount:
    """Counts the statements Django's connection runs (an execute wrapper: no query log)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute: Callable[..., object], *args: object) -> object:
        self.count += 1
        return execute(*args)


def milestones_keep(users: list[User]) -> None:
    """The streak milestones each person's history reached, kept as if they had been on the
    way (streak_milestones_record keeps them as a streak reaches them): without them the
    first check-in would keep a year of milestones at once, each with its passage of the
    story. Counted by the app's own streaks, written without their announcements."""
    from goals.models import StreakMilestone
    from goals.progress.selectors import progress_streaks

    started = time.perf_counter()
    rows = []
    for user in users:
        streaks = progress_streaks(user=user)
        for category, streak in (("", streaks.overall), *streaks.by_category.items()):
            rows += [
                StreakMilestone(user=user, category=category, days=days, reached_on=reached_on)
                for days, reached_on in streak.milestones
            ]
    StreakMilestone.objects.bulk_create(rows, ignore_conflicts=True)
    elapsed = time.perf_counter() - started
    print(f"  streak milestones reached so far, sampled people: {len(rows):,} in {elapsed:.0f} s")


def timed_request(call: Callable[[], object], counter: QueryCount, into: Timed) -> None:
    """`call` inside a transaction, as a request runs it. The on-commit callbacks run in the
    order they were registered: one registered first marks where the commit's work begins
    (the COMMIT itself is counted in the transaction's share)."""
    from django.db import transaction

    marks: list[float] = []
    queries, cpu, started = counter.count, time.process_time(), time.perf_counter()
    with transaction.atomic():
        transaction.on_commit(lambda: marks.append(time.perf_counter()))
        call()
    ended = time.perf_counter()
    into.wall.append((ended - started) * 1000)
    into.on_commit.append((ended - marks[0]) * 1000)
    into.cpu.append((time.process_time() - cpu) * 1000)
    into.queries.append(counter.count - queries)


def _operations(sample: Sample) -> dict[str, Callable[[], object]]:
    """The four calls of a sample, in the order they run (it ends as it began)."""
    from django.utils import timezone

    from goals import services

    user, habit, past = sample.user, sample.habit_id, sample.past_day
    today = user.local_day(timezone.now())

    def call(service: Callable[..., object], day: dt.date) -> Callable[[], object]:
        return lambda: service(user=user, habit_id=habit, day=day, now=timezone.now())

    return {
        "check-in, today": call(services.habit_checkin, today),
        "cleared, today": call(services.habit_checkin_clear, today),
        "check-in, a past day": call(services.habit_checkin, past),
        "cleared, a past day": call(services.habit_checkin_clear, past),
    }


def bench_checkins(samples: list[Sample]) -> None:
    from django.db import connection

    counter = QueryCount()
    results: dict[str, Timed] = {}
    print(f"\nChecking in: {len(samples) - 3} habits of people with a year of check-ins")
    print("  each call in transaction.atomic(); the on-commit work runs at its commit, inside")
    print(f"  load average before: {load()}")
    with connection.execute_wrapper(counter):
        for n, sample in enumerate(samples):
            warm = n < 3  # imports, caches, plans
            for name, operation in _operations(sample).items():
                into = Timed() if warm else results.setdefault(name, Timed())
                timed_request(operation, counter, into)
    for name, timed in results.items():
        print(f"  {name:<21} {percentiles(timed.wall)} (target p95 <= {CHECKIN_TARGET_MS} ms)")
        print(
            f"  {'':<21} on commit p50 {statistics.median(timed.on_commit):.1f} ms,"
            f" this process's CPU p50 {statistics.median(timed.cpu):.1f} ms,"
            f" {statistics.median(timed.queries):.0f} queries (max {max(timed.queries)})"
        )
        figure(f"habit {name}: p95", p95(timed.wall), target=CHECKIN_TARGET_MS)
    print(f"  load average after: {load()}")


def bench_recount_job(samples: list[Sample]) -> None:
    """The recount a check-in enqueues (the streaks and their milestones, each habit's own
    streak, the consistency snapshots a past day forgot, the insights and quests enqueued):
    a worker's job, not the request's, timed apart."""
    from django.db import connection

    from goals.services import progress_recount_run

    timings = []
    for sample in samples[3:33]:
        started = time.perf_counter()
        progress_recount_run(user_id=sample.user.pk)
        timings.append((time.perf_counter() - started) * 1000)
    with connection.cursor() as cursor:  # the jobs the check-ins enqueued (no worker here)
        cursor.execute("DELETE FROM django_q_ormq")
        cursor.execute("DELETE FROM goals_progressrecount")
    print(
        f"  the recount each check-in enqueues (a worker's job, {len(timings)} people, after"
        f" their four calls): {percentiles(timings)}"
    )
    figure("habit check-in: recount job", p95(timings), target=None)


def bench_pages(samples: list[Sample], requests: int) -> None:
    """One test Client (one handler: the middleware is loaded once, as in a server),
    carrying each sampled person's session cookie in turn."""
    from http.cookies import SimpleCookie

    from django.conf import settings
    from django.db import connection
    from django.test import Client

    client = Client()
    sessions: dict[int, str] = {}
    for sample in samples:
        if sample.user.pk not in sessions:
            client.cookies = SimpleCookie()  # a session of their own (a login flushes another's)
            client.force_login(sample.user)
            sessions[sample.user.pk] = client.cookies[settings.SESSION_COOKIE_NAME].value
    print(f"\nHabit pages: {requests} requests each, {len(sessions)} people logged in")
    print(f"  load average before: {load()}")
    counter = QueryCount()
    for path in ("/habits/{}/", "/habits/"):
        asked = [(sessions[s.user.pk], path.format(s.habit_id)) for s in samples]
        timed = Timed()
        with connection.execute_wrapper(counter):
            for n in range(requests + 3):  # the first three warm
                session, url = asked[n % len(asked)]
                client.cookies[settings.SESSION_COOKIE_NAME] = session
                queries, cpu, started = counter.count, time.process_time(), time.perf_counter()
                response = client.get(url)
                if n >= 3:
                    timed.wall.append((time.perf_counter() - started) * 1000)
                    timed.cpu.append((time.process_time() - cpu) * 1000)
                    timed.queries.append(counter.count - queries)
                assert response.status_code == 200, (url, response.status_code)
        target = f"(target p95 <= {PAGE_TARGET_MS} ms)"
        print(f"  GET {path.format('<id>'):<15} {percentiles(timed.wall)} {target}")
        print(
            f"  {'':<19} this process's CPU p50 {statistics.median(timed.cpu):.1f} ms,"
            f" {statistics.median(timed.queries):.0f} queries"
        )
        figure(f"GET {path.format('<id>')}: p95", p95(timed.wall), target=PAGE_TARGET_MS)
    print(f"  load average after: {load()}")


def bench_reminders(people: int) -> None:
    from django.db import connection
    from django.utils import timezone

    from goals.selectors import habit_reminders_due
    from nudges.services.reminders import BEHIND, habit_reminders_plan

    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM nudges_scheduledsend WHERE step = 'habit'")
        cursor.execute("SELECT count(*) FROM goals_habit WHERE reminder_time IS NOT NULL")
        (habits,) = cursor.fetchone()
    now = timezone.now()
    print(f"\nHabit reminders: {habits:,} habits with a reminder, {people:,} people")
    print(f"  load average before: {load()}")
    started = time.perf_counter()
    planned = habit_reminders_plan(now=now, ahead=dt.timedelta(hours=24))
    cold = time.perf_counter() - started
    print(f"  a day's reminders, cold: {planned:,} planned in {cold:.2f} s (target <= 5 s)")
    figure(f"reminders, a day for {people:,} people", cold, target=PLAN_TARGET_S, unit="s")
    started = time.perf_counter()
    due = habit_reminders_due(now=now, since=now - BEHIND, until=now + dt.timedelta(hours=24))
    alone = time.perf_counter() - started
    print(f"    of it the selector alone (run again): {len(due):,} rows in {alone:.2f} s")
    later = now + dt.timedelta(hours=24)
    for run in ("first", "second"):
        started = time.perf_counter()
        planned = habit_reminders_plan(now=later)
        elapsed = time.perf_counter() - started
        print(f"  the hourly run a day later, {run}: {planned:,} planned in {elapsed:.2f} s")
        figure(f"reminders, hourly run ({run})", elapsed, target=None, unit="s")


# -- the run --------------------------------------------------------------------------------


def header(args: argparse.Namespace, measured: int) -> None:
    from django.conf import settings
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        (version,) = cursor.fetchone()
    broker = "Redis" if settings.REDIS_URL else "PostgreSQL (django-q ORM broker)"
    print(f"Habits benchmark, {dt.date.today():%Y-%m-%d}: {args.people:,} people, 3 habits each")
    print(f"  PostgreSQL {version}; {os.cpu_count()} cores; jobs and live events on {broker}")
    light = "a year" if args.light_days >= YEAR else f"{args.light_days} days"
    print(f"  history: a year for {measured:,} people (the ones measured), {light} for the rest")
    print(f"  load average (1, 5, 15 min) and pace: {load()}")
    print(f"  (a load above {os.cpu_count()}: others are running; the pace, common.pace, is a")
    print("  fixed Python loop's ms, lower is faster: seen from 55 to 220 ms on one machine of")
    print("  this kind in one day, and the wall times and CPU below move with it)")


def database_drop(url: str) -> None:
    """Drop the bench database (its connections, the pool's and the channel layer's, too)."""
    import psycopg
    from django.db import connections

    connections.close_all()
    connections["default"].close_pool()
    parts = urlsplit(url)
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')
    print(f"\nDropped {BENCH_DB}.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=100_000)
    parser.add_argument("--measured", type=int, default=1000, help="people with a full year")
    parser.add_argument("--light-days", type=int, default=30, help="the others' history")
    parser.add_argument("--samples", type=int, default=300, help="habits checked in")
    parser.add_argument("--requests", type=int, default=300, help="GETs of each page")
    parser.add_argument("--keep", action="store_true", help="keep the database for next time")
    args = parser.parse_args()
    measured = min(args.measured, args.people)
    os.environ.setdefault("DEBUG", "false")  # as in production: no query log on every query
    url = bench_database_url(BENCH_DB)
    django_setup(url)
    logging.getLogger("django-q").setLevel(logging.WARNING)  # not a line per job enqueued
    try:
        header(args, measured)
        seed(people=args.people, measured=measured, light_days=min(args.light_days, YEAR))
        samples = samples_pick(measured=measured, count=args.samples + 3)
        milestones_keep(list({sample.user.pk: sample.user for sample in samples}.values()))
        bench_checkins(samples)
        bench_recount_job(samples)
        bench_pages(samples[3:], args.requests)
        bench_reminders(args.people)
    finally:
        if not args.keep:
            database_drop(url)


if __name__ == "__main__":
    main()
