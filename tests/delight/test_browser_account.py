"""The account's pages in a real browser, on a desktop and a phone: changing a password
from Settings and back, logging out, and deleting the account; each page passes axe and
nothing spills sideways."""

from __future__ import annotations

import pytest

from delight.models import User
from tests.factories import PASSWORD, make_user
from tests.support.browser import accessibility_problems, live_app, log_in, page  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

NEW_PASSWORD = "a-new-long-pass-9"


def looks_right(page, width: int) -> None:  # noqa: F811
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing sideways
    assert accessibility_problems(page) == []


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_person_changes_their_password_logs_out_and_leaves(
    page,  # noqa: F811
    live_app,  # noqa: F811
    width,
    height,
):
    make_user("sven")
    page.set_viewport_size({"width": width, "height": height})
    log_in(page, live_app, "sven", PASSWORD)

    page.goto(f"{live_app}/settings/")
    page.get_by_role("link", name="Change your password").click()
    looks_right(page, width)
    page.get_by_label("Old password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("New password confirmation").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Change password").click()
    page.get_by_text("Your password is changed.").wait_for()
    assert page.url == f"{live_app}/settings/"

    page.goto(f"{live_app}/more/")
    page.get_by_role("button", name="Log out").click()
    page.get_by_role("heading", name="You're logged out").wait_for()
    looks_right(page, width)

    log_in(page, live_app, "sven", NEW_PASSWORD)
    page.goto(f"{live_app}/settings/")
    page.get_by_role("link", name="Delete your account").click()
    looks_right(page, width)
    page.get_by_label("Your password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Delete my account").click()
    page.get_by_role("heading", name="Your account is deleted").wait_for()
    looks_right(page, width)
    assert not User.objects.filter(username="sven").exists()
