"""The Habits pages in a real browser, on a desktop and a phone: a habit added, today
ticked from the list, yesterday ticked on its calendar; each page passes axe and nothing
spills sideways."""

from __future__ import annotations

import pytest

from goals.models import HabitCheckIn
from tests.factories import PASSWORD, make_user
from tests.support.browser import accessibility_problems, live_app, log_in, page  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def looks_right(page, width: int) -> None:  # noqa: F811
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing sideways
    assert accessibility_problems(page) == []


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_person_adds_a_habit_and_ticks_today_and_yesterday(
    page,  # noqa: F811
    live_app,  # noqa: F811
    width,
    height,
):
    make_user("hana")
    page.set_viewport_size({"width": width, "height": height})
    log_in(page, live_app, "hana", PASSWORD)

    page.goto(f"{live_app}/habits/")
    looks_right(page, width)
    assert not page.get_by_label("Times a week").is_visible()  # only what the schedule needs
    page.get_by_label("How often").select_option("weekly")
    assert page.get_by_label("Times a week").is_visible()
    page.get_by_label("How often").select_option("daily")
    page.get_by_label("Title").fill("Meditate")
    page.get_by_label("Value").select_option("health")
    page.get_by_role("button", name="Add the habit").click()
    page.get_by_text("“Meditate” is one of your habits now.").wait_for()
    page.get_by_role("button", name="Tick today: Meditate").click()
    page.get_by_text("1 day in a row").wait_for()
    looks_right(page, width)

    page.get_by_role("link", name="Meditate").click()
    looks_right(page, width)
    page.locator("#habit-calendar button[aria-pressed='false']").last.click()
    page.get_by_text("2 days in a row").wait_for()
    assert HabitCheckIn.objects.filter(user__username="hana").count() == 2
