"""The goal pages in a real browser, against real daphne and qcluster processes."""

from __future__ import annotations

import pytest

from goals.models import Goal, Mission
from tests.factories import PASSWORD, make_user
from tests.support.browser import live_app, log_in, page  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_create_a_goal_see_its_missions_arrive_live_and_complete_one(page, live_app):  # noqa: F811
    make_user("gale")
    log_in(page, live_app, "gale", PASSWORD)

    page.goto(f"{live_app}/goals/new/")
    page.get_by_label("Title").fill("Run a half marathon")
    page.get_by_label("Why it matters").fill("To feel strong again")
    page.get_by_label("Value").select_option("health")
    page.locator("#goal-save").click()

    # The worker plans the goal; the open page hears goal.update and shows the missions.
    page.locator("#decomposition-status[data-status='done']").wait_for(timeout=60_000)
    suggested = page.locator("li.mission[data-status='suggested']")
    assert suggested.count() >= 3

    page.locator("#approve-all").click()
    first = page.locator("li.mission[data-status='pending']").first
    first.wait_for()
    title = first.locator(".mission-title").inner_text()
    first.locator("button[data-action='complete']").click()
    page.locator("li.mission[data-status='completed']").first.wait_for()

    goal = Goal.objects.get(user__username="gale")
    assert goal.title == "Run a half marathon"
    assert Mission.objects.get(goal=goal, title=title).status == "completed"
