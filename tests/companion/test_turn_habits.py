"""A habit wished for in words is offered first, made on a yes, and said back; a wish with
no "how often" stays a goal's."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from companion.turn.habits import habit_asked, habit_wished, reminder_time_asked
from goals.models import Habit, HabitCheckIn
from tests.companion.factories import say
from tests.goals.factories import make_habit

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("text", "title", "fields", "how"),
    [
        ("I want to meditate every morning", "Meditate", {"schedule": "daily"}, "every day"),
        (
            "i wanna swim twice a week",
            "Swim",
            {"schedule": "weekly", "times_per_week": 2},
            "twice a week",
        ),
        (
            "i want to go to the gym on mondays and thursdays",
            "Go to the gym",
            {"schedule": "weekdays", "weekdays": [0, 3]},
            "on Mondays and Thursdays",
        ),
        (
            "i want to call my mum every other day",
            "Call your mum",
            {"schedule": "every", "every_days": 2},
            "every other day",
        ),
        (
            "I want to read 20 pages every day",
            "Read 20 pages",
            {"schedule": "daily"},
            "every day",
        ),
    ],
)
def test_a_wish_with_how_often_names_a_habit(text, title, fields, how):
    wish = habit_wished(text)
    assert wish is not None
    assert (wish["title"], wish["fields"], wish["how"]) == (title, fields, how)


@pytest.mark.parametrize(
    "text", ["I want to learn the piano", "do you meditate every morning?", "i meditate daily"]
)
def test_a_wish_without_how_often_or_no_wish_names_no_habit(text):
    assert habit_wished(text) is None


@pytest.mark.parametrize(
    ("text", "title", "how"),
    [
        ('can u make "study 2 pomodoros a day" a habit', "Study 2 pomodoros", "every day"),
        (
            "i also want to start doing 10 min of stretching before bed, can that be a habit",
            "10 min of stretching before bed",
            "every day",
        ),
        ("pls make read 10 pages on weekdays a habit", "Read 10 pages", "on weekdays"),
        (
            "also i want to track a habit: draw for 20 min every day before i open instagram",
            "Draw for 20 min before you open instagram",
            "every day",
        ),
    ],
)
def test_a_habit_asked_for_by_name_is_one_every_day_unless_said(text, title, how):
    asked = habit_asked(text)
    assert asked is not None
    assert (asked["title"], asked["how"]) == (title, how)


def test_asked_every_day_a_yes_with_how_often_or_another_schedule_makes_the_habit(owner):
    offer = say(owner, "can u make study 2 pomodoros a day a habit")

    made = say(owner, "weekdays only, weekends i work at the padaria", offer)

    assert "“Study 2 pomodoros” is one of your habits now, on weekdays." in made["reply"]
    assert Habit.objects.get(user=owner).weekdays == [0, 1, 2, 3, 4]
    offer = say(owner, "I want to practise 10 new words every day")
    say(owner, "every day yes", offer)
    assert Habit.objects.filter(user=owner, title="Practise 10 new words").exists()


def test_a_habit_is_offered_made_on_a_yes_and_only_then(owner):
    offer = say(owner, "I want to meditate every morning")
    assert offer["reply"].startswith("Shall I make “Meditate” a habit, every day?")
    assert not Habit.objects.exists()

    made = say(owner, "yes please", offer)

    assert "“Meditate” is one of your habits now, every day." in made["reply"]
    habit = Habit.objects.get(user=owner)
    assert (habit.title, habit.schedule) == ("Meditate", "daily")
    again = say(owner, "yes", made)  # the offer was taken: nothing more is made
    assert Habit.objects.count() == 1
    assert "one of your habits now" not in again["reply"]


def test_an_offer_declined_makes_nothing(owner):
    offer = say(owner, "i wanna swim twice a week")
    say(owner, "no thanks, not now", offer)
    assert not Habit.objects.exists()


def test_how_a_named_habit_is_going_is_answered_from_it(owner):
    today = owner.local_day(timezone.now())
    habit = make_habit(owner, title="Meditate", start_date=today - dt.timedelta(days=5))
    make_habit(owner, title="Morning walk", start_date=habit.start_date)
    for ago in (1, 2, 3):
        HabitCheckIn.objects.create(habit=habit, user=owner, day=today - dt.timedelta(days=ago))

    answer = say(owner, "hows my meditation going")

    assert answer["act"] == "progress"
    assert answer["reply"].startswith("Meditate: 3 days in a row, kept 60% of the time.")
    assert "Not ticked yet today." in answer["reply"]
    assert "Morning walk" not in answer["reply"]


def test_a_question_naming_no_habit_is_not_taken_for_one(owner):
    make_habit(owner, title="Meditate")
    answer = say(owner, "how is my sister doing")
    assert "Meditate" not in answer["reply"]


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("can you remind me at 7:30", dt.time(7, 30)),
        ("remind me at 7pm pls", dt.time(19, 0)),
        ("set a reminder for 6.45am", dt.time(6, 45)),
        ("remind me at 6 in the evening", dt.time(18, 0)),
        ("remind me to meditate at 7", dt.time(7, 0)),
        ("remind me at 12am", dt.time(0, 0)),
        ("can you remind me in 5 minutes", None),
        ("i meditate at 7:30 most days", None),  # no reminder asked for
        ("remind me tomorrow", None),  # no time of day
    ],
)
def test_a_reminder_is_asked_for_at_a_time_of_day(text, at):
    assert reminder_time_asked(text) == at


def test_a_reminder_asked_for_after_making_a_habit_is_set_on_it(owner):
    made = say(owner, "yes please", say(owner, "I want to meditate every morning"))
    assert "Want a reminder? Tell me a time" in made["reply"]

    reminded = say(owner, "can you remind me at 7:30", made)

    habit = Habit.objects.get(user=owner)
    assert habit.reminder_time == dt.time(7, 30)
    assert reminded["reply"].startswith(
        "Done: I'll remind you of “Meditate” at 07:30 on your clock"
    )
    # The default quiet hours end at 08:00: she says when it really comes.
    assert "it comes when they end, at 08:00" in reminded["reply"]


def test_a_yes_with_a_time_makes_the_habit_with_its_reminder(owner):
    offer = say(owner, "i want to stretch every evening")
    made = say(owner, "yes, and remind me at 9pm", offer)
    habit = Habit.objects.get(user=owner)
    assert (habit.title, habit.reminder_time) == ("Stretch", dt.time(21, 0))
    assert "I'll remind you at 21:00 on your clock" in made["reply"]
    assert "Want a reminder?" not in made["reply"]


def test_with_several_habits_and_none_meant_she_asks_which(owner):
    make_habit(owner, title="Meditate")
    make_habit(owner, title="Morning walk")
    asked = say(owner, "remind me at 7:30")
    assert "Which habit is it for: “Meditate” or “Morning walk”?" in asked["reply"]
    assert not Habit.objects.filter(reminder_time__isnull=False).exists()

    say(owner, "remind me to meditate at 7:30")
    assert Habit.objects.get(title="Meditate").reminder_time == dt.time(7, 30)
    assert Habit.objects.get(title="Morning walk").reminder_time is None


def test_a_reminder_for_something_that_is_no_habit_sets_none(owner):
    make_habit(owner, title="Meditate")
    answer = say(owner, "remind me to call mum at 6pm")
    assert Habit.objects.get(user=owner).reminder_time is None
    assert "I can only remind you of your habits" in answer["reply"]


def test_another_persons_habit_is_never_reminded(owner, outsider):
    theirs = make_habit(outsider, title="Meditate")
    say(owner, "remind me to meditate at 7:30")
    theirs.refresh_from_db()
    assert theirs.reminder_time is None


def test_an_undo_naming_a_habit_ticked_earlier_unticks_that_one(owner):
    walk = make_habit(owner, title="Morning walk")
    read = make_habit(owner, title="Read")
    first = say(owner, "just did my walk")
    second = say(owner, "read 25 pages on the bus too", first)
    assert HabitCheckIn.objects.filter(user=owner).count() == 2

    undone = say(owner, "wait actually i didnt do the walk yet, undo that", second)

    assert undone["reply"].startswith("Done: “Morning walk” is unticked for today")
    assert list(HabitCheckIn.objects.filter(user=owner).values_list("habit", flat=True)) == [
        read.pk
    ]
    assert walk.pk not in HabitCheckIn.objects.values_list("habit", flat=True)


def test_whats_left_today_names_the_habits_not_ticked(owner):
    make_habit(owner, title="Meditate")
    make_habit(owner, title="Morning walk")
    first = say(owner, "just did my walk")

    left = say(owner, "what do i have left today", first)

    assert "Still to tick today: “Meditate”." in left["reply"]
    assert "Morning walk" not in left["reply"]


def test_the_answer_to_which_habit_sets_that_ones_reminder(owner):
    make_habit(owner, title="Meditate")
    make_habit(owner, title="Morning walk")
    make_habit(owner, title="Read")
    asked = say(owner, "remind me at 7:30")
    assert "Which habit is it for: “Meditate”, “Morning walk” or “Read”?" in asked["reply"]

    set_ = say(owner, "the walk one", asked)

    assert Habit.objects.get(title="Morning walk").reminder_time == dt.time(7, 30)
    assert set_["reply"].startswith("Done: I'll remind you of “Morning walk” at 07:30")
    assert not Habit.objects.exclude(title="Morning walk").filter(reminder_time__isnull=False)
