"""Pages of the world app: every zone, and one zone with the user's missions."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from world import selectors


@login_required
def world(request: HttpRequest) -> HttpResponse:
    snapshot = selectors.world_snapshot(user=request.user)
    return render(request, "world/world.html", {"zones": snapshot["zones"]})


@login_required
def zone_detail(request: HttpRequest, slug: str) -> HttpResponse:
    zone = selectors.zone_get(slug=slug)
    context = {
        "zone": selectors.zone_state(user=request.user, zone=zone),
        "missions": selectors.zone_missions(user=request.user, zone=zone),
    }
    return render(request, "world/zone.html", context)
