"""The settings page in a real browser, on a desktop and a phone: it passes axe, nothing
spills sideways, and a change saved shows its toast and stays."""

from __future__ import annotations

import pytest

from delight.models import User
from tests.factories import PASSWORD, make_user
from tests.support.browser import accessibility_problems, live_app, log_in, page  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_settings_page_saves_and_passes_axe_on_desktop_and_phone(
    page,  # noqa: F811
    live_app,  # noqa: F811
    width,
    height,
):
    make_user("sven")
    page.set_viewport_size({"width": width, "height": height})
    log_in(page, live_app, "sven", PASSWORD)

    page.goto(f"{live_app}/settings/")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing sideways
    assert accessibility_problems(page) == []

    page.get_by_label("Find your city or region").fill("tokyo")
    assert page.get_by_label("Timezone").input_value() == "Asia/Tokyo"
    page.get_by_label("Pause all nudges").check()
    page.get_by_label("Reminders a day").select_option("1")
    page.get_by_role("button", name="Save settings").click()
    page.get_by_text("Saved. Your settings apply from now on.").wait_for()
    assert page.get_by_label("Pause all nudges").is_checked()
    assert accessibility_problems(page) == []

    sven = User.objects.get(username="sven")
    assert sven.nudges_paused
    assert sven.daily_nudge_max == 1
    assert sven.timezone == "Asia/Tokyo"
