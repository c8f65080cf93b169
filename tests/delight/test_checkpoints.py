"""The runner checkpointing into the database: resume after a crash, integrity, retention."""

from __future__ import annotations

import datetime as dt

import psycopg
import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext, override_settings
from django.utils import timezone
from django_q.models import Schedule

from delight import checkpoints, tasks
from delight.models import AgentCheckpoint, AgentState
from delight.runner import CorruptCheckpoint, Runner, TurnInput
from tests.companion.factories import Effects, SimulatedCrash, eliza_graph

pytestmark = pytest.mark.django_db

STATE = '{"current_node": "recall_context"}'


def turn(message_id: str, text: str = "I want to run a marathon") -> TurnInput:
    return TurnInput(
        user_id=1, session_id="s", message_id=message_id, text=text, idempotency_key=message_id
    )


def runner_for(agent_state: AgentState) -> Runner:
    return Runner(eliza_graph(), checkpoints.DatabaseCheckpointStore(agent_state))


def test_a_turn_checkpoints_every_node_into_the_database(owner):
    agent = checkpoints.agent_state_open(user=owner)
    runner = runner_for(agent)
    final = runner.run(runner.new_turn(turn("m1")), deps=Effects())

    rows = list(AgentCheckpoint.objects.filter(agent_state=agent, turn_id="m1"))
    assert [row.seq for row in rows] == list(range(1, len(rows) + 1))
    assert [entry["node"] for entry in final.trace] == [row.node for row in rows]
    agent.refresh_from_db()
    assert (agent.current_node, agent.current_turn) == ("end", "m1")


def test_a_crashed_turn_resumes_from_the_database_without_repeating_side_effects(owner):
    agent = checkpoints.agent_state_open(user=owner)
    effects = Effects(crash_once={"respond"})
    runner = runner_for(agent)
    with pytest.raises(SimulatedCrash):
        runner.run(runner.new_turn(turn("m2")), deps=effects)
    agent.refresh_from_db()
    assert agent.current_node == "respond"

    # A new process: a fresh runner and store, reading only the database.
    resumed = runner_for(AgentState.objects.get(pk=agent.pk)).resume("m2", deps=effects)
    assert resumed.done
    assert all(count == 1 for count in effects.writes.values())
    assert effects.attempts["respond"] == 2


def test_a_tampered_checkpoint_is_refused(owner):
    agent = checkpoints.agent_state_open(user=owner)
    effects = Effects(crash_once={"respond"})
    runner = runner_for(agent)
    with pytest.raises(SimulatedCrash):
        runner.run(runner.new_turn(turn("m3")), deps=effects)
    latest = AgentCheckpoint.objects.filter(turn_id="m3").order_by("-seq").first()
    latest.state["input"]["text"] = "something else"
    latest.save()
    with pytest.raises(CorruptCheckpoint):
        runner_for(agent).resume("m3", deps=effects)


def test_checkpoint_sequence_only_moves_forward(owner):
    agent = checkpoints.agent_state_open(user=owner)
    store = checkpoints.DatabaseCheckpointStore(agent)
    store.save("m4", "receive_input", 1, '{"current_node": "recall_context"}', "x" * 64)
    with pytest.raises(ValueError, match="not after"):
        store.save("m4", "receive_input", 1, '{"current_node": "recall_context"}', "x" * 64)
    store.save("m4", "recall_context", 3, '{"current_node": "reason"}', "x" * 64)
    with pytest.raises(ValueError, match="seq 2 is not after 3"):
        store.save("m4", "recall_context", 2, '{"current_node": "reason"}', "x" * 64)
    assert [row.seq for row in AgentCheckpoint.objects.filter(turn_id="m4")] == [1, 3]
    agent.refresh_from_db()
    assert (agent.current_node, agent.current_turn) == ("reason", "m4")


def test_each_checkpoint_is_one_statement(owner):
    agent = checkpoints.agent_state_open(user=owner)
    runner = runner_for(agent)
    with CaptureQueriesContext(connection) as queries:
        final = runner.run(runner.new_turn(turn("m6")), deps=Effects())
    assert len(queries.captured_queries) == final.seq == len(final.trace)


def show_synchronous_commit() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        return cursor.fetchone()[0]


def test_a_checkpoint_nested_in_a_callers_transaction_keeps_its_durability(owner):
    agent = checkpoints.agent_state_open(user=owner)
    # pytest-django already runs the test in a transaction: this block is a savepoint.
    with transaction.atomic():
        checkpoints.DatabaseCheckpointStore(agent).save("m7", "receive_input", 1, STATE, "x" * 64)
        assert show_synchronous_commit() == "on"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("synchronous", [False, True])
def test_a_checkpoint_relaxes_only_the_commit_of_its_own_transaction(owner, synchronous):
    agent = checkpoints.agent_state_open(user=owner)
    store = checkpoints.DatabaseCheckpointStore(agent)
    with override_settings(CHECKPOINT_SYNCHRONOUS_COMMIT=synchronous):
        with transaction.atomic():  # a runner step: the node's writes, then its checkpoint
            store.save("m8", "receive_input", 1, STATE, "x" * 64)
            in_step = show_synchronous_commit()
        store.save("m8", "recall_context", 2, STATE, "x" * 64)  # on its own
    assert in_step == ("on" if synchronous else "off")
    assert show_synchronous_commit() == "on"
    # Both are committed: another connection sees them.
    params = connection.get_connection_params()
    keys = ("dbname", "user", "password", "host", "port")
    with psycopg.connect(**{key: params[key] for key in keys if params.get(key)}) as other:
        seen = other.execute(
            "SELECT seq FROM companion_agentcheckpoint WHERE turn_id = 'm8' ORDER BY seq"
        ).fetchall()
    assert seen == [(1,), (2,)]


def test_sessions_are_per_person_and_reopened_by_id(owner, outsider):
    agent = checkpoints.agent_state_open(user=owner)
    assert checkpoints.agent_state_open(user=owner, session_id=agent.session_id).pk == agent.pk
    other = checkpoints.agent_state_open(user=outsider, session_id=agent.session_id)
    assert other.pk != agent.pk


def test_compaction_keeps_one_checkpoint_per_turn_in_idle_sessions(owner, outsider):
    idle, active = (
        checkpoints.agent_state_open(user=owner),
        checkpoints.agent_state_open(user=outsider),
    )
    for agent in (idle, active):
        runner = runner_for(agent)
        for message_id in ("t1", "t2"):
            runner.run(runner.new_turn(turn(message_id)), deps=Effects())
    per_turn = AgentCheckpoint.objects.filter(agent_state=active, turn_id="t1").count()
    AgentState.objects.filter(pk=idle.pk).update(updated_at=timezone.now() - dt.timedelta(days=2))

    removed = tasks.compact_checkpoints()

    assert removed == 2 * (per_turn - 1)
    kept = AgentCheckpoint.objects.filter(agent_state=idle).order_by("turn_id")
    assert [(row.turn_id, row.node) for row in kept] == [
        ("t1", "store_memory"),
        ("t2", "store_memory"),
    ]
    assert AgentCheckpoint.objects.filter(agent_state=active).count() == 2 * per_turn
    # A compacted turn still resumes (it is finished) and replays from its last state.
    assert runner_for(idle).resume("t1", deps=Effects()).done


def test_compaction_is_scheduled_hourly():
    schedule = Schedule.objects.get(name="compact checkpoints")
    assert (schedule.func, schedule.minutes) == ("delight.tasks.compact_checkpoints", 60)
