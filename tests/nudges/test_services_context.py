"""What the companion adds to a planned nudge (services.scheduled_send_context_set)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from delight.errors import NotFound
from nudges import services
from nudges.models import ScheduledSend
from tests.nudges.factories import make_scheduled_send

pytestmark = pytest.mark.django_db


def test_a_detail_is_kept_on_the_planned_send(owner):
    send = make_scheduled_send(owner, context={"kept": True})

    services.scheduled_send_context_set(user=owner, send_id=send.pk, detail=" your  sister Ana ")

    send.refresh_from_db()
    assert send.context == {"kept": True, "detail": "your sister Ana"}


@pytest.mark.parametrize("detail", ["", "   ", "x" * 61])
def test_a_bad_detail_is_refused_and_changes_nothing(owner, detail):
    send = make_scheduled_send(owner)

    with pytest.raises(ValidationError, match="a few words"):
        services.scheduled_send_context_set(user=owner, send_id=send.pk, detail=detail)

    send.refresh_from_db()
    assert send.context == {}


def test_another_persons_send_is_not_found(owner, outsider):
    send = make_scheduled_send(owner)

    with pytest.raises(NotFound):
        services.scheduled_send_context_set(user=outsider, send_id=send.pk, detail="your dog Rex")

    send.refresh_from_db()
    assert send.context == {}


def test_a_send_already_sent_keeps_its_words(owner):
    send = make_scheduled_send(owner, state=ScheduledSend.State.SENT)

    services.scheduled_send_context_set(user=owner, send_id=send.pk, detail="your dog Rex")

    send.refresh_from_db()
    assert send.context == {}
