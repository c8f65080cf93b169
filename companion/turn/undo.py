"""Taking back what Eliza just did ("undo", "that's not what I did"), and answering "does
that count?" about it: her last action kept in the session, or a mission named that was
finished within a day."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import Any

from companion.dialogue import WHEN_WORDS, Choice, best_choice, by_leading_verb, fits_one
from companion.dialogue.cues import denies_done, past_deed, skips
from companion.dialogue.deed_phrases import COUNT_FOR
from companion.dialogue.shortfalls import falls_short
from companion.turn.common import readable
from companion.turn.deeds import SAYS_WHICH_IT_WAS, dialogue_context
from companion.turn.flows import FLOW_TOOLS
from delight.ai.offline.kindness import tells_a_miss
from delight.models import User
from goals.selectors import habits_today, missions_done_since

# What each action can be taken back with ("undo", "that's not what I did"), and its words.
UNDO_TOOLS = {
    "complete_mission": "missions.reopen",
    "complete_habit": "habits.uncheck",
    "create_goal": "goals.withdraw",
}
UNDO_ARGS = {"complete_mission": "mission_id", "complete_habit": "habit_id"}
# What marks something done: a mission, or today's day of a habit.
MARKING = frozenset({"complete_mission", "complete_habit"})
UNDONE = {
    "complete_mission": "Done: “{title}” is back on your list as not done yet, and its "
    "Essence and its day in your streak are taken back.",
    "complete_habit": "Done: “{title}” is unticked for today, and its Essence and its day "
    "in your streak are taken back.",
    "create_goal": "Done: I've taken “{title}” off your goals.",
}
UNDO_FAILED = "I couldn't take that back: {reason}."


# Asked whether what she just marked counts ("so that counts for the walking one right").
_COUNTS_ASKED = re.compile(
    r"\b(?:that|it|this) counts?\b|\bcounts? (?:for|as)\b|\bdid (?:that|it) count\b"
    r"|\b(?:is|was) (?:that|it) (?:marked|ticked|logged|counted)\b",
    re.IGNORECASE,
)
COUNTED = "Yes — “{title}” is marked done. If you meant another one, say “undo”."


def counted_reply(last: dict[str, Any] | None, text: str) -> str:
    """The answer to "does that count?" just after she marked a mission ("" otherwise)."""
    if not last or last.get("action") not in MARKING or not _COUNTS_ASKED.search(text):
        return ""
    if past_deed(text):
        return ""  # a new deed asked to count ("did 10 more, does that count?") is its own
    if COUNT_FOR.search(text) and not best_choice(text, (Choice(last["id"], last["title"]),)):
        return ""  # "does that count for the walk one" after the squats: the walk is asked
    return COUNTED.format(title=last["title"])


# Asked to count or keep what is marked ("yeah count it", "nah keep it done", "ok yes put it
# as done", "leave it marked"), not "dont count it", "call it a day" or "keep it up".
_KEEP_ASKED = re.compile(
    r"(?<!dont )(?<!don't )(?<!not )\b(?:count|mark|tick|log)\s+(?:it|that|this)(?:\s+one)?\b"
    r"|\b(?:keep|leave|put|call)\s+(?:it|that|this)\s+(?:as\s+)?(?:done|marked|ticked|in)\b",
    re.IGNORECASE,
)
KEPT = "It counts: “{title}” is marked done."


def kept_reply(
    user: User, text: str, last: dict[str, Any] | None, earlier: Sequence[str], now: dt.datetime
) -> str:
    """The answer to "count it" when what it means is already marked done: the one the
    message or the person's messages just before (`earlier`) name among those finished
    within a day, else her last mark ("" when nothing was marked, or the message denies
    it)."""
    told_which = bool(SAYS_WHICH_IT_WAS.search(text))
    if not (_KEEP_ASKED.search(text) or told_which) or denies_done(text):
        return ""
    done = [Choice(*row) for row in missions_done_since(user=user, since=now - UNDO_NAMED_WITHIN)]
    if told_which:  # "yeah it was the loop one": only the one it names among those done
        named = best_choice(text, done)
        return KEPT.format(title=named.title) if named is not None else ""
    named = next((found for said in (text, *earlier) if (found := best_choice(said, done))), None)
    if named is not None:
        return KEPT.format(title=named.title)
    if last and last.get("action") in MARKING:
        return KEPT.format(title=last["title"])
    return ""


def last_action(flow: dict[str, Any], outputs: dict[str, Any], runs: list[dict[str, Any]]):
    """What a flow's action did, for "undo" later in the conversation (None when it did
    nothing that can be taken back)."""
    if not flow.get("action") or not runs or not runs[0]["ok"]:
        return None
    name, _ = flow["action"]
    output = outputs.get(FLOW_TOOLS[name], {})
    made = output.get("mission") or output.get("habit") or output.get("goal")
    if name not in UNDO_TOOLS or not made:
        return None
    return {"action": name, "id": made["id"], "title": made["title"]}


# An undo that names a mission she never marked ("i didnt find the quiet sessions thing,
# undo that one" after she marked the walk): nothing is taken back.
NOT_MARKED = (
    "“{named}” isn't marked done, so there's nothing to take back there: it's still on your "
    "list. The one I marked a moment ago is “{title}”; say “undo” if that one was wrong."
)


_UNDO_THAT = re.compile(
    r"\b(?:undo|take back|unmark|untick|reverse) (?:that|it|this|the last one)\b", re.IGNORECASE
)
# How much of a mission's words an undo must say to name it (words of when name none:
# "today not yet. undo please" is no "Smoke no more than 5 cigarettes today").
NAMED_SHARE = 0.3


def undo_misnamed(last: dict[str, Any], text: str, user: User) -> str:
    """When an undo names an open mission other than the one she marked last: what to say
    ("" when it names none, or the one she marked)."""
    if last.get("action") not in MARKING:
        return ""
    marked = Choice(last["id"], last["title"])
    choices = (marked, *dialogue_context(user).missions)
    # "i didnt do the walk" names "Walk 20 minutes after dinner" by its leading verb alone,
    # "today i didnt read at all" the one reading mission by its one word.
    found = fits_one(text, choices, NAMED_SHARE, WHEN_WORDS)
    if found is None and not _UNDO_THAT.search(text):
        # "undo that, the blind fell down again" points at her last mark: a word it shares
        # with another title ("wind-down") names no other.
        found = by_leading_verb(text, choices) or best_choice(text, choices, WHEN_WORDS)
    if found is None or found.id == marked.id:
        return ""
    return NOT_MARKED.format(named=found.title, title=marked.title)


# A correction at once ("no wait…", "well. actually no…", "ugh no wait"), saying it is not
# done yet, was another day's, does not count, was skipped or stopped short.
_CORRECTION = re.compile(
    r"^\W*(?:(?:well|hmm+|ugh+|oh|ok(?:ay)?|so)\W+)*"
    r"(?:no\W+wait|wait\W+no|actually\W+no|no\W+actually|sorry\W+no|oops|hang on)\b",
    re.IGNORECASE,
)
_NOT_YET = re.compile(
    r"\b(?:did\s*n[o']?t|did not|not yet|have\s*n[o']?t|have not|only)\b"
    r"|\b(?:that|it) was (?:yesterday|last (?:week|night)|the day before)\b"
    r"|\bdoes\s*n[o']?t count\b|\bdoes not count\b",
    re.IGNORECASE,
)
# Owning up that what was just marked did not happen ("ok ok i lied, i had some rice").
_OWNED_UP = re.compile(r"\bi (?:lied|was lying|made (?:it|that) up)\b", re.IGNORECASE)


def retracts_last(last: dict[str, Any] | None, text: str, user: User) -> bool:
    """Whether the message says the mission she just marked was not done after all ("wait
    no i didnt foam roll, i was gonna but…" just after “Foam roll legs” was marked): a miss
    told, a denial or an owning up, naming that mission by its words or its leading verb;
    or a correction at once that says it is not done yet ("no wait i only drafted it"), of
    no other open mission ("wait no… today i didnt read at all" is of the reading one, not
    the rows she marked)."""
    if not last or last.get("action") not in MARKING:
        return False
    if _CORRECTION.search(text) and (
        _NOT_YET.search(text) or skips(text) or falls_short(text, last["title"])
    ):
        # "no wait i only drafted it, didnt send yet": the one just marked
        others = [m for m in dialogue_context(user).missions if m.id != last["id"]]
        return best_choice(text, others) is None
    if not (tells_a_miss(text) or denies_done(text) or _OWNED_UP.search(text)):
        return False
    marked = Choice(last["id"], last["title"])
    named = fits_one(text, (marked,), NAMED_SHARE, WHEN_WORDS) or by_leading_verb(text, (marked,))
    return named is not None


# How long ago a mission may have been finished for an "undo" that names it to reopen it.
UNDO_NAMED_WITHIN = dt.timedelta(days=1)


def undo_named(
    text: str, earlier: Sequence[str], user: User, now: dt.datetime
) -> dict[str, Any] | None:
    """A mission finished within UNDO_NAMED_WITHIN that an "undo" names, in its own words
    or the person's message before it ("did you mark the why thing? … undo it"), as an
    action to take back (None when none is named clearly)."""
    done = [Choice(*row) for row in missions_done_since(user=user, since=now - UNDO_NAMED_WITHIN)]
    if not done:
        return None
    said = (text, *earlier)
    found = next((hit for line in said if (hit := best_choice(line, done, WHEN_WORDS))), None)
    return {"action": "complete_mission", "id": found.id, "title": found.title} if found else None


def habit_undo_named(
    text: str, last: dict[str, Any] | None, user: User, now: dt.datetime
) -> dict[str, Any] | None:
    """A habit ticked today that an undo names by its words or leading verb, when it is not
    the one she marked last: that one, as an action to take back (None otherwise)."""
    rows = habits_today(user=user, today=user.local_day(now))
    done = [Choice(row.habit.pk, row.habit.title) for row in rows if row.done]
    found = fits_one(text, done, NAMED_SHARE, WHEN_WORDS) or by_leading_verb(text, done)
    if found is None or (
        last and last.get("action") == "complete_habit" and last["id"] == found.id
    ):
        return None
    return {"action": "complete_habit", "id": found.id, "title": found.title}


# Which one it was, corrected at once after a mark ("wait no it was the screens one", "no i
# meant the one about screens not the reading", "wrong one, the screens"): the mark moves.
_MEANT_ANOTHER = re.compile(
    r"^\W*(?:(?:no|nah|nope|wait|sorry|oops|hmm+|ugh|actually|oh|not that one)\W+)*"
    r"(?:i meant|i mean|meant|it was|that was|it'?s)\s+(?:the|my)\b|\bwrong one\b",
    re.IGNORECASE,
)
MOVED = "Got it: “{title}” is back on your list, and “{moved}” is marked done instead. Nice work!"


def mark_moved(last: dict[str, Any] | None, text: str, user: User) -> dict[str, Any] | None:
    """The plan that moves her last mark to the open mission a correction at once names
    instead ("wait no it was the screens one"): the one marked reopened, the one named
    marked (None when the message names no other open mission clearly)."""
    if not last or last.get("action") != "complete_mission" or not _MEANT_ANOTHER.search(text):
        return None
    marked = Choice(last["id"], last["title"])
    found = best_choice(text, (marked, *dialogue_context(user).missions), WHEN_WORDS)
    if found is None or found.id == marked.id:
        return None
    plan = undo_plan(last)
    plan["tools"].append({"name": FLOW_TOOLS["complete_mission"], "args": {"mission_id": found.id}})
    return {**plan, "moved": {"action": "complete_mission", "id": found.id, "title": found.title}}


def undo_plan(last: dict[str, Any]) -> dict[str, Any]:
    """The plan that takes back `last` (an action of this conversation)."""
    arg = UNDO_ARGS.get(last["action"], "goal_id")
    tool = {"name": UNDO_TOOLS[last["action"]], "args": {arg: last["id"]}}
    return {"strategy": "undo", "act": "undo", "tools": [tool], "undo": last}


def undo_outcome(
    plan: dict[str, Any], runs: list[dict[str, Any]]
) -> tuple[str, dict[str, Any] | None]:
    """What she says of an undo (or a moved mark) that ran, and what is now her last action
    (the mark moved to, which an "undo" next takes back)."""
    undo, moved = plan["undo"], plan.get("moved")
    failed = next((run for run in runs if not run["ok"]), None) if runs else {"error": "not run"}
    if failed is not None:
        return UNDO_FAILED.format(reason=readable(failed["error"] or "")), None
    if moved:
        return MOVED.format(title=undo["title"], moved=moved["title"]), moved
    return UNDONE[undo["action"]].format(title=undo["title"]), None


def undo_step(
    text: str,
    last: dict[str, Any] | None,
    history: Sequence[dict[str, Any]],
    user: User,
    now: dt.datetime,
    *,
    by_rule: bool = False,
) -> dict[str, Any] | None:
    """The plan for an "undo": her last action taken back, or what the person says instead
    when it names another mission (nothing, when that is a miss told in words no rule read as
    an undo: not `by_rule`); else a mission finished within a day that the message, or the
    person's message before it, names. None when there is nothing to take back."""
    if habit := habit_undo_named(text, last, user, now):
        return undo_plan(habit)  # "i didnt do the walk yet, undo that" after reading was ticked
    if moved := mark_moved(last, text, user):
        return moved
    if last:
        if said := undo_misnamed(last, text, user):
            if not by_rule and tells_a_miss(text):
                return None  # "i didnt do the walk, it was raining": a miss told, not an undo
            return {"strategy": "clarify", "act": "undo", "question": said}
        return undo_plan(last)
    before = [m["content"] for m in reversed(history) if m.get("role") == "user"][:1]
    named = undo_named(text, before, user, now)
    return undo_plan(named) if named else None
