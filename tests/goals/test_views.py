"""The pages render for their owner, refuse others, and show service refusals as messages."""

from __future__ import annotations

import pytest

from goals.models import Goal, Mission
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser(client, owner):
    client.force_login(owner)
    return client


def test_pages_render(browser, owner):
    goal = make_goal(owner)
    mission = make_mission(goal, status=Mission.Status.SUGGESTED)
    for path in [
        "/goals/",
        "/goals/new/",
        f"/goals/{goal.pk}/",
        f"/goals/{goal.pk}/edit/",
        "/today/",
        "/today/?energy=low",
        f"/missions/{mission.pk}/edit/",
        f"/missions/{mission.pk}/session/",
        f"/goals/{goal.pk}/state/",
    ]:
        assert browser.get(path).status_code == 200, path


def test_an_empty_goal_form_says_what_is_missing_and_creates_nothing(browser):
    response = browser.post("/goals/new/", {})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not Goal.objects.exists()


def test_an_invisible_title_is_a_form_error_and_creates_nothing(browser):
    form = {"title": "\u200b\ufeff", "category": "health", "importance": 3}
    response = browser.post("/goals/new/", form)
    assert response.status_code == 200
    assert "A title needs at least one visible character" in response.content.decode()
    assert not Goal.objects.exists()


def test_create_goal_page_shows_errors(browser, django_capture_on_commit_callbacks):
    response = browser.post(
        "/goals/new/",
        {"title": "Run", "category": "health", "target_date": "2001-01-01", "importance": 3},
    )
    assert response.status_code == 200
    assert b"in the past" in response.content
    with django_capture_on_commit_callbacks(execute=True):
        response = browser.post(
            "/goals/new/", {"title": "Run a 5k", "category": "health", "importance": 3}
        )
    goal = Goal.objects.get()
    assert response.url == f"/goals/{goal.pk}/"
    page = browser.get(response.url).content.decode()
    assert 'id="review"' in page
    assert "Taper and race day" in page


def test_other_peoples_goal_pages_are_404(browser, outsider):
    goal = make_goal(outsider)
    assert browser.get(f"/goals/{goal.pk}/").status_code == 404
    assert browser.post(f"/missions/{make_mission(goal).pk}/complete/").status_code == 404


def test_session_page_timer_flow(browser, owner):
    mission = make_mission(make_goal(owner))
    url = f"/missions/{mission.pk}/session/"
    assert browser.post(url, {"op": "start"}).status_code == 302
    assert b'id="timer"' in browser.get(url).content
    response = browser.post(url, {"op": "complete", "actual_minutes": 12, "notes": "ok"})
    assert response.url == "/today/"
    mission.refresh_from_db()
    assert mission.status == "completed"
    second = browser.post(f"/missions/{mission.pk}/complete/", follow=True)
    assert b"already completed" in second.content
