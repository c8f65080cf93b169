"""Shared builders for every app's tests: people and authenticated API clients."""

from __future__ import annotations

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from delight.models import User

PASSWORD = "correct-horse-battery-staple"


def make_user(username: str, **fields) -> User:
    """A person who finished onboarding (unless told otherwise), with PASSWORD."""
    fields.setdefault("onboarding_step", User.Onboarding.DONE)
    user = User(username=username, **fields)
    user.set_password(PASSWORD)
    user.save()
    return user


def token_client(user: User) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client
