"""World changes as plain data (the dicts a draft proposes: narrative.prose.Change) and as
narrative.invariants' changes, both ways."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from narrative.invariants import Cause, Change, Discover, Give, Introduce, Leave, Move, Use

OPS: dict[str, type[Change]] = {
    "discover": Discover,
    "introduce": Introduce,
    "move": Move,
    "give": Give,
    "use": Use,
    "leave": Leave,
    "cause": Cause,
}
NAMES = {kind: op for op, kind in OPS.items()}


def change_from_dict(data: Any) -> Change:
    """The change ``data`` describes; ValueError in plain words when it describes none."""
    if not isinstance(data, dict) or data.get("op") not in OPS:
        raise ValueError(f"An unknown kind of change was proposed: {data!r}.")
    kind = OPS[data["op"]]
    names = {field.name for field in dataclasses.fields(kind)}
    given = {key: value for key, value in data.items() if key in names and value is not None}
    try:
        return kind(**given)
    except TypeError:
        missing = sorted(names - given.keys())
        raise ValueError(f"A “{data['op']}” change lacks {', '.join(missing)}.") from None


def changes_read(data: Iterable[Any]) -> tuple[list[Change], list[str]]:
    """The changes ``data`` proposes, and a problem in plain words for each unreadable one."""
    changes: list[Change] = []
    problems: list[str] = []
    for item in data:
        try:
            changes.append(change_from_dict(item))
        except ValueError as exc:
            problems.append(str(exc))
    return changes, problems


def change_to_dict(change: Change) -> dict[str, Any]:
    fields = dataclasses.asdict(change)
    return {"op": NAMES[type(change)], **{k: v for k, v in fields.items() if v is not None}}


def changes_to_dicts(changes: Sequence[Change]) -> list[dict[str, Any]]:
    return [change_to_dict(change) for change in changes]
