from __future__ import annotations

import importlib

import pytest

from world.models import Zone

SEED = importlib.import_module("world.migrations.0002_seed_zones")


@pytest.fixture
def zones(db) -> dict[str, Zone]:
    """The seeded zones (transactional tests flush the migration's rows, so re-seed)."""
    return {
        spec["slug"]: Zone.objects.update_or_create(slug=spec["slug"], defaults=spec)[0]
        for spec in SEED.ZONES
    }


@pytest.fixture
def sent(monkeypatch) -> list[tuple[int, dict]]:
    """Every zone.update the services broadcast (user id, zone), instead of sending."""
    calls: list[tuple[int, dict]] = []
    monkeypatch.setattr("world.realtime.zone_updates_send", lambda updates: calls.extend(updates))
    return calls
