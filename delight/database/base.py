"""Django's PostgreSQL backend with one bounded connection pool per role (see __init__)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import psycopg
from django.core.exceptions import ImproperlyConfigured
from django.db import connections
from django.db.backends.base.base import NO_DB_ALIAS
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool

from delight import embedded
from delight.database.pools import Role, current_role, current_wait, role_size


def release_session_locks(conn: psycopg.Connection) -> None:
    """The requests pool's `reset`: a connection goes back holding no advisory lock, so a
    liveness lock (delight.locks) never outlives the work that took it, even when releasing
    it failed. Runs in the pool's own worker thread, not the request's."""
    conn.execute("SELECT pg_advisory_unlock_all()")


class Pool(ConnectionPool):
    """A pool whose wait for a connection is the asking thread's (`connection_wait`) when
    it set one: Django asks with no timeout, so the pool's own would apply to all."""

    def getconn(self, timeout: float | None = None) -> psycopg.Connection:
        return super().getconn(timeout if timeout is not None else current_wait())


class DatabaseWrapper(base.DatabaseWrapper):
    def get_connection_params(self) -> dict[str, Any]:
        """Django's, once the embedded server runs when it is this database: the first
        connection (or pool) of a process starts it, never the settings."""
        if data_dir := self.settings_dict.get("EMBEDDED_DIR"):
            embedded.ensure_running(Path(data_dir))
        return super().get_connection_params()

    @property
    def pool(self) -> ConnectionPool | None:
        """This thread's pool: the requests' one under Django's own key (its close_pool
        and the test database setup keep working), the others beside it."""
        options = self.settings_dict["OPTIONS"].get("pool")
        if self.alias == NO_DB_ALIAS or not options:
            return None
        role = current_role()
        key = self.alias if role is Role.REQUESTS else f"{self.alias}:{role}"
        if key not in self._connection_pools:
            # Threads racing here build one pool each; the first one set wins, unopened.
            self._connection_pools.setdefault(key, self._new_pool(role, dict(options)))
        return self._connection_pools[key]

    def _new_pool(self, role: Role, options: dict[str, Any]) -> ConnectionPool:
        if self.settings_dict.get("CONN_MAX_AGE", 0) != 0:
            raise ImproperlyConfigured("Pooling doesn't support persistent connections.")
        # Only requests and jobs take liveness locks: the others need no reset.
        reset = release_session_locks if role is Role.REQUESTS else None
        if role is not Role.REQUESTS:
            size = role_size(role)
            options.update(min_size=1, max_size=size, name=f"{options.get('name', '')}:{role}")
        connect_kwargs = self.get_connection_params()
        connect_kwargs["autocommit"] = True  # as Django's: it sets its own mode later
        checks = self.settings_dict["CONN_HEALTH_CHECKS"]
        return Pool(
            kwargs=connect_kwargs,
            open=False,  # opened, like Django's, on first use
            configure=self._configure_connection,
            check=ConnectionPool.check_connection if checks else None,
            reset=reset,
            **options,
        )

    def close_pool(self) -> None:
        """Close every role's pool of this alias (e.g. when the test database replaces the
        real one), the requests' one last, as Django does."""
        prefix = f"{self.alias}:"
        for key in [key for key in self._connection_pools if key.startswith(prefix)]:
            self._connection_pools.pop(key).close()
        if self.alias in self._connection_pools:
            self._connection_pools.pop(self.alias).close()


# A forked child (a qcluster worker) shares its parent's sockets: it must never use, return
# or close a connection it inherited (closing one would end the parent's session). It
# forgets them and opens its own; the references are kept so they are never collected.
_inherited: list[Any] = []


def _forget_inherited_connections() -> None:
    _inherited.append(dict(DatabaseWrapper._connection_pools))
    DatabaseWrapper._connection_pools.clear()
    for wrapper in connections.all(initialized_only=True):
        _inherited.append(wrapper.connection)
        wrapper.connection = None


os.register_at_fork(after_in_child=_forget_inherited_connections)
