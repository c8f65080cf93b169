"""A message's life: kept first, one turn per session, idempotent retries, crash and resume,
sandbox replay, recovery job; and bad input that changes nothing."""

from __future__ import annotations

import uuid

import pytest
from django.core.exceptions import ValidationError

from companion import conversations, selectors, tasks
from companion.conversations import person_lock_key, session_lock_key
from companion.models import Conversation, Memory, Turn
from companion.turn import remembering
from delight import checkpoints
from delight.errors import Busy, NotFound
from delight.models import AgentCheckpoint
from delight.runner import TurnState
from goals.models import Goal
from tests.companion.factories import SimulatedCrash, say

pytestmark = pytest.mark.django_db


@pytest.fixture
def dies_while_remembering(monkeypatch):
    """Once called, the next turn dies (like a killed worker) as store_memory keeps a fact."""
    keep = remembering.memory_create_quietly
    armed = []

    def keep_or_die(**kwargs):
        if armed:
            armed.clear()
            raise SimulatedCrash
        return keep(**kwargs)

    monkeypatch.setattr(remembering, "memory_create_quietly", keep_or_die)
    return lambda: armed.append(True)


def goal_flow_at_confirmation(user) -> dict:
    session = say(user, "I want to set a goal to run a marathon by May because I love it")
    say(user, "health", session)
    return session


def test_a_retry_with_the_same_key_returns_the_same_answer_without_a_second_turn(owner):
    first = say(owner, "My name is Ana", idempotency_key="k-1")
    again = say(owner, "My name is Ana", idempotency_key="k-1")

    assert again == first
    assert Turn.objects.count() == 1
    assert Memory.objects.filter(user=owner, key="name").count() == 1


def test_a_second_message_while_a_turn_runs_is_refused_and_changes_nothing(
    owner, held_elsewhere, running_turn
):
    session = say(owner, "Hello")
    conversation = Conversation.objects.get(pk=session["session_id"])
    running_turn(owner, conversation.pk)
    held_elsewhere(session_lock_key(conversation.pk))

    with pytest.raises(conversations.SessionBusy):
        say(owner, "Are you there?", session)
    assert Turn.objects.filter(conversation=conversation).count() == 2


def test_a_message_while_another_of_the_persons_is_answered_waits_its_turn_then_is_answered(
    owner, held_elsewhere, monkeypatch
):
    other_turn = held_elsewhere(person_lock_key(owner))  # one of theirs, under way elsewhere
    pauses = []

    def a_pause_in_which_the_other_turn_ends_at_the_third(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == 3:
            other_turn.die()

    monkeypatch.setattr(conversations, "_pause", a_pause_in_which_the_other_turn_ends_at_the_third)

    answer = say(owner, "are you there")

    assert answer["reply"]
    assert pauses == [0.05, 0.1, 0.2]  # it waited, a little longer each time, and was not refused
    assert Turn.objects.get(user=owner).status == Turn.Status.DONE


def test_a_message_that_waits_longer_than_its_bound_is_busy_and_nothing_is_kept(
    owner, outsider, held_elsewhere, monkeypatch, settings
):
    settings.TURN_QUEUE_WAIT = 0.2
    held_elsewhere(person_lock_key(owner))
    monkeypatch.setattr(conversations, "_pause", lambda seconds: None)

    with pytest.raises(Busy) as busy:
        say(owner, "are you there")

    assert busy.value.retry_after >= 1
    assert not Turn.objects.filter(user=owner).exists()
    assert say(outsider, "hello")["reply"]  # another person does not wait behind them


def test_a_turn_whose_process_died_is_finished_at_once_by_the_next_message(owner, running_turn):
    session = say(owner, "Hello")
    cut_off = running_turn(owner, session["session_id"])  # and nobody holds its lock

    later = say(owner, "Are you there?", session)

    cut_off.refresh_from_db()
    assert cut_off.status == Turn.Status.DONE
    assert cut_off.reply
    assert later["reply"]
    assert Conversation.objects.get(pk=session["session_id"]).turns == 3


@pytest.mark.django_db(transaction=True)
def test_a_clashing_message_outside_any_transaction_leaves_the_connection_usable(
    owner, running_turn
):
    # In autocommit the turn's INSERT runs without a savepoint: a clash with a running turn
    # must surface as SessionBusy, and the next message must go through.
    session = say(owner, "Hello")
    running = running_turn(owner, session["session_id"])

    with pytest.raises(conversations.SessionBusy):
        conversations.turn_begin(
            user=owner,
            text="Are you there?",
            conversation=Conversation.objects.get(pk=session["session_id"]),
            idempotency_key="clash",
        )
    assert Turn.objects.filter(conversation_id=session["session_id"]).count() == 2

    Turn.objects.filter(pk=running.pk).update(status=Turn.Status.DONE)
    assert say(owner, "Are you there now?", session)["reply"]


def test_a_turn_cut_off_mid_way_resumes_without_repeating_its_side_effects(
    owner, dies_while_remembering
):
    session = goal_flow_at_confirmation(owner)
    dies_while_remembering()

    with pytest.raises(SimulatedCrash):
        say(owner, "yes, and my name is Ana", session)
    cut_off = Turn.objects.get(text="yes, and my name is Ana")
    assert cut_off.status == Turn.Status.RUNNING
    assert Goal.objects.filter(user=owner).count() == 1  # respond committed with its checkpoint
    assert [c.node for c in AgentCheckpoint.objects.filter(turn_id=str(cut_off.pk))][-1] == (
        "respond"
    )

    later = say(owner, "thanks", session)

    cut_off.refresh_from_db()
    assert cut_off.status == Turn.Status.DONE
    assert "is set up" in cut_off.reply
    assert Goal.objects.filter(user=owner).count() == 1
    assert Memory.objects.filter(user=owner, key="name").count() == 1
    nodes = [c.node for c in AgentCheckpoint.objects.filter(turn_id=str(cut_off.pk))]
    assert nodes.count("respond") == 1
    assert later["reply"]


def test_the_recovery_job_finishes_turns_whose_process_died(
    owner, held_elsewhere, dies_while_remembering
):
    dies_while_remembering()
    with pytest.raises(SimulatedCrash):
        say(owner, "My name is Ana")
    alive = held_elsewhere(session_lock_key(Turn.objects.get().conversation_id))

    assert tasks.recover_turns() == 0  # someone alive holds its session: leave it alone
    alive.die()  # ... until that process dies
    assert tasks.recover_turns() == 1

    turn = Turn.objects.get()
    assert turn.status == Turn.Status.DONE
    assert turn.result["reply"] == turn.reply


def test_a_retry_of_a_cut_off_message_resumes_it_instead_of_a_second_turn(
    owner, held_elsewhere, dies_while_remembering
):
    dies_while_remembering()
    with pytest.raises(SimulatedCrash):
        say(owner, "I love hiking", idempotency_key="k-2")
    alive = held_elsewhere(session_lock_key(Turn.objects.get().conversation_id))
    with pytest.raises(conversations.SessionBusy):
        say(owner, "I love hiking", idempotency_key="k-2")

    alive.die()
    result = say(owner, "I love hiking", idempotency_key="k-2")

    assert Turn.objects.count() == 1
    assert result["message_id"] == str(Turn.objects.get().pk)


def test_a_turn_another_process_finished_first_keeps_its_answer_and_is_counted_once(owner):
    session = say(owner, "I love hiking")
    turn = Turn.objects.get()
    agent_state = checkpoints.agent_state_open(user=owner, session_id=turn.conversation_id)
    late = TurnState.from_dict(AgentCheckpoint.objects.filter(turn_id=str(turn.pk)).last().state)
    late.outputs["respond"]["reply"] = "a second answer"
    late.outputs["respond"]["flow"] = {"dialogue": {"state": "confirming"}}

    answer = conversations.turn_finish(turn=turn, agent_state=agent_state, state=late, usage=[])

    assert answer == session
    conversation = Conversation.objects.get(pk=turn.conversation_id)
    assert conversation.turns == 1
    turn.refresh_from_db()
    assert turn.reply == session["reply"]
    assert (
        selectors.agent_state_for(user=owner, session_id=turn.conversation_id)["conversation_state"]
        == "idle"
    )


def test_staff_replay_of_a_past_turn_runs_the_current_code_and_writes_nothing(owner):
    session = goal_flow_at_confirmation(owner)
    say(owner, "yes", session)
    turn = Turn.objects.get(text="yes")
    counts = (Goal.objects.count(), Memory.objects.count(), AgentCheckpoint.objects.count())

    replayed = conversations.turn_replay(turn=turn, from_node="receive_input")

    assert replayed.done
    assert replayed.output("respond")["tools"][0]["error"] == "sandbox: not run"
    assert counts == (Goal.objects.count(), Memory.objects.count(), AgentCheckpoint.objects.count())
    with pytest.raises(ValidationError):
        conversations.turn_replay(turn=turn, from_node="crisis")


@pytest.mark.parametrize("text", ["", "   ", "x" * 4001])
def test_an_empty_or_oversized_message_is_refused_and_changes_nothing(owner, text):
    with pytest.raises(ValidationError):
        say(owner, text)

    assert not Conversation.objects.exists()
    assert not Turn.objects.exists()


def test_an_unknown_or_someone_elses_session_is_not_found_and_changes_nothing(owner, outsider):
    session = say(owner, "Hello")

    with pytest.raises(NotFound):
        conversations.message_send(
            user=outsider, text="hi", session_id=uuid.UUID(session["session_id"])
        )
    with pytest.raises(NotFound):
        conversations.message_send(user=owner, text="hi", session_id=uuid.uuid4())
    with pytest.raises(NotFound):
        conversations.message_send(user=owner, text="hi", session_id="not-a-session")
    assert Turn.objects.count() == 1
    mine = selectors.conversation_get(user=owner, conversation_id=session["session_id"])
    assert (mine.user_id, mine.turns, mine.title) == (owner.pk, 1, "Hello")
