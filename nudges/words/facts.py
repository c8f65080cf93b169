"""What a nudge may say about a person, as pure data: no Django, no models."""

from __future__ import annotations

from dataclasses import dataclass

# The steps of an absence (nudges.models.ScheduledSend.Step has the same values); the last
# one ends the series.
STEPS = ("day_2", "day_4", "day_7")
LAST_STEP = "day_7"
# A best run shorter than this is not worth recalling.
STREAK_WORTH_SAYING = 3


@dataclass(frozen=True)
class NudgeFacts:
    """Everything a nudge may draw on. Text fields are empty when unknown.

    `detail` names someone dear that the goal connects to, ready to write in a sentence
    ("your sister Ana"); the companion finds it in memory and never picks a sensitive one.
    `days_away` guides the model's warmth; it is never quoted to the person.
    """

    step: str  # one of STEPS
    first_name: str = ""
    goal_title: str = ""
    category: str = ""  # the most-loved kind of effort, as a person reads it ("health")
    mission_title: str = ""  # the latest finished mission
    habit_title: str = ""  # their habit kept best lately
    detail: str = ""
    days_away: int = 0
    streak_best: int = 0

    @property
    def last(self) -> bool:
        return self.step == LAST_STEP

    def slots(self) -> dict[str, str | int]:
        """The facts worth saying, by the name templates use; the unknown ones are left out."""
        slots: dict[str, str | int] = {
            "name": self.first_name,
            "goal": self.goal_title,
            "category": self.category,
            "mission": self.mission_title,
            "habit": self.habit_title,
            "detail": self.detail,
        }
        kept: dict[str, str | int] = {name: value for name, value in slots.items() if value}
        if self.streak_best >= STREAK_WORTH_SAYING:
            kept["streak_best"] = self.streak_best
        return kept


@dataclass(frozen=True)
class NudgeText:
    """A nudge in words; `source` says who wrote them: "offline", the model's engine name, or
    "offline (model failed: <reason>)"."""

    title: str
    body: str
    source: str = "offline"
