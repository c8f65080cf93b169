"""email_unsubscribe: a signed token turns its person's emails off, once and for all."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from delight.models import User
from nudges.services import email_unsubscribe
from nudges.tokens import unsubscribe_token


def test_a_token_turns_its_persons_emails_off(subscriber: User) -> None:
    user = email_unsubscribe(token=unsubscribe_token(subscriber))

    subscriber.refresh_from_db()
    assert user.pk == subscriber.pk
    assert subscriber.email_opt_in is False


def test_a_second_use_changes_nothing_and_succeeds(subscriber: User) -> None:
    token = unsubscribe_token(subscriber)
    email_unsubscribe(token=token)

    assert email_unsubscribe(token=token).email_opt_in is False


@pytest.mark.parametrize("token", ["", "1", "1:", "not-a-token", "1:AAAA", "x:y:z"])
def test_a_malformed_token_raises_a_clear_error(subscriber: User, token: str) -> None:
    with pytest.raises(ValidationError, match="not valid"):
        email_unsubscribe(token=token)

    subscriber.refresh_from_db()
    assert subscriber.email_opt_in is True


def test_the_token_of_a_deleted_account_raises_a_clear_error(subscriber: User) -> None:
    token = unsubscribe_token(subscriber)
    User.objects.filter(pk=subscriber.pk).delete()

    with pytest.raises(ValidationError, match="not valid"):
        email_unsubscribe(token=token)
