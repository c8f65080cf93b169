"""What an insight says, as pure data: no Django, no models."""

from __future__ import annotations

from dataclasses import dataclass, field

# The kinds of insight (goals.models.ProgressInsight.Kind has the same values).
KINDS = ("best_category", "best_time", "weekday", "trend", "comeback", "habit_days")


@dataclass(frozen=True)
class InsightFacts:
    """One pattern in a person's progress and the numbers that show it.

    `key` makes it new once per period ("trend:2026-W10"): a person is told each key once.
    `numbers` holds everything the text may quote, by name ({"done": 9, "category": "health"}).
    """

    kind: str  # one of KINDS
    key: str
    numbers: dict[str, int | float | str] = field(default_factory=dict)


@dataclass(frozen=True)
class InsightText:
    """An insight in words, and who wrote them: "offline" or the model's engine name."""

    text: str
    source: str
