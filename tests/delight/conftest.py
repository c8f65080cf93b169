"""Fixtures of the delight tests."""

from tests.support.fixtures import ai_config, openai_server  # noqa: F401
