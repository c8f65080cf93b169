"""Reads of highlight reels: the person's reels, and one reel's wins gathered from its
period — missions finished, focus minutes, their own reflections, the streak day by day
and the consistency line."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from delight.models import User
from delight.selectors import owned_or_not_found
from goals.models import (
    ActivityEvent,
    Category,
    ConsistencySnapshot,
    HighlightReel,
    StreakMilestone,
)

Kind = ActivityEvent.Kind


@dataclass(frozen=True)
class Win:
    date: dt.date
    title: str
    category: str  # its label, "" when it had none


@dataclass(frozen=True)
class Reflection:
    date: dt.date
    mission: str
    text: str


@dataclass(frozen=True)
class ReelDay:
    date: dt.date
    active: bool
    frozen: bool
    dci: float | None


@dataclass(frozen=True)
class ReelContent:
    reel: HighlightReel
    wins: list[Win]
    minutes: int
    reflections: list[Reflection]
    days: list[ReelDay]


def progress_highlights(*, user: User, limit: int = 20) -> list[HighlightReel]:
    """The person's reels, the newest first."""
    return list(HighlightReel.objects.owned_by(user)[:limit])


def progress_milestone_reels(
    *, user: User, milestones: list[StreakMilestone]
) -> list[tuple[StreakMilestone, HighlightReel | None]]:
    """Each milestone with its reel (None while it has none), in one query, or none at all
    when there is no milestone."""
    keys = {HighlightReel.milestone_key(milestone): milestone for milestone in milestones}
    reels = (
        {reel.key: reel for reel in HighlightReel.objects.owned_by(user).filter(key__in=keys)}
        if keys
        else {}
    )
    return [(milestone, reels.get(key)) for key, milestone in keys.items()]


def progress_highlight(*, user: User, reel_id: int) -> ReelContent:
    """One of the person's reels with its wins (another person's reel: NotFound)."""
    reel = owned_or_not_found(HighlightReel, user=user, pk=reel_id)
    events = (
        ActivityEvent.objects.owned_by(user)
        .filter(
            kind__in=(Kind.MISSION_COMPLETED, Kind.SESSION_COMPLETED),
            local_date__range=(reel.starts_on, reel.ends_on),
        )
        .select_related("mission", "session")
        .order_by("occurred_at")
    )
    wins, reflections, minutes = [], [], 0
    for event in events:
        title = event.mission.title if event.mission else event.metadata.get("title", "")
        if event.kind == Kind.MISSION_COMPLETED:
            label = Category(event.category).label if event.category else ""
            wins.append(Win(event.local_date, title or "A mission", label))
            continue
        minutes += int(event.metadata.get("actual_minutes") or 0)
        if event.session and event.session.reflection:
            reflections.append(Reflection(event.local_date, title, event.session.reflection))
    return ReelContent(reel, wins, minutes, reflections, _days(user, reel, wins))


def _days(user: User, reel: HighlightReel, wins: list[Win]) -> list[ReelDay]:
    snapshots = {
        s.date: s
        for s in ConsistencySnapshot.objects.owned_by(user).filter(
            date__range=(reel.starts_on, reel.ends_on)
        )
    }
    active = {win.date for win in wins}
    days = []
    date = reel.starts_on
    while date <= reel.ends_on:
        snapshot = snapshots.get(date)
        days.append(
            ReelDay(
                date=date,
                active=date in active,
                frozen=bool(snapshot and snapshot.frozen),
                dci=snapshot.value if snapshot else None,
            )
        )
        date += dt.timedelta(days=1)
    return days
