"""The shapes of Eliza's keyword table (rules/): a keyword with its rank and trigger, and
its decompositions, each a pattern with the templates that answer it."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Decomposition:
    """A pattern over one sentence and the templates that answer it.

    `tone` says what the templates already do ("calm", "acknowledge", "celebrate",
    "social"), so the emotional opener is not said twice.
    """

    pattern: re.Pattern[str]
    templates: tuple[str, ...]
    tone: str = ""


@dataclass(frozen=True)
class Keyword:
    key: str
    rank: int
    trigger: re.Pattern[str]
    rules: tuple[Decomposition, ...]


def decomposition(pattern: str, *templates: str, tone: str = "") -> Decomposition:
    return Decomposition(re.compile(pattern, re.IGNORECASE), tuple(templates), tone)


def keyword(key: str, rank: int, trigger: str, *rules: Decomposition) -> Keyword:
    return Keyword(key, rank, re.compile(trigger, re.IGNORECASE), tuple(rules))
