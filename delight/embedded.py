"""The embedded PostgreSQL (with pgvector) used when DATABASE_URL is not set.

pgserver stops (or deletes!) a server when the last process that registered with it exits,
and a process killed without running its atexit handlers stays registered forever. Neither
fits an app whose web and worker processes come and go independently, so:

1. Every process attaches with ``cleanup_mode=None``: nobody stops the server implicitly.
2. Attaching happens under our own file lock next to the data folder, because pgserver's
   own lock lives under ``$XDG_RUNTIME_DIR`` and processes that disagree on it race initdb.
3. The process that actually started the server remembers it (``started_here``); the
   ``serve`` command (``make run``) stops it with a fast, clean shutdown on Ctrl-C so the
   data folder is always left consistent.
"""

from __future__ import annotations

import fcntl
import logging
import os
import subprocess
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import psycopg.sql

logger = logging.getLogger(__name__)

DATABASE_NAME = "delight"


@dataclass
class EmbeddedServer:
    data_dir: Path
    socket_dir: Path
    started_here: bool

    @property
    def host(self) -> str:
        return str(self.socket_dir)

    def uri(self, database: str = DATABASE_NAME) -> str:
        return f"postgresql://postgres:@/{database}?host={self.socket_dir}"


_current: EmbeddedServer | None = None


def _pgserver() -> Any:
    with warnings.catch_warnings():
        # platformdirs warns when XDG_RUNTIME_DIR is unset; our own lock makes that harmless.
        warnings.simplefilter("ignore")
        import pgserver
        import pgserver._commands
        import pgserver.utils
    return pgserver


def _postmaster_running(data_dir: Path) -> bool:
    info = _pgserver().utils.PostmasterInfo.read_from_pgdata(data_dir)
    return info is not None and info.is_running() and info.status == "ready"


def database_create(admin_uri: str, name: str) -> None:
    """Create database `name` through `admin_uri` unless it exists (idempotent)."""
    with psycopg.connect(admin_uri, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(name)))


def ensure_running(data_dir: Path) -> EmbeddedServer:
    """Start the embedded server if needed and return how to reach it (idempotent)."""
    global _current
    if _current is not None and _current.data_dir == data_dir:
        return _current
    pgserver = _pgserver()

    data_dir.parent.mkdir(parents=True, exist_ok=True)
    lock_path = data_dir.parent / f".{data_dir.name}.lock"
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        was_running = _postmaster_running(data_dir)
        server = pgserver.get_server(data_dir, cleanup_mode=None)
        info = server.get_postmaster_info()
        database_create(info.get_uri(database="postgres"), DATABASE_NAME)
    _current = EmbeddedServer(
        data_dir=data_dir, socket_dir=Path(info.socket_dir), started_here=not was_running
    )
    return _current


def current() -> EmbeddedServer | None:
    """The embedded server this process attached to, if any."""
    return _current


def stop(data_dir: Path) -> bool:
    """Stop the server cleanly (fast shutdown: a checkpoint, no recovery needed next time)."""
    pg_ctl = _pgserver()._commands.pg_ctl
    if not _postmaster_running(data_dir):
        return False
    user = "pgserver" if os.geteuid() == 0 else None
    try:
        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=data_dir, user=user, timeout=60)
    except subprocess.CalledProcessError:
        logger.exception("could not stop the embedded PostgreSQL in %s", data_dir)
        return False
    return True
