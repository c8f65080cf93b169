"""Staff edit scenarios (a broken one is refused with the reason) and read each story's
world timeline."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from narrative import services
from narrative.invariants import HERO, Introduce
from narrative.models import Scenario
from tests.factories import make_user
from tests.narrative.factories import at


@pytest.fixture
def staff_client(client, db):
    client.force_login(make_user("stella", is_staff=True, is_superuser=True))
    return client


def test_a_story_shows_its_timeline_of_facts(staff_client, story):
    lantern = Introduce(place="commons", kind="item", key="lantern", holder=HERO)
    services.world_apply(story=story, changes=[lantern], at=at("2026-03-02 09:00"))

    page = staff_client.get(reverse("admin:narrative_story_change", args=[story.pk]))

    assert page.status_code == 200
    assert "A small lantern" in page.content.decode()


def test_staff_saving_a_broken_scenario_sees_why_and_nothing_changes(staff_client, story):
    scenario = story.scenario
    data = dict(scenario.data, start={"place": "moon"})
    address = reverse("admin:narrative_scenario_change", args=[scenario.pk])

    answer = staff_client.post(
        address,
        {"key": scenario.key, "title": "Broken", "data": json.dumps(data), "is_default": "on"},
    )

    assert answer.status_code == 200
    assert "The start names the place" in answer.content.decode()
    assert Scenario.objects.get(pk=scenario.pk).title == scenario.title
