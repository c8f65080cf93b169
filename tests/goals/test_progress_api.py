"""GET /api/progress/: a person's streaks, from their own days."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals import services
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db


def _finish_on_days(user, days_ago: list[int], category: str = "health") -> None:
    goal = make_goal(user, category=category)
    for ago in days_ago:
        mission = make_mission(goal)
        at = timezone.now() - dt.timedelta(days=ago)
        services.mission_complete(user=user, mission_id=mission.pk, now=at)


def test_progress_shows_the_persons_streak_overall_and_by_category(owner, owner_api):
    _finish_on_days(owner, [2, 1, 0])

    body = owner_api.get("/api/progress/").json()

    overall = body["streaks"]["overall"]
    assert (overall["current"], overall["longest"]) == (3, 3)
    assert 0 < overall["strength"] < 1
    assert overall["next_milestone"] == 7
    assert body["streaks"]["by_category"]["health"]["current"] == 3
    assert body["streaks"]["by_category"]["growth"]["current"] == 0
    assert body["dci"] is None


def test_a_person_sees_only_their_own_progress(owner, outsider_api):
    _finish_on_days(owner, [1, 0])

    body = outsider_api.get("/api/progress/").json()

    assert body["streaks"]["overall"]["longest"] == 0


def test_progress_needs_a_signed_in_person(client, db):
    assert client.get("/api/progress/").status_code in (401, 403)


def test_days_are_one_row_per_local_date_with_what_happened(owner, owner_api):
    goal = make_goal(owner)
    moment = timezone.now()
    mission = make_mission(goal)
    session = services.session_start(user=owner, mission_id=mission.pk, now=moment)
    services.session_complete(user=owner, session_id=session.pk, actual_minutes=25, now=moment)

    rows = owner_api.get("/api/progress/days/").json()

    assert len(rows) == 90
    today = rows[-1]
    assert (today["active"], today["missions_done"], today["minutes"]) == (True, 1, 25)
    assert not any(row["active"] for row in rows[:-1])
    assert all(row["dci"] is None for row in rows)


def test_a_day_a_freeze_covered_is_marked(owner, owner_api):
    # Seven days in a row earn a freeze; a missed day two days ago is then covered by it.
    _finish_on_days(owner, [9, 8, 7, 6, 5, 4, 3, 1, 0])
    today = dt.date.fromisoformat(owner_api.get("/api/progress/days/").json()[-1]["date"])
    missed = today - dt.timedelta(days=2)

    rows = owner_api.get(f"/api/progress/days/?from={missed}&to={missed}").json()

    assert rows == [
        {
            "date": missed.isoformat(),
            "active": False,
            "freeze_used": True,
            "missions_done": 0,
            "minutes": 0,
            "dci": None,
        }
    ]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("from=yesterday", "from"),
        ("from=2026-02-01&to=2026-01-01", "from"),
        ("from=2020-01-01&to=2026-01-01", "from"),
    ],
)
def test_a_bad_range_is_refused_with_a_clear_error(owner_api, query, field):
    response = owner_api.get(f"/api/progress/days/?{query}")

    assert response.status_code == 400
    assert field in response.json()["errors"]


def test_the_newest_consistency_index_comes_with_its_parts_weights_and_trends(
    owner, owner_api, outsider_api
):
    owner.date_joined = timezone.now() - dt.timedelta(days=4)
    owner.save(update_fields=["date_joined"])
    _finish_on_days(owner, [3, 2, 1])
    services.consistency_snapshots_write()

    body = owner_api.get("/api/progress/").json()

    dci = body["dci"]
    assert 0 < dci["value"] <= 1
    assert set(dci["components"]) == {"strength", "completion", "engagement", "nudge_response"}
    assert dci["components"]["nudge_response"] is None  # no nudge sent: left out
    assert set(dci["weights"]) == {"strength", "completion", "engagement"}
    assert sum(dci["weights"].values()) == pytest.approx(1)
    assert dci["trend"]["7"]["mean"] is not None
    assert set(dci["trend"]) == {"7", "30", "90"}
    rows = owner_api.get("/api/progress/days/").json()
    assert rows[-2]["dci"] == pytest.approx(dci["value"])
    assert rows[-1]["dci"] is None  # today is not over
    assert outsider_api.get("/api/progress/").json()["dci"] is None
