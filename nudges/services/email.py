"""Turning emails off from an unsubscribe link."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from delight.models import User
from delight.services import user_update_profile
from nudges.tokens import INVALID_MESSAGE, unsubscribe_user_id


@transaction.atomic
def email_unsubscribe(*, token: str) -> User:
    """Turn emails off for the person a signed token names. Idempotent: a second use
    changes nothing. A tampered token, or one of a deleted account, raises ValidationError
    and changes nothing."""
    user = User.objects.filter(pk=unsubscribe_user_id(token)).first()
    if user is None:
        raise ValidationError(INVALID_MESSAGE, code="invalid_token")
    if user.email_opt_in:
        user = user_update_profile(user=user, email_opt_in=False)
    return user
