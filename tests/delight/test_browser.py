from __future__ import annotations

import pytest

from delight.models import User
from tests.factories import PASSWORD
from tests.support.browser import page  # noqa: F401  (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_sign_up_and_complete_onboarding_in_a_real_browser(page, live_server):  # noqa: F811
    page.goto(f"{live_server.url}/accounts/signup/")
    page.get_by_label("Username").fill("bea")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()

    page.get_by_label("What should Eliza call you?").fill("Bea")
    page.get_by_role("button", name="Continue").click()

    # The browser's own timezone is pre-selected on the clock step.
    browser_zone = page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone")
    assert page.get_by_label("Timezone").input_value() == browser_zone
    page.get_by_label("Timezone").fill("Pacific/Auckland")
    page.get_by_label("Productive start").fill("07:00")
    page.get_by_label("Productive end").fill("12:00")
    page.get_by_role("button", name="Continue").click()

    page.get_by_label("Email me when I drift away").check()
    page.get_by_role("button", name="Finish").click()
    page.wait_for_url(f"{live_server.url}/")
    assert "Welcome back, Bea" in page.content()

    user = User.objects.get(username="bea")
    assert user.onboarded
    assert (user.timezone, user.email_opt_in) == ("Pacific/Auckland", True)
