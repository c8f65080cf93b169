"""What the narrative app reacts to: the default scenario installed after migrations, and
goals' news (a mission finished, a streak milestone, a goal completed) earning Essence and
unlocking hidden quests, connected in `NarrativeConfig.ready`.

Essence for a mission or a milestone is one insert and is earned at once; the quests are
evaluated by a background job (narrative.tasks.evaluate_quests) enqueued once the event
commits, so the request does not wait for them and a lost worker's job runs again."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.apps import AppConfig
from django.dispatch import receiver

from delight.models import User
from goals import signals as goals_signals
from goals.models import Goal, Mission, MissionSession
from narrative import ledger, quests
from narrative.services import scenario_install_default


def install_default_scenario(sender: AppConfig, **kwargs: Any) -> None:
    """post_migrate: install the default scenario unless there is one."""
    scenario_install_default()


@receiver(goals_signals.mission_completed, dispatch_uid="narrative-mission-done")
def mission_done(*, mission: Mission, **_: Any) -> None:
    ledger.essence_earn_mission(mission=mission)
    quests.quests_check_enqueue(user=mission.user)


@receiver(goals_signals.streak_milestone, dispatch_uid="narrative-streak-milestone")
def milestone_reached(
    *, user: User, category: str, days: int, reached_on: dt.date, **_: Any
) -> None:
    ledger.essence_earn_milestone(user=user, category=category, days=days, reached_on=reached_on)


@receiver(goals_signals.session_ended, dispatch_uid="narrative-session-ended")
def session_ended(*, session: MissionSession, **_: Any) -> None:
    quests.quests_check_enqueue(user=session.user)


@receiver(goals_signals.goal_completed, dispatch_uid="narrative-goal-completed")
def goal_completed(*, goal: Goal, **_: Any) -> None:
    quests.quests_check_enqueue(user=goal.user)
