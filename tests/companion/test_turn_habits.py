"""A habit wished for in words is offered first, made on a yes, and said back; a wish with
no "how often" stays a goal's."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from companion.turn.habits import habit_wished
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
