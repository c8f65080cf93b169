"""Fixtures of the delight tests."""

from tests.support.fixtures import ai_config, openai_server, smtp_inbox, smtp_settings  # noqa: F401
