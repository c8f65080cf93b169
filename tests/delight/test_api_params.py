"""Query parameters and dates are checked at the edge: a value the code cannot work with
answers 400 naming the parameter or field, never a 500; each is taken exactly as the schema
says (only "YYYY-MM-DD", ids from 1, one of the listed choices)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "query",
    [
        "/api/progress/days/?to=0001-01-01",
        "/api/progress/days/?from=0001-01-01&to=2026-01-01",
        "/api/progress/days/?to=9999-12-31",
        "/api/story/world/?at=9999-12-31",
        "/api/story/world/?at=0001-01-01",
    ],
)
def test_a_date_at_the_calendars_ends_answers_400_naming_the_parameter(owner_api, query):
    response = owner_api.get(query)

    assert response.status_code == 400
    name = query.split("?")[1].split("=")[0]
    assert response.json()["errors"][name] == "Must be a date from 1900-01-01 to 2199-12-31."


@pytest.mark.parametrize(
    "query",
    [
        "/api/progress/days/?to=2026-13-01",
        "/api/story/world/?at=yesterday",
        "/api/story/world/?at=20260105",  # Python's fromisoformat reads these two as dates
        "/api/story/world/?at=2026-W01-1",
        "/api/story/world/?at=",
    ],
)
def test_a_date_that_is_no_date_says_how_to_write_one(owner_api, query):
    response = owner_api.get(query)

    assert response.status_code == 400
    assert list(response.json()["errors"].values()) == ["Must be a date as YYYY-MM-DD."]


def test_dates_inside_the_range_are_answered(owner_api):
    assert owner_api.get("/api/progress/days/?from=1900-01-01&to=1900-01-02").status_code == 200
    assert owner_api.get("/api/story/world/?at=2199-12-31").status_code == 200


@pytest.mark.parametrize("date", ["2026-1-5", "20260105", "0500-01-01", 20260105])
def test_a_date_in_a_body_is_taken_only_as_the_schema_writes_it(owner_api, owner, date):
    response = owner_api.post(
        "/api/goals/", {"title": "Run", "category": "health", "target_date": date}
    )

    assert response.status_code == 400
    assert "target_date" in response.json()["errors"]
    assert not owner.goals.exists()


@pytest.mark.parametrize("value", ["", "0", "-3", "1.5", "9" * 19])
def test_an_id_parameter_is_a_whole_number_from_one(owner_api, value):
    response = owner_api.get(f"/api/missions/?goal={value}")

    assert response.status_code == 400
    assert response.json()["errors"] == {"goal": "Must be an id (a whole number from 1)."}


def test_a_choice_parameter_given_empty_is_no_choice(owner_api):
    response = owner_api.get("/api/triad/?energy=")

    assert response.status_code == 400
    assert "energy" in response.json()["errors"]
