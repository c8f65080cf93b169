"""The process's default engine, built once from settings.AI; code that needs an engine
takes one as an argument and falls back to this (tests pass their own)."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from contextvars import ContextVar

from django.conf import settings

from delight.ai.engine import Engine, build_engine
from delight.ai.guard import Budget, model_budget
from delight.ai.types import Usage
from delight.services import ai_call_record

# The model calls of the unit of work in progress (one conversation turn), when collected.
_collected: ContextVar[list[Usage] | None] = ContextVar("collected_usage", default=None)


def record_usage(usage: Usage) -> None:
    """Every model call: an `AICall` row for staff, and the current collection if any.

    A call the budget or an open breaker refused sent nothing: it gets no row (during an
    outage that was five writes a turn, while the database is busiest: bench/load.py
    --hung-model, REST 40.7 -> 42.3-44.0 turns/s), and the turn's trace says why the
    offline engine answered.
    """
    if usage.attempts:
        ai_call_record(usage=usage)
    collected = _collected.get()
    if collected is not None:
        collected.append(usage)


@contextlib.contextmanager
def usage_collected() -> Iterator[list[Usage]]:
    """Collect the usage of the model calls made inside the block (in this context)."""
    collected: list[Usage] = []
    token = _collected.set(collected)
    try:
        yield collected
    finally:
        _collected.reset(token)


@functools.cache
def default_engine() -> Engine:
    return build_engine(settings.AI, on_usage=record_usage)


def engine_or_default(engine: Engine | None) -> Engine:
    return engine if engine is not None else default_engine()


@contextlib.contextmanager
def model_job() -> Iterator[Budget]:
    """The model calls of one background job share MODEL_JOB_BUDGET_SECONDS (shorter than
    the job time limit, Q_TIMEOUT): a slow model's job ends with offline words standing in,
    never killed mid-call and run again."""
    with model_budget(settings.MODEL_JOB_BUDGET_SECONDS) as budget:
        yield budget
