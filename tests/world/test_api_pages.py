"""GET /api/world/zones/ (polling fallback), one zone, and the /world/ pages."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from goals.models import Mission
from tests.world.factories import at

pytestmark = pytest.mark.django_db

EVENING = at("2026-01-15 21:30")  # 22:30 in Paris (Arena closed), 16:30 in New York (open)


@pytest.fixture
def evening(monkeypatch):
    monkeypatch.setattr("world.selectors.timezone.now", lambda: EVENING)


def states(body) -> dict[str, str]:
    return {zone["slug"]: zone["state"] for zone in body["zones"]}


def test_zones_are_each_users_own_states(zones, evening, owner_api, outsider_api):
    mine = owner_api.get("/api/world/zones/")
    theirs = outsider_api.get("/api/world/zones/")
    assert mine.status_code == theirs.status_code == 200
    assert mine.json()["type"] == "world.snapshot"
    assert mine.json()["at"] == EVENING.isoformat()
    assert states(mine.json()) == {"arena": "closed", "observatory": "open", "commons": "open"}
    assert states(theirs.json())["arena"] == "open"
    arena = mine.json()["zones"][0]
    assert arena["next_change_label"] == "opens tomorrow at 06:00"
    assert arena["categories"] == ["health", "craft"]


def test_one_zone(zones, evening, owner_api):
    response = owner_api.get("/api/world/zones/arena/")
    assert response.status_code == 200
    assert response.json()["state"] == "closed"
    assert response.json()["reason"] == "Closed for the night — opens tomorrow at 06:00"


def test_unknown_zone_is_a_json_404(zones, owner_api):
    response = owner_api.get("/api/world/zones/atlantis/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_anonymous_is_refused(zones):
    from rest_framework.test import APIClient

    assert APIClient().get("/api/world/zones/").status_code == 401


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_world_page_shows_every_zone_with_stable_attributes(zones, evening, owner):
    html = logged_in(owner).get("/world/").content.decode()
    assert 'data-zone="arena" data-state="closed"' in html
    assert 'data-zone="commons" data-state="open"' in html
    assert "Opens tomorrow at 06:00" in html
    assert "Closed for the night — opens" not in html  # one phrase for the next change
    assert 'data-countdown="' in html  # live.js counts down to it
    assert html.count('data-art="') == 3  # each zone drawn, at night when closed
    assert "Updates live" in html or "Connecting" in html
    assert "world/live.js" in html
    assert 'href="/world/"' in html  # the nav link


SUN = '<circle cx="268" cy="38" r="18"'


def test_after_dusk_no_zone_has_a_sun_open_or_closed(zones, evening, owner):
    html = logged_in(owner).get("/world/").content.decode()
    assert 'data-zone="commons" data-state="open"' in html  # open, lit, in the dark
    assert SUN not in html
    assert html.count('fill="#2a2540"') == 3  # every sky is the night's


def test_by_day_a_closed_zone_has_a_day_sky(zones, owner, monkeypatch):
    noon = at("2026-03-10 11:00")  # 12:00 in Paris
    monkeypatch.setattr("world.selectors.timezone.now", lambda: noon)
    html = logged_in(owner).get("/world/").content.decode()
    assert html.count(SUN) == 3
    assert 'fill="#2a2540"' not in html


def test_zone_page_lists_the_users_missions_of_its_categories(zones, evening, owner, outsider):
    from goals import services as goals

    run = goals.goal_create(user=owner, title="Run a 10k", category="health")
    goals.mission_create(user=owner, goal_id=run.pk, title="Jog 2 km")
    other = goals.goal_create(user=outsider, title="Lift", category="health")
    goals.mission_create(user=outsider, goal_id=other.pk, title="Deadlift practice")
    html = logged_in(owner).get("/world/arena/").content.decode()
    assert 'data-zone="arena" data-state="closed"' in html
    assert "Jog 2 km" in html
    jog = Mission.objects.get(title="Jog 2 km")
    assert f'href="{reverse("mission-session", args=[jog.pk])}"' in html  # a mission opens
    assert "Missions for health or craft." in html
    assert "Deadlift practice" not in html
    assert "No missions" in logged_in(owner).get("/world/commons/").content.decode()


def test_unknown_zone_page_is_404(zones, owner):
    assert logged_in(owner).get("/world/atlantis/").status_code == 404
