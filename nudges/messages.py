"""What a nudge says: its title, body and link, chosen for the person and the step of their
absence."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.urls import reverse

from nudges.models import ScheduledSend

Step = ScheduledSend.Step

# One warm text per step (the first wording; the full table of templates replaces it).
_TEXTS = {
    Step.DAY_2: ("Eliza is thinking of you", "Whenever you feel like it, I'm here to talk."),
    Step.DAY_4: ("A small hello from Eliza", "No pressure at all: one small step is plenty."),
    Step.DAY_7: ("Eliza will be here", "I'll be here whenever you want to come back."),
}


@dataclass(frozen=True)
class NudgeMessage:
    title: str
    body: str
    url: str
    template: str  # the template's key, or "model"


def nudge_message(*, send: ScheduledSend, now: dt.datetime) -> NudgeMessage:
    """The message of one scheduled send."""
    title, body = _TEXTS[send.step]
    return NudgeMessage(title=title, body=body, url=reverse("chat"), template=send.step)
