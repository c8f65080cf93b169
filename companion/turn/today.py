"""What the person did today, asked in words ("what did i do today", "what have i done
today?", "did you tick the swim"): the missions and habits done on their own day, and what is
still on the list; said from the records, never guessed."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from companion.dialogue import Choice, best_choice
from companion.turn.habits import habit_progress_said
from companion.turn.undo import MARKING, counted_reply
from delight.models import User
from goals.selectors import flow_choices, habits_today, missions_done_today, triad_for


def said_from_records(user: User, text: str, now: dt.datetime, last: dict[str, Any] | None) -> str:
    """What the records answer when a message asks them ("" otherwise): "does that count?"
    just after a mark (or of something done yesterday, or when nothing was marked), a habit's
    progress, what was done
    today, whether one thing is marked, whether a goal was set up."""
    return (
        counted_reply(last, text)
        or yesterday_counted(text)
        or uncounted_said(user, text, last)
        or habit_progress_said(user, text, now)
        or done_today_said(user, text, now)
        or marked_said(user, text, now)
        or goal_set_up_said(user, text)
    )


# Asked whether a deed of yesterday counts ("i did it yesterday not today, does that still
# count"): missions are ticked on the day they are done, so it is said honestly.
_YESTERDAY = re.compile(r"\b(?:yesterday'?s?|last night)\b", re.IGNORECASE)
_COUNT_ASKED = re.compile(
    r"\b(?:does|did|will|would|can) (?:that|it|this|yesterday'?s?)(?: one)? (?:still )?count\b",
    re.IGNORECASE,
)
YESTERDAY_COUNTS = (
    "Missions are ticked on the day they're done, so yesterday's can't go on today's record. "
    "It still did you good, though: the practice is in you either way. Tell me when you do "
    "today's."
)


def yesterday_counted(text: str) -> str:
    """The honest answer to whether something done yesterday counts ("" if not asked)."""
    asked = _COUNT_ASKED.search(text) and _YESTERDAY.search(text)
    return YESTERDAY_COUNTS if asked else ""


# "does that count" ("does duolingo count"), asked alone, when she marked nothing for it.
_ONLY_COUNT_ASKED = re.compile(
    r"^\W*(?:(?:so|and|but|wait|ok|okay|hmm+|um+)\W+)*(?:does|did|would|will|can) (?:that|it"
    r"|this|[\w']+(?: [\w']+){0,2})(?: one)? (?:still |even |also )?count\W*(?:(?:though|then"
    r"|right|lol|haha|or not|too)\W*)*$",
    re.IGNORECASE,
)
# ... or after the deed ("just drew pixel sleeping, counts?"): answered only when nothing
# is on the list to mark (else the deed is the marking flow's).
_COUNT_ASKED_AFTER = re.compile(
    r"[,.;!]\s*(?:(?:does|do|would) (?:that|it|this) )?counts?\W*$", re.IGNORECASE
)
# Asked to mark something done, when nothing is on the list to mark.
_MARK_ASKED = re.compile(
    r"\b(?:can|could|would) (?:you|u) (?:please |pls )?(?:mark|tick|log|count)\b"
    r"|^\W*(?:(?:ok|so|and|please|pls)\W+)*(?:mark|tick) (?:it|that|this|the \w+)",
    re.IGNORECASE,
)
NO_GOAL_TO_COUNT = (
    "It counts for you, that's what matters. I can only tick off a mission of a goal, and you "
    "haven't set one up yet: say the word and we'll make one."
)
MISSIONS_WAITING = (
    "It counts for you, that's what matters. There's nothing on your list to tick yet: the "
    "missions for “{title}” are waiting on your goals page. Approve them there, or ask me to "
    "put them on your list, and I'll tick them as you go."
)
NOT_MARKED = "I haven't marked anything yet: tell me which mission it was and I'll tick it."


def uncounted_said(user: User, text: str, last: dict[str, Any] | None) -> str:
    """The honest answer to "does that count" when she marked nothing, or to "can you mark
    it" with nothing on the list ("" if neither is asked)."""
    if last and last.get("action") in MARKING:
        return ""
    counted = bool(_ONLY_COUNT_ASKED.match(text))
    if not (counted or _MARK_ASKED.search(text) or _COUNT_ASKED_AFTER.search(text)):
        return ""
    missions, goals = flow_choices(user=user, limit=1)
    if missions:
        return NOT_MARKED if counted else ""  # a mark asked for is the marking flow's
    return MISSIONS_WAITING.format(title=goals[0][1]) if goals else NO_GOAL_TO_COUNT


_ASKED = re.compile(
    r"\bwhat (?:else )?(?:did|have|'?ve) i (?:do|done|get done|finish(?:ed)?|tick(?:ed)?)"
    r"(?: so far)? today\b|\bwhat(?:'?s| is| have i) (?:done|finished) today\b"
    r"|\bwhat (?:have|'?ve) i (?:done|finished|ticked off) (?:so far|yet)\b",
    re.IGNORECASE,
)
NOTHING_YET = "Nothing marked done yet today. {left}"
DID = "Today you did {done}. {left}"
LEFT = "Still on your list: {missions}."
ALL_DONE = "Nothing left on today's list."
# Asked whether one thing is marked ("did you tick the swim", "is my walk marked?").
_MARKED = re.compile(
    r"^\W*(?:(?:so|and|wait|ok|hey)\W+)?(?:did|have|has) (?:you|u|ya|it) (?:already )?"
    r"(?:tick|mark|count|log|record|save|note)(?:ed)?(?: down| off)? (?P<what>.+)"
    r"|^\W*(?:(?:so|and|wait|ok)\W+)?(?:is|was|are) (?P<that>.+?) (?:already )?"
    r"(?:marked|ticked|counted|logged)(?: off| down| done)?\W*$"
    # "did i do the phone one today": asked of the records, not told
    r"|^\W*(?:(?:so|and|wait|ok|hey)\W+)?(?:did|have) i (?:already )?(?:do|done|did|finish"
    r"|finished|tick|ticked) (?P<mine>.+?) (?:today|yet|already)\W*$",
    re.IGNORECASE,
)
MARKED_YES = "Yes: “{title}” is marked done today."
# Asked whether a goal was set up ("wait, did you set up the drawing goal or not").
_GOAL_SET_UP = re.compile(
    r"^\W*(?:(?:wait|so|ok|and|hang on|hold on|um+|hm+)\W+)*(?:did|have|has) (?:you|u|ya|it)"
    r" (?:actually |even |already |ever )?(?:set ?up|create|created|make|made|save|saved|add"
    r"|added) (?P<what>.*?)\bgoal\b",
    re.IGNORECASE,
)
GOAL_YES = "Yes: “{title}” is set up. Its missions are on your goals page."
GOAL_OTHERS = "I don't see that one set up. Your goals: {titles}."

MARKED_NOT_YET = "Not yet: “{title}” is still open. If you've done it, tell me and I'll mark it."


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


def marked_said(user: User, text: str, now: dt.datetime) -> str:
    """The answer to "did you tick the swim" ("" when the message asks no such thing).

    1. Only a question whether something is ticked, marked or counted.
    2. The one mission it names among those done today and those still open: whether it is
       marked. Naming none clearly, what was done today and what is left.
    """
    asked = _MARKED.search(text)
    if not asked:
        return ""
    what = asked["what"] or asked["that"] or asked["mine"]
    done = tuple(Choice(m.pk, m.title) for m in missions_done_today(user=user, now=now))
    missions, _ = flow_choices(user=user)
    open_ = tuple(Choice(pk, title) for pk, title, _ in missions)
    named = best_choice(what, (*done, *open_))
    if named is None:
        return done_today_said(user, "what did i do today", now)
    return (MARKED_YES if named in done else MARKED_NOT_YET).format(title=named.title)


def goal_set_up_said(user: User, text: str) -> str:
    """The answer to "did you set up the drawing goal" from the records: the active goal it
    names, else the goals there are ("" when the message asks no such thing, or there is no
    goal: the turn then offers to set one up)."""
    asked = _GOAL_SET_UP.search(text)
    if not asked:
        return ""
    _, goals = flow_choices(user=user)
    choices = tuple(Choice(pk, title) for pk, title in goals)
    named = best_choice(asked["what"], choices) if asked["what"].strip() else None
    if named is None and len(choices) == 1:
        named = choices[0]
    if named is not None:
        return GOAL_YES.format(title=named.title)
    if choices:
        return GOAL_OTHERS.format(titles=", ".join(f"“{c.title}”" for c in choices))
    return ""
