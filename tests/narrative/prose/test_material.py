"""The person's own material in a beat: a goal's count, a habit's month, a round number of
missions, a past passage recalled and a goal's reason, each told as it should be and once."""

from __future__ import annotations

import dataclasses
import re
from itertools import chain

import pytest

from narrative.prose import beat_text_offline, parts, phrase_id, phrases
from narrative.prose.material import ago_words, number_words, ordinal_words
from nudges.words import nudge_tone_problem
from tests.narrative.prose.factories import ARENA, MIRA, make_bare_facts, make_facts

# A day's passage: one mission toward a goal, one habit, nothing else news.
DAY = {
    "missions": ("Walk-run the park loop",),
    "missions_count": 1,
    "minutes": 0,
    "streak_days": 0,
    "goal_title": "",
    "reflection": "",
    "quest_title": "",
    "moves": (),
    "goals_towards": ("Run a 5k by spring",),
}


def day_facts(**fields: object):
    return make_facts(**{**DAY, **fields})


@pytest.mark.parametrize(
    ("number", "words"),
    [(0, "zero"), (7, "seven"), (19, "nineteen"), (20, "twenty"), (42, "forty-two"), (250, "250")],
)
def test_a_count_is_said_in_words_below_a_hundred(number, words):
    assert number_words(number) == words


@pytest.mark.parametrize(
    ("number", "words"),
    [(1, "first"), (9, "ninth"), (20, "twentieth"), (23, "twenty-third"), (30, "thirtieth")],
)
def test_a_days_place_in_the_month_is_an_ordinal_in_words(number, words):
    assert ordinal_words(number) == words


@pytest.mark.parametrize(
    ("days", "weekday", "words"),
    [
        (7, "Thursday", "last Thursday"),
        (7, "", "seven days ago"),
        (14, "Monday", "two weeks ago"),
        (9, "Monday", "nine days ago"),
        (30, "", "a month ago"),
    ],
)
def test_when_a_past_passage_was_reads_as_a_person_says_it(days, weekday, words):
    assert ago_words(days, weekday) == words


def test_the_goal_the_missions_were_for_is_told_with_its_count_and_named_once():
    for seed in range(12):
        text = beat_text_offline(day_facts(seed=seed, goal_counts=(("Run a 5k by spring", 3, 9),)))

        said = text.text.lower()
        assert "three" in said or "six" in said  # done, or left
        assert text.text.count("“Run a 5k by spring”") == 1


def test_a_goal_whose_every_mission_is_done_is_told_so_not_as_zero_to_go():
    for seed in range(12):
        text = beat_text_offline(day_facts(seed=seed, goal_counts=(("Run a 5k by spring", 9, 9),)))

        assert "zero" not in text.text
        assert "“Run a 5k by spring”" in text.text


def test_a_habits_days_this_month_are_told_from_three_days():
    told = day_facts(habits=("Meditate",), habit_days=(1,), habits_month=(9,), month="December")
    too_few = day_facts(habits=("Meditate",), habit_days=(1,), habits_month=(2,), month="December")

    for seed in range(12):
        text = beat_text_offline(dataclasses.replace(told, seed=seed)).text
        assert "December" in text
        assert "nine days" in text or "ninth" in text
        assert "December" not in beat_text_offline(dataclasses.replace(too_few, seed=seed)).text


@pytest.mark.parametrize(("ever", "count", "said"), [(50, 1, "fifty"), (52, 3, "fifty")])
def test_a_round_number_of_missions_since_the_story_began_is_told_when_reached(ever, count, said):
    for seed in range(12):
        text = beat_text_offline(
            day_facts(seed=seed, missions_ever=ever, missions_count=count)
        ).text

        assert f"{said} missions" in text or f"number {said}" in text


def test_no_count_of_missions_since_the_story_began_between_round_numbers():
    for seed in range(12):
        text = beat_text_offline(day_facts(seed=seed, missions_ever=53, missions_count=2)).text

        assert "fifty" not in text
        assert "53" not in text


RECALL = {
    "recall_key": "recall:41",
    "recall_days": 7,
    "recall_weekday": "Thursday",
    "recall_place": "The Arena",
    "recall_mission": "Stretch for ten minutes",
}


def test_a_past_passage_is_recalled_with_its_place_its_mission_and_when():
    for seed in range(12):
        text = beat_text_offline(day_facts(seed=seed, **RECALL)).text

        assert "last thursday" in text.lower()
        assert "the Arena" in text
        assert "“Stretch for ten minutes”" in text


def test_a_past_passage_is_recalled_once_in_a_story():
    facts = day_facts(**RECALL)
    first = beat_text_offline(facts)
    told = {told: 1 for told in first.told}

    assert phrase_id("recall:41") in told
    again = beat_text_offline(day_facts(seed=8, told=told, **RECALL)).text
    assert "Stretch for ten minutes" not in again


def test_a_past_passage_at_this_very_place_is_recalled_as_here():
    for seed in range(12):
        text = beat_text_offline(day_facts(seed=seed, place=ARENA, **RECALL)).text

        assert "“Stretch for ten minutes”" in text
        assert "at the Arena, the day" not in text


WHY = {"why_goal": "Run a 5k by spring", "why": "I want to feel strong again"}


def test_the_reason_written_for_a_goal_is_quoted_once_in_a_story():
    first = beat_text_offline(day_facts(**WHY))
    told = {told: 1 for told in first.told}

    assert "“I want to feel strong again”." in first.text
    again = beat_text_offline(day_facts(seed=8, told=told, **WHY))
    assert "feel strong" not in again.text


def test_a_day_told_with_the_persons_own_material_needs_less_of_the_valleys_strangers():
    material = {
        **RECALL,
        **WHY,
        "goal_counts": (("Run a 5k by spring", 3, 9),),
        "habits": ("Meditate",),
        "habit_days": (1,),
        "habits_month": (9,),
        "month": "December",
    }
    # A story that has told every stock paragraph of colour: what is left is composed.
    told = {phrase_id(text): 1 for text in (*phrases.VALLEY, *chain(*phrases.AMBIENT.values()))}
    plain, rich = 0, 0
    for seed in range(20):
        base = {**DAY, "seed": seed, "people": (), "items_held": (), "told": told}
        plain += strangers(beat_text_offline(make_bare_facts(**base)).text)
        rich += strangers(beat_text_offline(make_bare_facts(**base, **material)).text)

    assert rich <= plain * 0.6


def strangers(text: str) -> int:
    """How many of the valley's passers-by a passage's colour has."""
    return sum(text.count(who) + text.count(who[:1].lower() + who[1:]) for who in parts.WHO)


@pytest.mark.parametrize("part", [*parts.PAUSE, *parts.THINK])
def test_each_part_of_a_pause_is_kind(part):
    assert nudge_tone_problem(f"{part} by the old well “Fix the legs”.") == ""


def test_the_next_mission_is_in_the_heros_mind_once_for_each():
    first = beat_text_offline(day_facts(goal_next="Fix the legs"))
    told = {told: 1 for told in first.told}

    assert "“Fix the legs”." in first.text
    assert any(pause in first.text for pause in parts.PAUSE)
    again = beat_text_offline(day_facts(seed=8, goal_next="Fix the legs", told=told))
    assert not any(pause in again.text for pause in parts.PAUSE)
    other = beat_text_offline(day_facts(seed=8, goal_next="Sand the planks", told=told))
    assert "“Sand the planks”." in other.text


def test_a_habit_kept_today_is_named_once_with_its_days_this_month():
    kept = {"habits": ("Meditate",), "habit_days": (1,), "habits_month": (20,), "month": "June"}
    for seed in range(12):
        text = beat_text_offline(day_facts(seed=seed, **kept)).text

        assert text.count("“Meditate”") == 1
        assert "June" in text


def test_someone_here_the_hero_met_speaks_of_the_days_work_then_of_whats_next():
    facts = day_facts(people=(MIRA,), goal_next="Fix the legs")
    first = beat_text_offline(facts)
    told = {told: 1 for told in first.told}
    later = beat_text_offline(
        day_facts(seed=9, people=(MIRA,), goal_next="Fix the legs", told=told)
    )

    assert "Mira" in first.text
    assert nested("Walk-run the park loop") in first.text  # her words quote it
    assert nested("Fix the legs") in later.text  # once the hero had it in mind, she asks


def test_no_one_speaks_of_the_days_work_when_no_one_met_is_here():
    for seed in range(12):
        text = beat_text_offline(day_facts(seed=seed, people=(), items_held=())).text

        assert not any(action[len("{Name}") :] in text for action in phrases.REMARK_ACTION)


def nested(title: str) -> str:
    """A title as quoted inside someone's words."""
    return f"\N{LEFT SINGLE QUOTATION MARK}{title}\N{RIGHT SINGLE QUOTATION MARK}"


def test_the_next_mission_is_asked_of_once():
    told = {phrase_id("next:Fix the legs"): 1, phrase_id("asked:Fix the legs"): 1}

    for seed in range(12):
        text = beat_text_offline(
            day_facts(seed=seed, people=(MIRA,), goal_next="Fix the legs", told=told)
        ).text

        assert "Fix the legs" not in text
        assert nested("Walk-run the park loop") in text


def test_a_habits_month_is_not_told_when_it_says_no_more_than_its_days_since():
    kept = {"habits": ("Meditate",), "habit_days": (3,), "habits_month": (3,), "month": "June"}

    for seed in range(12):
        assert "June" not in beat_text_offline(day_facts(seed=seed, **kept)).text


def test_what_they_jotted_during_a_session_is_quoted_as_theirs():
    for seed in range(12):
        text = beat_text_offline(day_facts(seed=seed, notes="the dog stole a sock")).text

        assert "“the dog stole a sock”." in text


@pytest.mark.parametrize(("done", "total"), [(1, 5), (4, 5)])
def test_a_goals_count_agrees_with_one(done, total):
    for seed in range(20):
        text = beat_text_offline(
            day_facts(seed=seed, goal_counts=(("Run a 5k by spring", done, total),))
        ).text.lower()

        assert "one are" not in text
        assert not re.search(r"\bone of five (?:steps toward “run a 5k by spring” )?are\b", text)
