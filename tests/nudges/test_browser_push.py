"""The push switch in a real Chromium: the service worker takes the whole site and the
switch says where things stand in words."""

from __future__ import annotations

import pytest

from tests.factories import PASSWORD, make_user
from tests.support.browser import accessibility_problems, log_in, page  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_the_more_page_registers_the_service_worker_for_the_whole_site(page, live_server):  # noqa: F811
    make_user("cleo", first_name="Cleo")
    log_in(page, live_server.url, "cleo", PASSWORD)

    page.goto(f"{live_server.url}/more/")
    state = page.locator("[data-push-state]")
    state.filter(has_text="Off on this device.").wait_for()

    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == f"{live_server.url}/"
    assert page.get_by_role("button", name="Get Eliza's notes on this device").is_visible()
    assert accessibility_problems(page) == []


def test_notifications_blocked_in_the_browser_are_said_so(page, live_server):  # noqa: F811
    make_user("cleo", first_name="Cleo")
    log_in(page, live_server.url, "cleo", PASSWORD)
    page.context.clear_permissions()
    page.add_init_script(
        "Object.defineProperty(Notification, 'permission', { get: () => 'denied' })"
    )

    page.goto(f"{live_server.url}/more/")

    page.locator("[data-push-state]", has_text="Blocked in your browser settings").wait_for()
    assert not page.get_by_role("button", name="Get Eliza's notes on this device").is_visible()
