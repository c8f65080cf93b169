"""The pages render for their owner, refuse others, and show service refusals as messages."""

from __future__ import annotations

import datetime as dt

import pytest

from goals import services
from goals.models import Goal, Mission, MissionSession
from tests.factories import make_user
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
    assert response.url == url  # the finishing moment, on the same page
    mission.refresh_from_db()
    assert mission.status == "completed"
    page = browser.get(url).content.decode()
    assert "Nice focus — 12 minutes on Easy run" in page
    assert "Session complete" not in page
    second = browser.post(f"/missions/{mission.pk}/complete/", follow=True)
    assert b"already completed" in second.content


def test_rejecting_says_so_with_an_undo_that_restores_the_suggestion(browser, owner):
    goal = make_goal(owner)
    mission = make_mission(goal, status=Mission.Status.SUGGESTED)
    page = browser.post(f"/missions/{mission.pk}/reject/", follow=True).content.decode()
    undo = f"/missions/{mission.pk}/restore/"
    assert "Mission removed." in page
    assert f'action="{undo}"' in page
    assert 'data-status="rejected"' not in page
    mission.refresh_from_db()
    assert mission.status == "rejected"
    assert browser.post(undo).status_code == 302
    mission.refresh_from_db()
    assert mission.status == "suggested"


def test_an_outsider_cannot_undo_someone_elses_rejection(client, owner, outsider):
    mission = make_mission(make_goal(owner), status=Mission.Status.SUGGESTED)
    services.mission_reject(user=owner, mission_id=mission.pk)
    client.force_login(outsider)
    assert client.post(f"/missions/{mission.pk}/restore/").status_code == 404
    mission.refresh_from_db()
    assert mission.status == "rejected"


def test_no_internal_status_word_reaches_the_goal_pages(browser, owner):
    goal = make_goal(owner)
    make_mission(goal, status=Mission.Status.SUGGESTED)
    make_mission(goal, status=Mission.Status.PENDING)
    pages = browser.get(f"/goals/{goal.pk}/").content.decode()
    pages += browser.get("/goals/").content.decode()
    for word in ("Planned", "Pending", "Suggested (awaiting", "awaiting review"):
        assert word not in pages, word
    assert "Waiting for your review" in pages
    assert "Ready to start" in pages
    assert 'id="approve-all"' in pages


def test_finishing_three_missions_finishes_the_day_and_offers_one_more(browser, owner):
    goal = make_goal(owner)
    missions = [make_mission(goal, title=f"Step {n}") for n in range(5)]
    browser.post(f"/missions/{missions[0].pk}/complete/", {"next": "/today/"})
    page = browser.get("/today/").content.decode()
    assert page.count('class="card triad-slot') == 2  # what is done is not replaced at once
    assert "1 of 3 done" in page
    for mission in missions[1:3]:
        browser.post(f"/missions/{mission.pk}/complete/", {"next": "/today/"})
    page = browser.get("/today/").content.decode()
    assert "You finished your day" in page
    assert 'id="one-more"' in page
    assert "triad-slot" not in page
    more = browser.get("/today/?more=1").content.decode()
    assert more.count('class="card triad-slot') == 1
    assert "One more" in more
    assert 'name="next" value="/today/"' in more  # done with it: the day is finished again


def test_missions_beyond_the_three_are_counted_as_they_are(browser, owner):
    goal = make_goal(owner)
    missions = [make_mission(goal, title=f"Step {n}") for n in range(5)]
    for mission in missions:
        browser.post(f"/missions/{mission.pk}/complete/", {"next": "/today/"})
    page = browser.get("/today/").content.decode()
    assert "Five missions done." in page
    assert "5 missions done" in page  # under the title
    assert "5/3" not in page
    assert "of 3 done" not in page
    assert "Three missions done" not in page


def test_energy_is_one_scale_on_every_page(browser, owner):
    mission = make_mission(make_goal(owner), energy="high")
    today = browser.get("/today/").content.decode()
    form = browser.get(f"/missions/{mission.pk}/edit/").content.decode()
    assert "High energy" in today
    assert ">High<" in form
    for other in ("Big push", "Steady", "Light energy"):
        assert other not in today + form


def test_completing_a_mission_is_a_small_win(browser, owner):
    mission = make_mission(make_goal(owner), title="Stretch")
    page = browser.post(
        f"/missions/{mission.pk}/complete/", {"next": "/today/"}, follow=True
    ).content.decode()
    assert "Done: Stretch. Nice work!" in page
    assert "just-done" in page


def test_pause_and_resume_are_kept_on_the_server(browser, owner):
    mission = make_mission(make_goal(owner))
    url = f"/missions/{mission.pk}/session/"
    browser.post(url, {"op": "start"})
    browser.post(url, {"op": "pause"})
    session = MissionSession.objects.get()
    assert session.paused_at is not None
    page = browser.get(url).content.decode()
    assert 'id="session-resume"' in page
    assert "data-paused-at=" in page
    browser.post(url, {"op": "resume"})
    session.refresh_from_db()
    assert session.paused_at is None
    assert 'id="session-pause"' in browser.get(url).content.decode()
    browser.post(url, {"op": "extend"})
    session.refresh_from_db()
    assert session.planned_minutes == mission.estimated_minutes + 5


@pytest.mark.parametrize(
    ("zone", "started", "added"),
    [("Europe/Madrid", "09:05", "24 Nov, 09:05"), ("Asia/Kathmandu", "13:50", "24 Nov, 13:50")],
)
def test_goal_and_session_pages_show_the_persons_own_time(client, zone, started, added):
    person = make_user("tess", timezone=zone)
    client.force_login(person)
    moment = dt.datetime(2026, 11, 24, 8, 5, tzinfo=dt.UTC)
    goal = make_goal(person)
    Goal.objects.filter(pk=goal.pk).update(created_at=moment)
    mission = make_mission(goal)
    services.session_start(user=person, mission_id=mission.pk, now=moment)
    assert f"Added {added}" in client.get(f"/goals/{goal.pk}/").content.decode()
    session_page = client.get(f"/missions/{mission.pk}/session/").content.decode()
    assert f"Started at {started}" in session_page


def test_a_paused_session_page_shows_the_time_left_at_the_pause(client, owner):
    client.force_login(owner)
    mission = make_mission(make_goal(owner), estimated_minutes=20)
    moment = dt.datetime(2026, 11, 24, 8, 5, tzinfo=dt.UTC)
    session = services.session_start(user=owner, mission_id=mission.pk, now=moment)
    services.session_pause(user=owner, session_id=session.pk, now=moment + dt.timedelta(seconds=90))

    page = client.get(f"/missions/{mission.pk}/session/").content.decode()

    assert 'aria-label="Time left">18:30</p>' in page  # no flash of 20:00 before the script


def test_the_mission_that_reaches_a_milestone_says_so_once(browser, owner):
    goal = make_goal(owner)
    now = dt.datetime.now(dt.UTC)
    for ago in range(6, 0, -1):
        mission = make_mission(goal)
        services.mission_complete(
            user=owner, mission_id=mission.pk, now=now - dt.timedelta(days=ago)
        )
    seventh, eighth = make_mission(goal), make_mission(goal)

    reached = browser.post(f"/missions/{seventh.pk}/complete/", follow=True)
    again = browser.post(f"/missions/{eighth.pk}/complete/", follow=True)

    said = [str(m) for m in reached.context["messages"]]
    assert "7 days in a row! Eliza gathered your highlights on Progress." in said
    assert "7 days of health in a row! Eliza gathered your highlights on Progress." in said
    assert not any("days in a row" in str(m) for m in again.context["messages"])
