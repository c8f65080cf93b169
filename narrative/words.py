"""The story in plain words a person reads: what a passage was drawn from, and its opening.
No page, notification or memory shows a provenance kind or a quest key."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from zoneinfo import ZoneInfo

from django.utils.text import Truncator

from delight.ai.text import listed
from goals.models import Category
from narrative.models import Beat

# A reflection quoted on the page stays a line, however much the person wrote.
QUOTE_WORDS = 24
# Home's panel shows a passage's opening, enough to want the rest.
OPENING_WORDS = 45
HELD_TITLES = 3  # of the missions a passage held for later will tell, named on the page
EVENING_FROM = 17  # a passage held until this hour or later comes in the "evening"
SOON = dt.timedelta(minutes=15)  # a passage held no longer than this comes "in a few minutes"


def _titled(words: str) -> Callable[[Mapping[str, Any]], str]:
    return lambda part: words.format(title=part["title"]) if part.get("title") else ""


def _streak(part: Mapping[str, Any]) -> str:
    days = part.get("days")
    return streak_words(int(days), part.get("category") or "") if days else ""


def streak_words(days: int, category: str) -> str:
    """A streak as the story tells it: "A 7-day streak", "A 7-day health streak"."""
    if category in Category.values:
        return f"A {days}-day {Category(category).label.lower()} streak"
    return f"A {days}-day streak"


def _reflection(part: Mapping[str, Any]) -> str:  # their words after a session, or during
    words = str(part.get("words") or "").strip()
    return f"Your words: “{Truncator(words).words(QUOTE_WORDS)}”" if words else ""


# Each kind of real progress a beat may cite, told in plain words ("" when it says too little).
PROVENANCE_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "mission": _titled("You finished “{title}”"),
    "goal": _titled("You reached your goal “{title}”"),
    "streak": _streak,
    "reflection": _reflection,
    "notes": _reflection,
    "quest": _titled("A hidden quest: “{title}”"),
}


def provenance_words(provenance: Any) -> list[str]:
    """What a beat tells of, one phrase per piece of progress; kinds not known are left out."""
    if not isinstance(provenance, list):
        return []
    phrases = []
    for part in provenance:
        words = PROVENANCE_WORDS.get(part.get("kind", "")) if isinstance(part, dict) else None
        phrase = words(part) if words else ""
        if phrase and phrase not in phrases:
            phrases.append(phrase)
    return phrases


def opening(text: str, words: int = OPENING_WORDS) -> str:
    """A passage's first words on one line, "…" where it goes on."""
    return Truncator(text).words(words)


MEMORY_WORDS = 60  # of a beat's text kept in Eliza's memory, beside what it tells


def beat_memory(beat: Beat) -> str:
    """A beat as Eliza remembers it: where it stands in the story, what real progress it
    tells, and how it begins; dated on the person's own calendar."""
    told = "; ".join(provenance_words(beat.provenance))
    day = beat.user.local_day(beat.written_at or beat.requested_at)
    return (
        f"Story passage “{beat.title}” (act {beat.act}, chapter {beat.chapter}, "
        f"{day:%-d %B %Y}). It tells: {told}. {opening(beat.text, MEMORY_WORDS)}"
    )


def held_words(
    *, at: dt.datetime, missions: Sequence[str], now: dt.datetime, zone: ZoneInfo
) -> str:
    """When the passage held for later comes, on the person's clock, and what it tells:
    "Your next passage comes this evening at 20:00, telling of “Run 2 km” and “Stretch”."."""
    local, today = at.astimezone(zone), now.astimezone(zone).date()
    part = "evening" if local.hour >= EVENING_FROM else "day"
    quoted = [f"“{title}”" for title in missions[:HELD_TITLES]]
    if len(missions) > HELD_TITLES:
        quoted.append(f"{len(missions) - HELD_TITLES} more")
    telling = f", telling of {listed(quoted)}" if quoted else ""
    if at - now <= SOON:  # a burst being gathered: no hour to wait for
        return f"Your next passage comes in a few minutes{telling}."
    if local.date() == today:
        day = "this evening" if part == "evening" else "today"
    elif local.date() == today + dt.timedelta(days=1):
        day = "tomorrow evening" if part == "evening" else "tomorrow"
    else:
        day = f"on {local:%A}"
    return f"Your next passage comes {day} at {local:%H:%M}{telling}."
