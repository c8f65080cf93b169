"""What the story tells the person in the notification centre (through nudges' services):
a hidden quest found, with Eliza's message, and a new passage, each once."""

from __future__ import annotations

from django.urls import reverse

from delight.models import User
from narrative.models import Beat
from narrative.words import opening
from nudges import services as nudges_services
from nudges.models import Notification

BEAT_NOTICE_WORDS = 30  # a passage's opening in its notice: enough to want the rest


def quest_tell(*, user: User, key: str, title: str, message: str) -> None:
    """The quest's notice with Eliza's message; given once per quest."""
    nudges_services.notification_give(
        user=user,
        kind=Notification.Kind.QUEST,
        key=f"quest:{key}",
        title=f"A hidden quest: {title}",
        body=message,
        url=reverse("today"),
    )


def beat_tell(*, beat: Beat) -> None:
    """A new passage's notice, with its opening; given once per beat."""
    nudges_services.notification_give(
        user=beat.user,
        kind=Notification.Kind.STORY,
        key=f"beat:{beat.pk}",
        title=f"A new passage of your story: {beat.title}",
        body=opening(beat.text, BEAT_NOTICE_WORDS),
        url=reverse("story") + "#latest",
    )
