from __future__ import annotations

import itertools
import json
import threading
from collections import Counter
from typing import Any

import pytest

from delight.runner import (
    END,
    ERROR,
    STATE_SCHEMA_VERSION,
    CheckpointNotFound,
    CorruptCheckpoint,
    Graph,
    GraphError,
    IllegalTransition,
    InMemoryCheckpointStore,
    Node,
    NodeContext,
    NodeFailed,
    Runner,
    StateSchemaError,
    TurnInput,
    TurnState,
    run_concurrently,
    state_checksum,
)
from tests.companion.factories import Effects, SimulatedCrash, after_input, body, eliza_graph


def turn(text: str = "hello", message_id: str = "m1") -> TurnInput:
    return TurnInput(
        user_id=7, session_id="s1", message_id=message_id, text=text, idempotency_key="k-" + text
    )


def run_turn(text: str = "hello", **kwargs: Any) -> tuple[TurnState, Runner, Effects]:
    effects = Effects()
    runner = Runner(eliza_graph(**kwargs), InMemoryCheckpointStore())
    state = runner.run(runner.new_turn(turn(text)), deps=effects)
    return state, runner, effects


def path(state: TurnState) -> list[str]:
    return [entry["node"] for entry in state.trace]


def edges_taken(state: TurnState) -> set[tuple[str, str]]:
    nodes = [*path(state), END]
    return set(itertools.pairwise(nodes))


# --- graph and transitions --------------------------------------------------------------------


def test_happy_path_runs_every_node_once_in_order():
    state, _, effects = run_turn("hello")

    assert path(state) == ["receive_input", "recall_context", "reason", "respond", "store_memory"]
    assert state.done
    assert all(entry["ok"] for entry in state.trace)
    assert all(entry["ms"] >= 0 for entry in state.trace)
    assert state.output("respond") == {"ran": "respond", "seen_failure": None}
    assert set(effects.writes.values()) == {1}


def test_every_declared_edge_is_taken():
    graph = eliza_graph()
    texts = ["hello", "I want to hurt myself", "a vague goal"]
    texts += [f"fail:{name}" for name in graph.nodes if name != ERROR]
    texts += ["I want to hurt myself fail:crisis", "vague fail:clarify"]

    taken = set().union(*(edges_taken(run_turn(text)[0]) for text in texts))

    assert taken == graph.edges()
    assert ("recall_context", ERROR) not in taken


def test_router_choosing_an_undeclared_node_raises():
    nodes = [
        Node("a", body("a"), router=lambda state: "c", choices=("b",)),
        Node("b", body("b"), next=END),
        Node("c", body("c"), next=END),
    ]
    runner = Runner(Graph(nodes, start="a"), InMemoryCheckpointStore())

    with pytest.raises(IllegalTransition, match="chose 'c'; declared: b"):
        runner.run(runner.new_turn(turn()), deps=Effects())


@pytest.mark.parametrize(
    ("nodes", "message"),
    [
        ([Node("a", body("a"), next="nowhere")], "unknown node 'nowhere'"),
        ([Node("a", body("a"))], "exactly one of next or router"),
        ([Node("a", body("a"), next=END, router=after_input)], "exactly one of next or router"),
        ([Node("a", body("a"), router=after_input)], "declares no choices"),
        ([Node("a", body("a"), next=END), Node(END, body(END), next=END)], "terminal marker"),
    ],
)
def test_inconsistent_graphs_are_refused(nodes, message):
    with pytest.raises(GraphError, match=message):
        Graph(nodes, start="a")


def test_unknown_start_node_is_refused():
    with pytest.raises(GraphError, match="unknown node 'b'"):
        Graph([Node("a", body("a"), next=END)], start="b")


# --- checkpoints and events -------------------------------------------------------------------


def test_a_checkpoint_is_saved_after_every_node():
    state, runner, _ = run_turn("hello")
    history = runner.store.history("m1")

    assert runner.store.count() == len(state.trace) == 5
    assert [c.node for c in history] == path(state)
    assert [c.seq for c in history] == [1, 2, 3, 4, 5]
    assert all(c.checksum == state_checksum(c.state_json) for c in history)
    assert json.loads(history[0].state_json)["current_node"] == "recall_context"
    assert json.loads(history[-1].state_json)["current_node"] == END


def test_events_report_each_node_entered_and_done():
    events: list[tuple[str, dict[str, Any]]] = []
    runner = Runner(eliza_graph(), InMemoryCheckpointStore(), lambda k, p: events.append((k, p)))
    runner.run(runner.new_turn(turn("I want to hurt myself")), deps=Effects())

    assert [(kind, payload["node"]) for kind, payload in events] == [
        ("state", "receive_input"),
        ("node_done", "receive_input"),
        ("state", "crisis"),
        ("node_done", "crisis"),
    ]
    assert all(payload["turn_id"] == "m1" for _, payload in events)
    assert all(payload["ms"] >= 0 for kind, payload in events if kind == "node_done")


def test_nodes_can_note_remarks_in_the_trace():
    def budget(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
        ctx.note("cut 3 memories")
        return {}

    runner = Runner(Graph([Node("a", budget, next=END)], start="a"), InMemoryCheckpointStore())
    state = runner.run(runner.new_turn(turn()))

    assert state.trace[0]["note"] == "cut 3 memories"


# --- failures ---------------------------------------------------------------------------------


def test_optional_node_failure_is_noted_and_skipped():
    state, _, effects = run_turn("fail:recall_context")
    recall = state.trace[1]

    assert path(state) == ["receive_input", "recall_context", "reason", "respond", "store_memory"]
    assert recall["ok"] is False
    assert recall["error"] == "RuntimeError: recall_context broke"
    assert recall["note"] == "optional node failed; skipped"
    assert state.output("recall_context") == {}
    assert state.failure is None
    assert effects.writes["store_memory"] == 1


def test_required_node_failure_routes_to_the_error_node():
    state, _, effects = run_turn("fail:respond")

    assert path(state) == ["receive_input", "recall_context", "reason", "respond", ERROR]
    assert state.trace[3]["ok"] is False
    assert state.failure == {"node": "respond", "error": "RuntimeError: respond broke"}
    assert state.output(ERROR)["seen_failure"] == state.failure
    assert "respond" not in state.outputs
    assert effects.writes["store_memory"] == 0


def test_required_node_failure_without_error_node_raises_and_can_be_retried():
    effects = Effects()
    store = InMemoryCheckpointStore()
    runner = Runner(eliza_graph(with_error=False), store)

    with pytest.raises(NodeFailed, match="'reason' failed: RuntimeError: reason broke"):
        runner.run(runner.new_turn(turn("fail:reason")), deps=effects)

    assert store.latest("m1").node == "reason"
    assert json.loads(store.latest("m1").state_json)["current_node"] == "reason"


def test_a_node_returning_something_else_than_a_dict_fails():
    graph = Graph([Node("a", lambda state, ctx: None, next=END)], start="a")
    runner = Runner(graph, InMemoryCheckpointStore())

    with pytest.raises(NodeFailed, match="TypeError: node returned NoneType, not a mapping"):
        runner.run(runner.new_turn(turn()))


# --- resume -----------------------------------------------------------------------------------


def test_resume_after_a_crash_does_not_repeat_completed_nodes():
    effects = Effects(crash_once={"store_memory"})
    store = InMemoryCheckpointStore()
    runner = Runner(eliza_graph(), store)

    with pytest.raises(SimulatedCrash):
        runner.run(runner.new_turn(turn("hello")), deps=effects)
    assert store.latest("m1").node == "respond"

    # A fresh runner, as after a restart: only the store survived.
    state = Runner(eliza_graph(), store).resume("m1", deps=effects)

    assert state.done
    assert path(state) == ["receive_input", "recall_context", "reason", "respond", "store_memory"]
    assert effects.writes == Counter(
        receive_input=1, recall_context=1, reason=1, respond=1, store_memory=1
    )
    assert effects.attempts["store_memory"] == 2
    assert effects.attempts["respond"] == 1
    assert [c.seq for c in store.history("m1")] == [1, 2, 3, 4, 5]


def test_resuming_a_finished_turn_runs_nothing():
    state, runner, effects = run_turn("hello")

    again = runner.resume("m1", deps=effects)

    assert again == state
    assert sum(effects.attempts.values()) == 5
    assert runner.store.count() == 5


def test_resume_without_checkpoint_raises():
    runner = Runner(eliza_graph(), InMemoryCheckpointStore())

    with pytest.raises(CheckpointNotFound):
        runner.resume("unknown")


def test_tampered_checkpoint_is_refused_on_resume():
    effects = Effects(crash_once={"respond"})
    store = InMemoryCheckpointStore()
    runner = Runner(eliza_graph(), store)
    with pytest.raises(SimulatedCrash):
        runner.run(runner.new_turn(turn("hello")), deps=effects)
    last = store.history("m1")[-1]
    forged = last.state_json.replace('"text":"hello"', '"text":"fail:respond"')
    assert forged != last.state_json
    store.save("m1", last.node, last.seq + 1, forged, last.checksum)

    with pytest.raises(CorruptCheckpoint, match="checksum"):
        runner.resume("m1", deps=effects)


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", ""])
def test_unreadable_state_is_corrupt(text):
    with pytest.raises(CorruptCheckpoint):
        TurnState.from_json(text, checksum="0" * 64)


# --- state serialisation and schema versions --------------------------------------------------


def test_state_json_round_trip():
    state, _, _ = run_turn("fail:recall_context")
    text = state.to_json()

    loaded = TurnState.from_json(text, checksum=state_checksum(text))

    assert loaded == state
    assert loaded.to_json() == text
    assert loaded.schema_version == STATE_SCHEMA_VERSION


def test_checksum_survives_reformatting_of_the_same_content():
    state, _, _ = run_turn("hello")
    text = state.to_json()
    reformatted = json.dumps(json.loads(text), indent=2)

    assert TurnState.from_json(reformatted, checksum=state_checksum(text)) == state


def v1_state() -> dict[str, Any]:
    return {
        "user_id": 7,
        "session_id": "s1",
        "message_id": "m9",
        "user_input": "hello",
        "current_node": "reason",
        "outputs": {"receive_input": {"intent": "small_talk"}},
        "trace": [{"node": "receive_input", "ms": 1.5, "ok": True}],
        "error": None,
    }


def test_a_version_1_state_loads_through_migration():
    text = json.dumps(v1_state() | {"schema_version": 1})

    state = TurnState.from_json(text, checksum=state_checksum(text))

    assert state.schema_version == STATE_SCHEMA_VERSION
    assert state.input == TurnInput(7, "s1", "m9", "hello", idempotency_key="m9")
    assert state.output("receive_input") == {"intent": "small_talk"}
    assert state.seq == 1
    assert state.failure is None


def test_a_migrated_state_resumes_where_it_stopped():
    store = InMemoryCheckpointStore()
    text = json.dumps(v1_state())
    store.save("m9", "receive_input", 1, text, state_checksum(text))
    effects = Effects()

    state = Runner(eliza_graph(), store).resume("m9", deps=effects)

    assert path(state) == ["receive_input", "reason", "respond", "store_memory"]
    assert effects.attempts["receive_input"] == 0
    assert [c.seq for c in store.history("m9")] == [1, 2, 3, 4]


def test_an_unversioned_error_becomes_a_failure():
    state = TurnState.from_dict(v1_state() | {"error": "model down"})

    assert state.failure == {"node": "?", "error": "model down"}


def test_a_state_newer_than_the_code_is_refused():
    data = run_turn()[0].to_dict() | {"schema_version": STATE_SCHEMA_VERSION + 1}

    with pytest.raises(StateSchemaError, match="newer"):
        TurnState.from_dict(data)


# --- replay -----------------------------------------------------------------------------------


def test_replay_in_a_sandbox_never_touches_the_real_store():
    state, runner, effects = run_turn("hello")
    checkpoint = runner.store.history("m1")[2]
    writes_before = Counter(effects.writes)
    events: list[str] = []

    replayed = runner.replay(
        checkpoint.state_json,
        "reason",
        checksum=checkpoint.checksum,
        deps=effects,
        on_event=lambda kind, payload: events.append(kind),
    )

    assert replayed.done
    assert path(replayed) == [*path(state)[:3], "reason", "respond", "store_memory"]
    assert effects.sandbox_seen[-3:] == [True, True, True]
    assert effects.writes == writes_before
    assert runner.store.count() == 5
    assert events.count("node_done") == 3


def test_replay_outside_the_sandbox_appends_after_the_latest_checkpoint():
    _, runner, effects = run_turn("hello")
    first = runner.store.history("m1")[0]

    runner.replay(first.state_json, "recall_context", sandbox=False, deps=effects)

    assert [c.seq for c in runner.store.history("m1")] == list(range(1, 10))
    assert effects.writes["respond"] == 2


def test_replay_from_an_unknown_node_is_refused():
    state, runner, _ = run_turn("hello")

    with pytest.raises(GraphError):
        runner.replay(state.to_json(), "dance")


# --- concurrent tools -------------------------------------------------------------------------


def test_tools_run_concurrently_and_a_failure_is_recorded():
    # Every call waits for all three to be running at once: without real overlap the
    # barrier breaks and the calls fail.
    barrier = threading.Barrier(3, timeout=10)

    def ok(value: str):
        def call() -> str:
            barrier.wait()
            return value

        return call

    def broken() -> str:
        barrier.wait()
        raise ValueError("no goals service")

    outcomes = run_concurrently({"memory": ok("m"), "goals": broken, "emotion": ok("e")})

    assert list(outcomes) == ["memory", "goals", "emotion"]
    assert [outcomes["memory"].value, outcomes["emotion"].value] == ["m", "e"]
    assert outcomes["memory"].ok
    assert outcomes["emotion"].ok
    assert not outcomes["goals"].ok
    assert outcomes["goals"].value is None
    assert outcomes["goals"].error == "ValueError: no goals service"
    assert all(outcome.ms >= 0 for outcome in outcomes.values())
    assert outcomes["goals"].to_dict()["error"] == "ValueError: no goals service"


def test_run_concurrently_edge_cases():
    assert run_concurrently({}) == {}
    with pytest.raises(ValueError, match="max_workers"):
        run_concurrently({"a": lambda: 1}, max_workers=0)


def test_a_node_that_skips_its_checkpoint_runs_again_on_resume():
    store = InMemoryCheckpointStore()
    ran: Counter = Counter()

    def counted(name):
        def fn(state, ctx):
            ran[name] += 1
            if name == "c" and ran[name] == 1:
                raise KeyboardInterrupt  # a crash: the last checkpoint is the resume point
            return {"said": name}

        return fn

    graph = Graph(
        [
            Node("a", counted("a"), next="b"),
            Node("b", counted("b"), next="c", checkpoint=False),
            Node("c", counted("c"), next=END),
        ],
        start="a",
    )
    runner = Runner(graph, store)
    with pytest.raises(KeyboardInterrupt):
        runner.run(runner.new_turn(TurnInput(1, "s", "m7", "hi", idempotency_key="m7")))

    assert [c.node for c in store.history("m7")] == ["a"]
    state = runner.resume("m7")

    assert state.done
    assert ran == Counter(a=1, b=2, c=2)
    assert [c.node for c in store.history("m7")] == ["a", "c"]
