"""Eliza's reply for a planned act (act_replies.py), written offline."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from delight.ai.offline import (
    GoalNote,
    MemoryNote,
    ReplyContext,
    StoryNote,
    StreakNote,
    act_replies,
    kindness,
    kindness_words,
    progress_answers,
)
from delight.ai.offline import act_words as words
from delight.ai.offline.act_replies import act_reply
from delight.ai.offline.quality import reply_problems
from delight.ai.offline.zone_lines import ZoneNote


def reply(act: str, text: str, **known: Any) -> str:
    candidates = act_reply(act, text, ReplyContext(name="Sam", **known), turn=0)
    assert candidates, act
    return candidates[0]


def test_every_planned_reply_reads_well():
    cases = [
        ("greet", "hey"),
        ("goodbye", "bye"),
        ("thanks_reply", "thanks"),
        ("help", "what can you do"),
        ("resume", "where were we"),
        ("sympathy", "My cat Pepper passed away"),
        ("listen", "my flatmate never does the dishes"),
        ("calm", "i am so anxious about tomorrow"),
        ("celebrate", "i passed my driving test"),
        ("advice", "any tips to stop procrastinating"),
        ("kindness", "tell me something nice"),
        ("decline", "whats the news today"),
        ("missions", "what should i do today"),
        ("undo", "undo"),
    ]
    for act, text in cases:
        said = reply(act, text)
        assert not reply_problems(said), (act, said, reply_problems(said))


def test_sympathy_names_who_was_lost_and_never_celebrates():
    said = reply("sympathy", "my grandma died on sunday")
    assert "your grandma" in said.lower()
    assert "!" not in said


def test_listening_says_back_what_happened_and_how_it_sounds():
    said = reply("listen", "my manager tore apart my presentation in front of the whole team")
    assert said.startswith("Your manager tore apart your presentation")
    assert "humiliating" in said


@pytest.mark.parametrize("act", ["sympathy", "listen"])
def test_a_life_lost_is_heavy_not_disappointing(act):
    said = reply(act, "honestly work has been brutal, we lost a patient last night")
    assert "disappointing" not in said
    assert "heavy" in said


def test_listening_never_says_back_a_sentence_cut_short():
    said = reply("listen", "my mom is literally going to kill me if she sees im still up drawing")
    assert "you are still" not in said
    assert not said.lower().startswith("your mom")


@pytest.mark.parametrize(
    "text",
    [
        "tones are killing me. 2nd and 3rd sound the same",
        "i take maybe 40 photos. the fish seller he laugh at me",
        "wait actually i didnt touch the phone until like 11",
        "Whats my sugar supposed to be before bed",
        "today i transfer the 1000 to the card",
    ],
)
def test_listening_says_back_no_question_figure_of_speech_or_deed_told_in_the_present(text):
    said = act_reply("listen", text, ReplyContext(name="Sam"), turn=0, troubled=False)
    assert said
    assert not any("tell me more, if you like" in r or "if you want to say more" in r for r in said)


def test_a_statement_that_teaches_nothing_is_listened_to_not_asked_back():
    text = "i put in the dashboard. when i want to smoke i look at it"
    said = act_reply("fact_noted", text, ReplyContext(name="Sam"), turn=0, troubled=False)[0]
    assert said.startswith("You put in the dashboard")
    assert "say more" in said.lower() or "tell me more" in said.lower()


def test_a_remark_in_passing_is_met_lightly_and_a_request_is_left_to_the_rules():
    said = reply("smalltalk", "could murder a cold one right now just thinking about it haha")
    assert said in [t.format(n=", Sam") for t in words.LAUGHED]
    said = reply("smalltalk", "ugh night shift tonight so probably not today tbh")
    assert said in [t.format(n=", Sam") for t in words.REMARKED]
    assert act_reply("smalltalk", "tell me a joke", ReplyContext(name="Sam"), turn=0) == []


def test_asked_how_they_are_doing_with_no_goal_named_each_goal_comes_before_the_streak():
    said = reply(
        "progress",
        "how is my progress",
        goal_notes=(GoalNote("Finish the literature review"),),
        streak=StreakNote(0, 0, 0, 0),
    )

    assert said.startswith("“Finish the literature review”: no missions done yet")
    assert "haven't started a streak" in said


def test_a_long_first_clause_is_said_back_without_the_rest_of_the_sentence():
    replies = act_reply(
        "listen",
        "and i miss my mom so much, she is in curitiba and i didnt see her since march",
        ReplyContext(name="Sam"),
        turn=0,
    )

    assert any(r.startswith("You miss your mom so much") for r in replies)


@pytest.mark.parametrize("text", ["ok", "ok that sounds good", "perfect"])
def test_a_bare_nod_is_acknowledged(text):
    assert reply("smalltalk", text) in [t.format(n=", Sam") for t in words.ACKNOWLEDGED]


def test_good_news_is_said_back_from_the_news_not_its_lead_in():
    said = reply("celebrate", "ok im back. found my old trainers and went round the park")
    assert "You are back" not in said


def test_news_is_said_back_without_being_called_big_news():
    said = reply("celebrate", "also BIG NEWS my sister is pregnant!!! im going to be an auntie")
    assert "Your sister is pregnant" in said
    assert "NEWS" not in said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("did my morning walk", "You did your morning walk"),
        ("finally cleaned my room!!", "You finally cleaned your room"),
    ],
)
def test_a_deed_told_without_its_i_is_said_back_with_you(text, said):
    reply_said = reply("celebrate", text)
    assert said in reply_said
    assert "! Did your" not in reply_said


@pytest.mark.parametrize(
    ("text", "memories", "said"),
    [
        ("my sister claire is in the icu", (), "Your sister Claire is in the ICU"),
        (
            "i think bramble ate my sandwich",
            (MemoryNote("Their labrador is called Bramble", "pet:labrador"),),
            "You think Bramble ate your sandwich",
        ),
    ],
)
def test_names_and_initials_are_said_back_as_they_are_written(text, memories, said):
    replies = act_reply("listen", text, ReplyContext(name="Sam", memory_notes=memories), turn=0)

    assert any(said in r for r in replies), replies


def test_a_recipe_asked_for_gets_a_meal_they_can_eat():
    ctx = ReplyContext(name="Sam", memory_notes=(MemoryNote("I'm vegetarian", "food:fish"),))
    for turn in range(6):
        said = act_reply("advice", "give me a recipe, quick and high protein", ctx, turn=turn)[0]
        assert said.startswith("One small idea")
        assert "tuna" not in said.lower()
        assert "chicken" not in said.lower()


def test_advice_leaves_out_what_they_cannot_eat():
    for turn in range(9):
        ctx = ReplyContext(
            name="Sam", memory_notes=(MemoryNote("I'm allergic to peanuts", "food:peanuts"),)
        )
        for said in act_reply("advice", "suggest a snack after my run", ctx, turn=turn)[:1]:
            assert "peanut" not in said.lower()


def test_kindness_is_drawn_from_real_progress():
    said = reply(
        "kindness",
        "tell me something nice",
        streak=StreakNote(current=6, longest=6, strength=40, freezes=0),
        goal_notes=(GoalNote("Run a 5k", percent=40),),
    )
    assert said.startswith(
        "Here's something true, Sam: you've shown up 6 days in a row (your best run yet), and "
        "you're 40% of the way to “Run a 5k”."
    )


def test_resume_says_what_was_last_talked_about_or_that_nothing_was():
    assert "your flatmate" in reply("resume", "where were we", earlier="your flatmate never cleans")
    assert "start of our conversation" in reply("resume", "where were we")


def test_out_of_reach_requests_are_declined_honestly_by_kind():
    assert "weather" in reply("decline", "whats the weather in lisbon")
    assert "book" in reply("decline", "can you book me a table for two")
    assert "health questions" in reply("decline", "is this rash infected")
    assert "vet" in reply("decline", "hes limping a bit. is it infected")
    assert "emergency vet" in reply("decline", "The vet is closed on sunday what do I do")
    assert "emergency vet" in reply("decline", "the dog got into the raisins, hes shaking")
    assert "pharmacist" in reply("decline", "is it bad to drink like 4 energy drinks a day")
    assert "English" in reply("decline", "do u speak portuguese or only english")
    assert "can't send messages" in reply("decline", "can you tell her im fine haha")
    assert "988" in reply("decline", "can you call someone for me")


def test_an_answer_of_facts_asked_for_again_is_given_again_as_a_repeat():
    replies = act_reply("story", "hows the story", ReplyContext(name="Sam"), turn=3)
    assert replies[0].startswith("Your story")
    assert replies[1].startswith("Like I said, your story")
    weather = act_reply("decline", "whats the weather", ReplyContext(name="Sam"), turn=3)
    assert any(reply.startswith("Like I said, I can't") for reply in weather)


def test_progress_on_a_goal_named_in_the_question_comes_before_the_streak():
    goals = (GoalNote("Be able to run 5k", percent=40), GoalNote("Learn French", planning=True))
    assert reply("progress", "how far am i on the 5k thing", goal_notes=goals).startswith(
        "You're 40% of the way to “Be able to run 5k”."
    )
    said = reply("progress", "hows french going", goal_notes=goals)
    assert "still breaking it into missions" in said


@pytest.mark.parametrize(
    ("days", "left"),
    [(208, "about 7 months from now"), (30, "about 4 weeks from now"), (3, "3 days from now")],
)
def test_how_long_is_left_is_counted_to_the_goals_date_on_the_persons_clock(days, left):
    goal = GoalNote(
        "Run a 10k with my sister", due=dt.date(2027, 6, 30), days_left=days, planning=True
    )
    said = reply("progress", "how long till the 10k", goal_notes=(goal,))
    assert said.startswith(f"“Run a 10k with my sister” is set for 30 June 2027: {left}.")
    assert ("Plenty of small steps" in said) == (days >= progress_answers.ROOMY_DAYS)
    assert "streak" not in said


def test_how_long_until_something_else_is_not_answered_with_a_goal_or_the_streak():
    goal = GoalNote("Run a 10k", due=dt.date(2027, 6, 30), days_left=208)
    said = reply("progress", "how long until the weekend", goal_notes=(goal,))
    assert said == words.TIME_LEFT_UNKNOWN
    passed = GoalNote("Run a 10k", due=dt.date(2026, 6, 30), days_left=-3)
    assert "has passed" in reply("progress", "whens it due", goal_notes=(passed,))


def test_how_many_missions_are_done_is_counted_per_goal_not_answered_with_the_streak():
    goals = (
        GoalNote("Learn to swim properly", percent=7, done=1, accepted=15),
        GoalNote("Learn Welsh", percent=0, done=0, accepted=4),
    )
    said = reply("progress", "how many missions have i done", goal_notes=goals)
    assert said == (
        "You've done 1 mission so far: 1 of 15 for “Learn to swim properly”; 0 of 4 for "
        "“Learn Welsh”."
    )


def test_what_a_streak_is_for_is_explained_and_a_reminder_declined_honestly():
    assert reply("progress", "whats a streak even for").startswith("A streak counts the days")
    declined = reply("decline", "can you remind me to write tomorrow at 8")
    assert "I can only remind you of your habits" in declined


def test_advice_on_writing_is_about_writing_not_sleep():
    said = reply("advice", "do you have any tips for writing when youre tired")
    assert "draft" in said or "sentences" in said


def test_asked_to_talk_of_something_else_she_gladly_does():
    assert reply("smalltalk", "can we talk about something else").startswith("Of course, Sam.")


def test_an_idea_asked_for_without_a_topic_draws_on_what_was_said_before():
    said = reply("advice", "what should i say to her", earlier="your mum is taking it really hard")
    assert "right words" in said or "grief" in said


def test_asked_what_their_goals_are_she_names_them_with_where_they_stand():
    goals = (GoalNote("Get back into swimming", reviewing=True), GoalNote("Learn Welsh", percent=0))
    said = reply("progress", "whats my goal again", goal_notes=goals)
    assert said.startswith("“Get back into swimming” has its plan waiting on your goals page")
    assert "“Learn Welsh”: no missions done yet" in said


def test_asked_what_she_likes_she_answers_honestly_and_turns_it_back():
    assert reply("smalltalk", "do you like whales").startswith("I don't have favourites")


@pytest.mark.parametrize("text", ["fair enough", "haha fair", "makes sense", "ok cool"])
def test_a_short_nod_gets_a_light_reply_not_a_question_about_it(text):
    said = reply("smalltalk", text)
    assert said in {w.replace("{n}", ", Sam") for w in words.ACKNOWLEDGED}


def test_advice_on_stretching_is_about_stretching_not_the_last_mission():
    text = "what should i do for the stretching, like how long do u hold each one"
    said = reply("advice", text, missions=("Lay out your running kit for tomorrow",))
    assert "stretch" in said.lower()
    assert "kit" not in said


def test_a_plan_of_their_own_is_backed_kindly():
    said = reply("kindness", "ok ill write the bio first, thats not scary")
    assert not reply_problems(said)
    assert "?" not in said
    assert said.startswith(("Sounds like a plan", "Good plan", "That works"))


@pytest.mark.parametrize(
    "text",
    [
        "might do the walk run after work if it doesnt rain",
        "phone goes in the kitchen for real this time",
    ],
)
def test_a_plan_said_without_its_subject_is_backed(text):
    said = reply("kindness", text)
    assert said.startswith(("Sounds like a plan", "Good plan", "That works"))


@pytest.mark.parametrize(
    "text", ["my shins are killing me", "my back is killing me after moving house all weekend"]
)
def test_an_ache_from_effort_is_met_as_soreness_not_asked_to_talk_it_through(text):
    said = reply("listen", text)
    assert said.startswith(("Ouch", "That sounds sore"))
    assert "talk through" not in said


@pytest.mark.parametrize("text", ["nah just tired", "knackered tbh", "im tired"])
def test_only_tired_is_met_with_rest_backed_not_a_pep_talk(text):
    said = reply("kindness", text, streak=StreakNote(current=4, longest=4, strength=60, freezes=0))
    assert said.startswith(("Fair enough", "That makes sense"))
    assert "better than you think" not in said
    assert not kindness.kindness_answers("tired of everything")


def test_backing_speaks_of_a_time_only_when_one_was_picked():
    untimed = [act_reply("kindness", "ok ill write the bio first", ReplyContext(), turn=n)[0]
               for n in range(6)]  # fmt: skip
    assert not any("picked a time" in said for said in untimed)
    timed = act_reply("kindness", "ill write the bio tomorrow after work", ReplyContext(), turn=0)
    assert any("picked a time" in said for said in timed)


def test_a_decision_left_for_later_is_respected_not_backed_as_a_plan():
    said = reply("kindness", "yeah maybe. ill think about it")
    assert said.startswith("Fair enough, Sam: give it some thought.")


def test_asked_whether_a_rest_is_all_right_she_reassures_before_anything_else():
    streak = StreakNote(current=18, longest=18, strength=60, freezes=0)
    said = reply("kindness", "is that ok", streak=streak)
    assert said.startswith(("It's okay, Sam.", "No judgement here, Sam."))


def test_asked_to_explain_a_subject_she_says_honestly_she_cannot_and_offers_a_mission():
    said = reply("advice", "honestly can you explain raid 5 simple")
    assert said.startswith("I can't explain that one properly here")


def test_advice_on_photos_is_about_photos_and_a_second_unknown_matter_is_said_afresh():
    photos = reply("advice", "tell me one thing to make street photos less boring")
    assert "ready answer" not in photos
    assert any(word in photos for word in ("frame", "photos", "street"))
    said = act_reply("advice", "probability is pure confusion. any tip", ReplyContext(), turn=0)
    assert said[0] != said[1]  # said once already, the second stands in


def test_advice_for_someone_who_works_nights_is_about_fitting_it_around_the_rota():
    said = reply("advice", "ok what would you suggest for someone who works nights")
    assert any(word in said for word in ("shift", "rota"))


def test_something_kind_to_do_tonight_is_not_a_sleep_tip_for_someone_tired_of_work():
    said = reply(
        "advice",
        "give me one thing i can do tonight that isnt crying into pasta",
        earlier="i'm just so tired of being good at things nobody values",
    )
    assert "night shift" not in said
    assert "tonight" in said or "hard days" in said


def test_how_someone_died_told_after_the_death_is_grief_not_a_worry_about_how_they_are():
    earlier = "eliza i have bad news. my brother kofi passed away on saturday"
    said = reply("sympathy", "he was 52. heart attack", earlier=earlier)
    assert "doing now" not in said
    assert said in [t.format(n=", Sam", them="him") for t in words.SYMPATHY_GRIEF]


def test_a_walk_in_the_mall_when_it_rains_is_backed_as_indoors_counting():
    text = "my wife efua says i should walk in the mall when it rains. is that a good idea"
    assert "walk indoors" in reply("advice", text)


def test_a_feeling_named_is_said_back_without_asking_how_they_feel():
    said = reply("listen", "i feel a bit guilty taking time for myself tbh")
    assert "How are you feeling" not in said


def test_made_to_feel_small_is_told_it_is_not_their_worth():
    assert reply("kindness", "idk i just feel stupid now").startswith("You're not stupid")


def test_rest_wished_for_after_a_hard_day_is_backed():
    said = reply("kindness", "yeah maybe. i just want to go home and sleep")
    assert said in [t.format(n=", Sam") for t in kindness_words.TIRED_EASED]


def test_the_body_running_low_is_cared_for_first():
    text = "been biking around all night, forgot to eat, kind of dizzy now lol"
    assert reply("smalltalk", text).startswith("Please look after your body first")


def test_someone_close_in_hospital_is_worrying_not_exhausting():
    said = reply("listen", "oma hilde is in hospital again, they said its her lungs")
    assert "worrying" in said
    assert "exhausting" not in said


def test_advice_on_staying_awake_at_the_wheel_is_not_to_drive_drowsy():
    text = "any tips for staying awake on the drive home after 12 hrs. just one thing"
    said = reply("advice", text)
    assert "not to drive drowsy" in said
    assert "still awake after twenty minutes" not in said


def test_not_started_yet_is_reassured_without_talk_of_what_was_built():
    said = reply("kindness", "is it bad that i havent started yet")
    assert said.startswith("Not at all")
    assert "built" not in said


def test_new_here_is_welcomed_in_a_few_words_and_a_doctors_news_taken_seriously():
    said = reply("help", "ive never used one of these apps before so bear with me")
    assert said.startswith("No rush at all")
    news = "so the doctor told me last month my blood sugar is borderline and i need to move more"
    assert reply("kindness", news).startswith(("That's a lot to take in", "That sounds like a"))
    assert "better than you think" not in reply("listen", news)


def test_steps_asked_about_get_a_steps_idea():
    said = reply("advice", "i dont really know how many steps i do normally, is there an easy way")
    assert "steps" in said


def test_out_of_breath_when_starting_is_answered_with_when_to_see_a_gp():
    said = reply("advice", "is it normal to be this out of breath after a short walk")
    assert "normal when you're starting out" in said
    assert "GP" in said


def test_asked_whether_they_will_manage_it_she_backs_them():
    said = reply("kindness", "do you think ill actually manage 10k a day by may")
    assert said.startswith("Yes, I think you can")


def test_how_long_have_i_got_is_the_only_goals_date():
    goal = GoalNote("Walk 10000 steps a day", due=dt.date(2027, 5, 31), days_left=178)
    said = reply("progress", "and how long have i got till the spring", goal_notes=(goal,))
    assert said.startswith("“Walk 10000 steps a day” is set for 31 May 2027")
    bare = reply("progress", "how long have i got", goal_notes=(goal,))
    assert bare.startswith("“Walk 10000 steps a day” is set for 31 May 2027")


def test_advice_about_a_head_chef_is_about_work_not_a_mission():
    text = "should i say something to the head chef tmrw or just let it go"
    said = reply("advice", text, missions=("Stretch for ten minutes",))
    assert "Stretch" not in said


def test_advice_on_a_pile_of_work_is_about_the_pile_not_a_mission():
    said = reply("advice", "any tips for getting through marking without losing my mind")
    assert "batches" in said or "easiest" in said


def test_advice_on_water_in_the_face_is_about_the_water_not_a_mission():
    text = "any tips for not panicking when water goes on my face"
    said = reply("advice", text, missions=("Block study sessions in your calendar",))
    assert "calendar" not in said
    assert "breathe out" in said or "face in" in said


def test_advice_on_panic_is_a_calming_step():
    said = reply("advice", "how do i stop freaking out before my driving test")
    assert "breath" in said or "smaller size" in said


@pytest.mark.parametrize("text", ["which one should i start with", "which one first"])
def test_asked_which_mission_to_start_with_she_names_the_first(text):
    missions = ("Find your pool's quiet sessions", "Walk a width of the shallow end")
    said = reply("advice", text, missions=missions)
    assert said.startswith("Start with “Find your pool's quiet sessions”, Sam")


def test_advice_for_a_craving_is_about_the_craving_not_a_mission():
    text = "any tips for when the craving hits at a red light"
    said = reply("advice", text, missions=("Write down why you want to quit vaping",))
    assert "Write down why" not in said
    assert "craving" in said or "mint" in said


def test_a_small_mishap_gets_an_oh_no():
    said = reply("smalltalk", "my cat just knocked a glass of water onto my sketchbook 😭")
    assert said.startswith("Oh no, Sam")


def test_advice_about_an_ex_is_about_the_ex_not_a_mission():
    text = "what should i do about my ex texting me, should i reply"
    said = reply("advice", text, missions=("Draw or shoot simple objects for 20 minutes",))
    assert "Draw or shoot" not in said
    assert "reply" in said or "answer" in said


def test_advice_about_sore_knees_is_about_the_knees_not_a_mission():
    said = reply("advice", "what should i do about my knees", missions=("Choose one habit",))
    assert "Choose one habit" not in said
    assert "doctor" in said


def test_advice_on_a_matter_no_topic_covers_is_honest_not_a_mission():
    text = "any tips for when a client keeps changing their mind"
    said = reply("advice", text, missions=("Brisk walk with 5 short jogs",))
    assert "Brisk walk" not in said
    assert said.startswith("I don't have a ready answer for that one, Sam")


def test_asked_for_something_to_do_she_suggests_a_mission():
    said = reply("advice", "what should i do today", missions=("Brisk walk with 5 short jogs",))
    assert "Brisk walk with 5 short jogs" in said


def test_a_goodbye_before_a_shift_wishes_a_good_shift_not_a_good_sleep():
    said = reply("goodbye", "ok i have to get ready for my shift. night eliza")
    assert "shift" in said
    assert "Sleep" not in said
    assert "Goodnight" in reply("goodbye", "ok bed time, night eliza")
    assert "shift" not in reply("goodbye", "right im off to bed, early shift tomorrow")


def test_facts_told_on_two_turns_running_are_acknowledged_in_other_words():
    first = act_reply("fact_noted", "my wife moira is a nurse", ReplyContext(), turn=3)[0]
    second = act_reply("fact_noted", "we have a collie called bess", ReplyContext(), turn=4)[0]
    assert first.split()[:2] != second.split()[:2]


@pytest.mark.parametrize(
    ("text", "asked"),
    [("she had a fall, shes 89", "How is she doing"), ("my dad is in hospital", "How is he doing")],
)
def test_someone_unwell_is_a_worry_asked_after_not_a_disappointment(text, asked):
    said = reply("sympathy", text)
    assert asked in said
    assert "disappointing" not in said


def test_a_question_about_saving_money_gets_a_saving_idea():
    said = reply("advice", "how much should i save a month do you think")
    assert "pot" in said or "standing order" in said


def test_something_nice_with_a_goal_set_but_nothing_done_yet_names_the_goal():
    goals = (GoalNote("Go to Japan", percent=0),)
    said = reply("kindness", "can you tell me something nice", goal_notes=goals)
    assert "“Go to Japan” from a wish into a plan" in said


def test_a_fact_told_inside_a_big_change_meets_the_change_first():
    said = reply(
        "fact_noted",
        "recently divorced and my daughter ellie just started uni so the house is very quiet",
    )
    assert said.startswith("That's a lot of change at once, Sam, and a quiet house")
    assert "Ellie" in said


@pytest.mark.parametrize(
    "text", ["long day lol. im a nurse, 12 hr shifts, feet are dead", "im a nurse and im exhausted"]
)
def test_a_fact_told_worn_out_meets_the_tiredness_first(text):
    said = reply("fact_noted", text)
    assert said.startswith("Sounds like a tiring one, Sam")
    assert "you work as a nurse" in said


@pytest.mark.parametrize(
    "text",
    [
        "my dad got moved out of icu today!! so relieved",
        "hes still weak but the nurses say hes doing better",
    ],
)
def test_someone_close_getting_better_is_met_with_relief_not_a_party(text):
    said = reply("celebrate", text)
    assert said in [t.format(n=", Sam") for t in words.RECOVERING_GLAD]


def test_the_story_liked_in_passing_is_thanked_for_not_summed_up_again():
    story = StoryNote(essence=10, beats=1, act="First Light", chapter="Arrival")
    said = reply("story", "that story thing is kinda cute actually", story=story)
    assert said in [t.format(n=", Sam") for t in words.STORY_THANKS]
    assert "Arrival" in reply("story", "is the story any good", story=story)


def test_a_fact_told_with_an_injury_asks_after_the_injury():
    said = reply("fact_noted", "i used to run a lot before i hurt my knee last year")
    assert said in [t.format(n=", Sam") for t in kindness_words.INJURY_PAST]


def test_something_tried_that_did_not_help_gets_an_idea_about_what_was_said_before():
    earlier = "you haven't been sleeping well since the divorce"
    said = reply("advice", "i tried herbal tea, didnt do much", earlier=earlier)
    assert "bed" in said or "awake" in said


def test_a_remark_told_with_a_laugh_that_teaches_nothing_is_met_lightly():
    candidates = act_reply(
        "fact_noted",
        "we live off pasta and fish fingers lol",
        ReplyContext(),
        turn=0,
        troubled=False,
    )
    assert candidates[0].startswith("Ha")


def test_ideas_for_getting_children_to_eat_veg_are_about_veg_not_snacks():
    said = reply("advice", "any ideas for sneaking veg in")
    assert "veg" in said
    assert "pretzels" not in said


def test_tiredness_said_back_sounds_exhausting():
    said = act_reply(
        "listen", "some days im just so tired after work", ReplyContext(), turn=0, troubled=True
    )
    assert any("exhausting" in candidate for candidate in said)


def test_a_job_lost_is_a_blow_and_what_was_learned_is_said_once():
    said = act_reply("fact_noted", "i got fired today lol", ReplyContext(), turn=0)[0]
    assert said.startswith("I'm sorry, that's a real blow, even said with a laugh.")
    assert said.count("you lost your job") == 1


def test_a_complaint_made_with_a_laugh_is_listened_to_lightly():
    said = act_reply("listen", "this week is honestly killing me lol", ReplyContext(), turn=0)
    assert said[0].startswith(("Oof", "Ha"))


def test_nerves_before_an_interview_sound_nerve_racking():
    said = act_reply("listen", "got a job interview on friday, bricking it", ReplyContext(), turn=0)
    assert any("nerve-racking" in candidate for candidate in said)


@pytest.mark.parametrize(
    ("text", "opening"),
    [
        ("ok going to go talk to padraig. wish me luck", "Good luck, Sam!"),
        ("ya im nervous but excited", "Good luck, Sam!"),
        ("idk maybe im overthinking it. am i overthinking it", "It makes sense, Sam,"),
        ("is that silly, its only a corner of a table", "It makes sense, Sam,"),
        ("is that too ambitious for a beginner", "Not at all, Sam."),
        ("did the 3 breaths before every call today, weirdly helped", "That counts, Sam."),
        ("havent had a drink tonight tho. thought about it a lot", "That counts, Sam."),
        ("squats. well. did one set. knee wasnae having it", "Part of it still counts, Sam:"),
        ("I tried to call Ewa two times but she did not answer", "Part of it still counts"),
        ("The salones I didnt compare. I only called one", "No harm done, Sam."),
        ("listened to the podcast on the bus. fell asleep halfway", "Part of it still counts"),
        ("ok read 12 pages of the new one. not 20. does that count", "Part of it still counts"),
        ("anyway not doing the reading today, my eyes are burning", "No harm done, Sam."),
        ("did the squats but only one set, my knee started clicking", "Part of it still counts"),
        ("ugh i think i did my back in lifting the shopping", "Oh no, Sam, that sounds sore."),
        ("i did my ankle in last year playing netball", "That's a rough one, Sam."),
        ("ok cool. my knee still clicks a bit on stairs tho", "Oh no, Sam, that sounds sore."),
        (
            "anyway. went for a check up last week and my blood pressure came back high",
            "That sounds like a proper wake-up call, Sam.",
        ),
        ("ok this is a lot of missions honestly", "It is a lot, Sam, and you don't have"),
        ("ok so tomorrow im off work, i might try the loop thing", "Good plan, Sam."),
    ],
)
def test_kindness_meets_what_was_said(text, opening):
    said = act_reply("kindness", text, ReplyContext(name="Sam"), turn=0)[0]
    assert said.startswith(opening)
    assert kindness.kindness_answers(text)


def test_kindness_on_the_first_day_says_today_not_a_day_in_a_row():
    streak = StreakNote(current=1, longest=1, strength=5, freezes=0)
    ctx = ReplyContext(name="Sam", streak=streak)
    said = act_reply("kindness", "tell me something nice", ctx, turn=0)[0]
    assert said.startswith("Here's something true, Sam: you've shown up today")
    assert "a day in a row" not in said


@pytest.mark.parametrize("text", ["tell me something nice, i did nothing today", "need a boost"])
def test_kindness_asked_for_comes_from_their_progress(text):
    streak = StreakNote(current=4, longest=9, strength=40, freezes=0)
    said = act_reply("kindness", text, ReplyContext(name="Sam", streak=streak), turn=0)[0]
    assert said.startswith("Here's something true, Sam: you've shown up 4 days in a row")
    assert not kindness.kindness_answers(text)


@pytest.mark.parametrize(
    "text", ["i havent done anything all week", "ugh the realtor. tomorrow.", "boys up at 5.40"]
)
def test_a_setback_no_cue_names_is_eased_before_their_progress(text):
    streak = StreakNote(current=4, longest=9, strength=40, freezes=0)
    said = act_reply("kindness", text, ReplyContext(name="Sam", streak=streak), turn=0)[0]
    eased = [t.format(n=", Sam") for t in kindness_words.SETBACK_EASED]
    opening = next(e for e in eased if said.startswith(e))
    assert (
        said[len(opening) :]
        .strip()
        .startswith(
            ("Here's something true: you've shown up 4 days", "Something worth noticing: you've")
        )
    )
    assert said.count("Sam") == 1
    assert not kindness.kindness_answers(text)


def test_a_setback_with_nothing_done_yet_is_eased_alone():
    said = act_reply("kindness", "boys up at 5.40", ReplyContext(name="Sam"), turn=0)
    assert said[0] in [t.format(n=", Sam") for t in kindness_words.SETBACK_EASED]
    assert "asked for what you need" not in " ".join(said)


@pytest.mark.parametrize(
    ("text", "sorry"),
    [
        ("one of my patients passed this afternoon. he used to call me little doctor", True),
        ("the lady on ward 3 passed peacefully in her sleep", True),
        ("my brother passed his driving test but crashed the car the next day", False),
    ],
)
def test_a_death_said_as_passed_with_a_when_gets_sympathy_for_a_death(text, sorry):
    said = act_reply("sympathy", text, ReplyContext(name="Sam"), turn=0)[0]
    grief = {
        w.format(n=", Sam", them=them)
        for w in words.SYMPATHY_GRIEF
        for them in ("him", "her", "them")
    }
    assert (said in grief) == sorry


@pytest.mark.parametrize(("text", "them"), [("she died 2 years ago", "her"),
                                            ("he passed away in march", "him")])  # fmt: skip
def test_grief_names_the_one_gone_as_they_were_told(text, them):
    said = act_reply("sympathy", text, ReplyContext(name="Sam"), turn=0)[0]
    assert said.endswith((f"about {them}.", f"about {them}?"))


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("is it ok to skip my run today, im so tired", True),
        ("is it ok if i take a rest day", True),
        ("is that ok", True),
        ("is it ok to post photo of stranger without asking?", False),
        ("is it bad to eat rice at night", False),
    ],
)
def test_asked_whether_a_slip_is_all_right_is_reassurance_but_a_plan_asks_advice(text, asks):
    assert kindness.asks_reassurance(text) is asks


def test_asked_whether_it_is_normal_she_eases_the_doubt():
    text = "is it normal to forget everything right before exams"
    assert kindness.asks_reassurance(text)
    said = act_reply("kindness", text, ReplyContext(name="Sam"), turn=0)[0]
    assert said.startswith("It makes sense, Sam,")


def test_a_question_with_a_matter_of_its_own_is_not_answered_about_the_earlier_topic():
    ctx = ReplyContext(name="Sam", earlier="my knee is playing up again")
    said = act_reply("advice", "should i freeze the leftover bolognese", ctx, turn=0)[0]
    assert "freeze" in said.lower()
    assert "knee" not in said.lower()
    assert "walk" not in said.lower()


def test_no_sugary_idea_for_someone_with_diabetes():
    ctx = ReplyContext(
        name="Sam", memory_notes=(MemoryNote("Has type 2 diabetes", "health:typ_2_diabet"),)
    )
    ideas = [act_reply("advice", "what could i have for lunch", ctx, turn=n)[0] for n in range(8)]
    assert not any(word in said.lower() for said in ideas for word in ("honey", "chocolate"))


def test_kindness_from_progress_has_more_than_one_way_to_be_said():
    streak = StreakNote(current=4, longest=9, strength=40, freezes=0)
    said = act_reply("kindness", "tell me something nice", ReplyContext(streak=streak), turn=0)
    assert len(set(said)) >= 2
    assert all("4 days in a row" in line for line in said)


def test_asked_for_opening_times_she_says_she_cannot_check_them():
    said = reply("decline", "is the pool open on sundays do you know")
    assert said.startswith("I can't check opening times from here, Sam")


@pytest.mark.parametrize(
    ("text", "about"),
    [
        ("what should i paint first", "one piece of fruit"),
        ("any tips for cheap watercolour supplies", "student-grade"),
        ("how do i get better at guitar", "half speed"),
        ("any ideas for learning spanish", "new language"),
        ("how do i read more books before bed", "pages"),
    ],
)
def test_advice_on_a_craft_is_about_that_craft(text: str, about: str) -> None:
    said = reply("advice", text, missions=("Stretch for ten minutes",))
    assert about in said
    assert "Stretch" not in said


def test_advice_about_a_matter_no_words_name_is_read_from_their_goals():
    goals = (GoalNote(title="Paint again"),)
    missions = ("Buy a small set of watercolours",)
    said = reply("advice", "any tips for cheap supplies", goal_notes=goals, missions=missions)
    assert "student-grade" in said


@pytest.mark.parametrize(
    "text", ["i didnt do the screens one, was on my phone till 3am", "skipped my run today"]
)
def test_something_missed_is_met_without_blame(text: str) -> None:
    said = reply("kindness", text)
    assert "harm" in said or "missed day" in said


def test_someone_elses_miss_is_not_theirs() -> None:
    assert not kindness.tells_a_miss("she didnt do her homework again")
    # Not done in years is no day missed ("tbh i havent run since school lol").
    assert not kindness.tells_a_miss("tbh i havent run since school lol")
    assert not kindness.tells_a_miss("i haven't played in years")
    assert kindness.tells_a_miss("i havent called her today")


def test_advice_on_spending_asked_the_best_way_is_about_spending_not_what_came_before():
    said = reply(
        "advice",
        "whats the best way to stop spending on takeaways",
        earlier="my mum lives in accra, i havent seen her in 4 years",
    )
    assert "takeaway nights" in said


def test_asked_whether_a_choice_is_silly_she_says_it_is_not():
    said = reply("kindness", "is it silly to go for just 2 weeks")
    assert said.startswith("Not silly at all")


def test_a_question_of_fact_asked_as_advice_is_answered_honestly_not_with_a_step():
    said = act_reply("advice", "how many calories in jollof rice", ReplyContext(), turn=0)[0]
    assert said.startswith("I can't be sure of that one")


def test_a_clicking_knee_asked_about_gets_the_answer_advice_knows():
    said = act_reply("advice", "is that bad, the clicking", ReplyContext(), turn=0)[0]
    assert "clicks without pain" in said


@pytest.mark.parametrize("troubled", [False, True])
def test_a_feeling_word_laughed_about_is_no_trouble_to_listen_to(troubled):
    text = "hahaha my aunt cried the whole time"
    said = act_reply("listen", text, ReplyContext(name="Ama"), turn=0, troubled=troubled)
    assert not any("that bad" in r or "hardest" in r or "sounds" in r for r in said)
    assert not any(r.startswith("Hahaha") for r in said)


@pytest.mark.parametrize("troubled", [False, True])
def test_not_wanting_to_call_anyone_is_met_without_pressure(troubled):
    text = "i dont want to call anyone. its 2am"
    said = act_reply("listen", text, ReplyContext(name="Gwen"), turn=0, troubled=troubled)[0]
    assert said.startswith("That's okay, Gwen. You don't have to call anyone")


def test_not_wanting_to_call_anyone_about_a_chore_is_ordinary_listening():
    text = "i dont want to call anyone about the boiler"
    said = act_reply("listen", text, ReplyContext(name="Gwen"), turn=0, troubled=False)
    assert not any("helplines" in r for r in said)


def test_a_question_of_fact_on_a_topic_advice_knows_is_answered_only_if_a_suggestion_speaks_of_it():
    fact = act_reply("advice", "how many people speak spanish in the world", ReplyContext(), turn=0)
    craving = act_reply("advice", "how long do the cravings last", ReplyContext(), turn=0)

    assert fact[0].startswith("I can't be sure of that one")
    assert "craving peaks and passes" in craving[0]


def test_a_phrase_said_twice_is_not_said_back():
    said = act_reply("listen", "i know i know", ReplyContext(), turn=0, troubled=False)
    assert said
    assert not any("know you know" in candidate.lower() for candidate in said)


@pytest.mark.parametrize(
    ("text", "them"),
    [
        ("so tired. my cat luna died on sunday, she was 17", "her"),
        ("my grandad died last week", "him"),
        ("my friend sam died", "them"),
    ],
)
def test_sympathy_speaks_of_the_one_lost_as_they_were_spoken_of(text, them):
    said = act_reply("sympathy", text, ReplyContext(), turn=0)
    assert all(f"about {them}" in candidate for candidate in said)


def test_advice_on_a_matter_of_its_own_is_never_a_tip_about_their_goal():
    said = reply(
        "advice", "Give me one thing to change in my essays", goal_notes=(GoalNote("Run a 5k"),)
    )
    assert "ready answer" in said
    assert "run" not in said.lower()


def test_sleeping_in_daylight_gets_the_tip_for_a_day_sleeper():
    said = reply("advice", "any trick to fall asleep when its daylight outside")
    assert "blackout" in said


def test_something_missed_with_a_plan_to_do_it_later_gets_the_plan_backed():
    said = reply("kindness", "the tea i didnt drink yet, i will do it before sleep")
    assert "plan" in said.lower() or "picked a time" in said
    assert "missed" not in said


@pytest.mark.parametrize(
    "text",
    ["my sister came round yesterday which helped", "a long walk really helped me today"],
)
def test_something_that_helped_is_met_with_gladness_not_hardness(text):
    said = act_reply("listen", text, ReplyContext(), turn=0, troubled=True)[0]
    assert "glad" in said
    assert "hard" not in said.split(".")[0]


def test_something_that_did_not_help_is_listened_to():
    said = act_reply("listen", "honestly the walk didnt really help", ReplyContext(), turn=0)
    assert not any("glad" in reply for reply in said)


def test_being_the_only_one_working_is_no_part_of_a_mission_done():
    assert not kindness_words.PART_DONE.search("we have 2 kids and im the only one working rn")
    assert kindness_words.PART_DONE.search("only one set today, knee hurt")


def test_todays_missions_ask_which_to_start_and_a_lone_one_is_offered_once():
    arena = ZoneNote("Arena", True, "closes at 21:00", 60, missions=("Easy run",))

    several = act_replies.missions_today(["Easy run", "Call Ana"], [arena])
    lone = act_replies.missions_today(["Easy run"], [arena])

    assert several == (
        "On your list today: Easy run; Call Ana. “Easy run” fits the Arena, which is open "
        "until 21:00. Which one feels right to start with?"
    )
    assert lone == (
        "On your list today: Easy run. It fits the Arena, which is open until 21:00. "
        "Want to give it a go?"
    )
    assert act_replies.missions_today(["Call Ana"], []) == (
        "On your list today: Call Ana. Want to give it a go?"
    )


def test_habits_not_ticked_today_are_said_after_the_missions_or_instead_of_them():
    both = reply("missions", "what do i have left today", missions=("Call Ana",),
                 habits_left=("Meditate", "Read"))  # fmt: skip
    only = reply("missions", "what do i have left today", habits_left=("Meditate",))
    none = reply("missions", "what do i have left today")

    assert both == (
        "On your list today: Call Ana. Want to give it a go? Still to tick today: “Meditate” "
        "and “Read”."
    )
    assert only == (
        "No missions are waiting, Sam. Still to tick today: “Meditate”. Tell me when you've "
        "done it and I'll tick it."
    )
    assert none.startswith("There are no missions waiting for you right now, Sam.")


def test_coaching_backs_a_plan_of_their_own_and_leaves_the_rest_to_the_keyword_rules():
    backed = act_reply(
        "coach", "ok i will call dr patel tomorrow", ReplyContext(name="Sam"), turn=0
    )
    assert backed[0] in {
        t.format(n=", Sam") for t in (*kindness_words.PLAN_TIMED, *kindness_words.PLAN_BACKED)
    }
    assert act_reply("coach", "running feels hard lately", ReplyContext(name="Sam"), turn=0) == []


@pytest.mark.parametrize(
    "text",
    [
        "you is a real person or a computer",
        "r u a real person",
        "Now be honest with me. Are you a real person or one of these computer things",
        "r u chatgpt",
    ],
)
@pytest.mark.parametrize("act", ["smalltalk", "help"])
def test_asked_whether_she_is_a_person_she_says_she_is_an_ai(text, act):
    said = act_reply(act, text, ReplyContext(name="Sam"), turn=0)[0]
    assert said.startswith("No, Sam, I'm not a person: I'm Eliza, an AI")


@pytest.mark.parametrize(
    "text", ["cheers eliza ur alright for a robot", "my pronunciation sounds like a robot"]
)
def test_a_remark_about_robots_is_no_question_about_her(text):
    said = act_reply("smalltalk", text, ReplyContext(name="Sam"), turn=0)
    assert not any("not a person" in s for s in said)


def test_asked_how_not_to_freeze_in_the_sea_she_speaks_of_cold_water_not_the_freezer():
    said = act_reply(
        "advice", "how do i not freeze to death in the water lol", ReplyContext(), turn=0
    )
    assert "cold shock" in said[0]
    assert "bags" not in said[0]


def test_asked_to_freeze_leftovers_she_still_speaks_of_the_freezer():
    said = act_reply("advice", "should i freeze the leftover bolognese", ReplyContext(), turn=0)
    assert "freeze" in said[0].lower()


def test_effort_of_years_ago_is_history_not_effort_to_see():
    text = "well i've been meaning to get back into sea swimming. i did it years ago at blackrock"
    assert not kindness.kindness_answers(text)
    assert kindness.kindness_answers("i did it this morning, only 5 minutes")


@pytest.mark.parametrize(
    "text",
    [
        "do you think i should write to her again, proper letters",
        "how do i get back in touch with an old friend",
        "any tips for staying in touch with my brother in sydney",
    ],
)
def test_asked_about_keeping_in_touch_she_speaks_of_letters_not_writing_craft(text):
    said = act_reply("advice", text, ReplyContext(), turn=0)
    assert "draft" not in said[0]
    assert "chapter" not in said[0]
    assert "easy to answer" in said[0] or "rhythm" in said[0]


def test_asked_about_writing_a_novel_she_still_speaks_of_drafts():
    said = act_reply("advice", "any tips for writing my novel", ReplyContext(), turn=0)
    assert "draft" in said[0] or "chapter" in said[0]


def test_asked_what_to_spend_on_running_shoes_she_speaks_of_shoes_not_savings():
    said = act_reply("advice", "how much should i spend on running shoes", ReplyContext(), turn=0)
    assert "feet" in said[0]
    assert "payday" not in said[0]
    assert "pot" not in said[0]


def test_asked_what_a_parkrun_is_like_she_speaks_of_parkrun():
    said = act_reply("advice", "whats a parkrun even like for a beginner", ReplyContext(), turn=0)
    assert "5k" in said[0]
    assert "tempo" not in said[0]


@pytest.mark.parametrize(
    "text", ["yeah i dont really want to talk about it", "can we just not talk about it"]
)
def test_asked_not_to_talk_about_it_she_leaves_it_be(text):
    said = act_reply("listen", text, ReplyContext(), turn=0)
    assert "We don't have to talk about it" in said[0] or "We can leave it there" in said[0]
    assert "say more" not in said[0]


def test_asked_how_to_get_off_the_phone_at_night_she_speaks_of_the_phone_not_night_shifts():
    said = act_reply(
        "advice", "any ideas for getting off my phone at night", ReplyContext(), turn=0
    )
    assert "phone" in said[0]
    assert "night shift" not in said[0]


def test_someone_doubting_them_is_met_on_their_side():
    for act in ("smalltalk", "listen"):
        said = reply(act, "my partner says ill never manage it lol")
        assert said in [t.format(n=", Sam") for t in words.DOUBTED_WORDS]


def test_a_day_gone_sideways_told_lightly_gets_a_wry_nod_not_heavy_listening():
    said = reply("listen", "ugh one of the kids was sick on the carpet today, what a day")
    assert said in [t.format(n=", Sam") for t in words.WHAT_A_DAY_WORDS]


def test_off_to_do_something_gets_good_luck_and_off_to_bed_a_goodnight():
    said = reply("goodbye", "right i need to go mark some books")
    assert said in [t.format(n=", Sam") for t in words.OFF_TO_DO_WORDS]
    said = reply("goodbye", "ok i need to go to bed")
    assert said in [t.format(n=", Sam") for t in words.GOODNIGHT]


def test_an_injury_is_met_with_sorry_and_go_easy_not_a_deed_seen():
    said = reply("sympathy", "i sprained my wrist falling off my bike")
    assert said in [t.format(n=", Sam") for t in kindness_words.INJURY_EASED]


def test_a_pet_not_itself_is_met_with_the_worry_and_the_vet():
    said = reply("listen", "my dog bonnie is being so weird today, she wont leave my side")
    assert said in [t.format(n=", Sam") for t in words.PET_WORRIED]
    laughed = reply("listen", "my cat is so weird lol she sleeps in the sink")
    assert laughed not in [t.format(n=", Sam") for t in words.PET_WORRIED]


def test_a_plan_tried_out_loud_is_backed():
    said = reply("kindness", "maybe i could go the weekend after payroll closes")
    assert said in [t.format(n=", Sam") for t in kindness_words.PLAN_BACKED]
    assert not kindness.kindness_answers("maybe i could ask her?")


@pytest.mark.parametrize(
    "text",
    [
        "ok ringing them now",
        "on it",
        "ok will do",
        "calling her now",
        "ok I found an emergency number in Tygerberg, phoning now",
    ],
)
def test_a_step_underway_after_her_advice_is_wished_well(text):
    said = reply("kindness", text)
    assert said in [t.format(n=", Sam") for t in kindness_words.UNDERWAY_BACKED]


@pytest.mark.parametrize("act", ["smalltalk", "listen", "fact_noted"])
def test_an_injury_told_with_a_laugh_is_still_met_with_go_easy(act):
    said = reply(act, "i sprained my wrist last month tho so go easy on me lol")
    assert said in [t.format(n=", Sam") for t in kindness_words.INJURY_PAST]


def test_a_goal_titled_in_the_persons_shorthand_does_not_spoil_the_answer():
    said = reply(
        "progress",
        "how is my progress",
        goal_notes=(GoalNote("Make the U16 team", percent=30),),
        streak=StreakNote(5, 9, 30, 1),
    )

    assert said.startswith("You're 30% of the way to “Make the U16 team”.")
    assert reply_problems(said) == []


@pytest.mark.parametrize("text", ["how many missions do i have left", "how many left now"])
def test_asked_how_many_she_counts_todays_missions_first(text):
    said = reply("missions", text, missions=("Call Ana", "Read 20 pages"))

    assert said.startswith("Two on your list today: Call Ana; Read 20 pages.")


@pytest.mark.parametrize(
    ("act", "text"),
    [
        ("listen", "GOOD NEWS nan is sitting up and eating so shes definately fine lol"),
        ("listen", "im so relieved honestly i cried in the shop in front of a customer"),
        ("celebrate", "my dad is out of hospital and doing better"),
    ],
)
def test_relief_or_someone_recovering_is_met_as_relief_whatever_it_was_read_as(act, text):
    assert "relief" in reply(act, text)


def test_is_that_mad_asks_whether_it_is_crazy_not_about_anger():
    said = reply("listen", "kai says i should read 50 books this year, is that mad")

    assert "frustrating" not in said


@pytest.mark.parametrize(
    ("text", "words_of_it"),
    [
        ("how do i even set an app limit on android", "Digital Wellbeing"),
        ("how do i stop grabbing my phone the second i wake up", "alarm clock"),
        ("do u have a quick recipie with chickpeas", "chickpeas fried"),
    ],
)
def test_practical_questions_get_a_practical_answer(text, words_of_it):
    assert words_of_it in reply("advice", text)


def test_words_of_candour_that_end_a_sentence_are_not_said_back():
    said = reply("listen", "this wedding order is gonna be the death of me honestly")

    assert "honestly" not in said
    assert said.startswith("This wedding order is going to be the death of you")


def test_thanks_with_news_of_their_own_is_met_without_gladness_it_helped():
    plain = reply("thanks_reply", "thanks so much")
    with_news = reply("thanks_reply", "yeah thanks. mums with her now")

    assert plain in [t.format(n=", Sam") for t in words.THANKS]
    assert with_news in [t.format(n=", Sam") for t in words.THANKS_AND_NEWS]


def test_someone_just_signed_up_who_is_not_an_app_person_is_welcomed_not_lectured():
    said = reply(
        "help",
        "just signed up, the wife said i should give this a go. not really an app person tbh",
    )

    assert said == words.NEW_HERE.format(n=", Sam")
