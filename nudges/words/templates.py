"""What Eliza says in a nudge without a model: several templates per step, as data.

A template writes facts by name in braces (`NudgeFacts.slots`: name, goal, category, mission,
detail, streak_best, habit). It sleeps (is not eligible) while a fact it writes is unknown, so a
person without a goal is never told about "your goal". The weight says how much a template
is preferred when awake: the more personal, the higher. Every template of the last step ends
the series warmly with CLOSING.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from nudges.words.facts import NudgeFacts, NudgeText

CLOSING = "I'll be here whenever you want to come back."


@dataclass(frozen=True)
class Template:
    key: str  # kept on the scheduled send; the recency penalty reads it back
    step: str
    title: str
    body: str
    weight: float


def _t(step: str, name: str, weight: float, title: str, body: str) -> Template:
    return Template(key=f"{step}.{name}", step=step, title=title, body=body, weight=weight)


TEMPLATES: tuple[Template, ...] = (
    # -- day 2, in the app: a light hello ------------------------------------------------
    _t(
        "day_2",
        "detail_goal",
        1.0,
        "Eliza has been thinking about “{goal}”",
        "{detail} will love hearing how it's going. Ten easy minutes, whenever it suits you.",
    ),
    _t(
        "day_2",
        "goal_step",
        0.8,
        "A small hello about “{goal}”",
        "One small step would be plenty, and I'd be glad to help you choose it.",
    ),
    _t(
        "day_2",
        "mission",
        0.8,
        "Still smiling about “{mission}”",
        "That was a good one to finish. Shall we pick a gentle next step together?",
    ),
    _t(
        "day_2",
        "habit",
        0.8,
        "Your “{habit}” is waiting",
        "A small tick today keeps it going. Whenever it suits you.",
    ),
    _t(
        "day_2",
        "category",
        0.6,
        "A little {category} moment?",
        "Your {category} missions are the ones you enjoy most. Ten calm minutes of one could "
        "feel nice today.",
    ),
    _t(
        "day_2",
        "name",
        0.5,
        "Hi {name}, Eliza here",
        "I'm around whenever you'd like to talk, plan a little, or just say hello.",
    ),
    _t(
        "day_2",
        "hello",
        0.5,
        "Eliza is thinking of you",
        "Whenever you feel like it, I'm here to talk. No plans needed.",
    ),
    # -- day 4, by email: a little more room ---------------------------------------------
    _t(
        "day_4",
        "detail_goal",
        1.0,
        "A thought about “{goal}”",
        "I was thinking of {detail} and how nice it will be to share your next step with "
        "“{goal}”. Ten relaxed minutes is a lovely start, whenever you like.",
    ),
    _t(
        "day_4",
        "goal_gentle",
        0.8,
        "“{goal}” is right here for you",
        "No rush at all. When you feel ready, we can find one small, easy step together.",
    ),
    _t(
        "day_4",
        "mission",
        0.8,
        "Remember “{mission}”?",
        "You finished it, and that counted. Something just as doable is waiting whenever you "
        "feel like it.",
    ),
    _t(
        "day_4",
        "habit",
        0.8,
        "Thinking of your “{habit}”",
        "You kept it steadily, and that stays yours. One small tick picks it up again, "
        "whenever suits you.",
    ),
    _t(
        "day_4",
        "streak",
        0.6,
        "{streak_best} days in a row: you did that",
        "That steadiness is yours. Whenever you like, one small step is a lovely place to "
        "pick things up.",
    ),
    _t(
        "day_4",
        "category",
        0.6,
        "A {category} idea for you",
        "Your {category} missions tend to brighten your day. Would you like me to suggest a "
        "ten-minute one?",
    ),
    _t(
        "day_4",
        "hello",
        0.4,
        "A small hello from Eliza",
        "No pressure at all: one small step is plenty, and I'm glad to help you find it.",
    ),
    # -- day 7, the last: end the series warmly ------------------------------------------
    _t(
        "day_7",
        "detail_goal",
        1.0,
        "Eliza is keeping “{goal}” warm",
        "Whenever you feel like picking it up, {detail} will love hearing about it. This is "
        f"my last note for now. {CLOSING}",
    ),
    _t(
        "day_7",
        "goal",
        0.8,
        "“{goal}” will keep",
        "Your goal is right where you left it, and nothing needs doing now. I'll give you "
        f"some quiet. {CLOSING}",
    ),
    _t(
        "day_7",
        "mission",
        0.8,
        "Thank you for “{mission}”",
        f"Every step you took still counts. I'll give you some quiet now. {CLOSING}",
    ),
    _t(
        "day_7",
        "habit",
        0.8,
        "“{habit}” will keep",
        f"All the days you kept it still count. I'll give you some quiet now. {CLOSING}",
    ),
    _t(
        "day_7",
        "streak",
        0.6,
        "{streak_best} days in a row is yours",
        f"You showed real steadiness, and it stays part of you. I'll give you some quiet now. "
        f"{CLOSING}",
    ),
    _t(
        "day_7",
        "name",
        0.5,
        "Take care, {name}",
        f"I'll give you some quiet now; your goals will keep. {CLOSING}",
    ),
    _t(
        "day_7",
        "hello",
        0.5,
        "Eliza will be here",
        f"Your goals will keep, and so will I. This is my last note for now. {CLOSING}",
    ),
)

_FORMATTER = string.Formatter()


def slots_of(template: Template) -> frozenset[str]:
    """The facts a template writes."""
    return frozenset(
        name
        for text in (template.title, template.body)
        for _, name, _, _ in _FORMATTER.parse(text)
        if name
    )


def awake(template: Template, slots: dict[str, str | int]) -> bool:
    """The eligibility rule: every fact the template writes is known."""
    return slots_of(template) <= slots.keys()


def render(text: str, slots: dict[str, str | int]) -> str:
    """A template's title or body filled in, its first letter capitalised."""
    filled = text.format(**slots)
    return filled[:1].upper() + filled[1:]


def templates_of(step: str) -> tuple[Template, ...]:
    return tuple(template for template in TEMPLATES if template.step == step)


def nudge_text_offline(facts: NudgeFacts, template: Template) -> NudgeText:
    """`template` filled in with the facts (it must be awake for them)."""
    slots = facts.slots()
    return NudgeText(render(template.title, slots), render(template.body, slots))
