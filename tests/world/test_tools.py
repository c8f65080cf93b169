"""The world as Eliza's tool: each zone on the person's own clock, around its boundaries."""

from __future__ import annotations

import datetime as dt

import pytest

from delight.tools import ToolCall, registry
from tests.factories import make_user
from tests.world.factories import at

pytestmark = pytest.mark.django_db

# Europe/Paris is UTC+1 in January: the Arena (06:00-21:00) closes at 20:00 UTC.
PARIS_EVENING = "2026-01-15 19:59"


def zones_of(user, when: str, **known) -> dict:
    tool = registry.get("world.zones")
    return tool.fn(ToolCall(user=user, now=at(when), known=known))


def zone(answer: dict, name: str) -> dict:
    return next(z for z in answer["zones"] if z["name"] == name)


def test_the_world_tool_is_registered_as_a_read():
    tool = registry.get("world.zones")

    assert not tool.writes


def test_a_minute_before_closing_the_arena_is_open_and_closes_on_the_persons_clock(owner, zones):
    answer = zones_of(owner, PARIS_EVENING)

    arena = zone(answer, "Arena")
    assert answer["timezone"] == "Europe/Paris"
    assert answer["local_time"] == "20:59"
    assert arena["open"] is True
    assert arena["next_change"] == "closes at 21:00"
    assert arena["next_change_time"] == "21:00"
    assert arena["minutes_to_change"] == 1
    assert arena["fits"] == ["health", "craft"]
    assert answer["closed_categories"] == []


def test_at_closing_time_the_arena_is_closed_until_the_morning(owner, zones):
    answer = zones_of(owner, "2026-01-15 20:00")

    arena = zone(answer, "Arena")
    assert arena["open"] is False
    assert arena["next_change"] == "opens tomorrow at 06:00"
    assert arena["next_change_time"] == "06:00"
    assert arena["minutes_to_change"] == 9 * 60
    assert answer["closed_categories"] == ["craft", "health"]


def test_a_minute_before_opening_the_arena_opens_today(owner, zones):
    before = zones_of(owner, "2026-01-16 04:59")
    opening = zones_of(owner, "2026-01-16 05:00")

    assert zone(before, "Arena")["open"] is False
    assert zone(before, "Arena")["next_change"] == "opens at 06:00"
    assert zone(before, "Arena")["minutes_to_change"] == 1
    assert zone(opening, "Arena")["open"] is True
    assert zone(opening, "Arena")["next_change"] == "closes at 21:00"


def test_an_always_open_zone_has_no_next_change(owner, zones):
    observatory = zone(zones_of(owner, "2026-01-15 23:30"), "Observatory")

    assert observatory["open"] is True
    assert observatory["next_change"] == ""
    assert observatory["next_change_time"] is None
    assert observatory["minutes_to_change"] is None
    assert observatory["fits"] == ["growth", "learning"]


def test_productive_hours_keep_the_arena_open_for_a_night_owl(zones):
    owl = make_user(
        "owl",
        timezone="Europe/Paris",
        productive_start=dt.time(22, 0),
        productive_end=dt.time(2, 0),
    )

    arena = zone(zones_of(owl, "2026-01-15 22:00"), "Arena")  # 23:00 in Paris

    assert arena["open"] is True
    assert arena["next_change"] == "closes tomorrow at 02:00"
    assert arena["minutes_to_change"] == 180


def test_each_person_gets_their_own_clock_never_the_owners(owner, outsider, zones):
    mine = zones_of(owner, "2026-01-15 20:30")  # 21:30 in Paris
    theirs = zones_of(outsider, "2026-01-15 20:30")  # 15:30 in New York

    assert zone(mine, "Arena")["open"] is False
    assert theirs["timezone"] == "America/New_York"
    assert theirs["local_time"] == "15:30"
    assert zone(theirs, "Arena")["open"] is True
    assert zone(theirs, "Arena")["next_change"] == "closes at 21:00"
    assert zone(theirs, "Arena")["minutes_to_change"] == 5 * 60 + 30


def test_across_the_spring_change_the_wait_counts_real_minutes(owner, zones):
    # Paris moves from 02:00 to 03:00 on 2026-03-29: 05:00 local is 03:00 UTC that night.
    arena = zone(zones_of(owner, "2026-03-28 23:00"), "Arena")  # 00:00 in Paris

    assert arena["next_change"] == "opens at 06:00"
    assert arena["minutes_to_change"] == 5 * 60


def test_the_tool_answers_from_what_the_turn_already_read(owner, zones):
    read = {"zones": [], "closed_categories": [], "timezone": "UTC", "local_time": "12:00"}

    assert zones_of(owner, PARIS_EVENING, world=read) is read
