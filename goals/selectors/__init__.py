"""Reads of the goals app, always scoped to one user (another user's id is NotFound):
goals, missions, sessions and categories here; the daily triad and the day in `day.py`
(re-exported, so callers keep `from goals import selectors`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Sequence
from typing import Any, TypedDict, cast

from django.db.models import Count, F, Max, Prefetch, Q, QuerySet
from django.utils import timezone

from delight.models import OwnedQuerySet, User
from delight.rows import prepared_cursor
from delight.selectors import owned_or_not_found
from goals.models import (
    ActivityEvent,
    Goal,
    Milestone,
    Mission,
    MissionSession,
)
from goals.models.habits import schedule_words  # pure: a schedule in words, for any app
from goals.selectors.day import (
    DAY_SIZE,
    SLOT_LABELS,
    Day,
    Triad,
    day_for,
    missions_done_today,
    triad_for,
)
from goals.selectors.habits import (
    CALENDAR_DAYS_MAX,
    HABIT_CHOICE,
    HabitDay,
    calendar_days,
    due_on,
    goal_habits,
    habit_calendar,
    habit_choices,
    habit_days_most,
    habit_get,
    habit_list,
    habit_reminder,
    habit_reminders_due,
    habit_reminders_due_query,
    habit_streaks,
    habit_ticks,
    habits_active,
    habits_done_on,
    habits_kept,
    habits_today,
    ticked_states,
)

MS = Mission.Status

# The day module's reads, offered here too.
__all__ = [
    "CALENDAR_DAYS_MAX",
    "DAY_SIZE",
    "HABIT_CHOICE",
    "SLOT_LABELS",
    "Day",
    "HabitDay",
    "Triad",
    "calendar_days",
    "day_for",
    "due_on",
    "goal_habits",
    "habit_calendar",
    "habit_choices",
    "habit_days_most",
    "habit_get",
    "habit_list",
    "habit_reminder",
    "habit_reminders_due",
    "habit_reminders_due_query",
    "habit_streaks",
    "habit_ticks",
    "habits_active",
    "habits_done_on",
    "habits_kept",
    "habits_today",
    "missions_done_today",
    "schedule_words",
    "ticked_states",
    "triad_for",
]


# -- goals --------------------------------------------------------------------------------


def _with_counts(queryset: OwnedQuerySet[Goal]) -> OwnedQuerySet[Goal]:
    counted = queryset.annotate(
        missions_total=Count("missions", filter=~Q(missions__status__in=Mission.UNACCEPTED)),
        missions_completed=Count("missions", filter=Q(missions__status=MS.COMPLETED)),
        missions_suggested=Count("missions", filter=Q(missions__status=MS.SUGGESTED)),
    )
    return cast("OwnedQuerySet[Goal]", counted)  # the same goals, with their counts


def goal_list(
    *, user: User, status: str | None = None, category: str | None = None
) -> QuerySet[Goal]:
    """The person's goals, newest first, with mission counts for progress bars."""
    queryset = Goal.objects.owned_by(user)
    if status:
        queryset = queryset.filter(status=status)
    if category:
        queryset = queryset.filter(category=category)
    return _with_counts(queryset).order_by("-created_at")


def goal_get(*, user: User, goal_id: int) -> Goal:
    return owned_or_not_found(_with_counts(Goal.objects.all()), user=user, pk=goal_id)


# The person's active goals in focus order, each with the counts behind its progress
# (counted after the LIMIT, one goal at a time on the mission table's goal index).
_FOCUS_SQL = f"""
    SELECT g.id, g.title, g.category, g.target_date, g.status, g.decomposition_status,
           counts.accepted, counts.completed
    FROM (
        SELECT * FROM {Goal._meta.db_table}
        WHERE user_id = %(user)s::bigint AND status = %(active)s::text
        ORDER BY last_worked_at DESC NULLS LAST, created_at DESC, id DESC
        LIMIT %(limit)s::int
    ) g
    CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE status <> ALL(%(unaccepted)s::text[])) AS accepted,
               count(*) FILTER (WHERE status = %(completed)s::text) AS completed
        FROM {Mission._meta.db_table} WHERE goal_id = g.id
    ) counts
    ORDER BY g.last_worked_at DESC NULLS LAST, g.created_at DESC, g.id DESC
"""


def goal_focus(*, user: User, limit: int = 5) -> list[dict[str, Any]]:
    """The person's active goals, the one worked on most recently first (then the newest),
    each as Eliza sees it: what it is, where its planning stands, and its progress. One
    query, written out: it opens every turn of a person with goals."""
    params: dict[str, Any] = {
        "user": user.pk,
        "active": Goal.Status.ACTIVE,
        "limit": limit,
        "unaccepted": list(Mission.UNACCEPTED),
        "completed": MS.COMPLETED,
    }
    with prepared_cursor() as cursor:
        cursor.execute(_FOCUS_SQL, params)
        rows = cursor.fetchall()
    return [
        {
            "id": goal_id,
            "title": title,
            "category": category,
            "target_date": target_date.isoformat() if target_date else None,
            "status": status,
            "planning": planning,
            "progress": _percent(completed, accepted),
            "done": completed,  # missions done of those accepted
            "accepted": accepted,
            # Planned, and nothing accepted yet: the plan waits on the goals page.
            "to_review": planning == Goal.Decomposition.DONE and not accepted,
        }
        for goal_id, title, category, target_date, status, planning, accepted, completed in rows
    ]


def flow_choices(
    *, user: User, limit: int = 50
) -> tuple[list[tuple[int, str, int]], list[tuple[int, str]]]:
    """(id, title, goal id) of the person's open missions and (id, title) of their active
    goals, for a conversation to refer to by name (two light queries: no counts, no joins)."""
    missions = (
        Mission.objects.owned_by(user)
        .filter(status__in=Mission.POOL)
        .order_by("goal_id", "position", "id")
    )
    goals = Goal.objects.owned_by(user).filter(status=Goal.Status.ACTIVE).order_by("-created_at")
    return (
        list(missions.values_list("id", "title", "goal_id")[:limit]),
        list(goals.values_list("id", "title")[:limit]),
    )


def missions_done_since(
    *, user: User, since: dt.datetime, limit: int = 20
) -> list[tuple[int, str]]:
    """(id, title) of the missions the person finished since `since`, newest first: what an
    "undo" may name after her own last action has aged."""
    done = Mission.objects.owned_by(user).filter(status=MS.COMPLETED, completed_at__gte=since)
    return list(done.order_by("-completed_at", "-id").values_list("id", "title")[:limit])


def mission_ids_done(*, user: User, ids: Collection[int]) -> set[int]:
    """Which of the missions `ids` are done now (one taken back since is not)."""
    done = Mission.objects.owned_by(user).filter(pk__in=list(ids), status=MS.COMPLETED)
    return set(done.values_list("id", flat=True))


class GoalCount(TypedDict):
    id: int
    title: str
    why: str  # what the person wrote of why it matters ("" when nothing)
    done: int  # its missions completed
    total: int  # its accepted missions
    next: str  # the title of the first mission still to do, in the plan's order ("" if none)


def goal_counts(*, user: User, goal_ids: Collection[int]) -> list[GoalCount]:
    """The person's goals among `goal_ids`, each with its missions done and in all, and
    the next one to do."""
    ids = list(goal_ids)
    goals = _with_counts(Goal.objects.owned_by(user).filter(pk__in=ids))
    to_do = Mission.objects.owned_by(user).filter(goal_id__in=ids, status__in=Mission.POOL)
    upcoming: dict[int, str] = {}
    for goal_id, title in to_do.order_by("goal_id", "position", "id").values_list(
        "goal_id", "title"
    ):
        upcoming.setdefault(goal_id, title)
    return [
        GoalCount(
            id=goal.pk,
            title=goal.title,
            why=goal.description,
            done=getattr(goal, "missions_completed", 0),
            total=getattr(goal, "missions_total", 0),
            next=upcoming.get(goal.pk, ""),
        )
        for goal in goals
    ]


def goal_progress(goal: Goal) -> int:
    """Percent of the goal's accepted missions that are completed (0 with none)."""
    return _percent(getattr(goal, "missions_completed", 0), getattr(goal, "missions_total", 0))


def _percent(completed: int, total: int) -> int:
    return round(100 * completed / total) if total else 0


def milestone_list(*, user: User, goal_id: int) -> QuerySet[Milestone]:
    """A goal's milestones in order, each with its missions prefetched in order."""
    goal = owned_or_not_found(Goal.objects.only("id"), user=user, pk=goal_id)
    shown = Mission.objects.owned_by(user).exclude(status=MS.REJECTED).order_by("position", "id")
    return goal.milestones.order_by("position").prefetch_related(
        Prefetch("missions", queryset=shown)
    )


# -- missions -----------------------------------------------------------------------------


def mission_list(
    *,
    user: User,
    goal_id: int | None = None,
    status: str | Sequence[str] | None = None,
    category: str | None = None,
    energy: str | None = None,
    milestone_id: int | None = None,
) -> QuerySet[Mission]:
    queryset = Mission.objects.owned_by(user).select_related("goal", "milestone")
    if not status:  # a rejected suggestion is gone for the person (until they undo it)
        queryset = queryset.exclude(status=MS.REJECTED)
    if goal_id is not None:
        queryset = queryset.filter(goal_id=goal_id)
    if isinstance(status, str):
        queryset = queryset.filter(status=status)
    elif status:
        queryset = queryset.filter(status__in=list(status))
    if category:
        queryset = queryset.filter(category=category)
    if energy:
        queryset = queryset.filter(energy=energy)
    if milestone_id is not None:
        queryset = queryset.filter(milestone_id=milestone_id)
    return queryset.order_by("goal_id", "position", "id")


def mission_suggested_list(*, user: User, goal_id: int) -> QuerySet[Mission]:
    """The missions of the goal's plan still waiting for the person's yes."""
    return mission_list(user=user, goal_id=goal_id, status=MS.SUGGESTED)


def mission_get(*, user: User, mission_id: int) -> Mission:
    return owned_or_not_found(
        Mission.objects.select_related("goal", "milestone"), user=user, pk=mission_id
    )


def _pool(*, user: User, today: dt.date) -> QuerySet[Mission]:
    """Missions the person can work on today: approved, unfinished, of active goals, and not
    deferred past today."""
    return Mission.objects.owned_by(user).filter(
        Q(deferred_until__isnull=True) | Q(deferred_until__lte=today),
        status__in=Mission.POOL,
        goal__status=Goal.Status.ACTIVE,
    )


def missions_for_categories(
    *,
    user: User,
    categories: Iterable[str],
    limit: int = 5,
    now: dt.datetime | None = None,
) -> list[Mission]:
    """The person's best next missions in these value categories (for world zone pages):
    highest priority first, then in each goal's own order; one query."""
    today = user.local_day(now or timezone.now())
    queryset = _pool(user=user, today=today).filter(category__in=list(categories))
    return list(
        queryset.select_related("goal").order_by("-priority_score", "position", "id")[:limit]
    )


LOVED_DAYS = 90  # how far back a person's most-loved category is counted


def category_most_loved(*, user: User, now: dt.datetime | None = None) -> str | None:
    """The value category the person loves most among those of their active goals: the one
    of the most missions finished over the last LOVED_DAYS days (a tie: the goal worked on
    last decides); with none finished, their most recently worked active goal's; None
    without an active goal."""
    goals = Goal.objects.owned_by(user).filter(status=Goal.Status.ACTIVE)
    ordered = goals.order_by(F("last_worked_at").desc(nulls_last=True), "-created_at", "-id")
    in_focus = list(dict.fromkeys(ordered.values_list("category", flat=True)))
    if not in_focus:
        return None
    finished = _finished_by_category(user=user, now=now)
    # max keeps the first of equals: in focus order, the goal worked on last decides a tie.
    return max(in_focus, key=lambda category: finished.get(category, (0,))[0])


def category_most_done(*, user: User, now: dt.datetime | None = None) -> str:
    """The category the person finished most missions of over the last LOVED_DAYS days,
    goals active or not (the newest finish breaks a tie); "" with none."""
    finished = _finished_by_category(user=user, now=now)
    return max(finished, key=finished.__getitem__, default="")


def _finished_by_category(
    *, user: User, now: dt.datetime | None
) -> dict[str, tuple[int, dt.datetime]]:
    """Work done (missions finished, days of habits kept) per category over the last
    LOVED_DAYS local days: (how many, the newest)."""
    since = user.local_day(now or timezone.now()) - dt.timedelta(days=LOVED_DAYS)
    rows = (
        ActivityEvent.objects.owned_by(user)
        .filter(kind__in=ActivityEvent.WORK_DONE, local_date__gt=since)
        .exclude(category="")
        .values_list("category")
        .annotate(done=Count("id"), latest=Max("occurred_at"))
    )
    return {category: (done, latest) for category, done, latest in rows}


# No meaningful activity for this long: the person is away (nudges' drop-off begins, and the
# activity that ends it is a return: the story's comeback, Eliza's welcome).
AWAY_AFTER = dt.timedelta(hours=48)
# What counts as the person being here.
PRESENT = (
    ActivityEvent.Kind.MISSION_STARTED,
    ActivityEvent.Kind.MISSION_COMPLETED,
    ActivityEvent.Kind.SESSION_COMPLETED,
    ActivityEvent.Kind.TALKED,
    ActivityEvent.Kind.HABIT_DONE,
)
# What counts as work done: a mission finished, a habit ticked.
DONE_WORK = (ActivityEvent.Kind.MISSION_COMPLETED, ActivityEvent.Kind.HABIT_DONE)


def activity_ends_absence(*, user: User, at: dt.datetime) -> bool:
    """Whether the person's activity at ``at`` ends an absence of AWAY_AFTER or more, with a
    mission done before it (the comeback beat recalls one)."""
    before = ActivityEvent.objects.owned_by(user).filter(kind__in=PRESENT, occurred_at__lt=at)
    last = before.order_by("-occurred_at").values_list("occurred_at", flat=True).first()
    if last is None or at - last < AWAY_AFTER:
        return False
    return before.filter(kind=ActivityEvent.Kind.MISSION_COMPLETED).exists()


# The instants the person was here within a window before their latest work done, and the
# one last before that window (written out and prepared: the ORM's union of two subqueries
# took longer to build than PostgreSQL took to run it).
_RETURN_TIMES_SQL = """
WITH done AS (
    SELECT occurred_at AS at FROM goals_activityevent
    WHERE user_id = %(user_id)s::bigint AND kind = ANY(%(done)s::text[])
      AND occurred_at <= %(now)s::timestamptz
    ORDER BY occurred_at DESC LIMIT 1
)
(SELECT e.occurred_at FROM goals_activityevent e, done
 WHERE e.user_id = %(user_id)s::bigint AND e.kind = ANY(%(present)s::text[])
   AND e.occurred_at <= done.at
   AND e.occurred_at >= done.at - make_interval(secs => %(window)s::float8))
UNION ALL
(SELECT e.occurred_at FROM goals_activityevent e, done
 WHERE e.user_id = %(user_id)s::bigint AND e.kind = ANY(%(present)s::text[])
   AND e.occurred_at < done.at - make_interval(secs => %(window)s::float8)
 ORDER BY e.occurred_at DESC LIMIT 1)
"""


def return_times(*, user: User, now: dt.datetime, window: dt.timedelta) -> tuple[dt.datetime, ...]:
    """In order: the instants the person was here (PRESENT) within `window` before their
    latest work done (a mission finished, a habit ticked) up to `now`, and the one last
    before that window; () before any was done."""
    with prepared_cursor() as cursor:
        cursor.execute(
            _RETURN_TIMES_SQL,
            {
                "user_id": user.pk,
                "done": [str(kind) for kind in DONE_WORK],
                "now": now,
                "present": [str(kind) for kind in PRESENT],
                "window": window.total_seconds(),
            },
        )
        return tuple(sorted(at for (at,) in cursor.fetchall()))


def mission_ease_back(*, user: User, on: dt.date) -> Mission | None:
    """The ease-back-in mission of the person's return on their day `on`, while it is open."""
    return (
        Mission.objects.owned_by(user)
        .filter(ease_back_on=on, status__in=Mission.POOL)
        .select_related("goal")
        .first()
    )


# -- sessions -----------------------------------------------------------------------------


def session_list(
    *, user: User, mission_id: int | None = None, status: str | None = None
) -> QuerySet[MissionSession]:
    queryset = MissionSession.objects.owned_by(user).select_related("mission")
    if mission_id is not None:
        queryset = queryset.filter(mission_id=mission_id)
    if status:
        queryset = queryset.filter(status=status)
    return queryset.order_by("-started_at")


def session_get(*, user: User, session_id: int) -> MissionSession:
    return owned_or_not_found(
        MissionSession.objects.select_related("mission", "mission__goal"),
        user=user,
        pk=session_id,
        message="There is no such session.",
    )


def session_running(*, user: User, mission_id: int) -> MissionSession | None:
    return (
        MissionSession.objects.owned_by(user)
        .filter(mission_id=mission_id, status=MissionSession.Status.RUNNING)
        .order_by("-started_at")
        .first()
    )


# -- what a nudge may recall ----------------------------------------------------------------


def mission_latest_done(*, user: User) -> Mission | None:
    """The mission the person finished last."""
    return (
        Mission.objects.owned_by(user)
        .filter(status=MS.COMPLETED, completed_at__isnull=False)
        .order_by("-completed_at", "-id")
        .first()
    )
