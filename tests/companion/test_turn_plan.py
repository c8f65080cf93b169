"""What Eliza's reply will do (companion/turn/plan.py): the message's act, the feeling first."""

from __future__ import annotations

import pytest

from companion.turn.plan import Feeling, reply_act, topic_of

CALM = Feeling("neutral", {})
SAD = Feeling("sadness", {"sadness": 0.8})
AFRAID = Feeling("fear", {"fear": 0.7})


@pytest.mark.parametrize(
    ("act", "reply"),
    [
        ("greeting", "greet"),
        ("grief", "sympathy"),
        ("venting", "listen"),
        ("advice_request", "advice"),
        ("out_of_scope", "decline"),
        ("good_news", "celebrate"),
        ("memory_question", "memory_answer"),
    ],
)
def test_the_reply_follows_what_the_message_does(act, reply):
    assert reply_act(act, 0.9, CALM) == reply


JOYFUL = Feeling("joy", {"joy": 0.8})


def test_a_statement_read_with_little_confidence_is_listened_to():
    assert reply_act("good_news", 0.2, CALM, text="ok i will call dr patel") == "listen"


@pytest.mark.parametrize(
    ("feeling", "text"),
    [(JOYFUL, "baby came early!! everyone is ok"), (CALM, "and where does she live")],
)
def test_a_clear_feeling_or_a_question_read_with_little_confidence_is_left_to_the_strategy(
    feeling, text
):
    assert reply_act("good_news", 0.2, feeling, text=text) == ""


@pytest.mark.parametrize("act", ["small_talk", "reflection", "question"])
def test_asking_for_an_idea_in_words_gets_one_whatever_the_act(act):
    assert reply_act(act, 0.1, CALM, text="do u think i should get a capo") == "advice"


def test_a_heavy_feeling_or_a_loss_is_never_celebrated():
    assert reply_act("good_news", 0.9, SAD) == "sympathy"
    assert reply_act("good_news", 0.9, CALM, grieving=True) == "sympathy"
    assert reply_act("small_talk", 0.9, SAD) == "listen"


def test_worry_with_real_fear_gets_a_calming_step():
    assert reply_act("worry", 0.9, AFRAID) == "calm"
    assert reply_act("worry", 0.9, CALM) == "listen"


def test_a_fact_taught_is_said_back_unless_it_tells_of_a_loss():
    assert reply_act("grief", 0.4, SAD, teaches=True) == "fact_noted"
    assert reply_act("grief", 0.9, SAD, teaches=True, grieving=True) == "sympathy"
    assert reply_act("advice_request", 0.9, CALM, teaches=True) == "advice"


def test_a_topic_is_kept_from_what_was_told_not_from_questions():
    told = topic_of("my flatmate never does the dishes and i am sick of it", "venting")
    assert told.startswith("your flatmate never does the dishes")
    assert topic_of("what should i do about my flatmate?", "advice_request") == ""
    assert topic_of("ok", "reflection") == ""
