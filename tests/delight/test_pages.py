"""Every page a person reaches, for a person with a full life in Delight: no internal word
(status codes, slot names, scores, tiers, empty values) reaches them."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from delight.models import User
from goals import services as goal_services
from goals.models import Goal, Mission
from tests.companion.factories import remember, say
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db

# Words of the code, not of a person: statuses, field and slot names, scores, Python's None.
INTERNAL = re.compile(
    r"\b(pending|suggested|deferred|rejected|decomposition|pending_slot|value_category|"
    r"target_date|waiting_for|conversation_state|score|rank \d|None|null|episodic|semantic)\b"
)


class _VisibleText(HTMLParser):
    """The text a person sees: no tags, no scripts or styles, no attribute values."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in ("script", "style", "template"):
            self._hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def _visible(html: str) -> str:
    parser = _VisibleText()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


@pytest.fixture
def lived_in(owner) -> User:
    """A person mid-way through a goal Eliza helped make, with missions in every state."""
    goal = make_goal(owner, title="Run 5 km", description="To feel strong")
    for title, status in (
        ("Buy running shoes", Mission.Status.SUGGESTED),
        ("Easy run", Mission.Status.PENDING),
        ("Stretch", Mission.Status.DEFERRED),
        ("Map a loop", Mission.Status.PENDING),
    ):
        make_mission(goal, title=title, status=status)
    rejected = make_mission(goal, title="Buy a treadmill", status=Mission.Status.SUGGESTED)
    goal_services.mission_reject(user=owner, mission_id=rejected.pk)
    done = Mission.objects.get(title="Map a loop")
    goal_services.mission_complete(user=owner, mission_id=done.pk)
    make_goal(owner, title="Learn Spanish", category="growth", status=Goal.Status.PAUSED)
    remember(owner, "My sister Ana lives in Lyon")
    first = say(owner, "I want to learn the piano")
    say(owner, "sure", first)  # the flow now waits for a slot
    return owner


def _pages(user: User) -> list[str]:
    goal = Goal.objects.get(user=user, title="Run 5 km")
    mission = Mission.objects.get(title="Easy run")
    return [
        reverse("home"),
        reverse("today"),
        reverse("today") + "?energy=low",
        reverse("goals"),
        reverse("goal-detail", args=[goal.pk]),
        reverse("mission-edit", args=[mission.pk]),
        reverse("mission-session", args=[mission.pk]),
        reverse("chat"),
        reverse("world"),
        reverse("world-zone", args=["arena"]),
        reverse("story"),
        reverse("memories"),
        reverse("memories") + "?q=sister",
        reverse("about-you"),
        reverse("more"),
        reverse("progress"),
    ]


def test_no_internal_word_reaches_a_person_on_any_page(lived_in):
    client = Client()
    client.force_login(lived_in)
    for path in _pages(lived_in):
        response = client.get(path)
        assert response.status_code == 200, path
        text = _visible(response.content.decode())
        assert not INTERNAL.findall(text), (path, INTERNAL.findall(text), text[:3000])


@pytest.mark.parametrize("path", ["/more/", "/world/", "/world/arena/", "/memories/export/"])
@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_a_page_that_only_shows_refuses_a_write_with_405(owner, path, method):
    client = Client()
    client.force_login(owner)

    assert client.get(path).status_code == 200
    response = getattr(client, method)(path)
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
