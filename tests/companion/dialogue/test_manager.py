"""The dialogue manager: one message's move through a flow, every move through the matrix."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.dialogue.choices import Choice
from companion.dialogue.flows import CREATE_GOAL
from companion.dialogue.manager import CHOOSE_FIELD, DialogueManager
from companion.dialogue.parsing import DialogueContext
from companion.dialogue.states import ConversationState, DialogueState, Outcome
from delight.runner import IllegalTransition
from tests.companion.factories import TODAY, flow_at_confirmation, flow_say, flow_start

S = ConversationState
MANAGER = DialogueManager()
OPEN_MISSIONS_TWO = DialogueContext(missions=(Choice(1, "Walk the dog"), Choice(2, "Call mum")))


# --- filling slots ----------------------------------------------------------------------------


def test_the_full_create_goal_flow():
    step = flow_start("help me set a goal to learn Spanish")
    assert step.outcome is Outcome.ASK
    assert step.dialogue.slots == {"title": "Learn Spanish"}
    assert step.dialogue.pending_slot == "why"
    assert step.reply == "Why does this goal matter to you?"
    assert step.path == (S.UNDERSTANDING, S.WAITING_FOR_SLOT)

    step = flow_say(step, "I want to talk with my neighbours")
    assert step.dialogue.slots["why"] == "I want to talk with my neighbours"
    assert step.dialogue.pending_slot == "target_date"
    assert step.path == (S.VALIDATING_SLOT, S.UNDERSTANDING, S.WAITING_FOR_SLOT)

    # "Learn" says the area of life (growth): it is taken, not asked.
    step = flow_say(step, "in 6 months")
    assert step.dialogue.slots["target_date"] == "2026-09-11"
    assert step.outcome is Outcome.CONFIRM
    assert step.dialogue.state is S.CONFIRMING
    assert step.dialogue.pending_slot is None
    assert step.path == (S.VALIDATING_SLOT, S.EXECUTING_ACTION, S.CONFIRMING)
    assert step.reply == (
        "Here's the goal: “Learn Spanish” (growth), target: 11 September 2026. "
        "Why it matters: you want to talk with your neighbours. Shall I set it up?"
    )

    step = flow_say(step, "Sounds good!")
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


def test_an_answer_to_one_slot_can_fill_the_others_too():
    step = flow_start("help me set a goal")
    assert step.dialogue.pending_slot == "title"

    step = flow_say(step, "read 12 books by the end of the year for my growth because I miss it")

    assert step.dialogue.slots == {
        "title": "Read 12 books",
        "why": "I miss it",
        "target_date": "2026-12-31",
        "value_category": "growth",
    }
    assert step.outcome is Outcome.CONFIRM
    assert step.changed == ("title", "why", "target_date", "value_category")


def test_a_slot_already_filled_is_not_overwritten_without_a_correction():
    step = flow_start("run a marathon by May")
    step = flow_say(step, "to feel strong in June")

    assert step.dialogue.slots["target_date"] == "2026-05-31"
    assert step.dialogue.slots["why"] == "To feel strong in June"


def test_an_area_of_life_the_title_makes_plain_is_taken_and_can_be_changed():
    step = flow_say(flow_start("learn to play guitar"), "campfire songs with my mates")
    step = flow_say(step, "by the end of the year")
    assert step.outcome is Outcome.CONFIRM
    assert "(craft)" in step.reply  # "guitar" tells more than "learn"

    step = flow_say(step, "connection i think")

    assert step.dialogue.slots["value_category"] == "connection"
    assert step.reply.startswith("Got it — the category is now connection.")
    assert step.outcome is Outcome.CONFIRM


def test_a_bare_date_said_at_the_summary_corrects_the_date():
    step = flow_say(flow_start("run the 10k in april"), "because my friends all run")
    assert step.outcome is Outcome.CONFIRM

    step = flow_say(step, "april 26th")

    assert step.dialogue.slots["target_date"] == "2026-04-26"
    assert step.reply.startswith("Got it — the target date is now 26 April 2026.")


@pytest.mark.parametrize(
    "text",
    [
        "its in april tho not may. end of april",
        "april not may",
        "no its april",
        "no i mean the date. its end of april not may",
    ],
)
def test_a_date_said_again_against_the_one_shown_corrects_the_date(text):
    step = flow_say(flow_start("run the 10k by may"), "because my friends all run")
    assert step.outcome is Outcome.CONFIRM

    step = flow_say(step, text)

    assert step.dialogue.slots["target_date"] == "2026-04-30"
    assert step.dialogue.slots["title"] == "Run the 10k"


def test_a_month_said_not_to_be_it_is_no_date_for_the_summary():
    step = flow_say(flow_start("run the 10k by may"), "because my friends all run")

    step = flow_say(step, "lol my dog is not may")

    assert step.dialogue.slots["target_date"] == "2026-05-31"


def test_a_bare_date_with_a_reason_for_caution_corrects_the_date():
    step = flow_say(flow_start("run the 10k in june"), "because my friends all run")

    step = flow_say(step, "end of april to be safe")

    assert step.dialogue.slots["target_date"] == "2026-04-30"
    assert step.outcome is Outcome.CONFIRM


def test_of_a_reason_in_several_sentences_the_one_that_tells_the_want_is_said_back():
    step = flow_start("learn to swim properly by july")
    step = flow_say(
        step,
        "honestly im a bit embarrassed, im 34 and can only doggy paddle. i want to be able "
        "to swim with my son in the sea",
    )

    assert "Why it matters: you want to be able to swim with your son in the sea." in step.reply
    assert step.dialogue.slots["why"].startswith("Honestly im a bit embarrassed")


def test_an_area_of_life_the_title_leaves_open_is_asked():
    step = flow_say(flow_start("clear out the attic because it stresses me"), "no deadline")

    assert step.dialogue.pending_slot == "value_category"


# --- invalid values ---------------------------------------------------------------------------


def test_a_past_date_is_re_asked_with_the_reason():
    step = flow_say(flow_start("speak Spanish because I love it"), "2020-01-01")

    assert step.outcome is Outcome.INVALID
    assert step.reply == "That date is in the past — when would you like to reach it?"
    assert step.error == "That date is in the past"
    assert step.dialogue.pending_slot == "target_date"
    assert "target_date" not in step.dialogue.slots
    assert step.path == (S.VALIDATING_SLOT, S.WAITING_FOR_SLOT)

    step = flow_say(step, "no deadline")
    assert step.dialogue.slots["target_date"] is None
    assert step.dialogue.pending_slot == "value_category"


def test_a_second_answer_an_optional_slot_cannot_take_leaves_it_open():
    step = flow_start("speak Spanish because I love it")

    step = flow_say(step, "sometime soon")
    assert step.reply == "I couldn't read that as a date — when would you like to reach it?"

    step = flow_say(step, "yeah whenever")
    assert step.reply.startswith("Let's leave that open for now. Which part of your life")
    assert step.dialogue.slots["target_date"] is None
    assert step.dialogue.pending_slot == "value_category"
    assert step.dialogue.strays == 0


def test_an_invalid_value_in_a_multi_slot_message_keeps_the_valid_ones():
    step = flow_start("run a marathon by 2025-05-01 for my health")

    assert step.dialogue.slots == {"title": "Run a marathon", "value_category": "health"}
    assert step.dialogue.pending_slot == "target_date"
    assert step.reply.startswith("That date is in the past")


# --- corrections ------------------------------------------------------------------------------


def test_actually_make_it_may_corrects_the_date():
    step = flow_say(flow_start("speak Spanish because I love it"), "in 2 months")
    assert step.dialogue.pending_slot == "value_category"

    step = flow_say(step, "Actually, make it May")

    assert step.dialogue.slots["target_date"] == "2026-05-31"
    assert step.dialogue.pending_slot == "value_category"
    assert step.reply.startswith("Got it — the target date is now 31 May 2026. Which part")
    assert step.path == (S.UNDERSTANDING, S.WAITING_FOR_SLOT)


def test_a_reason_given_while_the_date_is_asked_replaces_the_reason():
    step = flow_start("get back into running, i used to run before covid")
    assert step.dialogue.pending_slot == "target_date"

    step = flow_say(step, "why... idk. partly health, my mum has diabetes")

    assert step.dialogue.slots["why"] == "Partly health, my mum has diabetes"
    assert step.dialogue.pending_slot == "target_date"
    assert step.reply.startswith("Got it — the reason is now partly health, your mum has")


def test_a_correction_names_the_slot_it_changes():
    step = flow_start("learn Spanish because I love it")

    step = flow_say(step, "no, the title should be Learn Portuguese")

    assert step.dialogue.slots["title"] == "Learn Portuguese"
    assert step.dialogue.filled[-1] == "title"
    assert step.dialogue.pending_slot == "target_date"
    assert step.reply.startswith("Got it — the title is now Learn Portuguese.")


def test_a_correction_to_an_invalid_value_is_re_asked():
    step = flow_say(flow_start("speak Spanish because I love it"), "in 2 months")

    step = flow_say(step, "actually, make it 2020-01-01")

    assert step.outcome is Outcome.INVALID
    assert step.dialogue.pending_slot == "target_date"
    assert step.dialogue.slots["target_date"] == "2026-05-11"


def test_a_correction_at_confirmation_confirms_again():
    step = flow_say(flow_at_confirmation(), "change the category to connection")

    assert step.outcome is Outcome.CONFIRM
    assert step.dialogue.slots["value_category"] == "connection"
    assert step.reply.startswith("Got it — the category is now connection. Here's the goal:")
    assert step.path == (S.UNDERSTANDING, S.EXECUTING_ACTION, S.CONFIRMING)


def test_an_answer_starting_with_actually_fills_the_pending_slot():
    step = flow_say(flow_start("learn Spanish because I love it"), "actually, next Friday")

    assert step.dialogue.slots["target_date"] == "2026-03-13"


def test_stop_inside_an_answer_is_not_a_cancellation():
    step = flow_say(flow_start("help me set a goal"), "stop smoking")

    assert step.dialogue.slots["title"] == "Stop smoking"


# --- cancellation and handoff -----------------------------------------------------------------


@pytest.mark.parametrize("text", ["cancel", "Never mind, let's talk later", "stop", "forget it"])
def test_cancelling_while_waiting_for_a_slot(text):
    step = flow_say(flow_start("learn Spanish"), text)

    assert step.outcome is Outcome.CANCELLED
    assert step.dialogue == DialogueState()
    assert step.path == (S.UNDERSTANDING, S.IDLE)


def test_cancelling_at_confirmation():
    step = flow_say(flow_at_confirmation(), "cancel that")

    assert step.outcome is Outcome.CANCELLED
    assert step.path == (S.COMPLETED, S.IDLE)


@pytest.mark.parametrize(
    "text", ["What should I do today?", "how am I doing", "actually, how's my progress?"]
)
def test_a_new_request_hands_off_and_pauses_the_flow(text):
    step = flow_say(flow_start("learn Spanish because I love it"), text)

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
    step = flow_say(flow_at_confirmation(), "how am I doing?")

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
    step = flow_say(flow_at_confirmation(), text)

    assert step.outcome is Outcome.EXECUTE
    assert step.path == (S.EXECUTING_ACTION,)
    assert step.action[0] == "create_goal"


def test_no_asks_what_to_change_then_goes_back_to_that_slot():
    step = flow_say(flow_at_confirmation(), "no")
    assert step.dialogue.pending_slot == CHOOSE_FIELD
    assert step.reply == "What should I change: title, reason, target date or category?"

    step = flow_say(step, "the date")
    assert step.dialogue.pending_slot == "target_date"
    assert step.reply == CREATE_GOAL.slot("target_date").prompt

    step = flow_say(step, "in 4 months")
    assert step.outcome is Outcome.CONFIRM
    assert step.dialogue.slots["target_date"] == "2026-07-11"


def test_no_with_a_named_slot_goes_straight_to_it():
    step = flow_say(flow_at_confirmation(), "No, change the date")

    assert step.dialogue.pending_slot == "target_date"
    assert step.path == (S.UNDERSTANDING, S.WAITING_FOR_SLOT)


def test_choosing_a_field_with_its_new_value():
    step = flow_say(
        flow_say(flow_at_confirmation(), "no"), "the title should be Run a full marathon"
    )

    assert step.outcome is Outcome.CONFIRM
    assert step.dialogue.slots["title"] == "Run a full marathon"


def test_after_no_it_can_still_be_accepted_as_is():
    step = flow_say(flow_say(flow_at_confirmation(), "no"), "it's fine")

    assert step.outcome is Outcome.EXECUTE


def test_an_unclear_answer_at_confirmation_asks_again():
    step = flow_at_confirmation()

    again = flow_say(step, "hmm, maybe")

    assert again.outcome is Outcome.CONFIRM
    assert again.dialogue == step.dialogue
    assert again.reply.endswith("(Say yes, or tell me what to change.)")


def test_something_said_in_passing_at_confirmation_keeps_waiting_without_the_whole_summary():
    step = flow_at_confirmation()

    aside = flow_say(step, "we are having a big family dinner on saturday, i am cooking")

    assert aside.outcome is Outcome.ASIDE
    assert aside.dialogue == replace(step.dialogue, strays=1)
    assert "Shall I go ahead with" in aside.reply
    assert "Why it matters" not in aside.reply
    assert flow_say(aside, "yes").outcome is Outcome.EXECUTE


# --- executing, completing, failing -----------------------------------------------------------


def test_complete_only_after_execution():
    with pytest.raises(IllegalTransition):
        flow_at_confirmation().dialogue.complete()


def test_a_failed_action_can_be_retried_or_cancelled():
    executing = flow_say(flow_at_confirmation(), "yes").dialogue
    failed = executing.fail("database unavailable")
    assert failed.state is S.ERROR
    assert failed.error == "database unavailable"

    retry = MANAGER.handle(failed, "try again", today=TODAY)
    assert retry.outcome is Outcome.EXECUTE
    assert retry.path == (S.UNDERSTANDING, S.EXECUTING_ACTION)
    assert retry.action == flow_say(flow_at_confirmation(), "yes").action

    cancelled = MANAGER.handle(failed, "cancel", today=TODAY)
    assert cancelled.path == (S.IDLE,)

    other = MANAGER.handle(failed, "tell me a joke", today=TODAY)
    assert other.handoff
    assert other.dialogue.paused["flow"] == "create_goal"


def test_no_message_is_handled_while_the_action_runs():
    executing = flow_say(flow_at_confirmation(), "yes").dialogue

    with pytest.raises(IllegalTransition):
        MANAGER.handle(executing, "hello?", today=TODAY)


def test_starting_a_flow_after_a_completed_one():
    done = flow_say(flow_at_confirmation(), "yes").dialogue.complete()

    step = MANAGER.start("create_goal", "learn Spanish", today=TODAY, dialogue=done)

    assert step.path == (S.IDLE, S.UNDERSTANDING, S.WAITING_FOR_SLOT)
    assert step.dialogue.slots == {"title": "Learn Spanish"}


def test_dialogue_state_json_round_trip():
    paused = flow_say(flow_start("learn Spanish because I love it"), "how am I doing?").dialogue

    for state in (paused, flow_at_confirmation().dialogue, DialogueState()):
        assert DialogueState.from_json(state.to_json()) == state


# --- natural requests -------------------------------------------------------------------------


def test_a_goal_stated_whole_fills_every_slot_and_infers_the_area_to_confirm():
    step = flow_start("new goal: bake a three-tier cake by March, i want to surprise my gran")

    assert step.outcome is Outcome.CONFIRM
    assert step.dialogue.slots == {
        "title": "Bake a three-tier cake",
        "why": "I want to surprise my gran",
        "target_date": "2026-03-31",
        "value_category": "craft",
    }
    assert "(craft)" in step.reply


def test_a_new_title_said_with_instead_drops_the_instead():
    step = flow_say(flow_at_confirmation(), "hmm, actually I'd rather learn to sail instead")

    assert step.dialogue.slots["title"] == "Learn to sail"
    assert step.outcome is Outcome.CONFIRM


@pytest.mark.parametrize(
    "text",
    [
        "yep",
        "sure",
        "sounds good",
        "yes please",
        "ok go ahead",
        "aye",
        "sí perfecto. save it please",
        "oh yeah go on then",
        "go on then",
        "haha ok",
    ],
)
def test_yes_variants_confirm(text):
    assert flow_say(flow_at_confirmation(), text).outcome is Outcome.EXECUTE


@pytest.mark.parametrize(
    "text",
    [
        "no, forget it. cancel",
        "ugh stop, not today",
        "nah look forget it for tonight. not ready to make it official. dont save it",
        "no dont save that",
        "dont make it a goal yet",
        "cancel that goal thing, lets start over",
    ],
)
def test_cancel_said_in_any_clause_lets_the_flow_go(text):
    step = flow_say(flow_at_confirmation(), text)

    assert step.outcome is Outcome.CANCELLED
    assert step.dialogue.state is S.IDLE


@pytest.mark.parametrize(("text", "minutes"), [("about twenty minutes", 20),
    ("an hour and a half", 90), ("half an hour", 30), ("20 mins or so", 20)])  # fmt: skip
def test_approximate_minutes_are_accepted(text, minutes):
    context = OPEN_MISSIONS_TWO
    step = flow_start("I did a mission", "complete_mission", context)

    assert flow_say(step, f"the dog, {text}", context).dialogue.slots["minutes"] == minutes


@pytest.mark.parametrize("text", ["dont make it too hard", "please dont make it a big deal"])
def test_a_wish_about_the_goal_is_no_cancel(text):
    assert flow_say(flow_at_confirmation(), text).outcome is not Outcome.CANCELLED


# --- asides, offers and assumptions -----------------------------------------------------------


@pytest.mark.parametrize("text", ["what's the weather like tomorrow?", "lol my tea went cold"])
def test_a_question_or_remark_leaves_the_pending_slot_waiting(text):
    waiting = flow_start("help me set a goal to learn Spanish")

    step = flow_say(waiting, text)

    assert step.outcome is Outcome.ASIDE
    assert step.handoff
    assert step.dialogue == replace(waiting.dialogue, strays=1)
    assert step.reply == "(When you're ready: Why does it matter to you?)"


def test_a_flow_talked_past_three_times_in_a_row_is_set_aside_to_resume_later():
    step = flow_start("help me set a goal to learn Spanish")
    for text in ("lol my tea went cold", "haha the dog ate my homework"):
        step = flow_say(step, text)
        assert step.outcome is Outcome.ASIDE

    step = flow_say(step, "what's the weather like tomorrow?")

    assert step.outcome is Outcome.HANDOFF
    assert step.dialogue.flow is None
    assert step.dialogue.paused["flow"] == "create_goal"
    assert step.dialogue.paused["slots"]["title"] == "Learn Spanish"


def test_a_long_message_a_date_cannot_be_read_from_is_an_aside_not_a_refusal():
    step = flow_say(flow_start("learn Spanish because I love it"), "my cat just sat on my keyboard")

    assert step.outcome is Outcome.ASIDE
    assert step.dialogue.pending_slot == "target_date"


def test_a_yes_is_not_taken_as_the_why():
    step = flow_say(flow_start("help me set a goal to learn Spanish"), "yes")

    assert step.outcome is Outcome.INVALID
    assert "why" not in step.dialogue.slots


def test_an_offer_names_the_aim_without_a_change_of_mind_s_words():
    offer = MANAGER.offer("create_goal", "Actually, I want to learn to cook instead", today=TODAY)

    assert offer.reply == "That sounds worth doing. Shall we make “Learn to cook” a goal?"


def test_an_offer_accepted_asks_the_next_slot_and_declined_lets_it_go():
    offer = MANAGER.offer("create_goal", "I want to learn the drums", today=TODAY)
    assert offer.reply == "That sounds worth doing. Shall we make “Learn the drums” a goal?"

    accepted = flow_say(offer, "sounds good")
    declined = flow_say(offer, "nah")

    assert accepted.dialogue.pending_slot == "why"
    assert accepted.dialogue.slots == {"title": "Learn the drums"}
    assert declined.outcome is Outcome.CANCELLED
    assert declined.dialogue.state is S.IDLE


@pytest.mark.parametrize("text", ["just set it up", "yes set it up", "go ahead"])
def test_an_offer_answered_set_it_up_is_taken(text):
    offer = MANAGER.offer("create_goal", "i want to start running again", today=TODAY)

    assert flow_say(offer, text).dialogue.pending_slot == "why"


@pytest.mark.parametrize("text", ["skip that", "idk really", "nah not now"])
def test_an_offer_skipped_or_unsure_is_let_go_kindly(text):
    offer = MANAGER.offer("create_goal", "i want to learn guitar", today=TODAY)

    declined = flow_say(offer, text)

    assert declined.outcome is Outcome.CANCELLED
    assert declined.reply == "No problem — we'll leave it as a thought for now."


def test_an_offer_answered_with_more_of_the_goal_starts_it_with_what_was_said():
    offer = MANAGER.offer("create_goal", "i want to get fitter but i have no time", today=TODAY)
    assert offer.reply == "That sounds worth doing. Shall we make “Get fitter” a goal?"

    refined = flow_say(offer, "like maybe just be able to run 5k without stopping, by march")

    assert refined.dialogue.slots["title"] == "Be able to run 5k without stopping"
    assert refined.dialogue.slots["target_date"] == "2026-03-31"
    assert refined.dialogue.pending_slot == "why"


def test_an_offer_answered_with_a_reason_starts_it_with_the_reason():
    offer = MANAGER.offer(
        "create_goal",
        "i wanna quit vaping. been doing it since uni and its getting stupid",
        today=TODAY,
    )
    assert offer.reply == "That sounds worth doing. Shall we make “Quit vaping” a goal?"

    reason = "my girlfriend hates the smell and i get out of breath on the stairs"
    started = flow_say(offer, reason)

    assert started.dialogue.slots == {"title": "Quit vaping", "why": reason.capitalize()}
    assert started.dialogue.pending_slot == "target_date"


def test_with_one_goal_it_is_assumed_and_said_and_the_change_done_at_once():
    context = DialogueContext(goals=(Choice(7, "Paint the shed"),))

    step = flow_start("change my goal's deadline to the end of May", "adjust_goal", context)

    assert step.outcome is Outcome.EXECUTE
    assert step.action == (
        "adjust_goal",
        {"goal": {"id": 7, "title": "Paint the shed"}, "field": "target_date",
         "new_value": "2026-05-31"},
    )  # fmt: skip
    assert step.reply == "You have one goal, “Paint the shed”, so I've taken it that's the one."


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("my shed goal needs more time, give me until October", "target_date", "2026-10-31"),
        ("the shed goal should be connection, not craft", "value_category", "connection"),
        ("change my shed goal to paint the shed green instead", "title", "Paint the shed green"),
    ],
)
def test_a_change_says_its_field_through_its_value(text, field, value):
    context = DialogueContext(goals=(Choice(7, "Paint the shed"), Choice(8, "Run 5k")))

    step = flow_start(text, "adjust_goal", context)

    assert step.action[1]["field"] == field
    assert step.action[1]["new_value"] == value


def test_a_mission_named_with_its_minutes_is_marked_at_once_not_confirmed():
    context = DialogueContext(
        missions=(Choice(1, "Map a safe loop"), Choice(2, "Walk-run your loop"),
                  Choice(3, "Brisk walk with jogs"))
    )  # fmt: skip
    step = flow_start("I did a mission", "complete_mission", context)

    marked = flow_say(step, "the safe loop, 20 min", context)

    assert marked.outcome is Outcome.EXECUTE
    assert marked.action == ("complete_mission", {"mission": {"id": 1, "title": "Map a safe loop"},
                                                  "minutes": 20})  # fmt: skip


def test_an_ordinal_answers_among_the_two_just_offered():
    context = DialogueContext(
        missions=(Choice(1, "Stretch"), Choice(2, "Walk-run your loop"), Choice(3, "Walk a loop"))
    )
    asked = flow_start("I did a mission", "complete_mission", context)
    offered = flow_say(asked, "the loop", context)
    assert offered.dialogue.offered  # "Do you mean “…” or “…”?"

    chosen = flow_say(offered, "the first one", context)

    assert chosen.dialogue.slots["mission"]["title"] == offered.dialogue.offered[0]


def test_an_undo_that_names_one_of_the_two_offered_answers_the_question():
    context = DialogueContext(
        missions=(
            Choice(1, "Walk-run your loop and note how it felt"),
            Choice(2, "Walk-run the hill twice"),
        )
    )
    asked = flow_start("I did a mission", "complete_mission", context)
    offered = flow_say(asked, "the walk-run", context)
    assert offered.dialogue.offered

    chosen = flow_say(offered, "wait no i did the loop one not that, undo", context)

    assert chosen.dialogue.slots["mission"]["title"] == "Walk-run your loop and note how it felt"


# --- a clearer aim, and what it is not ----------------------------------------------------------


def test_asked_why_a_clearer_aim_replaces_a_title_that_named_only_a_topic():
    step = flow_start("ok so listen. i want to start a new goal thing. about the grog")
    assert step.dialogue.pending_slot == "why"

    step = flow_say(
        step, "cut down on the beer. im having like 5 or 6 a night after work, doc wasnt happy"
    )

    assert step.dialogue.slots["title"] == "Cut down on the beer"
    assert step.dialogue.slots["why"].startswith("Im having like 5 or 6 a night")
    assert step.dialogue.pending_slot == "target_date"


def test_asked_why_an_aim_said_as_the_reason_keeps_a_clear_title():
    step = flow_say(flow_start("help me set a goal to learn Spanish"), "talk with my neighbours")

    assert step.dialogue.slots["title"] == "Learn Spanish"
    assert step.dialogue.slots["why"] == "Talk with my neighbours"


def test_asked_why_the_same_aim_with_an_amount_becomes_the_title_and_why_is_asked_again():
    step = flow_say(flow_start("i want to drink more water"), "drink 2 litres a day")

    assert step.dialogue.slots["title"] == "Drink 2 litres a day"
    assert "why" not in step.dialogue.slots
    assert step.reply == "“Drink 2 litres a day” it is. Why does this goal matter to you?"


@pytest.mark.parametrize("text", ["bc i always get headaches", "cuz i always get headaches"])
def test_a_reason_said_with_bc_while_the_date_is_asked_is_the_reason(text):
    step = flow_say(flow_start("i want to drink more water"), "drink 2 litres a day")
    step = flow_say(step, "idk")
    assert step.dialogue.pending_slot == "target_date"

    step = flow_say(step, text)

    assert step.dialogue.slots["why"] == "I always get headaches"


@pytest.mark.parametrize("text", ["did the water thing", "went running earlier"])
def test_asked_why_a_deed_just_done_is_news_and_why_waits(text):
    step = flow_say(flow_start("i want to drink more water"), text)

    assert step.outcome is Outcome.ASIDE
    assert "why" not in step.dialogue.slots
    assert step.dialogue.pending_slot == "why"


def test_asked_why_a_deed_long_ago_is_a_reason():
    step = flow_say(flow_start("i want to run again"), "i used to run and i loved it")

    assert step.dialogue.slots["why"] == "I used to run and i loved it"


@pytest.mark.parametrize("text", ["idk you pick", "up to you", "you decide"])
def test_the_choice_left_to_her_leaves_the_date_open(text):
    step = flow_say(flow_start("i want to read more because my phone eats my brain"), text)

    assert step.dialogue.slots["target_date"] is None
    assert step.dialogue.pending_slot != "target_date"


def test_a_reason_said_with_bc_at_the_offer_is_the_reason_and_its_yesterday_no_date():
    offered = MANAGER.offer("create_goal", "i want to get my sleep sorted", today=TODAY)

    step = flow_say(offered, "bc im exhausted and i snapped at dev yesterday over nothing")

    assert step.dialogue.slots["why"] == "Im exhausted and i snapped at dev yesterday over nothing"
    assert step.dialogue.pending_slot == "target_date"


@pytest.mark.parametrize("text", ["i'll do the first one tonight", "i'll start tomorrow"])
def test_asked_why_a_plan_with_its_time_is_no_reason(text):
    step = flow_say(flow_start("i want to pass calc 2"), text)

    assert step.outcome is Outcome.ASIDE
    assert "why" not in step.dialogue.slots


def test_asked_the_title_a_thing_described_with_a_face_is_no_title():
    step = flow_start("", "create_goal")
    assert step.dialogue.pending_slot == "title"

    step = flow_say(step, "integration by parts is my nemesis 😭")

    assert step.outcome is Outcome.ASIDE
    assert "title" not in step.dialogue.slots


def test_asked_the_title_a_habit_asked_for_instead_sets_the_goal_aside():
    step = flow_say(flow_start("", "create_goal"), 'can u make "study 2 pomodoros a day" a habit')

    assert step.handoff
    assert "title" not in step.dialogue.slots


def test_asked_the_date_a_skip_that_opens_a_longer_reply_leaves_it_open_unless_a_date_follows():
    asked = flow_start("i want to read more because my phone eats my brain")

    skipped = flow_say(asked, "no date, just want to start")
    dated = flow_say(asked, "no deadline, but end of march would be nice")

    assert skipped.dialogue.slots["target_date"] is None
    assert dated.dialogue.slots["target_date"].endswith("-03-31")


def test_not_this_but_that_changes_the_title_it_names():
    step = flow_say(flow_start("i want to cut down on the beer"), "my liver numbers are bad")

    step = flow_say(step, "actually no not cut down. no beer on weekdays. cut down is a cop out")

    assert step.dialogue.slots["title"] == "No beer on weekdays"
    assert step.dialogue.slots["why"] == "My liver numbers are bad"


def test_asked_why_an_area_of_life_said_early_is_kept_and_why_asked_again():
    step = flow_say(flow_start("i want to learn guitar"), "craft i guess")

    assert step.dialogue.slots["value_category"] == "craft"
    assert "why" not in step.dialogue.slots
    assert step.dialogue.pending_slot == "why"


def test_a_new_goal_and_its_date_said_at_the_summary_change_both():
    step = flow_say(flow_start("get back into reading by june"), "because my brain feels fried")

    step = flow_say(step, "make it read 12 books by december next year")

    assert step.dialogue.slots["title"] == "Read 12 books"
    assert step.dialogue.slots["target_date"].endswith("-12-31")
    assert step.reply.startswith("Got it — the title is now Read 12 books and the target date")


@pytest.mark.parametrize(
    "text",
    [
        "ok sleep now. thanks eliza. oyasumi",
        "Merci Eliza. Bonne nuit. Khoda hafez",
        "gotta go, bye",
    ],
)
def test_leaving_for_now_answers_no_slot_and_the_flow_waits_for_their_return(text):
    asked_why = flow_start("i want a new goal. mix my own glaze by summer")

    step = flow_say(asked_why, text)

    assert step.handoff
    assert "why" not in step.dialogue.slots
    assert MANAGER.resume(step.dialogue, today=TODAY).outcome is Outcome.ASK


def test_leaving_for_now_at_the_summary_sets_the_goal_aside_unsaved():
    step = flow_say(flow_at_confirmation(), "thanks eliza, good night")

    assert step.handoff
    assert step.action is None


def test_a_reason_given_with_a_shrug_at_confirmation_replaces_the_reason():
    step = flow_say(flow_at_confirmation(), "i guess because i get out of breath on the stairs")

    assert step.dialogue.slots["why"] == "I get out of breath on the stairs"
    assert step.reply.startswith("Got it — the reason is now")


@pytest.mark.parametrize("text", ["wait no it was the alarm one", "neither", "the alarm one"])
def test_asked_which_a_pointer_to_none_of_them_is_asked_again_with_the_list(text):
    context = DialogueContext(
        missions=(
            Choice(1, "Write down when you went to bed and woke up"),
            Choice(2, "Choose a fixed bedtime and set a reminder"),
            Choice(3, "Create a 20-minute screen-free wind-down"),
        )
    )
    two = DialogueContext(missions=context.missions[:2])  # the two the deed fits
    asked = flow_start("did the phone one last night", "complete_mission", two)
    assert asked.dialogue.offered

    again = flow_say(asked, text, context)
    chosen = flow_say(again, "the third one", context)

    assert again.reply.startswith("I can't find that one on your list. Which was it:")
    assert "“Create a 20-minute screen-free wind-down”" in again.reply
    assert chosen.dialogue.slots["mission"]["title"] == "Create a 20-minute screen-free wind-down"


def test_asked_which_twice_a_second_pointer_to_none_sets_the_flow_aside():
    context = DialogueContext(
        missions=(Choice(1, "Write down your bedtime"), Choice(2, "Set a reminder"))
    )
    asked = flow_start("did the phone one", "complete_mission", context)
    again = flow_say(asked, "the alarm one", context)

    aside = flow_say(again, "the alarm one", context)

    assert aside.dialogue.state.value == "idle"
