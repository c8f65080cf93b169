"""The blind dialogues (tests/delight/ai/data/blind/dialogues.jsonl), written by people who
never saw the flows, through the real turn: at least 95% must end in their expected outcome
with their slots. Misses are reported by dialogue id only.

Run with -s to see the figure:
    python -m pytest tests/companion/test_dialogues_blind.py -q -s
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from companion.turn.common import TurnDeps
from delight.models import AgentState
from goals.models import Goal, Mission
from tests.companion.factories import say
from tests.factories import make_user
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db

BLIND = Path(__file__).parents[1] / "delight" / "ai" / "data" / "blind" / "dialogues.jsonl"
SET_TODAY = dt.date(2026, 11, 24)  # the day the set's dates are counted from
TARGET = 0.95


def _setup(user, slots: dict[str, Any]) -> None:
    """What a dialogue assumes: a goal named by its words, and today's missions with one
    carrying the mission's words among two others."""
    words = slots.get("goal_words") or slots.get("mission_words")
    if not words:
        return
    title = " ".join(slots.get("goal_words") or ["Feel", "better"]).capitalize()
    goal = make_goal(user, title=title, category="growth")
    if "mission_words" in slots:
        for name in (" ".join(words).capitalize(), "Tidy the hallway shelf", "Plan the budget"):
            make_mission(goal, title=name, status=Mission.Status.ACTIVE)


def _plain(text: str | None) -> str:
    return re.sub(r"[^\w\s]", "", (text or "").lower()).strip()


def _goal_matches(goal: Goal | None, slots: dict[str, Any]) -> bool:
    if goal is None:
        return False
    got = {
        "title": _plain(goal.title),
        "category": goal.category,
        "target_date": goal.target_date.isoformat() if goal.target_date else None,
    }
    for name, want in slots.items():
        if name == "why":  # the person's words, perhaps trimmed a little
            have, said = _plain(goal.description), _plain(want)
            if not have or (said not in have and have not in said):
                return False
        elif name == "category_any":
            if goal.category not in want:
                return False
        elif name == "title":
            if got["title"] != _plain(want):
                return False
        elif name in got and got[name] != want:
            return False
    return True


def _completed(user, expect: dict[str, Any]) -> bool:
    slots = expect.get("slots", {})
    if expect["outcome"] == "goal_created":
        return _goal_matches(Goal.objects.filter(user=user).order_by("-pk").first(), slots)
    if expect["outcome"] == "goal_adjusted":
        rest = {k: v for k, v in slots.items() if k != "goal_words"}
        return _goal_matches(Goal.objects.filter(user=user).order_by("pk").first(), rest)
    if expect["outcome"] == "mission_completed":
        done = Mission.objects.filter(user=user, status=Mission.Status.COMPLETED)
        return [m.title for m in done] == [" ".join(slots["mission_words"]).capitalize()]
    still_open = AgentState.objects.filter(user=user).exclude(conversation_state="idle")
    return not Goal.objects.filter(user=user).exists() and not still_open.exists()


def test_the_blind_dialogues_end_in_their_outcomes(monkeypatch):
    # The whole turn on the set's day: a date it names ("in ten days") is never in the past.
    noon = dt.datetime.combine(SET_TODAY, dt.time(12), tzinfo=dt.UTC)
    monkeypatch.setattr(timezone, "now", lambda: noon)
    monkeypatch.setattr(TurnDeps, "today", property(lambda deps: SET_TODAY))
    rows = [json.loads(line) for line in BLIND.read_text().splitlines() if line.strip()]
    misses = []
    for number, row in enumerate(rows):
        user = make_user(f"blind{number}", timezone="UTC")
        _setup(user, row["expect"].get("slots", {}))
        session = None
        for text in row["turns"]:
            session = say(user, text, session)
        if not _completed(user, row["expect"]):
            misses.append(row["name"])
    share = 1 - len(misses) / len(rows)
    print(f"\nblind dialogues: {len(rows) - len(misses)}/{len(rows)} completed")
    assert share >= TARGET, f"{share:.0%} completed; missed: {', '.join(misses)}"
