"""The bell in a real browser against real daphne: a note given elsewhere shows at once on
an open page, on the bell and on the phone's More tab, and opening it reads it."""

from __future__ import annotations

import pytest

from nudges import services
from nudges.models import Notification
from tests.factories import PASSWORD, make_user
from tests.support.browser import live_app, log_in, page  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_new_note_rings_the_bell_live_and_opening_it_reads_it(page, live_app):  # noqa: F811
    noor = make_user("noor")
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_app, "noor", PASSWORD)
    page.goto(f"{live_app}/today/")
    page.wait_for_load_state("networkidle")
    assert page.locator(".bell [data-unread-badge]").is_hidden()

    services.notification_give(
        user=noor, kind="milestone", key="m7", title="7 days in a row!", url="/progress/"
    )

    page.wait_for_function(
        "document.querySelector('.bell [data-unread-count]').textContent === '1'"
    )
    assert page.locator(".tabbar [data-unread-count]").inner_text() == "1"
    assert page.locator(".bell").get_attribute("aria-label") == "Notifications, 1 unread"
    page.locator(".bell").click()
    page.get_by_role("button", name="7 days in a row!").click()
    page.wait_for_url(f"{live_app}/progress/")
    assert Notification.objects.get(user=noor).state == Notification.State.READ
