"""Eliza and the world, through real offline turns: questions about zones answered on the
person's own clock, and mission suggestions that fit the zones open now (seed 000)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, available_timezones

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.companion.factories import say
from tests.factories import make_user
from tests.goals.factories import make_goal, make_mission
from world.models import Zone

pytestmark = pytest.mark.django_db


def timezone_at(hour: int) -> str:
    """A real place whose local time is `hour`:30 give or take half an hour right now, so the
    test knows the person's local time without pinning the clock."""
    now = dt.datetime.now(dt.UTC)
    for name in sorted(available_timezones()):
        if "/" not in name or name.startswith(("Etc/", "SystemV/")):
            continue
        local = now.astimezone(ZoneInfo(name))
        if local.hour == hour and 10 <= local.minute < 50:
            return name
    for name in sorted(available_timezones()):  # fall back to any place that is in that hour
        if now.astimezone(ZoneInfo(name)).hour == hour:
            return name
    raise AssertionError(f"no timezone is at {hour}:00 now")


def person_at(hour: int, username: str = "ines"):
    return make_user(username, timezone=timezone_at(hour))


def test_is_the_arena_open_in_the_afternoon_is_yes_until_closing(db):
    result = say(person_at(13), "is the Arena open?")

    assert result["reply"] == "Yes — the Arena is open now, until 21:00."
    assert "world.zones" in result["tool_outputs"]


def test_is_the_arena_open_in_the_small_hours_says_when_it_opens(db):
    result = say(person_at(2), "Is the arena open?")

    reply = result["reply"]
    assert reply.startswith("Not right now — the Arena opens at 06:00, about ")
    assert reply.endswith(("three hours from now.", "four hours from now."))


def test_when_does_a_zone_open_names_the_persons_local_time(db):
    Zone.objects.create(
        slug="old-mill",
        name="Old Mill",
        categories=["craft"],
        rules={"open": [{"start": "20:00", "end": "23:00"}]},
        position=9,
    )

    result = say(person_at(17), "When does the Old Mill open?")

    assert result["reply"].startswith("The Old Mill opens at 20:00 — about ")
    assert result["reply"].endswith(("two hours from now.", "three hours from now."))


def test_what_is_open_lists_the_persons_zones(db):
    result = say(person_at(23), "what's open now?")

    reply = result["reply"]
    assert reply.startswith(
        "Open now: the Observatory and the Commons. The Arena opens tomorrow at 06:00, about "
    )
    assert reply.endswith(("six hours from now.", "seven hours from now."))


def test_a_message_not_about_the_world_does_not_look_it_up(db):
    result = say(person_at(13), "I had a long day at work")

    assert "world.zones" not in result["tool_outputs"]


def missions_for(person):
    """A health mission that outranks a growth one (importance and order)."""
    run = make_goal(person, title="Run a 10k", category="health", importance=5)
    make_mission(run, title="Easy run", priority_score=1.0)
    read = make_goal(person, title="Learn Spanish", category="growth", importance=2)
    make_mission(read, title="Ten flashcards", priority_score=0.1)


def test_the_world_and_the_triad_are_read_once_per_turn_with_a_zone_closed(db):
    person = person_at(23)
    missions_for(person)

    with CaptureQueriesContext(connection) as queries:
        result = say(person, "Give me a mission for today")

    assert "world.zones" in result["tool_outputs"]
    sqls = [q["sql"] for q in queries.captured_queries]
    assert sum('FROM "world_zone"' in sql for sql in sqls) == 1  # recall_context's, reused
    assert sum("FROM goals_goal g" in sql for sql in sqls) == 1  # the triad, fitted once


def test_a_mission_request_by_day_suggests_the_best_mission_and_its_open_zone(db):
    person = person_at(13)
    missions_for(person)

    result = say(person, "Give me a mission for today")

    assert result["tool_outputs"]["missions.suggest"]["high"]["title"] == "Easy run"
    assert "“Easy run” fits the Arena, which is open until 21:00." in result["reply"]


def test_a_mission_request_at_night_prefers_a_mission_whose_zone_is_open(db):
    person = person_at(23)
    missions_for(person)

    result = say(person, "Give me a mission for today")

    suggested = result["tool_outputs"]["missions.suggest"]
    assert suggested["high"]["title"] == "Ten flashcards"
    assert "Easy run" in [m["title"] for m in suggested.values() if m]  # kept, not first
    assert "“Ten flashcards” fits the Observatory, which is open at any hour." in result["reply"]
