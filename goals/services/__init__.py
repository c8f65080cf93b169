"""Every write of the goals app. Keyword-only, transactional, validated with full_clean().

Objects are always looked up within the acting user's own rows, so another person's goal,
mission or session answers 404 and nothing changes. State errors (completing a mission twice,
a session that already ended) raise ValidationError with a message meant for the person.

By what they write: `goals` (create, update, status), `plans` (the decomposition job, its
retry and the sweep that restarts lost planning), `missions` (missions and their sessions),
`progress` (streak milestones, talks, nudge outcomes), `consistency` (the nightly index),
`insights` (what Eliza noticed), `importing` (past history from a file); `common` holds
what they share. Callers use this package: `from goals import services`.
"""

from __future__ import annotations

from goals.services.consistency import (
    consistency_forget,
    consistency_recount,
    consistency_snapshots_write,
)
from goals.services.goals import (
    goal_create,
    goal_set_status,
    goal_update,
)
from goals.services.habits import (
    habit_checkin,
    habit_checkin_clear,
    habit_checkin_toggle,
    habit_create,
    habit_delete,
    habit_reject,
    habit_take,
    habit_update,
)
from goals.services.importing import progress_import
from goals.services.insights import insights_refresh_enqueue, progress_insights_refresh
from goals.services.missions import (
    MISSION_ACTIONS,
    mission_approve,
    mission_approve_all,
    mission_complete,
    mission_create,
    mission_defer,
    mission_ease_back_in,
    mission_edit,
    mission_reject,
    mission_reopen,
    mission_restore,
    mission_skip,
    mission_special_create,
    mission_start,
    session_complete,
    session_extend,
    session_pause,
    session_resume,
    session_start,
)
from goals.services.plans import (
    DECOMPOSE_TASK,
    PENDING_GRACE,
    PLAN_ATTEMPTS,
    goal_decompose,
    goal_plans_sweep,
    goal_retry_decomposition,
    plan_approve,
    plan_lock_key,
)
from goals.services.progress import (
    nudge_outcome_record,
    nudge_outcomes_answer,
    streak_milestones_record,
    talk_record,
)
from goals.services.recount import progress_recount_run, progress_recounts_sweep

__all__ = [
    "DECOMPOSE_TASK",
    "MISSION_ACTIONS",
    "PENDING_GRACE",
    "PLAN_ATTEMPTS",
    "consistency_forget",
    "consistency_recount",
    "consistency_snapshots_write",
    "goal_create",
    "goal_decompose",
    "goal_plans_sweep",
    "goal_retry_decomposition",
    "goal_set_status",
    "goal_update",
    "habit_checkin",
    "habit_checkin_clear",
    "habit_checkin_toggle",
    "habit_create",
    "habit_delete",
    "habit_reject",
    "habit_take",
    "habit_update",
    "insights_refresh_enqueue",
    "mission_approve",
    "mission_approve_all",
    "mission_complete",
    "mission_create",
    "mission_defer",
    "mission_ease_back_in",
    "mission_edit",
    "mission_reject",
    "mission_reopen",
    "mission_restore",
    "mission_skip",
    "mission_special_create",
    "mission_start",
    "nudge_outcome_record",
    "nudge_outcomes_answer",
    "plan_approve",
    "plan_lock_key",
    "progress_import",
    "progress_insights_refresh",
    "progress_recount_run",
    "progress_recounts_sweep",
    "session_complete",
    "session_extend",
    "session_pause",
    "session_resume",
    "session_start",
    "streak_milestones_record",
    "talk_record",
]
