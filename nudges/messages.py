"""What a nudge says: its title, body and link, chosen for the person and the step of their
absence, in words that pass the nudge tone check (nudges/words)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.urls import reverse

from delight.ai.engine import Engine
from delight.ai.runtime import engine_or_default
from delight.models import User
from goals.models import Category
from goals.progress.selectors import progress_streaks
from goals.selectors import (
    category_most_done,
    goal_focus,
    habit_streaks,
    habits_active,
    mission_latest_done,
)
from nudges.models import ScheduledSend
from nudges.selectors import MODEL_PREFIX, nudge_templates_recent
from nudges.words import (
    NudgeFacts,
    NudgeText,
    nudge_text,
    nudge_text_offline,
    nudge_tone_problem,
    slots_of,
    template_choose,
)

Step = ScheduledSend.Step


@dataclass(frozen=True)
class NudgeMessage:
    title: str
    body: str
    url: str
    template: str  # the template's key, or "model:<key>" when the model worded it
    source: str = "offline"  # who wrote the words, and why not the model when it failed


@dataclass(frozen=True)
class _Gathered:
    facts: NudgeFacts
    goal_id: int | None


def _gather(*, send: ScheduledSend, now: dt.datetime) -> _Gathered:
    """The person's facts, each read through its own app's selectors (their rows only)."""
    user = send.user
    focus = goal_focus(user=user, limit=1)
    mission = mission_latest_done(user=user)
    category = category_most_done(user=user, now=now)
    facts = NudgeFacts(
        step=send.step,
        first_name=user.first_name.strip(),
        goal_title=focus[0]["title"] if focus else "",
        category=Category(category).label.lower() if category else "",
        mission_title=mission.title if mission else "",
        habit_title=_habit_kept_best(user=user, now=now),
        detail=str(send.context.get("detail", "")).strip(),
        days_away=max((now - send.absence_start).days, 0),
        streak_best=progress_streaks(user=user, now=now).overall.longest,
    )
    return _Gathered(facts=facts, goal_id=focus[0]["id"] if focus else None)


def _habit_kept_best(*, user: User, now: dt.datetime) -> str:
    """The title of the person's active habit with the most strength ("" with none kept)."""
    habits = habits_active(user=user)
    strengths = habit_streaks(user=user, habits=habits, today=user.local_day(now))
    best = max(habits, key=lambda habit: strengths[habit.pk].strength, default=None)
    return best.title if best is not None and strengths[best.pk].strength > 0 else ""


def nudge_facts(*, send: ScheduledSend, now: dt.datetime) -> NudgeFacts:
    """What the nudge of `send` may draw on."""
    return _gather(send=send, now=now).facts


def nudge_message(
    *, send: ScheduledSend, now: dt.datetime, engine: Engine | None = None
) -> NudgeMessage:
    """The message of one scheduled send.

    1. Gather the facts (goals' selectors and the context the companion added).
    2. Choose the template: awake for the facts, the person's recent templates recovering,
       ties broken by the person and their absence.
    3. Word it: the model when one is configured and its words pass, else the template.
    4. Tone-check the words: a fact the person wrote (a goal's title) can carry a framing
       no nudge uses; then the step's plain template, which writes no fact, is sent.
    5. Link to the goal the words name, else to the chat.
    """
    gathered = _gather(send=send, now=now)
    seed = f"{send.user_id}|{send.absence_start.isoformat()}"
    template = template_choose(
        gathered.facts, used=nudge_templates_recent(user=send.user, now=now), seed=seed
    )
    words = nudge_text(gathered.facts, template, engine=engine_or_default(engine))
    problem = nudge_tone_problem(f"{words.title}. {words.body}")
    if problem:
        plain = NudgeFacts(step=send.step)
        template = template_choose(plain, used={}, seed=seed)
        words = nudge_text_offline(plain, template)
        words = NudgeText(words.title, words.body, source=f"offline (facts refused: {problem})")
    url = reverse("chat")
    if "goal" in slots_of(template) and gathered.goal_id is not None:
        url = reverse("goal-detail", args=[gathered.goal_id])
    key = template.key if words.source.startswith("offline") else MODEL_PREFIX + template.key
    return NudgeMessage(
        title=words.title, body=words.body, url=url, template=key, source=words.source
    )
