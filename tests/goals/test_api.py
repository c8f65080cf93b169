"""The REST API: scoped to the caller, filters, pagination, clear errors."""

from __future__ import annotations

import json

import pytest

from goals.models import Goal, Mission, MissionSession
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db


def test_create_goal_runs_planning_and_lists_it(owner_api, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_api.post(
            "/api/goals/",
            {"title": "Learn Spanish", "category": "growth", "importance": 4},
            format="json",
        )
    assert response.status_code == 201, response.json()
    goal_id = response.json()["id"]
    body = owner_api.get(f"/api/goals/{goal_id}/").json()
    assert body["decomposition_status"] == "done"
    assert body["missions_suggested"] >= 3
    milestones = owner_api.get(f"/api/goals/{goal_id}/milestones/").json()["results"]
    assert 3 <= len(milestones) <= 7
    assert milestones[0]["missions"]
    listed = owner_api.get("/api/goals/?category=growth").json()
    assert listed["count"] == 1


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"category": "health"}, "title: This field is required."),
        ({"title": "x" * 201, "category": "health"}, "title: A title can be at most 200"),
        ({"title": "Run", "category": "wealth"}, 'category: "wealth" is not a valid choice.'),
        ({"title": "Run", "category": "health", "target_date": "2001-01-01"}, "in the past"),
    ],
)
def test_bad_goal_input_is_a_clear_400(owner_api, payload, message):
    response = owner_api.post("/api/goals/", payload, format="json")
    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert not Goal.objects.exists()


def test_another_persons_objects_answer_404(owner, outsider_api):
    goal = make_goal(owner)
    mission = make_mission(goal)
    paths = [
        ("get", f"/api/goals/{goal.pk}/"),
        ("patch", f"/api/goals/{goal.pk}/"),
        ("post", f"/api/goals/{goal.pk}/status/"),
        ("get", f"/api/goals/{goal.pk}/milestones/"),
        ("get", f"/api/missions/{mission.pk}/"),
        ("post", f"/api/missions/{mission.pk}/complete/"),
    ]
    for method, path in paths:
        response = getattr(outsider_api, method)(path, {"status": "paused"}, format="json")
        assert response.status_code == 404, path
    response = outsider_api.post("/api/sessions/", {"mission": mission.pk}, format="json")
    assert response.status_code == 404
    assert not MissionSession.objects.exists()
    assert outsider_api.get("/api/missions/").json()["count"] == 0
    mission.refresh_from_db()
    assert mission.status == "pending"


def test_goal_patch_and_status(owner, owner_api):
    goal = make_goal(owner)
    response = owner_api.patch(f"/api/goals/{goal.pk}/", {"title": "Run 12k"}, format="json")
    assert response.status_code == 200
    assert response.json()["title"] == "Run 12k"
    response = owner_api.post(f"/api/goals/{goal.pk}/status/", {"status": "paused"})
    assert response.json()["status"] == "paused"
    response = owner_api.post(f"/api/goals/{goal.pk}/status/", {"status": "paused"})
    assert response.status_code == 400
    assert "already paused" in response.json()["detail"]


def test_mission_filters_and_pagination(owner, owner_api):
    goal = make_goal(owner)
    for n in range(55):
        make_mission(goal, title=f"Step {n}", energy="low" if n % 2 else "high")
    first = owner_api.get(f"/api/missions/?goal={goal.pk}").json()
    assert (first["count"], len(first["results"])) == (55, 50)
    assert owner_api.get(first["next"]).json()["results"][0]["title"] == "Step 50"
    assert owner_api.get("/api/missions/?energy=low").json()["count"] == 27
    bad = owner_api.get("/api/missions/?status=done")
    assert bad.status_code == 400
    assert "status" in bad.json()["detail"]


def test_mission_review_and_actions(owner, owner_api):
    goal = make_goal(owner)
    suggested = make_mission(goal, status=Mission.Status.SUGGESTED)
    rejected = make_mission(goal, status=Mission.Status.SUGGESTED)
    edited = owner_api.patch(
        f"/api/missions/{suggested.pk}/", {"estimated_minutes": 15}, format="json"
    )
    assert edited.json()["estimated_minutes"] == 15
    too_long = owner_api.patch(
        f"/api/missions/{suggested.pk}/", {"estimated_minutes": 45}, format="json"
    )
    assert too_long.status_code == 400
    assert owner_api.post(f"/api/missions/{suggested.pk}/approve/").json()["status"] == "pending"
    assert owner_api.post(f"/api/missions/{rejected.pk}/reject/").status_code == 204
    assert owner_api.post(f"/api/missions/{suggested.pk}/complete/").status_code == 200
    again = owner_api.post(f"/api/missions/{suggested.pk}/complete/")
    assert again.status_code == 400
    assert "already completed" in again.json()["detail"]
    created = owner_api.post(
        "/api/missions/", {"goal": goal.pk, "title": "Buy shoes", "energy": "low"}, format="json"
    )
    assert created.status_code == 201
    assert created.json()["status"] == "pending"


def test_session_flow(owner, owner_api):
    mission = make_mission(make_goal(owner))
    started = owner_api.post("/api/sessions/", {"mission": mission.pk}, format="json")
    assert started.status_code == 201
    session_id = started.json()["id"]
    extended = owner_api.post(f"/api/sessions/{session_id}/extend/", {"minutes": 5})
    assert extended.json()["planned_minutes"] == 25
    done = owner_api.post(
        f"/api/sessions/{session_id}/complete/",
        {"actual_minutes": 18, "notes": "Felt good"},
        format="json",
    )
    assert done.json()["status"] == "completed"
    assert done.json()["actual_minutes"] == 18
    assert owner_api.get(f"/api/missions/{mission.pk}/").json()["status"] == "completed"
    assert owner_api.get(f"/api/sessions/?mission={mission.pk}").json()["count"] == 1


def test_triad_endpoint(owner, owner_api):
    goal = make_goal(owner)
    heavy = make_mission(goal, title="Hills", energy="high")
    light = make_mission(goal, title="Stretch", energy="low", estimated_minutes=10)
    assert owner_api.get("/api/triad/").json()["high"]["id"] == heavy.pk
    tired = owner_api.get("/api/triad/?energy=low").json()
    assert (tired["energy"], tired["high"]["id"]) == ("low", light.pk)
    assert owner_api.get("/api/triad/?energy=sleepy").status_code == 400


def test_anonymous_is_refused(client):
    assert client.get("/api/goals/").status_code in (401, 403)


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"title": "\u200b\u200b", "category": "health"}, "title: A title needs at least one"),
        ({"title": "Run\x00", "category": "health"}, "title: A title cannot contain a control"),
        ({"title": "Run", "description": "\ud800", "category": "health"}, "description: A desc"),
    ],
)
def test_invisible_or_broken_text_is_a_clear_400(owner_api, payload, message):
    response = owner_api.post("/api/goals/", json.dumps(payload), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["detail"].startswith(message)
    assert not Goal.objects.exists()


def test_json_nested_5000_deep_is_a_400_not_a_500(owner_api):
    body = '{"title": "Run", "category": ' + "[" * 5000 + "]" * 5000 + "}"
    response = owner_api.post("/api/goals/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "json_too_deep"
    assert not Goal.objects.exists()


@pytest.mark.parametrize(
    "query", ["goal=%C2%B2", "goal=99999999999999999999999", "milestone=-1", "goal=1.5"]
)
def test_filters_that_are_not_ids_answer_400(owner, owner_api, query):
    response = owner_api.get(f"/api/missions/?{query}")
    assert response.status_code == 400
    assert "whole number" in response.json()["detail"]
