"""Checkpointing every node: our runner vs LangGraph + PostgresSaver, side by side.

`.venv/bin/python bench/vs_langgraph.py [--sessions 100] [--turns 20] [--database-url …]`

Needs the optional bench dependencies: `.venv/bin/pip install -e '.[bench]'`.

1. Create (or reuse) the database `bench_langgraph` on the embedded PostgreSQL (or use
   --database-url), migrate it and set up LangGraph's `PostgresSaver` tables in it.
2. Build the same 5-node turn on both sides (receive_input → recall_context → reason →
   respond → store_memory, trivial bodies that each add a small key to the state),
   checkpointed after every node: ours with `delight.runner.Runner` and
   `DatabaseCheckpointStore`, theirs with a LangGraph `StateGraph`, `PostgresSaver` and
   durability="sync" (each step persisted before the next one starts).
3. Warm up, empty both sides' tables, then run --sessions x --turns turns a side,
   alternating (ours, theirs, ours, …), and print per-turn p50/p95, the ratio, our queries
   per turn and each side's storage (pg_total_relation_size of its tables).
4. Our checkpoints commit with synchronous_commit off (the default: committed and visible at
   once, a crashed worker resumes from them; only a PostgreSQL server or machine crash can
   lose the last fraction of a second). LangGraph commits with the server's default (on).
   So run the same again with our CHECKPOINT_SYNCHRONOUS_COMMIT on, for a like-for-like
   figure; then once more with every node declared as writing (a transaction per step, as
   the real turn's writing nodes run), to show what that costs; and time the runner alone on
   an in-memory store.

Targets: ours at least 3x faster per turn, and at most half of LangGraph's storage.
Not a test: it never fails on speed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from typing import Any, TypedDict

from common import bench_database_url, django_setup, figure  # bench/ is on sys.path

DATABASE = "bench_langgraph"
NODES = ("receive_input", "recall_context", "reason", "respond", "store_memory")
TEXT = "I want to run a marathon this spring"
WARMUP_TURNS = 30  # a side, one per session
OUR_TABLES = ("companion_agentcheckpoint", "companion_agentstate")
THEIR_TABLES = ("checkpoints", "checkpoint_blobs", "checkpoint_writes", "checkpoint_migrations")
MB = 1024 * 1024

Turn = Callable[[int, str], None]  # (session index, message id)


class TheirState(TypedDict, total=False):
    """LangGraph's state: the turn input, then one small key per node."""

    text: str
    message_id: str
    receive_input: str
    recall_context: str
    reason: str
    respond: str
    store_memory: str


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--turns", type=int, default=20, help="turns per session")
    parser.add_argument("--database-url", default="", help=f"default: embedded, {DATABASE}")
    return parser.parse_args()


def require_langgraph() -> None:
    try:
        import langgraph.checkpoint.postgres  # noqa: F401
    except ImportError:
        sys.exit(
            "bench/vs_langgraph.py needs LangGraph and its PostgreSQL checkpointer:\n"
            "    .venv/bin/pip install -e '.[bench]'"
        )


# --- the two sides ----------------------------------------------------------------------------


class Ours:
    """Our runner checkpointing into AgentCheckpoint rows, one agent state per session."""

    def __init__(self, sessions: int) -> None:
        from delight.models import User
        from delight.runner import END, Graph, Node

        self.user, _ = User.objects.get_or_create(username="bench-langgraph")
        self.session_ids = [uuid.uuid4() for _ in range(sessions)]
        successors = [*NODES[1:], END]
        # Trivial bodies write nothing, so (like the real turn's reading nodes) they need no
        # step transaction; `writing` declares them as writers to show what one costs.
        self.graphs = {
            writes: Graph(
                [
                    Node(name, self._body(name), next=succ, writes=writes)
                    for name, succ in zip(NODES, successors, strict=True)
                ],
                start=NODES[0],
            )
            for writes in (False, True)
        }
        self.writing = False

    @staticmethod
    def _body(name: str) -> Callable[..., dict[str, Any]]:
        def node(state: Any, ctx: Any) -> dict[str, Any]:
            return {"note": f"{name} ok"}

        return node

    def open_sessions(self) -> None:
        """Create the agent states up front: LangGraph has no session row to create."""
        from delight import checkpoints

        for session_id in self.session_ids:
            checkpoints.agent_state_open(user=self.user, session_id=session_id)

    def turn(self, session: int, message_id: str) -> None:
        """One new turn as `conversations.turn_execute` runs it: open the session's state, then run
        the nodes (a node that writes gets a transaction with its checkpoint)."""
        from django.db import transaction

        from delight import checkpoints
        from delight.runner import Runner, TurnInput

        agent = checkpoints.agent_state_open(user=self.user, session_id=self.session_ids[session])
        store = checkpoints.DatabaseCheckpointStore(agent)
        runner = Runner(self.graphs[self.writing], store, atomic=transaction.atomic)
        turn_input = TurnInput(
            user_id=self.user.pk,
            session_id=str(agent.session_id),
            message_id=message_id,
            text=TEXT,
            idempotency_key=message_id,
        )
        runner.run(runner.new_turn(turn_input))


class Theirs:
    """LangGraph's StateGraph with PostgresSaver, one thread per session."""

    def __init__(self, saver: Any, sessions: int) -> None:
        from langgraph.graph import END, START, StateGraph

        builder = StateGraph(TheirState)
        for name in NODES:
            builder.add_node(name, self._body(name))
        for source, target in zip((START, *NODES), (*NODES, END), strict=True):
            builder.add_edge(source, target)
        self.graph = builder.compile(checkpointer=saver)
        self.threads = [f"bench-{uuid.uuid4()}" for _ in range(sessions)]

    @staticmethod
    def _body(name: str) -> Callable[[TheirState], dict[str, str]]:
        def node(state: TheirState) -> dict[str, str]:
            return {name: f"{name} ok"}

        return node

    def turn(self, session: int, message_id: str) -> None:
        config = {"configurable": {"thread_id": self.threads[session]}}
        self.graph.invoke({"text": TEXT, "message_id": message_id}, config, durability="sync")


# --- measuring --------------------------------------------------------------------------------


def alternate(
    sides: dict[str, Turn], sessions: int, turns: int, tag: str
) -> dict[str, list[float]]:
    """Every session's turn n on each side in turn (ours, theirs, ours, …); ms per turn."""
    timings: dict[str, list[float]] = {name: [] for name in sides}
    for n in range(turns):
        for session in range(sessions):
            for name, turn in sides.items():
                started = time.perf_counter()
                turn(session, f"{tag}-{session}-{n}")
                timings[name].append((time.perf_counter() - started) * 1000)
    return timings


def cuts(timings: list[float]) -> tuple[float, float]:
    quantiles = statistics.quantiles(timings, n=100)
    return quantiles[49], quantiles[94]


def report(timings: dict[str, list[float]], labels: dict[str, str]) -> None:
    for name, label in labels.items():
        p50, p95 = cuts(timings[name])
        print(f"  {label:<44} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms per turn")
    ratio = cuts(timings["theirs"])[0] / cuts(timings["ours"])[0]
    print(f"  ratio (LangGraph p50 / ours p50): {ratio:.1f}x (target >= 3x)")
    figure(f"vs LangGraph, {labels['ours']}: faster", ratio, target=3, unit="x", most=False)


def table_sizes(tables: tuple[str, ...]) -> dict[str, int]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT t, pg_total_relation_size(t::regclass) FROM unnest(%s::text[]) AS t",
            [list(tables)],
        )
        return dict(cursor.fetchall())


def server_synchronous_commit(url: str) -> str:
    """What a fresh connection (LangGraph's) commits with."""
    import psycopg

    with psycopg.connect(url) as conn:
        return conn.execute("SHOW synchronous_commit").fetchone()[0]


def reset() -> None:
    """Empty both sides' tables (this database is the bench's own)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {', '.join(OUR_TABLES)}, {', '.join(THEIR_TABLES[:3])}")


def queries_per_turn(ours: Ours) -> dict[str, int]:
    """Our statements in one turn, by kind (Django logs BEGIN, COMMIT and savepoints too)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        ours.turn(0, "count-queries")
    kinds = {"checkpoint writes": 0, "reads": 0, "transaction control": 0}
    for query in queries.captured_queries:
        sql = query["sql"].lstrip()
        if sql.startswith("WITH checkpoint"):
            kinds["checkpoint writes"] += 1
        elif sql.startswith("SELECT"):
            kinds["reads"] += 1
        else:
            kinds["transaction control"] += 1
    return kinds


def runner_alone(turns: int = 500) -> tuple[float, float]:
    """The runner's own cost per turn (state JSON, checksums, trace) on an in-memory store."""
    from delight.runner import InMemoryCheckpointStore, Runner, TurnInput

    graph = Ours(0).graphs[False]
    timings = []
    for n in range(turns):
        runner = Runner(graph, InMemoryCheckpointStore())
        turn_input = TurnInput(1, "s", f"m{n}", TEXT, f"m{n}")
        started = time.perf_counter()
        runner.run(runner.new_turn(turn_input))
        timings.append((time.perf_counter() - started) * 1000)
    return cuts(timings)


def print_storage(turns: int) -> None:
    ours, theirs = table_sizes(OUR_TABLES), table_sizes(THEIR_TABLES)
    ours_total, theirs_total = sum(ours.values()), sum(theirs.values())
    print(f"storage after {turns:,} turns a side (pg_total_relation_size):")
    for label, sizes, total in (("ours", ours, ours_total), ("LangGraph", theirs, theirs_total)):
        parts = ", ".join(f"{table} {size / MB:.2f}" for table, size in sizes.items())
        print(f"  {label:<10} {total / MB:6.2f} MB, {total / turns / 1024:.1f} KB a turn ({parts})")
    print(f"  ours / LangGraph: {ours_total / theirs_total:.2f} (target <= 0.50)")
    figure("storage vs LangGraph", ours_total / theirs_total, target=0.5, unit="")


def main() -> None:
    args = parse_args()
    require_langgraph()
    os.environ.setdefault("DEBUG", "false")  # no query log: time what production runs
    url = bench_database_url(DATABASE, args.database_url)
    django_setup(url)
    from django.test.utils import override_settings
    from langgraph.checkpoint.postgres import PostgresSaver

    total = args.sessions * args.turns
    with PostgresSaver.from_conn_string(url) as saver:
        saver.setup()
        ours, theirs = Ours(args.sessions), Theirs(saver, args.sessions)
        sides = {"ours": ours.turn, "theirs": theirs.turn}

        reset()
        ours.open_sessions()
        alternate(sides, min(args.sessions, WARMUP_TURNS), 1, "warmup")
        queries = queries_per_turn(ours)
        reset()
        ours.open_sessions()

        print(
            f"{args.sessions} sessions x {args.turns} turns = {total:,} turns a side, "
            f"{len(NODES)} nodes a turn, a checkpoint after every node, alternating; "
            f"LangGraph commits with the server's synchronous_commit = "
            f"{server_synchronous_commit(url)}"
        )
        print(
            f"ours: {sum(queries.values())} statements per turn: "
            + ", ".join(f"{count} {kind}" for kind, count in queries.items())
            + " (the agent state read, then one checkpoint statement per node: trivial "
            "nodes write nothing, so they need no transaction)"
        )
        phases = [
            (
                "phase 1: ours as shipped: checkpoint commits with synchronous_commit off "
                "(committed and visible at once, a crashed worker resumes from them; a "
                "PostgreSQL server or OS crash can lose the last fraction of a second)",
                "ours (sync_commit off)",
                {},
                False,
            ),
            (
                "phase 2: ours with CHECKPOINT_SYNCHRONOUS_COMMIT on: every checkpoint waits "
                "for its WAL flush, like LangGraph's (like-for-like durability)",
                "ours (sync_commit on)",
                {"CHECKPOINT_SYNCHRONOUS_COMMIT": True},
                False,
            ),
            (
                "phase 3: ours with every node declared as writing (BEGIN, node, checkpoint, "
                "COMMIT per step, as the real turn's writing nodes run): what that costs",
                "ours (a transaction per step)",
                {},
                True,
            ),
        ]
        for number, (title, label, overrides, writing) in enumerate(phases, start=1):
            print(title)
            ours.writing = writing
            with override_settings(**overrides):
                timings = alternate(sides, args.sessions, args.turns, f"phase{number}")
            report(timings, {"ours": label, "theirs": 'LangGraph PostgresSaver, durability="sync"'})
            if number == 1:
                print_storage(total)

    p50, p95 = runner_alone()
    print(
        f"runner alone, in-memory store: p50 {p50:.3f} ms, p95 {p95:.3f} ms per turn "
        f"(state JSON, checksums, trace; the rest of ours is the database)"
    )


if __name__ == "__main__":
    main()
