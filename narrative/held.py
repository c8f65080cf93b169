"""When the person's passage held for later comes, in words: for the story page, the story's
panel on Home and Eliza (a day's missions are told in the evening; see beat_request)."""

from __future__ import annotations

import datetime as dt

from delight.models import User
from narrative import selectors
from narrative.words import held_words


def held_said(*, user: User, now: dt.datetime) -> str:
    """ "Your next passage comes this evening at 20:00, telling of “Run 2 km”."; "" when no
    passage is held."""
    held = selectors.beat_held(user=user, now=now)
    return held_words(at=held.at, missions=held.missions, now=now, zone=user.zone) if held else ""
