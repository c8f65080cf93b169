"""Progress benchmark: the nightly consistency snapshots for 100,000 people, and
GET /api/progress/ for a person with three years of daily activity.

    .venv/bin/python bench/progress.py                # 100,000 people, a year each
    .venv/bin/python bench/progress.py --people 2000  # a quick look

Targets (issue 19): the night's snapshots for 100,000 people (a year of history each,
spread over every timezone) in <= 30 s on 2 cores, a bounded number of queries per batch;
GET /api/progress/ p95 <= 20 ms with three years of daily activity.

The history is written once into its own database (delight_bench_progress) with SQL (a
year of finished missions and focus sessions per person, three open missions each, and
the week of snapshots before the measured night); later runs reuse it. The measured night
is one run of the job at an instant when every person's last ended day is still unwritten.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import statistics
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING
from zoneinfo import available_timezones

from common import bench_database_url, django_setup, figure

if TYPE_CHECKING:
    from django.db.backends.utils import CursorWrapper

    from delight.models import User

BENCH_DB = "delight_bench_progress"
PREFIX = "progress-bench-"
HEAVY = "progress-bench-three-years"
NIGHT = dt.datetime(2026, 11, 25, 12, 0, tzinfo=dt.UTC)  # the measured run's "now"
HISTORY_DAYS = 365
REQUESTS = 200

# One statement per table: every person's year, in their own zone, dated as the app dates.
_EVENTS = """
INSERT INTO goals_activityevent
    (user_id, kind, occurred_at, local_date, zone, category, metadata)
SELECT u.id, k.kind, (d.day + time '12:00') AT TIME ZONE u.timezone, d.day, u.timezone,
       (ARRAY['health', 'craft', 'growth', 'connection'])[1 + (u.id + d.n) %% 4],
       CASE WHEN k.kind = 'session_completed'
            THEN jsonb_build_object('actual_minutes', 10 + (u.id * 7 + d.n) %% 25)
            ELSE '{}'::jsonb END
FROM delight_user u
CROSS JOIN LATERAL (
    SELECT n, (%(night)s::date - n) AS day FROM generate_series(2, %(days)s + 1) AS n
) d
CROSS JOIN (VALUES ('mission_completed'), ('session_completed')) AS k(kind)
WHERE u.username LIKE %(prefix)s
  AND NOT EXISTS (SELECT 1 FROM goals_activityevent e WHERE e.user_id = u.id)
  AND hashtext(u.id::text || ':' || d.n::text) %% 10 < 7
  AND (k.kind = 'mission_completed' OR hashtext(d.n::text || ':' || u.id::text) %% 10 < 5)
"""

_GOALS = """
INSERT INTO goals_goal (user_id, title, description, category, importance, status,
    decomposition_status, decomposition_error, decomposition_attempts, decomposition_source,
    plan_summary, created_at, updated_at)
SELECT id, 'Run a 10k', '', 'health', 3, 'active', 'done', '', 0, '', '', now(), now()
FROM delight_user u WHERE username LIKE %(prefix)s
  AND NOT EXISTS (SELECT 1 FROM goals_goal g WHERE g.user_id = u.id)
"""

_MISSIONS = """
INSERT INTO goals_mission (user_id, goal_id, position, title, description, estimated_minutes,
    energy, category, priority_score, status, defer_count, reopened, is_special, from_plan,
    created_at, updated_at)
SELECT g.user_id, g.id, p, 'Easy run', '', 20, 'medium', 'health', 0, 'pending', 0, 0, false,
       true, %(night)s::timestamptz - interval '400 days', now()
FROM goals_goal g CROSS JOIN generate_series(1, 3) AS p
JOIN delight_user u ON u.id = g.user_id WHERE u.username LIKE %(prefix)s
  AND NOT EXISTS (SELECT 1 FROM goals_mission m WHERE m.goal_id = g.id)
"""


def ensure_people(count: int) -> list[int]:
    """`count` people over every timezone, joined a year and a bit before the night."""
    from delight.models import User

    zones = sorted(available_timezones() - {"Factory", "localtime"})
    have = User.objects.filter(username__startswith=PREFIX).exclude(username=HEAVY).count()
    joined = NIGHT - dt.timedelta(days=HISTORY_DAYS + 5)
    User.objects.bulk_create(
        [
            User(
                username=f"{PREFIX}{n}",
                password="!",
                timezone=zones[n % len(zones)],
                day_start_hour=4,
                date_joined=joined,
                onboarding_step=User.Onboarding.DONE,
            )
            for n in range(have, count)
        ],
        batch_size=5000,
    )
    return list(
        User.objects.filter(username__startswith=PREFIX)
        .exclude(username=HEAVY)
        .order_by("id")
        .values_list("id", flat=True)[:count]
    )


def ensure_history(days: int) -> None:
    """A year of activity and a goal with three open missions for each person who has
    none yet."""
    from django.db import connection

    params = {"prefix": f"{PREFIX}%", "night": NIGHT.date(), "days": days}
    started = time.perf_counter()
    with connection.cursor() as cursor, _bulk_load(cursor, "goals_activityevent"):
        cursor.execute(_EVENTS, params)
        events = cursor.rowcount
    with connection.cursor() as cursor:
        cursor.execute(_GOALS, params)
        cursor.execute(_MISSIONS, params)
        cursor.execute("ANALYZE goals_activityevent; ANALYZE goals_mission")
    print(f"  history: {events:,} events written in {time.perf_counter() - started:.0f} s")


@contextlib.contextmanager
def _bulk_load(cursor: CursorWrapper, table: str) -> Iterator[None]:
    """Load `table` fast: without its secondary indexes (built again after, in one pass
    each) and without foreign-key triggers (the rows name people who exist)."""
    cursor.execute(
        "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = %s"
        " AND indexdef NOT LIKE '%%UNIQUE%%'",
        [table],
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


def reset_night(ids: list[int]) -> None:
    """Every person's snapshots up to the day before their last ended day, as after the
    previous nights, and their clocks due: the measured run writes exactly one date each.

    The snapshots of the week before carry the figures the run reads; older ones are never
    read by a night's run, so they are not written here.
    """
    from django.db import connection

    from delight.models import User
    from goals.models import ConsistencyClock, ConsistencySnapshot
    from goals.progress.days import lived_day

    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE goals_consistencysnapshot, goals_consistencyclock")
    snapshots, clocks = [], []
    for user in User.objects.filter(pk__in=ids).only("id", "timezone", "day_start_hour"):
        last = lived_day(NIGHT, zone=user.timezone, day_start_hour=4).date - dt.timedelta(days=1)
        for back in range(1, 8):
            snapshots.append(
                ConsistencySnapshot(
                    user_id=user.pk,
                    date=last - dt.timedelta(days=back),
                    value=0.6,
                    strength=0.7,
                    completion=0.6,
                    engagement=0.5,
                    missions_done=1,
                    missions_offered=3,
                    minutes=15,
                    talked=back % 2 == 0,
                    active=True,
                    streak=20,
                    freezes_held=2,
                )
            )
        clocks.append(ConsistencyClock(user_id=user.pk, due_at=NIGHT - dt.timedelta(hours=1)))
    # Everyone else (the three-year person) is not due tonight.
    later = NIGHT + dt.timedelta(days=365)
    others = User.objects.exclude(pk__in=ids).values_list("pk", flat=True)
    clocks += [ConsistencyClock(user_id=pk, due_at=later) for pk in others]
    ConsistencySnapshot.objects.bulk_create(snapshots, batch_size=10000)
    ConsistencyClock.objects.bulk_create(clocks, batch_size=10000)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE goals_consistencysnapshot; ANALYZE goals_consistencyclock")


def bench_night(ids: list[int]) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from goals.services import consistency

    reset_night(ids)
    batches = -(-len(ids) // consistency.BATCH)
    print(f"\nNightly snapshots: {len(ids):,} people, batches of {consistency.BATCH:,}")
    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        written = consistency.consistency_snapshots_write(now=NIGHT)
        elapsed = time.perf_counter() - started
    print(f"  {written:,} snapshots in {elapsed:.2f} s (target <= 30 s)")
    figure(f"nightly snapshots, {len(ids):,} people", elapsed, target=30, unit="s")
    print(f"  {len(queries):,} queries: {len(queries) / batches:.1f} per batch of people")
    started = time.perf_counter()
    again = consistency.consistency_snapshots_write(now=NIGHT)
    print(f"  run again at once: {again} written in {time.perf_counter() - started:.2f} s")


def ensure_heavy() -> int:
    """One person with three years of daily activity: three missions and two sessions a
    day, and three years of snapshots."""
    from delight.models import User
    from goals.models import ActivityEvent, ConsistencySnapshot

    user, created = User.objects.get_or_create(
        username=HEAVY,
        defaults={"timezone": "Europe/Madrid", "onboarding_step": User.Onboarding.DONE},
    )
    days = 3 * 365
    if created or not ActivityEvent.objects.filter(user=user).exists():
        _heavy_history(user.pk, days)
    if not ConsistencySnapshot.objects.filter(user=user).exists():  # a night's run resets them
        _heavy_snapshots(user, days)
    return user.pk


def _heavy_history(user_id: int, days: int) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            """
            INSERT INTO goals_activityevent
                (user_id, kind, occurred_at, local_date, zone, category, metadata)
            SELECT %(id)s, k.kind, (d.day + time '10:00' + r * interval '2 hours')
                       AT TIME ZONE 'Europe/Madrid', d.day, 'Europe/Madrid',
                   (ARRAY['health', 'craft', 'growth', 'connection'])[1 + (d.n + r) %% 4],
                   CASE WHEN k.kind = 'session_completed'
                        THEN '{"actual_minutes": 20}'::jsonb ELSE '{}'::jsonb END
            FROM (SELECT n, current_date - n AS day FROM generate_series(0, %(days)s) n) d
            CROSS JOIN generate_series(1, 3) AS r
            CROSS JOIN (VALUES ('mission_completed'), ('session_completed')) AS k(kind)
            WHERE k.kind = 'mission_completed' OR r < 3
            """,
            {"id": user_id, "days": days},
        )


def _heavy_snapshots(user: User, days: int) -> None:
    from goals.models import ConsistencySnapshot

    today = dt.date.today()
    ConsistencySnapshot.objects.bulk_create(
        [
            ConsistencySnapshot(
                user=user,
                date=today - dt.timedelta(days=n),
                value=0.8,
                strength=0.9,
                completion=0.9,
                engagement=0.7,
                streak=days - n,
            )
            for n in range(1, days + 1)
        ]
    )


def bench_api(user_id: int) -> None:
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    token, _ = Token.objects.get_or_create(user_id=user_id)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.get("/api/progress/").status_code == 200  # warm: imports, caches
    timings = []
    for _ in range(REQUESTS):
        started = time.perf_counter()
        response = client.get("/api/progress/")
        timings.append((time.perf_counter() - started) * 1000)
    body = response.json()
    timings.sort()
    p95 = timings[int(len(timings) * 0.95) - 1]
    print(f"\nGET /api/progress/ (three years of daily activity, {REQUESTS} requests)")
    print(f"  streak {body['streaks']['overall']['current']} days, dci {body['dci']['value']}")
    print(
        f"  p50 {statistics.median(timings):.1f} ms, p95 {p95:.1f} ms, max {timings[-1]:.1f} ms "
        "(target p95 <= 20 ms)"
    )
    figure("GET /api/progress/, 3 years: p95", p95, target=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=100_000)
    parser.add_argument("--skip-night", action="store_true")
    parser.add_argument("--skip-api", action="store_true")
    args = parser.parse_args()
    django_setup(bench_database_url(BENCH_DB))
    if not args.skip_night:
        started = time.perf_counter()
        ids = ensure_people(args.people)
        ensure_history(HISTORY_DAYS)
        print(f"  {len(ids):,} people ready in {time.perf_counter() - started:.0f} s")
        bench_night(ids)
    if not args.skip_api:
        bench_api(ensure_heavy())


if __name__ == "__main__":
    main()
