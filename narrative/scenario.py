"""A story world as data (a scenario) and the pure check that it holds together.

A scenario is JSON (narrative/scenarios/default.json is the one Delight ships): a title,
three kinds of entities (``places``, ``people``, ``items``, each with a key, a name and a
one-line description), ``acts`` with their ``chapters`` (numbered 1, 2, 3 … in order, each
naming the places it happens in), and ``start`` (the place a story begins at). A place may
name a world ``zone`` (arena, observatory, commons): a scene there needs the zone open.
No Django here: the model and the admin call :func:`scenario_problems`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path(__file__).parent / "scenarios" / "default.json"
ZONES = ("arena", "observatory", "commons")  # world/migrations/0002_seed_zones
ENTITY_LISTS = ("places", "people", "items")
ENTRY_FIELDS = ("key", "name", "description")


@dataclass(frozen=True)
class Place:
    key: str
    name: str
    zone: str | None


def scenario_default() -> dict[str, Any]:
    """The scenario Delight ships, as data."""
    return json.loads(DEFAULT_PATH.read_text())


def scenario_problems(data: Any) -> list[str]:
    """Everything wrong with ``data`` as a scenario, in plain words (empty: it is valid).

    1. The top level is an object with a title, a start, acts and the three entity lists.
    2. Every entity has a non-empty key, name and description; keys are unique across all.
    3. Acts and their chapters are numbered 1, 2, 3 … in order, with unique keys.
    4. Every reference (a chapter's places, a person's home, an item's origin, the start
       place) names an existing place; a place's zone is one of the world's zones.
    """
    if not isinstance(data, dict):
        return ["A scenario must be a JSON object."]
    problems = [f'The scenario needs "{field}".' for field in _missing(data)]
    if problems:
        return problems
    problems += _entity_problems(data)
    problems += _order_problems(data["acts"], "act")
    for act in _dicts(data["acts"]):
        problems += _order_problems(act.get("chapters"), f"act {act.get('number')}'s chapter")
    problems += list(_reference_problems(data))
    return problems


def scenario_places(data: dict[str, Any]) -> dict[str, Place]:
    """The places of a valid scenario, by key."""
    return {p["key"]: Place(p["key"], p["name"], p.get("zone")) for p in data["places"]}


def scenario_names(data: dict[str, Any]) -> dict[str, str]:
    """Every entity's name by key (places, people and items)."""
    return {entry["key"]: entry["name"] for kind in ENTITY_LISTS for entry in data[kind]}


@dataclass(frozen=True)
class ChapterName:
    """A chapter of the scenario as a reader sees it: its act's name, its own name and line."""

    act: int
    act_name: str
    number: int
    name: str
    description: str


def scenario_chapter(data: dict[str, Any], act: int, chapter: int) -> ChapterName:
    """The words of act ``act``'s chapter ``chapter`` (acts and chapters are numbered 1, 2,
    3 … in order); names left empty where the scenario has no such act or chapter."""
    acts = _dicts(data.get("acts"))
    act_entry = acts[act - 1] if 0 < act <= len(acts) else {}
    chapters = _dicts(act_entry.get("chapters"))
    entry = chapters[chapter - 1] if 0 < chapter <= len(chapters) else {}
    return ChapterName(
        act, act_entry.get("name", ""), chapter, entry.get("name", ""), entry.get("description", "")
    )


def _missing(data: dict[str, Any]) -> list[str]:
    needed = {"title": str, "start": dict, "acts": list, **dict.fromkeys(ENTITY_LISTS, list)}
    return [name for name, kind in needed.items() if not isinstance(data.get(name), kind)]


def _dicts(entries: Any) -> list[dict[str, Any]]:
    if not isinstance(entries, list):
        return []
    return [entry for entry in entries if isinstance(entry, dict)]


def _entity_problems(data: dict[str, Any]) -> list[str]:
    problems, seen = [], set()
    for kind in ENTITY_LISTS:
        for position, entry in enumerate(data[kind], start=1):
            if not isinstance(entry, dict):
                problems.append(f"Entry {position} of {kind} must be an object.")
                continue
            empty = [f for f in ENTRY_FIELDS if not str(entry.get(f) or "").strip()]
            if empty:
                problems.append(f"Entry {position} of {kind} needs {', '.join(empty)}.")
            key = entry.get("key")
            if key and key in seen:
                problems.append(f'The key "{key}" is used twice; every key must be unique.')
            seen.add(key)
    return problems


def _order_problems(entries: Any, label: str) -> list[str]:
    """Entries numbered 1..n in order, each with a key, name and description."""
    if not isinstance(entries, list) or not entries:
        return [f"There must be at least one {label}."]
    problems, keys = [], set()
    for position, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            problems.append(f"The {label} in position {position} must be an object.")
            continue
        if entry.get("number") != position:
            problems.append(
                f"The {label} in position {position} is numbered {entry.get('number')!r};"
                f" {label}s are numbered 1, 2, 3 … in order."
            )
        empty = [f for f in ENTRY_FIELDS if not str(entry.get(f) or "").strip()]
        if empty:
            problems.append(f"The {label} in position {position} needs {', '.join(empty)}.")
        if entry.get("key") in keys:
            problems.append(f'Two {label}s share the key "{entry.get("key")}".')
        keys.add(entry.get("key"))
    return problems


def _reference_problems(data: dict[str, Any]) -> Iterator[str]:
    places = {p.get("key") for p in _dicts(data["places"])}

    def check(key: Any, where: str) -> Iterator[str]:
        if key not in places:
            yield f'{where} names the place "{key}", which the scenario does not have.'

    yield from check(data["start"].get("place"), "The start")
    for act in _dicts(data["acts"]):
        for chapter in _dicts(act.get("chapters")):
            for key in chapter.get("places") or []:
                yield from check(key, f'The chapter "{chapter.get("name")}"')
    for person in _dicts(data["people"]):
        yield from check(person.get("home"), f'The person "{person.get("name")}"')
    for item in _dicts(data["items"]):
        yield from check(item.get("origin"), f'The item "{item.get("name")}"')
    for place in _dicts(data["places"]):
        zone = place.get("zone")
        if zone is not None and zone not in ZONES:
            yield (
                f'The place "{place.get("name")}" names the zone "{zone}";'
                f" zones are {', '.join(ZONES)}."
            )
