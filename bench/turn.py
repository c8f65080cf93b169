"""Full Eliza turns: `.venv/bin/python bench/turn.py [--turns 300] [--database-url …]`.

1. Create (or reuse) the database `bench_turn` on the embedded PostgreSQL (or use
   --database-url) and migrate it.
2. Load one person with 10,000 memories (varied facts across the three tiers, embedded by
   the process's embedder as the app would: all-MiniLM-L6-v2 offline, or EMBEDDINGS=hashing;
   after a change of embedder, --reembed) and 5 goals with 20 missions each, plus
   20 other people with 2,000 memories each so the tables are not one person's. Reused by
   later runs unless --rebuild.
3. Warm up, then send --turns messages through the real `companion.conversations.message_send`
   with the offline engine (questions, feelings, mission requests and facts, every one new
   so that its embedding is computed as a person's would be; a new session every 10
   messages) and print p50/p95/p99 per turn, the median per node,
   and the queries per turn (counted in a separate pass, since counting slows queries).
   Target: p50 <= 30 ms, p95 <= 60 ms. Not a test: it never fails on speed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import defaultdict

from common import bench_database_url, django_setup, figure  # bench/ is on sys.path

DATABASE = "bench_turn"
MEMORIES, OTHERS, OTHER_MEMORIES = 10_000, 20, 2_000
TOPICS = (
    "running", "cello", "spanish", "sourdough", "chess", "climbing", "painting", "poetry",
    "gardening", "swimming", "yoga", "guitar", "cooking", "hiking", "photography", "reading",
)  # fmt: skip
TEMPLATES = (
    ("personal", "Loves {t} on quiet weekend mornings"),
    ("personal", "Feels nervous before {t} lessons"),
    ("project", "Wants to get better at {t} this year"),
    ("project", "Practised {t} for {n} minutes last week"),
    ("task", "Planned a {t} session for day {n}"),
)
# Every message of a run is new (a template, a topic, a tail), as a person's are: a message
# seen before would find its embedding cached and measure less than a person meets.
MESSAGES = (
    "What should I do today about {t}?",
    "I feel so sad and stuck with my {t}",
    "I am scared I will never get good at {t}",
    "How is my {t} goal going?",
    "I love {t} in the evening",
    "Can you suggest a small {t} task for today?",
    "I got a new personal best at {t}! I am so happy",
    "What do you remember about my {t}?",
    "I work as a nurse and my shifts are long, no time for {t}",
    "Tell me something encouraging about {t}",
)
TAILS = ("", " honestly", " tbh", " right now", " this week", " I think", " lol", " again")
DISTINCT = len(MESSAGES) * len(TOPICS) * len(TAILS)  # 1,280
WARM_UP, COUNTED = 30, 10  # turns, taken from the end of the distinct messages


def message(n: int) -> str:
    """The n-th message of a run: distinct for n below DISTINCT."""
    template = MESSAGES[n % len(MESSAGES)]
    topic = TOPICS[(n // len(MESSAGES)) % len(TOPICS)]
    tail = TAILS[(n // (len(MESSAGES) * len(TOPICS))) % len(TAILS)]
    return template.format(t=topic) + tail


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--database-url", default="", help="default: embedded, bench_turn")
    parser.add_argument("--rebuild", action="store_true", help="reload even if data exists")
    parser.add_argument("--show-queries", action="store_true", help="print one turn's queries")
    parser.add_argument(
        "--reembed", action="store_true", help="first re-embed memories another embedder made"
    )
    return parser.parse_args()


def load_memories(user, count: int, rng: random.Random, embedder) -> None:
    from companion.models import Memory

    tiers, contents = [], []
    for n in range(count):
        tier, template = TEMPLATES[n % len(TEMPLATES)]
        tiers.append(tier)
        contents.append(template.format(t=rng.choice(TOPICS), n=rng.randint(1, 400)) + f" (#{n})")
    rows = [
        Memory(
            user=user,
            tier=tier,
            content=content,
            embedding=vector,
            embedder=embedder.name,
            source="conversation",
        )
        for tier, content, vector in zip(tiers, contents, embedder.embed(contents), strict=True)
    ]
    Memory.objects.bulk_create(rows, batch_size=2_000)


def load(rebuild: bool) -> object:
    """The measured person (created once; --rebuild starts over)."""
    from django.db import connection

    from delight.ai.runtime import default_engine
    from delight.models import User
    from goals.models import Goal, Mission

    if rebuild:
        User.objects.filter(username__startswith="bench-").delete()
    person = User.objects.filter(username="bench-person").first()
    if person is not None:
        return person
    rng = random.Random(7)
    embedder = default_engine().embedder
    person = User.objects.create(username="bench-person", password="!")
    load_memories(person, MEMORIES, rng, embedder)
    for g in range(5):
        goal = Goal.objects.create(
            user=person, title=f"Get better at {TOPICS[g]}", category="growth",
            decomposition_status="done",
        )  # fmt: skip
        Mission.objects.bulk_create(
            Mission(
                user=person,
                goal=goal,
                title=f"{TOPICS[g]} step {m}",
                category="growth",
                position=m,
                estimated_minutes=rng.choice((10, 20, 30)),
                energy=rng.choice(("low", "medium", "high")),
            )
            for m in range(20)
        )
    for o in range(OTHERS):
        load_memories(
            User.objects.create(username=f"bench-other-{o}"), OTHER_MEMORIES, rng, embedder
        )
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE companion_memory")
    return person


def reembed() -> None:
    """What the re-embedding job does after an upgrade, to the end, timed."""
    from companion.services import memories_reembed

    started = time.perf_counter()
    count = memories_reembed()
    seconds = time.perf_counter() - started
    print(f"re-embedded {count:,} memories in {seconds:.1f} s ({count / seconds:.0f}/s)")


def run(person, turns: int, first: int = 0) -> tuple[list[float], dict[str, list[float]], float]:
    """Wall times of `turns` turns (ms), each node's, and the process's CPU a turn (ms: every
    thread's, the ones a turn starts and the libraries' included)."""
    from companion import conversations  # after django_setup()

    times: list[float] = []
    nodes: dict[str, list[float]] = defaultdict(list)
    session = None
    cpu = time.process_time()
    for n in range(turns):
        started = time.perf_counter()
        result = conversations.message_send(
            user=person, text=message(first + n), session_id=session
        )
        times.append((time.perf_counter() - started) * 1000)
        session = None if n % 10 == 9 else result["session_id"]
        for entry in result["trace"]:
            nodes[entry["node"]].append(entry["ms"])
    return times, nodes, (time.process_time() - cpu) * 1000 / turns


def count_queries(person, turns: int, first: int, show: bool = False) -> float:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from companion import conversations  # after django_setup()

    counts = []
    session = None
    for n in range(turns):
        # Recall and the read tools run on tool threads, whose connections this capture does
        # not see: count with everything on this thread, so every statement is counted.
        with CaptureQueriesContext(connection) as captured:
            result = conversations.message_send(
                user=person,
                text=message(first + n),
                session_id=session,
                concurrent_tools=False,
            )
        session = result["session_id"]
        counts.append(len(captured.captured_queries))
        if show:
            for query in captured.captured_queries:
                print(query["time"], query["sql"][:150])
    return statistics.mean(counts)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    args = parse_args()
    os.environ["DEBUG"] = "false"  # as in production: no query log kept on every connection
    django_setup(bench_database_url(DATABASE, args.database_url))
    from companion.models import Memory

    started = time.perf_counter()
    person = load(args.rebuild)
    if args.reembed:
        reembed()
    memories = Memory.objects.filter(user=person, active=True).count()
    print(f"data ready in {time.perf_counter() - started:.1f} s: {memories:,} memories")
    if args.turns > DISTINCT - WARM_UP - COUNTED:
        raise SystemExit(f"--turns: at most {DISTINCT - WARM_UP - COUNTED} distinct messages")
    run(person, WARM_UP, first=DISTINCT - WARM_UP)  # caches, plans, the embedder
    if args.show_queries:
        count_queries(person, 1, first=DISTINCT - WARM_UP - COUNTED, show=True)
        return
    times, nodes, cpu = run(person, args.turns)
    queries = count_queries(person, COUNTED, first=DISTINCT - WARM_UP - COUNTED)
    print(
        f"{args.turns} turns (offline engine, {memories:,} memories): "
        f"p50 {percentile(times, 0.50):.1f} ms, p95 {percentile(times, 0.95):.1f} ms, "
        f"p99 {percentile(times, 0.99):.1f} ms; {queries:.1f} queries per turn, "
        f"{cpu:.1f} ms of the process's CPU a turn (target: p50 <= 30, p95 <= 60)"
    )
    figure("turn, a new message each: p50", percentile(times, 0.50), target=30)
    figure("turn, a new message each: p95", percentile(times, 0.95), target=60)
    figure("turn: queries", queries, target=None, unit="queries")
    figure("turn: the process's CPU", cpu, target=None)
    for node, values in nodes.items():
        print(f"  {node:<15} median {statistics.median(values):6.2f} ms  ({len(values)} runs)")


if __name__ == "__main__":
    main()
