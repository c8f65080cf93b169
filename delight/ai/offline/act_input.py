"""What a reply for a planned act is written from (act_replies, kindness), and the bank of
templates it is drawn from, turn by turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from delight.ai.offline.banks import named, rotate
from delight.ai.offline.context import ReplyContext


@dataclass(frozen=True)
class ActInput:
    text: str
    ctx: ReplyContext
    turn: int
    very_sad: bool = False  # sadness above VERY_SAD: show what they have built
    troubled: bool = True  # a heavy feeling or a trouble told: listening names how it sounds


def drawn(options: Sequence[str], given: ActInput, seed: str, **values: str) -> list[str]:
    """`options` named for the person, starting from this turn's (banks.rotate)."""
    return [named(t, given.ctx.name, **values) for t in rotate(options, given.turn, seed)]
