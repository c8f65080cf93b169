"""Daily triad latency: `.venv/bin/python bench/triad.py [--calls 300] [--database-url …]`.

1. Create (or reuse) the database `bench_goals` on the embedded PostgreSQL (or use
   --database-url) and migrate it.
2. Load one user with 50 goals and 5,000 missions (100 per goal, in sequence, across the
   four value categories and three energy levels; a third completed, some deferred or still
   suggested), plus 20 other users of the same size so the tables are not one person's.
   Reused by later runs unless --rebuild.
3. ANALYZE, warm up, then call the real `goals.selectors.triad_for` --calls times (half with
   an energy level) and print p50/p95/p99 in ms and the query count per call
   (target: p95 <= 20 ms). Not a test: it never fails on speed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import time

from common import bench_database_url, django_setup, figure  # bench/ is on sys.path

DATABASE = "bench_goals"
GOALS, MISSIONS_PER_GOAL, OTHER_USERS = 50, 100, 20
CATEGORIES = ("health", "craft", "growth", "connection")
ENERGIES = ("low", "medium", "high")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--database-url", default="", help="default: embedded, bench_goals")
    parser.add_argument("--rebuild", action="store_true", help="reload even if data exists")
    return parser.parse_args()


def load_user(username: str, rng: random.Random) -> None:
    """One user with GOALS goals of MISSIONS_PER_GOAL sequenced missions each."""
    from django.utils import timezone

    from delight.models import User
    from goals.models import Goal, Mission

    user = User.objects.create(username=username, password="!", timezone="Europe/Paris")
    now = timezone.now()
    goals = Goal.objects.bulk_create(
        Goal(
            user=user,
            title=f"Goal {n}",
            category=CATEGORIES[n % 4],
            importance=rng.randint(1, 5),
            target_date=(now + dt.timedelta(days=rng.randint(3, 200))).date() if n % 3 else None,
            status="active" if n % 10 else "paused",
            decomposition_status="done",
            last_worked_at=now - dt.timedelta(days=rng.uniform(0, 20)),
        )
        for n in range(GOALS)
    )
    missions = []
    for goal in goals:
        done = rng.randint(0, MISSIONS_PER_GOAL // 2)
        for position in range(1, MISSIONS_PER_GOAL + 1):
            if position <= done:
                status = "completed"
            elif position > MISSIONS_PER_GOAL - 10:
                status = "suggested"
            else:
                status = rng.choice(["pending"] * 8 + ["deferred", "active"])
            missions.append(
                Mission(
                    user=user,
                    goal=goal,
                    position=position,
                    title=f"Mission {position} of {goal.title}",
                    estimated_minutes=rng.choice([10, 15, 20, 25, 30]),
                    energy=rng.choice(ENERGIES),
                    category=goal.category,
                    priority_score=round(1 - position / (2 * MISSIONS_PER_GOAL), 3),
                    status=status,
                    deferred_until=(now + dt.timedelta(days=1)).date()
                    if status == "deferred"
                    else None,
                )
            )
    Mission.objects.bulk_create(missions, batch_size=2000)


def load(rebuild: bool) -> None:
    from django.db import connection

    from delight.models import User

    if User.objects.filter(username="bench-triad").exists() and not rebuild:
        print("reusing the data of an earlier run (--rebuild to reload)")
        return
    User.objects.filter(username__startswith="bench-triad").delete()
    rng = random.Random(7)
    started = time.perf_counter()
    for n in range(OTHER_USERS):
        load_user(f"bench-triad-other-{n}", rng)
    load_user("bench-triad", rng)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE goals_goal; ANALYZE goals_mission")
    print(f"loaded {OTHER_USERS + 1} users in {time.perf_counter() - started:.1f} s")


def measure(calls: int) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from delight.models import User
    from goals.models import Goal, Mission
    from goals.selectors import triad_for

    user = User.objects.get(username="bench-triad")
    print(
        f"user: {Goal.objects.filter(user=user).count()} goals, "
        f"{Mission.objects.filter(user=user).count()} missions"
    )
    for _ in range(20):
        triad_for(user=user)
    timings, query_counts = [], []
    for n in range(calls):
        energy = (None, "low", None, "high")[n % 4]
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            triad = triad_for(user=user, energy=energy)
            timings.append((time.perf_counter() - started) * 1000)
        query_counts.append(len(queries.captured_queries))
    assert triad.high is not None
    cuts = statistics.quantiles(timings, n=100)
    print(
        f"triad_for x{calls}: p50 {cuts[49]:.2f} ms, p95 {cuts[94]:.2f} ms, "
        f"p99 {cuts[98]:.2f} ms (target p95 <= 20 ms); "
        f"queries per call: {min(query_counts)}-{max(query_counts)}"
    )
    figure("triad: p95", cuts[94], target=20)


def main() -> None:
    args = parse_args()
    django_setup(bench_database_url(DATABASE, args.database_url))
    load(args.rebuild)
    measure(args.calls)


if __name__ == "__main__":
    main()
