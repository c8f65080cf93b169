"""The person's words turned around: first and second person swapped."""

from __future__ import annotations

import pytest

from delight.ai.offline.reflection import reflect, second_person, split_sentences


@pytest.mark.parametrize(
    ("fragment", "reflected"),
    [
        ("I am stuck on my thesis", "you are stuck on your thesis"),
        ("my boss ignores me", "your boss ignores you"),
        ("you are not listening to me", "I am not listening to you"),
        ("I was afraid of myself", "you were afraid of yourself"),
        ("you know my plan", "I know your plan"),
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
