"""Background entry points of the world app (django-q2); thin wrappers over services."""

from __future__ import annotations

from delight.models import User
from world import services


def evaluate_due_zones() -> int:
    """Scheduled every 15 minutes (and once at each coming change): see the service."""
    return services.zones_evaluate_due()


def evaluate_user(user_id: int) -> int:
    """Re-evaluate one user at once (their clock changed); returns how many zones changed."""
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return 0
    return len(services.zones_evaluate_user(user=user))
