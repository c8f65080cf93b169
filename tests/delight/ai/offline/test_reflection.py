"""The person's words turned around: first and second person swapped."""

from __future__ import annotations

import pytest

from delight.ai.offline.reflection import reads_well, reflect, second_person, split_sentences


@pytest.mark.parametrize(
    ("fragment", "reflected"),
    [
        ("I am stuck on my thesis", "you are stuck on your thesis"),
        ("my boss ignores me", "your boss ignores you"),
        ("you are not listening to me", "I am not listening to you"),
        ("I was afraid of myself", "you were afraid of yourself"),
        ("you know my plan", "I know your plan"),
        ("my sister messaged me, then I cried", "your sister messaged you, then you cried"),
        ("i think id like to get back into it", "you think you'd like to get back into it"),
        ("i dont think ill have time", "you don't think you'll have time"),
        ("honestly i havent exercised since school", "you haven't exercised since school"),
        ("so its just me and the boys", "so it's just you and the boys"),
        (
            "mostly to meet people honestly, all my friends left",
            "mostly to meet people, all your friends left",
        ),
        ("i feel ill today", "you feel ill today"),
    ],
)
def test_reflection_swaps_first_and_second_person(fragment: str, reflected: str) -> None:
    assert reflect(fragment) == reflected


@pytest.mark.parametrize(
    ("fact", "spoken"),
    [
        ("Likes hiking", "you like hiking"),
        ("Works as a nurse", "you work as a nurse"),
        ("Does not like running", "you don't like running"),
        ("Is a morning person", "you are a morning person"),
        ("I love tea", "you love tea"),
        (
            "Always feels anxious when their boss shouts at them",
            "you always feel anxious when your boss shouts at you",
        ),
        ("Usually wakes up around 7", "you usually wake up around 7"),
        ("Their sister is called Ana", "your sister is called Ana"),
        ("Studies biology", "you study biology"),
        ("Goes to bed late", "you go to bed late"),
    ],
)
def test_facts_are_spoken_back_in_second_person(fact: str, spoken: str) -> None:
    assert second_person(fact) == spoken


def test_sentences_split_at_ends_and_where_a_new_i_clause_starts() -> None:
    assert split_sentences("I ran today. It rained, but I kept going!") == [
        "I ran today",
        "It rained",
        "I kept going",
    ]


@pytest.mark.parametrize(
    "fragment",
    ["your thesis", "run a marathon", "nobody listens to you", "call your parents every sunday"],
)
def test_a_short_single_clause_fragment_reads_well_echoed(fragment: str) -> None:
    assert reads_well(fragment)


@pytest.mark.parametrize(
    "fragment",
    [
        "get fit but idk where to start",
        "your exam tomorrow, can you help you plan",
        "your run again",
        "a lot better now",
        "in love you think",
        "your plants are thriving 🌱",
        "you",
        "",
        "one two three four five six seven eight nine ten eleven",
    ],
)
def test_a_fragment_that_would_read_badly_is_not_echoed(fragment: str) -> None:
    assert not reads_well(fragment)


def test_a_long_echo_is_cut_at_the_end_of_its_first_sentence():
    said = reflect(
        "honestly i just want to feel like me again. and have something thats only mine for once"
    )
    assert said == "you just want to feel like you again"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "my boss moved the deadline up again and now i have to redo the whole deck by friday",
            "your boss moved the deadline up again",
        ),
        (
            "i spent the whole weekend painting the spare room for my sister who is coming soon",
            "you spent the whole weekend painting the spare room for your sister",
        ),
    ],
)
def test_a_long_echo_without_a_sentence_end_is_cut_where_a_clause_ends(text, said):
    assert reflect(text) == said


def test_a_word_before_a_full_stop_is_reflected_and_the_next_sentence_starts_with_a_capital():
    said = reflect("Its the one thing that was just mine. i miss it")

    assert said == "It's the one thing that was just yours. You miss it"
