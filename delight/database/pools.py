"""The pool role of each thread: which of the process's pools its connections come from."""

from __future__ import annotations

import contextlib
import enum
import math
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import connections


class Role(enum.StrEnum):
    REQUESTS = "requests"
    TOOLS = "tools"
    HEALTH = "health"


_thread = threading.local()


def current_role() -> Role:
    return getattr(_thread, "role", Role.REQUESTS)


def role_size(role: Role) -> int:
    """How many connections a process keeps at most for `role` (besides requests)."""
    return settings.ELIZA_TOOL_WORKERS if role is Role.TOOLS else 1


def _set_role(role: Role) -> None:
    _thread.role = role


@contextlib.contextmanager
def pool_role(role: Role) -> Iterator[None]:
    """Draw this thread's connections from `role`'s pool inside the block.

    The thread's connection is given back before and after, so the block's statements
    really run on a connection of that pool.
    """
    previous = current_role()
    connections.close_all()
    _set_role(role)
    try:
        yield
    finally:
        connections.close_all()
        _set_role(previous)


def role_executor(role: Role, *, workers: int, name: str = "") -> ThreadPoolExecutor:
    """A thread pool whose threads draw their connections from `role`'s pool."""
    return ThreadPoolExecutor(
        workers, thread_name_prefix=name or f"db-{role}", initializer=_set_role, initargs=(role,)
    )


@contextlib.contextmanager
def connection_wait(seconds: float | None) -> Iterator[None]:
    """Inside the block this thread waits up to `seconds` for a pooled connection, instead
    of its pool's timeout (None: the pool's timeout)."""
    previous = getattr(_thread, "wait", None)
    _thread.wait = seconds
    try:
        yield
    finally:
        _thread.wait = previous


def current_wait() -> float | None:
    """How long this thread waits for a pooled connection (None: its pool's timeout)."""
    return getattr(_thread, "wait", None)


def retry_after_seconds() -> int:
    """What to tell a person turned away for want of a free connection: try again after
    half of what a request may wait for one (DATABASE_POOL_TIMEOUT)."""
    return max(1, math.ceil(settings.DATABASE_POOL_TIMEOUT / 2))
