from __future__ import annotations

import itertools
from datetime import date

import pytest

from companion.dialogue import (
    Choice,
    ConversationState,
    DialogueContext,
    DialogueManager,
    DialogueState,
    DialogueStep,
    Outcome,
    SlotEnv,
    SlotError,
    transition,
)
from companion.dialogue.flows import CREATE_GOAL
from companion.dialogue.manager import CHOOSE_FIELD
from companion.dialogue.parsing import (
    add_months,
    find_date,
    parse_category,
    parse_minutes,
    parse_target_date,
)
from companion.dialogue.states import TRANSITIONS
from companion.runner import IllegalTransition

S = ConversationState
TODAY = date(2026, 3, 11)  # a Wednesday
MANAGER = DialogueManager()
MISSIONS = DialogueContext(
    missions=(
        Choice(1, "Stretch for 10 minutes"),
        Choice(2, "Write 200 words"),
        Choice(3, "Walk around the block"),
    )
)
GOALS = DialogueContext(goals=(Choice(10, "Run a half marathon"), Choice(11, "Learn Spanish")))


def start(text: str, flow: str = "create_goal", context: DialogueContext | None = None):
    return MANAGER.start(flow, text, today=TODAY, context=context)


def say(step: DialogueStep, text: str, context: DialogueContext | None = None) -> DialogueStep:
    """Send the next message, persisting the state in between as the turn will."""
    stored = DialogueState.from_json(step.dialogue.to_json())
    assert stored == step.dialogue
    return MANAGER.handle(stored, text, today=TODAY, context=context)


def at_confirmation() -> DialogueStep:
    step = start("I want to run a half marathon by May for my health")
    return say(step, "because I want to prove I can")


# --- the transition matrix --------------------------------------------------------------------

SEED_MATRIX = {
    (S.IDLE, S.UNDERSTANDING),
    (S.UNDERSTANDING, S.WAITING_FOR_SLOT),
    (S.UNDERSTANDING, S.EXECUTING_ACTION),
    (S.UNDERSTANDING, S.IDLE),
    (S.WAITING_FOR_SLOT, S.VALIDATING_SLOT),
    (S.WAITING_FOR_SLOT, S.UNDERSTANDING),
    (S.VALIDATING_SLOT, S.WAITING_FOR_SLOT),
    (S.VALIDATING_SLOT, S.UNDERSTANDING),
    (S.VALIDATING_SLOT, S.EXECUTING_ACTION),
    (S.EXECUTING_ACTION, S.COMPLETED),
    (S.EXECUTING_ACTION, S.WAITING_FOR_SLOT),
    (S.EXECUTING_ACTION, S.CONFIRMING),
    (S.CONFIRMING, S.EXECUTING_ACTION),
    (S.CONFIRMING, S.COMPLETED),
    (S.CONFIRMING, S.UNDERSTANDING),
    (S.COMPLETED, S.IDLE),
    (S.ERROR, S.UNDERSTANDING),
    (S.ERROR, S.IDLE),
} | {(state, S.ERROR) for state in S if state is not S.ERROR}


def test_the_matrix_is_the_seed_matrix():
    declared = {(source, target) for source, targets in TRANSITIONS.items() for target in targets}

    assert declared == SEED_MATRIX


@pytest.mark.parametrize(("source", "target"), sorted(SEED_MATRIX))
def test_every_allowed_transition(source, target):
    assert transition(source, target) is target


@pytest.mark.parametrize(
    ("source", "target"),
    [pair for pair in itertools.product(S, S) if pair not in SEED_MATRIX],
)
def test_every_other_transition_is_illegal(source, target):
    with pytest.raises(IllegalTransition, match=f"from {source} to {target}"):
        transition(source, target)


# --- create_goal ------------------------------------------------------------------------------


def test_the_full_create_goal_flow():
    step = start("help me set a goal to learn Spanish")
    assert step.outcome is Outcome.ASK
    assert step.dialogue.slots == {"title": "Learn Spanish"}
    assert step.dialogue.pending_slot == "why"
    assert step.reply == "Why does this goal matter to you?"
    assert step.path == (S.UNDERSTANDING, S.WAITING_FOR_SLOT)

    step = say(step, "I want to talk with my neighbours")
    assert step.dialogue.slots["why"] == "I want to talk with my neighbours"
    assert step.dialogue.pending_slot == "target_date"
    assert step.path == (S.VALIDATING_SLOT, S.UNDERSTANDING, S.WAITING_FOR_SLOT)

    step = say(step, "in 6 months")
    assert step.dialogue.slots["target_date"] == "2026-09-11"
    assert step.dialogue.pending_slot == "value_category"

    step = say(step, "learning, I guess")
    assert step.outcome is Outcome.CONFIRM
    assert step.dialogue.state is S.CONFIRMING
    assert step.dialogue.pending_slot is None
    assert step.path == (S.VALIDATING_SLOT, S.EXECUTING_ACTION, S.CONFIRMING)
    assert step.reply == (
        "Here's the goal: “Learn Spanish” (growth), target: 11 September 2026. "
        "Why it matters: I want to talk with my neighbours. Shall I set it up?"
    )

    step = say(step, "Sounds good!")
    assert step.outcome is Outcome.EXECUTE
    assert step.dialogue.state is S.EXECUTING_ACTION
    assert step.action == (
        "create_goal",
        {
            "title": "Learn Spanish",
            "why": "I want to talk with my neighbours",
            "target_date": "2026-09-11",
            "value_category": "growth",
        },
    )

    done = step.dialogue.complete()
    assert done.state is S.COMPLETED

    after = MANAGER.handle(done, "thanks!", today=TODAY)
    assert after.handoff
    assert after.dialogue == DialogueState()


def test_a_message_can_fill_several_slots_at_once():
    step = start("I want to run a half marathon by May for my health")

    assert step.dialogue.slots == {
        "title": "Run a half marathon",
        "target_date": "2026-05-31",
        "value_category": "health",
    }
    assert step.dialogue.pending_slot == "why"


def test_an_answer_to_one_slot_can_fill_the_others_too():
    step = start("help me set a goal")
    assert step.dialogue.pending_slot == "title"

    step = say(step, "read 12 books by the end of the year for my growth because I miss it")

    assert step.dialogue.slots == {
        "title": "Read 12 books",
        "why": "I miss it",
        "target_date": "2026-12-31",
        "value_category": "growth",
    }
    assert step.outcome is Outcome.CONFIRM
    assert step.changed == ("title", "why", "target_date", "value_category")


def test_a_slot_already_filled_is_not_overwritten_without_a_correction():
    step = start("run a marathon by May")
    step = say(step, "to feel strong in June")

    assert step.dialogue.slots["target_date"] == "2026-05-31"
    assert step.dialogue.slots["why"] == "To feel strong in June"


def test_an_opening_message_with_no_goal_asks_for_the_title():
    step = start("I'd like to set a new goal")

    assert step.dialogue.slots == {}
    assert step.dialogue.pending_slot == "title"


# --- invalid values ---------------------------------------------------------------------------


def test_a_past_date_is_re_asked_with_the_reason():
    step = say(start("learn Spanish because I love it"), "2020-01-01")

    assert step.outcome is Outcome.INVALID
    assert step.reply == "That date is in the past — when would you like to reach it?"
    assert step.error == "That date is in the past"
    assert step.dialogue.pending_slot == "target_date"
    assert "target_date" not in step.dialogue.slots
    assert step.path == (S.VALIDATING_SLOT, S.WAITING_FOR_SLOT)

    step = say(step, "sometime soon")
    assert step.reply == "I couldn't read that as a date — when would you like to reach it?"

    step = say(step, "no deadline")
    assert step.dialogue.slots["target_date"] is None
    assert step.dialogue.pending_slot == "value_category"


def test_an_invalid_value_in_a_multi_slot_message_keeps_the_valid_ones():
    step = start("run a marathon by 2025-05-01 for my health")

    assert step.dialogue.slots == {"title": "Run a marathon", "value_category": "health"}
    assert step.dialogue.pending_slot == "target_date"
    assert step.reply.startswith("That date is in the past")


def test_an_unknown_or_ambiguous_category_is_re_asked():
    step = say(start("learn Spanish because I love it"), "no deadline")

    unknown = say(step, "pottery?")
    both = say(step, "health and learning")

    assert unknown.reply == (
        "I didn't recognise that area of life — is it health, craft, growth or connection?"
    )
    assert both.reply.startswith("That could be growth or health")


def test_a_required_slot_cannot_be_skipped():
    step = say(start("learn Spanish"), "skip")

    assert step.outcome is Outcome.INVALID
    assert step.reply == "I need the why to go on — why does it matter to you?"


# --- corrections ------------------------------------------------------------------------------


def test_actually_make_it_may_corrects_the_date():
    step = say(start("learn Spanish because I love it"), "in 2 months")
    assert step.dialogue.pending_slot == "value_category"

    step = say(step, "Actually, make it May")

    assert step.dialogue.slots["target_date"] == "2026-05-31"
    assert step.dialogue.pending_slot == "value_category"
    assert step.reply.startswith("Got it — the target date is now 31 May 2026. Which part")
    assert step.path == (S.UNDERSTANDING, S.WAITING_FOR_SLOT)


def test_a_correction_names_the_slot_it_changes():
    step = start("learn Spanish because I love it")

    step = say(step, "no, the title should be Learn Portuguese")

    assert step.dialogue.slots["title"] == "Learn Portuguese"
    assert step.dialogue.filled[-1] == "title"
    assert step.dialogue.pending_slot == "target_date"
    assert step.reply.startswith("Got it — the title is now Learn Portuguese.")


def test_a_correction_to_an_invalid_value_is_re_asked():
    step = say(start("learn Spanish because I love it"), "in 2 months")

    step = say(step, "actually, make it 2020-01-01")

    assert step.outcome is Outcome.INVALID
    assert step.dialogue.pending_slot == "target_date"
    assert step.dialogue.slots["target_date"] == "2026-05-11"


def test_a_correction_at_confirmation_confirms_again():
    step = say(at_confirmation(), "change the category to connection")

    assert step.outcome is Outcome.CONFIRM
    assert step.dialogue.slots["value_category"] == "connection"
    assert step.reply.startswith("Got it — the category is now connection. Here's the goal:")
    assert step.path == (S.UNDERSTANDING, S.EXECUTING_ACTION, S.CONFIRMING)


def test_an_answer_starting_with_actually_fills_the_pending_slot():
    step = say(start("learn Spanish because I love it"), "actually, next Friday")

    assert step.dialogue.slots["target_date"] == "2026-03-13"


def test_stop_inside_an_answer_is_not_a_cancellation():
    step = say(start("help me set a goal"), "stop smoking")

    assert step.dialogue.slots["title"] == "Stop smoking"


# --- cancellation and handoff -----------------------------------------------------------------


@pytest.mark.parametrize("text", ["cancel", "Never mind, let's talk later", "stop", "forget it"])
def test_cancelling_while_waiting_for_a_slot(text):
    step = say(start("learn Spanish"), text)

    assert step.outcome is Outcome.CANCELLED
    assert step.dialogue == DialogueState()
    assert step.path == (S.UNDERSTANDING, S.IDLE)


def test_cancelling_at_confirmation():
    step = say(at_confirmation(), "cancel that")

    assert step.outcome is Outcome.CANCELLED
    assert step.path == (S.COMPLETED, S.IDLE)


@pytest.mark.parametrize(
    "text", ["What should I do today?", "how am I doing", "actually, how's my progress?"]
)
def test_a_new_request_hands_off_and_pauses_the_flow(text):
    step = say(start("learn Spanish because I love it"), text)

    assert step.handoff
    assert step.dialogue.state is S.IDLE
    assert step.path == (S.UNDERSTANDING, S.IDLE)
    assert step.dialogue.paused["slots"] == {"title": "Learn Spanish", "why": "I love it"}

    resumed = MANAGER.resume(step.dialogue, today=TODAY)

    assert resumed.dialogue.pending_slot == "target_date"
    assert resumed.dialogue.slots == {"title": "Learn Spanish", "why": "I love it"}
    assert resumed.dialogue.paused is None
    assert resumed.path == (S.UNDERSTANDING, S.WAITING_FOR_SLOT)


def test_a_handoff_at_confirmation_resumes_at_confirmation():
    step = say(at_confirmation(), "how am I doing?")

    resumed = MANAGER.resume(step.dialogue, today=TODAY)

    assert resumed.outcome is Outcome.CONFIRM
    assert resumed.path == (S.UNDERSTANDING, S.EXECUTING_ACTION, S.CONFIRMING)


def test_nothing_active_hands_off_unchanged():
    step = MANAGER.handle(DialogueState(), "hello", today=TODAY)

    assert step.handoff
    assert step.dialogue == DialogueState()
    assert step.path == ()


def test_resume_without_a_paused_flow_is_refused():
    with pytest.raises(IllegalTransition):
        MANAGER.resume(DialogueState(), today=TODAY)


# --- confirmation -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["yes", "Yep, go ahead", "sounds good", "perfect!"])
def test_yes_executes(text):
    step = say(at_confirmation(), text)

    assert step.outcome is Outcome.EXECUTE
    assert step.path == (S.EXECUTING_ACTION,)
    assert step.action[0] == "create_goal"


def test_no_asks_what_to_change_then_goes_back_to_that_slot():
    step = say(at_confirmation(), "no")
    assert step.dialogue.pending_slot == CHOOSE_FIELD
    assert step.reply == "What should I change: title, why, target date or category?"

    step = say(step, "the date")
    assert step.dialogue.pending_slot == "target_date"
    assert step.reply == CREATE_GOAL.slot("target_date").prompt

    step = say(step, "in 4 months")
    assert step.outcome is Outcome.CONFIRM
    assert step.dialogue.slots["target_date"] == "2026-07-11"


def test_no_with_a_named_slot_goes_straight_to_it():
    step = say(at_confirmation(), "No, change the date")

    assert step.dialogue.pending_slot == "target_date"
    assert step.path == (S.UNDERSTANDING, S.WAITING_FOR_SLOT)


def test_choosing_a_field_with_its_new_value():
    step = say(say(at_confirmation(), "no"), "the title should be Run a full marathon")

    assert step.outcome is Outcome.CONFIRM
    assert step.dialogue.slots["title"] == "Run a full marathon"


def test_after_no_it_can_still_be_accepted_as_is():
    step = say(say(at_confirmation(), "no"), "it's fine")

    assert step.outcome is Outcome.EXECUTE


def test_an_unclear_answer_at_confirmation_asks_again():
    step = at_confirmation()

    again = say(step, "hmm, maybe")

    assert again.outcome is Outcome.CONFIRM
    assert again.dialogue == step.dialogue
    assert again.reply.endswith("(Say yes, or tell me what to change.)")


# --- executing, completing, failing -----------------------------------------------------------


def test_complete_only_after_execution():
    with pytest.raises(IllegalTransition):
        at_confirmation().dialogue.complete()


def test_a_failed_action_can_be_retried_or_cancelled():
    executing = say(at_confirmation(), "yes").dialogue
    failed = executing.fail("database unavailable")
    assert failed.state is S.ERROR
    assert failed.error == "database unavailable"

    retry = MANAGER.handle(failed, "try again", today=TODAY)
    assert retry.outcome is Outcome.EXECUTE
    assert retry.path == (S.UNDERSTANDING, S.EXECUTING_ACTION)
    assert retry.action == say(at_confirmation(), "yes").action

    cancelled = MANAGER.handle(failed, "cancel", today=TODAY)
    assert cancelled.path == (S.IDLE,)

    other = MANAGER.handle(failed, "tell me a joke", today=TODAY)
    assert other.handoff
    assert other.dialogue.paused["flow"] == "create_goal"


def test_no_message_is_handled_while_the_action_runs():
    executing = say(at_confirmation(), "yes").dialogue

    with pytest.raises(IllegalTransition):
        MANAGER.handle(executing, "hello?", today=TODAY)


def test_starting_a_flow_after_a_completed_one():
    done = say(at_confirmation(), "yes").dialogue.complete()

    step = MANAGER.start("create_goal", "learn Spanish", today=TODAY, dialogue=done)

    assert step.path == (S.IDLE, S.UNDERSTANDING, S.WAITING_FOR_SLOT)
    assert step.dialogue.slots == {"title": "Learn Spanish"}


def test_dialogue_state_json_round_trip():
    paused = say(start("learn Spanish because I love it"), "how am I doing?").dialogue

    for state in (paused, at_confirmation().dialogue, DialogueState()):
        assert DialogueState.from_json(state.to_json()) == state


# --- complete_mission -------------------------------------------------------------------------


def test_complete_mission_in_one_message():
    step = start("I finished my stretching, took 25 minutes", "complete_mission", MISSIONS)

    assert step.dialogue.slots == {
        "mission": {"id": 1, "title": "Stretch for 10 minutes"},
        "minutes": 25,
    }
    assert step.reply == "Mark “Stretch for 10 minutes” as done (25 minutes)?"
    assert say(step, "yes", MISSIONS).action == ("complete_mission", step.dialogue.slots)


def test_complete_mission_step_by_step_with_skipped_minutes():
    step = start("I completed a mission", "complete_mission", MISSIONS)
    assert step.dialogue.pending_slot == "mission"

    step = say(step, "the writing one", MISSIONS)
    assert step.dialogue.slots["mission"] == {"id": 2, "title": "Write 200 words"}

    step = say(step, "skip", MISSIONS)
    assert step.reply == "Mark “Write 200 words” as done (time not recorded)?"


def test_a_mission_can_be_picked_by_position():
    step = say(start("done!", "complete_mission", MISSIONS), "the third one", MISSIONS)

    assert step.dialogue.slots["mission"]["id"] == 3


def test_an_ambiguous_mission_is_re_asked_with_the_options():
    context = DialogueContext(missions=(Choice(1, "Walk 10 minutes"), Choice(2, "Walk the dog")))

    step = say(start("I did it", "complete_mission", context), "the walk", context)

    assert step.outcome is Outcome.INVALID
    assert step.reply == (
        "I'm not sure which mission you mean (Walk 10 minutes / Walk the dog)"
        " — which mission was it?"
    )


def test_no_open_missions():
    step = say(start("I did it", "complete_mission"), "the walk")

    assert step.reply.startswith("I don't see any open missions right now")


# --- adjust_goal ------------------------------------------------------------------------------


def test_adjust_goal_in_one_message():
    step = start("move my marathon goal to June", "adjust_goal", GOALS)

    assert step.dialogue.slots == {
        "goal": {"id": 10, "title": "Run a half marathon"},
        "field": "target_date",
        "new_value": "2026-06-30",
    }
    assert step.reply == "Change the target date of “Run a half marathon” to 30 June 2026?"


def test_adjust_goal_step_by_step():
    step = start("I want to change a goal", "adjust_goal", GOALS)
    assert step.dialogue.pending_slot == "goal"

    step = say(step, "Spanish", GOALS)
    assert step.dialogue.pending_slot == "field"

    step = say(step, "the category", GOALS)
    assert step.dialogue.pending_slot == "new_value"

    step = say(step, "friends", GOALS)
    assert step.reply == "Change the category of “Learn Spanish” to connection?"
    assert say(step, "yes", GOALS).action == (
        "adjust_goal",
        {"goal": {"id": 11, "title": "Learn Spanish"}, "field": "value_category",
         "new_value": "connection"},
    )  # fmt: skip


def test_adjust_goal_can_remove_the_deadline():
    step = start("I want to adjust my marathon goal", "adjust_goal", GOALS)
    step = say(say(step, "the deadline", GOALS), "no deadline", GOALS)

    assert step.dialogue.slots["new_value"] is None
    assert step.reply == "Change the target date of “Run a half marathon” to no deadline?"


def test_adjust_goal_validates_the_new_value_like_the_field():
    step = start("change the deadline of learn Spanish to 2020-01-01", "adjust_goal", GOALS)

    assert step.outcome is Outcome.INVALID
    assert step.reply == "That date is in the past — what should it be instead?"


# --- parsers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2027-05-01", date(2027, 5, 1)),
        ("in 3 months", date(2026, 6, 11)),
        ("in three weeks", date(2026, 4, 1)),
        ("within a year", date(2027, 3, 11)),
        ("10 days from now", date(2026, 3, 21)),
        ("by May", date(2026, 5, 31)),
        ("May", date(2026, 5, 31)),
        ("in March", date(2026, 3, 31)),
        ("by February", date(2027, 2, 28)),
        ("by the end of June 2027", date(2027, 6, 30)),
        ("May 15th", date(2026, 5, 15)),
        ("1 March", date(2027, 3, 1)),
        ("the 4th of July, 2027", date(2027, 7, 4)),
        ("next Friday", date(2026, 3, 13)),
        ("Wednesday", date(2026, 3, 18)),
        ("tomorrow", date(2026, 3, 12)),
        ("today", TODAY),
        ("next week", date(2026, 3, 18)),
        ("next month", date(2026, 4, 11)),
        ("by the end of the month", date(2026, 3, 31)),
        ("end of this week", date(2026, 3, 15)),
        ("by the end of the year", date(2026, 12, 31)),
        ("I'd like to be done by Sept. 2026", date(2026, 9, 30)),
    ],
)
def test_date_phrases(text, expected):
    assert parse_target_date(text, TODAY) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("someday", "I couldn't read that as a date"),
        ("2027-02-30", "That isn't a real date"),
        ("yesterday", "That date is in the past"),
        ("2020-01-01", "That date is in the past"),
    ],
)
def test_date_slot_refusals(text, reason):
    env = SlotEnv(TODAY)

    with pytest.raises(SlotError) as refused:
        CREATE_GOAL.slot("target_date").read(text, env)

    assert refused.value.reason == reason


@pytest.mark.parametrize("text", ["no deadline", "No deadline.", "none", "skip", "not sure"])
def test_no_deadline(text):
    assert CREATE_GOAL.slot("target_date").read(text, SlotEnv(TODAY)) is None


def test_a_bare_may_inside_a_sentence_is_not_a_date():
    assert find_date("I may go running when I feel better") is None
    assert find_date("run a 10k by may").group() == "by may"


def test_adding_months_clamps_to_the_month_end():
    assert add_months(date(2026, 1, 31), 1) == date(2026, 2, 28)
    assert add_months(date(2026, 11, 30), 3) == date(2027, 2, 28)


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("health", "health"),
        ("fitness", "health"),
        ("it's about my mental health", "health"),
        ("learning", "growth"),
        ("Career", "growth"),
        ("friends", "connection"),
        ("family", "connection"),
        ("woodwork", "craft"),
        ("music!", "craft"),
    ],
)
def test_category_synonyms(text, category):
    assert parse_category(text, SlotEnv(TODAY)) == category


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("25", 25),
        ("25 minutes", 25),
        ("about 40 min", 40),
        ("twenty minutes", 20),
        ("half an hour", 30),
        ("an hour", 60),
        ("an hour and a half", 90),
        ("1.5 hours", 90),
    ],
)
def test_minutes(text, minutes):
    assert parse_minutes(text, SlotEnv(TODAY)) == minutes


def test_minutes_refusals():
    slot = say(start("I did it", "complete_mission", MISSIONS), "stretch", MISSIONS)
    assert slot.dialogue.pending_slot == "minutes"

    assert say(slot, "I am done", MISSIONS).reply.startswith("I couldn't read that as a number")
    assert say(slot, "900 minutes", MISSIONS).reply.startswith("That should be between 1 and 720")
