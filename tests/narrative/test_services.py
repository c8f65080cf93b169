from __future__ import annotations

import datetime as dt
import itertools

import pytest
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from delight.models import User
from narrative import selectors, services
from narrative.invariants import HERO, Cause, Discover, Give, Introduce, Leave, Move, Use
from narrative.models import Entity, Fact, Story
from tests.factories import make_user
from tests.narrative.factories import START, at

pytestmark = pytest.mark.django_db

GIFT = [
    Introduce(place="commons", kind="person", key="mira"),
    Introduce(place="commons", kind="item", key="lantern", holder=HERO),
]


def rows(story: Story) -> tuple[list, list]:
    return (
        list(story.entities.values_list("key", "left_at").order_by("key")),
        list(story.facts.values_list("pk", "valid_to").order_by("pk")),
    )


def test_a_story_starts_with_the_hero_at_the_start_place_dated_from_sign_up(story):
    world = selectors.world_current(user=story.user)

    assert story.started_at == START
    assert set(world.entities) == {HERO, "commons"}
    assert [(f.subject, f.relation, f.object) for f in world.facts] == [(HERO, "at", "commons")]
    assert services.story_start(user=story.user).pk == story.pk  # once per person


def test_applying_a_gift_closes_the_old_holding_and_opens_the_new(story):
    services.world_apply(story=story, changes=GIFT, at=at("2026-03-02 09:00"))
    give = Give(place="commons", giver=HERO, item="lantern", to="mira")

    services.world_apply(story=story, changes=[give], at=at("2026-03-03 09:00"))

    holdings = story.facts.filter(relation="holds").order_by("valid_from")
    assert [(f.subject.key, f.valid_from, f.valid_to) for f in holdings] == [
        (HERO, at("2026-03-02 09:00"), at("2026-03-03 09:00")),
        ("mira", at("2026-03-03 09:00"), None),
    ]


def test_a_rejected_scene_lists_its_violations_and_changes_nothing(story):
    services.world_apply(story=story, changes=GIFT, at=at("2026-03-02 09:00"))
    before = rows(story)
    scene = [
        Give(place="commons", giver=HERO, item="lantern", to="mira"),
        Give(place="commons", giver=HERO, item="lantern", to="mira"),  # given twice
    ]

    with pytest.raises(ValidationError) as refused:
        services.world_apply(story=story, changes=scene, at=at("2026-03-03 09:00"))

    assert refused.value.messages == ["You cannot give A small lantern: they never acquired it."]
    assert rows(story) == before


def test_a_scene_in_the_arena_at_night_is_refused_on_the_persons_own_clock(story):
    services.world_apply(
        story=story, changes=[Discover(place="arena", key="arena")], at=at("2026-03-02 09:00")
    )
    go = [Move(place="commons", who=HERO, to="arena")]

    with pytest.raises(ValidationError, match="The Arena is closed at that hour"):
        services.world_apply(story=story, changes=go, at=at("2026-03-02 21:30"))  # 22:30 Paris
    services.world_apply(story=story, changes=go, at=at("2026-03-03 06:30"))  # 07:30 Paris

    assert (
        selectors.world_at(user=story.user, at=at("2026-03-03 07:00")).facts[-1].object == "arena"
    )


def test_the_world_at_a_past_instant_is_what_was_true_then(story):
    services.world_apply(story=story, changes=GIFT, at=at("2026-03-02 09:00"))
    shown_then = selectors.world_at(user=story.user, at=at("2026-03-02 12:00"))
    services.world_apply(
        story=story,
        changes=[
            Give(place="commons", giver=HERO, item="lantern", to="mira"),
            Leave(place="commons", who="mira"),
        ],
        at=at("2026-03-04 09:00"),
    )

    rebuilt = selectors.world_at(user=story.user, at=at("2026-03-02 12:00"))
    now = selectors.world_current(user=story.user)

    assert rebuilt == shown_then
    assert ("hero", "holds", "lantern") in {
        (f.subject, f.relation, f.object) for f in rebuilt.facts
    }
    assert rebuilt.entities["mira"].left_at is None
    assert now.entities["mira"].left_at == at("2026-03-04 09:00")


def test_the_world_before_an_entity_entered_does_not_show_it(story):
    services.world_apply(story=story, changes=GIFT, at=at("2026-03-02 09:00"))

    before = selectors.world_at(user=story.user, at=at("2026-03-02 08:59"))

    assert set(before.entities) == {HERO, "commons"}


# -- random scenes through world_apply never commit a violation ------------------------------

PEOPLE = [HERO, "mira", "tomas"]
ITEMS = ["lantern", "star-map", "seed-pouch"]
PLACES = ["commons", "arena", "observatory", "orchard"]
EVENTS = ["feast", "festival"]
KEYS = PEOPLE + ITEMS + PLACES + EVENTS
# Mostly the Commons (discovered from the start), so many scenes are valid and commit.
a_place, an_item = st.sampled_from(["commons"] * 4 + PLACES), st.sampled_from(ITEMS)

changes = st.one_of(
    st.builds(Discover, place=a_place, key=st.sampled_from(PLACES)),
    st.builds(
        Introduce,
        place=a_place,
        kind=st.sampled_from(["person", "item"]),
        key=st.sampled_from(PEOPLE[1:] + ITEMS),
        holder=st.none() | st.sampled_from(PEOPLE),
    ),
    st.builds(Move, place=a_place, who=st.sampled_from(PEOPLE), to=st.sampled_from(PLACES)),
    st.builds(
        Give,
        place=a_place,
        item=st.sampled_from(ITEMS),
        to=st.sampled_from(PEOPLE + PLACES),
        giver=st.none() | st.sampled_from(PEOPLE),
    ),
    st.builds(
        Use,
        place=a_place,
        who=st.sampled_from(PEOPLE),
        item=st.sampled_from(ITEMS),
        used_up=st.booleans(),
    ),
    st.builds(Leave, place=a_place, who=st.sampled_from(PEOPLE[1:])),
    st.builds(Cause, place=a_place, key=st.sampled_from(EVENTS), by=st.sampled_from(KEYS)),
)
# Scenes a few hours apart (some at night, when the Arena is closed in Paris).
scenes = st.lists(
    st.tuples(st.integers(min_value=1, max_value=20), st.lists(changes, min_size=1, max_size=2)),
    min_size=1,
    max_size=12,
)
PEOPLE_MADE = itertools.count()


def committed_problems(story: Story) -> list[str]:
    """What no committed world may show: an item with more than one open holder or place, or
    at none while it is in the story; a fact about something before it entered the story;
    a fact of someone who had left, opened after they left."""
    problems = []
    for item in story.entities.filter(kind=Entity.Kind.ITEM):
        open_places = (
            story.facts.filter(valid_to__isnull=True).filter(subject=item, relation="at").count()
            + story.facts.filter(valid_to__isnull=True, object=item, relation="holds").count()
        )
        if open_places != (0 if item.left_at else 1):
            problems.append(f"{item.key}: {open_places} open places")
    for fact in Fact.objects.owned_by(story.user).select_related("subject", "object"):
        if fact.valid_from < max(fact.subject.introduced_at, fact.object.introduced_at):
            problems.append(f"{fact} before its entities")
        if fact.subject.left_at and fact.valid_from > fact.subject.left_at:
            problems.append(f"{fact} after {fact.subject.key} left")
    return problems


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(scenes=scenes)
def test_random_scenes_never_commit_a_violation(zones, scenes):
    person = make_user(f"walker{next(PEOPLE_MADE)}", timezone="Europe/Paris", date_joined=START)
    story = services.story_start(user=person)
    when = START
    for hours, scene in scenes:
        when += dt.timedelta(hours=hours)
        before = rows(story)
        try:
            services.world_apply(story=story, changes=scene, at=when)
            event("a scene committed")
        except ValidationError:
            assert rows(story) == before  # a refused scene changes nothing
        assert committed_problems(story) == []


def test_a_person_without_a_story_gets_one_the_first_time(zones):
    person: User = make_user("newcomer")

    assert selectors.story_of(user=person) is None
    assert services.story_start(user=person).user == person
