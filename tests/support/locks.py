"""Liveness locks held from another database session, as a live process holds them."""

from __future__ import annotations

import psycopg

from tests.support.processes import database_url, wait_for


class HeldElsewhere:
    """Holds an advisory lock on a connection of its own until it `dies`."""

    def __init__(self, key: int) -> None:
        self.conn = psycopg.connect(database_url(), autocommit=True)
        self.conn.execute("SELECT pg_advisory_lock(%s)", [key])
        self.backend = self.conn.info.backend_pid

    def die(self) -> None:
        """End the session as a killed process does, and wait until PostgreSQL has ended its
        backend (and with it the lock), which happens a moment after the socket closes."""
        self.conn.close()
        with psycopg.connect(database_url(), autocommit=True) as observer:
            wait_for(
                lambda: (
                    not observer.execute(
                        "SELECT 1 FROM pg_stat_activity WHERE pid = %s", [self.backend]
                    ).fetchone()
                ),
                timeout=10,
                interval=0.01,
            )
