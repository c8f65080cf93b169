"""Pytest fixtures for the AI layer; import them into a conftest.py to use them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from delight.ai.config import AIConfig
from tests.support.openai_server import OpenAIServer


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
