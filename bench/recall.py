"""Recall latency at scale: `.venv/bin/python bench/recall.py [--scale 0.1] [--database-url …]`.

1. Create (or reuse) the database `bench_delight` on the embedded PostgreSQL (or use
   --database-url) and migrate it.
2. Load synthetic memories by binary COPY: 1,000 users — three with 100,000 memories, one
   with 10,000, twenty with 1,000, ten with 10, the rest a few hundred each (1,000,000 rows
   at --scale 1; --scale shrinks the biggest users and the filler, not the 10/1,000/10,000
   groups). Rows arrive in random user order, as they would in production, so one user's
   rows are scattered over the heap. Contents are four words of one of 500 topics plus a
   numbered note; vectors are the hashing embedder's vectors of those contents (as the
   offline engine stores them), so queries about a topic have real neighbours and
   full-text search matches. PostgreSQL computes each row's sketch during the COPY.
3. VACUUM ANALYZE (visibility map for index-only scans, planner statistics).
4. Run the real `memory_recall` (k=10) per user size and print p50/p95/p99 latency and
   result counts. Not a test: it never fails on speed.
5. Afterwards (so it cannot warm the caches for the timings), compare the two-stage
   meaning list with an exact scan of the same rows: overlap@10 and overlap@40 (the whole
   list that fusion reads), mean and worst query.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time

import numpy as np
from common import bench_database_url, django_setup, figure  # bench/ is on sys.path

DATABASE = "bench_delight"
TOPICS = 500
WORDS_PER_TOPIC = 6
CHUNK = 20_000
K = 10
COPY_COLUMNS = (
    "user_id, tier, content, key, embedding, embedder, tags, metadata, source, "
    "confidence, active, created_at, updated_at"
)
COPY_SQL = f"COPY companion_memory ({COPY_COLUMNS}) FROM STDIN (FORMAT BINARY)"
COPY_TYPES = [
    "int8",
    "varchar",
    "text",
    "varchar",
    "vector",
    "varchar",
    "varchar[]",
    "jsonb",
    "varchar",
    "float8",
    "bool",
    "timestamptz",
    "timestamptz",
]
SYLLABLES = ("ka", "lo", "mi", "ra", "te", "vu", "sa", "no", "di", "pe", "zu", "ri")
# The meaning list ranked exactly: every eligible row (the OFFSET 0 fence keeps any vector
# index out of it).
EXACT_SQL = """
SELECT id FROM (
    SELECT id, embedding <#> %(vector)s::vector AS negative_dot FROM companion_memory
    WHERE user_id = %(user_id)s AND active AND embedder = %(embedder)s
      AND (expires_at IS NULL OR expires_at > now())
    OFFSET 0
) mine
ORDER BY negative_dot, id
LIMIT %(limit)s
"""


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="1.0 = 1,000,000 memories")
    parser.add_argument("--database-url", default="", help="default: embedded, bench_delight")
    parser.add_argument("--queries", type=int, default=200, help="queries per user size")
    parser.add_argument("--rebuild", action="store_true", help="reload even if data exists")
    return parser.parse_args()


def user_sizes(scale: float, rng: np.random.Generator) -> dict[str, list[int]]:
    """Memories per user, by group; the filler brings the total to 1,000,000 x scale."""
    groups = {
        "100,000": [int(100_000 * scale)] * 3,
        "10,000": [10_000],
        "1,000": [1_000] * 20,
        "10": [10] * 10,
    }
    fixed = sum(sum(sizes) for sizes in groups.values())
    filler_users = 1_000 - sum(len(sizes) for sizes in groups.values())
    remaining = max(int(1_000_000 * scale) - fixed, filler_users)
    weights = rng.uniform(0.2, 1.8, filler_users)
    groups["filler"] = [max(1, int(n)) for n in weights / weights.sum() * remaining]
    return groups


def topic_words() -> list[list[str]]:
    """The same words on every run, so a reused table still matches the queries."""
    rng = np.random.default_rng(3)

    def word() -> str:
        return "".join(rng.choice(SYLLABLES, size=rng.integers(3, 5)))

    return [[word() for _ in range(WORDS_PER_TOPIC)] for _ in range(TOPICS)]


def embed(contents: list[str]) -> np.ndarray:
    from delight.ai.embeddings import HashingEmbedder

    return np.asarray(HashingEmbedder().embed(contents), dtype=np.float32)


def create_users(groups: dict[str, list[int]]) -> dict[str, list[tuple[int, int]]]:
    from django.db import connection

    from delight.models import User

    with connection.cursor() as cursor:
        # TRUNCATE first: deleting users would cascade a million rows through the ORM.
        cursor.execute("TRUNCATE companion_memorychange, companion_memoryuse, companion_memory")
    User.objects.filter(username__startswith="bench-").delete()
    made: dict[str, list[tuple[int, int]]] = {}
    number = 0
    for group, sizes in groups.items():
        users = [User(username=f"bench-{number + i}", password="!") for i in range(len(sizes))]
        number += len(sizes)
        created = User.objects.bulk_create(users)
        made[group] = [(user.pk, size) for user, size in zip(created, sizes, strict=True)]
    return made


def load(users: dict[str, list[tuple[int, int]]], rng: np.random.Generator, embedder: str):
    """Binary COPY of every memory, in random user order, then indexes rebuilt.

    Secondary indexes are dropped first and built after the COPY: one sort per index
    beats a million random index inserts. The embedder is pure Python (~130 us a text),
    so a process pool embeds each chunk.
    """
    from django.db import connection
    from pgvector.psycopg import register_vector

    from companion.models import Memory

    words = topic_words()
    owners = np.concatenate(
        [np.full(size, pk, dtype=np.int64) for group in users.values() for pk, size in group]
    )
    rng.shuffle(owners)
    connection.ensure_connection()
    raw = connection.connection
    register_vector(raw)
    started = time.monotonic()
    # Forked while the connection is idle: workers never use it and exit without closing it.
    pool = multiprocessing.get_context("fork").Pool()
    with pool, raw.cursor() as cursor:
        cursor.execute("TRUNCATE companion_memorychange, companion_memoryuse, companion_memory")
        cursor.execute("SET maintenance_work_mem = '1GB'")
        for index in Memory._meta.indexes:
            cursor.execute(f'DROP INDEX IF EXISTS "{index.name}"')
        for start in range(0, len(owners), CHUNK):
            chunk = owners[start : start + CHUNK]
            topics = rng.integers(0, TOPICS, len(chunk))
            tiers = rng.choice(("personal", "project", "task"), len(chunk), p=(0.5, 0.3, 0.2))
            contents = [
                " ".join(rng.choice(words[t], 4)) + f" note {rng.integers(1_000_000)}"
                for t in topics
            ]
            batches = [contents[i : i + 1_000] for i in range(0, len(contents), 1_000)]
            vectors = np.concatenate(pool.map(embed, batches))
            with cursor.copy(COPY_SQL) as copy:
                copy.set_types(COPY_TYPES)
                now = _now()
                rows = zip(chunk, tiers, contents, vectors, strict=True)
                for user_id, tier, content, vector in rows:
                    copy.write_row(
                        (int(user_id), tier, content, "", vector, embedder, [], "{}",
                         "conversation", 0.7, True, now, now)
                    )  # fmt: skip
            done = start + len(chunk)
            print(f"  {done:>9,} rows  {time.monotonic() - started:6.1f} s", end="\r", flush=True)
        print()
    # The model's own index definitions, so an interrupted earlier run cannot lose one.
    for index in Memory._meta.indexes:
        print(f"  index {index.name} ...", end=" ", flush=True)
        t0 = time.monotonic()
        with connection.schema_editor(atomic=False) as editor:
            editor.execute("SET maintenance_work_mem = '1GB'")
            editor.add_index(Memory, index)
        print(f"{time.monotonic() - t0:.1f} s")
    # Django's connection is in autocommit mode: each statement above committed on its own.
    with raw.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE companion_memory")
    print(f"  loaded in {time.monotonic() - started:.0f} s")
    return words


def _now():
    from django.utils import timezone

    return timezone.now()


def existing(groups: dict[str, list[int]]) -> dict[str, list[tuple[int, int]]] | None:
    """The users of an earlier load with the same shape, if the table still holds them
    and its vectors are the embedder's (an older load stored random ones)."""
    from django.db.models import Count

    from companion.models import Memory
    from delight.models import User

    if not User.objects.filter(username__startswith="bench-").exists():
        return None
    counts = dict(
        Memory.objects.values("user_id").annotate(n=Count("id")).values_list("user_id", "n")
    )
    made: dict[str, list[tuple[int, int]]] = {}
    ordered = User.objects.filter(username__startswith="bench-").order_by("pk")
    pks = list(ordered.values_list("pk", flat=True))
    for group, sizes in groups.items():
        taken, pks = pks[: len(sizes)], pks[len(sizes) :]
        if group != "filler" and [counts.get(pk, 0) for pk in taken] != sizes:
            return None
        made[group] = [(pk, counts.get(pk, 0)) for pk in taken]
    sample = Memory.objects.filter(user_id=made["10"][0][0]).values_list("content", "embedding")
    content, vector = sample.first()
    if not np.allclose(vector, embed([content])[0], atol=1e-6):
        return None
    return made


def workload(users, words, queries: int, rng: np.random.Generator) -> dict[str, list]:
    """Per user size, a first (person, question) pair for each of its people (untimed: it
    brings that person's rows into the caches, as their earlier messages would have), then
    `queries` timed ones, round robin over the people."""
    from delight.models import User

    asked: dict[str, list] = {}
    for group in ("10", "1,000", "10,000", "100,000"):
        people = [User.objects.get(pk=pk) for pk, _ in users[group]]
        asked[group] = []
        for number in range(queries + len(people)):
            topic = words[rng.integers(TOPICS)]
            query = f"what about {' '.join(rng.choice(topic, 2))}?"
            asked[group].append((people[number % len(people)], query))
    return asked


def measure(asked: dict[str, list]) -> None:
    from companion.selectors import memory_recall
    from delight.ai.engine import OfflineEngine

    engine = OfflineEngine()
    print(f"\n{'memories/user':>14} {'queries':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}"
          f" {'results (min/mean)':>20} {'full k':>7}")  # fmt: skip
    for group, pairs in asked.items():
        timings, counts = [], []
        warm = len({person.pk for person, _ in pairs})  # each person's first question
        for number, (person, query) in enumerate(pairs):
            started = time.perf_counter()
            found = memory_recall(user=person, query=query, k=K, engine=engine)
            elapsed = (time.perf_counter() - started) * 1000
            if number >= warm:
                timings.append(elapsed)
                counts.append(len(found))
        cuts = statistics.quantiles(timings, n=100)
        full = sum(count == K for count in counts) / len(counts)
        print(f"{group:>14} {len(timings):>8} {cuts[49]:>8.1f} {cuts[94]:>8.1f} {cuts[98]:>8.1f}"
              f" {min(counts):>9} / {statistics.mean(counts):<8.1f} {full:>6.0%}")  # fmt: skip
        figure(f"recall, {group} memories: p95", cuts[94], target=15)


def overlap(asked: dict[str, list]) -> None:
    """How much of the exact meaning list the two-stage one finds, as memory_recall asks it."""
    from django.db import connection

    from companion.selectors import CANDIDATES_PER_K, MIN_CANDIDATES, memory_nearest
    from delight.ai.engine import OfflineEngine

    embedder = OfflineEngine().embedder
    limit = max(K * CANDIDATES_PER_K, MIN_CANDIDATES)
    print(f"\n{'memories/user':>14} {'overlap@10 mean':>16} {'worst':>6}"
          f" {f'overlap@{limit} mean':>16} {'worst':>6}")  # fmt: skip
    for group, pairs in asked.items():
        at_k, at_limit = [], []
        for person, query in pairs:
            vector = embedder.embed_one(query)
            asking = {"user_id": person.pk, "embedder": embedder.name, "limit": limit}
            ranks = memory_nearest(vector=vector, **asking)
            found = [memory_id for memory_id, _ in ranks]
            with connection.cursor() as cursor:
                cursor.execute(EXACT_SQL, {**asking, "vector": str(vector)})
                exact = [memory_id for (memory_id,) in cursor.fetchall()]
            at_k.append(len(set(found[:K]) & set(exact[:K])) / min(K, len(exact)))
            at_limit.append(len(set(found) & set(exact)) / len(exact))
        print(f"{group:>14} {statistics.mean(at_k):>16.3f} {min(at_k):>6.2f}"
              f" {statistics.mean(at_limit):>16.3f} {min(at_limit):>6.2f}")  # fmt: skip
        figure(f"recall, {group} memories: overlap@10", statistics.mean(at_k), target=None, unit="")


def main() -> None:
    args = parse_args()
    os.environ.setdefault("EMBEDDINGS", "hashing")
    os.environ.setdefault("DEBUG", "false")  # as in production: no query log on every query
    django_setup(bench_database_url(DATABASE, args.database_url))
    from delight.ai.embeddings import HashingEmbedder

    rng = np.random.default_rng(7)
    groups = user_sizes(args.scale, rng)
    total = sum(sum(sizes) for sizes in groups.values())
    users = None if args.rebuild else existing(groups)
    if users is None:
        print(f"Loading {total:,} memories for {sum(map(len, groups.values()))} users ...")
        users = create_users(groups)
        words = load(users, rng, HashingEmbedder.name)
    else:
        print(f"Reusing {total:,} memories already loaded (--rebuild to reload).")
        words = topic_words()
    asked = workload(users, words, args.queries, np.random.default_rng(11))
    measure(asked)
    overlap(asked)


if __name__ == "__main__":
    main()
