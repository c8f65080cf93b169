"""Delight's PostgreSQL backend (``ENGINE = "delight.database"``): Django's own, with every
connection drawn from a bounded pool, one pool per *role* of the thread that asks.

Django 5.2 keeps one psycopg pool per database alias and process. That bounds a process's
connections, but a turn holds a request's connection while its tool threads need their own:
with one shared pool, a burst of requests could take every connection and leave the tool
threads of those very requests waiting until they time out. So each role has its own pool:

- ``Role.REQUESTS``: requests, socket handlers, jobs (``DATABASE_POOL_SIZE``);
- ``Role.TOOLS``: a turn's tool threads (``ELIZA_TOOL_WORKERS``, one each, never waiting);
- ``Role.HEALTH``: ``/healthz`` (one), so a saturated process still answers its probe.

A thread's role is set for its whole life (``role_executor``) or for a block
(``pool_role``). Pools are never inherited across ``fork()``: a forked child (a qcluster
worker) starts with none and opens its own.
"""

from __future__ import annotations

from delight.database.pools import (
    Role,
    connection_wait,
    pool_role,
    retry_after_seconds,
    role_executor,
)

__all__ = ["Role", "connection_wait", "pool_role", "retry_after_seconds", "role_executor"]
