"""Questions about the story and Essence, answered from the story note."""

from __future__ import annotations

import pytest

from delight.ai.offline import ReplyContext, compose_reply
from delight.ai.offline.story_answers import (
    StoryNote,
    asks_about_story,
    celebration,
    story_answer,
    story_line,
)
from delight.ai.types import EmotionResult

NOTE = StoryNote(
    essence=45,
    beats=6,
    act="First Light",
    chapter="The First Spark",
    latest="The Second Lantern",
    told=("You finished “Run 2 km”", "A 7-day streak"),
    quests=("Twenty days unbroken",),
)


def test_a_model_reads_the_story_as_one_plain_line():
    assert story_line(NOTE) == (
        "45 Essence; 6 passages; act “First Light”; chapter “The First Spark”; latest "
        "“The Second Lantern”; it told: You finished “Run 2 km” | A 7-day streak; quests: "
        "Twenty days unbroken"
    )
    assert story_line(StoryNote(0, 1, "First Light", "Arrival")) == (
        "0 Essence; 1 passage; act “First Light”; chapter “Arrival”"
    )


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("How many essence do I have?", True),
        ("what's my Essence balance", True),
        ("What happened in my story?", True),
        ("Which chapter am I in?", True),
        ("Have I found any hidden quests?", True),
        ("I love a good story", False),
        ("I went for a run today.", False),
    ],
)
def test_questions_about_the_story_are_told_apart(text, asks):
    assert asks_about_story(text) is asks


def test_essence_is_answered_with_the_balance_and_what_it_is_for():
    answer = story_answer("How many essence do I have?", NOTE)

    assert answer.startswith("You have 45 Essence.")
    assert "side chapters" in answer


def test_no_essence_yet_says_how_it_is_earned():
    answer = story_answer("How much essence do I have?", StoryNote(0, 0, "First Light", "Arrival"))

    assert answer.startswith("You have no Essence yet. Every mission you finish earns 10")


def test_the_story_is_told_with_the_real_progress_of_its_latest_passage():
    answer = story_answer("What happened in my story?", NOTE)

    assert answer == (
        "Your story is in the chapter “The First Spark” of “First Light”, 6 passages so far. "
        "The latest, “The Second Lantern”, tells of this: you finished “Run 2 km” and a 7-day "
        "streak. You can read it all on your Story page."
    )


def test_a_latest_title_that_quotes_a_mission_is_set_with_single_quotes_inside():
    told = ("You finished “Run 2 km”",)
    note = StoryNote(20, 2, "First Light", "Arrival", latest="For “Run 2 km”", told=told)

    answer = story_answer("hows my story going", note)

    inner = "\N{LEFT SINGLE QUOTATION MARK}Run 2 km\N{RIGHT SINGLE QUOTATION MARK}"
    assert f"The latest, “For {inner}”, tells of this: you finished “Run 2 km”." in answer


def test_quests_found_are_named_and_the_rest_stay_hidden():
    answer = story_answer("Have I found any hidden quests?", NOTE)

    assert answer == (
        "You've found a hidden quest: “Twenty days unbroken”. The others stay hidden until you "
        "meet them."
    )


def test_before_the_first_passage_the_story_says_how_it_begins():
    answer = story_answer("What happened in my story?", StoryNote(0, 0, "First Light", "Arrival"))

    assert answer.startswith("Your story hasn't begun yet: it starts with your first finished")


def test_a_passage_being_written_is_said_to_be_on_its_way():
    first = StoryNote(0, 0, "First Light", "Arrival", coming=True)
    more = StoryNote(20, 2, "First Light", "Arrival", latest="First Light", coming=True)

    assert story_answer("hows my story going", first).startswith("Your story is beginning")
    assert "A new passage is being written" in story_answer("hows my story going", more)


def test_a_joyful_moment_is_celebrated_with_the_latest_passage():
    assert "“The Second Lantern”" in celebration(NOTE)
    assert celebration(StoryNote(0, 0, "First Light", "Arrival")) == ""

    reply = compose_reply(
        "I finished my first 5k today!",
        emotion=EmotionResult({"joy": 0.9}, "joy"),
        strategy="celebrate",
        context=ReplyContext(story=NOTE),
    )

    assert "“The Second Lantern”" in reply.text


def test_the_offline_eliza_answers_essence_from_the_story_note():
    reply = compose_reply("How many essence do I have?", context=ReplyContext(story=NOTE))

    assert (reply.rule, reply.text.split(".")[0]) == ("story", "You have 45 Essence")


def test_a_passage_held_for_the_evening_is_said_to_come_then():
    held = "Your next passage comes this evening at 20:00, telling of “Run 2 km”."
    note = StoryNote(20, 2, "First Light", "Arrival", latest="First Light", coming=True, next=held)

    answer = story_answer("hows my story going", note)

    assert held in answer
    assert "being written" not in answer
