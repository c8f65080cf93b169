"""A loss told in a message (losses.py): who, named as Eliza would say it."""

from __future__ import annotations

import pytest

from delight.ai.offline.losses import grief_in, loss_in


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


@pytest.mark.parametrize(
    ("text", "who", "name"),
    [
        ("had to have bramble put down this morning", "Bramble", "Bramble"),
        ("we had to get our dog Rex put to sleep", "your dog Rex", "Rex"),
    ],
)
def test_a_pet_put_down_is_a_pets_loss_whatever_the_case_of_its_name(text, who, name):
    loss = loss_in(text)
    assert loss is not None
    assert (loss.who, loss.name, loss.pet) == (who, name, True)


@pytest.mark.parametrize("text", ["had to have him put down", "had to have the car put down"])
def test_put_down_without_a_name_of_theirs_is_no_loss_to_name(text):
    assert loss_in(text) is None


@pytest.mark.parametrize(
    ("text", "grief"),
    [
        ("It would have been our 48th anniversary today.", True),
        ("first christmas without her and the house is so quiet", True),
        ("i miss him so much", True),
        ("My cat Pepper passed away last week", True),
        ("our anniversary is next week, booked a table", False),
        ("i miss running so much", False),
    ],
)
def test_grief_is_a_loss_told_or_someone_gone_remembered(text, grief):
    assert grief_in(text) is grief
