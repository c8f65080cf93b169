"""What really happened since a person's last beat (reads only, scoped to the person): the
first step of the beat pipeline. Everything is plain data, kept in the pipeline's
checkpoints, and every fact a beat cites comes from here."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from itertools import chain
from typing import Any

from delight.models import User
from goals.progress import selectors as progress_selectors
from narrative.models import Beat, BeatTrigger

MISSIONS_TOLD = 5  # titles a beat may quote; the count says the rest
HABITS_TOLD = 3  # the habits a beat may tell, those kept on most days first
# What the story told is read from this many of its latest beats: far enough back that a
# person never reads the same words twice within months.
TOLD_BEATS = 300
TITLES_TOLD = 30  # the latest titles a model is shown, to use none of them
REFLECTION_MAX_CHARS = 200


def progress_assess(*, user: User, beat: Beat, now: dt.datetime) -> dict[str, Any]:
    """The person's progress since their last written beat (all of it before the first).

    1. The triggers that asked for this beat, with what each carried (a quest, a goal, a
       milestone, a choice).
    2. Missions done since (the app's and imported ones), newest first, the habits kept
       since (an import's too) with their days, and the focused minutes of sessions ended
       since.
    3. Their streak now, and the latest mission ever (a quiet week still has one to recall).
    4. Their own latest words after a session since, if any.
    5. What the story told in its latest TOLD_BEATS beats: each phrase and title, counted;
       and its latest TITLES_TOLD titles, for a model to use none of them.
    """
    written = Beat.objects.owned_by(user).filter(status=Beat.Status.WRITTEN)
    last, previous_title = written.values_list("written_at", "title").first() or (None, "")
    triggers = list(BeatTrigger.objects.owned_by(user).filter(beat=beat))
    missions, count = progress_selectors.progress_missions_done(
        user=user, since=last, now=now, limit=MISSIONS_TOLD
    )
    streaks = progress_selectors.progress_streaks(user=user, now=now)
    return {
        "since": last.isoformat() if last else None,
        "days_since_last": (now - last).days if last else None,
        "beats_written": written.count(),
        "previous_title": previous_title,
        "triggers": [{"kind": t.kind, "key": t.key, "detail": t.detail} for t in triggers],
        "missions": missions,
        "missions_count": count,
        "habits": progress_selectors.progress_habits_kept(
            user=user, since=last, now=now, limit=HABITS_TOLD
        ),
        "minutes": progress_selectors.progress_focus_minutes(user=user, since=last, now=now),
        "streak": {"days": streaks.overall.current, "longest": streaks.overall.longest},
        "latest_mission": progress_selectors.progress_latest_mission_done(user=user, now=now),
        "reflection": _reflection(user=user, since=last, now=now),
        "titles_told": list(written.values_list("title", flat=True)[:TITLES_TOLD]),
        "told": dict(
            Counter(chain.from_iterable(written.values_list("told", flat=True)[:TOLD_BEATS]))
        ),
    }


def _reflection(
    *, user: User, since: dt.datetime | None, now: dt.datetime
) -> dict[str, Any] | None:
    latest = progress_selectors.progress_latest_reflection(user=user, since=since, now=now)
    if latest is None:
        return None
    session, reflection = latest
    words = " ".join(reflection.split())
    if len(words) > REFLECTION_MAX_CHARS:
        words = words[: REFLECTION_MAX_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return {"session": session, "words": words}
