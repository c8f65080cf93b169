"""Pages of the world app: the map of every zone, and one zone with the user's missions."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from delight.requests import PersonRequest
from world import selectors
from world.models import ValueCategory


def _category_words(categories: list[str]) -> str:
    """ "health", "growth or learning": the zone's kinds of effort, as words."""
    labels = dict(ValueCategory.choices)
    words = [str(labels.get(category, category)).lower() for category in categories]
    return " or ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " or " + words[-1]


@login_required
@require_safe
def world(request: PersonRequest) -> HttpResponse:
    snapshot = selectors.world_snapshot(user=request.user)
    return render(request, "world/world.html", {"zones": snapshot["zones"]})


@login_required
@require_safe
def zone_detail(request: PersonRequest, slug: str) -> HttpResponse:
    zone = selectors.zone_get(slug=slug)
    state = selectors.zone_state(user=request.user, zone=zone)
    context = {
        "zone": {**state, "category_words": _category_words(state["categories"])},
        "missions": selectors.zone_missions(user=request.user, zone=zone),
    }
    return render(request, "world/zone.html", context)
