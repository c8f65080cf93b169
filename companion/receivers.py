"""What Eliza remembers of the other apps' news (delight.events), connected in
`CompanionConfig.ready`. Each receiver writes through `services.memory_remember` (the story
and nudges give their own notices)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.dispatch import receiver

from companion.models import Actor, Source, Tier
from companion.services import memory_remember, profile_name_set
from delight import signals as delight_signals
from delight.models import User
from goals import signals as goals_signals
from goals.models import Goal, MissionSession
from narrative import signals as narrative_signals
from narrative.models import Beat
from narrative.words import beat_memory
from world import signals as world_signals

OFF_HOURS_KEY = "activity:off-hours"


@receiver(delight_signals.user_named, dispatch_uid="companion-keeps-the-name")
def named(*, user: User, name: str, **_: Any) -> None:
    profile_name_set(user=user, name=name)


@receiver(goals_signals.plan_saved, dispatch_uid="companion-remembers-plans")
def remember_plan(*, goal: Goal, description: str, **_: Any) -> None:
    memory_remember(
        user=goal.user,
        content=description,
        tier=Tier.PROJECT,
        source=Source.MISSION,
        key=f"goal:{goal.pk}:plan",
        tags=("goal", "plan", goal.category),
        goal_id=goal.pk,
    )


@receiver(goals_signals.session_ended, dispatch_uid="companion-remembers-sessions")
def remember_session(*, session: MissionSession, notes: str, reflection: str, **_: Any) -> None:
    mission = session.mission
    refs = {"user": session.user, "goal_id": mission.goal_id, "mission_id": mission.pk}
    if notes:
        memory_remember(
            content=f"Notes on the mission “{mission.title}”: {notes}",
            tier=Tier.TASK,
            source=Source.MISSION,
            tags=("mission", "notes"),
            actor=Actor.USER,
            **refs,
        )
    if reflection:
        memory_remember(
            content=f"Reflection after “{mission.title}”: {reflection}",
            tier=Tier.PERSONAL,
            source=Source.MISSION,
            tags=("reflection",),
            actor=Actor.USER,
            **refs,
        )


@receiver(world_signals.off_hours_streak, dispatch_uid="companion-remembers-off-hours")
def remember_off_hours(*, user: User, days: int, **_: Any) -> None:
    start, end = user.productive_start, user.productive_end
    memory_remember(
        user=user,
        content=(
            f"Often active outside their stated productive hours ({start:%H:%M}-{end:%H:%M}) "
            f"- {days} days in a row."
        ),
        tier=Tier.PERSONAL,
        source=Source.ANALYTICS,
        key=OFF_HOURS_KEY,
        tags=("activity", "off-hours"),
    )


@receiver(goals_signals.streak_milestone, dispatch_uid="companion-remembers-milestones")
def remember_milestone(
    *, user: User, category: str, days: int, reached_on: dt.date, **_: Any
) -> None:
    kind = f"{category} " if category else ""
    memory_remember(
        user=user,
        content=f"Reached a {days}-day {kind}streak on {reached_on:%-d %B %Y}",
        tier=Tier.PERSONAL,
        source=Source.MISSION,
        key=f"streak:{category or 'overall'}:{days}",
        tags=("streak", "milestone", *((category,) if category else ())),
    )


@receiver(goals_signals.insight_found, dispatch_uid="companion-remembers-insights")
def remember_insight(*, user: User, kind: str, key: str, text: str, **_: Any) -> None:
    memory_remember(
        user=user,
        content=text,  # said to the person already ("You focus best between…")
        tier=Tier.PERSONAL,
        source=Source.ANALYTICS,
        key=f"insight:{key}",
        tags=("insight", kind),
    )


@receiver(narrative_signals.beat_written, dispatch_uid="companion-remembers-beats")
def remember_beat(*, user: User, beat: Beat, **_: Any) -> None:
    """Eliza keeps each beat in project memory (to recall the story when asked)."""
    memory_remember(
        user=user,
        content=beat_memory(beat),
        tier=Tier.PROJECT,
        source=Source.NARRATIVE,
        key=f"story:beat:{beat.pk}",
        tags=("story", "beat", beat.kind),
    )
