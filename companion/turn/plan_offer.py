"""A plan waiting on the goals page, put on the list from the chat: the offer made when
nothing is on today's list ("Shall I put them on your list?"), the answers that take it (a
yes, one of its missions picked or said done, the plan asked for in words), and the words
after it."""

from __future__ import annotations

import re
from typing import Any

from companion.dialogue import LIGHT_VERBS, Choice, best_choice
from companion.dialogue.parsing import is_bare_yes
from companion.turn.context import PLANNING
from companion.turn.deed_meaning import POINTED
from companion.turn.plan import tells_a_deed
from delight.ai.offline.advice import asks_which_first
from delight.models import User
from goals.selectors import mission_suggested_list


def offer_taken(
    *, user: User, waiting: dict[str, Any] | None, context: dict[str, Any], text: str, act: str
) -> dict[str, Any] | None:
    """The plan that puts the plan `waiting` (offered before), or one asked for in words,
    on the list when the message takes it (None otherwise): a yes to the offer (not a
    goodnight that opens with "ok cool", `act` being the act read surely), one of the plan's
    missions picked ("the first thing u said, the shoes one") or said done ("ok i did the
    shoes one": marked done too), or the plan asked for ("put them all on my list")."""
    asked = plan_waiting(context) if ASKS_TO_ADD.search(text) else None
    offer = waiting or asked
    if not offer:
        return None
    # The request's own words ("put them all on my list") tell no deed and name no mission
    # ("List last month's income…" is not picked by "list").
    rest = ASKS_TO_ADD.sub(" ", text)
    deed = bool(rest.strip(" .,!?")) and tells_a_deed(rest)
    # "the phone one is gonna be hard ngl": one named with a doubt about it, not picked
    named = rest.strip() and not _DOUBTED.search(rest)
    picked = plan_mission_picked(user, offer["id"], rest, deed=deed) if named else None
    if not (picked or asked or act == "affirm" or is_bare_yes(text)):
        return None
    done = picked["id"] if picked and deed else None
    first = picked["title"] if picked else ""
    return approve_plan({**offer, "first": first, "done": done})


_DOUBTED = re.compile(
    r"\b(?:gonna|going to|will|would) be (?:so |really |super |pretty |kinda )?(?:hard|tough"
    r"|difficult|rough|a struggle|impossible)\b|\b(?:dreading|not sure about|worried about)\b",
    re.IGNORECASE,
)


# A plan waiting on the goals page, put on the list from the chat (the reply to
# "what do i do first" asked whether to).
PLAN_APPROVED = "Done: “{goal}” has {count} on your list now. A good first one: “{first}”."
PLAN_APPROVED_DONE = (
    "Done: “{goal}” has {count} on your list now, and “{done}” is marked done. Nice work!"
)
PLAN_HABIT = "And “{habit}” is one of your habits now: tick it on Today."
PLAN_HABITS = "And {habits} are among your habits now: tick them on Today."
PLAN_NOTHING = "“{goal}” has nothing waiting to add: its missions are already on your list."
PLAN_FAILED = "I couldn't add them just now: they're waiting for you on your goals page."


PLAN_BEING_MADE = (
    "The missions for “{goal}” are still being made: give me a minute, then ask me again and "
    "I'll put them all on your list."
)


def plan_being_made(context: dict[str, Any], text: str) -> str:
    """Asked to put the plan on the list while its missions are still being made: say so
    ("" otherwise)."""
    if not ASKS_TO_ADD.search(text):
        return ""
    making = [goal for goal in context.get("goals", []) if goal.get("planning") in PLANNING]
    return PLAN_BEING_MADE.format(goal=making[0]["title"]) if making else ""


def plan_waiting(context: dict[str, Any]) -> dict[str, Any] | None:
    """The goal whose plan waits for review when nothing is on today's list (the missions
    reply then offers to put it there), else None."""
    if context.get("triad"):
        return None
    waiting = [goal for goal in context.get("goals", []) if goal.get("to_review")]
    return {"id": waiting[0]["id"], "title": waiting[0]["title"]} if waiting else None


def plan_offered(context: dict[str, Any], act: str, text: str) -> dict[str, Any] | None:
    """The plan the reply offers to put on the list: nothing on it today and a plan
    waiting, when the reply lists missions or says which to begin with (advice then makes
    the offer: advice.advice_reply)."""
    lists = act == "missions" or (act == "advice" and asks_which_first(text))
    return plan_waiting(context) if lists else None


def approve_plan(offer: dict[str, Any]) -> dict[str, Any]:
    """The plan that puts a waiting plan's missions on the list (a yes to the offer), and
    marks the one the person says they did (`offer["done"]`: its id) done."""
    tools = [{"name": "missions.approve_plan", "args": {"goal_id": offer["id"]}}]
    if offer.get("done"):
        tools.append({"name": "missions.complete", "args": {"mission_id": offer["done"]}})
    act = "mission_done" if offer.get("done") else "missions"
    return {"strategy": "flow", "act": act, "tools": tools, "approve": offer}


def approved_action(offer: dict[str, Any], outputs: dict[str, Any]) -> dict[str, Any] | None:
    """The mission marked done with the plan put on the list, for "undo" later."""
    done = outputs.get("missions.complete", {}).get("mission") if offer.get("done") else None
    return (
        {"action": "complete_mission", "id": done["id"], "title": done["title"]} if done else None
    )


# "put them all on my list", "add them", "approve the plan": a waiting plan asked for, even
# when the offer was made a few messages before.
ASKS_TO_ADD = re.compile(
    r"\b(?:put|add)\s+(?:them|those|these|the\s+missions|all\s+of\s+them)(?:\s+all)?"
    r"(?:\s+(?:on|to|in)(?:to)?\s+(?:my|the)\s+(?:list|today))?\b"
    r"(?!\s+(?:up|down|away|back|out|off|together|through)\b)"  # "dev put them up": curtains
    r"|\b(?:put|add|move)\s+(?:it|them|those|these)(?:\s+all)?\s+(?:on|to|in)(?:to)?"
    r"\s+(?:my|the)\s+list\b|\bapprove\s+(?:them|the\s+plan|all|the\s+missions)\b"
    # Asked "shall I put them all on your list?": "all of them", "the lot", "everything".
    r"|^\W*(?:(?:yes|yeah|yep|ok|okay|sure)\W+)?(?:all\s+of\s+them|all\s+of\s+it|the\s+lot"
    r"|everything|all)(?:\W+(?:yes|yeah|please|thanks))*\W*$",
    re.IGNORECASE,
)


# A mission of the plan named in a few words, pointed at ("the shoes one, my old trainers are
# in the loft") or said done is picked; named in passing in a statement ("ive got a dodgy
# knee, it flares up on hills") it is not.
PICK_WORDS = 6


def plan_mission_picked(
    user: User, goal_id: int, text: str, *, deed: bool
) -> dict[str, Any] | None:
    """The waiting plan's mission `text` picks (`deed`: it tells one done): its id and title
    (None when none)."""
    if len(text.split()) > PICK_WORDS and not (deed or POINTED.search(text)):
        return None
    choices = [Choice(m.pk, m.title) for m in mission_suggested_list(user=user, goal_id=goal_id)]
    found = best_choice(text, choices, LIGHT_VERBS) if choices else None
    return {"id": found.id, "title": found.title} if found else None


def approve_outcome(offer: dict[str, Any], outputs: dict[str, Any], runs: list[dict]) -> str:
    output = outputs.get("missions.approve_plan")
    if not runs or not runs[0]["ok"] or output is None:
        return PLAN_FAILED
    if not output["approved"] or not output["titles"]:
        return PLAN_NOTHING.format(goal=offer["title"])
    count = output["approved"]
    missions = f"{count} mission{'s' if count != 1 else ''}"
    if done := approved_action(offer, outputs):
        said = PLAN_APPROVED_DONE.format(goal=offer["title"], count=missions, done=done["title"])
    else:
        first = offer.get("first") or output["titles"][0]
        said = PLAN_APPROVED.format(goal=offer["title"], count=missions, first=first)
    return f"{said} {_habits_taken(output.get('habits', []))}".strip()


def _habits_taken(titles: list[str]) -> str:
    if len(titles) == 1:
        return PLAN_HABIT.format(habit=titles[0])
    return PLAN_HABITS.format(habits=" and ".join(f"“{t}”" for t in titles)) if titles else ""
