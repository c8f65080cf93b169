"""Fixtures of the goals tests."""

from __future__ import annotations

from tests.support.fixtures import ai_config, openai_server  # noqa: F401
