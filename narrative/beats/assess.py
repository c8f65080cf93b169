"""What really happened since a person's last beat (reads only, scoped to the person): the
first step of the beat pipeline. Everything is plain data, kept in the pipeline's
checkpoints, and every fact a beat cites comes from here."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Q, Sum
from django.db.models.functions import Coalesce

from delight.models import User
from goals.models import ActivityEvent, MissionSession
from goals.progress import selectors as progress_selectors
from narrative.models import Beat, BeatTrigger

MISSIONS_TOLD = 5  # titles a beat may quote; the count says the rest
REFLECTION_MAX_CHARS = 200
DONE = ActivityEvent.Kind.MISSION_COMPLETED


def progress_assess(*, user: User, beat: Beat, now: dt.datetime) -> dict[str, Any]:
    """The person's progress since their last written beat (all of it before the first).

    1. The triggers that asked for this beat, with what each carried (a quest, a goal, a
       milestone, a choice).
    2. Missions done since (the app's and imported ones), newest first, and the focused
       minutes of sessions ended since.
    3. Their streak now, and the latest mission ever (a quiet week still has one to recall).
    4. Their own latest words after a session since, if any.
    """
    written = Beat.objects.owned_by(user).filter(status=Beat.Status.WRITTEN)
    last, previous_title = written.values_list("written_at", "title").first() or (None, "")
    triggers = list(BeatTrigger.objects.owned_by(user).filter(beat=beat))
    done = ActivityEvent.objects.owned_by(user).filter(kind=DONE, occurred_at__lte=now)
    since = done.filter(occurred_at__gt=last) if last else done
    streaks = progress_selectors.progress_streaks(user=user, now=now)
    return {
        "since": last.isoformat() if last else None,
        "days_since_last": (now - last).days if last else None,
        "beats_written": written.count(),
        "previous_title": previous_title,
        "triggers": [{"kind": t.kind, "key": t.key, "detail": t.detail} for t in triggers],
        "missions": _missions(since, limit=MISSIONS_TOLD),
        "missions_count": since.count(),
        "minutes": _minutes(user=user, since=last, now=now),
        "streak": {"days": streaks.overall.current, "longest": streaks.overall.longest},
        "latest_mission": next(iter(_missions(done, limit=1)), None),
        "reflection": _reflection(user=user, since=last, now=now),
    }


def _missions(events: Any, *, limit: int) -> list[dict[str, Any]]:
    """The newest missions done of ``events`` (the app's, with their title, or imported,
    with the habit's name)."""
    rows = events.order_by("-occurred_at").values(
        "id", "mission_id", "mission__title", "metadata__title", "occurred_at"
    )[:limit]
    return [
        {
            "event": row["id"],
            "mission": row["mission_id"],
            "title": row["mission__title"] or row["metadata__title"] or "",
            "at": row["occurred_at"].isoformat(),
        }
        for row in rows
        if row["mission__title"] or row["metadata__title"]
    ]


def _sessions(*, user: User, since: dt.datetime | None, now: dt.datetime) -> Any:
    sessions = MissionSession.objects.owned_by(user).filter(
        status=MissionSession.Status.COMPLETED, ended_at__lte=now
    )
    return sessions.filter(ended_at__gt=since) if since else sessions


def _minutes(*, user: User, since: dt.datetime | None, now: dt.datetime) -> int:
    total = _sessions(user=user, since=since, now=now).aggregate(
        minutes=Coalesce(Sum("actual_minutes"), 0)
    )
    return int(total["minutes"])


def _reflection(
    *, user: User, since: dt.datetime | None, now: dt.datetime
) -> dict[str, Any] | None:
    row = (
        _sessions(user=user, since=since, now=now)
        .exclude(Q(reflection="") | Q(reflection__isnull=True))
        .order_by("-ended_at")
        .values("id", "reflection")
        .first()
    )
    if row is None:
        return None
    words = " ".join(row["reflection"].split())
    if len(words) > REFLECTION_MAX_CHARS:
        words = words[: REFLECTION_MAX_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return {"session": row["id"], "words": words}
