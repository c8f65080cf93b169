"""The three flows: what each one's slots take and refuse, and what it says back."""

from __future__ import annotations

import pytest

from companion.dialogue.choices import Choice
from companion.dialogue.flows import COMPLETE_MISSION, CREATE_GOAL, reason_shown
from companion.dialogue.manager import Outcome
from companion.dialogue.parsing import DialogueContext, SlotEnv, SlotError
from tests.companion.factories import (
    ACTIVE_GOALS,
    OPEN_MISSIONS,
    TODAY,
    flow_say,
    flow_start,
)

# --- create_goal ------------------------------------------------------------------------------


def test_a_message_can_fill_several_slots_at_once():
    step = flow_start("I want to run a half marathon by May for my health")

    assert step.dialogue.slots == {
        "title": "Run a half marathon",
        "target_date": "2026-05-31",
        "value_category": "health",
    }
    assert step.dialogue.pending_slot == "why"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("qué bien!! ok, I want to make other goal. for my english", "my english"),
        ("ok so listen. i want to start a new goal thing. about the grog", "the grog"),
        ("i want a goal to learn spanish", "learn spanish"),
        ("honestly i want to get my sleep sorted", "get my sleep sorted"),
        ("tbh i want to get my sleep sorted", "get my sleep sorted"),
        ("yeah i think i want to get back to running", "get back to running"),
        ("well i need to read more", "read more"),
        (
            "ok so i think i want to do a goal. ive been saying for like 2 years id get back"
            " into running",
            "get back into running",
        ),
    ],
)
def test_what_leads_up_to_a_goal_request_and_its_own_words_are_no_title(text, title):
    assert CREATE_GOAL.extract(text, SlotEnv(TODAY)).values == {"title": title}


def test_a_wish_to_sell_at_a_holiday_market_next_year_dates_it_by_the_year():
    found = CREATE_GOAL.extract(
        "honestly i want to sell my pottery at the christmas market next year", SlotEnv(TODAY)
    ).values

    assert found == {"title": "sell my pottery at the christmas market", "target_date": "next year"}


def test_a_wish_long_meant_opened_with_so_keeps_its_title_and_the_rest_is_its_reason():
    text = (
        "so i've been meaning to get fitter for ages, my sister keeps nagging me to do a 10k"
        " with her in the summer"
    )
    values = CREATE_GOAL.extract(text, SlotEnv(TODAY)).values
    assert values["title"] == "get fitter for ages"  # the slot's parser drops "for ages"
    assert values["why"] == "my sister keeps nagging me to do a 10k with her"
    assert values["value_category"] == "health"
    step = flow_start(text)
    assert step.dialogue.slots["title"] == "Get fitter"


def test_a_wish_joined_on_after_a_trip_is_the_title_and_the_trip_its_date():
    text = (
        "so me and my partner are going to seville in may and i really want to learn some"
        " spanish before we go, like enough to order food"
    )
    values = CREATE_GOAL.extract(text, SlotEnv(TODAY)).values
    assert values == {"target_date": "in may", "title": "learn some spanish"}


def test_a_wish_led_up_to_is_the_title_without_its_lead_up():
    text = "honestly the big thing is i want to save up for a deposit on a flat, im sick of renting"
    values = CREATE_GOAL.extract(text, SlotEnv(TODAY)).values
    assert values["title"] == "save up for a deposit on a flat"


def test_making_it_a_goal_names_no_title():
    assert "title" not in CREATE_GOAL.extract("yeah lets make it a goal", SlotEnv(TODAY)).values


def test_an_opening_message_with_no_goal_asks_for_the_title():
    step = flow_start("I'd like to set a new goal")

    assert step.dialogue.slots == {}
    assert step.dialogue.pending_slot == "title"


def test_an_unknown_or_ambiguous_category_is_re_asked():
    step = flow_say(flow_start("speak Spanish because I love it"), "no deadline")

    unknown = flow_say(step, "pottery?")
    both = flow_say(step, "health and learning")

    assert unknown.reply == (
        "I didn't recognise that area of life — is it health, craft, growth or connection?"
    )
    assert both.reply.startswith("That could be growth or health")


@pytest.mark.parametrize("text", ["ok wait thats not bad", "oh cool", "lol ok", "thats fair"])
def test_a_reaction_is_no_goal_title(text):
    step = flow_say(flow_start("I'd like to set a new goal"), text)

    assert step.outcome in (Outcome.INVALID, Outcome.ASIDE)
    assert "title" not in step.dialogue.slots
    assert step.dialogue.pending_slot == "title"


def test_a_required_slot_cannot_be_skipped():
    step = flow_say(flow_start("I'd like to set a new goal"), "skip")

    assert step.outcome is Outcome.INVALID
    assert step.reply == "I need the title to go on — what would you like to call the goal?"


@pytest.mark.parametrize("text", ["skip", "idk really", "just set it up", "go ahead", "dunno tbh"])
def test_why_can_be_skipped_and_the_summary_then_leaves_it_out(text):
    asked_date = flow_say(flow_start("learn Spanish"), text)

    summary = flow_say(asked_date, "no deadline")

    assert asked_date.dialogue.pending_slot == "target_date"
    assert summary.reply.startswith(
        "Here's the goal: “Learn Spanish” (growth), target: no deadline. Shall I set it up?"
    )


def test_a_reason_given_is_said_back_in_the_summary():
    summary = flow_say(flow_start("learn Spanish because I love it"), "no deadline")

    assert "Why it matters: you love it. Shall I set it up?" in summary.reply


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


# --- complete_mission -------------------------------------------------------------------------


def test_complete_mission_in_one_message():
    step = flow_start(
        "I finished my stretching, took 25 minutes", "complete_mission", OPEN_MISSIONS
    )

    assert step.dialogue.slots == {
        "mission": {"id": 1, "title": "Stretch for 10 minutes"},
        "minutes": 25,
    }
    assert step.outcome is Outcome.EXECUTE
    assert step.action == ("complete_mission", step.dialogue.slots)


def test_a_mission_reported_without_minutes_is_done_at_once_with_the_time_unrecorded():
    step = flow_start("done! stretched this morning", "complete_mission", OPEN_MISSIONS)

    assert step.outcome is Outcome.EXECUTE
    assert step.action == (
        "complete_mission",
        {"mission": {"id": 1, "title": "Stretch for 10 minutes"}, "minutes": None},
    )


def test_complete_mission_step_by_step_is_done_once_the_mission_is_known():
    step = flow_start("I completed a mission", "complete_mission", OPEN_MISSIONS)
    assert step.dialogue.pending_slot == "mission"

    step = flow_say(step, "the writing one", OPEN_MISSIONS)
    assert step.outcome is Outcome.EXECUTE  # the minutes are never asked for
    assert step.action == (
        "complete_mission",
        {"mission": {"id": 2, "title": "Write 200 words"}, "minutes": None},
    )


def test_a_mission_can_be_picked_by_position():
    step = flow_say(
        flow_start("done!", "complete_mission", OPEN_MISSIONS), "the third one", OPEN_MISSIONS
    )

    assert step.dialogue.slots["mission"]["id"] == 3


def test_an_ambiguous_mission_is_re_asked_with_the_two_best_latest_first():
    context = DialogueContext(missions=(Choice(1, "Walk 10 minutes"), Choice(2, "Walk the dog")))

    step = flow_say(flow_start("I did it", "complete_mission", context), "the walk", context)

    assert step.outcome is Outcome.INVALID
    assert step.reply == "Do you mean “Walk the dog” or “Walk 10 minutes”?"


def test_a_word_only_one_mission_has_decides_over_words_they_share():
    context = DialogueContext(
        missions=(
            Choice(1, "Check your shoes and lay out your running kit"),
            Choice(2, "Walk-run around the park loop and note how it felt"),
        )
    )

    both = flow_start("I did the shoes thing and mapped a loop", "complete_mission", context)
    assert both.reply == (
        "Do you mean “Check your shoes and lay out your running kit” or “Walk-run around the "
        "park loop and note how it felt”?"
    )
    one = flow_start("did the shoes thing, laid out my running kit", "complete_mission", context)
    assert one.action[1]["mission"]["id"] == 1


def test_no_open_missions():
    step = flow_say(flow_start("I did it", "complete_mission"), "the walk")

    assert step.reply.startswith("I don't see any open missions right now")


def test_hours_of_something_else_in_the_opening_message_are_no_minutes_to_argue_about():
    text = "ugh couldnt sleep, slept like 4 hours"
    assert "minutes" in COMPLETE_MISSION.extract(text, SlotEnv(TODAY, OPEN_MISSIONS)).values

    step = flow_start(text, "complete_mission", OPEN_MISSIONS)

    assert "minutes" not in step.dialogue.slots
    assert "between 1 and" not in step.reply


def test_minutes_said_out_of_range_are_refused():
    step = flow_start("I did it", "complete_mission", OPEN_MISSIONS)
    too_long = flow_say(step, "the stretch, 900 minutes", OPEN_MISSIONS)

    assert too_long.reply.startswith("That should be between 1 and 180")


# --- adjust_goal ------------------------------------------------------------------------------


def test_adjust_goal_in_one_message():
    step = flow_start("move my marathon goal to June", "adjust_goal", ACTIVE_GOALS)

    assert step.dialogue.slots == {
        "goal": {"id": 10, "title": "Run a half marathon"},
        "field": "target_date",
        "new_value": "2026-06-30",
    }
    assert step.outcome is Outcome.EXECUTE


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("move it to april actually, march is mad busy", "2026-04-30"),
        ("push it to october, my mate cant do sept", "2026-10-31"),
        ("wait i said end of june not july", "2026-06-30"),
        ("no i meant april 12", "2026-04-12"),
    ],
)
def test_moving_the_goal_in_focus_takes_the_date_not_the_reason_after_it(text, value):
    context = DialogueContext(goals=(Choice(7, "Climb Ben Nevis"),))

    step = flow_start(text, "adjust_goal", context)

    assert step.dialogue.slots["new_value"] == value


def test_adjust_goal_step_by_step():
    step = flow_start("I want to change a goal", "adjust_goal", ACTIVE_GOALS)
    assert step.dialogue.pending_slot == "goal"

    step = flow_say(step, "Spanish", ACTIVE_GOALS)
    assert step.dialogue.pending_slot == "field"

    step = flow_say(step, "the category", ACTIVE_GOALS)
    assert step.dialogue.pending_slot == "new_value"

    step = flow_say(step, "friends", ACTIVE_GOALS)
    assert step.reply == "Change the category of “Learn Spanish” to connection?"
    assert flow_say(step, "yes", ACTIVE_GOALS).action == (
        "adjust_goal",
        {"goal": {"id": 11, "title": "Learn Spanish"}, "field": "value_category",
         "new_value": "connection"},
    )  # fmt: skip


def test_a_no_to_a_goals_change_asks_for_its_new_value_again_in_words():
    step = flow_start("I want to change a goal", "adjust_goal", ACTIVE_GOALS)
    step = flow_say(flow_say(step, "Spanish", ACTIVE_GOALS), "the title", ACTIVE_GOALS)
    step = flow_say(step, "speak spanish in seville", ACTIVE_GOALS)

    again = flow_say(step, "no", ACTIVE_GOALS)

    assert again.reply == "What should it be instead?"
    assert again.dialogue.pending_slot == "new_value"
    assert flow_say(again, "order tapas in spanish", ACTIVE_GOALS).reply == (
        "Change the title of “Learn Spanish” to Order tapas in Spanish?"
    )


@pytest.mark.parametrize(
    "text",
    [
        "can u change the goal name, just call it sort my sleep out",
        "call the goal sort my sleep out",
    ],
)
def test_a_new_name_said_as_such_renames_the_goal(text):
    context = DialogueContext(goals=(Choice(7, "Honestly I want to get my sleep sorted"),))

    step = flow_start(text, "adjust_goal", context)

    assert step.dialogue.slots["field"] == "title"
    assert step.dialogue.slots["new_value"] == "Sort my sleep out"
    assert step.outcome is Outcome.EXECUTE


def test_a_deed_told_while_a_new_title_is_asked_is_no_title():
    context = DialogueContext(goals=(Choice(7, "Sort my sleep out"),))
    asked = flow_start("can you change the goal name", "adjust_goal", context)

    deed = "i wrote down when i went to bed and got up, took like 2 mins lol"

    step = flow_say(asked, deed, context)

    assert "new_value" not in step.dialogue.slots
    assert step.dialogue.pending_slot == "new_value"


def test_adjust_goal_can_remove_the_deadline():
    step = flow_start("I want to adjust my marathon goal", "adjust_goal", ACTIVE_GOALS)
    step = flow_say(flow_say(step, "the deadline", ACTIVE_GOALS), "no deadline", ACTIVE_GOALS)

    assert step.dialogue.slots["new_value"] is None
    assert step.reply == "Change the target date of “Run a half marathon” to no deadline?"


def test_adjust_goal_validates_the_new_value_like_the_field():
    step = flow_start(
        "change the deadline of learn Spanish to 2020-01-01", "adjust_goal", ACTIVE_GOALS
    )

    assert step.outcome is Outcome.INVALID
    assert step.reply == "That date is in the past — what should it be instead?"


@pytest.mark.parametrize("text", ["fair enough", "haha ok", "lol", "makes sense"])
def test_a_nod_is_never_a_goals_title(text):
    with pytest.raises(SlotError):
        CREATE_GOAL.slot("title").read(text, SlotEnv(TODAY))


@pytest.mark.parametrize(
    ("why", "shown"),
    [
        ("So i see my grandkids grow up", "you can see your grandkids grow up"),
        ("So we eat less processed stuff", "we can eat less processed stuff"),
        ("So i have more energy", "So you have more energy"),
        ("Want the kids to grow up eating veg", "you want the kids to grow up eating veg"),
    ],
)
def test_a_purpose_is_said_back_with_its_can(why, shown):
    assert reason_shown(why) == shown


def test_of_several_sentences_the_wish_is_the_goal_and_time_away_is_no_date_or_reason():
    text = (
        "but thats not why im here lol. i want to start playing guitar again, i havent "
        "touched it in like 6 years"
    )

    values = CREATE_GOAL.extract(text, SlotEnv(TODAY)).values

    assert values == {"title": "start playing guitar again"}


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("i wanna read 12 books next year, been meaning to for ages", "read 12 books"),
        ("i want to learn the cello, always wanted to", "learn the cello"),
        ("i want to swim more, cause my knees hate running", "swim more"),
        ("i want to call my gran every sunday, its been too long", "call my gran every sunday"),
        ("i want to save 2000 euros, one bit at a time", "save 2000 euros, one bit at a time"),
    ],
)
def test_an_aside_after_a_comma_without_its_i_is_no_part_of_the_title(text, title):
    assert CREATE_GOAL.extract(text, SlotEnv(TODAY)).values["title"] == title


def test_a_wish_with_really_and_a_but_after_it_is_the_goal_alone():
    text = "i really want to go to japan next autumn but im terrible with money lol"

    values = CREATE_GOAL.extract(text, SlotEnv(TODAY)).values

    assert values["title"] == "go to japan"


def test_a_reason_said_back_from_its_second_sentence_loses_its_and():
    assert reason_shown("ive wanted to go since i was 12. and i want to see kyoto") == (
        "you want to see kyoto"
    )


def test_a_season_narrowed_by_a_bare_month_keeps_both_for_the_date():
    found = CREATE_GOAL.extract("run a 5k by the summer? like june", SlotEnv(TODAY))
    assert found.values["target_date"] == "by the summer? like june"
    assert found.values["title"] == "run a 5k"


def test_a_season_followed_by_a_month_gives_way_to_the_month():
    text = "i wanna run a 10k in the spring, like the corrida in porto in april"
    found = CREATE_GOAL.extract(text, SlotEnv(TODAY))
    assert found.values["target_date"] == "in april"
    assert "spring" not in found.values["title"]


def test_a_date_cut_from_the_first_sentence_leaves_the_next_sentence_out_of_the_title():
    text = "i want to learn to swim properly this year. i can only do like a doggy paddle lol"
    step = flow_start(text)

    assert step.dialogue.slots["title"] == "Learn to swim properly"
