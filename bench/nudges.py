"""Nudges benchmark: the drop-off scan over many people, and due sends delivered by two
worker processes.

    .venv/bin/python bench/nudges.py                  # 1,000,000 people, 10 % away
    .venv/bin/python bench/nudges.py --people 100000  # a quicker look

Targets (issue 20): the drop-off scan over 1,000,000 people (10 % inactive) in <= 2 s;
10,000 due sends delivered in-app within 60 s of their due time with 2 workers; 0 duplicates.

People are written once into their own database (delight_bench_nudges) and reused; each run
resets their presence (10 % away three days, quiet hours off) and their nudges.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from common import ROOT, bench_database_url, django_setup

BENCH_DB = "delight_bench_nudges"
PREFIX = "nudges-bench-"

_PRESENCE = """
INSERT INTO nudges_presence (user_id, last_active_at, nudges_planned)
SELECT id, CASE WHEN id %% 10 = 0 THEN now() - interval '3 days' ELSE now() - interval '1 hour'
           END, 0
FROM delight_user WHERE username LIKE %(prefix)s
ON CONFLICT (user_id) DO UPDATE SET last_active_at = EXCLUDED.last_active_at, nudges_planned = 0
"""
_DELIVER = (
    "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'delight.settings');"
    "django.setup(); from nudges import services; print(services.nudges_deliver())"
)


def ensure_people(count: int) -> None:
    from delight.models import User

    have = User.objects.filter(username__startswith=PREFIX).count()
    User.objects.bulk_create(
        [
            User(
                username=f"{PREFIX}{n}",
                password="!",
                quiet_hours_start="00:00",
                quiet_hours_end="00:00",
                onboarding_step=User.Onboarding.DONE,
            )
            for n in range(have, count)
        ],
        batch_size=10_000,
    )


def reset() -> None:
    from django.db import connection

    from nudges.models import Notification, ScheduledSend

    ScheduledSend.objects.filter(user__username__startswith=PREFIX).delete()
    Notification.objects.filter(user__username__startswith=PREFIX).delete()
    with connection.cursor() as cursor:
        cursor.execute(_PRESENCE, {"prefix": f"{PREFIX}%"})
        cursor.execute("ANALYZE nudges_presence")


def bench_scan() -> None:
    from nudges import selectors, services

    started = time.perf_counter()
    away = len(selectors.people_away())
    scanned = time.perf_counter() - started
    started = time.perf_counter()
    planned = services.nudges_plan()
    plan = time.perf_counter() - started
    print(f"drop-off scan: {away:,} people away found in {scanned:.2f} s")
    print(f"planning: {planned:,} nudges planned in {plan:.2f} s ({planned / plan:,.0f}/s)")


def bench_delivery(sends: int) -> None:
    from django.db.models import Count
    from django.utils import timezone

    from nudges.models import Notification, ScheduledSend

    due = timezone.now()
    ids = list(
        ScheduledSend.objects.filter(user__username__startswith=PREFIX).values_list(
            "id", flat=True
        )[:sends]
    )
    ScheduledSend.objects.filter(pk__in=ids).update(due_at=due)
    env = {**os.environ}
    workers = [
        subprocess.Popen([sys.executable, "-c", _DELIVER], cwd=ROOT, env=env) for _ in range(2)
    ]
    for worker in workers:
        worker.wait()
    waited = (timezone.now() - due).total_seconds()
    sent = ScheduledSend.objects.filter(pk__in=ids, state="sent").count()
    doubled = (
        Notification.objects.filter(user__username__startswith=PREFIX)
        .values("user")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .count()
    )
    print(f"delivery: {sent:,} of {len(ids):,} due sends given by 2 workers {waited:.1f} s after")
    print(f"duplicates: {doubled}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--people", type=int, default=1_000_000)
    parser.add_argument("--sends", type=int, default=10_000)
    args = parser.parse_args()
    django_setup(bench_database_url(BENCH_DB))
    started = time.perf_counter()
    ensure_people(args.people)
    reset()
    print(f"{args.people:,} people ready in {time.perf_counter() - started:.1f} s")
    bench_scan()
    bench_delivery(args.sends)


if __name__ == "__main__":
    main()
