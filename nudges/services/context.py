"""What makes a planned nudge personal: someone dear to name, found by the app that knows
the person (delight.details)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from delight.details import person_detail
from delight.models import User
from delight.selectors import owned_or_not_found
from nudges.models import ScheduledSend

DETAIL_MAX_CHARS = 60  # a few words naming someone dear ("your sister Ana")


@transaction.atomic
def scheduled_send_context_set(*, user: User, send_id: int, detail: str) -> ScheduledSend:
    """Keep `detail` on the person's planned send (another person's: NotFound).

    A send no longer waiting keeps its context: its words are already chosen. A detail
    that is empty, too long or more than one line is refused and changes nothing.
    """
    detail = " ".join(detail.split())
    if not detail or len(detail) > DETAIL_MAX_CHARS or "\n" in detail:
        raise ValidationError(
            "A nudge's detail is a few words on one line (at most %(limit)s characters).",
            params={"limit": DETAIL_MAX_CHARS},
            code="bad_detail",
        )
    send = owned_or_not_found(ScheduledSend.objects.select_for_update(), user=user, pk=send_id)
    if send.state == ScheduledSend.State.PENDING:
        send.context = {**send.context, "detail": detail}
        send.save(update_fields=["context"])
    return send


def scheduled_send_personalise(*, user: User, send_id: int) -> ScheduledSend | None:
    """Name someone dear in the person's planned send when a finder knows one (the send, or
    None when there is no one to name)."""
    detail = person_detail(user=user)
    if not detail:
        return None
    return scheduled_send_context_set(user=user, send_id=send_id, detail=detail)
