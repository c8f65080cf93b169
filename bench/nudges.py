"""Nudges benchmark: the drop-off scan over 1,000,000 people, and 10,000 due sends
delivered by two workers.

    .venv/bin/python bench/nudges.py                   # 1,000,000 people, 10,000 sends
    .venv/bin/python bench/nudges.py --people 50000    # a quick look

Targets (issue 20): the drop-off scan over 1,000,000 people (10% away 48 hours or more) in
<= 2 s; 10,000 due sends delivered in-app within 60 s of their due time by 2 workers; 0
duplicates.

The people are written once into their own database (delight_bench_nudges) with SQL and
reused by later runs; each run resets their presence and the schedule first. The scan is
measured twice: finding who is away (`selectors.people_away`, the presence index's range)
and the whole planning run (`services.nudges_plan`: the cadence step claimed, the due time
worked out in each person's zone, the send written). Delivery runs in two worker processes
started here, each calling `services.nudges_deliver` until nothing is due.
"""

from __future__ import annotations

import argparse
import datetime as dt
import multiprocessing
import time
from zoneinfo import available_timezones

from common import bench_database_url, django_setup, figure

BENCH_DB = "delight_bench_nudges"
PREFIX = "nudges-bench-"
NOW = dt.datetime(2026, 11, 25, 12, 0, tzinfo=dt.UTC)  # the scan's "now"
AWAY_SHARE = 10  # percent of people away 48 hours or more
SENDS = 10_000
WORKERS = 2

# Every person, over every timezone, in one statement (the columns Django fills itself).
_PEOPLE = """
INSERT INTO delight_user (password, is_superuser, username, first_name, last_name, email,
    is_staff, is_active, date_joined, timezone, day_start_hour, productive_start,
    productive_end, email_opt_in, second_channel_opt_in, quiet_hours_start, quiet_hours_end,
    daily_nudge_max, nudges_paused, onboarding_step, emotion_scores, emotion_dominant)
SELECT '!', false, %(prefix)s || n, '', '', '', false, true, %(now)s,
       (%(zones)s::text[])[1 + n %% %(zone_count)s], 4, '09:00', '17:00', false, false,
       '22:00', '08:00', 2, false, 4, '{}', ''
FROM generate_series(%(have)s, %(count)s - 1) AS n
"""

# A tenth away 2 to 10 days, the rest here within the last 47 hours; no step planned yet.
_PRESENCE = """
INSERT INTO nudges_presence (user_id, last_active_at, nudges_planned)
SELECT id, %(now)s - CASE WHEN id %% 100 < %(away)s
                          THEN interval '48 hours' + (id %% 192) * interval '1 hour'
                          ELSE (id %% 47) * interval '1 hour' END, 0
FROM delight_user WHERE username LIKE %(prefix)s
"""


def ensure_people(count: int) -> None:
    from django.db import connection

    from delight.models import User

    have = User.objects.filter(username__startswith=PREFIX).count()
    if have >= count:
        return
    zones = sorted(available_timezones() - {"Factory", "localtime"})
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(
            _PEOPLE,
            {
                "prefix": PREFIX,
                "now": NOW - dt.timedelta(days=60),
                "zones": zones,
                "zone_count": len(zones),
                "have": have,
                "count": count,
            },
        )
        cursor.execute("ANALYZE delight_user")
    print(f"  {count - have:,} people written in {time.perf_counter() - started:.0f} s")


def reset(prefix_like: str) -> None:
    """Every person's presence as the scan finds it, and no schedule, nudge or outcome."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "TRUNCATE nudges_sendattempt, nudges_scheduledsend, nudges_presence,"
            " nudges_notification, goals_nudgeoutcome"
        )
        # The delivery run turns quiet hours off for the people it sends to: back to 22-08.
        cursor.execute(
            "UPDATE delight_user SET quiet_hours_start = '22:00', quiet_hours_end = '08:00'"
            " WHERE username LIKE %s AND quiet_hours_start = quiet_hours_end",
            [prefix_like],
        )
        cursor.execute(_PRESENCE, {"now": NOW, "away": AWAY_SHARE, "prefix": prefix_like})
        cursor.execute("ANALYZE nudges_presence")


def bench_scan(people: int) -> None:
    from nudges import selectors, services
    from nudges.models import ScheduledSend

    reset(f"{PREFIX}%")
    print(f"\nDrop-off scan: {people:,} people, {AWAY_SHARE}% away 48 hours or more")
    started = time.perf_counter()
    away = selectors.people_away(now=NOW)
    scan = time.perf_counter() - started
    print(f"  found {len(away):,} away in {scan:.2f} s (target <= 2 s)")
    figure(f"drop-off scan, {people:,} people", scan, target=2, unit="s")
    started = time.perf_counter()
    planned = services.nudges_plan(now=NOW)
    elapsed = time.perf_counter() - started
    print(f"  planned {planned:,} nudges in {elapsed:.2f} s (the scan with the planning)")
    steps = ScheduledSend.objects.values_list("step").order_by("step")
    by_step = {step: steps.filter(step=step).count() for step in ScheduledSend.Step.values}
    print("  by step: " + ", ".join(f"{step} {n:,}" for step, n in by_step.items()))
    started = time.perf_counter()
    again = services.nudges_plan(now=NOW)
    print(f"  run again at once: {again} planned in {time.perf_counter() - started:.2f} s")


def _deliver_until_done(database_url: str) -> int:
    """One worker: deliver due sends until none is left."""
    import os

    import django

    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "delight.settings")
    django.setup()
    from nudges import services

    total = 0
    while delivered := services.nudges_deliver():
        total += delivered
    return total


def bench_delivery(database_url: str) -> None:
    """10,000 people away three days with a day-2 nudge due now (their quiet hours turned
    off, so every one is to go now); two worker processes deliver them."""
    from django.db import connection
    from django.db.models import Count, Max
    from django.utils import timezone

    from goals.models import NudgeOutcome
    from nudges.models import Notification, ScheduledSend

    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(
            "TRUNCATE nudges_sendattempt, nudges_scheduledsend, nudges_notification,"
            " goals_nudgeoutcome"
        )
        cursor.execute(
            """
            WITH chosen AS (
                UPDATE delight_user SET quiet_hours_start = '00:00', quiet_hours_end = '00:00'
                WHERE id IN (SELECT id FROM delight_user WHERE username LIKE %(prefix)s
                             ORDER BY id LIMIT %(sends)s)
                RETURNING id
            ), here AS (
                UPDATE nudges_presence p SET last_active_at = %(away)s, nudges_planned = 1
                FROM chosen WHERE p.user_id = chosen.id RETURNING p.user_id
            )
            INSERT INTO nudges_scheduledsend (user_id, step, channel, away_since, local_date,
                due_at, state, attempts, template, context, reason, created_at)
            SELECT user_id, 'day_2', 'in_app', %(away)s, %(now)s::date, %(now)s, 'pending', 0,
                   '', '{}', '', %(now)s
            FROM here
            """,
            {
                "prefix": f"{PREFIX}%",
                "sends": SENDS,
                "now": now,
                "away": now - dt.timedelta(days=3),
            },
        )
    print(f"\nDelivery: {SENDS:,} sends due now, {WORKERS} workers")
    connection.close()
    started = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    with context.Pool(WORKERS) as pool:
        counts = pool.map(_deliver_until_done, [database_url] * WORKERS)
    elapsed = time.perf_counter() - started
    sent = ScheduledSend.objects.filter(state=ScheduledSend.State.SENT)
    # A worker's sends carry the instant its run began; the notes carry when each was given.
    given_last = Notification.objects.filter(key__startswith="nudge:").aggregate(
        last=Max("created_at")
    )["last"]
    late = given_last - now
    twice = (
        Notification.objects.filter(key__startswith="nudge:")
        .values("key")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .count()
    )
    given = Notification.objects.filter(key__startswith="nudge:").count()
    outcomes = NudgeOutcome.objects.count()
    print(
        f"  {sum(counts):,} delivered ({' + '.join(f'{n:,}' for n in counts)}) in {elapsed:.1f} s"
    )
    print(f"  the last given {late.total_seconds():.1f} s after its due time (target <= 60 s)")
    figure(f"nudge delivery, {SENDS:,} sends: last", late.total_seconds(), target=60, unit="s")
    figure("nudge delivery: given twice", twice, target=0, unit="")
    print(
        f"  {given:,} notifications, {outcomes:,} outcomes for {sent.count():,} sends:"
        f" {twice} given twice, {outcomes - sent.count()} outcomes extra (target 0)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=1_000_000)
    args = parser.parse_args()
    database_url = bench_database_url(BENCH_DB)
    django_setup(database_url)
    ensure_people(args.people)
    bench_scan(args.people)
    bench_delivery(database_url)


if __name__ == "__main__":
    main()
