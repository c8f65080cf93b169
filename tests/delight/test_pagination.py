"""Pages of a list: only a page number from 1 is a page."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("page", ["", "0", "-1", "two"])
def test_a_page_that_is_no_page_number_answers_404_like_a_page_past_the_end(owner_api, page):
    response = owner_api.get(f"/api/missions/?page={page}")

    assert response.status_code == 404
    assert response.json()["detail"] == "Invalid page."
