"""GET /api/progress/highlights/ and one reel: the person's own, with its wins."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from goals import services
from goals.models import HighlightReel
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db


@pytest.fixture
def reel(owner) -> HighlightReel:
    """A week of finished missions with one reflected session: the 7-day milestone's reel."""
    goal = make_goal(owner, category="health", title="Run a 10k")
    for ago in range(6, -1, -1):
        mission = make_mission(goal, title=f"Run {7 - ago}")
        at = timezone.now() - dt.timedelta(days=ago)
        session = services.session_start(user=owner, mission_id=mission.pk, now=at)
        reflection = "Legs felt light today" if ago == 3 else ""
        services.session_complete(
            user=owner, session_id=session.pk, actual_minutes=20, reflection=reflection, now=at
        )
    return HighlightReel.objects.get(user=owner, key__startswith="milestone:overall")


def test_the_list_is_the_persons_own_reels(owner_api, outsider_api, reel):
    body = owner_api.get("/api/progress/highlights/").json()

    assert {r["title"] for r in body} == {"7 days in a row", "7 days of health in a row"}
    assert body[0]["url"].startswith("/progress/highlights/")
    assert outsider_api.get("/api/progress/highlights/").json() == []


def test_a_reel_gathers_its_wins_minutes_and_own_words(owner_api, reel):
    body = owner_api.get(f"/api/progress/highlights/{reel.pk}/").json()

    assert len(body["wins"]) == 7
    assert body["wins"][0] == {
        "date": reel.starts_on.isoformat(),
        "title": "Run 1",
        "category": "Health",
    }
    assert body["minutes"] == 140
    assert [r["text"] for r in body["reflections"]] == ["Legs felt light today"]
    assert len(body["days"]) == 7
    assert all(day["active"] for day in body["days"])


def test_another_persons_reel_is_not_found(outsider_api, client, outsider, reel):
    assert outsider_api.get(f"/api/progress/highlights/{reel.pk}/").status_code == 404
    client.force_login(outsider)
    assert client.get(reverse("progress-highlight", args=[reel.pk])).status_code == 404


def test_the_reel_page_shows_the_wins_and_is_linked_from_progress(client, owner, reel):
    client.force_login(owner)

    page = client.get(reverse("progress-highlight", args=[reel.pk])).content.decode()
    progress = client.get(reverse("progress")).content.decode()

    assert "7 days in a row" in page
    assert "140</strong><br>minutes of focus" in page
    assert "“Legs felt light today”" in page
    assert reverse("progress-highlight", args=[reel.pk]) in progress


def test_a_week_kept_by_a_habit_alone_has_its_habit_and_every_day_active(
    owner_api, client, owner, django_capture_on_commit_callbacks
):
    habit = services.habit_create(user=owner, title="Meditate", category="craft")
    today = owner.local_day(timezone.now())
    for ago in range(7):  # each tick's recount job runs when it commits
        with django_capture_on_commit_callbacks(execute=True):
            services.habit_checkin(
                user=owner, habit_id=habit.pk, day=today - dt.timedelta(days=ago)
            )
    reel = HighlightReel.objects.get(user=owner, key__startswith="milestone:overall")

    body = owner_api.get(f"/api/progress/highlights/{reel.pk}/").json()
    client.force_login(owner)
    page = client.get(reverse("progress-highlight", args=[reel.pk])).content.decode()

    assert body["wins"] == []
    assert body["habits"] == [{"title": "Meditate", "days": 7, "category": "Craft"}]
    assert all(day["active"] for day in body["days"])
    assert "7</strong><br>days of habits kept" in page
    assert "Habits you kept" in page
