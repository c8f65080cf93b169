"""A loss told in a message (losses.py): who, named as Eliza would say it."""

from __future__ import annotations

import pytest

from delight.ai.offline.losses import loss_in


@pytest.mark.parametrize(
    ("text", "who", "name", "pet"),
    [
        ("My cat Pepper passed away last week", "your cat Pepper", "Pepper", True),
        ("my grandma died on sunday", "your grandma", "", False),
        ("we lost our dog Biscuit", "your dog Biscuit", "Biscuit", True),
        ("miso died this morning. the vet said it was his kidneys", "Miso", "Miso", False),
        ("we had to put our old dog down yesterday", "your old dog", "", True),
        ("the funeral of my uncle was today", "your uncle", "", False),
        ("my neighbour passed last night, peacefully", "your neighbour", "", False),
    ],
)
def test_a_death_is_found_with_who_died(text, who, name, pet):
    loss = loss_in(text)
    assert loss is not None
    assert (loss.who, loss.name, loss.pet) == (who, name, pet)


@pytest.mark.parametrize(
    "text",
    [
        "my daughter worries i live on toast since her mum died",
        "the patient in bed 4 died overnight",
        "i passed my driving test!!",
        "my phone died",
        "it died on me halfway through",
        "i almost died laughing",
        "my character died again in the game",
        "i lost my job",
    ],
)
def test_a_test_passed_a_thing_that_died_or_someone_elses_loss_is_no_loss_of_theirs(text):
    assert loss_in(text) is None
