"""Fixtures of the nudges tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.nudges.push_server import PushService


@pytest.fixture
def push_service(settings) -> Iterator[PushService]:
    """A local Web Push service on 127.0.0.1 (plain http, allowed for it here)."""
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = True
    with PushService() as service:
        yield service
