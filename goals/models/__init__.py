"""The goals app's data, by concept: goals and missions (plans), the activity log and what is
counted from it (progress), habits."""

from __future__ import annotations

from goals.models.habits import Habit, HabitCheckIn
from goals.models.plans import (
    ENERGY_LEVEL,
    SESSION_MAX_MINUTES,
    TEXT_MAX,
    TITLE_MAX,
    Category,
    Energy,
    Goal,
    Milestone,
    Mission,
    MissionSession,
    validate_not_blank,
)
from goals.models.progress import (
    ActivityEvent,
    ConsistencyClock,
    ConsistencySnapshot,
    HighlightReel,
    NudgeOutcome,
    ProgressInsight,
    ProgressRecount,
    StreakMilestone,
)

__all__ = [
    "ENERGY_LEVEL",
    "SESSION_MAX_MINUTES",
    "TEXT_MAX",
    "TITLE_MAX",
    "ActivityEvent",
    "Category",
    "ConsistencyClock",
    "ConsistencySnapshot",
    "Energy",
    "Goal",
    "Habit",
    "HabitCheckIn",
    "HighlightReel",
    "Milestone",
    "Mission",
    "MissionSession",
    "NudgeOutcome",
    "ProgressInsight",
    "ProgressRecount",
    "StreakMilestone",
    "validate_not_blank",
]
