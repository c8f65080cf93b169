"""A small, explicit state-machine runner: one companion turn, or one story beat.

Nodes are plain functions ``(state, ctx) -> dict`` returning a delta; the graph declares every
edge (a fixed successor, or a router choosing among declared successors). The runner enforces
the declared edges, checkpoints after every node through a `CheckpointStore`, emits a progress
event per node, and can resume a crashed turn or replay a past one in a sandbox.

Pure Python on purpose: no Django and no database here; the kernel's machinery, which the
apps wire to their own nodes and to a checkpoint store.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from dataclasses import asdict, dataclass, field
from typing import Any, Generic, Protocol, TypedDict, TypeVar

END = "end"
ERROR = "error"

# v1 was the flat layout of seed 000's ElizaState; v2 nests the turn input and adds `seq`.
STATE_SCHEMA_VERSION = 2

T = TypeVar("T")


class RunnerError(Exception):
    """Base class of the runner's errors."""


class GraphError(RunnerError, ValueError):
    """The graph declaration is inconsistent, or a node name is unknown."""


class IllegalTransition(RunnerError):
    """A transition that the declared graph (or state machine) does not allow."""


class NodeFailed(RunnerError):
    """A required node raised and the graph has no `error` node to route to."""

    def __init__(self, node: str, cause: BaseException) -> None:
        super().__init__(f"node {node!r} failed: {_describe(cause)}")
        self.node = node


class CorruptCheckpoint(RunnerError):
    """A stored state does not match its checksum, or cannot be read at all."""


class StateSchemaError(RunnerError):
    """A stored state has a schema version this code cannot migrate."""


class CheckpointNotFound(RunnerError, LookupError):
    """There is no checkpoint for the turn."""


class _Failed(Exception):
    """Carries a node's failure out of its transaction, so the transaction rolls back."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


# --- state ------------------------------------------------------------------------------------


class TraceEntry(TypedDict, total=False):
    node: str
    ms: float
    ok: bool
    error: str
    note: str


@dataclass
class TurnInput:
    user_id: int | str
    session_id: str
    message_id: str
    text: str
    idempotency_key: str


@dataclass
class TurnState:
    """Everything one turn knows: its input, each node's output, the trace and its position.

    `seq` is the sequence number of the last checkpoint written for this turn.
    """

    input: TurnInput
    current_node: str
    outputs: dict[str, dict[str, Any]] = field(default_factory=dict)
    trace: list[TraceEntry] = field(default_factory=list)
    failure: dict[str, str] | None = None
    seq: int = 0
    schema_version: int = STATE_SCHEMA_VERSION

    @property
    def turn_id(self) -> str:
        return self.input.message_id

    @property
    def done(self) -> bool:
        return self.current_node == END

    def output(self, node: str) -> dict[str, Any]:
        """The delta `node` produced, or an empty dict if it did not run (or was skipped)."""
        return self.outputs.get(node, {})

    def to_dict(self) -> dict[str, Any]:
        """The state as plain data. Shallow on purpose (no deep copy of every output on each
        checkpoint): the result shares the outputs and trace, so serialise it, don't keep it."""
        return {
            "input": asdict(self.input),
            "current_node": self.current_node,
            "outputs": self.outputs,
            "trace": self.trace,
            "failure": self.failure,
            "seq": self.seq,
            "schema_version": self.schema_version,
        }

    def to_json(self) -> str:
        return canonical_json(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TurnState:
        data = migrate_state(dict(data))
        return cls(
            input=TurnInput(**data["input"]),
            current_node=data["current_node"],
            outputs=data["outputs"],
            trace=data["trace"],
            failure=data["failure"],
            seq=data["seq"],
            schema_version=data["schema_version"],
        )

    @classmethod
    def from_json(cls, text: str, *, checksum: str | None = None) -> TurnState:
        """Load a state; with `checksum`, verify it first (before any migration)."""
        data = _parse(text)
        if checksum is not None and state_checksum(data) != checksum:
            raise CorruptCheckpoint("state does not match its checksum")
        return cls.from_dict(data)


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_checksum(state: str | Mapping[str, Any]) -> str:
    """sha256 of the canonical JSON, so a store may reformat the text (e.g. jsonb) safely."""
    data = _parse(state) if isinstance(state, str) else state
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


def _parse(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise CorruptCheckpoint(f"unreadable state: {exc}") from exc
    if not isinstance(data, dict):
        raise CorruptCheckpoint("state is not a JSON object")
    return data


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    message_id = data.pop("message_id")
    data["input"] = {
        "user_id": data.pop("user_id"),
        "session_id": data.pop("session_id"),
        "message_id": message_id,
        "text": data.pop("user_input"),
        "idempotency_key": message_id,
    }
    data["failure"] = {"node": "?", "error": err} if (err := data.pop("error", None)) else None
    data["seq"] = len(data.get("trace", []))
    return data


# Each entry upgrades a state from its key's version to the next one.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


def migrate_state(data: dict[str, Any]) -> dict[str, Any]:
    """Upgrade a stored state dict to `STATE_SCHEMA_VERSION`.

    1. A state without a version is version 1 (it predates versioning).
    2. A version newer than this code, or one without a migration, is refused.
    3. Apply each migration in order, stamping the version it produced.
    """
    version = data.get("schema_version", 1)
    if version > STATE_SCHEMA_VERSION:
        raise StateSchemaError(f"state version {version} is newer than this code")
    while version < STATE_SCHEMA_VERSION:
        if version not in MIGRATIONS:
            raise StateSchemaError(f"no migration from state version {version}")
        data = MIGRATIONS[version](data)
        version += 1
        data["schema_version"] = version
    return data


# --- graph ------------------------------------------------------------------------------------


@dataclass
class NodeContext:
    """What a node gets besides the state: the injected dependencies and the sandbox flag.

    In a sandbox (replay) a node must not write anything: no memories, no goals, no messages.
    """

    node: str
    turn_id: str
    deps: Any = None
    sandbox: bool = False
    notes: list[str] = field(default_factory=list)

    def note(self, text: str) -> None:
        """Add a remark to this node's trace entry (e.g. what a token budget cut)."""
        self.notes.append(text)


NodeFn = Callable[[TurnState, NodeContext], Mapping[str, Any]]
Router = Callable[[TurnState], str]
EventSink = Callable[[str, dict[str, Any]], None]


@dataclass(frozen=True)
class Node:
    """A node and its outgoing edges: either `next`, or a `router` limited to `choices`.

    An `optional` node may fail: the failure is noted and the turn goes on with an empty output.
    A node that `writes` runs in one transaction with its checkpoint; one that only reads
    needs none (its checkpoint is a single statement). A node that only reads and may run
    again at no cost can skip its checkpoint (`checkpoint=False`): a resume from the one
    before runs it again. The last node's and a failure's are always saved.
    """

    name: str
    fn: NodeFn
    next: str | None = None
    router: Router | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    writes: bool = False
    checkpoint: bool = True

    @property
    def successors(self) -> tuple[str, ...]:
        return (self.next,) if self.next is not None else self.choices


class Graph:
    def __init__(self, nodes: Iterable[Node], *, start: str) -> None:
        self.nodes = {node.name: node for node in nodes}
        self.start = start
        self._check()

    @property
    def has_error_node(self) -> bool:
        return ERROR in self.nodes

    def node(self, name: str) -> Node:
        try:
            return self.nodes[name]
        except KeyError:
            raise GraphError(f"unknown node {name!r}") from None

    def edges(self) -> set[tuple[str, str]]:
        """Every declared edge, including the implicit ones from required nodes to `error`."""
        edges = {(node.name, succ) for node in self.nodes.values() for succ in node.successors}
        if self.has_error_node:
            edges |= {(n.name, ERROR) for n in self.nodes.values() if self.routes_to_error(n)}
        return edges

    def routes_to_error(self, node: Node) -> bool:
        return self.has_error_node and not node.optional and node.name != ERROR

    def _check(self) -> None:
        if END in self.nodes:
            raise GraphError(f"{END!r} is the terminal marker, not a node")
        self.node(self.start)
        for node in self.nodes.values():
            if (node.next is None) == (node.router is None):
                raise GraphError(f"node {node.name!r} needs exactly one of next or router")
            if node.router is not None and not node.choices:
                raise GraphError(f"router of {node.name!r} declares no choices")
            for succ in node.successors:
                if succ != END:
                    self.node(succ)


# --- checkpoints ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Checkpoint:
    turn_id: str
    node: str
    seq: int
    state_json: str
    checksum: str


class CheckpointStore(Protocol):
    def save(self, turn_id: str, node: str, seq: int, state_json: str, checksum: str) -> None: ...

    def latest(self, turn_id: str) -> Checkpoint | None: ...


class InMemoryCheckpointStore:
    """A `CheckpointStore` in a dict, for tests and for sandboxed replays."""

    def __init__(self) -> None:
        self._turns: dict[str, list[Checkpoint]] = {}
        self._lock = threading.Lock()

    def save(self, turn_id: str, node: str, seq: int, state_json: str, checksum: str) -> None:
        with self._lock:
            history = self._turns.setdefault(turn_id, [])
            if history and seq <= history[-1].seq:
                raise ValueError(f"checkpoint seq {seq} is not after {history[-1].seq}")
            history.append(Checkpoint(turn_id, node, seq, state_json, checksum))

    def latest(self, turn_id: str) -> Checkpoint | None:
        history = self._turns.get(turn_id)
        return history[-1] if history else None

    def history(self, turn_id: str) -> list[Checkpoint]:
        return list(self._turns.get(turn_id, []))

    def count(self) -> int:
        return sum(len(history) for history in self._turns.values())


# --- runner -----------------------------------------------------------------------------------


def no_events(kind: str, payload: dict[str, Any]) -> None:
    """The default event sink: nobody is listening."""


class Runner:
    """Runs turns of one graph.

    `atomic` makes a transaction scope (e.g. Django's `transaction.atomic`): a node that
    writes runs in one with its checkpoint, so both commit together or not at all; when the
    node fails, its transaction is rolled back and the failure is checkpointed on its own.
    """

    def __init__(
        self,
        graph: Graph,
        store: CheckpointStore,
        on_event: EventSink = no_events,
        atomic: Callable[[], AbstractContextManager[Any]] = nullcontext,
    ) -> None:
        self.graph = graph
        self.store = store
        self.on_event = on_event
        self.atomic = atomic

    def new_turn(self, turn_input: TurnInput) -> TurnState:
        return TurnState(input=turn_input, current_node=self.graph.start)

    def run(self, state: TurnState, *, deps: Any = None, sandbox: bool = False) -> TurnState:
        """Run `state` from its current node to `end`, checkpointing after every node.

        1. Emit a "state" event and call the node with a fresh `NodeContext`, timing it.
        2. On success, keep its delta as the node's output; on failure, an optional node gets
           an empty output, a required one routes to `error` (or raises `NodeFailed`).
        3. Choose the successor: the fixed one, or the router's choice, which must be one
           of the declared choices (`IllegalTransition` otherwise).
        4. Append the trace entry, move `current_node` on and save a checkpoint: a resume
           starts from the successor, so this node never runs twice (unless it skips its
           checkpoint, `Node.checkpoint`: then a resume runs it again).
        5. Emit "node_done" with the duration, and repeat until `end`.

        The state is updated in place and returned.
        """
        while not state.done:
            self._step(state, deps, sandbox)
        return state

    def resume(self, turn_id: str, *, deps: Any = None) -> TurnState:
        """Continue a turn from its latest checkpoint (after a crash, or by a recovery job).

        1. Load the latest checkpoint (`CheckpointNotFound` if there is none).
        2. Verify its checksum (`CorruptCheckpoint`) and migrate it to the current schema.
        3. Run from the node after the last completed one; a finished turn is returned as is,
           so resuming twice is harmless.
        """
        checkpoint = self.store.latest(turn_id)
        if checkpoint is None:
            raise CheckpointNotFound(f"no checkpoint for turn {turn_id!r}")
        state = TurnState.from_json(checkpoint.state_json, checksum=checkpoint.checksum)
        return self.run(state, deps=deps)

    def replay(
        self,
        state_json: str,
        from_node: str,
        *,
        checksum: str | None = None,
        sandbox: bool = True,
        deps: Any = None,
        on_event: EventSink = no_events,
    ) -> TurnState:
        """Re-run a stored state from `from_node` to see what the current code would do.

        In a sandbox the nodes see `ctx.sandbox` and checkpoints go to a throwaway store,
        so the real store is never written; events go to `on_event`, not to the user.
        """
        self.graph.node(from_node)
        state = TurnState.from_json(state_json, checksum=checksum)
        state.current_node = from_node
        state.failure = None
        store = InMemoryCheckpointStore() if sandbox else self.store
        if not sandbox:
            latest = self.store.latest(state.turn_id)
            state.seq = max(state.seq, latest.seq if latest else 0)
        runner = Runner(self.graph, store, on_event, self.atomic)
        return runner.run(state, deps=deps, sandbox=sandbox)

    def _step(self, state: TurnState, deps: Any, sandbox: bool) -> None:
        node = self.graph.node(state.current_node)
        ctx = NodeContext(node=node.name, turn_id=state.turn_id, deps=deps, sandbox=sandbox)
        self.on_event("state", {"turn_id": state.turn_id, "node": node.name})
        started = time.perf_counter()
        try:
            with self.atomic() if node.writes else nullcontext():
                delta, error = self._call(node, state, ctx)
                if error is not None:
                    raise _Failed(error)  # undo the node's own writes first
                entry = self._trace_entry(node, _elapsed_ms(started), ctx.notes, None)
                state.trace.append(entry)
                state.outputs[node.name] = delta
                state.current_node = self._successor(node, state)
                if node.checkpoint or state.done:
                    self._checkpoint(state, node.name)
        except _Failed as failed:
            error = failed.error
            entry = self._trace_entry(node, _elapsed_ms(started), ctx.notes, error)
            state.trace.append(entry)
            routed = True
            if node.optional:
                state.outputs[node.name] = {}
                state.current_node = self._successor(node, state)
            else:
                routed = self._record_failure(state, node, error)
            self._checkpoint(state, node.name)
            if not routed:
                raise NodeFailed(node.name, error) from error
        self.on_event("node_done", {"turn_id": state.turn_id, "node": node.name, "ms": entry["ms"]})

    @staticmethod
    def _trace_entry(
        node: Node, ms: float, notes: list[str], error: Exception | None
    ) -> TraceEntry:
        entry = TraceEntry(node=node.name, ms=ms, ok=error is None)
        if error is not None:
            entry["error"] = _describe(error)
            if node.optional:
                notes = [*notes, "optional node failed; skipped"]
        if notes:
            entry["note"] = "; ".join(notes)
        return entry

    def _call(
        self, node: Node, state: TurnState, ctx: NodeContext
    ) -> tuple[dict[str, Any], Exception | None]:
        """Call the node; only `Exception` counts as a failure: anything else (a killed
        worker, `KeyboardInterrupt`) propagates and the last checkpoint stays the resume point."""
        try:
            delta = node.fn(state, ctx)
            if not isinstance(delta, Mapping):
                raise TypeError(f"node returned {type(delta).__name__}, not a mapping")
        except Exception as exc:
            return {}, exc
        return dict(delta), None

    def _record_failure(self, state: TurnState, node: Node, error: Exception) -> bool:
        """A required node failed: route to `error` if the graph has one. Otherwise stay on
        the node (a resume retries it) and return False so the caller raises."""
        state.failure = {"node": node.name, "error": _describe(error)}
        if not self.graph.routes_to_error(node):
            return False
        state.current_node = ERROR
        return True

    def _successor(self, node: Node, state: TurnState) -> str:
        if node.router is None:
            return node.successors[0]
        chosen = node.router(state)
        if chosen not in node.choices:
            raise IllegalTransition(
                f"router of {node.name!r} chose {chosen!r}; declared: {', '.join(node.choices)}"
            )
        return chosen

    def _checkpoint(self, state: TurnState, node: str) -> None:
        state.seq += 1
        state_json = state.to_json()
        # Already canonical: hash it as is (state_checksum would parse and re-encode it).
        checksum = hashlib.sha256(state_json.encode()).hexdigest()
        self.store.save(state.turn_id, node, state.seq, state_json, checksum)


# --- concurrent tools -------------------------------------------------------------------------


@dataclass(frozen=True)
class ToolOutcome(Generic[T]):
    ok: bool
    value: T | None
    error: str | None
    ms: float

    def to_dict(self) -> dict[str, Any]:
        """Shallow (asdict would deep-copy the tool's whole output on every event)."""
        return {"ok": self.ok, "value": self.value, "error": self.error, "ms": self.ms}


def run_concurrently(
    calls: Mapping[str, Callable[[], T]],
    max_workers: int = 4,
    executor: ThreadPoolExecutor | None = None,
) -> dict[str, ToolOutcome[T]]:
    """Run independent tool calls in threads (a pool of `max_workers` made for the call, or a
    long-lived `executor`); a failing call is recorded, not raised.

    The result keeps the order of `calls`.
    """
    if max_workers < 1:
        raise ValueError("max_workers must be at least 1")
    if not calls:
        return {}
    if executor is not None:
        futures = {name: executor.submit(timed, call) for name, call in calls.items()}
        return {name: future.result() for name, future in futures.items()}
    workers = min(max_workers, len(calls))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tool") as pool:
        return run_concurrently(calls, executor=pool)


def timed(call: Callable[[], T]) -> ToolOutcome[T]:
    """Call a tool, timing it; a failure is recorded in the outcome, not raised."""
    started = time.perf_counter()
    try:
        value = call()
    except Exception as exc:
        return ToolOutcome(False, None, _describe(exc), _elapsed_ms(started))
    return ToolOutcome(True, value, None, _elapsed_ms(started))


def _elapsed_ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 3)
