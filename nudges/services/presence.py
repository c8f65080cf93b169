"""The person's presence: when they were last meaningfully here, the nudges their return
answers, the easy mission it brings, and Eliza's welcome given."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from delight.models import User
from goals import selectors as goals_selectors
from goals import services as goals_services
from nudges.models import Presence

# Every statement of a WITH reads the table as it was before the INSERT: `before` is the
# presence the activity found. A later activity starts the cadence over (no nudge planned);
# one that ends an absence of `away` or more is a return, kept for Eliza's welcome (and
# `came_back` says so: the row as updated, whatever a concurrent activity did).
_SEEN = """
WITH before AS (SELECT last_active_at FROM nudges_presence WHERE user_id = %(user)s)
INSERT INTO nudges_presence (user_id, last_active_at, nudges_planned)
VALUES (%(user)s, %(at)s, 0)
ON CONFLICT (user_id) DO UPDATE SET
    last_active_at = GREATEST(nudges_presence.last_active_at, EXCLUDED.last_active_at),
    nudges_planned = CASE WHEN EXCLUDED.last_active_at > nudges_presence.last_active_at
        THEN 0 ELSE nudges_presence.nudges_planned END,
    away_from = CASE WHEN EXCLUDED.last_active_at - nudges_presence.last_active_at >= %(away)s
        THEN nudges_presence.last_active_at ELSE nudges_presence.away_from END,
    came_back_at = CASE WHEN EXCLUDED.last_active_at - nudges_presence.last_active_at >= %(away)s
        THEN EXCLUDED.last_active_at ELSE nudges_presence.came_back_at END
RETURNING (SELECT last_active_at FROM before), came_back_at = %(at)s AS came_back
"""


def presence_seen(*, user: User, at: dt.datetime | None = None) -> None:
    """The person did something meaningful at `at`: they are here (a later time never goes
    back, and the cadence of nudges starts over), and the nudges of the 48 hours before are
    answered; when it ends an absence of 48 hours, it is a return.

    A nudge is only ever sent to someone away 48 hours, so one can be waiting only when
    this activity ends such an absence (or is the first): every other message of a
    conversation costs one statement, atomic on its own, with no transaction around it
    (BEGIN and COMMIT would be two more round trips a message). A return's follow-ups run
    in their own transactions; should one fail, the return is still kept (Eliza welcomes
    them back) and the failure is logged by the announcement that called this.
    """
    at = at or timezone.now()
    with connection.cursor() as cursor:
        params: dict[str, Any] = {"user": user.pk, "at": at, "away": goals_selectors.AWAY_AFTER}
        cursor.execute(_SEEN, params)
        before, came_back = cursor.fetchone()
    if before is None or at - before >= goals_selectors.AWAY_AFTER:
        goals_services.nudge_outcomes_answer(user=user, at=at)
    if came_back:
        _ease_back_in(user=user, at=at)


def _ease_back_in(*, user: User, at: dt.datetime) -> None:
    """A return: one easy mission of the person's most-loved category in today's three
    (none without an active goal; Eliza welcomes them either way, see `welcome_pending`)."""
    category = goals_selectors.category_most_loved(user=user, now=at)
    if category is not None:
        goals_services.mission_ease_back_in(user=user, category=category, now=at)


@transaction.atomic
def presence_welcomed(*, user: User, at: dt.datetime | None = None) -> None:
    """Eliza welcomed the person back: their return's welcome is given (once)."""
    Presence.objects.owned_by(user).filter(came_back_at__isnull=False).update(
        welcomed_at=at or timezone.now()
    )
