"""Django's PostgreSQL backend with one bounded connection pool per role (see __init__)."""

from __future__ import annotations

import os
from typing import Any

from django.db import connections
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool

from delight.database.pools import Role, current_role, role_size


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self) -> ConnectionPool | None:
        requests = super().pool
        role = current_role()
        if requests is None or role is Role.REQUESTS:
            return requests
        key = f"{self.alias}:{role}"
        if key not in self._connection_pools:
            self._connection_pools.setdefault(key, self._role_pool(requests, role))
        return self._connection_pools[key]

    def _role_pool(self, requests: ConnectionPool, role: Role) -> ConnectionPool:
        """A pool like the requests' one (same connections, checks, timeout) of the role's
        size; opened, like Django's, on first use."""
        size = role_size(role)
        return ConnectionPool(
            kwargs=requests.kwargs,
            open=False,
            configure=self._configure_connection,
            check=ConnectionPool.check_connection
            if self.settings_dict["CONN_HEALTH_CHECKS"]
            else None,
            min_size=1,
            max_size=size,
            timeout=requests.timeout,
            max_idle=requests.max_idle,
            name=f"{requests.name}:{role}",
        )

    def close_pool(self) -> None:
        """Close every role's pool of this alias (Django closes only the requests' one, e.g.
        when the test database replaces the real one)."""
        prefix = f"{self.alias}:"
        for key in [key for key in self._connection_pools if key.startswith(prefix)]:
            self._connection_pools.pop(key).close()
        super().close_pool()


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
