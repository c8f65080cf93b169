"""ws/world/: the signed-in user's live world updates and notifications."""

from __future__ import annotations

from delight.ws import UserConsumer


class WorldConsumer(UserConsumer):
    """Relays every event sent to the user's group (zone updates, notifications)."""
