"""What the person did today, asked in words: the missions and habits done on their own
day, and what is still on the list."""

from __future__ import annotations

import pytest
from django.utils import timezone

from goals import services
from goals.models import Mission
from tests.companion.factories import say
from tests.goals.factories import make_goal, make_habit, make_mission

pytestmark = pytest.mark.django_db


def test_what_did_i_do_today_lists_what_was_done_and_what_is_left(owner):
    goal = make_goal(owner, title="Run a 10k by spring")
    run = make_mission(goal, title="Go for an easy 5km run")
    make_mission(goal, title="Plan this week's long run route")
    walk = make_habit(owner, title="Morning walk")
    services.mission_complete(user=owner, mission_id=run.pk)
    today = owner.local_day(timezone.now())
    services.habit_checkin(user=owner, habit_id=walk.pk, day=today)

    said = say(owner, "what did i do today")

    assert said["reply"] == (
        "Today you did “Go for an easy 5km run” and “Morning walk”. "
        "Still on your list: Plan this week's long run route."
    )
    assert Mission.objects.get(pk=run.pk).status == Mission.Status.COMPLETED


def test_nothing_done_yet_says_so_and_what_is_on_the_list(owner):
    goal = make_goal(owner, title="Run a 10k by spring")
    make_mission(goal, title="Go for an easy 5km run")

    said = say(owner, "what have i done today?")

    assert said["reply"] == (
        "Nothing marked done yet today. Still on your list: Go for an easy 5km run."
    )


@pytest.fixture
def swimmer(owner):
    goal = make_goal(owner, title="Swim in the sea every week")
    swim = make_mission(goal, title="Swim two lengths slowly")
    make_mission(goal, title="Pack your bag the night before")
    services.mission_complete(user=owner, mission_id=swim.pk)
    return owner


@pytest.mark.parametrize("text", ["did you tick the swim", "so have u marked the lengths"])
def test_asked_whether_a_done_mission_is_ticked_she_says_it_is(swimmer, text):
    said = say(swimmer, text)

    assert said["act"] == "progress"
    assert said["reply"] == "Yes: “Swim two lengths slowly” is marked done today."


def test_asked_whether_an_open_mission_is_ticked_she_says_not_yet_and_marks_nothing(swimmer):
    said = say(swimmer, "is the bag one marked?")

    assert said["reply"].startswith("Not yet: “Pack your bag the night before” is still open.")
    assert not Mission.objects.filter(
        user=swimmer, title="Pack your bag the night before", status=Mission.Status.COMPLETED
    ).exists()


def test_asked_whether_something_unnamed_is_ticked_she_says_what_was_done(swimmer):
    said = say(swimmer, "did you tick the yoga")

    assert said["reply"].startswith("Today you did “Swim two lengths slowly”.")


@pytest.mark.parametrize(
    ("goals", "text", "reply"),
    [
        (["Get back into drawing"], "wait, did you set up the drawing goal or not",
         "Yes: “Get back into drawing” is set up. Its missions are on your goals page."),
        (["Get back into drawing", "Run a 5k"], "did u make the swimming goal",
         "I don't see that one set up. Your goals: “Run a 5k”, “Get back into drawing”."),
    ],
)  # fmt: skip
def test_asked_whether_a_goal_is_set_up_she_answers_from_the_records(owner, goals, text, reply):
    for title in goals:
        make_goal(owner, title=title)

    said = say(owner, text)

    assert said["act"] == "progress"
    assert said["reply"] == reply


def test_asked_whether_a_goal_is_set_up_with_none_she_offers_to_set_one_up(owner):
    said = say(owner, "did you set up my goal")

    assert said["reply"].startswith("I don't know your goals yet, so let's start there.")


def test_asked_whether_they_did_a_mission_today_she_answers_from_the_records(swimmer):
    said = say(swimmer, "did i do the lengths one today")

    assert said["act"] == "progress"
    assert said["reply"] == "Yes: “Swim two lengths slowly” is marked done today."


@pytest.mark.parametrize(
    "text", ["wait no i did it yesterday not today, does that still count", "does yesterday count"]
)
def test_asked_whether_yesterday_counts_she_says_honestly_it_is_not_on_todays_record(owner, text):
    mission = make_mission(make_goal(owner, title="Learn Spanish"), title="Learn 10 food words")

    said = say(owner, text)

    assert said["reply"].startswith("Missions are ticked on the day they're done")
    mission.refresh_from_db()
    assert mission.status != Mission.Status.COMPLETED


def test_what_else_have_i_done_today_is_read_from_the_records(owner):
    goal = make_goal(owner, title="Walk 10000 steps a day")
    loop = make_mission(goal, title="Pick a flat 15-minute walking loop from your door")
    make_mission(goal, title="Take a 10-minute walk after one meal")
    services.mission_complete(user=owner, mission_id=loop.pk)

    said = say(owner, "what else have i done today")

    assert said["reply"].startswith("Today you did “Pick a flat 15-minute walking loop")


def test_what_have_i_finished_so_far_says_what_is_done_and_left(owner):
    goal = make_goal(owner, title="Read more")
    make_mission(goal, title="Read 10 pages before bed")

    answer = say(owner, "what have i finished so far")

    assert answer["reply"].startswith("Nothing marked done yet today.")
    assert "Read 10 pages before bed" in answer["reply"]


def test_does_that_count_with_no_goal_says_it_counts_and_only_missions_are_ticked(owner):
    session = say(owner, "did the water thing")

    said = say(owner, "does that count", session)

    assert said["reply"].startswith("It counts for you, that's what matters.")
    assert "haven't set one up yet" in said["reply"]


def test_does_that_count_when_nothing_was_marked_says_so_and_asks_which(owner):
    mission = make_mission(make_goal(owner, title="Learn Spanish"), title="Learn 10 food words")
    session = say(owner, "watched a film in french lol")

    said = say(owner, "ok but does that count though", session)

    assert said["reply"].startswith("I haven't marked anything yet")
    mission.refresh_from_db()
    assert mission.status != Mission.Status.COMPLETED


def test_does_that_count_asked_while_a_goal_is_set_up_leaves_its_question_waiting(owner):
    session = say(owner, "i want to drink more water")
    session = say(owner, "yes", session)

    said = say(owner, "does that count", session)

    assert said["reply"].endswith("(When you're ready: Why does it matter to you?)")
    assert said["pending_slot"] == "why"


def test_does_that_count_with_a_plan_still_to_approve_says_where_its_missions_wait(owner):
    goal = make_goal(owner, title="Learn Spanish")
    make_mission(goal, title="Learn 10 food words", status=Mission.Status.SUGGESTED)

    said = say(owner, "Does duolingo count")
    asked = say(owner, "can you mark that I did spanish today after all", said)

    assert "missions for “Learn Spanish” are waiting on your goals page" in said["reply"]
    assert "missions for “Learn Spanish” are waiting on your goals page" in asked["reply"]


def test_a_deed_asked_to_count_with_no_goal_counts_for_them(owner):
    said = say(owner, "ok. did the 20 min sketching anyway. just drew pixel sleeping, counts?")

    assert said["reply"].startswith("It counts for you, that's what matters.")
