"""The turn's side of the flows: which flow a message opens, offers, asides, and what the
person is told when there is nothing to act on."""

from __future__ import annotations

import pytest
from django.utils import timezone

from companion.turn.plan_offer import PLAN_BEING_MADE
from goals.models import Goal, HabitCheckIn, Mission
from tests.companion.factories import say
from tests.goals.factories import make_goal, make_habit, make_mission

pytestmark = pytest.mark.django_db


def test_cancel_with_nothing_pending_says_there_is_nothing_to_cancel(owner):
    answer = say(owner, "cancel")

    assert answer["reply"].startswith("Nothing to cancel")
    assert answer["conversation_state"] == "idle"


def test_a_goal_asked_for_in_a_sentence_starts_the_flow_with_what_it_says(owner):
    answer = say(owner, "I'd also like a goal to learn Italian so I can talk with Marco by June")

    assert answer["conversation_state"] == "confirming"
    assert "“Learn Italian”" in answer["reply"]
    assert "30 June" in answer["reply"]


@pytest.mark.parametrize("text", ["I want to learn the piano", "i want to learn piano"])
def test_a_wish_is_offered_as_a_goal_and_yes_starts_the_flow_with_its_title(owner, text):
    offer = say(owner, text)
    assert "Shall we make “Learn" in offer["reply"]
    assert offer["waiting_for"] == "Shall we make that a goal?"

    started = say(owner, "sure", offer)

    assert started["pending_slot"] == "why"


def test_a_declined_offer_creates_nothing(owner):
    offer = say(owner, "I want to learn the piano")
    declined = say(owner, "nope", offer)

    assert declined["conversation_state"] == "idle"
    assert not Goal.objects.filter(user=owner).exists()


def test_a_question_while_a_slot_waits_is_answered_and_the_flow_keeps_waiting(owner):
    session = say(owner, "new goal: paint the fence")
    assert session["pending_slot"] == "why"

    aside = say(owner, "by the way, what should I cook tonight?", session)

    assert aside["pending_slot"] == "why"
    assert aside["reply"].endswith("(When you're ready: Why does it matter to you?)")
    answered = say(owner, "the neighbours keep staring at it", session)
    assert answered["pending_slot"] == "target_date"


def test_with_a_single_goal_a_change_assumes_it_and_says_so(owner):
    goal = make_goal(owner, title="Walk to work")

    answer = say(owner, "change my goal target date to the end of June")

    goal.refresh_from_db()
    assert goal.target_date.month == 6
    assert "You have one goal, “Walk to work”" in answer["reply"]


def test_a_goal_made_something_else_instead_is_renamed_with_its_count_changed(owner):
    goal = make_goal(owner, title="Run a 10k with my sister")

    answer = say(owner, "honestly 10k feels like a lot, can we make it a 5k instead")

    goal.refresh_from_db()
    assert goal.title == "Run a 5k with my sister"
    assert answer["reply"] == "Done: your goal is now “Run a 5k with my sister”."


def test_the_date_said_again_just_after_a_goal_was_set_up_changes_it(owner):
    answer = None
    for text in ("i want to learn to swim properly by july", "so i can swim with my son", "yes"):
        answer = say(owner, text, answer)

    said = say(owner, "wait i said end of june not july", answer)

    goal = Goal.objects.get(user=owner)
    assert (goal.target_date.month, goal.target_date.day) == (6, 30)
    assert "its target date is now 30 June" in said["reply"]


def test_what_are_the_missions_after_a_goal_is_set_up_is_about_its_missions(owner):
    answer = None
    for text in ("i want to learn to swim properly by july", "so i can swim with my son", "yes"):
        answer = say(owner, text, answer)

    asked = say(owner, "ok cool. what are the missions", answer)

    assert asked["act"] == "missions"


def test_a_deed_told_by_pointing_is_the_mission_the_rest_of_the_message_names(owner):
    goal = make_goal(owner, title="Learn to swim properly")
    sessions = make_mission(goal, title="Find your pool's quiet or adults-only sessions")
    make_mission(goal, title="Book a first adult beginner lesson")

    say(owner, "actually i just looked it up, the leisure centre has adults only on fridays!!")

    sessions.refresh_from_db()
    assert sessions.status == Mission.Status.COMPLETED


def test_a_finished_mission_is_matched_by_its_words_not_its_position(owner):
    goal = make_goal(owner, title="Run a 5k")
    make_mission(goal, title="Plan three running routes")
    shoes = make_mission(goal, title="Check my running shoes")

    say(owner, "I finished my first mission, I checked my running shoes")

    assert list(Mission.objects.filter(status=Mission.Status.COMPLETED)) == [shoes]


def test_a_deed_told_by_the_missions_own_verb_marks_it_among_news_of_others(owner):
    goal = make_goal(owner, title="Reconnect")
    text = make_mission(goal, title="Text one old friend just to say hi")
    reply = make_mission(goal, title="Reply to the school moms group chat")

    say(owner, "i texted shu fen today! she replied with like 10 voice notes lol")
    assert list(Mission.objects.filter(status=Mission.Status.COMPLETED)) == [text]

    say(owner, "ok fine i replied with a thumbs up. counts?")
    assert Mission.objects.get(pk=reply.pk).status == Mission.Status.COMPLETED


@pytest.mark.parametrize(
    "text", ["rang her. talked for an hour lol", "aye did the full 30 mins, squats and lunges"]
)
def test_a_deed_read_as_a_mission_done_marks_the_one_its_meaning_fits(owner, text):
    """No word of the title is said: the whole message's meaning names the mission."""
    goal = make_goal(owner, title="Stay close to family and get strong")
    call = make_mission(goal, title="Call one relative you haven't spoken to in a month")
    gym = make_mission(goal, title="Do a 30 minute gym session")
    make_mission(goal, title="Write down a memory you want to share")

    answer = say(owner, text)

    meant = call if text.startswith("rang") else gym
    assert list(Mission.objects.filter(status=Mission.Status.COMPLETED)) == [meant]
    assert answer["act"] == "mission_done"


def test_a_bare_done_after_naming_a_mission_marks_that_one(owner):
    goal = make_goal(owner, title="Gym")
    make_mission(goal, title="Do 20 push-ups")
    clothes = make_mission(goal, title="Lay out your gym clothes the night before")

    first = say(owner, "gym clothes tonight yeah? thats the other one isnt it")
    say(owner, "done, theyre on the chair. trainers n all", first)

    assert list(Mission.objects.filter(status=Mission.Status.COMPLETED)) == [clothes]


def test_a_bare_did_it_two_exchanges_after_naming_a_mission_marks_that_one(owner):
    goal = make_goal(owner, title="Run a half marathon")
    run = make_mission(goal, title="Go for an easy 5km run")
    make_mission(goal, title="Plan this week's long run route")

    first = say(owner, "is the easy 5km run still a good idea today, my legs are heavy")
    second = say(owner, "yeah maybe just a slow one to clear my head", first)
    said = say(owner, "did it. 5k slow. cried a bit at the end lol", second)

    assert list(Mission.objects.filter(status=Mission.Status.COMPLETED)) == [run]
    assert said["act"] == "mission_done"


def test_a_wish_told_with_i_reckon_is_offered_and_taken_in_its_own_words(owner):
    offer = say(owner, "so i reckon i need to cut back on the beers in the week and walk more")
    assert "Cut back on the beers in the week and walk more" in offer["reply"]

    taken = say(owner, "want it as a goal yeah", offer)

    assert taken["reply"] == "Why does this goal matter to you?"


def test_asked_to_put_a_plan_on_while_its_missions_are_being_made_she_says_so(owner):
    make_goal(owner, title="Get back into running", decomposition_status="running")

    said = say(owner, "put them all on please")

    assert said["reply"] == PLAN_BEING_MADE.format(goal="Get back into running")
    assert not Mission.objects.filter(user=owner).exists()


# "what should i start with" is read as asking for advice: advice offers the plan too.
@pytest.mark.parametrize("asked", ["so what do i do first", "what should i start with"])
def test_a_plan_waiting_for_review_is_put_on_the_list_with_a_yes(owner, asked):
    goal = make_goal(owner, title="Get back into running", decomposition_status="done")
    for title in ("Find your old trainers", "Walk-run twenty minutes"):
        make_mission(goal, title=title, status=Mission.Status.SUGGESTED)

    offer = say(owner, asked)
    assert "put them all on your list" in offer["reply"]
    done = say(owner, "yes please", offer)

    assert done["reply"] == (
        "Done: “Get back into running” has 2 missions on your list now. "
        "A good first one: “Find your old trainers”."
    )
    assert set(goal.missions.values_list("status", flat=True)) == {Mission.Status.PENDING}


def test_a_plan_taken_from_the_chat_says_its_habit_is_kept_too(owner):
    goal = make_goal(owner, title="Read 12 books", decomposition_status="done")
    make_mission(goal, title="Write down five books", status=Mission.Status.SUGGESTED)
    make_habit(owner, goal=goal, title="Read", status="suggested")

    offer = say(owner, "so what do i do first")
    done = say(owner, "yes", offer)

    assert done["reply"].endswith("And “Read” is one of your habits now: tick it on Today.")
    assert goal.habits.get().status == "active"


@pytest.mark.parametrize("answer", ["all of them", "all of them yeah", "the lot"])
def test_all_of_them_puts_the_waiting_plan_on_the_list_from_the_first(owner, answer):
    goal = make_goal(owner, title="Get back into painting", decomposition_status="done")
    for title in (
        "Set up a small space with your materials",
        "Make another piece on the same theme",
    ):
        make_mission(goal, title=title, status=Mission.Status.SUGGESTED)

    offer = say(owner, "what happens now")
    done = say(owner, answer, offer)

    assert done["reply"].endswith("A good first one: “Set up a small space with your materials”.")
    assert set(goal.missions.values_list("status", flat=True)) == {Mission.Status.PENDING}


def test_a_plan_mission_picked_after_the_offer_puts_the_plan_on_the_list_first(owner):
    goal = make_goal(owner, title="Get back into running", decomposition_status="done")
    for title in ("Walk-run twenty minutes", "Check your shoes and lay out your kit"):
        make_mission(goal, title=title, status=Mission.Status.SUGGESTED)

    offer = say(owner, "so what do i do first")
    done = say(owner, "the shoes one, my old trainers are in the loft somewhere", offer)

    assert done["reply"].endswith("A good first one: “Check your shoes and lay out your kit”.")
    assert set(goal.missions.values_list("status", flat=True)) == {Mission.Status.PENDING}


def test_a_plan_missions_word_said_in_passing_after_the_offer_picks_nothing(owner):
    goal = make_goal(owner, title="Walk 10k steps a day", decomposition_status="done")
    for title in ("Walk round the block after dinner", "Hill repeats: 4 x 1 minute uphill"):
        make_mission(goal, title=title, status=Mission.Status.SUGGESTED)

    offer = say(owner, "whats first then")
    said = say(owner, "ive got a dodgy knee mind, it flares up on hills", offer)

    assert "on your list now" not in said["reply"]
    assert set(goal.missions.values_list("status", flat=True)) == {Mission.Status.SUGGESTED}


def test_a_plan_mission_said_done_after_the_offer_is_put_on_the_list_and_marked(owner):
    goal = make_goal(owner, title="Get back into running", decomposition_status="done")
    walk = make_mission(goal, title="Walk-run twenty minutes", status=Mission.Status.SUGGESTED)
    shoes = make_mission(
        goal, title="Check your shoes and lay out your kit", status=Mission.Status.SUGGESTED
    )

    offer = say(owner, "so what do i do first")
    done = say(owner, "ok i did the shoes one, they were under the bed covered in dust", offer)

    assert done["reply"].endswith(
        "“Check your shoes and lay out your kit” is marked done. Nice work!"
    )
    assert Mission.objects.get(pk=shoes.pk).status == Mission.Status.COMPLETED
    assert Mission.objects.get(pk=walk.pk).status == Mission.Status.PENDING
    undone = say(owner, "wait no i didnt do the shoes yet, undo that", done)
    assert Mission.objects.get(pk=shoes.pk).status == Mission.Status.PENDING
    assert "Check your shoes" in undone["reply"]


def test_a_waiting_plan_asked_for_in_words_later_is_put_on_the_list(owner):
    goal = make_goal(owner, title="Get back into running", decomposition_status="done")
    make_mission(goal, title="Find your old trainers", status=Mission.Status.SUGGESTED)

    offer = say(owner, "what are my missions today")
    aside = say(owner, "ugh night shift tonight so probably not today tbh", offer)
    say(owner, "actually yes put them all on my list", aside)

    assert goal.missions.get().status == Mission.Status.PENDING


def test_asking_for_the_plan_on_my_list_marks_no_mission_named_list(owner):
    goal = make_goal(owner, title="Save 5000 for a flat deposit", decomposition_status="done")
    for title in ("List last month's income and every regular bill", "Write down what you spent"):
        make_mission(goal, title=title, status=Mission.Status.SUGGESTED)

    offer = say(owner, "ok whats first then")
    done = say(owner, "oh yeah put them all on my list", offer)

    assert "marked done" not in done["reply"]
    assert set(goal.missions.values_list("status", flat=True)) == {Mission.Status.PENDING}


def test_a_number_told_marks_the_mission_that_counts_it(owner):
    goal = make_goal(owner, title="Walk 10000 steps a day")
    counting = make_mission(goal, title="Count your steps on an ordinary day (phone or watch)")
    make_mission(goal, title="Put comfy shoes and a rain layer by the door")

    say(owner, "oh my phone does that already apparently, 4200 today so far")

    counting.refresh_from_db()
    assert counting.status == Mission.Status.COMPLETED


def test_a_goodnight_that_opens_with_ok_approves_nothing(owner):
    goal = make_goal(owner, title="Get back into running", decomposition_status="done")
    make_mission(goal, title="Find your old trainers", status=Mission.Status.SUGGESTED)

    offer = say(owner, "what should i do tomorrow")
    say(owner, "ok cool. gonna try and sleep now, been up for like 20 hours lol", offer)

    assert goal.missions.get().status == Mission.Status.SUGGESTED


def test_a_yes_long_after_the_offer_approves_nothing(owner):
    goal = make_goal(owner, title="Get back into running", decomposition_status="done")
    make_mission(goal, title="Find your old trainers", status=Mission.Status.SUGGESTED)

    offer = say(owner, "so what do i do first")
    later = say(owner, "my sister called earlier", offer)
    say(owner, "yes", later)

    assert goal.missions.get().status == Mission.Status.SUGGESTED


def test_a_goodbye_that_names_tomorrow_is_no_goal(owner):
    answer = say(owner, "ok i need to sleep, tomorrow 4am again. tchau")

    assert answer["act"] == "goodbye"
    assert not Goal.objects.filter(user=owner).exists()


def test_asked_whether_it_counts_just_after_marking_she_says_which_one(owner):
    goal = make_goal(owner, title="Run")
    make_mission(goal, title="Brisk walk with 5 short jogs")
    make_mission(goal, title="Check your shoes and lay out your running kit")

    marked = say(owner, "went round the park for 20 mins, walked most of it, bit of jogging")
    asked = say(owner, "so that counts for the walking one right", marked)

    assert asked["reply"].startswith("Yes — “Brisk walk with 5 short jogs” is marked done.")


@pytest.mark.parametrize("text", ["yeah count it", "nah keep it done", "oh leave it marked"])
def test_asked_to_count_what_is_already_marked_she_says_it_counts(owner, text):
    goal = make_goal(owner, title="Move more")
    make_mission(goal, title="Take the stairs at work")
    make_mission(goal, title="Do a 20 min workout video")

    marked = say(owner, "took the subway stairs instead of the escalator tho. 4 flights")
    kept = say(owner, text, marked)

    assert kept["act"] == "mission_done"
    assert kept["reply"] == "It counts: “Take the stairs at work” is marked done."
    assert Mission.objects.filter(status=Mission.Status.COMPLETED).count() == 1


def test_asked_to_count_it_with_nothing_marked_she_claims_nothing_counted(owner):
    make_mission(make_goal(owner, title="Move more"), title="Take the stairs at work")

    answer = say(owner, "call it a day, count it tomorrow maybe")

    assert "It counts" not in answer["reply"]


def test_asked_to_mark_the_one_they_mean_she_marks_it(owner):
    goal = make_goal(owner, title="Run")
    walk = make_mission(goal, title="Brisk walk with 5 short jogs")
    make_mission(goal, title="Check your shoes and lay out your running kit")

    say(owner, "thanks. now do the walk one instead")

    assert Mission.objects.get(pk=walk.pk).status == Mission.Status.COMPLETED


def test_a_deed_short_of_the_missions_number_is_tried_not_done(owner):
    goal = make_goal(owner, title="Get fit")
    push_ups = make_mission(goal, title="Do 20 push-ups")

    first = say(owner, "tried the push ups when i got in. got to 12 and my arms gave up")
    assert Mission.objects.get(pk=push_ups.pk).status == Mission.Status.PENDING

    say(owner, "ok finished the push ups, all 20", first)
    assert Mission.objects.get(pk=push_ups.pk).status == Mission.Status.COMPLETED


def test_a_part_done_marks_nothing_else_and_is_met_without_a_celebration(owner):
    goal = make_goal(owner, title="Get stronger")
    make_mission(goal, title="Do 3 sets of 10 goblet squats")
    make_mission(goal, title="Research one artist")
    make_mission(goal, title="Drink 2 litres of water")

    squats = say(owner, "squats. well. did one set. knee wasnae having it after that")
    gym = say(owner, "it was packed so i did 2 exercises and bailed", squats)

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()
    assert squats["act"] == gym["act"] == "kindness"
    assert "love hearing" not in squats["reply"] + gym["reply"]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            "ok start again. kitchen counter is clean!! first time this week",
            "Clear the kitchen counter completely",
        ),
        ("The garlic is in the ground! 40 cloves", "Plant the garlic cloves before the frost"),
        ("today i transfer the 1000 to the card", "Transfer 1,000 EGP to the card"),
        ("yeah. so drawer's done obviously", "Clear one kitchen drawer"),
    ],
)
def test_a_deed_told_by_its_state_or_in_the_present_marks_its_mission(owner, text, title):
    goal = make_goal(owner, title="A calmer home")
    meant = make_mission(goal, title=title)
    make_mission(goal, title="Sit down for a 10 minute rest")

    say(owner, text)

    assert Mission.objects.get(pk=meant.pk).status == Mission.Status.COMPLETED
    assert Mission.objects.filter(status=Mission.Status.COMPLETED).count() == 1


def test_someone_elses_call_or_a_craving_after_a_mission_marks_nothing(owner):
    goal = make_goal(owner, title="Quit vaping")
    make_mission(goal, title="Call the realtor back")
    walk = make_mission(goal, title="Go for a 10 minute walk when a craving hits")
    pods = make_mission(goal, title="Throw away the spare pods")

    first = say(owner, "threw away the spare pods")
    say(owner, "craving now actually. ugh", first)
    say(owner, "gary called and asked if we could speed things up. he hasnt lifted one box")

    assert Mission.objects.get(pk=pods.pk).status == Mission.Status.COMPLETED
    assert Mission.objects.filter(status=Mission.Status.COMPLETED).count() == 1
    assert Mission.objects.get(pk=walk.pk).status == Mission.Status.PENDING


def test_a_common_verb_or_a_thing_that_is_not_happening_marks_nothing(owner):
    goal = make_goal(owner, title="Save money")
    make_mission(goal, title="Skip one takeaway coffee")
    make_mission(goal, title="Look at one painting you love")

    say(owner, "i bought a coffee at oxxo today so the coffee thing is not happening lol")
    say(owner, "i looked at my phone all evening")
    say(owner, "the coffee one i did not touch today. no strength for it. tomorrow")

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_an_unsure_mission_report_asks_with_the_two_best_candidates(owner):
    goal = make_goal(owner, title="Run a 5k")
    for title in ("Run 2 km", "Run 3 km", "Stretch after running"):
        make_mission(goal, title=title)

    answer = say(owner, "I finished my run mission")

    assert answer["pending_slot"] == "mission"
    assert answer["reply"] == "Do you mean “Run 3 km” or “Run 2 km”?"


def test_a_goal_talked_past_is_set_aside_and_where_were_we_picks_it_up(owner):
    session = say(owner, "new goal: paint the fence")
    for text in ("lol my tea went cold", "haha the dog ate my homework", "btw whats the weather"):
        aside = say(owner, text, session)
    assert aside["conversation_state"] == "idle"  # set aside after three, not asked forever
    assert "When you're ready" not in aside["reply"]

    back = say(owner, "where were we", session)

    assert back["reply"].startswith("We were setting up “Paint the fence”.")
    assert back["pending_slot"] == "why"


def test_a_goal_set_up_as_a_new_person_types_it_keeps_every_answer_where_it_belongs(owner):
    """Hedged wish, hedged aim with a question mark, the question echoed before the reason,
    a date with a question after it, and a change of date that says "work"."""
    answer = None
    for text in (
        "ok i guess i want to start running. like properly. i get wrecked after shifts",
        "something like run a 5k without stopping? i did couch to 5k once and quit tbh",
        "why does it matter... idk. my nan used to walk everywhere till she was like 80",
        "by when hmm. maybe end of march? is that realistic",
        "health i guess. obviously lol",
        "wait actually make it mid april, march is gonna be mad at work with the new menu",
    ):
        answer = say(owner, text, answer)

    reply = answer["reply"]
    assert "“Run a 5k without stopping” (health)" in reply
    assert "15 April" in reply
    assert "Why it matters: your nan used to walk everywhere" in reply


def test_a_correction_about_something_else_changes_no_date(owner):
    answer = None
    for text in ("i want to learn welsh", "yes", "so i can talk to my nain"):
        answer = say(owner, text, answer)
    assert "date" in answer["reply"]
    answer = say(owner, "lol my dog is being so weird today", answer)

    aside = say(owner, "oh and correction my dog's not a greyhound she's a lurcher", answer)

    assert "target date is now" not in aside["reply"]
    assert "leave that open" not in aside["reply"]
    assert aside["conversation_state"] == "waiting_for_slot"
    assert "When would you like to reach it?" in aside["reply"]


def test_asking_for_missions_while_a_goal_is_set_up_keeps_the_goal_waiting(owner):
    answer = None
    for text in ("i want to learn welsh", "yes"):
        answer = say(owner, text, answer)

    asked = say(owner, "ok so what are my missions then", answer)

    assert "What's the goal?" not in asked["reply"]
    assert asked["conversation_state"] == "waiting_for_slot"


def test_missions_asked_for_while_a_new_goal_waits_for_its_yes_point_to_the_yes(owner):
    answer = None
    for text in ("new health goal: run a 5k by april because i want to feel fit", "health"):
        answer = say(owner, text, answer)
    assert answer["conversation_state"] == "confirming"

    asked = say(owner, "ok so what are my missions then", answer)

    assert "say yes and I'll set up “Run a 5k”" in asked["reply"]
    assert "set up a goal" not in asked["reply"]


def test_missions_asked_for_while_a_new_goal_is_being_set_up_wait_for_it(owner):
    answer = say(owner, "i want to get back into running, used to do parkrun before covid")
    answer = say(owner, "yeah go on", answer)
    assert answer["pending_slot"] == "why"

    asked = say(owner, "what should i do first", answer)

    assert "once “Get back into running” is set up" in asked["reply"]
    assert "set up a goal" not in asked["reply"]
    assert asked["conversation_state"] == "waiting_for_slot"


def test_asked_which_one_an_answer_that_means_one_without_its_words_marks_it(owner):
    goal = make_goal(owner, title="Read more")
    novel = make_mission(goal, title="Read 20 pages of Things Fall Apart")
    article = make_mission(goal, title="Read a short French news article out loud")
    asked = say(owner, "i did the reading")
    assert asked["pending_slot"] == "mission"

    say(owner, "the novel", asked)

    assert Mission.objects.get(pk=novel.pk).status == Mission.Status.COMPLETED
    assert Mission.objects.get(pk=article.pk).status != Mission.Status.COMPLETED


def test_asked_which_one_an_answer_that_means_neither_marks_nothing(owner):
    goal = make_goal(owner, title="Read more")
    make_mission(goal, title="Read 20 pages of Things Fall Apart")
    make_mission(goal, title="Read a short French news article out loud")
    asked = say(owner, "i did the reading")

    say(owner, "hmm my cat just knocked over a plant lol", asked)

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_a_deed_told_in_other_words_marks_the_mission_it_means(owner):
    goal = make_goal(owner, title="Stay close to family")
    call = make_mission(goal, title="Call your grandmother")
    make_mission(goal, title="Go for a 15-minute jog")
    make_mission(goal, title="Tidy your desk")

    say(owner, "phoned my grandma this afternoon")

    assert Mission.objects.get(pk=call.pk).status == Mission.Status.COMPLETED
    assert Mission.objects.filter(status=Mission.Status.COMPLETED).count() == 1


def test_a_deed_told_in_other_words_near_two_missions_is_asked_about(owner):
    goal = make_goal(owner, title="Get fit again")
    make_mission(goal, title="Do ten minutes of stretching")
    make_mission(goal, title="Go for a 15-minute jog")
    make_mission(goal, title="Put your running shoes by the door")

    answer = say(owner, "did a yoga video this morning, loosened up my hamstrings")

    assert answer["pending_slot"] == "mission"
    assert "“Do ten minutes of stretching”" in answer["reply"]
    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_a_mission_pointed_at_loosely_is_asked_about_with_the_two_it_may_be(owner):
    goal = make_goal(owner, title="Save money")
    make_mission(goal, title="Put 50 reais in the savings jar")
    make_mission(goal, title="Check your bank app balance")
    make_mission(goal, title="Chew gum instead of the first cigarette of the day")

    answer = say(owner, "also i did the money thing")

    assert answer["pending_slot"] == "mission"
    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_a_deed_close_to_no_mission_marks_nothing(owner):
    goal = make_goal(owner, title="Get fit again")
    make_mission(goal, title="Do ten minutes of stretching")
    make_mission(goal, title="Go for a 15-minute jog")

    say(owner, "i did the dishes and watched a film")

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_the_mission_is_read_from_the_clause_that_tells_the_deed(owner):
    goal = make_goal(owner, title="Get back into running")
    titles = (
        "Map a safe 3-5 km loop near home", "Walk-run your loop and note how it felt",
        "Easy conversational run", "Brisk walk with 5 short jogs",
        "Ten minutes of mobility after a run", "Six 20-second strides after an easy run",
        "Foam-roll and stretch your legs", "Shake-out run at easy pace",
        "Long slow run, 10% longer than last week", "Plan water and fuel for the long run",
        "Strength circuit for runners: squats, lunges, calf raises",
        "Hill repeats: 4 x 1 minute uphill", "Write your race-day plan: kit, pace, fuel",
        "Lay out everything for race morning",
    )  # fmt: skip
    for title in titles:
        make_mission(goal, title=title)

    answer = say(
        owner, "omg i just did the walk run in the park, 20 mins, legs are jelly but i feel amazing"
    )

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()
    assert "“Walk-run your loop and note how it felt”" in answer["reply"]


def test_the_first_one_after_she_named_a_good_first_one_is_that_one(owner):
    goal = make_goal(owner, title="Learn guitar", decomposition_status="done")
    tune = make_mission(
        goal, title="Put the instrument where you can see it and tune it",
        status=Mission.Status.SUGGESTED, position=0,
    )  # fmt: skip
    make_mission(
        goal, title="Learn the first section of your song", status=Mission.Status.SUGGESTED,
        position=1,
    )  # fmt: skip
    offer = say(owner, "what are my missions")
    added = say(owner, "yeah add them", offer)
    assert "A good first one: “Put the instrument" in added["reply"]

    say(owner, "ok i did the first one", added)

    assert list(Mission.objects.filter(status=Mission.Status.COMPLETED)) == [tune]


def test_news_of_someone_else_while_she_asks_which_mission_marks_nothing(owner):
    goal = make_goal(owner, title="Swim 25 metres without stopping")
    make_mission(goal, title="Book a beginner swim session")
    make_mission(goal, title="Book a float lesson")

    asked = say(owner, "ok i did the booking one")
    assert asked["act"] == "clarify_choice"
    say(owner, "my boyfriend dan is a proper fish, he swims every morning", asked)

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_a_childhood_fright_told_asks_about_no_mission(owner):
    goal = make_goal(owner, title="Swim 25 metres without stopping")
    make_mission(goal, title="Book a beginner swim session at the leisure centre")
    make_mission(goal, title="Practise floating on your back for five minutes")

    answer = say(owner, "i nearly drowned on holiday when i was 8 so water freaks me out a bit")

    assert answer["act"] not in ("clarify_choice", "mission_done")
    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_a_mission_of_doing_without_is_never_marked_by_having_the_thing(owner):
    goal = make_goal(owner, title="Sleep after nights")
    coffee = make_mission(goal, title="No coffee after 3am")
    soda = make_mission(goal, title="No soda today")

    broke = say(owner, "I took coffee at 5am to stay awake, so that one has failed")
    say(owner, "had a coke", broke)

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()
    assert broke["act"] == "kindness"
    say(owner, "no coffee after 3 today!")
    assert Mission.objects.get(pk=coffee.pk).status == Mission.Status.COMPLETED
    assert Mission.objects.get(pk=soda.pk).status == Mission.Status.PENDING


@pytest.mark.parametrize(
    "text",
    [
        "Good morning Eliza. Just finished shift. Very tired.",  # the title's "before shift"
        "sanding tmrw",
        "mum said well drive after dinner",
        "dans cooking tonight tho",
        "ok. first I send the invoice to Becker, already I wait 6 weeks for money",
        "I've done 8 task 2 essays and my tutor gives 6 every single time",
    ],
)
def test_a_circumstance_a_plan_or_someone_elses_doing_marks_nothing(owner, text):
    goal = make_goal(owner, title="Get my life in order")
    for title in (
        "Walk 30 minutes before shift",
        "Sand the port side of the hull",
        "Do a 30 min drive with mum",
        "Cook dinner tonight",
        "Send the overdue invoice to Mr. Becker",
        "Write a Task 2 essay",
    ):
        make_mission(goal, title=title)

    say(owner, text)

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_the_minutes_of_a_deed_are_those_a_session_can_take(owner):
    goal = make_goal(owner, title="Walk more")
    walk = make_mission(goal, title="Walk 30 minutes before shift")

    answer = say(
        owner,
        "Woke up. Slept 6 hours, better than usual. Walked with Esi to her aunty's house "
        "and back, 35 minutes",
    )

    assert "between 1 and" not in answer["reply"]
    assert Mission.objects.get(pk=walk.pk).status == Mission.Status.COMPLETED


def test_a_miss_of_the_mission_just_marked_takes_it_back(owner):
    goal = make_goal(owner, title="Run a 10k")
    roll = make_mission(goal, title="Foam roll legs for 10 minutes")

    marked = say(owner, "ok foam roll done!!!")
    assert Mission.objects.get(pk=roll.pk).status == Mission.Status.COMPLETED
    undone = say(
        owner, "wait no i didnt foam roll, i was gonna but my mom needed the room lol", marked
    )

    assert undone["act"] == "undo"
    assert Mission.objects.get(pk=roll.pk).status == Mission.Status.PENDING


def test_asked_not_to_count_it_or_a_deed_undone_by_a_crash_marks_nothing(owner):
    goal = make_goal(owner, title="Freelance")
    make_mission(goal, title="Leave school by 5pm")
    make_mission(goal, title="Add one project to my portfolio")

    say(owner, "hmm ok don't count it, rules are rules 😅")
    say(owner, "portfolio... i added the project but forgot to save and the site crashed 😭")

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_a_time_of_day_in_another_mission_is_no_number_the_deed_falls_short_of(owner):
    goal = make_goal(owner, title="Play three songs on guitar")
    chords = make_mission(goal, title="Practise the G to C chord change for 10 minutes")
    make_mission(goal, title="Make a cup of chamomile tea at 10:30")

    say(owner, "anyway i practised guitar for like 10 min, the g to c change is still clunky")

    assert Mission.objects.get(pk=chords.pk).status == Mission.Status.COMPLETED


def test_a_no_then_why_declines_the_offered_goal(owner):
    offered = say(owner, "i think i want to start running too, like a 5k eventually")
    declined = say(owner, "maybe not now. too much going on", offered)

    assert "No problem" in declined["reply"]
    assert not Goal.objects.filter(user=owner).exists()


@pytest.mark.parametrize(
    ("text", "meant"),
    [
        ("put the 50 in the box this morning", "Put 50 cedis in the savings box"),
        ("wrote down all my spends today, 42 cedis total", "Write down every spend today"),
    ],
)
def test_a_deed_is_measured_against_the_mission_it_names(owner, text, meant):
    goal = make_goal(owner, title="Save 2000 cedis for a laptop")
    for title in ("Put 50 cedis in the savings box", "Write down every spend today"):
        make_mission(goal, title=title)

    say(owner, text)

    done = Mission.objects.filter(status=Mission.Status.COMPLETED)
    assert list(done.values_list("title", flat=True)) == [meant]


def test_a_hyphenated_mission_is_named_as_people_type_it_and_a_lapse_is_met_kindly(owner):
    goal = make_goal(owner, title="Get fitter for football")
    push_ups = make_mission(goal, title="Do 20 push-ups")
    lunch = make_mission(goal, title="Skip buying lunch outside")

    marked = say(owner, "did 20 pushups just now, arms are shaking lol")
    assert Mission.objects.get(pk=push_ups.pk).status == Mission.Status.COMPLETED
    say(owner, "wait actually i only did 15 pushups not 20, sorry", marked)
    lapse = say(owner, "i bought waakye outside for lunch, couldnt help it")

    assert not Mission.objects.filter(pk__in=[push_ups.pk, lunch.pk], status="completed").exists()
    assert lapse["act"] == "kindness"


def test_asked_to_mark_one_she_marks_it_and_a_correction_at_once_takes_it_back(owner):
    goal = make_goal(owner, title="Finish my thesis draft by May")
    email = make_mission(goal, title="Email Professor Reis about the outline")
    make_mission(goal, title="Read one paper and take notes")

    marked = say(owner, "can you mark the email one too, i sent it to reis this morning")
    assert Mission.objects.get(pk=email.pk).status == Mission.Status.COMPLETED
    say(owner, "no wait i only drafted it, didnt send yet", marked)

    assert Mission.objects.get(pk=email.pk).status == Mission.Status.PENDING


@pytest.mark.parametrize(
    "correction",
    [
        "wait no that was yesterday. today i just opened it and closed it lmao",
        "well. actually no i didnt, i left it open on my desk",
        "ugh no wait i just remembered i fell asleep halfway",
        "no wait i literally just read the title, that doesnt count does it",
    ],
)
def test_a_correction_at_once_in_other_words_takes_the_mark_back(owner, correction):
    goal = make_goal(owner, title="Pass my networking exam")
    paper = make_mission(goal, title="Read one paper on TCP congestion control")
    make_mission(goal, title="Do ten flashcards")

    marked = say(owner, "read the tcp paper, finally")
    assert Mission.objects.get(pk=paper.pk).status == Mission.Status.COMPLETED
    taken = say(owner, correction, marked)

    assert Mission.objects.get(pk=paper.pk).status == Mission.Status.PENDING
    assert taken["act"] == "undo"


@pytest.mark.parametrize(
    "told",
    [
        "read 12 pages of the running book",
        "ok read 12 pages of the running book. not 20",
        "did half the rows, arms gave up",
    ],
)
def test_a_deed_short_of_its_missions_number_is_met_as_part_done(owner, told):
    goal = make_goal(owner, title="Run a 10k by spring")
    make_mission(goal, title="Read 20 pages of your running book")
    make_mission(goal, title="Do 3 sets of 8 dumbbell rows")

    said = say(owner, told)

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()
    assert said["act"] == "kindness"
    assert said["reply"].startswith(("Part of it still counts, ", "Some is a lot more than none, "))


def test_a_shortfall_told_twice_in_a_row_is_not_met_with_the_same_words(owner):
    goal = make_goal(owner, title="Finish the literature review")
    make_mission(goal, title="Read and summarise 3 papers")
    first = say(owner, "i read 2 papers today and summarised them")

    again = say(owner, "actually it was only 2 not 3, does it still count", first)

    assert first["act"] == again["act"] == "kindness"
    assert first["reply"] != again["reply"]


def test_a_did_it_that_names_its_mission_marks_that_one_not_the_one_said_before(owner):
    goal = make_goal(owner, title="Run a 10k by spring")
    run = make_mission(goal, title="Go for an easy 5km run")
    make_mission(goal, title="Read 20 pages of your running book")

    short = say(owner, "read 12 pages of the running book on the bus")
    say(owner, "did it. the 5k. slow af but done", short)

    assert list(Mission.objects.filter(status=Mission.Status.COMPLETED)) == [run]


def test_a_correction_about_another_mission_leaves_the_one_marked(owner):
    goal = make_goal(owner, title="Run a 10k by spring")
    rows = make_mission(goal, title="Do 3 sets of 8 dumbbell rows")
    make_mission(goal, title="Read 20 pages of your running book")

    marked = say(owner, "rows done, 3 sets")
    assert Mission.objects.get(pk=rows.pk).status == Mission.Status.COMPLETED
    say(owner, "wait no that was yesterday actually, today i didnt read at all", marked)

    assert Mission.objects.get(pk=rows.pk).status == Mission.Status.COMPLETED


def test_a_mission_denied_or_planned_in_its_own_clause_is_not_marked(owner):
    goal = make_goal(owner, title="Sleep better")
    tea = make_mission(goal, title="Drink chamomile tea")
    card = make_mission(goal, title="Send a postcard to the twins")
    glazing = make_mission(goal, title="Do a 20 min glazing tutorial")
    workout = make_mission(goal, title="Do a 20 min workout video")

    say(owner, "the tea i did not drink yet, i will do it before sleep")
    say(owner, "the twins postcard, i bought one at the post office, havent written it yet")
    asked = say(owner, "ok did the 20 min thing finally")
    say(owner, "the workout lol, glazing is tmrw", asked)

    done = Mission.objects.filter(status=Mission.Status.COMPLETED)
    assert list(done.values_list("pk", flat=True)) == [workout.pk]
    assert {tea.pk, card.pk, glazing.pk}.isdisjoint(done.values_list("pk", flat=True))


@pytest.mark.parametrize(
    ("text", "meant"),
    [
        # in its mission's own verb, with no subject
        ("foam rolled. it hurt more than the breakup", "Foam roll calves"),
        ("cancelled disney+ finally. havent watched it", "Cancel one unused subscription"),
        ("tyre pressure checked. pumped to 90psi", "Check tyre pressure"),
        ("cancelled my netflix finally, i never watch it", "Cancel one unused subscription"),
        # in the state the mission leaves a thing in
        ("ok NOW its deleted fr", "Delete DoorDash from my phone"),
        ("the sauce is bubbling!! fresh tomatoes from the neighbour", "Make a tomato sauce"),
    ],
)
def test_a_deed_told_without_a_subject_marks_the_mission_its_words_name(owner, text, meant):
    goal = make_goal(owner, title="Get my life in order")
    for title in (
        "Foam roll calves", "Cancel one unused subscription", "Check tyre pressure",
        "Delete DoorDash from my phone", "Make a tomato sauce",
    ):  # fmt: skip
        make_mission(goal, title=title)

    say(owner, text)

    done = Mission.objects.filter(status=Mission.Status.COMPLETED)
    assert list(done.values_list("title", flat=True)) == [meant]


def test_a_count_over_a_missions_ceiling_or_a_part_of_a_whole_marks_nothing(owner):
    goal = make_goal(owner, title="Cut down on coffee")
    make_mission(goal, title="Max 3 cups of coffee")
    make_mission(goal, title="Sketch thumbnails for chapter 3")

    say(owner, "coffee 4 today, oops")
    say(owner, "the thumbnails i started but only got like 4 panels out of 12")

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


# -- today's habits, told in passing ------------------------------------------------------


def ticked_today(user) -> set[str]:
    today = user.local_day(timezone.now())
    done = HabitCheckIn.objects.filter(user=user, day=today, state="done")
    return set(done.values_list("habit__title", flat=True))


@pytest.mark.parametrize("text", ["did my walk", "just got back from my morning walk!!"])
def test_a_habit_told_done_is_ticked_for_today_and_undo_unticks_it(owner, text):
    make_goal(owner, title="Run a 5k")
    make_mission(Goal.objects.get(user=owner), title="Check your shoes")
    make_habit(owner, title="Morning walk")
    make_habit(owner, title="Read 20 pages")

    ticked = say(owner, text)

    assert ticked["act"] == "mission_done"
    assert "Ticked “Morning walk” for today." in ticked["reply"]
    assert ticked_today(owner) == {"Morning walk"}
    assert not Mission.objects.filter(user=owner, status="completed").exists()
    undone = say(owner, "undo", ticked)
    assert "“Morning walk” is unticked for today" in undone["reply"]
    assert ticked_today(owner) == set()


def test_a_habit_already_ticked_today_is_not_ticked_again(owner):
    habit = make_habit(owner, title="Morning walk")
    today = owner.local_day(timezone.now())
    HabitCheckIn.objects.create(habit=habit, user=owner, day=today)

    answer = say(owner, "did my walk")

    assert "Ticked" not in answer["reply"]
    assert HabitCheckIn.objects.filter(habit=habit).count() == 1


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Also I want a second goal, run a 10k by December", "Run a 10k"),
        ("Actually I want a second goal: swim across the bay by the cabin next summer", "Swim"),
    ],
)
def test_a_second_goal_asked_for_in_words_starts_the_flow(owner, text, title):
    answer = say(owner, text)
    assert answer["act"] == "goal_step"
    assert answer["pending_slot"] == "why"

    summary = say(owner, "because it would make life easier", answer)

    assert f"“{title}" in summary["reply"]


def test_a_deed_whose_words_fit_two_missions_marks_the_one_it_clearly_means(owner):
    goal = make_goal(owner, title="Play Für Elise")
    scales = make_mission(goal, title="Play scales for 10 minutes")
    make_mission(goal, title="Practice the first 8 bars slowly with the right hand")

    answer = say(owner, "today I practised the scales. C major and G major")

    assert answer["act"] == "mission_done"
    assert list(Mission.objects.filter(status=Mission.Status.COMPLETED)) == [scales]


def test_a_deed_that_means_two_missions_alike_is_asked_about(owner):
    goal = make_goal(owner, title="Run a 5k")
    make_mission(goal, title="Check your shoes and lay out your running kit")
    make_mission(goal, title="Walk-run around the park loop and note how it felt")

    answer = say(owner, "did the shoes thing and mapped a loop")

    assert answer["act"] == "clarify_choice"
    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_a_question_while_she_asks_which_mission_marks_none(owner):
    goal = make_goal(owner, title="Swim in the sea every week")
    make_mission(goal, title="Swim a width on your own")
    make_mission(goal, title="Swim two widths with a float")
    make_mission(goal, title="Blow bubbles with your mouth in the water, ten times")

    asked = say(owner, "did the swim one")
    assert asked["act"] == "clarify_choice"
    answer = say(owner, "how do i not freeze to death in the water lol", asked)

    assert answer["act"] != "mission_done"
    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_a_remark_about_the_missions_marks_none(owner):
    goal = make_goal(owner, title="Swim in the sea every week")
    make_mission(goal, title="Find your pool's quiet or adults-only sessions")
    make_mission(goal, title="Walk a width of the shallow end and back")

    say(owner, "those missions are all about a pool tho, i swim in the sea")

    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


@pytest.mark.parametrize("text", ["ok so what should i start with", "waht are my missions"])
def test_asked_what_to_start_with_while_a_goal_is_set_up_she_says_it_comes_first(owner, text):
    offer = say(owner, "i wanna get my brain back and actually read before bed")
    why = say(owner, "yeah", offer)
    date = say(owner, "cos i used to read 40 books a year", why)
    assert date["pending_slot"] == "target_date"

    answer = say(owner, text, date)

    assert answer["reply"].startswith("Your missions come from your goal: once “")
    assert answer["reply"].endswith("When would you like to reach it?")
    assert answer["pending_slot"] == "target_date"


def test_missions_asked_for_with_a_new_goal_set_aside_resume_it_not_a_new_one(owner):
    offer = say(owner, "i wanna get my brain back and actually read before bed")
    step = say(owner, "yeah", offer)
    for aside in ("lol my cat is being so weird", "anyway", "whats the weather like"):
        step = say(owner, aside, step)

    answer = say(owner, "waht are my missions", step)

    assert answer["reply"].startswith("We were setting up “Get my brain back")
    assert answer["pending_slot"] == "why"
    assert not Goal.objects.filter(user=owner).exists()


@pytest.mark.parametrize("text", ["oh nvm", "never mind"])
def test_never_mind_alone_lets_the_question_go_kindly(owner, text):
    answer = say(owner, text)

    assert answer["reply"].startswith("No worries.")
    assert answer["conversation_state"] == "idle"
