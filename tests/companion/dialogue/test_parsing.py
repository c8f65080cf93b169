"""Reading slot values: dates, categories, minutes, and the limits goals keep."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from companion.dialogue.choices import (
    Choice,
    best_choice,
    bought_one,
    by_leading_verb,
    half_a_compound,
    measured_one,
    told_in_its_verb,
)
from companion.dialogue.parsing import (
    SlotEnv,
    SlotError,
    infer_category,
    is_no,
    is_skip,
    minutes_in_range,
    parse_category,
    parse_minutes,
    parse_title,
    parse_why,
)
from goals.models import SESSION_MAX_MINUTES, TEXT_MAX, TITLE_MAX, Goal, MissionSession
from tests.companion.factories import TODAY

# --- categories -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("health", "health"),
        ("fitness", "health"),
        ("it's about my mental health", "health"),
        ("learning", "growth"),
        ("Career", "growth"),
        ("friends", "connection"),
        ("family", "connection"),
        ("woodwork", "craft"),
        ("music!", "craft"),
    ],
)
def test_category_synonyms(text, category):
    assert parse_category(text, SlotEnv(TODAY)) == category


# --- minutes ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("25", 25),
        ("25 minutes", 25),
        ("about 40 min", 40),
        ("twenty minutes", 20),
        ("half an hour", 30),
        ("an hour", 60),
        ("an hour and a half", 90),
        ("1.5 hours", 90),
    ],
)
def test_minutes(text, minutes):
    assert parse_minutes(text, SlotEnv(TODAY)) == minutes


# --- goals' limits ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("parse", "field", "limit"),
    [
        (parse_title, Goal._meta.get_field("title"), TITLE_MAX),
        (parse_why, Goal._meta.get_field("description"), TEXT_MAX),
    ],
)
def test_the_dialogue_takes_what_a_goal_keeps_and_refuses_the_rest(parse, field, limit):
    longest = "W" * limit

    assert parse(longest, SlotEnv(TODAY)) == field.clean(longest, None) == longest
    with pytest.raises(SlotError, match=f"at most {limit} characters"):
        parse(longest + "W", SlotEnv(TODAY))
    with pytest.raises(ValidationError):
        field.clean(longest + "W", None)


def test_minutes_spent_are_taken_within_a_sessions_limit():
    field = MissionSession._meta.get_field("actual_minutes")

    for minutes in (1, SESSION_MAX_MINUTES):
        minutes_in_range(minutes, SlotEnv(TODAY))
        assert field.clean(minutes, None) == minutes
    for minutes in (0, SESSION_MAX_MINUTES + 1):
        with pytest.raises(SlotError, match=f"between 1 and {SESSION_MAX_MINUTES} minutes"):
            minutes_in_range(minutes, SlotEnv(TODAY))
        with pytest.raises(ValidationError):
            field.clean(minutes, None)


# --- references to missions -------------------------------------------------------------------

READING = Choice(1, "Read 20 pages of Things Fall Apart")
CARDS = Choice(2, "Review 20 Duolingo flashcards")


def test_a_word_said_in_another_form_names_the_title_by_its_root():
    summary = Choice(3, "Summarise one lecture on one page")
    assert best_choice("ok summary done", [READING, CARDS, summary]) == summary
    assert best_choice("ok sum done", [READING, CARDS, summary]) is None  # too short a root


def test_a_word_said_that_ends_a_titles_word_names_it():
    assert best_choice("ok finished the cards. all 20 now", [READING, CARDS]) == CARDS
    assert best_choice("did 20 of them", [READING, CARDS]) is None  # "20" is in both


@pytest.mark.parametrize(
    "text",
    [
        "because i miss the buzz",
        "cos i miss the buzz",
        "cause i miss the buzz",
        "honestly because i miss the buzz",
        "i guess cos i miss the buzz",
    ],
)
def test_a_reason_is_kept_without_its_because(text):
    assert parse_why(text, SlotEnv(TODAY)) == "I miss the buzz"


@pytest.mark.parametrize(
    ("text", "title"),
    [("run a 5k 🏃‍♀️🔥", "Run a 5k"), ("practise spanish ✔️", "Practise Spanish"),
     ("learn C++", "Learn C++")],
)  # fmt: skip
def test_a_title_keeps_no_emoji_typed_after_it(text, title):
    assert parse_title(text, SlotEnv(TODAY)) == title


@pytest.mark.parametrize(
    ("title", "category"),
    [
        ("Learn to swim properly", "health"),
        ("learn to play guitar", "craft"),
        ("learn statistics", "growth"),
        ("Clear out the attic", ""),
    ],
)
def test_the_area_of_life_is_inferred_from_the_most_telling_word(title, category):
    assert infer_category(title) == category


@pytest.mark.parametrize("text", ["no rush, no date", "no date and no rush", "skip"])
def test_a_slot_skipped_in_a_few_words_is_skipped(text):
    assert is_skip(text)


def test_a_filler_that_closes_a_reason_is_left_out():
    why = parse_why("it was the one thing that was just mine you know", SlotEnv(TODAY))
    assert why == "It was the one thing that was just mine"


def test_pronouns_and_nods_name_no_mission():
    choices = [Choice(1, "Make another piece on the same theme"), Choice(2, "Set up a space")]
    assert best_choice("all of them yeah", choices) is None


def test_a_title_said_with_a_shrug_keeps_only_the_aim():
    assert parse_title("walk more i guess", SlotEnv(TODAY)) == "Walk more"


def test_a_reason_that_opens_with_so_is_kept_without_it():
    why = parse_why("so i can pay for my sister's school fees", SlotEnv(TODAY))
    assert why == "I can pay for my sister's school fees"


def test_a_purpose_without_its_can_keeps_its_so_and_loses_its_shrug():
    why = parse_why("so i see my grandkids grow up basically", SlotEnv(TODAY))
    assert why == "So i see my grandkids grow up"


def test_a_number_shared_alone_names_no_choice():
    water = Choice(1, "Drink 2 litres of water")

    assert best_choice("did 2 exercises and left", [water]) is None
    assert best_choice("drank 2 litres", [water]) == water


def test_a_word_with_s_after_an_apostrophe_names_its_choice():
    drawer = Choice(1, "Clear one kitchen drawer")

    assert best_choice("yeah. so drawer's done obviously", [drawer, CARDS]) == drawer


@pytest.mark.parametrize("text", ["meal prepped too", "meal prepped", "ok meal prepped again lol"])
def test_a_bare_past_may_end_with_a_word_of_no_weight(text):
    missions = [Choice(1, "Meal prep 4 lunches for the week"), Choice(2, "Bench 3 sets of 5")]
    assert told_in_its_verb(text, missions) == missions[0]


def test_a_title_that_opens_with_no_verb_is_led_by_none():
    night_out = Choice(1, "On a night out, have a glass of water between drinks")
    assert by_leading_verb("ha. one day. steady on", [night_out]) is None


def test_half_of_a_compound_verb_names_no_mission():
    walk_run = Choice(1, "Walk-run your loop and note how it felt")
    assert told_in_its_verb("i walked for 15 mins on my break", [walk_run]) is None
    assert half_a_compound("i walked for 15 mins on my break", walk_run.title)
    assert not half_a_compound("did my walk run round the park", walk_run.title)
    assert not half_a_compound("i walked to work", "Walk to work twice this week")


def test_a_bare_past_followed_by_more_words_names_no_mission():
    missions = [Choice(1, "Meal prep 4 lunches for the week"), Choice(2, "Bench 3 sets of 5")]
    assert told_in_its_verb("meal prepped chicken for the kids", missions) is None


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Actually I want a second goal: swim across the bay", "Swim across the bay"),
        (
            "ok new idea: i want to go back to work part time. can that be a goal",
            "Go back to work part time",
        ),
    ],
)
def test_a_title_leaves_out_the_ask_for_another_goal(text, title):
    assert parse_title(text, SlotEnv(TODAY)) == title


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("i already told u lol. i used to run in uni and felt way better", "I used to run in uni"),
        ("told you already, my kids", "My kids"),
        ("i told my boss i would", "I told my boss"),
    ],
)
def test_a_reason_said_again_is_the_reason_not_the_telling(text, why):
    assert parse_why(text, SlotEnv(TODAY)).startswith(why)


@pytest.mark.parametrize(
    ("text", "title"),
    [("learn spanish", "Learn Spanish"), ("say i love you in irish", "Say I love you in Irish"),
     ("fix the wi-fi", "Fix the wi-fi")],
)  # fmt: skip
def test_a_title_writes_languages_and_i_with_a_capital(text, title):
    assert parse_title(text, SlotEnv(TODAY)) == title


@pytest.mark.parametrize(
    ("text", "no"),
    [("no its fine", True), ("nah not right now", True), ("nah im good thanks", True),
     ("no", True), ("its fine", False), ("no beer on weekdays", False)],
)  # fmt: skip
def test_a_no_softened_after_it_is_still_a_no(text, no):
    assert is_no(text) is no


def test_a_thing_got_is_the_one_mission_of_buying_it_by_any_of_its_names():
    missions = (
        Choice(1, "Buy a pair of proper running shoes"),
        Choice(2, "Do a 20 minute walk-run"),
    )
    assert bought_one("ok so i got the trainers yesterday", missions) == missions[0]
    assert bought_one("got home late again", missions) is None
    assert bought_one("did the trainers thing", missions) is None  # nothing got


def test_a_question_word_names_no_choice():
    spent = Choice(1, "Write down what you spent")
    assert best_choice("whats my streak now", [spent]) is None
    assert best_choice("wrote down what i spent", [spent, Choice(2, "Walk 20 minutes")]) == spent


def test_a_number_told_is_the_one_mission_that_asks_for_it_by_a_word_of_its_own():
    missions = (
        Choice(1, "Count your steps on an ordinary day (phone or watch)"),
        Choice(2, "Put comfy shoes and a rain layer by the door"),
    )
    said = "oh my phone does that already apparently, 4200 today so far"
    assert measured_one(said, missions) == missions[0]
    assert measured_one("i had 2 coffees today", missions) is None


def test_weight_to_lose_is_health():
    assert infer_category("Lose 8 kilos") == "health"


def test_a_yes_is_no_title_and_a_place_is_capitalised():
    env = SlotEnv(TODAY)
    with pytest.raises(SlotError):
        parse_title("yes go for it", env)
    assert parse_title("save money for a trip to japan", env) == "Save money for a trip to Japan"
    assert parse_title("visit new york", env) == "Visit New York"
