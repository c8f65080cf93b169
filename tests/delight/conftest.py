"""Fixtures of the delight tests."""

from tests.support.fixtures import openai_server  # noqa: F401
