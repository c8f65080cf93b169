"""The offline planner's templates: data for offline.py, one module per value category
(`health.py`, `craft.py`, `growth.py`, `connection.py`) and the defaults (`defaults.py`).

A template is chosen by its cues (regular expressions over the goal's title and
description); a category default when none matches. "{goal}" is replaced by the person's
goal in their own words, quoted (a label fits any sentence; their words spliced into ours
would not: "List the topics read 12 books covers"); the defaults never quote it. Every
template makes a plan within the bounds of plans.py (tests check each one against
PLAN_SCHEMA).
"""

from __future__ import annotations

from goals.planning.plans import Template
from goals.planning.templates import connection, craft, everyday, growth, health
from goals.planning.templates.defaults import CATEGORY_DEFAULTS

# In this order: a tie between cues goes to the first.
TEMPLATES: tuple[Template, ...] = (
    *health.TEMPLATES,
    *everyday.TEMPLATES,
    *craft.TEMPLATES,
    *growth.TEMPLATES,
    *connection.TEMPLATES,
)

__all__ = ["CATEGORY_DEFAULTS", "TEMPLATES"]
