"""A laugh or a groan at the joke she has just told, and another one asked for."""

from __future__ import annotations

import pytest

from companion.turn.asides import BACK, GROANED, LAUGHED
from delight.ai.offline.rules.words import JOKES
from tests.companion.factories import say

pytestmark = pytest.mark.django_db


def test_a_groan_at_her_joke_is_a_reaction_and_another_is_a_new_joke(owner):
    joke = say(owner, "can you tell me a joke")
    assert joke["reply"] in JOKES

    groan = say(owner, "lol terrible", joke)
    another = say(owner, "another one", groan)

    assert groan["reply"] == GROANED.format(n=", Olivia")
    assert another["reply"] in JOKES
    assert another["reply"] != joke["reply"]


def test_a_groan_said_in_a_few_more_words_is_still_a_reaction(owner):
    joke = say(owner, "can u tell me a joke")

    groan = say(owner, "ok that was terrible i love it", joke)

    assert groan["reply"] == GROANED.format(n=", Olivia")


def test_a_laugh_then_back_to_the_day(owner):
    joke = say(owner, "tell me a joke")
    laugh = say(owner, "haha good one", joke)
    back = say(owner, "nah lets get back to it", laugh)

    assert laugh["reply"] == LAUGHED.format(n=", Olivia")
    assert back["reply"] == BACK.format(n=", Olivia")


def test_a_laugh_with_no_joke_before_it_is_answered_as_itself(owner):
    said = say(owner, "lol terrible")

    assert said["reply"] not in (GROANED.format(n=", Olivia"), LAUGHED.format(n=", Olivia"))
