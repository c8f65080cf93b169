"""Fixtures of the nudges tests: people who said yes to emails, a push service (the real
SMTP server is tests.support.fixtures')."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from pytest_django.fixtures import Settings

from delight.models import User
from tests.factories import make_user
from tests.nudges.push_server import PushService
from tests.support.fixtures import ai_config, openai_server, smtp_inbox, smtp_settings  # noqa: F401
from tests.support.processes import free_port


@pytest.fixture
def smtp_down(smtp_settings: Settings) -> int:  # noqa: F811 (the fixture imported above)
    """A port where no server listens: the mail server is down."""
    smtp_settings.EMAIL_PORT = free_port()
    return smtp_settings.EMAIL_PORT


@pytest.fixture
def smtp_silent(smtp_settings: Settings) -> Iterator[int]:  # noqa: F811 (the fixture imported above)
    """A server that accepts connections and never greets: every send times out."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        smtp_settings.EMAIL_PORT = listener.getsockname()[1]
        smtp_settings.EMAIL_TIMEOUT = 0.2
        yield smtp_settings.EMAIL_PORT


@pytest.fixture
def subscriber(db) -> User:
    """A person with an email address who said yes to emails from Eliza."""
    return make_user("olivia", first_name="Olivia", email="olivia@example.com", email_opt_in=True)


@pytest.fixture
def push_service(settings) -> Iterator[PushService]:
    """A local Web Push service on 127.0.0.1 (plain http, allowed for it here)."""
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = True
    with PushService() as service:
        yield service
