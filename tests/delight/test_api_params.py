"""Query parameters are checked at the edge: a date the code cannot work with answers 400
naming the parameter, never a 500."""

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
    "query", ["/api/progress/days/?to=2026-13-01", "/api/story/world/?at=yesterday"]
)
def test_a_date_that_is_no_date_says_how_to_write_one(owner_api, query):
    response = owner_api.get(query)

    assert response.status_code == 400
    assert list(response.json()["errors"].values()) == ["Must be a date as YYYY-MM-DD."]


def test_dates_inside_the_range_are_answered(owner_api):
    assert owner_api.get("/api/progress/days/?from=1900-01-01&to=1900-01-02").status_code == 200
    assert owner_api.get("/api/story/world/?at=2199-12-31").status_code == 200
