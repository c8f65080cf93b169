"""Pytest fixtures for the AI layer and email; import them into a conftest.py to use them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from aiosmtpd.controller import Controller
from pytest_django.fixtures import Settings

from delight.ai.config import AIConfig
from tests.support.openai_server import OpenAIServer
from tests.support.processes import free_port
from tests.support.smtp import SITE_URL, Inbox


@pytest.fixture
def openai_server() -> Iterator[OpenAIServer]:
    """A fresh scriptable OpenAI-compatible server per test."""
    with OpenAIServer() as server:
        yield server


@pytest.fixture
def ai_config(openai_server: OpenAIServer) -> AIConfig:
    """An online AIConfig pointed at `openai_server`, with quick retries and timeouts."""
    return AIConfig(
        openai_api_key="test-key",
        openai_base_url=openai_server.base_url,
        chat_model="gpt-4o-mini",
        extraction_model="gpt-4o-mini",
        narrative_model="gpt-4o",
        embeddings="openai",
        timeout_seconds=2.0,
        max_retries=2,
        backoff_base_seconds=0.01,
        max_backoff_seconds=0.05,
    )


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
