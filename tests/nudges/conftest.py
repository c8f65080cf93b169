"""Fixtures of the nudges tests: a real local SMTP server with Django's SMTP backend pointed
at it, and people who said yes to emails."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from aiosmtpd.controller import Controller
from pytest_django.fixtures import Settings

from delight.models import User
from tests.factories import make_user
from tests.nudges.push_server import PushService
from tests.support.fixtures import ai_config, openai_server  # noqa: F401
from tests.support.processes import free_port
from tests.support.smtp import SITE_URL, Inbox


@pytest.fixture
def smtp_settings(settings: Settings) -> Settings:
    """Django sends through its real SMTP backend (pytest-django puts locmem in its place),
    quick to give up, and links point at SITE_URL."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_HOST_USER = ""
    settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 5
    settings.SITE_URL = SITE_URL
    return settings


@pytest.fixture
def smtp_inbox(smtp_settings: Settings) -> Iterator[Inbox]:
    """A real SMTP server (aiosmtpd) on a free port; its Inbox holds what arrived."""
    inbox = Inbox()
    controller = Controller(
        inbox, hostname="127.0.0.1", port=free_port(), server_hostname="localhost"
    )
    controller.start()
    smtp_settings.EMAIL_PORT = controller.port
    yield inbox
    controller.stop()


@pytest.fixture
def smtp_down(smtp_settings: Settings) -> int:
    """A port where no server listens: the mail server is down."""
    smtp_settings.EMAIL_PORT = free_port()
    return smtp_settings.EMAIL_PORT


@pytest.fixture
def smtp_silent(smtp_settings: Settings) -> Iterator[int]:
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
