"""A conversation's turns: a message kept, its turn run on Eliza's graph (turn/) and
finished, resumed after a crash, replayed for staff.

Above the turn in the layers: this module drives the graph; the nodes write through
services/ and checkpoints.py, never through this module."""

from __future__ import annotations

import contextlib
import functools
import time
import uuid
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction

from companion import selectors
from companion.models import (
    IDEMPOTENCY_KEY_MAX_CHARS,
    Conversation,
    Turn,
    validate_message,
)
from companion.services import profile_cache_clear
from companion.turn import (
    GRAPH,
    NODE_LABELS,
    TurnDeps,
    embed_ahead,
    final_dialogue,
    session_data,
    turn_result,
)
from delight.ai.engine import Engine
from delight.ai.guard import model_budget
from delight.ai.runtime import engine_or_default, usage_collected
from delight.ai.types import Usage
from delight.checkpoints import DatabaseCheckpointStore, agent_state_open
from delight.database import retry_after_seconds
from delight.errors import Busy, Conflict
from delight.locks import liveness_lock, liveness_locks, lock_key
from delight.models import AgentState, User
from delight.rows import prepared_cursor
from delight.runner import (
    CheckpointNotFound,
    Runner,
    TurnInput,
    TurnState,
    no_events,
)
from delight.text import validate_text
from goals.services import talk_record


class SessionBusy(Conflict):
    """Another message of this session is still being answered (a 409 on the API)."""

    code = "session_busy"


def session_lock_key(conversation_id: uuid.UUID) -> int:
    """The liveness lock a session's turn holds while it runs (delight.locks)."""
    return lock_key("turn-session", conversation_id)


def person_lock_key(user: User) -> int:
    """The liveness lock a person's turn holds while it runs: one at a time for each."""
    return lock_key("turn-person", user.pk)


# How long a waiting message pauses between looks at its person's lock: short at first
# (most turns take well under a second), then up to a second.
FIRST_PAUSE, LONGEST_PAUSE = 0.05, 1.0


def _pause(seconds: float) -> None:
    time.sleep(seconds)


@contextlib.contextmanager
def persons_turn(
    *, user: User, conversation_id: uuid.UUID, arrived_at: float | None
) -> Iterator[bool]:
    """Wait for the person's turn: Eliza answers one message of each person at a time.
    Yields whether the session's lock was taken too (False: a turn of this session is being
    answered right now, by someone alive).

    1. Try the person's liveness lock and the session's, in one statement; with the
       person's taken, the block runs holding both (or the person's alone).
    2. The person's held by someone alive (a turn of theirs under way): let go of the
       session's, hand this thread's connection back to its pool, so a waiting message
       holds none, pause (FIRST_PAUSE doubling to LONGEST_PAUSE), and try again.
    3. Past TURN_QUEUE_WAIT seconds from the message's arrival, it is Busy (a 503 with
       Retry-After) before anything was kept.
    """
    deadline = (arrived_at or time.monotonic()) + settings.TURN_QUEUE_WAIT
    pause = FIRST_PAUSE
    keys = (person_lock_key(user), session_lock_key(conversation_id))
    while True:
        with liveness_locks(*keys) as (ours, session):
            if ours:
                yield session
                return
        if time.monotonic() + pause > deadline:
            raise Busy(
                "Eliza is still answering your other messages; this one was not kept. "
                "Please send it again in a moment.",
                retry_after=retry_after_seconds(),
            )
        if not connection.in_atomic_block:
            connection.close()  # back to the pool; the next query takes one again
        _pause(pause)
        pause = min(pause * 2, LONGEST_PAUSE)


def _clean_key(key: str | None) -> str:
    """The client's idempotency key, stripped ("" when it sent none)."""
    key = (key or "").strip()
    try:
        validate_text(key, limit=IDEMPOTENCY_KEY_MAX_CHARS, noun="idempotency key", blank=True)
    except ValidationError as refused:
        raise ValidationError({"idempotency_key": refused.error_list}) from None
    return key


def turn_begin(
    *,
    user: User,
    text: str,
    conversation: Conversation | None,
    idempotency_key: str,
    new_conversation_id: uuid.UUID | None = None,
) -> Turn:
    """Keep the message and open its turn in `conversation` (a new one, with
    `new_conversation_id` when given, when None).

    The message is saved before anything can fail. Raises ValidationError for a bad message
    and SessionBusy when the session already has a running turn. In a session that exists
    this is one INSERT, atomic on its own; a new session and its first turn are created in
    one transaction.
    """
    if conversation is not None:
        return _turn_open(user=user, text=text, conversation=conversation, key=idempotency_key)
    with transaction.atomic():
        conversation = Conversation(
            id=new_conversation_id or uuid.uuid4(), user=user, title=text.strip()[:120]
        )
        # The user is the caller and the id is new: only the fields need checking.
        conversation.full_clean(exclude=["user"], validate_unique=False)
        conversation.save(force_insert=True)
        return _turn_open(user=user, text=text, conversation=conversation, key=idempotency_key)


def _turn_open(*, user: User, text: str, conversation: Conversation, key: str) -> Turn:
    turn = Turn(
        id=uuid.uuid4(), conversation=conversation, user=user, idempotency_key=key, text=text
    )
    # The one-running-turn and key constraints are the database's to enforce (below).
    turn.full_clean(
        exclude=["conversation", "user"], validate_unique=False, validate_constraints=False
    )
    # Inside a transaction the INSERT needs a savepoint, so that a clash leaves the
    # transaction usable; on its own it needs none (two round trips saved a message).
    guard = transaction.atomic() if connection.in_atomic_block else contextlib.nullcontext()
    try:
        with guard:
            turn.save(force_insert=True)
    except IntegrityError as clash:
        raise SessionBusy(
            "Eliza is still answering the previous message of this session."
        ) from clash
    return turn


def message_send(
    *,
    user: User,
    text: str,
    session_id: uuid.UUID | None = None,
    idempotency_key: str | None = None,
    engine: Engine | None = None,
    emit: Callable[[str, dict[str, Any]], None] | None = None,
    concurrent_tools: bool = True,
    arrived_at: float | None = None,
) -> dict[str, Any]:
    """One message in, Eliza's whole answer out (the REST body; `emit` gets live events).
    The model budget counts from `arrived_at` (time.monotonic() when the message arrived,
    before it waited for a connection), so it bounds what the person waits.

    1. Validate the message (nothing changes when it is refused).
    2. A key seen before returns that turn's answer instead of running a second turn.
       Otherwise the message starts being embedded in a tool thread (embed_ahead), while
       the steps below keep it and read its session.
    3. Wait for the person's turn (persons_turn: one message of theirs at a time, the
       others waiting up to TURN_QUEUE_WAIT, then Busy), taking the session's liveness
       lock in the same statement: if someone alive holds it, a turn of this session is
       being answered right now (SessionBusy). The lock is taken before the message is
       kept, so a running turn whose lock is free was cut off by a crash.
    5. Holding it: finish such a cut-off turn first, keep the message, note the talk (the
       consistency index counts the day; a talk after 48 hours away is a return, so this
       turn welcomes them back), then run its turn.
    """
    validate_message(text)
    key = _clean_key(idempotency_key)
    if key and (previous := selectors.turn_by_key(user=user, idempotency_key=key)):
        return _answer_again(turn=previous, engine=engine, emit=emit, arrived_at=arrived_at)
    conversation = None
    if session_id is not None:
        conversation = selectors.conversation_get(user=user, conversation_id=session_id)
    conversation_id = conversation.pk if conversation is not None else uuid.uuid4()
    if concurrent_tools:
        embed_ahead(engine=engine_or_default(engine), text=text)
    run = functools.partial(
        turn_execute, engine=engine, concurrent_tools=concurrent_tools, arrived_at=arrived_at
    )
    with persons_turn(user=user, conversation_id=conversation_id, arrived_at=arrived_at) as ours:
        if not ours:
            raise SessionBusy("Eliza is still answering the previous message of this session.")
        if conversation is not None:
            for cut_off in selectors.turns_unfinished().filter(conversation=conversation):
                run(turn=cut_off, resume=True)
        turn = turn_begin(
            user=user,
            text=text,
            conversation=conversation,
            idempotency_key=key or uuid.uuid4().hex,
            new_conversation_id=conversation_id,
        )
        # The talk counts before the turn runs: a message that ends an absence is a return,
        # and this very turn is the one to welcome them back.
        talk_record(user=user)
        return run(turn=turn, emit=emit)


def _answer_again(
    *, turn: Turn, engine: Engine | None, emit: Callable | None, arrived_at: float | None
) -> dict[str, Any]:
    """The answer of a message sent before: kept, or finished now if it was cut off."""
    if turn.status == Turn.Status.DONE:
        return turn.result
    with persons_turn(
        user=turn.user, conversation_id=turn.conversation_id, arrived_at=arrived_at
    ) as ours:
        if not ours:
            raise SessionBusy("This message is still being answered.")
        turn.refresh_from_db(fields=["status", "result"])  # it may have just finished
        if turn.status == Turn.Status.DONE:
            return turn.result
        return turn_execute(turn=turn, engine=engine, emit=emit, resume=True, arrived_at=arrived_at)


def _turn_deps(
    *, turn: Turn, engine: Engine | None, emit: Callable | None, concurrent_tools: bool
) -> TurnDeps:
    # A socket's turns share one user object: each turn reads the profile afresh, so an
    # edit made on the About you page in between is seen.
    profile_cache_clear(user=turn.user)
    return TurnDeps(
        user=turn.user,
        engine=engine_or_default(engine),
        conversation_id=turn.conversation_id,
        turn_id=turn.pk,
        emit=emit if emit is not None else no_events,
        concurrent_tools=concurrent_tools,
    )


def turn_execute(
    *,
    turn: Turn,
    engine: Engine | None = None,
    emit: Callable[[str, dict[str, Any]], None] | None = None,
    concurrent_tools: bool = True,
    resume: bool = False,
    arrived_at: float | None = None,
) -> dict[str, Any]:
    """Run a turn to its end (with `resume`, from its last checkpoint), then finish it; its
    model calls keep to one budget from `arrived_at` (or from now)."""
    deps = _turn_deps(turn=turn, engine=engine, emit=emit, concurrent_tools=concurrent_tools)
    agent_state = agent_state_open(user=turn.user, session_id=turn.conversation_id)

    def on_event(kind: str, payload: dict[str, Any]) -> None:
        if kind == "state":
            node = payload["node"]
            deps.emit("state", {"node": node, "label": NODE_LABELS.get(node, "")})

    store = DatabaseCheckpointStore(agent_state)
    runner = Runner(GRAPH, store, on_event, transaction.atomic)
    deps.dialogue_at_start = agent_state.state_data.get("dialogue") or {}
    deps.session_at_start = agent_state.state_data
    budget = model_budget(settings.ELIZA_MODEL_BUDGET_SECONDS, started=arrived_at)
    with usage_collected() as usage, budget:
        deps.usage = usage
        if resume and store.latest(str(turn.pk)) is not None:
            state = runner.resume(str(turn.pk), deps=deps)
        else:
            state = runner.run(runner.new_turn(_turn_input(turn)), deps=deps)
    return turn_finish(turn=turn, agent_state=agent_state, state=state, usage=usage)


def _turn_input(turn: Turn) -> TurnInput:
    return TurnInput(
        user_id=turn.user_id,
        session_id=str(turn.conversation_id),
        message_id=str(turn.pk),
        text=turn.text,
        idempotency_key=turn.idempotency_key,
    )


def turn_replay(*, turn: Turn, from_node: str, engine: Engine | None = None) -> TurnState:
    """What the current code would do with a past turn from `from_node` on; writes nothing.

    1. Load the turn's latest checkpoint, verifying its checksum (CorruptCheckpoint).
    2. Forget what `from_node` and the nodes after it produced (outputs and trace); the
       turn's own time and its conversation state at the time stand in for "now".
    3. Replay in a sandbox: nodes compute but do not write, checkpoints go to a throwaway
       store, and no event reaches the person.
    """
    agent_state = AgentState.objects.get(user=turn.user, session_id=turn.conversation_id)
    store = DatabaseCheckpointStore(agent_state)
    checkpoint = store.latest(str(turn.pk))
    if checkpoint is None:
        raise CheckpointNotFound(f"no checkpoint for turn {turn.pk}")
    state = TurnState.from_json(checkpoint.state_json, checksum=checkpoint.checksum)
    ran = [entry["node"] for entry in state.trace]
    if from_node not in ran:
        raise ValidationError(f"This turn did not run {from_node!r}; it ran {', '.join(ran)}.")
    keep = ran[: ran.index(from_node)]
    before = state.output("receive_input").get("dialogue_before")
    asked = state.output("receive_input").get("check_in_before")
    state.outputs = {node: state.outputs[node] for node in keep if node in state.outputs}
    state.trace = state.trace[: len(keep)]
    deps = _turn_deps(turn=turn, engine=engine, emit=None, concurrent_tools=False)
    deps.now = turn.created_at
    deps.dialogue_at_start = before
    deps.session_at_start = {"check_in": asked}
    runner = Runner(GRAPH, store, atomic=transaction.atomic)
    return runner.replay(state.to_json(), from_node, sandbox=True, deps=deps)


# The end of a turn in one statement, so one round trip: mark the turn done (only if it is
# still running: a turn another process finished keeps that answer), add it to the
# session's figures and move the agent state on, all three or none. Like a checkpoint it
# does not wait for its WAL flush unless asked to: if the server crashed first, the turn is
# still "running" and the recovery job finishes it again from its checkpoints.
TURN_FINISH = """
WITH finished AS (
    UPDATE companion_turn
    SET status = 'done', reply = %(reply)s::text, result = %(result)s::jsonb, finished_at = now()
    WHERE id = %(turn)s::uuid AND status = 'running'
      AND (%(synchronous)s::boolean OR set_config('synchronous_commit', 'off', true) = 'off')
    RETURNING conversation_id
), counted AS (
    UPDATE companion_conversation SET
        turns = turns + 1,
        tokens = tokens + %(tokens)s::int,
        cost_usd = cost_usd + %(cost)s::numeric,
        tool_calls = tool_calls + %(tool_calls)s::int,
        tool_failures = tool_failures + %(tool_failures)s::int,
        response_ms_total = response_ms_total + %(response_ms)s::float8,
        crisis_turns = crisis_turns + %(crisis)s::int,
        last_message_at = now()
    WHERE id IN (SELECT conversation_id FROM finished)
), moved AS (
    UPDATE companion_agentstate SET
        conversation_state = %(conversation_state)s::text,
        pending_slot = %(pending_slot)s::text,
        state_data = %(state_data)s::jsonb,
        updated_at = now()
    WHERE id = %(agent_state)s::bigint AND EXISTS (SELECT FROM finished)
)
SELECT count(*) FROM finished
"""


def turn_finish(
    *, turn: Turn, agent_state: AgentState, state: Any, usage: list[Usage]
) -> dict[str, Any]:
    """Store the answer, the session's figures and where the conversation now stands, in
    one statement (TURN_FINISH); return the turn's answer."""
    dialogue = final_dialogue(state)
    result = turn_result(state, dialogue)
    tools = state.output("respond").get("tools", [])
    data = {**agent_state.state_data, **session_data(state), "dialogue": dialogue.to_dict()}
    data = {key: value for key, value in data.items() if value is not None}
    goal = state.output("recall_context").get("goal")
    if goal:
        data["goal_id"] = goal["id"]
    params = {
        "turn": turn.pk,
        "reply": result["reply"],
        "result": _json_param(Turn, "result", result),
        "synchronous": settings.CHECKPOINT_SYNCHRONOUS_COMMIT or connection.in_atomic_block,
        "tokens": sum(u.prompt_tokens + u.completion_tokens for u in usage),
        "cost": sum((Decimal(str(u.cost_usd)) for u in usage), Decimal(0)),
        "tool_calls": len(tools),
        "tool_failures": sum(1 for run in tools if not run["ok"]),
        "response_ms": sum(entry["ms"] for entry in state.trace),
        "crisis": 1 if result["crisis"]["triggered"] else 0,
        "agent_state": agent_state.pk,
        "conversation_state": dialogue.state.value,
        "pending_slot": dialogue.pending_slot or "",
        "state_data": _json_param(AgentState, "state_data", data),
    }
    with prepared_cursor() as cursor:
        cursor.execute(TURN_FINISH, params)
        (finished,) = cursor.fetchone()
    if not finished:  # another process finished it first: its answer stands
        return Turn.objects.get(pk=turn.pk).result
    return result


def _json_param(model: type[Any], name: str, value: Any) -> Any:
    """`value` adapted for a hand-written statement as the ORM adapts the JSON field."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def turns_recover(*, engine: Engine | None = None) -> int:
    """Finish every turn cut off by a crash (running, its session's liveness lock free);
    return how many were finished. A turn someone alive is answering is left alone."""
    finished = 0
    for turn in selectors.turns_unfinished().select_related("user"):
        with liveness_lock(session_lock_key(turn.conversation_id)) as ours:
            if ours and Turn.objects.filter(pk=turn.pk, status=Turn.Status.RUNNING).exists():
                turn_execute(turn=turn, engine=engine, resume=True)
                finished += 1
    return finished
