"""What really happened since a person's last beat (reads only, scoped to the person): the
first step of the beat pipeline. Everything is plain data, kept in the pipeline's
checkpoints, and every fact a beat cites comes from here."""

from __future__ import annotations

import calendar
import datetime as dt
from collections import Counter
from collections.abc import Collection, Mapping
from itertools import chain
from typing import Any

from delight.ai.classifiers.safety import screen_safety
from delight.models import User
from goals import selectors as goals_selectors
from goals.progress import selectors as progress_selectors
from goals.progress.selectors import HabitKept, MissionDone, SessionWords
from narrative.models import Beat, BeatTrigger
from narrative.prose import narrator_sentences, phrase_id

MISSIONS_TOLD = 5  # titles a beat may quote; the count says the rest
HABITS_TOLD = 3  # the habits a beat may tell, those kept on most days first
# What the story told is read from this many of its latest beats: far enough back that a
# person never reads the same words twice within months.
TOLD_BEATS = 300
TITLES_TOLD = 30  # the latest titles a model is shown, to use none of them
TEXTS_TOLD = 5  # the latest passages whose sentences a model is shown, to tell none again
REFLECTION_MAX_CHARS = 200
# A past passage a day's passage may recall: one written about a week, a fortnight or a month
# before it (days, both ends included), never one recalled before, and never in two passages
# running (a recall every day reads as a refrain).
RECALL_WINDOWS = ((6, 8), (13, 15), (28, 31))
RECALL_CANDIDATES = 60  # the latest passages of that window read


def progress_assess(*, user: User, beat: Beat, now: dt.datetime) -> dict[str, Any]:
    """The person's progress since their last written beat (all of it before the first).

    1. The triggers that asked for this beat, with what each carried (a quest, a goal, a
       milestone, a choice).
    2. Missions done since (the app's and imported ones), newest first, the habits kept
       since (an import's too) with their days, and the focused minutes of sessions ended
       since.
    3. Their streak now, and the latest mission ever (a quiet week still has one to recall).
    4. Their own latest words after a session since, and jotted during one, if any (never
       words the safety screen reads as a concern: the story quotes only what is light).
    5. What the story told in its latest TOLD_BEATS beats: each phrase and title, counted;
       its latest TITLES_TOLD titles and the narrator's sentences of its latest TEXTS_TOLD
       passages, for a model to use none of them again.
    6. Their own material around the news (narrative.prose.material words it): the goals
       those missions are for, with their counts and the reason written for them, each habit's
       days this month, the missions done in all, and a past passage the story never
       recalled.
    """
    written = Beat.objects.owned_by(user).filter(status=Beat.Status.WRITTEN)
    last, previous_title = written.values_list("written_at", "title").first() or (None, "")
    triggers = list(BeatTrigger.objects.owned_by(user).filter(beat=beat))
    missions, count = progress_selectors.progress_missions_done(
        user=user, since=last, now=now, limit=MISSIONS_TOLD
    )
    streaks = progress_selectors.progress_streaks(user=user, now=now)
    told_lists = list(written.values_list("told", flat=True)[:TOLD_BEATS])
    told = Counter(chain.from_iterable(told_lists))
    habits = progress_selectors.progress_habits_kept(
        user=user, since=last, now=now, limit=HABITS_TOLD
    )
    return {
        "since": last.isoformat() if last else None,
        "days_since_last": (now - last).days if last else None,
        "beats_written": written.count(),
        "previous_title": previous_title,
        "triggers": [{"kind": t.kind, "key": t.key, "detail": t.detail} for t in triggers],
        "missions": missions,
        "missions_count": count,
        "habits": habits,
        "minutes": progress_selectors.progress_focus_minutes(user=user, since=last, now=now),
        "streak": {"days": streaks.overall.current, "longest": streaks.overall.longest},
        "latest_mission": progress_selectors.progress_latest_mission_done(user=user, now=now),
        "reflection": _session_words(user=user, since=last, now=now, field="reflection"),
        "notes": _session_words(user=user, since=last, now=now, field="notes"),
        "titles_told": list(written.values_list("title", flat=True)[:TITLES_TOLD]),
        "sentences_told": [
            sentence
            for text in written.values_list("text", flat=True)[:TEXTS_TOLD]
            for sentence in narrator_sentences(text)
        ],
        "told": dict(told),
        **_material(
            user=user,
            now=now,
            missions=missions,
            habits=habits,
            told=told,
            last_told=told_lists[0] if told_lists else (),
        ),
    }


def _material(
    *,
    user: User,
    now: dt.datetime,
    missions: list[MissionDone],
    habits: list[HabitKept],
    told: Mapping[str, int],
    last_told: Collection[str],
) -> dict[str, Any]:
    """The person's own material around a beat's news (see progress_assess, step 6)."""
    goal_ids = list(dict.fromkeys(m["goal_id"] for m in missions if m["goal_id"] is not None))
    counted = {
        goal["id"]: {
            "title": goal["title"],
            "done": goal["done"],
            "total": goal["total"],
            "why": _quotable(goal["why"]),
            "next": goal["next"],
        }
        for goal in goals_selectors.goal_counts(user=user, goal_ids=goal_ids)
    }
    month = progress_selectors.progress_habit_days_this_month(
        user=user, habit_ids=[habit["habit"] for habit in habits], now=now
    )
    _, ever = progress_selectors.progress_missions_done(user=user, since=None, now=now, limit=0)
    return {
        "goals": [counted[pk] for pk in goal_ids if pk in counted],
        "habits_month": [month.get(habit["habit"], 0) for habit in habits],
        "month": calendar.month_name[progress_selectors.progress_today(user=user, now=now).month],
        "missions_ever": ever,
        "recall": _recall(
            user=user,
            now=now,
            told=told,
            last_told=last_told,
            today={mission["title"] for mission in missions},
        ),
    }


def _recall(
    *,
    user: User,
    now: dt.datetime,
    told: Mapping[str, int],
    last_told: Collection[str],
    today: Collection[str],
) -> dict[str, Any] | None:
    """A past passage that told a mission, in one of RECALL_WINDOWS, never recalled, with
    its place, its first mission (not one of `today`'s titles: a mission done again is news,
    not a memory) and its weekday on the person's clock: the newest of the nearest window.
    None when the last passage recalled one.

    1. Read the passages written from the widest window's start to a day ago.
    2. If the last passage recalled one of them, recall none.
    3. Of those in a window, never recalled, with a place and a mission not done again
       today: the first window's newest.
    """
    widest = max(end for _, end in RECALL_WINDOWS) + 1
    passages = Beat.objects.owned_by(user).filter(
        status=Beat.Status.WRITTEN,
        written_at__gte=now - dt.timedelta(days=widest),
        written_at__lte=now - dt.timedelta(days=1),
    )
    rows = list(passages.values_list("pk", "written_at", "place", "provenance")[:RECALL_CANDIDATES])
    if any(phrase_id(recall_id(pk)) in last_told for pk, *_ in rows):
        return None
    for start, end in RECALL_WINDOWS:
        for pk, at, place, provenance in rows:
            if at is None:
                continue
            days, mission = (now - at).days, _first_mission(provenance)
            fresh = not told.get(phrase_id(recall_id(pk)))
            if start <= days <= end and place and mission and mission not in today and fresh:
                weekday = at.astimezone(user.zone).strftime("%A")
                return {"key": recall_id(pk), "days": days, "weekday": weekday, "place": place,
                        "mission": mission}  # fmt: skip
    return None


def _first_mission(provenance: list[dict[str, Any]] | None) -> str:
    """The title of the first mission a passage told, "" when it told none."""
    titles = (fact.get("title") for fact in provenance or [] if fact.get("kind") == "mission")
    return next((title for title in titles if title), "")


def recall_id(pk: int) -> str:
    """What the story says it told when it recalled a past passage (kept by its phrase_id,
    like a phrase)."""
    return f"recall:{pk}"


def _quotable(words: str) -> str:
    """A person's words to quote in their story, in one line; "" when the safety screen reads
    any concern in them (the story never quotes what is heavy to read again)."""
    words = " ".join(words.split())
    if not words or screen_safety(words).level > 0:
        return ""
    if len(words) > REFLECTION_MAX_CHARS:
        words = words[: REFLECTION_MAX_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return words


def _session_words(
    *, user: User, since: dt.datetime | None, now: dt.datetime, field: SessionWords
) -> dict[str, Any] | None:
    """The person's latest words of a session (`field`) since, when light to quote."""
    latest = progress_selectors.progress_latest_session_words(
        user=user, since=since, now=now, field=field
    )
    if latest is None:
        return None
    session, said = latest
    words = _quotable(said)
    return {"session": session, "words": words} if words else None
