"""A beat's words without a model: a passage's length whatever the facts, every planned move
told, the person's real progress quoted, kind for every kind, stable for one beat and
varied across beats."""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter

import pytest
from hypothesis import given, settings

from narrative.prose import (
    BEAT_KINDS,
    HERO,
    PARTS_OF_DAY,
    TITLE_MAX_CHARS,
    WORDS_MAX,
    WORDS_MIN,
    BeatText,
    Thing,
    beat_text_offline,
    familiarity_problem,
    length_problem,
    phrase_id,
    phrases,
    quoted_facts,
    tone_problem,
)
from narrative.prose.chooser import Chooser, fields_of
from narrative.prose.composed import titles_composed
from narrative.prose.grammar import COMPOSED_OPENINGS
from narrative.prose.naming import described_id, scene_words
from narrative.prose.parts import MOOD
from narrative.prose.parts import WHO as COLOUR_WHO
from narrative.scenario import DEFAULT_PATH
from nudges.words import nudge_tone_problem
from tests.narrative.prose.factories import (
    ARENA,
    LONG_TITLE,
    MIRA,
    MOVES,
    REFLECTION,
    TOMAS,
    beat_facts,
    make_bare_facts,
    make_facts,
)

SEEDS = range(25)


def _phrases_of(value: object) -> list[str]:
    """The phrases in one of the phrases' tables (a tuple, or a dict of tuples)."""
    options = value.values() if isinstance(value, dict) else [value]
    return [p for group in options if isinstance(group, tuple) for p in group if isinstance(p, str)]


ALL_PHRASES = sorted({phrase for table in vars(phrases).values() for phrase in _phrases_of(table)})
# Every fact a phrase may write, filled with plain words, to read each phrase on its own.
EVERY_FACT = dict.fromkeys({field for phrase in ALL_PHRASES for field in fields_of(phrase)}, "tea")
# The stock paragraphs of colour, for every part of day.
COLOUR = [*(text for texts in phrases.AMBIENT.values() for text in texts), *phrases.VALLEY]
UNKIND = re.compile(r"\b(?:miss(?:ed|ing)?|fail\w*|lost|lose|broke\w*|guilt\w*|away)\b", re.I)


def paragraphs(text: str) -> list[str]:
    return text.split("\n\n")


# -- the phrases ------------------------------------------------------------------------------


@pytest.mark.parametrize("phrase", ALL_PHRASES)
def test_every_phrase_filled_in_passes_the_nudge_tone_check(phrase):
    filled = Chooser(0, EVERY_FACT).fill(phrase)

    assert nudge_tone_problem(filled) == ""
    assert "{" not in filled


@pytest.mark.parametrize("kind", BEAT_KINDS)
def test_every_kind_has_words_that_need_nothing_but_the_scene(kind):
    scene = {"place", "when", "light", "act", "chapter", "hello", "category"}

    for table in (phrases.TITLES, phrases.OPENINGS, phrases.CLOSINGS, phrases.LEADS):
        assert sum(fields_of(phrase) <= scene for phrase in table[kind]) >= 2


# -- length -----------------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(facts=beat_facts)
def test_a_beat_is_always_a_passages_length_in_paragraphs(facts):
    beat = beat_text_offline(facts)

    assert WORDS_MIN <= len(beat.text.split()) <= WORDS_MAX
    assert all(part.strip() == part and part for part in paragraphs(beat.text))
    assert "\n" not in beat.text.replace("\n\n", "")
    assert not re.search(r"[{}]", beat.text)
    assert 0 < len(beat.title) <= TITLE_MAX_CHARS


@pytest.mark.parametrize("kind", BEAT_KINDS)
def test_a_beat_that_knows_nothing_but_its_scene_still_reads_as_a_passage(kind):
    for seed in SEEDS:
        beat = beat_text_offline(make_bare_facts(kind=kind, seed=seed))

        assert length_problem(beat.text) == ""
        assert len(paragraphs(beat.text)) >= 4


def test_a_beat_with_five_long_titles_many_moves_and_long_words_stays_within_the_limit():
    facts = make_facts(
        missions=(LONG_TITLE,) * 5,
        missions_count=12,
        goal_title=LONG_TITLE,
        reflection=" ".join([REFLECTION] * 25),
        moves=tuple(change for change, _ in MOVES.values())[:10],
        people=(MIRA, TOMAS),
    )

    for seed in SEEDS:
        beat = beat_text_offline(dataclasses.replace(facts, seed=seed))

        assert length_problem(beat.text) == ""
        assert f"“{LONG_TITLE}”" in beat.text


# -- the real facts ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", BEAT_KINDS)
def test_every_real_fact_is_quoted_as_it_is(kind):
    for seed in SEEDS:
        text = beat_text_offline(make_facts(kind=kind, seed=seed)).text

        assert "“Run 2 km before breakfast”" in text
        assert "“Stretch for ten minutes”" in text
        assert "7 days" in text
        assert "“Run a 5k by June”" in text
        assert f"“{REFLECTION}”" in text
        assert "“Twenty days unbroken”" in text
        assert "45 minutes" in text


@settings(max_examples=300, deadline=None)
@given(facts=beat_facts)
def test_a_beat_quotes_at_least_one_real_fact_whenever_there_is_one(facts):
    text = beat_text_offline(facts).text

    assert bool(quoted_facts(facts, text)) == bool(facts.cited())


def test_more_missions_than_titles_are_counted_after_the_titles():
    facts = make_facts(missions=("Run 2 km",), missions_count=4)

    assert "“Run 2 km” and 3 more" in beat_text_offline(facts).text


def test_a_streak_of_one_day_is_its_first_stone():
    text = beat_text_offline(make_facts(streak_days=1, seed=3)).text

    assert "day 1" in text.lower()
    assert "1 days" not in text


def test_with_nothing_to_count_a_beat_says_so_kindly_and_counts_nothing():
    for seed in SEEDS:
        text = beat_text_offline(make_bare_facts(kind="quiet_week", seed=seed)).text

        assert not re.search(r"\d", text)
        assert any(line in text for line in phrases.NOTHING_TO_COUNT["rest"])


# -- the moves --------------------------------------------------------------------------------


@pytest.mark.parametrize("shape", list(MOVES))
def test_every_planned_move_is_told_with_the_names_it_moves(shape):
    change, names = MOVES[shape]

    for seed in SEEDS:
        text = beat_text_offline(make_facts(moves=(change,), seed=seed)).text.lower()

        assert all(name.lower() in text for name in names), (seed, text)


def test_the_moves_are_told_in_their_planned_order():
    moves = (
        MOVES["discover"][0],
        MOVES["introduce a person"][0],
        MOVES["someone gives the hero an item"][0],
        MOVES["someone leaves"][0],
    )
    for seed in SEEDS:
        text = beat_text_offline(make_facts(moves=moves, people=(), seed=seed)).text

        told = [text.find(name) for name in ("Arena", "Tomas the Trainer", "star map")]
        assert -1 not in told
        assert told == sorted(told)


def test_a_thing_met_in_the_scene_is_described_from_the_scenario():
    moves = (MOVES["discover"][0], MOVES["introduce a person"][0])

    text = beat_text_offline(make_facts(place=ARENA, moves=moves, people=(TOMAS,))).text

    assert "open ring of sand and stone where bodies train" in text
    assert "patient coach who cheers the first lap" in text


# -- the scene --------------------------------------------------------------------------------


def test_a_chapter_that_opens_sets_the_scene_with_its_description():
    for seed in SEEDS:
        text = beat_text_offline(make_facts(chapter_opens=True, seed=seed)).text

        assert "The First Spark" in paragraphs(text)[0]
        assert "In the Arena, a small effort makes a small light." in paragraphs(text)[0]


@pytest.mark.parametrize("part", PARTS_OF_DAY)
def test_the_part_of_day_colours_the_opening(part):
    for seed in SEEDS:
        text = beat_text_offline(make_facts(part_of_day=part, seed=seed)).text.lower()

        assert any(light in text for light in phrases.LIGHT[part])


def test_a_side_chapter_opens_with_the_choice_made():
    for seed in SEEDS:
        text = beat_text_offline(
            make_facts(kind="side", choice_label="A morning in the Orchard", seed=seed)
        ).text

        assert "“A morning in the Orchard”" in paragraphs(text)[0]


def test_a_side_chapter_is_titled_by_the_time_spent_never_by_the_offer():
    titles = {
        beat_text_offline(
            make_facts(kind="side", choice_label="Spend an evening with Mira", seed=seed)
        ).title
        for seed in SEEDS
    }

    assert "An evening with Mira" in titles
    assert not any(title.startswith("Spend") for title in titles)


def test_a_side_chapters_event_is_told_as_time_spent_not_a_thing_that_appears():
    event = {"op": "cause", "place": "commons", "key": "beat-9", "by": HERO,
             "name": "An evening with Mira"}  # fmt: skip
    for seed in SEEDS:
        text = beat_text_offline(make_facts(kind="side", moves=(event,), seed=seed)).text

        assert "n evening with Mira" in text
        assert "something new is here" not in text


def test_a_gift_is_remembered_when_its_keeper_is_here_again_then_left_be():
    kept = (("Tomas the Trainer", "A small lantern"),)
    told: Counter[str] = Counter()
    tellings = []
    for seed in range(4):
        beat = beat_text_offline(make_facts(seed=seed, gifts_kept=kept, told=dict(told), **BARE))
        told.update(beat.told)
        tellings.append("the small lantern" in beat.text.lower())

    assert tellings == [True, True, False, False]


def test_the_marks_earlier_work_left_here_are_each_recalled_once():
    marks = ("A sapling for “Read 20 pages”", "A wind chime for “Stretch”")
    told: Counter[str] = Counter()
    texts = []
    for seed in range(3):
        beat = beat_text_offline(make_facts(seed=seed, marks_here=marks, told=dict(told), **BARE))
        told.update(beat.told)
        texts.append(beat.text)

    assert "the sapling for “Read 20 pages” and the wind chime for “Stretch”" in texts[0]
    assert not any("sapling" in text or "wind chime" in text for text in texts[1:])


def test_a_side_chapters_host_is_not_listed_as_company_too():
    for seed in SEEDS:
        facts = make_facts(kind="side", host="mira", people=(MIRA,), seed=seed, **BARE_MOVES)
        text = beat_text_offline(facts).text

        assert "company is here too" not in text
        assert "With you at" not in text


def test_people_met_before_go_about_their_evening_in_a_long_storys_colour():
    beats = _a_story(12, people=(MIRA,), **BARE_MOVES)
    colour = [p for beat in beats for p in paragraphs(beat.text) if p.startswith("Mira ")]

    assert colour  # "Mira sets a lantern on a garden wall by the old well. …"
    assert all("Mira the Lamplighter" not in p for p in colour)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_goals_the_missions_were_for_are_told_after_them(seed):
    facts = make_facts(seed=seed, goals_towards=("Run a 5k by spring", "Read more"))

    text = beat_text_offline(facts).text

    assert "“Run a 5k by spring” and “Read more”" in text
    assert text.index("“Read more”") > text.index("Run 2 km")  # after the missions


def test_the_title_is_never_the_last_beats_title():
    for seed in SEEDS:
        first = beat_text_offline(make_facts(seed=seed))
        second = beat_text_offline(make_facts(seed=seed, previous_title=first.title))

        assert second.title != first.title


# -- tone -------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", BEAT_KINDS)
def test_every_kind_passes_the_nudge_tone_check_paragraph_by_paragraph(kind):
    for seed in SEEDS:
        for facts in (make_facts(kind=kind, seed=seed), make_bare_facts(kind=kind, seed=seed)):
            beat = beat_text_offline(facts)

            assert nudge_tone_problem(beat.title) == ""
            assert [nudge_tone_problem(part) for part in paragraphs(beat.text)] == [""] * len(
                paragraphs(beat.text)
            ), beat.text


@settings(max_examples=300, deadline=None)
@given(facts=beat_facts)
def test_a_beat_is_kind_whatever_the_facts(facts):
    assert tone_problem(facts, beat_text_offline(facts).text) == ""


@pytest.mark.parametrize("kind", ["quiet_week", "comeback"])
def test_a_quiet_week_or_a_return_welcomes_and_never_counts_what_did_not_happen(kind):
    for seed in SEEDS:
        for facts in (make_facts(kind=kind, seed=seed), make_bare_facts(kind=kind, seed=seed)):
            beat = beat_text_offline(facts)

            assert not UNKIND.search(f"{beat.title} {beat.text}")
            assert not re.search(r"\d+ (?:days?|weeks?) (?:away|ago|since|off)", beat.text)


# -- variety and stability ------------------------------------------------------------------


@pytest.mark.parametrize("kind", BEAT_KINDS)
def test_different_beats_read_differently(kind):
    beats = [beat_text_offline(make_facts(kind=kind, seed=seed)) for seed in range(20)]

    assert len({beat.text for beat in beats}) >= 18
    assert len({beat.title for beat in beats}) >= 3
    assert len({paragraphs(beat.text)[0] for beat in beats}) >= 8


def test_one_beat_always_reads_the_same():
    facts = make_facts(seed=123456789)

    assert beat_text_offline(facts) == beat_text_offline(facts)
    assert beat_text_offline(facts).source == "offline"


def test_one_beat_never_uses_the_same_phrase_for_two_moves():
    moves = (MOVES["someone moves"][0],) * 3

    text = beat_text_offline(make_facts(moves=moves, seed=5)).text

    sentences = [s for s in re.split(r"(?<=\.) ", text) if "Mira the Lamplighter" in s]
    assert len(set(sentences)) == len(sentences)


def test_a_kind_that_is_not_a_beats_is_refused_by_name():
    with pytest.raises(ValueError, match="'saga'"):
        beat_text_offline(make_facts(kind="saga"))


def _a_story(count: int, **fields: object) -> list[BeatText]:
    """`count` beats in a row, each told knowing what the ones before it told."""
    told: Counter[str] = Counter()
    beats = []
    for seed in range(count):
        beat = beat_text_offline(make_facts(seed=seed, told=dict(told), **fields))
        told.update(beat.told)
        beats.append(beat)
    return beats


BARE = dict(people=(), items_held=(), moves=(), missions=(), missions_count=0, minutes=0)
BARE_MOVES = dict(items_held=(), moves=(), missions=(), missions_count=0, minutes=0)


def composed(opening: str) -> bool:
    """Whether an opening is composed of parts (each has a mood of parts.MOOD)."""
    return any(f" {mood}. " in opening for mood in MOOD)


@pytest.mark.parametrize("kind", BEAT_KINDS)
def test_a_story_tells_each_stock_paragraph_once_then_composes_its_colour(kind):
    beats = _a_story(12, kind=kind, **BARE)

    told = [p for beat in beats for p in paragraphs(beat.text)]
    stock = [p for p in told if p in COLOUR]
    composed = [p for p in told if p.startswith(COLOUR_WHO)]
    assert len(stock) == len(set(stock))  # bare beats live on colour: no stock one twice
    assert composed  # then they compose it
    assert len(composed) == len(set(composed))
    assert all(length_problem(beat.text) == "" for beat in beats)


@pytest.mark.parametrize("kind", BEAT_KINDS)
def test_a_story_tells_every_title_of_a_kind_before_any_twice(kind):
    awake = Chooser(0, scene_words(make_facts(kind=kind))).awake(phrases.TITLES[kind])
    titles = [beat.title for beat in _a_story(len(awake), kind=kind)]

    assert len(set(titles)) == len(titles)


def test_a_kind_whose_titles_were_all_told_takes_a_two_part_title_never_told():
    titles = [beat.title for beat in _a_story(20, kind="milestone")]

    assert len(set(titles)) == len(titles)
    assert set(titles) & set(titles_composed())


@pytest.mark.parametrize("kind", sorted(COMPOSED_OPENINGS))
def test_a_kind_told_often_composes_its_openings_once_its_own_were_all_told(kind):
    own = len(phrases.OPENINGS[kind])
    openings = [paragraphs(beat.text)[0] for beat in _a_story(own + 6, kind=kind)]

    assert len(set(openings)) == len(openings)
    assert all(map(composed, openings[own:]))
    assert not any(map(composed, openings[:own]))


def test_the_last_pages_title_is_recalled_once_a_way_not_in_every_passage():
    beats = _a_story(8, previous_title="A Lantern Lit", **BARE)

    recalled = [n for n, beat in enumerate(beats) if "A Lantern Lit" in beat.text]
    assert recalled == list(range(len(phrases.PREVIOUS)))  # each way once, then never


def test_a_long_story_that_told_all_its_colour_still_writes_a_passages_length():
    told = {phrase_id(text): 1 for text in COLOUR}
    bare = make_bare_facts(told=told)

    text = beat_text_offline(bare)

    assert length_problem(text.text) == ""


def test_a_beat_remembers_what_it_said_and_nothing_it_left_out():
    beat = beat_text_offline(make_facts())

    said = {phrase_id(p) for p in paragraphs(beat.text)}
    left_out = {text for text in COLOUR if text not in beat.text}
    assert phrase_id(beat.title) in beat.told
    assert {phrase_id(text) for text in left_out}.isdisjoint(beat.told)
    assert said & set(beat.told)  # its colour paragraphs, told word for word


@pytest.mark.parametrize("seed", SEEDS)
def test_a_person_met_is_described_by_their_first_name_not_named_twice_over(seed):
    meets_mira = {"op": "introduce", "place": "commons", "kind": "person", "key": "mira"}
    facts = make_facts(seed=seed, moves=(meets_mira,), people=(MIRA,))

    text = beat_text_offline(facts).text

    assert "Mira keeps the valley's lanterns" in text
    assert "Mira the Lamplighter. Mira the Lamplighter" not in text


@pytest.mark.parametrize("seed", SEEDS)
def test_a_thing_described_before_in_the_story_is_not_described_again(seed):
    told = {phrase_id(described_id(key)): 1 for key in ("lantern", "mira", "commons")}

    text = beat_text_offline(make_facts(seed=seed, told=told)).text.lower()

    assert "glows a little brighter each day you show up" not in text
    assert "keeps the valley's lanterns" not in text
    assert "a warm square with long tables" not in text


def test_a_beat_remembers_each_thing_it_described():
    beat = beat_text_offline(make_facts(moves=(MOVES["discover"][0],), place=ARENA))

    assert "open ring of sand and stone" in beat.text
    assert phrase_id(described_id("arena")) in beat.told


@pytest.mark.parametrize("seed", SEEDS)
def test_an_event_that_appears_is_told_as_a_thing_that_is_there(seed):
    quest = {
        "op": "cause", "place": "commons", "key": "beat-9", "by": HERO,
        "name": "A door to the quest “Twenty days unbroken”",
    }  # fmt: skip

    text = beat_text_offline(make_facts(seed=seed, moves=(quest,))).text

    assert "a door to the quest “Twenty days unbroken”" in text
    assert "comes to pass" not in text
    assert "” found" not in text


SCENARIO = json.loads(DEFAULT_PATH.read_text())


@pytest.mark.parametrize("kind", BEAT_KINDS)
@pytest.mark.parametrize("place", SCENARIO["places"], ids=lambda place: place["key"])
def test_a_place_discovered_in_the_scene_is_never_told_as_familiar(kind, place):
    thing = Thing(place["key"], place["name"], place["description"])
    discovered = {"op": "discover", "place": thing.key, "key": thing.key}
    for seed in SEEDS:
        facts = make_facts(kind=kind, seed=seed, place=thing, moves=(discovered,))

        text = beat_text_offline(facts).text

        assert familiarity_problem(facts, text) == ""


@pytest.mark.parametrize("seed", SEEDS)
def test_a_side_chapter_has_its_host_speak_of_the_heros_real_progress(seed):
    facts = make_facts(kind="side", seed=seed, host="mira", choice_label="Spend an evening")

    text = beat_text_offline(facts).text

    exchange = next(p for p in paragraphs(text) if "Mira" in p and "”" in p)
    assert "Mira says" in exchange


def test_a_scenarios_own_line_for_the_host_is_told_first():
    own = "{Host} hands you a taper. “That one is for {progress},” {host} says."
    facts = make_facts(kind="side", host="mira", host_lines=(own,), choice_label="An evening")

    text = beat_text_offline(facts).text

    assert (
        "Mira hands you a taper. “That one is for \N{LEFT SINGLE QUOTATION MARK}Run 2 km before "
        "breakfast\N{RIGHT SINGLE QUOTATION MARK},” Mira says." in text
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_the_habits_kept_are_told_with_their_days(seed):
    facts = make_facts(seed=seed, habits=("Morning walk", "Read"), habit_days=(5, 1))

    text = beat_text_offline(facts).text

    assert "“Morning walk” on 5 days and “Read” on 1 day" in text
    assert "habits" in quoted_facts(facts, text)


@pytest.mark.parametrize("seed", SEEDS)
def test_habits_each_kept_on_one_day_are_told_without_counting_days(seed):
    facts = make_facts(seed=seed, habits=("Morning walk", "Read"), habit_days=(1, 1))

    text = beat_text_offline(facts).text

    assert "“Morning walk” and “Read”" in text
    assert "1 day" not in text
    assert "habits" in quoted_facts(facts, text)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_same_company_and_the_same_pack_are_not_listed_again_in_a_story(seed):
    quiet = dict(moves=(), missions=(), missions_count=0, minutes=0, reflection="")
    first = beat_text_offline(make_facts(seed=seed, **quiet))
    told = dict.fromkeys(first.told, 1)

    later = beat_text_offline(make_facts(seed=seed + 100, told=told, **quiet)).text.lower()

    listed = [p for p in paragraphs(first.text.lower()) if "mira the lamplighter" in p]
    assert listed  # the first beat lists who is here
    assert "mira the lamplighter" not in later
    assert "small lantern" not in later


def test_a_milestone_may_take_its_title_from_the_persons_own_mission():
    told = {phrase_id(title): 1 for title in phrases.TITLES["milestone"] if "{" not in title}

    titles = {
        beat_text_offline(make_facts(seed=seed, told=told, missions=("Run 2 km",))).title
        for seed in SEEDS
    }

    assert titles & {"For “Run 2 km”", "The Day of “Run 2 km”", "After “Run 2 km”"}


def test_a_title_that_quotes_is_not_quoted_again_as_the_last_pages():
    for seed in SEEDS:
        text = beat_text_offline(make_facts(seed=seed, previous_title="The Day of “Call Sam”")).text

        assert "““" not in text
        assert "“The Day of" not in text


def test_a_mark_of_the_heros_work_is_composed_of_parts_once_its_lines_were_all_told():
    mark = {"op": "cause", "place": "commons", "key": "box", "by": HERO, "name": "A flower box"}
    words = {"at": "the Commons", "by": "you", "by_poss": "your", "event": "a flower box"}
    stock = [Chooser(0, words).fill(line) for line in phrases.MOVES["cause"]]
    told = {phrase_id(line): 1 for line in phrases.MOVES["cause"]}

    for seed in SEEDS:
        fresh = beat_text_offline(make_facts(seed=seed, moves=(mark,))).text
        later = beat_text_offline(make_facts(seed=seed, moves=(mark,), told=told)).text

        assert sum(line in fresh for line in stock) == 1
        assert not any(line in later for line in stock)
        assert "a flower box" in later


def test_a_title_that_quotes_another_is_set_in_single_quotes_inside():
    title = "Ease back in: ten easy minutes for “Run a 5k”"
    inner = "\N{LEFT SINGLE QUOTATION MARK}Run a 5k\N{RIGHT SINGLE QUOTATION MARK}"

    for seed in SEEDS:
        text = beat_text_offline(make_facts(seed=seed, missions=(title,))).text

        assert f"“Ease back in: ten easy minutes for {inner}”" in text
        assert "“Run a 5k”" not in text.replace("“Run a 5k by June”", "")


@pytest.mark.parametrize("phrase", [p for table in phrases.MOVES.values() for p in table])
def test_a_move_told_of_the_hero_never_ends_on_a_bare_your(phrase):
    filled = Chooser(0, EVERY_FACT).fill(phrase, by="you", by_poss="your", who="you")

    assert not re.search(r"\byour[.,!?]", filled)
