"""The process's default engine, built once from settings.AI; code that needs an engine
takes one as an argument and falls back to this (tests pass their own)."""

from __future__ import annotations

import functools

from django.conf import settings

from delight.ai.engine import Engine, build_engine
from delight.ai.types import Usage


def _record(usage: Usage) -> None:
    from delight.services import ai_call_record

    ai_call_record(usage=usage)


@functools.cache
def default_engine() -> Engine:
    return build_engine(settings.AI, on_usage=_record)


def engine_or_default(engine: Engine | None) -> Engine:
    return engine if engine is not None else default_engine()
