"""The embedded PostgreSQL starts with a process's first connection, never with its settings."""

from __future__ import annotations

import os
import subprocess
import sys
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


def test_the_first_connection_starts_the_server_in_its_own_folder(tmp_path):
    data_dir = tmp_path / "pg"
    result = run_django(
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "from delight import embedded\n"
        "before = embedded.current()\n"
        "with connection.cursor() as cursor:\n"
        "    cursor.execute('SELECT current_setting(%s)', ['data_directory'])\n"
        "    (folder,) = cursor.fetchone()\n"
        "server = embedded.current()\n"
        "connection.close()\n"
        "print(before, server.started_here, folder, embedded.stop(server.data_dir))",
        data_dir,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["None", "True", str(data_dir.resolve()), "True"]
    assert (data_dir / "PG_VERSION").read_text().strip() == str(embedded.POSTGRES_VERSION)


def test_a_data_folder_too_long_for_a_socket_is_refused(tmp_path):
    deep = tmp_path / ("d" * 100) / "pg"
    with pytest.raises(ValueError, match="EMBEDDED_PG_DIR"):
        embedded.socket_dir(deep)
    assert embedded.socket_dir(tmp_path / "pg") == (tmp_path / "pg").resolve()
