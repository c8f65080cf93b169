from __future__ import annotations

import datetime as dt

import pytest

from narrative.invariants import (
    HERO,
    Cause,
    Discover,
    FactState,
    Give,
    Introduce,
    Leave,
    Move,
    Use,
    World,
    check,
    violations,
)
from tests.narrative.factories import START, rules, started_world

LATER = START + dt.timedelta(hours=1)

# A person, an item held by the hero, an item lying at the Commons, a discovered Arena.
SETUP = [
    Introduce(place="commons", kind="person", key="mira"),
    Introduce(place="commons", kind="item", key="lantern", holder=HERO),
    Introduce(place="commons", kind="item", key="seed-pouch"),
    Discover(place="arena", key="arena"),
]


def world_after_setup() -> World:
    outcome = check(started_world(), SETUP, at=START, rules=rules())
    assert outcome.violations == []
    return outcome.world


@pytest.mark.parametrize(
    ("changes", "closed", "expected"),
    [
        # a place must exist and be discovered, and a zone be open
        ([Move(place="commons", who=HERO, to="atlantis")], (), 'no place "atlantis"'),
        ([Move(place="commons", who=HERO, to="orchard")], (), "has not been discovered"),
        ([Use(place="orchard", who=HERO, item="lantern")], (), "has not been discovered"),
        ([Move(place="commons", who=HERO, to="arena")], ("arena",), "The Arena is closed"),
        ([Use(place="arena", who=HERO, item="lantern")], ("arena",), "The Arena is closed"),
        ([Discover(place="commons", key="commons")], (), "already been discovered"),
        # nothing given or used that was never acquired
        ([Give(place="commons", giver="mira", item="lantern", to=HERO)], (), "never acquired"),
        ([Use(place="commons", who="mira", item="lantern")], (), "never acquired"),
        ([Give(place="arena", item="seed-pouch", to=HERO)], (), "not lying here"),
        # a person who left does not act
        (
            [
                Leave(place="commons", who="mira"),
                Move(place="commons", who="mira", to="arena"),
            ],
            (),
            "has left the story and cannot act",
        ),
        # no entity mentioned before it is introduced, nor introduced twice
        (
            [Give(place="commons", giver=HERO, item="lantern", to="tomas")],
            (),
            "Tomas the Trainer is mentioned before",
        ),
        ([Use(place="commons", who=HERO, item="star-map")], (), "The star map is mentioned before"),
        ([Introduce(place="commons", kind="person", key="mira")], (), "already in the story"),
        ([Introduce(place="commons", kind="place", key="x")], (), "not a kind of thing"),
        ([Introduce(place="commons", kind="person", key="orchard")], (), "is a place"),
        # an event never precedes its cause
        (
            [Cause(place="commons", key="festival", name="The festival", by="feast")],
            (),
            "cannot happen before its cause",
        ),
        (
            [
                Cause(place="commons", key="festival", name="The festival", by="feast"),
                Cause(place="commons", key="feast", name="The feast", by=HERO),
            ],
            (),
            "The festival cannot happen before its cause",
        ),
        # kinds
        ([Give(place="commons", giver=HERO, item="mira", to=HERO)], (), "is not an item"),
    ],
)
def test_each_rule_refuses_what_breaks_it_in_plain_words(changes, closed, expected):
    found = violations(world_after_setup(), changes, at=LATER, rules=rules(closed=closed))

    assert any(expected in problem for problem in found), found


@pytest.mark.parametrize(
    "changes",
    [
        [Give(place="commons", giver=HERO, item="lantern", to="mira")],
        [Give(place="commons", item="seed-pouch", to=HERO)],
        [Give(place="commons", giver=HERO, item="lantern", to="commons")],
        [Use(place="commons", who=HERO, item="lantern", used_up=True)],
        [Move(place="commons", who=HERO, to="arena"), Use(place="arena", who=HERO, item="lantern")],
        [Cause(place="commons", key="feast", name="The feast", by="mira")],
        [Leave(place="commons", who="mira")],
    ],
)
def test_changes_that_keep_the_rules_have_no_violation(changes):
    assert violations(world_after_setup(), changes, at=LATER, rules=rules()) == []


def test_a_scene_set_before_the_latest_moment_is_refused():
    found = violations(world_after_setup(), [], at=START - dt.timedelta(minutes=1), rules=rules())

    assert found == ["This scene is set before the latest moment of the story."]


def test_an_item_has_one_holder_or_place_even_if_the_world_given_says_otherwise():
    world = world_after_setup()
    world.facts.append(FactState("mira", "holds", "lantern", START))

    found = violations(world, [], at=LATER, rules=rules())

    assert found == [
        "A small lantern would be in 2 places at once; an item has one holder or place."
    ]


def test_giving_closes_the_old_holding_and_opens_the_new_one():
    outcome = check(
        world_after_setup(),
        [Give(place="commons", giver=HERO, item="lantern", to="mira")],
        at=LATER,
        rules=rules(),
    )

    assert [type(e).__name__ + repr(tuple(vars(e).values())) for e in outcome.effects] == [
        "Closed('hero', 'holds', 'lantern')",
        "Opened('mira', 'holds', 'lantern')",
    ]


def test_no_effect_is_returned_when_any_change_breaks_a_rule():
    outcome = check(
        world_after_setup(),
        [
            Give(place="commons", giver=HERO, item="lantern", to="mira"),
            Use(place="commons", who=HERO, item="lantern"),
        ],
        at=LATER,
        rules=rules(),
    )

    assert outcome.violations == ["You cannot use A small lantern: they never acquired it."]
    assert outcome.effects == []
