"""Habits in conversation. A habit wished for in words ("I want to meditate every morning",
"i wanna swim twice a week"): offered before anything is made ("Shall I make “Meditate” a
habit, every day?"), made on a yes, and said back; a wish with no "how often" is a goal's,
not this. And "how's my meditation going?": answered from the habit itself."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.dialogue import Choice, best_choice
from companion.dialogue.cues import is_question, wished_aim
from companion.dialogue.parsing import infer_category, is_bare_yes
from companion.turn.habits_words import (
    MADE,
    MADE_FAILED,
    OFFER,
    QUIET_HELD,
    REMIND_TIP,
    REMINDED,
    REMINDED_FAILED,
    REMINDER_TOO,
    WHICH_REMINDED,
)
from delight.ai.text import listed
from delight.models import User
from goals.selectors import habit_streaks, habits_active, habits_today, schedule_words

if TYPE_CHECKING:  # annotations only: habits are read through goals' selectors
    from goals.models import Habit
    from goals.progress.habit_streaks import HabitStreak
    from goals.selectors.habits import HabitToday

NUMBERS = {"one": 1, "once": 1, "two": 2, "twice": 2, "three": 3, "four": 4, "five": 5, "six": 6}
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_COUNT = r"(\d|one|two|three|four|five|six)"
_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
# How often, in the words people use, each with the schedule it makes.
_DAILY = re.compile(
    r"\b(?:every|each)\s+(?:single\s+)?(?:day|morning|evening|night|afternoon|lunchtime)\b"
    r"|\bdaily\b|\beveryday\b|\b(?:a|per)\s+day\b|\bin the mornings?\b(?=.*\bevery\b)",
    re.IGNORECASE,
)
_OTHER_DAY = re.compile(r"\bevery\s+other\s+day\b", re.IGNORECASE)
_EVERY_N = re.compile(rf"\bevery\s+{_COUNT}\s+days\b", re.IGNORECASE)
_WEEKLY = re.compile(
    rf"\b(?:{_COUNT}\s+times|once|twice)\s+(?:a|per|each|every)\s+week\b", re.IGNORECASE
)
_WEEKDAYS = re.compile(r"\b(?:on\s+weekdays|every\s+weekday|on\s+work\s*days)\b", re.IGNORECASE)
_NAMED_DAYS = re.compile(
    rf"\b(?:on|every)\s+({_DAY}(?:\s*(?:,|and|&|\+)\s*{_DAY})*)\b", re.IGNORECASE
)
_LEFTOVER = re.compile(
    r"\s+(?:on|at|in|for|and)\s*$|^\s*(?:to|try to|start to|(?:start\s+)?doing|start|get into)\s+",
    re.IGNORECASE,
)
# A wish with an end ("until the end of the year", "by march") is a goal's: a habit has none.
_ENDS = re.compile(
    r"\b(?:until|till|by the end|by end|by (?:next|this)|deadline|before the)\b", re.I
)
_MY = re.compile(r"\bmy\b", re.IGNORECASE)  # a habit's title speaks to the person: "your"
_I = re.compile(r"\bi\b(?!')", re.IGNORECASE)  # "before i open instagram": "before you open…"


def habit_wished(text: str) -> dict[str, Any] | None:
    """The habit a wish names with how often ("" parts left out), or None: its title, its
    schedule fields, the words for how often, and a category its words hint at."""
    aim = wished_aim(text)
    if not aim or _ENDS.search(text) or not (said := _how_often(aim)):
        return None
    found, fields = said
    left = " ".join(f"{aim[: found.start()]} {aim[found.end() :]}".split()).strip(" ,.")
    title = _I.sub("you", _MY.sub("your", _LEFTOVER.sub("", left)))
    if not title or fields.get("every_days", 2) < 2 or not fields.get("weekdays", [0]):
        return None
    return {
        "title": title[:1].upper() + title[1:],
        "fields": fields,
        "how": _how(fields),
        "category": infer_category(title) or "health",
    }


def _how_often(text: str) -> tuple[re.Match[str], dict[str, Any]] | None:
    """Where `text` says how often, and the schedule fields it makes (None if it does not)."""
    for pattern, schedule in (
        (_OTHER_DAY, lambda m: {"schedule": "every", "every_days": 2}),
        (_EVERY_N, lambda m: {"schedule": "every", "every_days": _number(m[1])}),
        (_WEEKLY, lambda m: {"schedule": "weekly", "times_per_week": _times(m)}),
        (_WEEKDAYS, lambda m: {"schedule": "weekdays", "weekdays": [0, 1, 2, 3, 4]}),
        (_NAMED_DAYS, lambda m: {"schedule": "weekdays", "weekdays": _named_days(m[1])}),
        (_DAILY, lambda m: {"schedule": "daily"}),
    ):
        if found := pattern.search(text):
            return found, schedule(found)
    return None


# A habit asked for by name: "can that be a habit" after the wish, or "make “X” a habit".
_HABIT_ASKED_AFTER = re.compile(
    r"[,.\s]*(?:(?:can|could|would|will)\s+(?:that|it|this)\s+be|(?:can|could)\s+(?:u|you)"
    r"\s+make\s+(?:that|it|this))\s+(?:a|my|one\s+of\s+my)\s+habits?\W*$",
    re.IGNORECASE,
)
_HABIT_ASKED_NAMED = re.compile(
    r"^\W*(?:(?:ok|so|also|and|hey|pls|please)\W+)*(?:(?:can|could|would)\s+(?:u|you)\s+"
    r"(?:please\s+|pls\s+)?)?(?:make|add|set\s+up|turn)\s+[\"“']?(?P<what>.+?)[\"”']?\s+"
    r"(?:into\s+|as\s+)?(?:a|my)\s+(?:new\s+)?habit\W*$",
    re.IGNORECASE,
)


# "i want to track a habit: draw for 20 min every day before i open instagram"
_HABIT_ASKED_FIRST = re.compile(
    r"\b(?:track|add|start|make|set\s+up|have|new)\s+(?:a\s+|another\s+)?(?:new\s+)?habit"
    r"\s*[:,-]+\s*(?:to\s+)?(?P<what>\w.*)$",
    re.IGNORECASE,
)


def habit_asked(text: str) -> dict[str, Any] | None:
    """The habit asked for by name ("can u make “study 2 pomodoros a day” a habit", "track a
    habit: draw for 20 min every day"), every day unless it says how often; None when no
    habit is asked for."""
    if named := _HABIT_ASKED_NAMED.match(text) or _HABIT_ASKED_FIRST.search(text):
        wish = f"i want to {named['what']}"
    elif after := _HABIT_ASKED_AFTER.search(text):
        wish = text[: after.start()]
        wish = wish if wished_aim(wish) else f"i want to {wish}"
    else:
        return None
    return habit_wished(wish) or habit_wished(f"{wish} every day")


def habit_offer_plan(wish: dict[str, Any]) -> dict[str, Any]:
    """The reply that offers the habit, and the offer kept for the next message."""
    question = OFFER.format(title=wish["title"], how=wish["how"])
    return {"strategy": "clarify", "act": "question", "question": question, "habit_offer": wish}


def habit_offer_taken(waiting: dict[str, Any] | None, text: str, act: str) -> dict[str, Any] | None:
    """The plan that makes the habit offered just before, on a yes (None otherwise); a time
    asked for with the yes ("yes, and remind me at 7:30") is its reminder."""
    at = reminder_time_asked(text)
    yes = act == "affirm" or is_bare_yes(text) or _SHORT_YES.match(text)
    if waiting and (changed := _schedule_changed(text)):
        waiting = {**waiting, "fields": changed, "how": _how(changed)}  # "weekdays only"
    if not waiting or not (yes or changed or (at and _YES.match(text))):
        return None
    args = {"title": waiting["title"], "category": waiting["category"], **waiting["fields"]}
    if at is not None:
        args["reminder_time"] = at.isoformat("minutes")
    tool = {"name": "habits.create", "args": args}
    return {"strategy": "flow", "act": "goal_step", "tools": [tool], "habit_made": waiting}


_YES = re.compile(r"^\W*(?:yes|yeah|yep|ya|sure|ok(?:ay)?|please|go on|do it)\b", re.IGNORECASE)
# Asked "every day?", another schedule said plainly first ("weekdays only, weekends i work").
_SCHEDULE_FIRST = re.compile(
    r"^\W*(?:(?:no|nah|yes|yeah|ok|okay|maybe|make it|just|only)\W+)*(?:on\s+)?(?:weekdays"
    r"|every\s+other\s+day|(?:\d|one|two|three|four|five|six)\s+times|once|twice)\b",
    re.IGNORECASE,
)


def _schedule_changed(text: str) -> dict[str, Any] | None:
    """The schedule a reply to the habit's offer says instead (None when it says none)."""
    if not _SCHEDULE_FIRST.match(text):
        return None
    said = _how_often(re.sub(r"\bweekdays\b", "on weekdays", text, count=1, flags=re.I))
    return said[1] if said else None


# A yes said with how often, in a few words ("every day yes", "yes daily is good").
_SHORT_YES = re.compile(
    r"^(?!.*\b(?:no|not|nah|don'?t|dont)\b)(?=(?:\W*\w+){1,5}\W*$).*\b(?:yes|yeah|yep|sure"
    r"|please|perfect|sounds good)\b",
    re.IGNORECASE,
)


def habit_words(plan: dict[str, Any], outputs: dict[str, Any], user: User) -> str:
    """What she says of a habit made or a reminder set ("" when the plan did neither), from
    the tools' `outputs`."""
    made, reminded = plan.get("habit_made"), plan.get("habit_reminded")
    if not (made or reminded):
        return ""
    output = outputs.get("habits.create" if made else "habits.remind")
    if output is None:
        return MADE_FAILED if made else REMINDED_FAILED
    habit = output["habit"]
    at = dt.time.fromisoformat(habit["reminder_time"]) if habit.get("reminder_time") else None
    said = MADE.format(title=made["title"], how=made["how"]) if made else ""
    if at is None:
        return f"{said} {REMIND_TIP}"
    return f"{said} {_reminder_said(user, habit['title'], at, also=bool(made))}".strip()


def _reminder_said(user: User, title: str, at: dt.time, *, also: bool) -> str:
    said = (REMINDER_TOO if also else REMINDED).format(title=title, at=f"{at:%H:%M}")
    if user.quiet_at(at):
        said += " " + QUIET_HELD.format(end=f"{user.quiet_hours_end:%H:%M}")
    return said


# -- a reminder asked for by chat ---------------------------------------------------------

_REMIND = re.compile(r"\bremind(?:er|ers)?\b", re.IGNORECASE)
# A time of day: "7:30", "7.30am", "7 pm", "at 7", "for 19:00" (not "in 5 minutes").
_TIME = re.compile(
    r"\b(?P<hour>[01]?\d|2[0-3])(?:[:.](?P<minute>[0-5]\d))?\s*(?P<half>a\.?m\.?|p\.?m\.?)?"
    r"(?!\s*(?:min|hour|hr|day|week|month|times|%))",
    re.IGNORECASE,
)
_EVENING = re.compile(r"\b(?:in the evening|at night|tonight|after work)\b", re.IGNORECASE)
# "remind me to call mum at 6": something named that is no habit of theirs, not "it".
_NAMES_SOMETHING = re.compile(
    r"\bremind me (?:to|about|of)\s+(?!(?:it|that|this|them|me|do it)\b)\w", re.IGNORECASE
)


def reminder_time_asked(text: str) -> dt.time | None:
    """The time of day a reminder is asked for at, or None.

    1. The message must ask for a reminder ("remind", "reminder").
    2. A time counts when it has minutes ("7:30"), or "am"/"pm", or follows "at"/"for".
    3. "pm", or an evening said in words, moves an hour before 12 to the afternoon.
    """
    if not _REMIND.search(text):
        return None
    for found in _TIME.finditer(text):
        before = text[: found.start()].rstrip().lower()
        if not (found["minute"] or found["half"] or before.endswith(("at", "for", "@"))):
            continue
        hour, minute = int(found["hour"]), int(found["minute"] or 0)
        half = (found["half"] or "").lower().replace(".", "")
        if hour < 12 and (half == "pm" or (not half and _EVENING.search(text))):
            hour += 12
        elif hour == 12 and half == "am":
            hour = 0
        return dt.time(hour, minute)
    return None


def habit_reminder_plan(
    user: User, text: str, said_before: Sequence[str], waiting: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """The plan that sets a habit's reminder asked for by chat, or None (not asked, or no
    habit of theirs is meant): the habit named, else the one she just spoke of ("remind me
    at 7:30" after making it), else their only habit; with several and none meant, she
    asks which, and the answer that names one (`waiting`: her question's time) sets it."""
    at = reminder_time_asked(text)
    if at is None and waiting:
        return _reminder_answered(user, text, dt.time.fromisoformat(waiting["time"]))
    habits = habits_active(user=user) if at is not None else []
    if at is None or not habits:
        return None
    named_else = _NAMES_SOMETHING.search(text)
    meant = _habit_meant(text, [Choice(h.pk, h.title) for h in habits], said_before)
    if meant is None and named_else:
        return None  # "remind me to call mum at 6": no habit; she says what she can't do
    if meant is None:
        titles = listed([f"“{h.title}”" for h in habits[:3]], last="or")
        asked = WHICH_REMINDED.format(titles=titles, at=f"{at:%H:%M}")
        pending = {"time": at.isoformat("minutes")}
        return {"strategy": "clarify", "act": "question", "question": asked,
                "habit_reminder": pending}  # fmt: skip
    return _reminder_set(meant, at)


def _reminder_answered(user: User, text: str, at: dt.time) -> dict[str, Any] | None:
    """ "the walk one" to "Which habit is it for…?": that habit's reminder set."""
    meant = best_choice(text, [Choice(h.pk, h.title) for h in habits_active(user=user)])
    return _reminder_set(meant, at) if meant is not None else None


def _reminder_set(meant: Choice, at: dt.time) -> dict[str, Any]:
    args = {"habit_id": meant.id, "time": at.isoformat("minutes")}
    tool = {"name": "habits.remind", "args": args}
    return {"strategy": "flow", "act": "goal_step", "tools": [tool], "habit_reminded": args}


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS.get(word.lower(), 0)


def _times(found: re.Match[str]) -> int:
    return _number(found[1] or found.group(0).split()[0])  # "3 times", "once", "twice"


def _named_days(said: str) -> list[int]:
    return sorted({n for n, day in enumerate(DAYS) if day[:3] in said.lower()})


def _how(fields: dict[str, Any]) -> str:
    return schedule_words(
        fields["schedule"],
        fields.get("times_per_week"),
        fields.get("weekdays", []),
        fields.get("every_days"),
    )


# -- how a habit is going -----------------------------------------------------------------

_HOW_GOING = re.compile(
    r"\bhow(?:'?s|\s+is|\s+are|\s+am\s+i\s+doing|\s+did)\b|\bstreak\b|\bprogress\b"
    r"|\bgoing\b|\bdoing\s+with\b",
    re.IGNORECASE,
)
_ALL_HABITS = re.compile(r"\bhabits\b", re.IGNORECASE)
NO_HABITS = "You have no habits yet. Tell me one, like “I want to stretch every morning”."


def habit_progress_said(user: User, text: str, now: dt.datetime) -> str:
    """The answer to a question about how a habit, or all of them, is going ("" when the
    message asks no such thing or names no habit of the person's)."""
    if not (is_question(text) or text.lower().startswith("how")) or not _HOW_GOING.search(text):
        return ""
    habits = habits_active(user=user)
    named = best_choice(text, [Choice(h.pk, h.title) for h in habits]) if habits else None
    if named is None and not _ALL_HABITS.search(text):
        return ""
    if not habits:
        return NO_HABITS
    today = user.local_day(now)
    streaks = habit_streaks(user=user, habits=habits, today=today)
    rows = {row.habit.pk: row for row in habits_today(user=user, today=today)}
    shown = [h for h in habits if named is None or h.pk == named.id]
    return " ".join(_going(h, streaks[h.pk], rows.get(h.pk)) for h in shown)


def _going(habit: Habit, streak: HabitStreak, today: HabitToday | None) -> str:
    """ "Meditate: 5 days in a row (your best is 9), kept 80% of the time. Done today." """
    unit = streak.unit.removesuffix("s") if streak.current == 1 else streak.unit
    if streak.current:
        said = f"{habit.title}: {streak.current} {unit} in a row"
        if streak.best > streak.current:
            said += f" (your best is {streak.best})"
    else:
        start = ", and today can start one" if today is not None and not today.done else ""
        said = f"{habit.title}: no streak right now{start}"
    if streak.rate is not None:
        said += f", kept {round(streak.rate * 100)}% of the time"
    if today is None:  # a weekly habit whose week is met, or a day it does not ask for
        now = "Done for this week." if habit.times_per_week else "Not due today."
    elif today.week_done is not None:
        now = f"{today.week_done} of {habit.times_per_week} this week so far."
    else:
        now = "Done today." if today.done else "Not ticked yet today."
    return f"{said}. {now}"


def _habit_meant(text: str, choices: list[Choice], said_before: Sequence[str]) -> Choice | None:
    """The habit a reminder is for: named in `text`; when the request names nothing else,
    the one her last messages spoke of, else the only one."""
    if meant := best_choice(text, choices):
        return meant
    if _NAMES_SOMETHING.search(text):
        return None
    spoken = (best_choice(said, choices) for said in said_before)
    return next((choice for choice in spoken if choice), None) or (
        choices[0] if len(choices) == 1 else None
    )
