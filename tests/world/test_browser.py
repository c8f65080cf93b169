"""The world page in a real browser updates live when a zone changes for its person."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from tests.factories import PASSWORD, make_user
from tests.support.browser import live_app, log_in, page  # noqa: F401  (fixtures)
from world import services
from world.models import Zone

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def closed_now_rules() -> dict:
    """An Arena rule whose only open hour is twelve hours away in UTC."""
    start = (timezone.now() + dt.timedelta(hours=12)).replace(minute=0, second=0)
    end = start + dt.timedelta(hours=1)
    window = {"start": f"{start:%H:%M}", "end": f"{end:%H:%M}"}
    return {"open": [window], "productive_hours_override": False}


def test_zone_card_flips_live_when_the_zone_closes(page, live_app, zones):  # noqa: F811
    wren = make_user("wren", timezone="UTC")
    arena = zones["arena"]
    arena.rules = {"open": [], "productive_hours_override": False}
    arena.save()
    services.zones_evaluate_user(user=wren)

    log_in(page, live_app, "wren", PASSWORD)
    page.goto(f"{live_app}/world/")
    card = page.locator("[data-zone='arena']")
    assert card.get_attribute("data-state") == "open"
    page.locator("#world-live[data-live='live']").wait_for()

    Zone.objects.filter(pk=arena.pk).update(rules=closed_now_rules())
    changes = services.zones_evaluate_user(user=wren)
    assert [change.zone["slug"] for change in changes] == ["arena"]
    page.locator("[data-zone='arena'][data-state='closed']").wait_for(timeout=15_000)
    assert "Opens" in card.inner_text() or "opens" in card.inner_text()
