"""What the person did today, asked in words ("what did i do today", "what have i done
today?"): the missions and habits done on their own day, and what is still on the list; said
from the records, never guessed."""

from __future__ import annotations

import datetime as dt
import re

from delight.models import User
from goals.selectors import habits_today, missions_done_today, triad_for

_ASKED = re.compile(
    r"\bwhat (?:did|have|'?ve) i (?:do|done|get done|finish(?:ed)?|tick(?:ed)?)"
    r"(?: so far)? today\b|\bwhat(?:'?s| is| have i) (?:done|finished) today\b",
    re.IGNORECASE,
)
NOTHING_YET = "Nothing marked done yet today. {left}"
DID = "Today you did {done}. {left}"
LEFT = "Still on your list: {missions}."
ALL_DONE = "Nothing left on today's list."


def done_today_said(user: User, text: str, now: dt.datetime) -> str:
    """The answer to "what did i do today" ("" when the message asks no such thing)."""
    if not _ASKED.search(text):
        return ""
    today = user.local_day(now)
    done = [f"“{m.title}”" for m in missions_done_today(user=user, now=now)]
    done += [f"“{row.habit.title}”" for row in habits_today(user=user, today=today) if row.done]
    left_titles = [m.title for m in triad_for(user=user, now=now).missions]
    left = LEFT.format(missions="; ".join(left_titles)) if left_titles else ALL_DONE
    if not done:
        return NOTHING_YET.format(left=left)
    listed = done[0] if len(done) == 1 else f"{', '.join(done[:-1])} and {done[-1]}"
    return DID.format(done=listed, left=left)
