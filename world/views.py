"""Pages of the world app: the map of every zone, and one zone with the user's missions."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from delight.models import User
from delight.requests import PersonRequest
from world import selectors
from world.models import ValueCategory


def _category_words(categories: list[str]) -> str:
    """ "health", "growth or learning": the zone's kinds of effort, as words."""
    labels = dict(ValueCategory.choices)
    words = [str(labels.get(category, category)).lower() for category in categories]
    return " or ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " or " + words[-1]


# The zones' sky follows the person's clock (no place is known, so no true sunset): dark from
# DUSK_HOUR to DAWN_HOUR. Whether a zone is open is drawn apart, as lit or quiet buildings.
DUSK_HOUR, DAWN_HOUR = 18, 7


def _dark(user: User, now: dt.datetime | None = None) -> bool:
    hour = (now or timezone.now()).astimezone(user.zone).hour
    return hour >= DUSK_HOUR or hour < DAWN_HOUR


@login_required
@require_safe
def world(request: PersonRequest) -> HttpResponse:
    snapshot = selectors.world_snapshot(user=request.user)
    context = {"zones": snapshot["zones"], "dark": _dark(request.user)}
    return render(request, "world/world.html", context)


@login_required
@require_safe
def zone_detail(request: PersonRequest, slug: str) -> HttpResponse:
    zone = selectors.zone_get(slug=slug)
    state = selectors.zone_state(user=request.user, zone=zone)
    context = {
        "zone": {**state, "category_words": _category_words(state["categories"])},
        "missions": selectors.zone_missions(user=request.user, zone=zone),
        "dark": _dark(request.user),
    }
    return render(request, "world/zone.html", context)
