"""Which mission a deed told marks, through the real turn (companion/turn/deeds.py):
the words that ask her to count a deed are no mission's words."""

from __future__ import annotations

import pytest

from goals.models import HabitCheckIn, Mission
from tests.companion.factories import say
from tests.goals.factories import make_goal, make_habit, make_mission

pytestmark = pytest.mark.django_db


@pytest.fixture
def plan(owner):
    """A goal with open missions, by title."""

    def made(goal: str, *titles: str) -> dict[str, Mission]:
        made_goal = make_goal(owner, title=goal)
        return {title: make_mission(made_goal, title=title) for title in titles}

    return made


@pytest.fixture
def walks(plan):
    return plan(
        "Cut back on the beers and walk more",
        "Walk-run your loop twice this week",
        "Take a 20 minute walk after work",
        "Count your drinks for a week",
    )


def statuses(missions: dict[str, Mission]) -> dict[str, str]:
    return {title: Mission.objects.get(pk=m.pk).status for title, m in missions.items()}


def test_does_that_count_after_a_walk_marks_no_mission_by_its_word_count(owner, walks):
    answer = say(owner, "i walked for like 15 mins, does that count")

    assert "Count your drinks" not in answer["reply"]
    assert Mission.Status.COMPLETED not in statuses(walks).values()


def test_does_that_count_for_the_walk_one_marks_the_walk_not_the_walk_run(owner, walks):
    told = say(owner, "i walked for like 15 mins, does that count")

    answer = say(owner, "does that count for the walk one", told)

    assert "“Take a 20 minute walk after work” as done" in answer["reply"]
    assert [t for t, s in statuses(walks).items() if s == Mission.Status.COMPLETED] == [
        "Take a 20 minute walk after work"
    ]


def test_asked_to_count_a_deed_for_another_mission_after_a_mark_she_marks_that_one(owner):
    goal = make_goal(owner, title="Get fitter")
    squats = make_mission(goal, title="Do 10 squats")
    walk = make_mission(goal, title="Go for a 20 minute walk")
    marked = say(owner, "i did 10 squats earlier and then went out for a bit")
    assert "“Do 10 squats”" in marked["reply"]

    answer = say(owner, "does that count for the walk one", marked)

    assert "“Go for a 20 minute walk” as done" in answer["reply"]
    assert Mission.objects.get(pk=walk.pk).status == Mission.Status.COMPLETED
    assert Mission.objects.get(pk=squats.pk).status == Mission.Status.COMPLETED


def test_does_that_count_of_what_was_just_marked_says_it_is_marked(owner):
    goal = make_goal(owner, title="Get fitter")
    make_mission(goal, title="Do 10 squats")
    marked = say(owner, "did my 10 squats")

    answer = say(owner, "does that count", marked)

    assert answer["reply"].startswith("Yes — “Do 10 squats” is marked done")


@pytest.mark.parametrize("text", ["had a walk at lunch", "just had a lovely long walk"])
def test_an_activity_had_is_a_deed_that_marks_its_mission(owner, text):
    goal = make_goal(owner, title="Move more")
    walk = make_mission(goal, title="Take a 20 minute walk after work")
    make_mission(goal, title="Do 10 squats")

    say(owner, text)

    assert Mission.objects.get(pk=walk.pk).status == Mission.Status.COMPLETED


def test_an_activity_had_ticks_the_habit_it_names(owner):
    habit = make_habit(owner, title="Go for a walk")

    answer = say(owner, "had a lovely walk with the dog")

    assert "Ticked “Go for a walk”" in answer["reply"]
    assert HabitCheckIn.objects.filter(habit=habit).exists()


@pytest.mark.parametrize("text", ["had a bad day at work", "had a run in with my boss"])
def test_a_day_or_a_quarrel_had_is_no_deed(owner, text):
    goal = make_goal(owner, title="Move more")
    run = make_mission(goal, title="Go for a run after work")

    answer = say(owner, text)

    assert "as done" not in answer["reply"]
    assert Mission.objects.get(pk=run.pk).status == Mission.Status.PENDING


@pytest.fixture
def evening(plan):
    return plan(
        "Sleep better",
        "Set a fixed wake-up time",
        "No screens 30 minutes before bed",
        "Read a book in bed",
    )


@pytest.mark.parametrize(
    "text",
    [
        "wait no it was the screens one",
        "no i meant the one about screens not the reading",
        "wrong one, the screens",
    ],
)
def test_which_one_corrected_at_once_moves_the_mark(owner, evening, text):
    marked = say(owner, "did the reading one")
    assert "“Read a book in bed”" in marked["reply"]

    moved = say(owner, text, marked)

    assert "“No screens 30 minutes before bed” is marked done instead" in moved["reply"]
    assert [t for t, s in statuses(evening).items() if s == Mission.Status.COMPLETED] == [
        "No screens 30 minutes before bed"
    ]


def test_an_undo_after_a_moved_mark_takes_back_the_one_it_moved_to(owner, evening):
    marked = say(owner, "did the reading one")
    moved = say(owner, "wait no it was the screens one", marked)

    say(owner, "undo", moved)

    assert Mission.Status.COMPLETED not in statuses(evening).values()


def test_a_remark_after_a_mark_that_names_another_mission_moves_nothing(owner, evening):
    marked = say(owner, "did the reading one")

    say(owner, "its raining so the screens one can wait", marked)

    assert [t for t, s in statuses(evening).items() if s == Mission.Status.COMPLETED] == [
        "Read a book in bed"
    ]


def test_cheers_after_a_mark_is_thanks_not_goodbye(owner):
    goal = make_goal(owner, title="Get fitter")
    make_mission(goal, title="Do 10 squats")
    marked = say(owner, "did my 10 squats")

    answer = say(owner, "cheers", marked)

    assert answer["reply"].startswith(("You're welcome", "Anytime", "Happy to help"))


@pytest.fixture
def sleeper(owner, plan):
    plan(
        "Get my sleep sorted",
        "Write down when you went to bed and woke up",
        "Review your sleep notes for the week",
        "Adjust your routine by one thing",
        "Make the bedroom darker and cooler",
    )
    return owner


def test_a_deed_named_only_by_its_goals_word_is_asked_about_not_marked(sleeper):
    said = say(sleeper, "ok i slept 6.5 hrs!!! thats a record this month")

    assert said["reply"].startswith("Do you mean")
    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_a_thing_pointed_at_that_no_mission_is_marks_none_and_asks_nothing(sleeper):
    said = say(sleeper, "did the stretching thing")

    assert "Do you mean" not in said["reply"]
    assert not Mission.objects.filter(status=Mission.Status.COMPLETED).exists()


def test_a_mission_said_done_by_its_goals_word_alone_is_asked_about_and_count_waits(owner, plan):
    plan(
        "Get back into painting",
        "Set up a small space with your materials",
        "Buy three basic colours",
        "Paint one simple object for ten minutes",
    )

    asked = say(owner, "i did the first mission! sorted my old paints, half were dried out lol")
    counted = say(owner, "does that count", asked)
    marked = say(owner, "the set up a space one", counted)

    assert "which mission was it" in asked["reply"]
    assert counted["reply"].startswith("It will, once I know which one it was")
    assert "“Set up a small space with your materials” as done" in marked["reply"]
