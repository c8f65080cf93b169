"""The rule-based planner: a template chosen by keyword cues, in the person's own words."""

from __future__ import annotations

import datetime as dt
import re

from goals.planning.plans import (
    CATEGORIES,
    MAX_MILESTONES,
    MIN_MILESTONES,
    Plan,
    PlannedMilestone,
    PlannedMission,
    Template,
)
from goals.planning.templates import CATEGORY_DEFAULTS, TEMPLATES

_LEADING_WORDS = re.compile(
    r"^(i\s+(really\s+)?(want|would like|need|hope|plan)\s+to|i'd\s+like\s+to"
    r"|my\s+goal\s+is\s+to|to)\s+",
    re.IGNORECASE,
)
TIGHT_DEADLINE_DAYS = 21


def goal_phrase(title: str) -> str:
    """The goal in the person's words, trimmed of "I want to" and end punctuation."""
    phrase = _LEADING_WORDS.sub("", title.strip()).rstrip(".!? ")
    return phrase[:1].lower() + phrase[1:] if phrase[:2] != phrase[:2].upper() else phrase


def choose_template(*, title: str, description: str, category: str) -> Template | None:
    """The template whose cues match the goal best.

    1. Count each template's matching cues in the title (weight 2) and description (1).
    2. A template of another category needs a cue in the title: the reason alone ("my
       girlfriend hates the smell") does not make quitting vaping a plan for friendships.
    3. A template of the goal's own category wins ties and gets +1.
    4. No match at all: None (the category default is used).
    """
    title_text, description_text = title.lower(), description.lower()
    best: tuple[int, Template] | None = None
    for template in TEMPLATES:
        in_title = sum(2 * bool(re.search(cue, title_text)) for cue in template.cues)
        score = in_title + sum(bool(re.search(cue, description_text)) for cue in template.cues)
        if score == 0 or (not in_title and template.category != category):
            continue
        score += template.category == category
        if best is None or score > best[0]:
            best = (score, template)
    return best[1] if best else None


QUOTE_MAX = 48  # a goal longer than this is "this goal" in a mission's words


def _fill(text: str, phrase: str) -> str:
    """The template's words with the goal quoted as the person put it (a label reads well
    in any sentence), or "this goal" when quoting it would make a mission a paragraph."""
    named = f"“{phrase}”" if len(phrase) <= QUOTE_MAX else "this goal"
    return text.replace("{goal}", named)


def plan_offline(
    *,
    title: str,
    description: str,
    category: str,
    target_date: dt.date | None,
    today: dt.date | None = None,
) -> Plan:
    """A rule-based plan from the goal's words and category.

    1. Pick a template by keyword cues (see `choose_template`), else the category default.
    2. Fill in the person's own goal phrase.
    3. A tight deadline (under three weeks) keeps the first and the last three milestones,
       so the plan stays reachable; the result always has 3-7 milestones.
    4. The template's practice, if it has one, is proposed as a habit beside the missions.
    5. The summary names the approach and the deadline.
    """
    if category not in CATEGORIES:
        raise ValueError(f"Unknown category {category!r}.")
    phrase = goal_phrase(title) or "your goal"
    goal_title = title.strip().rstrip(".!? ") or "your goal"
    template = choose_template(title=title, description=description, category=category)
    stages = template.stages if template else CATEGORY_DEFAULTS[category]
    today = today or dt.date.today()
    tight = target_date is not None and (target_date - today).days < TIGHT_DEADLINE_DAYS
    if tight and len(stages) > MIN_MILESTONES + 1:
        stages = (stages[0], *stages[-MIN_MILESTONES:])
    milestones = tuple(
        PlannedMilestone(
            title=_fill(name, phrase),
            description=_fill(about, phrase),
            missions=tuple(
                PlannedMission(
                    title=_fill(step, phrase),
                    description=f"Part of “{_fill(name, phrase)}”, on the way to “{goal_title}”.",
                    estimated_minutes=minutes,
                    energy=energy,
                )
                for step, minutes, energy in steps
            ),
        )
        for name, about, steps in stages[:MAX_MILESTONES]
    )
    approach = template.name if template else f"{category} basics"
    deadline = f", paced to finish by {target_date:%d %B %Y}" if target_date else ""
    summary = f"A {len(milestones)}-step {approach} plan for “{goal_title}”{deadline}."
    habits = (template.practice,) if template and template.practice else ()
    return Plan(summary=summary, milestones=milestones, source=f"offline:{approach}", habits=habits)
