"""Eliza's reply: her rules, variety, emotion and context."""

from __future__ import annotations

import dataclasses
import itertools
import re

import pytest

from delight.ai.offline import UNPLANNED, GoalNote, MemoryNote, ReplyContext, ZoneNote
from delight.ai.offline.compose import compose_reply
from delight.ai.offline.quality import reply_problems
from delight.ai.types import EMOTIONS, ChatMessage, EmotionResult, IntentResult

CONTEXT = ReplyContext(
    goal_notes=(GoalNote("Run a 5k"),),
    missions=("10-minute walk", "stretch for 5 minutes", "lay out running shoes"),
    memory_notes=(MemoryNote("Likes hiking"),),
)


def emotion(label: str, score: float = 0.8) -> EmotionResult:
    scores = {name: 0.0 for name in EMOTIONS}
    scores[label] = score
    return EmotionResult(scores=scores, dominant=label)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I am stuck on my thesis", r"your thesis"),
        ("I want to run a marathon", r"run a marathon"),
        ("I feel like nobody listens to me", r"nobody listens to you"),
        ("My mother never listens to me", r"your mother never listens to you"),
        ("I can't finish my essay", r"finish your essay"),
        ("I'm worried about my exam", r"your exam"),
        ("Why can't I focus", r"\bfocus\b"),
        ("I finished my first 10k!", r"your first 10k"),
        ("I need to sleep more", r"sleep more"),
        ("My name is Alice", r"Alice"),
        ("I'm Sam", r"Sam"),
    ],
)
def test_reply_reflects_the_persons_own_words(text: str, expected: str) -> None:
    reply = compose_reply(text).text
    assert re.search(expected, reply), reply
    assert " my " not in f" {reply.lower()} " or "my best" in reply.lower()


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("hello", "greeting"),
        ("Good morning!", "greeting"),
        ("how are you?", "how_are_you"),
        ("thanks so much", "thanks"),
        ("bye for now", "goodbye"),
        ("who are you?", "who_are_you"),
        ("I'm so overwhelmed by everything", "overwhelm"),
        ("I'm exhausted", "tired"),
        ("I skipped my run again", "setback"),
        ("I keep procrastinating", "stuck"),
        ("what should I do next?", "mission"),
        ("the weather is awful", "weather"),
        ("asdf qwerty", "fallback"),
    ],
)
def test_keywords_pick_the_expected_rule(text: str, rule: str) -> None:
    assert compose_reply(text).rule == rule


TABLE = [
    "hello",
    "I'm stressed about work",
    "I feel sad",
    "I finished my report!",
    "I want to learn the guitar",
    "you are useless",
    "why don't you tell me what to do",
    "My sister is sick",
    "hmm",
    "I don't know",
    "what is the point of all this",
    "I always give up",
    "I love hiking",
    "ok",
    "bye",
]


@pytest.mark.parametrize("text", TABLE)
def test_replies_never_leak_template_slots(text: str) -> None:
    for strategy in ("", "celebrate", "calm", "acknowledge", "coach", "clarify", "crisis"):
        named = dataclasses.replace(CONTEXT, name="Sam")
        reply = compose_reply(text, strategy=strategy, context=named).text
        assert not re.search(r"[{}]|\bNone\b", reply), reply
        assert reply[0].isupper()
        assert reply.strip() == reply


@pytest.mark.parametrize(
    "text", ["is it normal to feel scared of deep water", "is it silly to be afraid of the dark"]
)
def test_asked_whether_a_fear_is_normal_she_says_it_is(text: str) -> None:
    reply = compose_reply(text).text
    assert reply.startswith(("Very normal.", "Completely normal")), reply


def test_the_same_message_never_gets_the_same_reply_twice_in_a_row() -> None:
    history: list[ChatMessage] = []
    replies = []
    for _ in range(8):
        text = "I want to run a marathon"
        reply = compose_reply(text, history=history).text
        replies.append(reply)
        history += [ChatMessage("user", text), ChatMessage("assistant", reply)]

    assert all(a != b for a, b in itertools.pairwise(replies))
    assert len(set(replies)) >= 4


def test_a_whole_conversation_has_no_immediate_repeats() -> None:
    history: list[ChatMessage] = []
    previous = ""
    for text in TABLE * 2:
        reply = compose_reply(text, history=history, context=CONTEXT).text
        assert reply != previous
        previous = reply
        history += [ChatMessage("user", text), ChatMessage("assistant", reply)]


def test_no_reply_is_repeated_anywhere_in_a_session() -> None:
    history: list[ChatMessage] = []
    text = "I want to run a marathon"
    for _ in range(12):
        reply = compose_reply(text, history=history).text
        assert reply not in [m.content for m in history]
        history += [ChatMessage("user", text), ChatMessage("assistant", reply)]


def test_when_every_candidate_was_said_a_safe_reply_answers_and_the_trace_says_guarded() -> None:
    said = [compose_reply("I feel okay", history=[]).text]
    history = [ChatMessage("assistant", text) for text in said]
    while (reply := compose_reply("I feel okay", history=history)).rule != "guarded":
        history.append(ChatMessage("assistant", reply.text))

    assert reply.text not in [m.content for m in history]
    assert reply_problems(reply.text) == []


def test_someones_word_passed_on_is_not_asked_back_as_the_persons_own_if() -> None:
    assert "if" not in compose_reply("the physio said i can run if i ease in").text.split()
    assert compose_reply("i could run more if i had time").text in (
        "What would you do if you had time?",
        "Suppose you had time. What would help you then?",
    )


@pytest.mark.parametrize(
    ("text", "not_echoed"),
    [
        ("i want to run a marathon one day but not this year lol", "lol"),
        ("i wanna get fit but idk where to start", "idk"),
        ("my plants are thriving for once 🌱", "🌱"),
        ("I missed my run again", "run again"),
        ("what do you remember about me?", "about about"),
    ],
)
def test_clumsy_fragments_are_not_echoed(text: str, not_echoed: str) -> None:
    reply = compose_reply(text).text

    assert not_echoed not in reply
    assert reply_problems(reply) == []


def test_a_crisis_reply_keeps_its_resources_even_when_said_before() -> None:
    history: list[ChatMessage] = []
    for _ in range(2):
        said = compose_reply("I can't go on", strategy="crisis", history=history).text
        history.append(ChatMessage("assistant", said))

    assert "988" in compose_reply("I can't go on", strategy="crisis", history=history).text


def test_memory_brings_back_an_earlier_topic_when_nothing_else_matches() -> None:
    history = [
        ChatMessage("user", "My sister is moving abroad next month."),
        ChatMessage("assistant", "How do you feel about that?"),
    ]

    reply = compose_reply("hmm", history=history)

    assert reply.rule == "memory"
    assert "your sister" in reply.text


def test_name_is_used_in_greetings() -> None:
    assert "Sam" in compose_reply("hi there", context=ReplyContext(name="Sam")).text
    assert "Maya" in compose_reply("hello", context=ReplyContext(name="Maya")).text


def test_mission_request_lists_todays_missions() -> None:
    reply = compose_reply(
        "what should I do today?", intent=IntentResult("mission_request", 0.9), context=CONTEXT
    ).text

    assert "10-minute walk" in reply
    assert "lay out running shoes" in reply


ZONES = (
    ZoneNote("Arena", False, "opens tomorrow at 06:00", 400, "health and craft", ("Easy run",)),
    ZoneNote("Observatory", True, fits="growth and learning", missions=("Ten flashcards",)),
)


def test_a_question_about_a_zone_is_answered_from_the_zone_notes() -> None:
    reply = compose_reply("Is the Observatory open?", context=ReplyContext(zones=ZONES))

    assert reply.text == "Yes — the Observatory is open now, at any hour."
    assert reply.rule == "world"


def test_mission_request_says_which_open_zone_the_first_mission_fits() -> None:
    reply = compose_reply(
        "give me a mission",
        intent=IntentResult("mission_request", 0.9),
        context=ReplyContext(missions=("Ten flashcards", "Easy run"), zones=ZONES),
    ).text

    assert "Ten flashcards; Easy run. “Ten flashcards” fits the Observatory" in reply


def test_mission_request_without_missions_points_at_the_goal() -> None:
    reply = compose_reply(
        "give me a task", context=ReplyContext(goal_notes=(GoalNote("Learn Spanish"),))
    ).text
    assert "Learn Spanish" in reply


def test_joy_is_celebrated() -> None:
    reply = compose_reply("We went to the lake", emotion=emotion("joy"), context=CONTEXT).text
    assert re.search(r"wonderful|love hearing|celebrat|lovely", reply, re.I)
    assert "Run a 5k" in reply


def test_feeling_better_is_welcomed_not_questioned() -> None:
    reply = compose_reply("I feel a lot better now, thanks").text

    assert "glad you feel better" in reply


def test_fear_gets_a_breathing_or_small_step_suggestion() -> None:
    for text in ["The presentation is tomorrow", "I'm scared", "everything is too much"]:
        reply = compose_reply(text, emotion=emotion("fear")).text
        assert re.search(r"breath|small step|one small|five minutes|ten minutes", reply), reply


def test_sadness_is_acknowledged_with_an_offer_to_break_the_goal_down() -> None:
    reply = compose_reply("It was a long week", emotion=emotion("sadness"), context=CONTEXT).text
    assert re.search(r"sorry|hard|heavy|thank you for telling", reply, re.I)
    assert "break your goal “Run a 5k”" in reply


def test_anger_is_acknowledged() -> None:
    reply = compose_reply("The meeting ran over again", emotion=emotion("anger")).text
    assert re.search(r"frustrat|upset|annoyed", reply, re.I)


def test_recalled_memory_is_woven_in_when_it_is_relevant() -> None:
    reply = compose_reply("We might go hiking on Saturday", context=CONTEXT).text
    assert "I remember you like hiking" in reply


def test_clarify_asks_a_question_about_the_goal() -> None:
    reply = compose_reply("that thing", strategy="clarify", context=CONTEXT).text
    assert reply.endswith("?")


def test_crisis_reply_gives_resources_and_no_coaching() -> None:
    reply = compose_reply("I can't go on", strategy="crisis", context=CONTEXT).text
    assert "988" in reply
    assert "116 123" in reply
    assert "Run a 5k" not in reply
    assert "mission" not in reply.lower()


def test_greeting_in_front_of_a_feeling_is_returned() -> None:
    said = "Hi, I'm feeling stressed about my exam"
    reply = compose_reply(said, context=ReplyContext(name="Sam")).text
    assert reply.startswith("Hi, Sam.")
    assert "your exam" in reply


def test_a_remembered_fact_that_would_read_badly_is_not_spoken_back() -> None:
    context = ReplyContext(
        memory_notes=(
            MemoryNote("Wants to learning english better"),
            MemoryNote("Loves english tea"),
        )
    )

    reply = compose_reply("english class was fun today", context=context).text

    assert "to learning" not in reply
    assert "I remember you love english tea." in reply


def test_a_welcome_back_opens_the_reply_in_place_of_its_own_hello() -> None:
    welcome = "Welcome back! It's good to see you."

    reply = compose_reply("Hi Eliza, I'm back.", context=ReplyContext(welcome=welcome)).text

    assert reply.startswith(f"{welcome} ")
    assert not re.search(r"\b(?:hey|hi|hello)\b", reply[len(welcome) :], re.I)
    assert len(reply) > len(welcome) + 10  # the reply itself still follows


def test_a_reply_whose_act_has_nothing_left_to_say_says_so():
    """Everything the act had was said this session: a listening line stands in, marked."""
    ctx = ReplyContext(name="Sam")
    first = compose_reply("wish me luck", act="kindness", context=ctx)
    assert first.rule == "act:kindness"
    history = [ChatMessage("user", "wish me luck"), ChatMessage("assistant", first.text)]
    again = compose_reply("wish me luck", history=history, act="kindness", context=ctx)
    assert again.rule == UNPLANNED
    assert again.text != first.text


def test_a_question_of_fact_no_rule_knows_is_answered_honestly_not_turned_back() -> None:
    reply = compose_reply(
        "how many steps is that roughly", intent=IntentResult("question", 0.9), context=CONTEXT
    )

    assert "can't be sure" in reply.text
    assert "leaning toward" not in reply.text


@pytest.mark.parametrize(
    "text", ["how many steps is 40 mins walking", "how long does it take to get fit"]
)
def test_a_question_of_fact_outranks_the_topic_its_words_name(text: str) -> None:
    reply = compose_reply(text, intent=IntentResult("question", 0.9), context=CONTEXT)

    assert reply.rule.startswith("fact_question")
    assert "healthy habit" not in reply.text


def test_a_question_about_the_persons_own_doings_is_not_a_question_of_fact() -> None:
    reply = compose_reply(
        "how long have i been doing this", intent=IntentResult("question", 0.9), context=CONTEXT
    )

    assert not reply.rule.startswith("fact_question")


def test_after_work_is_a_time_not_work_talked_about() -> None:
    assert compose_reply("will jog tomorrow after work, too dark now").rule != "work"
    assert compose_reply("how do i get through work tomorrow").rule == "work"


def test_the_goal_woven_in_is_the_one_the_message_speaks_of() -> None:
    goals = (GoalNote("Sleep better before my night shifts"), GoalNote("Cut down on coffee"))
    context = ReplyContext(name="Inês", goal_notes=goals)
    sad = compose_reply(
        "the coffee thing was a mess today", emotion=emotion("sadness"), context=context
    )
    assert "“Cut down on coffee”" in sad.text
    other = compose_reply("It was a long week", emotion=emotion("sadness"), context=context)
    assert "“Sleep better before my night shifts”" in other.text
