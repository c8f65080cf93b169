"""Home, the dashboard: the greeting, the panels each app registers, their live parts."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from delight.dashboard import Panel, Registry, greeting
from goals import services
from goals.models import Mission
from tests.factories import make_user
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db


@pytest.fixture
def maria(client):
    user = make_user("maria", first_name="Maria", timezone="Europe/Madrid")
    client.force_login(user)
    return user


def _part(html: str, part_id: str) -> str:
    """The element with id `part_id` (a panel's wrapper) up to the next panel."""
    start = html.index(f'id="{part_id}"')
    following = re.search(r'id="home-[a-z]+" class="home-panel"', html[start + 10 :])
    return html[start : start + 10 + following.start()] if following else html[start:]


def test_greeting_is_a_welcome_first_then_follows_the_persons_hour():
    user = make_user("maria", first_name="Maria", timezone="Europe/Madrid")
    # 19:30 UTC is 20:30 in Madrid in winter.
    evening = dt.datetime(2026, 1, 10, 19, 30, tzinfo=dt.UTC)
    assert greeting(user, now=evening, first_visit=True) == "Welcome, Maria"
    assert greeting(user, now=evening, first_visit=False) == "Good evening, Maria"
    morning = dt.datetime(2026, 1, 10, 8, 0, tzinfo=dt.UTC)
    assert greeting(user, now=morning, first_visit=False) == "Good morning, Maria"
    user.timezone = "Asia/Kathmandu"  # 08:00 UTC is 13:45 there
    assert greeting(user, now=morning, first_visit=False) == "Good afternoon, Maria"


def test_a_new_person_sees_empty_states_with_a_next_step(client, maria):
    html = client.get(reverse("home")).content.decode()
    assert "No missions for today yet" in html
    assert "Set your first goal" in html
    assert f'href="{reverse("goal-create")}"' in html
    # The places later issues fill say so honestly: no made-up numbers.
    assert "Streaks start with your first finished mission" in html
    assert "Your story" in html
    assert "Talk to Eliza" in html


def test_home_shows_todays_missions_goals_with_progress_and_what_was_done(client, maria):
    run = make_goal(maria, title="Run a 10k")
    read = make_goal(maria, title="Read more", category="growth")
    for title in ("Easy run", "Buy shoes", "Stretch"):
        make_mission(run, title=title)
    make_mission(read, title="Pick a book")
    before = client.get(reverse("home")).content.decode()
    assert "Run a 10k" in before
    assert "Read more" in before
    today = _part(before, "home-today")
    assert today.count('data-action="complete"') == 3
    assert "done today" not in today

    for mission in Mission.objects.filter(title__in=["Easy run", "Pick a book"]):
        services.mission_complete(user=maria, mission_id=mission.pk)
    after = client.get(reverse("home")).content.decode()
    assert "2 missions done today" in after
    goals = _part(after, "home-goals")
    assert "1 of 3 missions done" in goals
    assert 'aria-valuenow="33"' in goals
    assert "1 of 1 missions done" in goals
    assert 'aria-valuenow="100"' in goals
    assert after != before


def test_home_shows_only_the_persons_own_things(client, maria):
    other = make_user("olga")
    theirs = make_goal(other, title="Olga's secret goal")
    make_mission(theirs, title="Olga's mission")
    Mission.objects.create(
        user=other,
        goal=theirs,
        title="Olga's finished mission",
        category="health",
        status=Mission.Status.COMPLETED,
        completed_at=timezone.now(),
    )
    html = client.get(reverse("home")).content.decode()
    assert "Olga" not in html
    assert "done today" not in html
    assert client.post(reverse("home")).status_code == 405


def test_done_on_home_comes_back_home(client, maria):
    mission = make_mission(make_goal(maria), title="Easy run")
    html = client.get(reverse("home")).content.decode()
    action = reverse("mission-action", args=[mission.pk, "complete"])
    assert f'action="{action}"' in html
    assert f'href="{reverse("mission-session", args=[mission.pk])}"' in html
    response = client.post(action, {"next": reverse("home")})
    assert response.url == reverse("home")
    mission.refresh_from_db()
    assert mission.status == Mission.Status.COMPLETED
    assert "1 mission done today" in client.get(reverse("home")).content.decode()


def test_zones_open_now_and_the_next_change(client, maria):
    html = client.get(reverse("home")).content.decode()
    zones = _part(html, "home-zones")
    for name in ("Arena", "Observatory", "Commons"):
        assert f"The {name}" in zones
    assert "Open" in zones or "Closed" in zones
    assert re.search(r"The \w+ (opens|closes) [^<]*, in \d+ (h|min)", zones)


def test_live_parts_carry_their_events_and_refresh_alone(client, maria):
    make_goal(maria, title="Run a 10k")
    html = client.get(reverse("home")).content.decode()
    src = f'data-live-src="{reverse("home")}"'
    today = rf'id="home-today" class="home-panel" data-live-on="[^"]*goal.update[^"]*" {src}'
    assert re.search(today, html)
    assert re.search(rf'id="home-goals" class="home-panel" data-live-on="goal.update" {src}', html)
    assert re.search(rf'id="home-zones" class="home-panel" data-live-on="zone.update" {src}', html)

    part = client.get(reverse("home"), headers={"X-Delight-Part": "home-goals"})
    body = part.content.decode()
    assert 'id="home-goals"' in body
    assert "Run a 10k" in body
    assert 'id="home-zones"' not in body
    assert "<nav" not in body


def test_the_first_home_offers_the_first_conversation_once(client, maria):
    session = client.session
    session["delight.first_home"] = True
    session.save()
    first = client.get(reverse("home")).content.decode()
    assert "Welcome, Maria" in first
    assert "Say hello to Eliza" in first
    assert 'name="text"' in first
    assert 'name="idempotency_key"' in first
    assert first.count('id="talk-text"') == 1  # the welcome holds the box, not twice
    second = client.get(reverse("home")).content.decode()
    assert "Say hello to Eliza" not in second
    assert "Talk to Eliza" in second


def test_the_talk_box_sends_the_text_to_eliza_and_opens_the_chat(client, maria):
    response = client.post(reverse("chat"), {"text": "Hello Eliza", "idempotency_key": "k1"})
    assert response.status_code == 302
    assert response.url.startswith(reverse("chat"))


def test_a_panel_registry_orders_panels_and_hides_one_without_context(rf):
    registry = Registry()
    registry.register(Panel("b", "delight/panels/wrapper.html", lambda r: {}, order=2))
    registry.register(Panel("a", "delight/panels/wrapper.html", lambda r: {}, order=1))
    registry.register(Panel("c", "delight/panels/wrapper.html", lambda r: None, order=0))
    assert [panel.id for panel in registry.render(rf.get("/"))] == ["a", "b"]
    with pytest.raises(ValueError, match="already registered"):
        registry.register(Panel("a", "other.html", lambda r: {}))


def test_home_shows_the_streak_from_the_persons_own_days(client, maria):
    goal = make_goal(maria)
    for ago in (2, 1, 0):
        mission = make_mission(goal)
        at = timezone.now() - dt.timedelta(days=ago)
        services.mission_complete(user=maria, mission_id=mission.pk, now=at)

    streak = _part(client.get(reverse("home")).content.decode(), "home-streak")

    assert "3 days</strong> in a row, your best yet" in streak
    assert "4 more days to 7" in streak
    assert "Health 3" in streak
    assert "Consistency on" not in streak  # no day has ended since she joined


def test_home_shows_the_consistency_of_the_last_ended_day(client, maria):
    maria.date_joined = timezone.now() - dt.timedelta(days=3)
    maria.save(update_fields=["date_joined"])
    mission = make_mission(make_goal(maria))
    services.mission_complete(
        user=maria, mission_id=mission.pk, now=timezone.now() - dt.timedelta(days=1)
    )
    services.consistency_snapshots_write()

    streak = _part(client.get(reverse("home")).content.decode(), "home-streak")

    assert "Consistency on" in streak


def test_a_milestone_reached_today_links_to_its_highlights(client, maria):
    goal = make_goal(maria)
    for ago in range(6, -1, -1):
        mission = make_mission(goal)
        at = timezone.now() - dt.timedelta(days=ago)
        services.mission_complete(user=maria, mission_id=mission.pk, now=at)

    streak = _part(client.get(reverse("home")).content.decode(), "home-streak")

    assert "7 days in a row!" in streak
    assert "/progress/highlights/" in streak
    assert "See your highlights" in streak
