"""Scene colour composed of parts: short kind parts, none claiming the place is known, none
twice in a beat, and new pairs across a story."""

from __future__ import annotations

import re

import pytest

from narrative.prose import parts
from narrative.prose.chooser import Chooser
from narrative.prose.composed import (
    cause_composed,
    colour_composed,
    colour_kind,
    light_composed,
    opening_composed,
    stroll_composed,
    titles_composed,
)
from narrative.prose.parts import SENSE
from narrative.prose.phrases import FAMILIAR
from nudges.words import nudge_tone_problem

UNKIND = re.compile(r"\\b(?:miss(?:ed|ing)?|fail\\w*|lost|lose|broke\\w*|guilt\\w*|away)\\b", re.I)
PARTS = [
    *parts.WHO,
    *parts.WHERE,
    *parts.FEEL,
    *(part for table in (*parts.DOING.values(), *parts.SENSE.values()) for part in table),
    *parts.MOOD,
    *parts.REACTION,
]


@pytest.mark.parametrize("part", PARTS)
def test_each_part_is_a_few_kind_words_that_claim_nothing_known(part):
    assert 2 <= len(part.split()) <= 7
    assert not FAMILIAR.search(part)
    assert not UNKIND.search(part)
    assert "{" not in part


def _starts(table: tuple[str, ...], words: int) -> list[str]:
    return [" ".join(part.lower().split()[:words]) for part in table]


@pytest.mark.parametrize("table", [parts.WHO, *parts.SENSE.values(), parts.WHERE])
def test_a_part_before_another_leaves_eight_words_room_to_reach_it(table):
    assert max(len(part.replace("-", " ").split()) for part in table) <= 6


@pytest.mark.parametrize(
    "table", [*parts.DOING.values(), *parts.SENSE.values(), parts.FEEL, parts.MOOD, parts.REACTION]
)
def test_a_part_after_another_begins_with_two_words_of_its_own(table):
    assert len(set(_starts(table, 2))) == len(table)


@pytest.mark.parametrize(
    "table", [parts.WHO, *parts.DOING.values(), parts.WHERE, *parts.SENSE.values()]
)
def test_a_part_before_another_ends_with_two_words_of_its_own(table):
    ends = [" ".join(part.lower().split()[-2:]) for part in table]
    assert len(set(ends)) == len(table)


@pytest.mark.parametrize("table", [parts.WHO, *parts.DOING.values()])
def test_a_part_a_place_follows_ends_without_a_clause_of_its_own(table):
    assert not any("," in part for part in table)  # "…a ladder past, carefully by the well"


def test_a_place_begins_with_a_word_of_its_own():
    assert len(set(_starts(parts.WHERE, 1))) == len(parts.WHERE)


def test_a_paragraph_is_two_sentences_of_someone_somewhere_and_the_air():
    choose = Chooser(7, {})

    text = colour_composed("morning", choose, 0)

    assert text.count(". ") == 1
    assert text.endswith(".")
    assert text[0].isupper()
    assert ", and " in text


def test_a_beat_uses_no_part_twice():
    choose = Chooser(3, {})

    texts = [colour_composed("night", choose, n) for n in range(4)]

    words = " ".join(texts)
    assert all(words.count(part) <= 1 for part in PARTS if len(part.split()) > 2)


def test_a_story_tells_each_part_before_any_twice():
    told: dict[str, int] = {}
    beats = len(SENSE["evening"])  # the smallest table: each of its parts once
    for seed in range(beats):
        choose = Chooser(seed, {}, told)
        text = colour_composed("evening", choose, 0)
        for phrase in choose.told_in(text):
            told[phrase] = told.get(phrase, 0) + 1

    assert len(told) == 9 * beats  # five parts and four meetings a paragraph
    assert set(told.values()) == {1}  # none told twice


def test_a_long_story_repeats_no_run_of_eight_words_in_its_colour():
    told: dict[str, int] = {}
    runs: list[tuple[str, ...]] = []
    for seed in range(60):
        choose = Chooser(seed, {}, told)
        words = colour_composed("evening", choose, 0).lower().split()
        runs += {tuple(words[n : n + 8]) for n in range(len(words) - 7)}
        for phrase in choose.told_in(" ".join(words)):
            told[phrase] = told.get(phrase, 0) + 1

    assert len(runs) == len(set(runs))


def test_two_part_titles_are_all_different_and_short():
    titles = titles_composed()

    assert len(titles) == len(set(titles)) == 12 * 12 + 12 * 11
    assert all(len(title) <= 30 for title in titles)
    assert all(title[0].isupper() for title in titles)
    assert not any(FAMILIAR.search(title) for title in titles)


SCENE = {"place": "the Commons", "when": "this evening", "light": "the sky is turning gold"}


@pytest.mark.parametrize("arrive", parts.ARRIVE)
def test_a_way_of_arriving_names_the_place_and_the_time_and_claims_nothing_known(arrive):
    assert "{place}" in arrive
    assert ("{when}" in arrive) != ("{When}" in arrive)
    assert not FAMILIAR.search(arrive)


def test_an_opening_is_arriving_in_a_mood_then_the_light_and_the_valleys_answer():
    text = opening_composed(Chooser(5, SCENE))

    assert text.count(". ") == 1
    assert "the Commons" in text
    assert "this evening" in text.lower()
    assert "The sky is turning gold, and " in text
    assert text.endswith(".")


def test_a_story_of_composed_openings_repeats_no_run_of_eight_words():
    told: dict[str, int] = {}
    runs: list[tuple[str, ...]] = []
    for seed in range(len(parts.ARRIVE)):  # every way of arriving once, at one place
        choose = Chooser(seed, SCENE, told)
        words = opening_composed(choose).lower().split()
        runs += {tuple(words[n : n + 8]) for n in range(len(words) - 7)}
        for phrase in choose.told_in(" ".join(words)):
            told[phrase] = told.get(phrase, 0) + 1

    assert len(runs) == len(set(runs))


def test_a_stroll_is_two_scenes_in_one_paragraph_the_second_further_on():
    text = stroll_composed("evening", Chooser(11, {}), 0)

    assert "\n" not in text
    assert text.count(". ") == 3  # two scenes of two sentences
    assert any(f". {further} " in text for further in parts.FURTHER)
    assert sum(who.lower() in text.lower() for who in parts.WHO) == 2


def test_a_long_passages_strolls_use_no_part_twice_even_in_a_long_story():
    told: dict[str, int] = {}
    for seed in range(40):  # the story has told most meetings: still no part twice a beat
        choose = Chooser(seed, {}, told)
        text = " ".join(stroll_composed("evening", choose, n) for n in range(3))
        assert all(text.count(part) <= 1 for part in parts.DOING["evening"]), text
        for phrase in choose.told_in(text):
            told[phrase] = told.get(phrase, 0) + 1


def test_someone_the_hero_met_may_be_met_again_on_a_stroll_by_first_name():
    firsts = [stroll_composed("evening", Chooser(seed, {}), 0, ("Mira",)) for seed in range(40)]
    later = [stroll_composed("evening", Chooser(seed, {}), 1, ("Mira",)) for seed in range(40)]

    assert any(text.startswith("Mira ") for text in firsts)
    assert not any("Mira" in text for text in later)  # once a passage, on its first stroll


@pytest.mark.parametrize("part", [*PARTS, *parts.ARRIVE, *parts.FURTHER, *parts.MARKS])
def test_no_part_uses_a_framing_the_nudge_tone_check_bans(part):
    assert not nudge_tone_problem(part).startswith("banned framing")  # "behind the hay barn"


def test_colour_the_tone_check_reads_as_sad_is_composed_again(monkeypatch):
    first = stroll_composed("evening", Chooser(4, {}), 0)
    readings = iter(["reads as sadness", ""])
    monkeypatch.setattr("narrative.prose.composed.nudge_tone_problem", lambda text: next(readings))

    text = colour_kind("evening", Chooser(4, {}), 0, stroll=True)

    assert text != first
    assert text.count(". ") == 3  # still a stroll of two scenes


def test_real_strolls_pass_the_tone_check():
    told: dict[str, int] = {}
    for seed in range(30):
        choose = Chooser(seed, {}, told)
        text = colour_kind("evening", choose, 0, stroll=True)
        assert nudge_tone_problem(text) == "", text
        for phrase in choose.told_in(text):
            told[phrase] = told.get(phrase, 0) + 1


CAUSE = [*parts.CAUSE_LEAD, *parts.CAUSE_CORE, *parts.CAUSE_JOIN, *parts.CAUSE_END]


@pytest.mark.parametrize("part", CAUSE)
def test_each_part_of_a_mark_is_kind_and_claims_nothing_known(part):
    filled = part.format(at="the Commons")

    assert nudge_tone_problem(filled) == ""
    assert not FAMILIAR.search(filled)
    assert not UNKIND.search(filled)


@pytest.mark.parametrize("core", parts.CAUSE_CORE)
def test_a_core_of_a_mark_says_at_most_five_words_of_its_own(core):
    assert len(core.replace("{at}", "").split()) <= 5


def test_a_mark_in_parts_names_its_place_and_its_mark_as_one_sentence():
    text = cause_composed(Chooser(5, {}), "mark", at="the Orchard", event="a bird house for “Read”")

    assert "the Orchard" in text
    assert "a bird house for “Read”" in text
    assert text[0].isupper()
    assert text.endswith(".")


def test_a_long_story_of_marks_repeats_no_run_of_eight_words_but_the_places():
    told: dict[str, int] = {}
    runs: list[tuple[str, ...]] = []
    for seed in range(60):
        choose = Chooser(seed, {}, told)
        place = ("the Commons", "the Orchard", "the Arena")[seed % 3]
        text = cause_composed(choose, "mark", at=place, event=f"“mark {seed}”")
        for piece in re.split(r"“[^”]*”", text.lower()):  # no run spans a quote
            words = re.findall(r"[a-z']+", piece)
            runs += {tuple(words[n : n + 8]) for n in range(len(words) - 7)}
        for phrase in choose.told_in(text):
            told[phrase] = told.get(phrase, 0) + 1

    assert len(runs) == len(set(runs))


@pytest.mark.parametrize("clause", [c for part in parts.LIGHT_PARTS.values() for c in part])
def test_each_clause_of_a_light_is_short_kind_and_whole(clause):
    assert 2 <= len(clause.split()) <= 6
    assert "," not in clause
    assert nudge_tone_problem(f"{clause[:1].upper()}{clause[1:]}.") == ""


def test_a_light_in_parts_is_two_clauses_of_its_part_of_day():
    light = light_composed("night", Chooser(4, {}))

    first, then = light.split(", ")
    assert {first, then} <= set(parts.LIGHT_PARTS["night"])
    assert first != then


def test_a_long_story_of_nights_repeats_no_light_of_two_clauses_while_a_new_pair_is_left():
    told: dict[str, int] = {}
    lights = []
    for seed in range(40):
        choose = Chooser(seed, {}, told)
        lights.append(light_composed("night", choose))
        for phrase in choose.told_in(lights[-1]):
            told[phrase] = told.get(phrase, 0) + 1

    assert len(set(lights)) == len(lights)
