"""What Eliza's reply will do (companion/turn/plan.py): the message's act, the feeling first."""

from __future__ import annotations

import pytest

from companion.turn.plan import (
    MOURNING_TURNS,
    Feeling,
    Heard,
    act_understood,
    hear,
    mourning_after,
    reply_act,
    reply_planned,
    sure_of,
    tempered,
)
from companion.turn.topics import recent_matter, session_topic, topic_of

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
    assert reply_act("good_news", 0.2, CALM, text="the dentist was fine i guess") == "listen"


def test_while_a_loss_is_fresh_an_unsure_reading_is_listened_to_not_probed():
    text = "thanks. i keep expecting her on the bed"
    assert reply_act("", 0.0, SAD, text=text) == ""
    assert reply_act("", 0.0, SAD, text=text, mourning=True) == "listen"


def test_small_talk_read_without_much_confidence_is_listened_to():
    assert reply_act("small_talk", 0.5, CALM, text="bit of a rubbish day tbh") == "listen"
    assert reply_act("small_talk", 0.8, CALM, text="the cat is judging me again") == "smalltalk"


def test_a_small_mishap_is_met_as_one_not_as_a_fact_or_a_weight():
    text = "my cat biscuit just knocked a glass of water onto my sketchbook 😭"
    assert reply_act("small_talk", 0.8, SAD, text=text, teaches=True) == "smalltalk"
    assert reply_act("small_talk", 0.8, CALM, text="my cat is called biscuit", teaches=True) == (
        "fact_noted"
    )


@pytest.mark.parametrize(
    "text",
    [
        "tbh i dont think ill have time this week, parents evening on thursday",
        "i think ill skip the stretching today, my legs are dead",
    ],
)
def test_a_plan_said_not_to_be_happening_is_not_backed(text):
    assert reply_act("worry", 0.41, CALM, text=text) != "kindness"


@pytest.mark.parametrize(
    ("act", "text"),
    [
        ("advice_request", "do you think i should skip my run saturday then"),
        ("missions_question", "can i skip today"),
    ],
)
def test_leave_to_skip_asked_is_reassured_not_advised_or_listed(act, text):
    assert reply_act(act, 0.5, CALM, text=text) == "kindness"


def test_thanks_said_on_the_way_out_is_a_goodbye():
    assert reply_act("thanks", 0.9, CALM, text="ok gonna go make pasta. thanks eliza") == "goodbye"
    assert reply_act("thanks", 0.9, CALM, text="thanks that actually helped") == "thanks_reply"


def test_a_light_remark_read_unsure_with_a_laugh_gets_a_light_word_back():
    text = "my mom is literally going to kill me if she sees im still up drawing btw lol"
    assert reply_act("venting", 0.2, CALM, text=text) == "smalltalk"
    assert reply_act("venting", 0.2, CALM, text=text, grieving=True) != "smalltalk"


@pytest.mark.parametrize(
    "text",
    ["ok i will call dr patel", "hmm ok maybe before bed", "the rest can wait till tomorrow"],
)
def test_a_plan_of_their_own_told_lightly_is_backed(text):
    assert reply_act("good_news", 0.2, CALM, text=text) == "kindness"
    assert reply_act("small_talk", 0.9, CALM, text=text) == "kindness"
    assert reply_act("small_talk", 0.9, SAD, text=text) != "kindness"
    assert reply_act("small_talk", 0.9, CALM, text=text, mourning=True) != "kindness"


@pytest.mark.parametrize(
    ("feeling", "text"),
    [(SAD, "everything went wrong again"), (CALM, "and where does she live")],
)
def test_a_clear_feeling_or_a_question_read_with_little_confidence_is_left_to_the_strategy(
    feeling, text
):
    assert reply_act("good_news", 0.2, feeling, text=text) == ""


def test_good_news_read_unsure_with_joy_in_the_words_is_celebrated():
    assert reply_act("good_news", 0.2, JOYFUL, text="baby came early!! everyone is ok") == (
        "celebrate"
    )


@pytest.mark.parametrize("act", ["small_talk", "reflection", "question"])
def test_asking_for_an_idea_in_words_gets_one_whatever_the_act(act):
    assert reply_act(act, 0.1, CALM, text="do u think i should get a capo") == "advice"


def test_a_heavy_feeling_or_a_loss_is_never_celebrated():
    assert reply_act("good_news", 0.9, SAD) == "sympathy"
    assert reply_act("good_news", 0.9, CALM, grieving=True) == "sympathy"
    assert reply_act("small_talk", 0.9, SAD) == "listen"


def test_good_news_is_celebrated_only_when_sure_or_joyful_and_never_in_a_shadow():
    faintly_sad = Feeling("neutral", {"sadness": 0.35, "neutral": 0.65})
    assert reply_act("good_news", 0.55, faintly_sad) == "listen"
    assert reply_act("good_news", 0.5, CALM) == "listen"
    assert reply_act("good_news", 0.5, JOYFUL) == "celebrate"
    assert reply_act("good_news", 0.9, CALM) == "celebrate"


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


def test_nothing_is_celebrated_while_a_loss_told_a_few_turns_ago_is_fresh():
    text = "yes. she was the cook. i was the dishwasher, 40 years"
    assert tempered("celebrate", "celebrate", text=text, mourning=True) == ("listen", "acknowledge")
    assert tempered("", "celebrate", text=text, mourning=True) == ("listen", "acknowledge")
    assert tempered("", "celebrate", text=text, mourning=False) == ("celebrate", "celebrate")


def test_a_loss_stays_fresh_for_some_turns_then_passes():
    assert mourning_after(None, grieving=True) == 0
    assert mourning_after(3, grieving=True) == 0
    assert mourning_after(0, grieving=False) == 1
    assert mourning_after(MOURNING_TURNS - 1, grieving=False) is None
    assert mourning_after(None, grieving=False) is None


@pytest.mark.parametrize(
    "text",
    [
        "my son called from vancouver, he is worried about me",
        "I worry about Graham, the doctor wants to change his tablets",
        "my mum is so anxious about the move",
    ],
)
def test_someone_elses_fear_is_listened_to_not_breathed_through(text):
    assert tempered("calm", "calm", text=text, mourning=False) == ("listen", "acknowledge")


def test_the_persons_own_fear_still_gets_a_calming_step():
    text = "im so anxious about my presentation i cant breathe"
    assert tempered("calm", "calm", text=text, mourning=False) == ("calm", "calm")
    assert reply_act("worry", 0.9, AFRAID, text="he is worried about me") == "listen"


@pytest.mark.parametrize(
    ("text", "leaving"),
    [
        ("sorry if i type weird its like 7am and i just got off shift", False),
        ("sketching a bench i can do tomorrow. rabbitohs are on, im off. hooroo", True),
        ("ok i need to sleep, tomorrow 4am again. tchau", True),
        ("gracias eliza, buenas noches", True),
    ],
)
def test_a_goodbye_read_from_meaning_needs_a_word_of_leaving(text, leaving):
    assert (sure_of("goodbye", 0.9, text) == 0.9) is leaving


@pytest.mark.parametrize(
    "text",
    ["lol ok an actual alarm clock. can you order one for me", "hes limping. is it infected"],
)
def test_a_request_later_in_the_message_is_sense_enough_for_out_of_reach(text):
    assert sure_of("out_of_scope", 0.6, text) == 0.6
    assert sure_of("out_of_scope", 0.6, "Goodness. Graham will be impressed") == 0.0


@pytest.mark.parametrize(
    "text",
    [
        "im gonna try to sleep",
        "yeah. ok gonna sleep now",
        "gonna head off, work in the am",
        "right i need to sleep, pickles already stolen my side of the bed",
        "lol thanks. ok i should sleep, early shift tomorrow",
    ],
)
def test_going_to_sleep_is_a_word_of_leaving(text):
    assert sure_of("goodbye", 0.6, text) == 0.6
    assert sure_of("goodbye", 0.6, "i cant sleep, my mind wont stop") == 0.0
    assert sure_of("goodbye", 0.6, "i should sleep more") == 0.0


@pytest.mark.parametrize(
    ("text", "deed"),
    [
        ("did the phone charger thing tonight at least, its in the kitchen", True),
        ("ok did the other 10. now count it", True),
        ("step ups tomorrow, my legs are done for", False),
        ("i keep opening the document and just staring at it for an hour", False),
    ],
)
def test_a_mission_read_as_done_must_tell_a_deed(text, deed):
    assert (sure_of("mission_done", 0.7, text) == 0.7) is deed


@pytest.mark.parametrize(
    ("text", "takes_back"),
    [
        ("i made it. it was not the same but it was close", False),
        ("no not the quiz, the videos. havent touched the quiz yet", True),
        ("wait i didnt do that one", True),
        ("can you undo that", True),
    ],
)
def test_an_undo_needs_a_word_of_taking_back(text, takes_back):
    assert (sure_of("undo", 0.7, text) == 0.7) is takes_back


def test_a_question_about_her_world_names_it():
    assert sure_of("world_question", 0.5, "wat time is it in tokyo rn") == 0.0
    assert sure_of("world_question", 0.5, "where can i go right now") == 0.5


def test_a_fact_is_told_not_asked():
    assert sure_of("share_fact", 0.56, "and where does she live?") == 0.0
    assert sure_of("share_fact", 0.56, "my sister lives in seville") == 0.56


def test_a_rules_reading_stands_without_its_words_checked():
    text = "nvm. my fingers hurt from practicing is that normal"
    assert sure_of("out_of_scope", 0.95, text, by="rule") == 0.95
    assert sure_of("out_of_scope", 0.95, text) == 0.0


def test_a_question_about_the_story_names_it():
    novel = "ive wanted to write a novel for like ten years and never get past chapter 1"
    assert sure_of("story_question", 0.6, novel) == 0.0
    assert sure_of("story_question", 0.6, "hows my story") == 0.6


def test_a_thanks_that_opens_more_is_answered_for_the_more():
    text = "thank you. we were close, he taught me to fish"
    assert reply_act("thanks", 0.9, CALM, text=text) == "listen"
    assert reply_act("thanks", 0.9, CALM, text="thanks so much!") == "thanks_reply"
    text = "thank you dear. youre good company"
    assert reply_act("thanks", 0.9, CALM, text=text) == "thanks_reply"


@pytest.mark.parametrize("text", ["is that ok", "dont judge", "is it bad if i skip today"])
def test_asked_whether_it_is_all_right_she_reassures(text):
    assert reply_act("affirm", 0.7, CALM, text=text) == "kindness"
    assert reply_act("memory_question", 0.9, CALM, text="is that ok") == "memory_answer"


@pytest.mark.parametrize("planned", ["coach", "smalltalk", "celebrate"])
def test_after_a_crisis_reply_nothing_light_is_said(planned):
    text = "i dont know. i dont want to call anyone"
    assert tempered(planned, "coach", text=text, mourning=False, tender=True)[0] == "listen"
    assert tempered(planned, "coach", text=text, mourning=False)[0] == planned


def test_a_step_of_their_own_told_plainly_and_read_unsure_is_met_as_one():
    text = "ok i emailed the cardiff community choir, they rehearse on wednesdays"
    assert reply_act("goal_adjust", 0.14, CALM, text=text) == "celebrate"
    assert reply_act("goal_adjust", 0.14, SAD, text=text) != "celebrate"


def test_a_step_taken_told_with_a_laugh_is_celebrated_and_a_pizza_eaten_is_not():
    made = "made the veggie pasta sauce tonight, kwame ate it all and had no idea haha"
    assert reply_act("small_talk", 0.7, CALM, text=made) == "celebrate"
    assert reply_act("small_talk", 0.7, CALM, text="lol i ate a whole pizza") != "celebrate"


def test_a_lifes_history_told_is_no_step_to_celebrate():
    text = "walked miles every day for 30 years, it catches up with you"
    assert reply_act("small_talk", 0.3, CALM, text=text) != "celebrate"
    assert reply_act("small_talk", 0.3, CALM, text="walked to the shops and back today") == (
        "celebrate"
    )


def understood(text: str, act: str) -> Heard:
    act, sure, by = act_understood(act, 0.8, text, by="meaning")
    return Heard(text=text, act=act, confidence=sure, by=by, feeling=CALM)


def test_a_real_places_opening_times_are_declined_not_answered_from_her_world():
    pool = understood("is the pool open on sundays do you know", "world_question")
    arena = understood("is the arena open now", "world_question")
    assert reply_planned(pool)[0] == "decline"
    assert reply_planned(arena)[0] == "world"


def test_a_request_for_an_idea_is_about_what_was_said_last_of_its_matter():
    history = [
        {"role": "user", "content": "my boss moved the deadline up by a week"},
        {"role": "assistant", "content": "That sounds like a lot."},
        {"role": "user", "content": "i did half of it, the up strokes are a mess"},
        {"role": "assistant", "content": "Part of it still counts."},
    ]

    assert recent_matter("can you suggest something for the up strokes", history) == (
        "i did half of it, the up strokes are a mess"
    )
    assert recent_matter("any ideas?", history) == ""
    assert recent_matter("what should i do about the garden", history) == ""


def test_a_request_for_an_idea_that_only_points_is_about_the_message_before():
    history = [
        {"role": "user", "content": "ugh my manager dumped a report on me"},
        {"role": "assistant", "content": "That sounds like a lot."},
        {"role": "user", "content": "my shins are killing me"},
        {"role": "assistant", "content": "Ouch."},
    ]

    assert recent_matter("should i ice them or what", history) == "my shins are killing me"
    assert recent_matter("any ideas for the garden", history) == ""


def test_a_topic_is_kept_without_its_idk():
    assert topic_of("idk i just get tense when she is here", "venting") == (
        "you just get tense when she is here"
    )


def test_the_topic_keeps_names_and_places_as_names():
    told = topic_of("my sister maeve lives in toronto", "share_fact")

    assert told == "your sister Maeve lives in Toronto"


def test_the_topic_is_never_a_sentence_that_only_points_back():
    told = topic_of("he was so rude to me. my manager tore apart my slides again", "venting")

    assert told == "your manager tore apart your slides again"
    assert topic_of("he was so rude to me today honestly", "venting") == ""


def heard_as(text: str) -> Heard:
    return hear(text, act="small_talk", confidence=0.6, by="model", dominant="neutral", scores={})


def test_a_deed_told_is_no_fact_to_note():
    assert not heard_as("ha ok. i did a tiny sketch of the cat on my break last night").teaches
    assert heard_as("my cat is called biscuit, hes 14").teaches


def test_a_fact_in_passing_keeps_the_topic_that_was_felt_and_a_laugh_is_left_out():
    felt = session_topic("my supervisor blamed me for the forklift", {"act": "venting"}, {})
    assert felt == "your supervisor blamed you for the forklift"

    kept = session_topic("im allergic to nuts btw", {"act": "share_fact"}, {"topic": felt})
    assert kept == ""  # the session keeps its topic

    first = session_topic("im allergic to nuts btw", {"act": "share_fact"}, {})
    assert first == "you are allergic to nuts"
    laughed = session_topic("i taped foil on the window haha", {"act": "good_news"}, {})
    assert laughed == "you taped foil on the window"


@pytest.mark.parametrize("text", ["i got the job!!! 😭😭", "OMG i got a B on my chem test 😭😭"])
def test_good_news_told_with_crying_faces_is_happy_tears_and_celebrated(text):
    crying = {"sadness": 0.86, "neutral": 0.14}
    heard = hear(text, act="good_news", confidence=0.95, by="meaning", dominant="sadness",
                 scores=crying)  # fmt: skip

    assert not heard.feeling.heavy
    assert reply_planned(heard)[0] == "celebrate"


def test_good_news_with_words_of_sorrow_and_crying_faces_stays_heavy():
    text = "i passed but my nan died the same day 😭"
    heard = hear(text, act="good_news", confidence=0.9, by="meaning", dominant="sadness",
                 scores={"sadness": 0.8, "neutral": 0.2})  # fmt: skip

    assert heard.feeling.heavy
    assert reply_planned(heard)[0] != "celebrate"
