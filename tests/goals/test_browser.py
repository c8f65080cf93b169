"""The goal pages in a real browser, against real daphne and qcluster processes."""

from __future__ import annotations

import pytest

from goals.models import Goal, Mission, MissionSession
from tests.factories import PASSWORD, make_user
from tests.goals.factories import make_goal, make_mission
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

    # Removing a suggestion can be undone from its toast.
    removed = suggested.first.locator(".mission-title").inner_text()
    suggested.first.locator("button[data-action='reject']").click()
    page.get_by_role("button", name="Undo").click()
    page.locator("li.mission[data-status='suggested']", has_text=removed).wait_for()

    page.locator("#approve-all").click()
    first = page.locator("li.mission[data-status='pending']").first
    first.wait_for()
    title = first.locator(".mission-title").inner_text()
    first.locator("button[data-action='complete']").click()
    page.locator("li.mission[data-status='completed']").first.wait_for()
    # The page after the post must have its scripts running, or the archive button posts
    # its form (the no-JavaScript path) instead of asking first.
    page.wait_for_load_state()

    goal = Goal.objects.get(user__username="gale")
    assert goal.title == "Run a half marathon"
    assert Mission.objects.get(goal=goal, title=title).status == "completed"
    assert Mission.objects.get(goal=goal, title=removed).status != "rejected"  # brought back

    # Archiving asks first; "Keep it" changes nothing.
    dialog = page.locator("#archive-goal")
    page.locator("button[data-goal-status='archived']").click()
    dialog.get_by_role("button", name="Keep it").click()
    dialog.wait_for(state="hidden")
    goal.refresh_from_db()
    assert goal.status == Goal.Status.ACTIVE
    page.locator("button[data-goal-status='archived']").click()
    dialog.get_by_role("button", name="Archive it").click()
    page.wait_for_load_state()
    goal.refresh_from_db()
    assert goal.status == Goal.Status.ARCHIVED


def test_a_paused_timer_stays_paused_after_a_reload(page, live_app):  # noqa: F811
    person = make_user("paula")
    mission = make_mission(make_goal(person), title="Write the intro", estimated_minutes=20)
    log_in(page, live_app, "paula", PASSWORD)

    page.goto(f"{live_app}/missions/{mission.pk}/session/")
    page.locator("#session-start").click()
    page.wait_for_function("document.querySelector('#timer')?.textContent < '20:00'")  # counting
    page.locator("#session-pause").click()
    page.locator("#session-resume").wait_for()
    shown = page.locator("#timer").inner_text()
    page.reload()
    assert page.locator("#timer").inner_text() == shown  # paused, even after a reload
    assert page.locator("#timer-state").inner_text() == "Paused"
    assert MissionSession.objects.get().paused_at is not None
    page.locator("#session-resume").click()
    page.locator("#session-pause").wait_for()
    page.wait_for_function(
        "shown => document.querySelector('#timer').textContent !== shown", arg=shown
    )
    assert MissionSession.objects.get().paused_at is None

    page.locator("#session-complete").click()
    page.locator("#session-finished").wait_for()
    assert "Nice focus" in page.locator("h1").inner_text()
