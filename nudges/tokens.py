"""The signed token of an email's one-click unsubscribe link: it carries a person's id and
authorises turning their emails off without logging in. It has its own salt, so no other
signed value of Delight can stand in for it, and it never expires (an old email's link
keeps working)."""

from __future__ import annotations

from django.core import signing
from django.core.exceptions import ValidationError

from delight.models import User

SALT = "nudges.email.unsubscribe"
INVALID_MESSAGE = "This unsubscribe link is not valid; it may have been cut or changed."


def unsubscribe_token(user: User) -> str:
    return signing.Signer(salt=SALT).sign(str(user.pk))


def unsubscribe_user_id(token: str) -> int:
    """The id a token carries; a tampered or malformed token raises ValidationError."""
    try:
        return int(signing.Signer(salt=SALT).unsign(token))
    except (signing.BadSignature, ValueError):
        raise ValidationError(INVALID_MESSAGE, code="invalid_token") from None
