"""What kind of message this is before any slot is read: goal requests, wishes, finished
missions, and things said in passing."""

from __future__ import annotations

import pytest

from companion.dialogue.cues import (
    about_others,
    asks_for_goal,
    asks_for_ideas,
    fix_typos,
    is_aside,
    is_question,
    not_put_off,
    others_did,
    past_deed,
    put_off,
    refers_back,
    reports_done,
    states_goal,
    tells_a_reason,
    tells_history,
    wished_aim,
)


@pytest.mark.parametrize(
    "text",
    [
        "fitness goal: do 20 push-ups in a row",
        "we'd like to set a family goal",
        "could you make me a new goal please",
        "I'd also love a goal around reading more",
        "can you set up a craft goal for me?",
        "i need a goal for my sleep",
        "another goal: tidy the shed",
        "I want to bake a wedding cake for my sister, as a craft goal",
    ],
)
def test_a_goal_asked_for_in_ordinary_sentences_is_a_request(text):
    assert asks_for_goal(text)


@pytest.mark.parametrize(
    "text",
    [
        "what a goal by Salah last night",
        "my brother set himself a goal of a million steps",
        "how do goals and missions differ?",
        "my goals feel far away today",
        "I like my goals",
    ],
)
def test_talk_about_goals_is_not_a_request(text):
    assert not asks_for_goal(text)


def test_misspelt_request_words_are_set_right():
    assert fix_typos("i wnat a new helth goal") == "i want a new health goal"
    assert fix_typos("I went for a walk") == "I went for a walk"  # a real word stays


def test_a_wish_with_a_deadline_or_a_reason_is_a_goal_stated_whole():
    assert states_goal("I want to climb Ben Nevis before my birthday in August")
    assert states_goal("I'd love to read more because my phone eats my evenings")
    assert not states_goal("I want to learn the drums")


@pytest.mark.parametrize(
    ("text", "aim"),
    [
        (
            "been thinking of taking up sea swimming too. the girls at work do it",
            "take up sea swimming",
        ),
        ("i was thinking to learn guitar also. my cousin gives me his old one", "learn guitar"),
        ("thinking about learning to bake bread", "learn to bake bread"),
        ("ive been thinking about getting back into running", "get back into running"),
        ("been thinking about what you said", ""),
        ("thinking of calling my mum later", ""),
    ],
)
def test_a_wish_said_as_a_thought_gives_its_aim_in_its_base_form(text, aim):
    assert wished_aim(text) == aim


@pytest.mark.parametrize(
    ("text", "aim"),
    [
        ("goal = pass calc 2", "pass calc 2"),
        ("my new goal: run 5k", "run 5k"),
        ("ok so the goal is to read more", "read more"),
        ("my goal was hard", ""),
        ("i want to finally finish my picture book dummy", "finish my picture book dummy"),
    ],
)
def test_a_goal_named_as_one_gives_its_aim(text, aim):
    assert wished_aim(text) == aim


def test_a_bare_wish_gives_its_aim_to_offer():
    assert wished_aim("I really want to learn the drums") == "learn the drums"
    assert wished_aim("Actually, I want to learn to cook instead") == "learn to cook instead"
    assert wished_aim("i want to learn to cook jollof properly too") == (
        "learn to cook jollof properly"
    )
    assert wished_aim("do you want to learn the drums?") == ""
    assert wished_aim("I want a sandwich") == ""
    said = "so i have been thinking i really want to learn to play guitar, ive got his old one"
    assert wished_aim(said) == "learn to play guitar"
    assert wished_aim("ive been thinking i want to quit my job") == "quit my job"
    said = "ive wanted to write a novel for like ten years and never get past chapter 1"
    assert wished_aim(said) == "write a novel"
    said = "i want to get back into running, used to do parkrun before covid"
    assert wished_aim(said) == "get back into running"
    said = "i want to play songs with my niece, she plays ukulele"
    assert wished_aim(said) == "play songs with my niece"


@pytest.mark.parametrize(
    ("text", "done"),
    [
        ("all done, fed the birds", True),
        ("ticked off the laundry mission", True),
        ("posted the letter for my mission this morning", True),
        ("what is my mission today?", False),
        ("I want to go for a run", False),
    ],
)
def test_a_finished_mission_is_reported_outright_or_as_a_past_deed(text, done):
    assert reports_done(text) is done


@pytest.mark.parametrize(
    ("text", "free_text", "aside"),
    [
        ("hang on, where is my phone?", False, True),
        ("haha the dog ate my homework", False, True),
        ("i'm so sleepy today", True, True),
        ("i'm so sleepy today", False, False),
        ("pottery?", False, False),
        ("bake sourdough", True, False),
        ("thank you very much, you are very kind", False, True),
        ("It is possible to write in german? no? ok english", True, True),
        ("The mission said 5 minutes of breathing. i did 7", True, True),
        ("Run 5k by June!", True, False),
        ("give me a tip for reading french out loud, i feel silly doing it", False, True),
        ("i had a bad day at school today, a kid said my lesson was boring", True, True),
    ],
)
def test_questions_and_remarks_are_not_answers(text, free_text, aside):
    assert is_aside(text, free_text=free_text) is aside


@pytest.mark.parametrize(
    ("text", "deed"),
    [
        ("did the yoga, not the curry", "did the yoga"),
        ("did it, the calf stretches", "did it the calf stretches"),
        ("ive been back and forth every day, barely slept, work is piling up", "barely slept"),
        ("she did the downward dog", ""),
        ("I have walked to the bakery this morning", "i have walked to the bakery this morning"),
        ("anyway took the stairs up to 14", "anyway took the stairs up to 14"),
        ("ive got a dodgy knee mind", ""),
        ("they have walked home", ""),
        # today's deed in the present, with a plan in another clause that is someone else's
        (
            "i reply all customer already, one lady want to return it",
            "i reply all customer already",
        ),
    ],
)
def test_a_past_deed_is_its_own_clauses_and_the_words_that_name_it(text, deed):
    assert past_deed(text) == deed


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("k did that too", True),
        ("done that one", True),
        ("yep thats done now", True),
        ("ok i just finished it", True),
        ("did the stretching too", False),  # names what it did
        ("did that make sense", False),
    ],
)
def test_a_deed_told_only_by_pointing_back_is_recognised(text, back):
    assert refers_back(text) is back


def test_a_wish_joined_on_after_a_thing_just_got_names_that_thing():
    said = "so i got a guitar for my birthday and i really want to learn it properly this time"
    assert wished_aim(said) == "learn the guitar properly this time"
    assert wished_aim("im tired and i want to sleep") == ""


@pytest.mark.parametrize(
    ("text", "aim"),
    [
        (
            "i used to run loads before i did my ankle last year and i really want to get back"
            " into it",
            "get back into running",
        ),
        (
            "i used to go climbing every week and i want to get back into it",
            "get back into climbing",
        ),
        ("i used to love swimming and i want to do it again", "do swimming again"),
    ],
)
def test_a_wish_joined_on_after_a_pastime_names_the_pastime(text, aim):
    assert wished_aim(text) == aim


def test_a_wish_joined_on_after_a_trip_ahead_is_a_goal_named_without_the_trip():
    text = (
        "so me and my partner are going to seville in may and i really want to learn some"
        " spanish before we go, like enough to order food and not be useless"
    )
    assert wished_aim(text) == "learn some spanish"
    assert states_goal(text)
    assert wished_aim("im tired and i want to sleep") == ""


@pytest.mark.parametrize(
    ("text", "deed"),
    [
        ("i did my ankle in last year playing netball", ""),
        ("ugh i think i did my back in lifting the shopping", ""),
        ("sprained my wrist on the ice", ""),
        ("did my knee exercises this morning", "did my knee exercises this morning"),
    ],
)
def test_an_injury_told_is_no_deed(text, deed):
    assert past_deed(text) == deed


@pytest.mark.parametrize(
    "text",
    [
        "im ok just tired. i need to sleep before my shift tonight",
        "i want a nap right now",
        "i just want to sleep",
        "ugh i want to go home",
    ],
)
def test_a_need_of_today_is_no_goal_to_offer(text):
    assert wished_aim(text) == ""
    assert wished_aim("i want to get back into running now that my ankle is better") == (
        "get back into running now that my ankle is better"
    )


def test_a_wish_said_with_just_is_still_a_wish():
    said = "honestly i just want to read more, i used to read all the time and now i doomscroll"
    assert wished_aim(said) == "read more"
    assert wished_aim("i just want to sleep better") == "sleep better"


def test_a_wish_long_meant_is_a_wish():
    assert wished_aim("so i've been meaning to get fitter for ages") == "get fitter"
    assert wished_aim("been wanting to learn the ukulele tbh") == ""  # no "i": no wish told


def test_a_wish_kept_thinking_about_names_the_thing_one_stands_for():
    text = "i used to sing in a choir years ago. i keep thinking i should find one here in cardiff"
    assert wished_aim(text) == "find a choir here in cardiff"
    assert wished_aim("i should go to bed") == ""


def test_a_purpose_answering_an_offer_is_a_reason():
    assert tells_a_reason("mostly to meet people honestly, all my friends were couple friends")


def test_a_wish_to_do_something_unnamed_is_no_aim():
    text = "we were going to go to the cabin. i keep thinking i should do something but idk"
    assert wished_aim(text) == ""


def test_a_word_with_an_ending_of_its_own_is_no_typo():
    assert (
        fix_typos("healthy meals, i have news, my goals") == "healthy meals, i have news, my goals"
    )
    assert fix_typos("i wnat a new helth goal") == "i want a new health goal"


@pytest.mark.parametrize(
    ("text", "history"),
    [
        ("i nearly drowned on holiday when i was 8 so water freaks me out a bit", True),
        ("walked miles every day for 30 years, it catches up with you", True),
        ("walked to the shops and back this morning", False),
        ("held off the first fag till half 7 today. used to be before i got the boots on", False),
    ],
)
def test_a_lifes_history_is_told_apart_from_a_step_taken_now(text, history):
    assert tells_history(text) == history


def test_nearly_doing_something_is_no_deed():
    assert past_deed("i nearly drowned on holiday") == ""
    assert past_deed("i swam 10 lengths") == "i swam 10 lengths"


@pytest.mark.parametrize(
    ("text", "others"),
    [
        ("my boyfriend dan is a proper fish, he swims every morning", True),
        ("she did the downward dog on rufus", True),
        ("he is tall", False),
        ("the floating one", False),
    ],
)
def test_what_someone_else_did_or_does_is_told_apart(text, others):
    assert about_others(text) == others


@pytest.mark.parametrize(
    ("text", "deed"),
    [
        ("gary called and asked if we could speed things up", ""),
        ("the baboons came through at 6 and pulled out half my spinach", ""),
        ("still wanted to throw the buggy at him", ""),
        ("i was at the gym and lifted 50kg", "i was at the gym and lifted 50kg"),
        ("today i transfer the 1000 to the card", "today i transfer the 1000 to the card"),
        (
            "i move the 15 lucas to savings this morning",
            "i move the 15 lucas to savings this morning",
        ),
        ("i walk the dog every day", ""),
        ("today i want to rest", ""),
        ("today i will call her", ""),
    ],
)
def test_a_deed_is_its_subjects_told_today_even_in_the_present_and_a_wish_is_none(text, deed):
    assert past_deed(text) == deed


@pytest.mark.parametrize(
    ("text", "off", "pointing"),
    [
        ("the tea i did not drink yet, i will do it before sleep", 2, False),
        ("the workout lol, glazing is tmrw", 1, False),
        ("bought a postcard, haven't written it yet", 1, True),
        ("did the run, didnt stop once", 0, False),
        ("finished the painting", 0, False),
    ],
)
def test_a_clause_that_plans_or_denies_a_deed_puts_it_off(text, off, pointing):
    assert (len(put_off(text)[0]), put_off(text)[1]) == (off, pointing)


def test_what_is_not_put_off_is_the_part_that_tells_the_deed():
    assert not_put_off("the workout lol, glazing is tmrw") == "the workout"
    assert not_put_off("gonna run tomorrow") == "gonna run tomorrow"


@pytest.mark.parametrize(
    ("text", "theirs"),
    [
        ("vikram did the dishes tonight bc I was putting them to bed", True),
        ("my husband did the dishes", True),
        ("she did the downward dog on rufus", True),
        ("ok did the dishes", False),
        ("today did the run", False),
        ("finally did it", False),
        ("my cat haggis just walked across the keyboard", True),
        ("our dog ate the flashcards", True),
        ("my sister ran the 5k with me", False),
        ("my first chapter is finished", False),
    ],
)
def test_a_deed_whose_subject_is_someone_else_is_theirs(text, theirs):
    assert others_did(text) is theirs


@pytest.mark.parametrize(
    ("text", "theirs"),
    [
        ("the receipts. they are done. well, Flor did them, i was teaching", True),
        ("receipts done, well i did them with flor", False),
        ("ok, did the walk", False),
        ("so did the stretches lol", False),
        ("walk done. lena did it with me", False),
    ],
)
def test_a_deed_someone_else_did_is_found_in_any_clause(text, theirs):
    assert others_did(text) is theirs


@pytest.mark.parametrize("text", ["did you tick the swim", "have you marked my walk"])
def test_asked_whether_she_did_something_is_a_question(text):
    assert is_question(text)


@pytest.mark.parametrize(
    ("text", "aim"),
    [
        ("honestly i want to sort my sleep out, i go to bed at like 1am every night scrolling",
         "sort my sleep out"),
        ("i want to sort out my finances", "sort out my finances"),
        ("i want to work on my confidence", "work on my confidence"),
        ("i need to sort this out with him", ""),
    ],
)  # fmt: skip
def test_a_wish_to_sort_out_or_work_on_something_of_theirs_is_an_aim(text, aim):
    assert wished_aim(text) == aim


@pytest.mark.parametrize(
    "text",
    [
        "probability is pure confusion fi real. any tip",
        "do you have advice for endings",
        "is there one thing you think I should change",
        "tell me one thing to make street photos less boring",
        "tell me easiest dinner a idiot can make with tomato onion",
        "honestly can you explain raid 5 simple",
    ],
)
def test_a_request_for_an_idea_however_it_is_put_asks_for_one(text):
    assert asks_for_ideas(text)


@pytest.mark.parametrize("text", ["tell me about your day", "i have advice from my mum"])
def test_words_of_advice_in_passing_ask_for_none(text):
    assert not asks_for_ideas(text)


def test_a_wish_led_up_to_is_a_wish():
    said = "honestly the big thing is i want to save up for a deposit on a flat, im sick of renting"
    assert wished_aim(said) == "save up for a deposit on a flat"
    assert wished_aim("the thing is i dont know") == ""


def test_a_wish_joined_on_after_a_setback_is_the_way_back():
    assert wished_aim("ok. i had knee surgery in august and i want to get back to running") == (
        "get back to running"
    )
    assert wished_aim("im tired and i want to sleep") == ""


def test_a_wish_opened_with_also_is_a_wish_and_its_date_makes_it_a_goal():
    text = "also i want to lose 8 kilos before my sons wedding in june"
    assert wished_aim(text) == "lose 8 kilos before my sons wedding in june"
    assert states_goal(text)


def test_a_so_that_opens_a_sentence_is_no_reason():
    assert not states_goal("ok cool. so i want to start reading again, i used to read loads")
