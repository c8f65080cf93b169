"""Agent states and their checkpoints: the runner's `CheckpointStore` on the database (Eliza's
turn and the narrator keep theirs here), and the compaction of old checkpoints."""

from __future__ import annotations

import datetime as dt
import uuid

from django.conf import settings
from django.db import connection, transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from delight import selectors
from delight.models import AgentCheckpoint, AgentState, User
from delight.rows import prepared_cursor
from delight.runner import (
    STATE_SCHEMA_VERSION,
    Checkpoint,
    canonical_json,
)

CHECKPOINT_IDLE = dt.timedelta(days=1)  # sessions quiet this long keep one checkpoint a turn

# A checkpoint in one statement, so one round trip: insert it unless the turn already has one
# at this seq or later (read backwards on the unique index, however long the session), and
# move the agent state to the node it resumes from. The unique (agent state, turn, seq)
# constraint still refuses a concurrent duplicate. The state goes in as the runner's JSON
# text, parsed once, by PostgreSQL; the table's constraints check lengths, seq >= 0 and the
# JSON. Unless synchronous, set_config(..., true) relaxes synchronous_commit for the current
# transaction only. Prepared on each connection (delight.rows.prepared_cursor): parsing and
# planning it took longer than running it (bench/vs_langgraph.py: 3.8 -> 2.3 ms a turn).
CHECKPOINT_INSERT = """
WITH checkpoint AS (
    INSERT INTO companion_agentcheckpoint
        (agent_state_id, turn_id, node, seq, state, checksum, created_at)
    SELECT %(agent_state)s::bigint, %(turn_id)s::text, %(node)s::text, %(seq)s::int,
        %(state)s::jsonb, %(checksum)s::text, now()
    WHERE %(seq)s::int > COALESCE((
        SELECT seq FROM companion_agentcheckpoint
        WHERE agent_state_id = %(agent_state)s::bigint AND turn_id = %(turn_id)s::text
        ORDER BY seq DESC LIMIT 1
    ), -1)
    AND (%(synchronous)s::boolean OR set_config('synchronous_commit', 'off', true) = 'off')
    RETURNING id, state
)
UPDATE companion_agentstate SET
    current_node = COALESCE(checkpoint.state ->> 'current_node', %(node)s::text),
    current_turn = %(turn_id)s::text,
    schema_version = COALESCE(
        (checkpoint.state ->> 'schema_version')::smallint, %(version)s::smallint
    ),
    updated_at = now()
FROM checkpoint
WHERE companion_agentstate.id = %(agent_state)s::bigint
RETURNING checkpoint.id
"""


def agent_state_open(
    *,
    user: User,
    session_id: uuid.UUID | None = None,
    agent_type: str = AgentState.AgentType.ELIZA,
) -> AgentState:
    """The person's agent state for a session, created on first use (a new session id
    when none is given). The usual case (the session exists) is one read without a
    transaction around it; get_or_create makes the first use's create atomic."""
    if session_id is not None:
        found = selectors.agent_state_find(user=user, session_id=session_id, agent_type=agent_type)
        if found is not None:
            return found
    state, _ = AgentState.objects.get_or_create(
        user=user,
        session_id=session_id or uuid.uuid4(),
        agent_type=agent_type,
        defaults={"schema_version": STATE_SCHEMA_VERSION},
    )
    return state


def checkpoint_save(
    *, agent_state: AgentState, turn_id: str, node: str, seq: int, state_json: str, checksum: str
) -> int:
    """Keep the turn's state after `node` and return the checkpoint's id; the sequence only
    moves forward (ValueError otherwise).

    One statement, atomic on its own (no transaction.atomic: BEGIN and COMMIT would be two
    more round trips a node): called alone it commits at once; in the runner's step
    transaction it commits with the node's writes. Either way it is committed, and visible,
    before the next node runs, so a worker that crashes resumes from it.

    Unless CHECKPOINT_SYNCHRONOUS_COMMIT is set, the outermost transaction it commits in does
    not wait for its WAL flush (synchronous_commit = off for that transaction only). A crash
    of the PostgreSQL server or of the machine can then lose the last fraction of a second of
    steps, each node's writes with its checkpoint, and the turn resumes from an earlier node;
    the server's next synchronous commit (the next message being kept, say) flushes them, as WAL is
    flushed in order. Nested in a savepoint, it leaves the caller's durability alone.
    """
    synchronous: bool = settings.CHECKPOINT_SYNCHRONOUS_COMMIT
    params: dict[str, str | int | bool] = {
        "agent_state": agent_state.pk,
        "turn_id": turn_id,
        "node": node,
        "seq": seq,
        "state": state_json,
        "checksum": checksum,
        "version": STATE_SCHEMA_VERSION,
        # In a savepoint, the commit belongs to a caller's transaction: leave it alone.
        "synchronous": synchronous or bool(connection.savepoint_ids),
    }
    with prepared_cursor() as cursor:
        cursor.execute(CHECKPOINT_INSERT, params)
        row = cursor.fetchone()
    if row is None:
        last = selectors.checkpoint_latest(agent_state=agent_state, turn_id=turn_id)
        raise ValueError(f"checkpoint seq {seq} is not after {last.seq if last else 0}")
    checkpoint_id: int = row[0]
    return checkpoint_id


class DatabaseCheckpointStore:
    """The runner's `CheckpointStore` on one agent state's `AgentCheckpoint` rows."""

    def __init__(self, agent_state: AgentState) -> None:
        self.agent_state = agent_state

    def save(self, turn_id: str, node: str, seq: int, state_json: str, checksum: str) -> None:
        checkpoint_save(
            agent_state=self.agent_state,
            turn_id=turn_id,
            node=node,
            seq=seq,
            state_json=state_json,
            checksum=checksum,
        )

    def latest(self, turn_id: str) -> Checkpoint | None:
        row = selectors.checkpoint_latest(agent_state=self.agent_state, turn_id=turn_id)
        if row is None:
            return None
        return Checkpoint(row.turn_id, row.node, row.seq, canonical_json(row.state), row.checksum)


@transaction.atomic
def checkpoints_compact(*, now: dt.datetime | None = None) -> int:
    """Keep only each turn's last checkpoint in sessions idle for CHECKPOINT_IDLE, so storage
    grows with turns, not with nodes; return how many rows went."""
    idle_before = (now or timezone.now()) - CHECKPOINT_IDLE
    last_seq = (
        AgentCheckpoint.objects.filter(
            agent_state=OuterRef("agent_state"), turn_id=OuterRef("turn_id")
        )
        .order_by("-seq")
        .values("seq")[:1]
    )
    deleted, _ = AgentCheckpoint.objects.filter(
        agent_state__updated_at__lt=idle_before, seq__lt=Subquery(last_seq)
    ).delete()
    return deleted
