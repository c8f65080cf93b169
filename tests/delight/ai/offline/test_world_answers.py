"""Questions about the person's zones, answered from the zone lines alone."""

from __future__ import annotations

import pytest

from delight.ai.offline.world_answers import (
    asks_about_world,
    mission_zone_sentence,
    world_answer,
)
from delight.ai.offline.zone_lines import ZoneNote

ARENA_OPEN = ZoneNote("Arena", True, "closes at 22:00", 150, "health and craft")
ARENA_CLOSED = ZoneNote("Arena", False, "opens tomorrow at 06:00", 7 * 60 + 10, "health")
OBSERVATORY_LATER = ZoneNote("Observatory", False, "opens at 20:00", 182, "learning")
OBSERVATORY_ALWAYS = ZoneNote("Observatory", True, fits="growth and learning")
COMMONS = ZoneNote("Commons", True, "closes tomorrow at 01:00", 300, "connection")
NAMES = ["Arena", "Observatory", "Commons"]


@pytest.mark.parametrize(
    "text",
    [
        "is the Arena open?",
        "can I go to the arena tonight",
        "when does the Observatory open?",
        "what's open now?",
        "Which zones can I use?",
        "is anything closed right now",
        "tell me about my world",
    ],
)
def test_questions_about_the_world_are_recognised(text):
    assert asks_about_world(text, NAMES)


@pytest.mark.parametrize(
    "text",
    ["I had a long day at work", "Give me a mission", "I want to be more open with people"],
)
def test_other_messages_are_not_about_the_world(text):
    assert not asks_about_world(text, NAMES)


def test_a_zone_is_recognised_by_the_names_the_person_has():
    assert asks_about_world("can I go to the library?", ["Library"])
    assert not asks_about_world("can I go to the library?", NAMES)


def test_an_open_zone_is_open_until_its_closing_time():
    assert world_answer("Is the Arena open?", [ARENA_OPEN]) == (
        "Yes — the Arena is open now, until 22:00."
    )


def test_a_closed_zone_says_when_it_opens_and_how_long_that_is():
    answer = world_answer("can i go to the arena", [ARENA_CLOSED, COMMONS])

    assert answer == (
        "Not right now — the Arena opens tomorrow at 06:00, about seven hours from now."
    )


def test_when_a_zone_opens_later_today():
    answer = world_answer("When does the Observatory open?", [ARENA_OPEN, OBSERVATORY_LATER])

    assert answer == "The Observatory opens at 20:00 — about three hours from now."


def test_asking_when_an_open_zone_opens_says_it_is_open_now():
    assert world_answer("when does the arena open?", [ARENA_OPEN]) == (
        "The Arena is open now, until 22:00."
    )


def test_closing_time_past_midnight_says_tomorrow():
    assert world_answer("When does the Commons close?", [COMMONS]) == (
        "The Commons closes tomorrow at 01:00 — about five hours from now."
    )


def test_a_zone_open_at_any_hour_never_closes():
    assert world_answer("when does the observatory close", [OBSERVATORY_ALWAYS]) == (
        "The Observatory never closes — it is open at any hour."
    )
    assert world_answer("Is the Observatory open?", [OBSERVATORY_ALWAYS]) == (
        "Yes — the Observatory is open now, at any hour."
    )


def test_asking_whether_a_zone_is_closed_answers_that_question():
    assert world_answer("is the arena closed?", [ARENA_CLOSED]).startswith(
        "Yes — the Arena is closed right now; it opens tomorrow at 06:00"
    )
    assert world_answer("is the arena closed?", [ARENA_OPEN]) == (
        "No — the Arena is open now, until 22:00."
    )


def test_two_zones_named_are_both_answered_in_the_order_asked():
    answer = world_answer("Are the Commons or the Arena open?", [ARENA_CLOSED, COMMONS])

    assert answer.index("The Commons is open now") < answer.index("The Arena is closed")


def test_whats_open_lists_open_zones_then_when_the_closed_ones_open():
    answer = world_answer("what's open now?", [ARENA_CLOSED, OBSERVATORY_ALWAYS, COMMONS])

    assert answer == (
        "Open now: the Observatory and the Commons (until 01:00 tomorrow). "
        "The Arena opens tomorrow at 06:00, about seven hours from now."
    )


def test_when_everything_is_open_it_says_so():
    answer = world_answer("Which zones are open?", [ARENA_OPEN, OBSERVATORY_ALWAYS])

    assert answer == "All your zones are open now: the Arena (until 22:00) and the Observatory."


@pytest.mark.parametrize(
    ("minutes", "wait"),
    [
        (3, "in a few minutes"),
        (24, "about 25 minutes from now"),
        (70, "about an hour from now"),
        (100, "about two hours from now"),
        (23 * 60, "about twenty-three hours from now"),
    ],
)
def test_the_wait_is_said_the_way_a_person_says_it(minutes, wait):
    zone = ZoneNote("Arena", False, "opens at 06:00", minutes)

    assert world_answer("is the arena open?", [zone]) == (
        f"Not right now — the Arena opens at 06:00, {wait}."
    )


def test_a_wait_of_days_is_left_to_the_day_in_the_change():
    zone = ZoneNote("Arena", False, "opens Mon at 06:00", 3 * 24 * 60)

    answer = world_answer("is the arena open?", [zone])

    assert answer == "Not right now — the Arena opens Mon at 06:00."


@pytest.mark.parametrize(
    "text", ["I love the Arena", "The arena was busy", "what is open to me in life"]
)
def test_a_statement_or_another_question_gets_no_world_answer(text):
    assert world_answer(text, [ARENA_OPEN]) == ""


def test_without_zone_lines_there_is_no_answer():
    assert world_answer("Is the Arena open?", []) == ""


def test_the_first_suggested_mission_with_a_zone_says_where_it_fits():
    arena = ZoneNote("Arena", True, "closes at 21:00", 60, missions=("Easy run",))
    commons = ZoneNote("Commons", True, missions=("Call Ana",))

    assert mission_zone_sentence(["Write notes", "Easy run", "Call Ana"], [commons, arena]) == (
        "“Easy run” fits the Arena, which is open until 21:00."
    )


def test_a_mission_whose_zone_is_closed_says_when_it_opens():
    arena = ZoneNote("Arena", False, "opens at 06:00", 300, missions=("Easy run",))

    assert mission_zone_sentence(["Write notes", "Easy run"], [arena]) == (
        "“Easy run” belongs in the Arena, which opens at 06:00."
    )


def test_a_lone_mission_just_named_is_it():
    arena = ZoneNote("Arena", True, "closes at 21:00", 60, missions=("Easy run",))

    assert mission_zone_sentence(["Easy run"], [arena]) == (
        "It fits the Arena, which is open until 21:00."
    )


def test_missions_without_a_zone_get_no_sentence():
    assert mission_zone_sentence(["Write notes"], [ARENA_OPEN]) == ""


@pytest.mark.parametrize("text", ["wait what's the observatory", "what is the Observatory for?"])
def test_asked_what_a_zone_is_she_says_what_it_is_for_and_how_it_stands(text):
    answer = world_answer(text, [OBSERVATORY_ALWAYS, ARENA_OPEN], asked=True)

    assert answer == (
        "The Observatory is a place in your world for growth and learning missions: it is "
        "open now, at any hour."
    )


def test_asked_what_a_closed_zone_is_she_says_when_it_opens():
    answer = world_answer("whats the observatory", [OBSERVATORY_LATER])

    assert answer.startswith("The Observatory is a place in your world for learning missions")
    assert "opens at 20:00" in answer
