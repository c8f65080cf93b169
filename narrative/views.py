"""Pages of the narrative app: the person's story, read like a book, and taking a choice one
of its passages offers. Views gather reads and call a service; they decide nothing."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from delight.models import User
from delight.requests import PersonRequest
from narrative import selectors, services
from narrative.beats import services as beats
from narrative.held import held_said
from narrative.quests import quests_found

# The id of the page's live part (live.js refreshes it after a `story.beat` event).
LIVE_PART = "story-page"
LEDGER_SHOWN = 20


def _quests(user: User) -> list[tuple[str, Any]]:
    """The hidden quests unlocked, newest first, as (title, when); a quest taken out of the
    table is not shown."""
    return [(quest.title, unlock.unlocked_at) for quest, unlock in quests_found(user=user)]


def _story_context(user: User) -> dict[str, Any]:
    story = services.story_start(user=user)  # stories start on first read (see story_start)
    world = selectors.story_map(story=story)
    zones = selectors.place_zones(story=story)
    chapters = selectors.story_chapters(story=story)
    return {
        "story": story,
        "now": selectors.story_chapter(story=story),
        "chapters": chapters,
        "latest": chapters[-1].beats[-1] if chapters else None,
        "world": world,
        "places": [(place, zones.get(place.key, "")) for place in world.places],
        "quests": _quests(user),
        "balance": selectors.essence_balance(user=user),
        "ledger": selectors.essence_ledger(user=user)[:LEDGER_SHOWN],
        "held": held_said(user=user, now=timezone.now()),
        "taken": selectors.choices_taken(user=user),
        "live_part": LIVE_PART,
    }


@login_required
@require_GET
def story_page(request: PersonRequest) -> HttpResponse:
    """The story: its chapters with their passages, oldest first, the newest marked; beside
    them the map, the people met, the items held, the quests found and the Essence ledger.
    live.js asking for the live part (X-Delight-Part) gets that part alone."""
    context = _story_context(request.user)
    if request.headers.get("X-Delight-Part") == LIVE_PART:
        return render(request, "narrative/_story.html", context)
    return render(request, "narrative/story.html", context)


@login_required
@require_POST
def story_choice(request: PersonRequest) -> HttpResponse:
    """Take the choice a passage offers (spending Essence); a refusal is shown and changes
    nothing. Another person's passage answers 404, as every other person's object does
    (the service's NotFound is the middleware's 404)."""
    try:
        beat_id = int(request.POST.get("beat", ""))
    except ValueError:
        messages.error(request, "Choose one of the offers in your story to take it.")
        return redirect("story")
    try:
        beats.story_choice_take(user=request.user, beat_id=beat_id)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("story")
    messages.success(request, "Your choice is made. The next passage is being written.")
    return redirect(reverse("story") + "#latest")
