"""Eliza understands people as they talk: every broken or odd reply a new person met in a
fresh conversation (the understanding issue), answered well through the real turn."""

from __future__ import annotations

import pytest

from goals.models import Mission
from tests.companion.factories import remember, say
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db

SHOES = "Check your shoes and lay out your running kit"
LOOP = "Walk-run around the park loop and note how it felt"


@pytest.fixture
def runner(owner):
    """Olivia, training for a 5k, allergic to peanuts, with a sister in Lisbon."""
    goal = make_goal(owner, title="Run a 5k")
    for title in (SHOES, LOOP, "Stretch for ten minutes"):
        make_mission(goal, title=title)
    remember(owner, "I'm allergic to peanuts", key="food:peanuts")
    remember(owner, "My sister Lena lives in Lisbon", key="relation:sister")
    return owner


def done_titles(user) -> set[str]:
    return set(
        Mission.objects.filter(user=user, status="completed").values_list("title", flat=True)
    )


def test_advice_about_a_manager_is_one_concrete_suggestion(runner):
    answer = say(runner, "what do you think I should do about my manager?")
    assert answer["act"] == "advice"
    assert "Do you want to do about" not in answer["reply"]


@pytest.mark.parametrize(
    "text", ["what do you remember about me?", "what do you remember about me"]
)
def test_what_she_remembers_is_answered_from_memory(runner, text):
    answer = say(runner, text)
    assert answer["act"] == "memory_answer"
    assert "Lisbon" in answer["reply"]


def test_a_question_about_the_story_gets_the_story(runner):
    answer = say(runner, "hows my story going")
    assert answer["act"] == "story"
    assert "story" in answer["reply"].lower()


def test_asked_for_something_nice_she_says_something_kind(runner):
    answer = say(runner, "tell me something nice, i need it")
    assert answer["act"] == "kindness"
    assert "Let's come back" not in answer["reply"]


def test_a_loose_report_that_fits_two_missions_is_asked_about_and_marks_nothing(runner):
    answer = say(runner, "I did the shoes thing and mapped a loop!! feeling kinda proud")

    assert answer["act"] == "clarify_choice"
    assert SHOES in answer["reply"]
    assert LOOP in answer["reply"]
    assert done_titles(runner) == set()
    chosen = say(runner, "the shoes one", answer)
    assert chosen["act"] == "mission_done"
    assert done_titles(runner) == {SHOES}


def test_undo_takes_back_the_mission_she_just_marked(runner):
    marked = say(runner, "just did the walk-run around the park loop")
    assert done_titles(runner) == {LOOP}

    undone = say(runner, "wait no, i didnt do the walk-run yet, can you undo that?", marked)

    assert undone["act"] == "undo"
    assert LOOP in undone["reply"]
    assert done_titles(runner) == set()
    again = say(runner, "undo", marked)
    assert again["act"] == "undo"
    assert "nothing to undo" in again["reply"]


def test_a_miss_of_another_mission_told_after_a_mark_takes_nothing_back(runner):
    marked = say(runner, "just did the walk-run around the park loop")

    said = say(runner, "i didnt check the shoes, it was raining", marked)

    assert done_titles(runner) == {LOOP}
    assert said["act"] == "kindness"


def test_an_undo_that_names_a_mission_she_never_marked_takes_nothing_back(runner):
    marked = say(runner, "just did the walk-run around the park loop")

    said = say(runner, "wait no i didnt check the shoes thing, undo that one", marked)

    assert said["act"] == "undo"
    assert f"“{SHOES}” isn't marked done" in said["reply"]
    assert done_titles(runner) == {LOOP}
    undone = say(runner, "oh. the loop one then, undo it", marked)
    assert done_titles(runner) == set()
    assert LOOP in undone["reply"]


@pytest.mark.parametrize(
    "text",
    ["i walked for 15 mins on my break", "i walked for like 15 mins on my break, does that count"],
)
def test_a_walk_told_is_not_the_walk_run_mission(owner, text):
    goal = make_goal(owner, title="Run a 5k in spring")
    make_mission(goal, title="Map a safe 3-5 km loop near home")
    make_mission(goal, title="Walk-run your loop and note how it felt")

    said = say(owner, text)

    assert done_titles(owner) == set()
    assert "Marked" not in said["reply"]


def test_a_no_that_keeps_from_something_names_no_mission_by_its_no(owner):
    goal = make_goal(owner, title="Cut back on the beers in the week")
    make_mission(goal, title="Count your drinks this week: no judgement, just the number")
    make_mission(goal, title="Swap your first drink after work for a cuppa or a soft drink")
    make_mission(goal, title="On a night out, have a glass of water between drinks")

    said = say(owner, "no beer tonight either. had a cuppa instead")
    say(owner, "ha. one day. steady on", said)

    assert done_titles(owner) == set()


def test_did_that_just_after_she_named_a_mission_is_that_mission(owner):
    goal = make_goal(owner, title="Quit vaping")
    note = "Note each time you reach for it today, and what set it off"
    make_mission(goal, title=note)
    make_mission(goal, title="Write down why you want to quit vaping, in one sentence")
    named = say(owner, "which one should i start with")
    assert note in named["reply"]

    say(owner, "ok did that, wrote down every time i reached for it at work today", named)

    assert done_titles(owner) == {note}


def test_a_wish_about_it_after_a_pastime_told_is_offered_by_name(owner):
    told = say(owner, "i used to paint loads before i started teaching. watercolours mostly")

    offer = say(owner, "yeah i think id like to get back into it", told)

    assert (
        offer["reply"] == "That sounds worth doing. Shall we make “Get back into painting” a goal?"
    )


def test_a_wish_about_it_with_nothing_to_name_it_is_no_offer(owner):
    answer = say(owner, "i want to get back into it")
    assert "Shall we make" not in answer["reply"]
    assert answer["conversation_state"] == "idle"


def test_done_after_a_list_of_missions_marks_none_of_them_by_guess(runner):
    listed = say(runner, "whats on my list today")
    assert SHOES in listed["reply"]
    assert LOOP in listed["reply"]

    say(runner, "ok done, found my old trainers in the loft", listed)

    assert LOOP not in done_titles(runner)


def test_a_mission_pointed_at_by_its_verb_beside_a_deed_is_marked(owner):
    goal = make_goal(owner, title="Get back into painting")
    make_mission(goal, title="Set up a small space with your materials")
    make_mission(goal, title="Draw or shoot simple objects for 20 minutes")

    say(owner, "the setting up one, i cleared the corner of the spare room")

    assert done_titles(owner) == {"Set up a small space with your materials"}


def test_an_undo_that_names_a_mission_finished_a_while_ago_takes_it_back(runner):
    marked = say(runner, "i checked my shoes and laid out my running kit")
    assert done_titles(runner) == {SHOES}
    for text in ("whats my streak", "how is my story", "ok", "thanks"):
        say(runner, text, marked)

    asked = say(runner, "wait did you mark the shoes thing? i did that yesterday", marked)
    undone = say(runner, "undo it", marked)

    assert done_titles(runner) == set()
    assert SHOES in asked["reply"] or SHOES in undone["reply"]


def test_asked_to_play_music_she_says_plainly_she_cannot(runner):
    answer = say(runner, "can you play music")
    assert answer["act"] == "decline"
    assert answer["reply"].startswith("I can't play music from here")


def test_a_shrug_after_a_wish_is_not_remembered_with_it(runner):
    say(runner, "i want to walk more i guess. like every day after work")
    answer = say(runner, "what do you remember about me")
    assert "you guess" not in answer["reply"]


def test_a_deed_told_with_an_irregular_past_is_marked(owner):
    goal = make_goal(owner, title="Learn to swim properly")
    make_mission(goal, title="Blow bubbles with your mouth in the water, ten times")
    make_mission(goal, title="Float on your back, holding the side")

    say(owner, "also blew some bubbles lol, the lifeguard was smiling at me")

    assert done_titles(owner) == {"Blow bubbles with your mouth in the water, ten times"}


def test_a_streak_question_gets_the_streak_not_a_celebration(runner):
    answer = say(runner, "ok now whats my streak")
    assert answer["act"] == "progress"
    assert "savour" not in answer["reply"]


def test_a_pets_death_is_met_with_sympathy_that_names_it(runner):
    answer = say(runner, "My cat Pepper passed away last week")
    assert answer["act"] == "sympathy"
    assert "sorry" in answer["reply"]
    assert "Pepper" in answer["reply"]
    assert "Yes!" not in answer["reply"]


def test_what_she_can_do_and_where_we_were(runner):
    helped = say(runner, "what can you do?")
    assert helped["act"] == "help"
    assert "goal" in helped["reply"]
    assert "undo" in helped["reply"]
    told = say(runner, "my manager tore apart my presentation in front of the whole team")
    resumed = say(runner, "where were we?", told)
    assert resumed["act"] == "resume"
    assert "presentation" in resumed["reply"]


def test_a_humiliation_is_listened_to_in_the_persons_own_words(runner):
    answer = say(runner, "my manager tore apart my presentation in front of the whole team")
    assert answer["act"] in ("listen", "sympathy")
    assert "humiliating" in answer["reply"]


def test_a_pet_that_knows_when_they_are_sad_is_a_fact_not_sadness(runner):
    answer = say(runner, "I have a dog named Biscuit, he always knows when im sad lol")
    assert answer["act"] == "fact_noted"
    assert "Biscuit" in answer["reply"]
    assert "sorry to hear" not in answer["reply"].lower()


def test_goodnight_is_a_goodbye(runner):
    answer = say(runner, "night!")
    assert answer["act"] == "goodbye"
    assert "come back to your story" not in answer["reply"]


def test_a_snack_suggestion_leaves_out_what_they_cannot_eat(runner):
    for _ in range(4):  # every suggestion she might rotate to
        answer = say(runner, "can you suggest a snack for after my run?")
        assert answer["act"] == "advice"
        assert "peanut" not in answer["reply"].lower()


def test_the_weather_is_honestly_out_of_reach(runner):
    answer = say(runner, "whats the weather like in lisbon rn")
    assert answer["act"] == "decline"
    assert "can't" in answer["reply"]
    assert "walk" not in answer["reply"].lower()


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("my dog ate chocolate what do i do", "emergency vet now"),
        ("is it bad if my cat sneezes a lot", "your vet is the one to ask"),
        ("why does my dog keep eating grass", "your vet is the one to ask"),
    ],
)
def test_an_animal_s_health_asked_about_is_the_vet_s_to_answer(runner, text, said):
    answer = say(runner, text)
    assert answer["act"] == "decline"
    assert said in answer["reply"]


@pytest.mark.parametrize(
    "text", ["my dog ate my homework lol", "the cat threw up on my bed this morning, gross"]
)
def test_an_animal_s_mishap_told_without_a_question_is_no_health_question(runner, text):
    assert "vet" not in say(runner, text)["reply"]


def test_a_deed_told_in_the_past_marks_the_mission_it_clearly_names(runner):
    answer = say(runner, "i did actually go for the walk run thing this evening")
    assert answer["act"] == "mission_done"
    assert done_titles(runner) == {LOOP}


@pytest.mark.parametrize(
    "text",
    [
        "what are todays missions",
        "stretching tomorrow, my legs are done for",
        "the stretch isnt even finished lol",
        "did i stretch already?",
        "huh ok. what are todays missions",
        "give me a tip for stretching, i feel silly doing it",
        "i thought i would try the stretch thing later. i found a video for it",
    ],
)
def test_a_question_a_plan_a_request_or_a_denial_marks_nothing(runner, text):
    say(runner, text)
    assert done_titles(runner) == set()


@pytest.mark.parametrize(
    "text",
    [
        "lena joined in lol she did the stretch thing with me on video",
        "prob not the stretch, too knackered",
        "stretch tho... skipped. my hips are killing me",
    ],
)
def test_someone_elses_deed_a_skip_or_a_tired_word_marks_nothing(runner, text):
    say(runner, text)
    assert done_titles(runner) == set()


def test_a_deed_in_a_ramble_is_matched_by_its_own_words_not_the_rambles(owner):
    make_mission(make_goal(owner, title="Run again"), title="Stretch for 10 minutes after work")

    say(
        owner,
        "rough week honestly. my nan went into hospital on tuesday and ive been back and forth"
        " every day, barely slept, work is piling up and i just feel like im failing at"
        " everything at once",
    )

    assert done_titles(owner) == set()


def test_a_few_words_after_a_marked_mission_name_the_next_one(runner):
    marked = say(runner, "just did the walk-run around the park loop")

    also = say(runner, "stretching too", marked)

    assert also["act"] == "mission_done"
    assert done_titles(runner) == {LOOP, "Stretch for ten minutes"}


def test_a_deed_told_by_pointing_back_marks_the_mission_just_talked_about(runner):
    asked = say(runner, "what should i do for the stretching, how long do u hold each one")

    told = say(runner, "k did that too", asked)

    assert told["act"] == "mission_done"
    assert done_titles(runner) == {"Stretch for ten minutes"}


def test_asked_to_count_it_after_an_undo_she_marks_the_mission_again(runner):
    marked = say(runner, "just did the walk-run around the park loop")
    undone = say(runner, "wait no i only did half, undo that", marked)
    assert done_titles(runner) == set()

    say(runner, "ok did the other half. now count it", undone)

    assert done_titles(runner) == {LOOP}


def test_a_not_in_a_story_of_what_was_made_takes_nothing_back(runner):
    marked = say(runner, "just did the walk-run around the park loop")

    told = say(runner, "i made it. it was not the same but it was close", marked)

    assert told["act"] != "undo"
    assert done_titles(runner) == {LOOP}


def test_pointing_back_at_talk_that_names_no_mission_marks_nothing(runner):
    chat = say(runner, "my sister is visiting this weekend")

    say(runner, "k did that too", chat)

    assert done_titles(runner) == set()


def test_a_deed_that_fits_two_missions_is_asked_about(owner):
    goal = make_goal(owner, title="Read more")
    make_mission(goal, title="Read 15 pages of your novel before bed")
    make_mission(goal, title="Read one short story on your lunch break")

    asked = say(owner, "i did a reading one tho")
    assert asked["act"] == "clarify_choice"
    chosen = say(owner, "the short story at lunch", asked)

    assert done_titles(owner) == {"Read one short story on your lunch break"}
    assert chosen["act"] == "mission_done"


def test_a_plan_told_after_a_complaint_is_backed_without_echoing_the_complaint(runner):
    say(runner, "my boss keeps blaming me, like its my fault the bus was late")

    answer = say(runner, "ok i will call dr patel tomorrow")

    assert answer["act"] in ("kindness", "coach")  # backed, either way
    assert "plan" in answer["reply"].lower() or "that works" in answer["reply"].lower()
    assert "your fault" not in answer["reply"]


def test_asking_whether_to_buy_something_gets_an_idea(runner):
    answer = say(runner, "do u think i should get new running socks")
    assert answer["act"] == "advice"


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("sup", "greet"),
        ("ok ill do the stretching in bed. night", "goodbye"),
        ("ok im gonna go eat. thanks for listening", "goodbye"),
        ("ugh ok. whats going on in the news today", "decline"),
    ],
)
def test_greetings_goodbyes_thanks_and_the_news_as_people_type_them(runner, text, act):
    assert say(runner, text)["act"] == act


def test_sorry_tonight_is_no_goodbye(runner):
    assert say(runner, "sorry im all over the place tonight")["act"] != "goodbye"


def test_an_undo_long_after_her_action_takes_nothing_back(runner):
    session = say(runner, "just did the walk-run around the park loop")
    for text in ("my sister called", "she's moving flat again", "anyway how are you"):
        session = say(runner, text, session)

    say(runner, "undo", session)

    assert done_titles(runner) == {LOOP}


def test_a_goodbye_while_a_goal_is_being_set_up_is_answered_and_the_goal_waits(owner):
    asked = say(owner, "new goal: fill a whole sketchbook by march")
    bye = say(owner, "night", asked)

    assert bye["act"] == "goodbye"
    assert "Why does it matter to you?" in bye["reply"]  # the question still open, reminded
    why = say(owner, "i miss having something that's just mine", bye)
    assert why["act"] == "goal_step"


def test_todays_list_before_the_plan_is_reviewed_points_to_the_plan(owner):
    goal = make_goal(owner, title="Start running again", decomposition_status="done")
    make_mission(goal, title="Map a safe loop near home", status="suggested")

    answer = say(owner, "ok whats on today")

    assert answer["act"] == "missions"
    assert "the plan for “Start running again” is on your goals page" in answer["reply"]


def test_todays_list_while_the_plan_is_still_made_says_so(owner):
    make_goal(owner, title="Be able to run 5k", decomposition_status="running")

    answer = say(owner, "whats the plan then")

    assert answer["act"] == "missions"
    assert "I'm still breaking “Be able to run 5k” into small missions" in answer["reply"]


def test_a_daughters_name_typed_in_lower_case_is_remembered(runner):
    said = say(runner, "my daughter is called ivy")
    asked = say(runner, "whats my daughters name", said)

    assert said["act"] == "fact_noted"
    assert "Ivy" in asked["reply"]


def test_what_she_knows_about_a_new_person_leaves_out_her_own_plans_and_story(owner):
    goal = make_goal(owner, title="Start running again")
    remember(owner, "Wants to start running again", key="goal:start_run")
    remember(owner, f"Plan for the goal “{goal.title}”: 5 milestones (Base building)",
             key=f"goal:{goal.pk}:plan")  # fmt: skip

    answer = say(owner, "what do you know about me so far")

    assert answer["act"] == "memory_answer"
    assert "start running again" in answer["reply"]
    assert "milestones" not in answer["reply"]


def test_ideas_asked_for_in_a_long_sentence_get_an_idea(runner):
    answer = say(runner, "any ideas for a run when its raining and i have the baby")
    assert answer["act"] == "advice"


@pytest.mark.parametrize(
    "text",
    [
        "lowkey bored of chicken tho. give me something different that still has protein",
        "football tonight, think running about will help or will i just be gasping",
    ],
)
def test_an_idea_asked_for_without_a_question_gets_one(runner, text):
    answer = say(runner, text)
    assert answer["act"] == "advice"
    assert answer["reply"].startswith("One small idea")


def test_todays_list_asked_after_another_sentence(runner):
    answer = say(runner, "ok i approved them all. now whats on today")
    assert answer["act"] == "missions"


def test_the_first_one_means_the_first_of_the_two_she_offered(owner):
    goal = make_goal(owner, title="Run a 5k")
    for title in ("Stretch for ten minutes", SHOES, LOOP):
        make_mission(goal, title=title)
    asked = say(owner, "I did the shoes thing and mapped a loop!! feeling kinda proud")
    offered_first = asked["reply"].split("“")[1].split("”")[0]

    say(owner, "the first one", asked)

    assert done_titles(owner) == {offered_first} != {"Stretch for ten minutes"}


@pytest.mark.parametrize(
    ("text", "not_act"),
    [
        ("long night at work", "goodbye"),
        ("ok. i saved the number", "undo"),
        ("Goodness. Graham will be impressed", "decline"),
        ("hmm ok maybe before bed", "goodbye"),
    ],
)
def test_an_act_whose_words_do_not_fit_it_is_not_taken(runner, text, not_act):
    assert say(runner, text)["act"] != not_act


def test_words_of_no_greeting_in_the_middle_of_a_conversation_get_none(runner):
    first = say(runner, "long night at work")
    assert say(runner, "im still here", first)["act"] != "greet"


def test_a_son_who_called_is_no_son_called_from(runner):
    answer = say(runner, "my son called from vancouver, he is worried about me")
    assert "called From" not in answer["reply"]


def test_never_mind_with_more_to_say_goes_on(runner):
    answer = say(runner, "Never mind, I'll listen to the radio.")
    assert "Nothing to cancel" not in answer["reply"]


@pytest.mark.parametrize(
    ("missions", "text"),
    [
        # A kit laid out "for tomorrow" is done today ("laid" names "lay").
        (("Check your shoes and lay out your running kit", "Map a safe 3-5 km loop near home"),
         "found them!! laid out my kit for tomorrow morning"),
        # A deed, and something that can wait.
        (("Water the seedlings in the greenhouse", "Sow the pea seeds along the fence"),
         "watered them. the peas can wait"),
    ],
)  # fmt: skip
def test_a_deed_marks_the_mission_its_own_words_fit(owner, missions, text):
    goal = make_goal(owner, title="Mine")
    for title in missions:
        make_mission(goal, title=title)

    say(owner, text)

    assert done_titles(owner) == {missions[0]}


def test_a_sister_who_said_this_helped_is_no_thanks(runner):
    assert say(runner, "first time here, my sister said this helped her")["act"] != "thanks_reply"


def test_a_girlfriends_name_without_an_apostrophe_is_remembered(runner):
    told = say(runner, "my girlfriends name is ama btw")
    asked = say(runner, "whats my girlfriends name", told)
    assert "Ama" in asked["reply"]


def test_what_she_knows_never_says_a_pronoun_they_disliked(runner):
    told = say(runner, "any ideas for a quick veggie dinner, nothing with mushrooms, i hate them")
    answer = say(runner, "what do you know about me", told)
    assert "don't like you" not in answer["reply"]


def test_a_deed_that_fits_no_mission_is_still_met_with_joy(owner):
    answer = say(owner, "just did a 10 min walk around the block on my break")

    assert answer["act"] == "celebrate"
    assert done_titles(owner) == set()


def test_ill_typed_for_ill_do_is_no_illness(owner):
    answer = say(owner, "ok ill do the first one tmrw")

    assert "not feeling well" not in answer["reply"]


def test_moving_the_only_goal_says_its_new_date(owner):
    make_goal(owner, title="Run 5k without stopping")

    answer = say(owner, "move it to april actually, march is mad busy")

    assert "its target date is now 30 April" in answer["reply"]


def test_a_mission_denied_in_passing_opens_no_goal(owner):
    answer = say(owner, "not for a mission, just in my notebook")

    assert "I don't know your goals yet" not in answer["reply"]
    assert answer["conversation_state"] == "idle"


@pytest.fixture
def guitarist(owner):
    goal = make_goal(owner, title="Learn to play guitar")
    for title in ("Learn the chords G, C and D", "Practise switching between two chords"):
        make_mission(goal, title=title)
    return owner


def test_a_deed_that_fits_two_missions_is_the_one_the_rest_of_the_message_names(guitarist):
    answer = say(guitarist, "ok i did the chords thing, G C and D, my fingers hurt tho")

    assert answer["act"] == "mission_done"
    assert done_titles(guitarist) == {"Learn the chords G, C and D"}


def test_which_mission_left_unanswered_is_not_asked_again_later(guitarist):
    asked = say(guitarist, "did the chords thing")
    assert asked["act"] == "clarify_choice"
    aside = say(guitarist, "is that normal, the finger pain", asked)
    assert "fingertips" in aside["reply"]  # answered, not soothed
    later = say(guitarist, "wait what were we talking about before", aside)
    goodbye = say(guitarist, "ok bye for now", later)

    assert later["act"] == "resume"
    assert "Which mission" not in later["reply"] + goodbye["reply"]
    assert done_titles(guitarist) == set()


def test_a_mission_not_done_is_met_without_blame_and_marks_nothing(guitarist):
    answer = say(guitarist, "i didnt do the chords one, was on my phone till 3am")

    assert answer["act"] == "kindness"
    assert done_titles(guitarist) == set()


# -- found talking to her in Chromium (2026-12-01) -----------------------------------------


def test_a_worry_about_a_body_part_is_for_a_doctor_or_physio_not_a_shrug(runner):
    answer = say(
        runner, "oh one more thing, my knee's been clicking when i kick, should i be worried"
    )

    assert answer["act"] == "decline"
    assert "doctor" in answer["reply"]


@pytest.mark.parametrize("text", ["im rubbish at stretching", "i suck at this honestly"])
def test_being_harsh_on_oneself_is_met_with_kindness_never_agreement(runner, text):
    answer = say(runner, text)

    assert answer["act"] == "kindness"
    assert "go easy" in answer["reply"].lower() or "harsh thing" in answer["reply"]


def test_a_mission_skipped_is_met_without_blame(runner):
    answer = say(runner, "i skipped stretching again tho")

    assert answer["act"] == "kindness"
    assert "listening" not in answer["reply"]


def test_a_move_told_in_passing_changes_where_they_live(runner):
    remember(runner, "I live in Leeds", key="location")

    say(runner, "wait i dont live in leeds anymore, moved to manchester in march")

    answer = say(runner, "what do you remember about me")
    assert "manchester" in answer["reply"].lower()
    assert "leeds" not in answer["reply"].lower()


@pytest.fixture
def reader(owner):
    goal = make_goal(owner, title="Read 12 books this year")
    for title in (
        "Read 20 pages of your current book",
        "Write three lines about what you read",
        "Visit the library on your lunch break",
    ):
        make_mission(goal, title=title)
    return owner


def test_a_mission_whose_place_is_shut_is_not_marked_done(reader):
    answer = say(reader, "library is closed on mondays so thats out")

    assert answer["act"] != "mission_done"
    assert not Mission.objects.filter(user=reader, status=Mission.Status.COMPLETED).exists()


def test_food_ideas_respect_what_the_question_says_they_cannot_eat(reader):
    answer = say(reader, "shes vegan so i need ideas, i can only really cook meat")

    assert answer["act"] == "advice"
    assert not any(w in answer["reply"].lower() for w in ("tuna", "chicken", "egg", "yoghurt"))


def test_where_were_we_picks_up_a_worry_told_in_shorthand(reader):
    say(reader, "im nervous shes gonna hate it")
    say(reader, "ok")

    answer = say(reader, "where were we")

    assert answer["act"] == "resume"
    assert "going to hate it" in answer["reply"]


def test_a_goals_count_changed_in_passing_is_its_new_title(reader):
    asked = say(reader, "can i change the goal to 15 books")

    assert "Read 15 books this year" in asked["reply"]
    say(reader, "yes")
    assert reader.goals.get().title == "Read 15 books this year"


def test_a_self_judgement_is_never_said_back(runner):
    answer = say(runner, "im such a mess this week")

    assert "you are such a mess" not in answer["reply"].lower()
    assert answer["act"] == "kindness"


def test_a_new_job_said_in_passing_replaces_the_old_one(runner):
    remember(runner, "I'm a graphic designer", key="occupation")

    say(runner, "wait i dont do graphic design anymore, im a UX designer now")

    answer = say(runner, "what do you remember about me")
    assert "UX designer" in answer["reply"]
    assert "graphic designer" not in answer["reply"]


def test_a_grating_habit_is_heard_as_frustrating(runner):
    answer = say(
        runner, "my flatmate keeps borrowing my amp without asking and it drives me up the wall"
    )

    assert "frustrating" in answer["reply"]


def test_whether_to_speak_up_gets_one_idea_about_speaking_up(runner):
    answer = say(runner, "should i say something or just let it go")

    assert answer["act"] == "advice"
    assert "ready answer" not in answer["reply"]


@pytest.mark.parametrize(
    "text", ["i think thats everything for today", "ok thats me done for the day"]
)
def test_calling_it_a_day_is_a_goodbye(runner, text):
    assert say(runner, text)["act"] == "goodbye"


# -- a fourth fresh conversation (2026-12-01) ------------------------------------------------


def test_a_mission_not_done_yet_with_nothing_to_undo_is_met_with_kindness(runner):
    answer = say(runner, "i haven't done the stretches yet, too tired")

    assert answer["act"] == "kindness"
    assert "undo" not in answer["reply"]


def test_whether_to_take_a_supplement_is_for_a_doctor_or_pharmacist(runner):
    answer = say(runner, "also should i be taking melatonin")

    assert answer["act"] == "decline"
    assert "pharmacist" in answer["reply"]


def test_being_bad_at_something_is_never_said_back(runner):
    answer = say(runner, "im so bad at switching off after work")

    assert "you are so bad" not in answer["reply"].lower()


def test_a_move_corrected_keeps_only_the_city(runner):
    remember(runner, "I live in Bath", key="location")

    say(runner, "remember i moved to bristol last year not bath")

    answer = say(runner, "what city do i live in")
    assert "Bristol" in answer["reply"]
    assert "not bath" not in answer["reply"].lower()


@pytest.fixture
def cook(owner):
    """Dani, a line cook saving for a phone and trying to sleep before 1am."""
    money = make_goal(owner, title="Save 5000 pesos for a new phone by March")
    for title in ("Write down every spend today", "Pack lunch instead of buying it"):
        make_mission(money, title=title)
    sleep = make_goal(owner, title="Sleep before 1am on work nights")
    make_mission(sleep, title="Put the phone on the charger in the kitchen at 12:30")
    return owner


def test_a_deed_told_with_a_verb_the_same_in_the_past_is_marked_done(cook):
    answer = say(cook, "ok i put the phone on the charger in the kitchen. right now. look at me")

    assert answer["act"] == "mission_done"
    assert done_titles(cook) == {"Put the phone on the charger in the kitchen at 12:30"}


def test_a_celebration_after_a_worry_is_never_asked_what_weighs(cook):
    first = say(cook, "also my abuela is in the hospital, they think its her heart")
    better = say(cook, "my abuela is doing better, they let her eat", first)
    pozole = say(cook, "rosa made pozole to celebrate", first)

    assert better["act"] == "celebrate"
    assert "weighs" not in pozole["reply"]
    assert "sounds like a lot" not in pozole["reply"]


def test_sorry_for_saying_a_lot_is_met_with_no_need_to_apologise(cook):
    answer = say(cook, "sorry this is a lot")

    assert answer["act"] == "kindness"
    assert "apologise" in answer["reply"]


def test_a_good_morning_opening_a_message_is_said_back(cook):
    answer = say(cook, "morning. slept at 1:20 so not great")

    assert answer["reply"].startswith("Good morning.")


def test_asked_how_to_do_what_a_mission_of_today_does_she_points_to_it(cook):
    answer = say(cook, "how do i stop buying food at work")

    assert answer["act"] == "advice"
    assert "Pack lunch instead of buying it" in answer["reply"]


def test_tips_for_double_shifts_are_one_concrete_idea(cook):
    answer = say(cook, "any tips for surviving double shifts")

    assert answer["act"] == "advice"
    assert "ready answer" not in answer["reply"]
    assert "shift" in answer["reply"]


@pytest.fixture
def swimmer(owner):
    """Ines, learning to swim, with a toddler and a friend who is a lifeguard."""
    goal = make_goal(owner, title="Swim 500m without stopping by June")
    for title in ("Book a lesson at the municipal pool", "Watch a freestyle technique video"):
        make_mission(goal, title=title)
    remember(owner, "My friend Carla is a lifeguard", key="relation:friend")
    return owner


def test_a_deed_told_while_someone_else_did_something_is_still_theirs(swimmer):
    answer = say(swimmer, "so i watched that freestyle video while he napped, the one with the "
                          "guy in the red cap")  # fmt: skip

    assert answer["act"] == "mission_done"
    assert done_titles(swimmer) == {"Watch a freestyle technique video"}


def test_asked_whether_they_can_do_it_she_says_yes_not_what_she_can_do(swimmer):
    answer = say(swimmer, "do you think i can actually do this")

    assert answer["act"] == "kindness"
    assert "Here's what I can do" not in answer["reply"]


def test_someone_asleep_at_last_is_no_goodbye(swimmer):
    first = say(swimmer, "hi")
    answer = say(swimmer, "tiago finally asleep omg", first)

    assert answer["act"] != "goodbye"


def test_be_right_back_is_met_with_take_your_time(swimmer):
    answer = say(swimmer, "tiago just woke up screaming brb")

    assert answer["act"] == "goodbye"
    assert "I'll be" in answer["reply"]


def test_a_friends_offer_told_plainly_is_no_trouble(swimmer):
    answer = say(swimmer, "my friend Carla said she'd come to the pool with me")

    assert "sounds like a lot" not in answer["reply"]


def test_a_hedge_after_the_fact_is_never_said_back(swimmer):
    answer = say(swimmer, "shes not taking the tablets properly i think")

    assert "you think" not in answer["reply"]


def test_who_someone_is_is_answered_from_what_she_was_told(swimmer):
    answer = say(swimmer, "who is carla")

    assert answer["act"] == "memory_answer"
    assert "Carla" in answer["reply"]


def test_how_to_breathe_swimming_gets_one_concrete_idea(swimmer):
    answer = say(swimmer, "how do people even breathe sideways without swallowing half the pool")

    assert answer["act"] == "advice"
    assert "breath" in answer["reply"].lower()


def test_a_judgement_just_after_a_mission_was_marked_marks_no_other(swimmer):
    make_mission(swimmer.goals.get(), title="Do 10 minutes of breathing drills")
    marked = say(swimmer, "so i watched that freestyle video while he napped")
    answer = say(swimmer, "the breathing bit looks impossible tbh", marked)

    assert answer["act"] != "mission_done"
    assert done_titles(swimmer) == {"Watch a freestyle technique video"}


def test_back_after_be_right_back_is_no_goodbye(swimmer):
    away = say(swimmer, "tiago just woke up screaming brb")
    answer = say(swimmer, "ok back. false alarm, he wanted his dinosaur", away)

    assert answer["act"] != "goodbye"


@pytest.fixture
def learner(owner):
    """Priya, learning Spanish (two missions for it) and walking more."""
    spanish = make_goal(owner, title="Hold a 10-minute conversation in Spanish")
    for title in ("Do one Duolingo lesson", "Listen to a Spanish podcast episode"):
        make_mission(spanish, title=title)
    make_mission(make_goal(owner, title="Walk 8,000 steps a day"), title="Take a lunchtime walk")
    return owner


def test_a_deed_naming_only_its_goal_asks_which_of_its_missions(learner):
    answer = say(learner, "oh and did my spanish on the streetcar")

    assert answer["act"] == "clarify_choice"
    assert "Do one Duolingo lesson" in answer["reply"]
    assert "Listen to a Spanish podcast episode" in answer["reply"]
    assert done_titles(learner) == set()
    chosen = say(learner, "duolingo, the podcast is for the gym later", answer)
    assert done_titles(learner) == {"Do one Duolingo lesson"}
    assert chosen["act"] == "mission_done"


def test_a_deed_naming_a_missions_own_verb_is_that_mission(learner):
    say(learner, "listened to a spanish podcast on the bus")

    assert done_titles(learner) == {"Listen to a Spanish podcast episode"}


@pytest.mark.parametrize(
    "text", ["went to my spanish class", "done with the podcast on spanish verbs"]
)
def test_a_deed_with_its_own_verb_or_naming_the_mission_asks_nothing(learner, text):
    answer = say(learner, text)

    assert answer["act"] != "clarify_choice"


@pytest.fixture
def pianist(owner):
    """Keira, a bus driver learning piano, with a cat called Haggis."""
    goal = make_goal(owner, title="Learn to play piano")
    for title in ("Practise posture and basic technique", "Learn the first section of your song"):
        make_mission(goal, title=title)
    remember(owner, "My cat is called Haggis", key="pet:cat")
    return owner


def test_a_pets_doing_is_never_marked_as_theirs(pianist):
    answer = say(pianist, "my cat haggis just walked across the keyboard so technically hes "
                          "ahead of me")  # fmt: skip

    assert answer["act"] != "mission_done"
    assert done_titles(pianist) == set()


def test_a_move_to_come_is_remembered_and_answers_where_they_live(pianist):
    told = say(pianist, "fiona and i are moving to edinburgh next month btw")
    assert told["act"] == "fact_noted"

    answer = say(pianist, "where do i live", told)

    assert "Edinburgh" in answer["reply"]


RECIPES = "Write down all my mother's recipes"


def test_a_wish_with_a_when_that_says_why_is_offered_as_a_goal_without_it(owner):
    offer = say(owner, "Yes. I want to write down all my mother's recipes before I forget "
                       "them. Jollof, egusi, puff puff, everything")  # fmt: skip
    assert offer["act"] == "goal_step"
    assert f"“{RECIPES}”" in offer["reply"]

    dated = say(owner, "She passed in 2019 and nobody wrote anything down", offer)
    summary = say(owner, "By her birthday, 14th of june", dated)
    assert "(connection)" in summary["reply"]  # a mother's recipes: no area asked for

    reason = say(owner, "because my grandchildren should know where they come from", summary)
    assert "the reason is now your grandchildren should know" in reason["reply"]
    assert "Shall I set it up?" in reason["reply"]


def test_someone_named_while_a_title_is_asked_is_remembered_not_a_title(owner):
    asked = say(owner, "what else is on my list")
    told = say(owner, "Chidi is my son", asked)
    assert told["act"] == "fact_noted"

    answer = say(owner, "who is Chidi", told)

    assert "your son is called Chidi" in answer["reply"]


def test_how_to_say_no_again_gets_words_for_a_kind_no(owner):
    answer = say(owner, "i dont know how to say no a third time without looking lazy")

    assert answer["act"] == "advice"
    assert "timer" not in answer["reply"]
    assert "no" in answer["reply"].lower()


def test_the_first_one_after_her_list_is_the_first_mission_listed(runner):
    listed = say(runner, "ok whats first")
    first = listed["reply"].removeprefix("On your list today: ").split(";")[0]

    answer = say(runner, "did the first one just now, took like 5 mins", listed)

    assert answer["act"] == "mission_done"
    assert done_titles(runner) == {first}


def test_saying_which_one_it_was_after_she_marked_it_marks_no_other(owner):
    goal = make_goal(owner, title="Run the 10k without walking")
    make_mission(goal, title="Walk-run your loop and note how it felt")
    make_mission(goal, title="Map a safe 3-5 km loop near home")
    marked = say(owner, "went for the walk run, 20 mins, felt rough but did it")

    answer = say(owner, "yeah it was the loop one", marked)

    assert answer["reply"] == "It counts: “Walk-run your loop and note how it felt” is marked done."
    assert done_titles(owner) == {"Walk-run your loop and note how it felt"}


def test_undo_that_takes_back_her_last_mark_whatever_word_it_shares_with_another(owner):
    goal = make_goal(owner, title="Sort my sleep out")
    make_mission(goal, title="Make the bedroom darker and cooler")
    make_mission(goal, title="Create a 20-minute screen-free wind-down")
    marked = say(owner, "oh wait i also made the bedroom darker, put the blackout blind up finally")

    answer = say(owner, "undo that actually, i only half did it, the blind fell down again", marked)

    assert answer["act"] == "undo"
    assert done_titles(owner) == set()


def test_her_idea_answered_with_why_it_does_not_fit_gets_another_idea(owner):
    idea = say(owner, "any tips for sleeping in the day after a night shift")
    another = say(
        owner, "i have blackout blinds already lol, its more my brain wont switch off", idea
    )

    assert (idea["act"], another["act"]) == ("advice", "advice")
    assert "write everything going round your head" in another["reply"]


def test_asked_whether_a_first_run_is_too_long_she_answers_the_run_not_a_rest(owner):
    loop = say(owner, "oh i mapped the loop btw, its 3.5k round the canal")
    said = say(owner, "is that ok for a first one or too long", loop)

    assert said["act"] == "advice"
    assert "walk-run it" in said["reply"]


def test_a_deed_whose_thing_is_described_by_a_wish_is_marked(owner):
    goal = make_goal(owner, title="Read more")
    books = make_mission(goal, title="Write down five books you'd love to read next")

    said = say(owner, "i wrote down five books i want to read next")

    assert said["act"] == "mission_done"
    assert Mission.objects.get(pk=books.pk).status == Mission.Status.COMPLETED


def test_a_mishap_told_in_excitement_is_never_celebrated(owner):
    said = say(
        owner, "oh my god i just remembered i left the washing in the machine since yesterday"
    )

    assert said["act"] == "smalltalk"
    assert "Oh no" in said["reply"]


def test_asked_whether_a_book_is_any_good_she_says_honestly_she_cannot_know(owner):
    said = say(owner, "actually wait, whats the thursday murder club about, is it any good")

    assert said["act"] == "decline"
    assert said["reply"].startswith("I haven't read or watched it myself")


@pytest.fixture
def night_worker(owner):
    """Sam, who works nights and wants his sleep sorted."""
    goal = make_goal(owner, title="Sort my sleep out")
    for title in ("Write down when you went to bed and woke up", "Make the bedroom darker"):
        make_mission(goal, title=title)
    return owner


def test_a_bad_night_told_in_hours_marks_nothing_and_asks_no_minutes(night_worker):
    answer = say(night_worker, "ugh couldnt sleep again, slept like 4 hours, the bins were out")

    assert "minutes" not in answer["reply"]
    assert done_titles(night_worker) == set()


def test_where_were_we_in_a_new_conversation_picks_up_news_not_a_fact_in_passing(night_worker):
    told = say(night_worker, "finally got blackout blinds for the bedroom today haha")
    say(night_worker, "im allergic to nuts btw", told)

    answer = say(night_worker, "where were we")

    assert answer["act"] == "resume"
    assert "blackout blinds" in answer["reply"]
    assert "haha" not in answer["reply"]


def test_asked_which_mission_an_answer_that_plans_it_marks_nothing(night_worker):
    asked = say(night_worker, "did the bedroom thing and the writing thing")
    assert asked["act"] == "clarify_choice"

    answer = say(night_worker, "the writing one i'll do before bed", asked)

    assert done_titles(night_worker) == set()
    assert answer["act"] != "mission_done"
