"""How a bank of words is said: with the person's name woven in, and starting from this
turn's entry, so the same words do not come back every time."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def named(template: str, name: str, **values: str) -> str:
    """`template` with ``{n}`` as ", Sam" (or nothing without a name) and its other values."""
    return template.format(n=f", {name}" if name else "", **values)


def rotate(options: Sequence[T], turn: int, seed: str) -> list[T]:
    """All options, starting from this turn's: templates cycle as the conversation goes on."""
    start = (turn + zlib.crc32(seed.encode())) % len(options)
    return list(options[start:]) + list(options[:start])
