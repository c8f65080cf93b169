"""What Eliza notices in a person's progress (reads): six detectors over their own activity,
each giving the facts of one insight when the evidence is enough, nothing otherwise.

"This week" is the last 7 local days up to the person's today; "the week before" the 7 days
before those. Dates are each event's own local date; hours are read in the zone the event
happened in. Each insight's key makes it new once per period: a best week once per category
and ISO week, a best time or a weekday once per month, a trend once per ISO week, a comeback
once per return.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from itertools import pairwise

from django.db.models import Count, Q

from delight.models import User
from goals.insight_words import InsightFacts
from goals.models import ActivityEvent, Category, Habit, HabitCheckIn, ProgressInsight
from goals.progress.days import zone_info
from goals.progress.importing import LOOP
from goals.progress.selectors import progress_today
from goals.selectors.habits import habit_ticks, habits_active, ticked_states

Kind = ActivityEvent.Kind
Insight = ProgressInsight.Kind
WEEK = 7
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

# Evidence each insight needs.
BEST_WEEK_MIN = 3  # missions of a category this week
BEST_WEEK_HISTORY = 2 * WEEK  # days of activity before today a record is measured against
BEST_TIME_DAYS = 28  # the days a best time is read from
BEST_TIME_MIN = 5  # missions and sessions in them
BEST_TIME_DAYS_MIN = 4  # ... on this many different days (one busy evening is no habit)
BEST_TIME_HOURS = 2  # the width of the window named
BEST_TIME_SHARE = 3  # ... which holds at least a third of them (and 3 or more)
WEEKDAY_WEEKS = (4, 8)  # weeks of history needed, and read at most
WEEKDAY_MIN = 4  # missions on the strongest weekday, at least a quarter of all
HABIT_WEEKS = (4, 8)  # whole weeks of a daily habit needed, and read at most
HABIT_GAP = 0.3  # how far apart its weekdays and weekends must be kept
HABIT_STRONG = 0.6  # ... the better side kept at least this often
TREND_MIN = 3  # missions this week, more than the week before (which had some)
AWAY_DAYS = 3  # days without any activity before a return
COMEBACK_DAYS = 7  # a return is news for this many days

# Days with missions done: per value category, and overall under "".
MissionDays = dict[str, dict[dt.date, int]]


def insight_facts(*, user: User, now: dt.datetime) -> list[InsightFacts]:
    """Every insight the person's progress shows at `now`: a comeback, best weeks by
    category, a rising week, a strongest weekday, a best time of day."""
    today = progress_today(user=user, now=now)
    done = _missions_by_day(user=user)
    found = [
        _comeback(user=user, today=today, overall=done[""]),
        *_best_weeks(user=user, today=today, done=done),
        _trend(today=today, overall=done[""]),
        _weekday(today=today, overall=done[""]),
        _best_time(user=user, today=today),
        _habit_days(user=user, today=today),
    ]
    return [facts for facts in found if facts is not None]


def progress_insights(*, user: User, limit: int = 20) -> list[ProgressInsight]:
    """The insights kept for the person, the newest first."""
    return list(ProgressInsight.objects.owned_by(user).order_by("-created_at", "-id")[:limit])


CURRENT_READ = 50  # the newest kept insights the page chooses from


def progress_insights_current(*, user: User, limit: int = 5) -> list[ProgressInsight]:
    """What holds now: the newest insight of each kind (of each category, for a best week),
    newest first — a best time found last month gives way to this month's, never beside it."""
    current: dict[tuple[str, object], ProgressInsight] = {}
    for insight in progress_insights(user=user, limit=CURRENT_READ):
        current.setdefault((insight.kind, insight.facts.get("category")), insight)
    return list(current.values())[:limit]


# -- what the detectors read ---------------------------------------------------------------


def _missions_by_day(*, user: User) -> MissionDays:
    rows = (
        ActivityEvent.objects.owned_by(user)
        .filter(kind=Kind.MISSION_COMPLETED)
        .values("local_date", "category")
        .annotate(missions=Count("id"))
        .order_by()
    )
    done: MissionDays = defaultdict(lambda: defaultdict(int))
    for row in rows:
        done[""][row["local_date"]] += row["missions"]
        if row["category"]:
            done[row["category"]][row["local_date"]] += row["missions"]
    return done


def _weekly(days: dict[dt.date, int], *, today: dt.date) -> Counter[int]:
    """Missions per 7-day window counted back from today: 0 is this week, 1 the one before."""
    weeks: Counter[int] = Counter()
    for date, missions in days.items():
        if date <= today:
            weeks[(today - date).days // WEEK] += missions
    return weeks


def _offered_this_week(*, user: User, today: dt.date) -> dict[str, int]:
    """Missions offered this week per category, as far as they can be counted: each mission
    done, skipped or deferred once, however often it came back (events of no mission, such
    as imported ones, one each)."""
    rows = (
        ActivityEvent.objects.owned_by(user)
        .filter(
            kind__in=(Kind.MISSION_COMPLETED, Kind.MISSION_SKIPPED, Kind.MISSION_DEFERRED),
            local_date__range=(today - dt.timedelta(days=WEEK - 1), today),
        )
        .values("category")
        .annotate(
            missions=Count("mission", distinct=True),
            loose=Count("id", filter=Q(mission__isnull=True)),
        )
        .order_by()
    )
    return {row["category"]: row["missions"] + row["loose"] for row in rows}


def _iso_week(date: dt.date) -> str:
    year, week, _ = date.isocalendar()
    return f"{year}-W{week:02d}"


# -- the detectors -------------------------------------------------------------------------


def _best_weeks(*, user: User, today: dt.date, done: MissionDays) -> list[InsightFacts]:
    """Each category whose week is its best yet.

    1. The person needs activity from at least two weeks back, so a record means something.
    2. A category qualifies with BEST_WEEK_MIN missions or more this week, more than in any
       earlier 7-day window of its whole history.
    3. Quote the missions offered (done + skipped + deferred, each mission once) only when
       they are more than those done; otherwise the count done alone.
    """
    first = min(done[""], default=None)
    if first is None or (today - first).days < BEST_WEEK_HISTORY:
        return []
    found = []
    offered: dict[str, int] | None = None
    for category in Category.values:
        weeks = _weekly(done.get(category, {}), today=today)
        record = max((n for week, n in weeks.items() if week > 0), default=0)
        if weeks[0] < BEST_WEEK_MIN or weeks[0] <= record:
            continue
        if offered is None:  # one read, and only when some category qualifies
            offered = _offered_this_week(user=user, today=today)
        numbers: dict[str, int | float | str] = {
            "category": Category(category).label.lower(),
            "done": weeks[0],
        }
        if offered.get(category, 0) > weeks[0]:
            numbers["offered"] = offered[category]
        key = f"best_category:{category}:{_iso_week(today)}"
        found.append(InsightFacts(Insight.BEST_CATEGORY.value, key, numbers))
    return found


def _trend(*, today: dt.date, overall: dict[dt.date, int]) -> InsightFacts | None:
    """More missions this week than the week before, which had some: said only upward (a
    quieter week is never news)."""
    weeks = _weekly(overall, today=today)
    this_week, last_week = weeks[0], weeks[1]
    if last_week < 1 or this_week <= last_week or this_week < TREND_MIN:
        return None
    numbers: dict[str, int | float | str] = {"this_week": this_week, "last_week": last_week}
    return InsightFacts(Insight.TREND.value, f"trend:{_iso_week(today)}", numbers)


def _weekday(*, today: dt.date, overall: dict[dt.date, int]) -> InsightFacts | None:
    """The weekday with clearly the most missions.

    1. Read the last whole weeks of the person's history, 4 at least, 8 at most (so each
       weekday appears equally often).
    2. The strongest weekday needs WEEKDAY_MIN missions, strictly more than any other day,
       and at least a quarter of all of them (an even spread has no strongest day).
    """
    first = min(overall, default=None)
    if first is None:
        return None
    weeks = min(((today - first).days + 1) // WEEK, WEEKDAY_WEEKS[1])
    if weeks < WEEKDAY_WEEKS[0]:
        return None
    start = today - dt.timedelta(days=weeks * WEEK - 1)
    per_day: Counter[int] = Counter()
    for date, missions in overall.items():
        if start <= date <= today:
            per_day[date.weekday()] += missions
    if not per_day:
        return None
    (day, best), *rest = per_day.most_common(2)
    runner_up = rest[0][1] if rest else 0
    if best < WEEKDAY_MIN or best == runner_up or best * 4 < sum(per_day.values()):
        return None
    name = WEEKDAYS[day]
    numbers: dict[str, int | float | str] = {"weekday": name, "count": best, "weeks": weeks}
    key = f"weekday:{name.lower()}:{today:%Y-%m}"
    return InsightFacts(Insight.WEEKDAY.value, key, numbers)


def _habit_days(*, user: User, today: dt.date) -> InsightFacts | None:
    """The daily habit kept clearly better on weekdays than at weekends, or the other way.

    1. Each active daily habit with HABIT_WEEKS[0] whole weeks or more since its start:
       its last whole weeks (at most HABIT_WEEKS[1]), days skipped on purpose left out.
    2. How often it was kept on weekdays and at weekends: one side at least HABIT_STRONG,
       the other HABIT_GAP or more below it.
    3. Of several, the widest gap; once per habit, side and month.
    """
    found: list[tuple[float, InsightFacts]] = []
    for habit in habits_active(user=user):
        weeks = min((today - habit.start_date).days // WEEK, HABIT_WEEKS[1])
        if habit.schedule != Habit.Schedule.DAILY or weeks < HABIT_WEEKS[0]:
            continue
        start = today - dt.timedelta(days=weeks * WEEK)
        states = ticked_states(habit_ticks(user=user, habit=habit, start=start))
        sides = {"weekday": [0, 0], "weekend": [0, 0]}  # [done, asked]
        for offset in range(weeks * WEEK):
            day = start + dt.timedelta(days=offset)
            state = states.get(day)
            if state != HabitCheckIn.State.SKIPPED:
                side = sides["weekend" if day.weekday() >= 5 else "weekday"]
                side[0] += state == HabitCheckIn.State.DONE
                side[1] += 1
        (best, (done, asked)), (other, (other_done, other_asked)) = sorted(
            sides.items(), key=lambda item: -item[1][0] / max(1, item[1][1])
        )
        gap = done / max(1, asked) - other_done / max(1, other_asked)
        if done / max(1, asked) >= HABIT_STRONG and gap >= HABIT_GAP:
            numbers: dict[str, int | float | str] = {
                "habit": habit.title, "side": best, "done": done, "asked": asked,
                "other": other, "other_done": other_done, "other_asked": other_asked,
            }  # fmt: skip
            key = f"habit_days:{habit.pk}:{best}:{today:%Y-%m}"
            found.append((gap, InsightFacts(Insight.HABIT_DAYS.value, key, numbers)))
    return max(found, key=lambda pair: pair[0])[1] if found else None


def _best_time(*, user: User, today: dt.date) -> InsightFacts | None:
    """The two hours of the day the person works in most.

    1. Take the missions and sessions finished in the last BEST_TIME_DAYS days (not days
       imported from Loop, which carry no time); a session that also finished its mission
       is one, not two.
    2. Each happened at an hour of its own zone: a session at its middle (it ended at
       occurred_at after actual_minutes), a mission done without one when it was done.
    3. Slide a BEST_TIME_HOURS window around the clock; the fullest wins (on a tie, the one
       whose first hour is busiest, then the earliest). It needs BEST_TIME_MIN of them in
       all on BEST_TIME_DAYS_MIN different days, and 3 or more and a third of them in it.
    """
    events = (
        ActivityEvent.objects.owned_by(user)
        .filter(
            kind__in=(Kind.MISSION_COMPLETED, Kind.SESSION_COMPLETED),
            local_date__range=(today - dt.timedelta(days=BEST_TIME_DAYS - 1), today),
        )
        # Loop's export has dates only: its days sit at an invented hour, not a real one.
        .exclude(metadata__contains={"source": LOOP})
        .values_list("id", "kind", "occurred_at", "zone", "mission_id", "metadata", "local_date")
    )
    hours: dict[tuple[int, dt.datetime] | int, int] = {}
    days: set[dt.date] = set()
    for event_id, kind, occurred_at, zone, mission_id, metadata, local_date in events:
        days.add(local_date)
        moment = occurred_at
        if kind == Kind.SESSION_COMPLETED:
            minutes = int((metadata or {}).get("actual_minutes") or 0)
            moment -= dt.timedelta(minutes=minutes / 2)
        one = (mission_id, occurred_at) if mission_id else event_id
        if kind == Kind.SESSION_COMPLETED or one not in hours:
            hours[one] = moment.astimezone(zone_info(zone)).hour
    per_hour = Counter(hours.values())
    total = len(hours)
    if total < BEST_TIME_MIN or len(days) < BEST_TIME_DAYS_MIN:
        return None
    windows = [
        (start, sum(per_hour[(start + h) % 24] for h in range(BEST_TIME_HOURS)))
        for start in range(24)
    ]
    # On a tie, the window that opens on a busy hour (work at 19:30 is 19-21, not 18-20).
    start, count = max(windows, key=lambda w: (w[1], per_hour[w[0]], -w[0]))
    if count < 3 or count * BEST_TIME_SHARE < total:
        return None
    numbers: dict[str, int | float | str] = {
        "start": f"{start:02d}:00",
        "end": f"{(start + BEST_TIME_HOURS) % 24:02d}:00",
        "count": count,
        "total": total,
    }
    key = f"best_time:{start}:{today:%Y-%m}"
    return InsightFacts(Insight.BEST_TIME.value, key, numbers)


def _comeback(*, user: User, today: dt.date, overall: dict[dt.date, int]) -> InsightFacts | None:
    """A return after AWAY_DAYS or more without any activity, in the last COMEBACK_DAYS
    days, with at least one mission done since.

    1. Walk the person's active dates (any activity) back from today.
    2. The latest date within COMEBACK_DAYS whose previous active date lies more than
       AWAY_DAYS days before it is the return.
    3. Count the missions done from the return to today.
    """
    dates = list(
        ActivityEvent.objects.owned_by(user)
        .filter(local_date__lte=today)
        .values_list("local_date", flat=True)
        .distinct()
        .order_by("local_date")
    )
    window_start = today - dt.timedelta(days=COMEBACK_DAYS - 1)
    for before, returned in reversed(list(pairwise(dates))):
        if returned < window_start:
            return None
        away = (returned - before).days - 1
        if away < AWAY_DAYS:
            continue
        missions = sum(n for date, n in overall.items() if returned <= date <= today)
        if missions < 1:
            return None
        numbers: dict[str, int | float | str] = {"missions": missions, "days_away": away}
        return InsightFacts(Insight.COMEBACK.value, f"comeback:{returned}", numbers)
    return None
