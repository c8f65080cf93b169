from __future__ import annotations

import pytest

from delight.models import User
from goals.realtime import goal_update_send
from tests.factories import PASSWORD, make_user
from tests.goals.factories import make_goal
from tests.support.browser import live_app, log_in, page  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_sign_up_and_complete_onboarding_in_a_real_browser(page, live_server):  # noqa: F811
    page.goto(f"{live_server.url}/accounts/signup/")
    page.get_by_label("Username").fill("bea")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()

    page.get_by_label("What should Eliza call you?").fill("Bea")
    page.get_by_role("button", name="Continue").click()

    # The browser's own timezone is pre-selected on the clock step, and said so.
    browser_zone = page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone")
    # (the page's module script says so once it has run: wait for it, then read the choice)
    page.get_by_text(f"We found {browser_zone} from your browser.").wait_for()
    assert page.get_by_label("Timezone").input_value() == browser_zone
    # The search box narrows the list and picks the match.
    page.get_by_label("Find your city or region").fill("auckland")
    assert page.get_by_label("Timezone").input_value() == "Pacific/Auckland"
    page.get_by_label("Timezone").select_option("Pacific/Auckland")
    page.get_by_label("Productive start").fill("07:00")
    page.get_by_label("Productive end").fill("12:00")
    page.get_by_label("My day begins at").select_option("5")
    page.get_by_role("button", name="Continue").click()

    page.get_by_label("Email me when I drift away").check()
    page.get_by_label("Reminders a day").select_option("0")
    page.get_by_role("button", name="Finish").click()
    page.wait_for_url(f"{live_server.url}/")
    assert "Welcome, Bea" in page.content()
    assert page.get_by_role("button", name="Send to Eliza").is_visible()
    assert page.get_by_role("link", name="Set your first goal").first.is_visible()

    user = User.objects.get(username="bea")
    assert user.onboarded
    assert (user.timezone, user.email_opt_in) == ("Pacific/Auckland", True)
    assert (user.day_start_hour, user.daily_nudge_max) == (5, 0)


def test_a_goal_update_refreshes_homes_goals_without_a_reload(page, live_app):  # noqa: F811
    cleo = make_user("cleo", first_name="Cleo")
    page.add_init_script(
        "document.addEventListener('live:status', e => { window.liveState = e.detail.state })"
    )
    log_in(page, live_app, "cleo", PASSWORD)
    page.wait_for_function("window.liveState === 'live'")
    assert "No goals yet" in page.locator("#home-goals").inner_text()
    page.evaluate("window.notReloaded = true")

    goal = make_goal(cleo, title="Learn the cello")
    goal_update_send(
        user_id=cleo.pk,
        goal_id=goal.pk,
        decomposition_status=goal.decomposition_status,
        missions_count=0,
        error="",
    )
    page.locator("#home-goals", has_text="Learn the cello").wait_for(timeout=15_000)
    assert page.evaluate("window.notReloaded") is True
