"""What any beat's words must be: a passage's length, kind in the narrator's own words, and
quoting the person's real progress."""

from __future__ import annotations

import pytest

from narrative.prose import (
    WORDS_MAX,
    WORDS_MIN,
    Thing,
    familiarity_problem,
    length_problem,
    narrator_sentences,
    quoted_facts,
    told_again,
    tone_problem,
)
from nudges.words import nudge_tone_problem
from tests.narrative.prose.factories import REFLECTION, make_bare_facts, make_facts


def words(count: int) -> str:
    return " ".join(["tea"] * count)


@pytest.mark.parametrize(
    ("count", "slack", "problem"),
    [
        (WORDS_MIN, 0.0, ""),
        (WORDS_MAX, 0.0, ""),
        (WORDS_MIN - 1, 0.0, "too short"),
        (WORDS_MAX + 1, 0.0, "too long"),
        (WORDS_MIN - 20, 0.1, ""),
        (WORDS_MAX + 40, 0.1, ""),
        (WORDS_MIN - 21, 0.1, "too short"),
        (WORDS_MAX + 41, 0.1, "too long"),
    ],
)
def test_a_beats_length_is_a_passages(count, slack, problem):
    assert length_problem(words(count), slack=slack) == problem


def test_each_real_fact_counts_as_quoted_when_it_is_there_verbatim():
    facts = make_facts()
    text = (
        "You finished “stretch for ten minutes”: 7 days now. “Run a 5k by June” is done, and "
        "you wrote “It felt easier than I expected, and then…” in “Twenty days unbroken”."
    )

    assert quoted_facts(facts, text) == [
        "missions",
        "streak_days",
        "goal_title",
        "reflection",
        "quest_title",
    ]


def test_words_near_the_facts_are_no_quote():
    facts = make_facts()
    text = "You ran before breakfast for 17 days, and a 5k is close. It felt easy."

    assert quoted_facts(facts, text) == []


def test_a_beat_with_no_facts_quotes_none():
    assert quoted_facts(make_bare_facts(), f"7 days. {REFLECTION}") == []


def test_the_narrators_harsh_framing_is_found_in_any_paragraph():
    facts = make_facts()
    text = "The lanterns glow warmly.\n\nYou missed “Run 2 km before breakfast” again."

    assert tone_problem(facts, text) == "banned framing “You missed”"


def test_the_persons_and_the_scenarios_own_words_are_not_the_narrators_tone():
    facts = make_facts(
        missions=("Stop ignoring the inbox",),
        reflection="I was so scared and sad and afraid, but I did it anyway and it felt fine.",
        names={"river": "The River Crossing"},
    )
    paragraphs = [
        "You finished “Stop ignoring the inbox”.",
        "You wrote: “I was so scared and sad and afraid, but I did it anyway…”",
        "The River Crossing, the River Crossing, the River Crossing.",
    ]

    assert [nudge_tone_problem(paragraph) != "" for paragraph in paragraphs] == [True] * 3
    assert tone_problem(facts, "\n\n".join(paragraphs)) == ""


OBSERVATORY = Thing("observatory", "The Observatory", "A quiet dome on the hill.")
DISCOVERED = {"op": "discover", "place": "observatory", "key": "observatory"}
KNOWN = make_facts(place=OBSERVATORY, moves=())
NEW = make_facts(place=OBSERVATORY, moves=(DISCOVERED,))
# The passage a person read (issue 35): familiar and new at once about one place.
TOLD_BOTH = (
    "You come to the Observatory this evening expecting the usual, and find something new. "
    "You step into the Observatory for the very first time, and your map grows a little."
)


def test_a_place_told_as_familiar_and_new_at_once_is_refused():
    problem = familiarity_problem(KNOWN, TOLD_BOTH)

    assert "expecting the usual" in problem


def test_a_place_new_to_the_hero_told_as_familiar_is_refused():
    text = "The Observatory greets you like an old friend this evening."

    assert familiarity_problem(NEW, text)
    assert familiarity_problem(KNOWN, text) == ""


def test_familiar_words_about_something_else_are_no_claim_about_the_place():
    text = "You step into the Observatory for the first time. Mira waves: see you again soon."

    assert familiarity_problem(NEW, text) == ""


def test_the_scenarios_own_words_and_quoted_words_are_no_claim_of_the_narrators():
    summit = Thing(
        "summit", "The Summit", "The hilltop where the old beacon waits to be lit again."
    )
    facts = make_facts(
        place=summit, moves=({"op": "discover", "place": "summit", "key": "summit"},)
    )
    text = (
        "You reach the Summit for the first time. The Summit is the hilltop where the old "
        "beacon waits to be lit again. “The Summit again, at last,” Mira says."
    )

    assert familiarity_problem(facts, text) == ""


def test_the_narrators_sentences_leave_out_quotes_and_short_ones():
    text = (
        "You finished “Run 2 km before breakfast” and the whole valley can tell. Well done!\n\n"
        "Mira smiles. “You ran this morning, I think, and it shows,” she says to the crowd."
    )

    assert narrator_sentences(text) == ["You finished and the whole valley can tell."]


def test_a_sentence_the_story_told_lately_is_told_again_whatever_its_spacing_and_case():
    facts = make_facts(sentences_told=("A fox trots across the road, and all is well.",))

    again = told_again(facts, "Night falls.  a fox trots across the road,  and all is well.")

    assert again == "a fox trots across the road, and all is well."
    assert told_again(facts, "A fox trots across the lane, and all is well.") == ""


def test_their_own_notes_are_theirs_and_not_the_narrators_tone():
    notes = "i was so sad and tired and everything hurt today"
    facts = make_facts(notes=notes)

    assert tone_problem(facts, f"Along the way you noted: “{notes}”.") == ""
    assert tone_problem(make_facts(), f"The narrator says: {notes}.") != ""
