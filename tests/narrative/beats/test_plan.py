"""The scene a beat plays: its chapter, its place and world changes that keep the rules."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from narrative.beats.plan import CHAPTER_BEATS, Position, chapters, position_next, scene_plan
from narrative.invariants import HERO, HOLDS, Cause, Discover, Give, Introduce, Move, check
from narrative.models import BeatKind
from narrative.scenario import scenario_default
from tests.narrative.factories import START, rules, started_world

DATA = scenario_default()


def plan(
    world,
    *,
    kind=BeatKind.MILESTONE,
    position=None,
    closed=(),
    beat_id=1,
    at=None,
    host=None,
    gift=None,
):
    return scene_plan(
        world=world,
        rules=rules(closed=closed),
        data=DATA,
        position=position or Position(1, 1, opens=True),
        kind=kind,
        at=at or START + dt.timedelta(hours=1),
        beat_id=beat_id,
        event_name="A lantern for “Run 2 km”",
        host=host,
        gift=gift,
    )


def test_the_first_beat_opens_the_first_chapter():
    assert position_next(DATA, act=1, chapter=1, in_chapter=0, first=True) == Position(
        1, 1, opens=True
    )


def test_a_full_chapter_moves_the_story_on_and_says_which_it_finished():
    moved = position_next(DATA, act=1, chapter=3, in_chapter=CHAPTER_BEATS, first=False)

    assert moved == Position(2, 1, opens=True, finished=(1, 3))
    assert position_next(DATA, act=1, chapter=3, in_chapter=1, first=False) == Position(
        1, 3, opens=False
    )


def test_the_last_chapter_goes_on_as_long_as_the_story_does():
    last = chapters(DATA)[-1]

    assert position_next(DATA, act=last[0], chapter=last[1], in_chapter=9, first=False) == (
        Position(*last, opens=False)
    )


def test_the_opening_scene_meets_the_lamplighter_and_finds_the_lantern():
    scene = plan(started_world(), kind=BeatKind.OPENING)

    assert scene.place == "commons"
    assert scene.moves == (
        Introduce(place="commons", kind="person", key="mira", name="Mira the Lamplighter"),
        Introduce(place="commons", kind="item", key="lantern", name="A small lantern", holder=HERO),
        Cause(place="commons", key="beat-1", by=HERO, name="A lantern for “Run 2 km”"),
    )
    assert scene.people == ("mira",)
    assert scene.choice == {
        "key": "choice:1",
        "label": "Spend an evening with Mira the Lamplighter",
        "cost": 20,
        "host": "mira",
        "told": "An evening with Mira the Lamplighter",
    }
    outcome = check(started_world(), scene.moves, at=START + dt.timedelta(hours=1), rules=rules())
    assert outcome.violations == []
    assert any(f.relation == HOLDS and f.object == "lantern" for f in outcome.world.facts)


def test_a_new_chapter_discovers_its_place_and_goes_there():
    scene = plan(started_world(), position=Position(1, 3, opens=True))

    assert scene.place == "observatory"
    assert scene.moves[:2] == (
        Discover(place="observatory", key="observatory"),
        Move(place="observatory", who=HERO, to="observatory"),
    )


def test_a_closed_zone_is_passed_over_for_an_open_place():
    scene = plan(started_world(), position=Position(1, 2, opens=True), closed=("arena",))

    assert scene.place == "commons"


def test_a_quiet_week_finds_nothing_and_a_side_chapter_offers_nothing():
    quiet = plan(started_world(), kind=BeatKind.QUIET_WEEK)
    side = plan(started_world(), kind=BeatKind.SIDE)

    assert not [m for m in quiet.moves if isinstance(m, Introduce) and m.kind == "item"]
    assert side.choice is None


def test_only_a_chapters_first_scene_offers_a_side_chapter():
    assert plan(started_world(), position=Position(1, 1, opens=False)).choice is None


def test_a_side_chapter_happens_at_its_hosts_home():
    world = started_world()
    for hour, position in enumerate([Position(1, 1, opens=True), Position(1, 3, opens=True)]):
        at = START + dt.timedelta(hours=hour + 1)
        scene = plan(world, position=position, at=at, beat_id=hour + 1)
        world = check(world, scene.moves, at=at, rules=rules()).world

    side = plan(
        world,
        kind=BeatKind.SIDE,
        position=Position(1, 3, opens=False),
        at=START + dt.timedelta(hours=3),
        beat_id=3,
        host="mira",
    )

    assert side.place == "commons"
    assert side.moves[0] == Move(place="commons", who=HERO, to="commons")


def _lantern_carried_to_the_arena():
    """The hero found the small lantern at the Commons, then went on to the Arena."""
    at = START + dt.timedelta(hours=1)
    world = check(started_world(), plan(started_world(), at=at).moves, at=at, rules=rules()).world
    arena = Position(1, 2, opens=True)
    return world, arena


def test_a_chapter_offers_a_gift_of_what_the_hero_carries_from_elsewhere_or_an_evening():
    world, arena = _lantern_carried_to_the_arena()
    offers = [
        plan(world, position=arena, beat_id=n, at=START + dt.timedelta(hours=2)).choice
        for n in range(2, 12)
    ]

    gifts = [offer for offer in offers if "item" in offer]
    evenings = [offer for offer in offers if "item" not in offer]
    assert gifts
    assert evenings
    assert gifts[0]["label"] == "Give your small lantern to Tomas the Trainer"
    assert (gifts[0]["item"], gifts[0]["cost"], gifts[0]["told"]) == (
        "lantern", 10, "A gift for Tomas the Trainer"
    )  # fmt: skip
    assert evenings[0]["told"] == "An evening with Tomas the Trainer"


def test_nothing_is_offered_as_a_gift_to_the_person_of_the_place_it_came_from():
    at = START + dt.timedelta(hours=1)
    world = check(started_world(), plan(started_world(), at=at).moves, at=at, rules=rules()).world

    offers = [plan(world, beat_id=n, at=at).choice for n in range(2, 12)]

    assert not [offer for offer in offers if "item" in offer]


def test_a_gift_bought_is_given_to_its_host_and_they_hold_it_after():
    world, arena = _lantern_carried_to_the_arena()
    at = START + dt.timedelta(hours=2)
    world = check(
        world, plan(world, position=arena, beat_id=2, at=at).moves, at=at, rules=rules()
    ).world

    side = plan(
        world, kind=BeatKind.SIDE, position=Position(1, 2, opens=False),
        at=at + dt.timedelta(hours=1), beat_id=3, host="tomas", gift="lantern",
    )  # fmt: skip

    assert Give(place="arena", item="lantern", to="tomas", giver=HERO) in side.moves
    after = check(world, side.moves, at=at + dt.timedelta(hours=1), rules=rules())
    assert after.violations == []
    assert any(
        f.subject == "tomas" and f.relation == HOLDS and f.object == "lantern"
        for f in after.world.facts
    )


def test_each_beats_event_is_the_persons_own_doing():
    at = START + dt.timedelta(hours=1)
    first = plan(started_world(), beat_id=1, at=at)
    world = check(started_world(), first.moves, at=at, rules=rules()).world

    second = plan(world, beat_id=2, at=at + dt.timedelta(hours=1))

    assert second.moves[-1] == Cause(
        place="commons", key="beat-2", by=HERO, name="A lantern for “Run 2 km”"
    )


KINDS = st.sampled_from([kind.value for kind in BeatKind])


@settings(max_examples=40, deadline=None)
@given(
    steps=st.lists(
        st.tuples(KINDS, st.sampled_from([(), ("arena",), ("arena", "observatory")])),
        min_size=1,
        max_size=30,
    )
)
def test_a_whole_story_of_planned_scenes_never_breaks_the_world(steps):
    """Scene after scene through every chapter, whatever the kinds and the zones closed, the
    planned changes keep every invariant."""
    world, position, in_chapter = started_world(), Position(1, 1, opens=True), 0
    for number, (kind, closed) in enumerate(steps, start=1):
        at = START + dt.timedelta(hours=number)
        scene = plan(world, kind=kind, position=position, closed=closed, beat_id=number, at=at)
        outcome = check(world, scene.moves, at=at, rules=rules(closed=closed))
        assert outcome.violations == []
        world, in_chapter = outcome.world, in_chapter + 1
        position = position_next(
            DATA, act=position.act, chapter=position.chapter, in_chapter=in_chapter, first=False
        )
        in_chapter = 0 if position.opens else in_chapter
