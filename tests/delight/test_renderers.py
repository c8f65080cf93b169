"""JSON answers always reach the person: a lone surrogate a request sent, echoed back in
its error, is written as U+FFFD instead of failing the answer as a 500."""

from __future__ import annotations

import json

import pytest

from delight.models import User
from delight.renderers import JSONRenderer, mended
from goals.models import Goal
from tests.goals.factories import make_goal, make_mission
from tests.nudges.factories import make_notification

pytestmark = pytest.mark.django_db

LONE = "x\ud800"  # json.dumps writes it as the escape "x\\ud800"


def test_text_that_utf8_cannot_hold_is_mended_keys_and_all():
    data = {"category": [f"“{LONE}” is not a valid choice."], LONE: (LONE, 3)}

    assert json.loads(JSONRenderer().render(data)) == mended(data)
    assert mended(data) == {
        "category": ["“x\ufffd” is not a valid choice."],
        "x\ufffd": ["x\ufffd", 3],
    }


def surrogate_requests(user: User) -> list[tuple[str, str, dict, str]]:
    """(method, path, body, field) for every field that once answered 500 for a lone
    surrogate: DRF (or the import) echoed it into its error."""
    goal = make_goal(user)
    mission = make_mission(goal)
    note = make_notification(user)
    event = {"occurred_at": "2026-01-05T10:00:00Z", "category": LONE}
    return [
        ("patch", "/api/me/", {"timezone": LONE}, "timezone"),
        ("post", "/api/goals/", {"title": "Run", "category": LONE}, "category"),
        ("post", "/api/companion/memories/", {"content": "Likes tea", "tier": LONE}, "tier"),
        ("patch", f"/api/missions/{mission.pk}/", {"energy": LONE}, "energy"),
        ("post", f"/api/notifications/{note.pk}/snooze/", {"for": LONE}, "for"),
        ("patch", "/api/companion/profile/", {"communication_style": LONE}, "communication_style"),
        ("post", f"/api/goals/{goal.pk}/status/", {"status": LONE}, "status"),
        ("post", "/api/progress/import/", {"events": [event]}, "events[0].category"),
    ]


def test_a_lone_surrogate_in_any_field_answers_400_naming_it_and_changes_nothing(owner, owner_api):
    cases = surrogate_requests(owner)
    goals_before = Goal.objects.count()
    for method, path, body, field in cases:
        response = getattr(owner_api, method)(
            path, json.dumps(body), content_type="application/json"
        )

        assert response.status_code == 400, (path, response.content)
        answer = json.loads(response.content.decode("utf-8"))  # UTF-8 all through
        assert field in json.dumps(answer, ensure_ascii=False)
        assert "\ufffd" in json.dumps(answer, ensure_ascii=False)  # said back, mended
    owner.refresh_from_db()
    assert owner.timezone != LONE
    assert Goal.objects.count() == goals_before
