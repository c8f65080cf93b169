"""What every benchmark needs first: its own database, migrated, and Django set up."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# A file each bench adds its figures to, one JSON line each, when set (bench/all.py sets it).
FIGURES = "BENCH_FIGURES"


def bench_database_url(name: str, database_url: str = "") -> str:
    """Database `name` on the server of `database_url` (or of ``DATABASE_URL``), else on the
    project's embedded PostgreSQL; created when missing."""
    from delight import embedded

    base = database_url or os.environ.get("DATABASE_URL", "")
    if base:
        # Only the path names the database: a unix-socket URL keeps its own in ?host=.
        parts = urlsplit(base)
        embedded.database_create(urlunsplit(parts._replace(path="/postgres")), name)
        return urlunsplit(parts._replace(path=f"/{name}"))
    data_dir = Path(os.environ.get("EMBEDDED_PG_DIR", ROOT / ".data" / "pg"))
    server = embedded.ensure_running(data_dir)
    embedded.database_create(server.uri("postgres"), name)
    return server.uri(name)


def django_setup(database_url: str) -> None:
    """Point Django at the bench database and migrate it."""
    import django
    from django.core.management import call_command

    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "delight.settings")
    django.setup()
    call_command("migrate", interactive=False, verbosity=0)


def p95(timings: list[float]) -> float:
    """The 95th percentile of `timings` (as statistics.quantiles cuts them)."""
    return statistics.quantiles(timings, n=100)[94] if len(timings) > 1 else timings[0]


def pace() -> float:
    """This machine's pace now: milliseconds for a fixed pure-Python loop (the best of three).
    The same code's wall times move with it (a shared machine's cores run at different
    speeds from hour to hour), so a bench prints it beside its figures."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        total = 0
        for step in range(2_000_000):
            total += step
        best = min(best, time.perf_counter() - started)
    return best * 1000


def figure(
    name: str, value: float, *, target: float | None, unit: str = "ms", most: bool = True
) -> None:
    """A figure the bench measured, beside its target (`most`: the target is a ceiling, else
    a floor; None: shown without one), for bench/all.py's table. Each bench still prints its
    figures its own way."""
    path = os.environ.get(FIGURES)
    if not path:
        return
    row = {"name": name, "value": value, "target": target, "unit": unit, "most": most}
    with open(path, "a") as out:
        out.write(json.dumps(row) + "\n")
