"""What makes a nudge personal: someone dear that the person's active goal connects to, found
in memory ("your sister Ana"), and never anyone whose memories are sensitive.

A nudge is read out of context, on a lock screen, days after the person last talked: a
memory of an illness, a loss or a crisis has no place in it, however relevant. So a person
is named only when none of their memories touches one (SENSITIVE_* below, and the safety
screen's rules).
"""

from __future__ import annotations

import re

from companion.models import Memory, Tier
from companion.selectors import memory_recall
from delight.ai.classifiers import screen_safety
from delight.ai.engine import Engine
from delight.models import User
from goals.selectors import goal_focus, goal_get

RELATION = "relation:"
RECALL_K = 12
# Keys and tags of memories that are sensitive by their kind (offline facts: health:…,
# feeling:…, fear:…; food can be a medical diet).
SENSITIVE_KEYS = ("health:", "feeling:", "fear:", "food:")
SENSITIVE_TAGS = frozenset({"health", "emotional_pattern", "fear", "crisis", "grief"})
SENSITIVE_WORDS = re.compile(
    r"\b(?:died|dead|death|dying|passed away|(?:their|my|his|her|the) late|funeral|grave|"
    r"grief|griev\w*|mourn\w*|hospital\w*|ill|illness|sick|cancer|chemo\w*|diagnos\w*|"
    r"disease|surgery|therapy|therapist|rehab|addict\w*|depress\w*|anxiety|suicid\w*|"
    r"self-harm|divorc\w*|separated|estranged|break ?up|broke up|abus\w*|debt|fired|"
    r"laid off|miscarriage|crisis|dementia|alzheimer\w*|medication|disabilit\w*)\b",
    re.IGNORECASE,
)


def memory_sensitive(memory: Memory) -> bool:
    """True when a memory must never reach a nudge."""
    return (
        memory.key.startswith(SENSITIVE_KEYS)
        or bool(SENSITIVE_TAGS.intersection(memory.tags))
        or SENSITIVE_WORDS.search(memory.content) is not None
        or screen_safety(memory.content).level > 0
    )


def _named(user: User, relation_key: str) -> tuple[str, str] | None:
    """(relation, name) of a relation memory that holds a name, or None."""
    memory = Memory.objects.owned_by(user).filter(active=True, key=relation_key).first()
    name = str((memory.metadata or {}).get("value", "")).strip() if memory else ""
    if not name:
        return None
    return relation_key.removeprefix(RELATION).replace("_", " "), name


def _person_sensitive(user: User, relation_key: str, name: str) -> bool:
    """True when any active memory of that person (by their relation's keys or their name)
    is sensitive."""
    theirs = Memory.objects.owned_by(user).filter(active=True).filter(
        key__startswith=relation_key
    ) | Memory.objects.owned_by(user).filter(active=True, content__icontains=name)
    return any(memory_sensitive(memory) for memory in theirs.only("key", "tags", "content"))


def nudge_detail_for(*, user: User, engine: Engine | None = None) -> str:
    """Someone dear that the person's active goal connects to, as a nudge writes them
    ("your sister Ana"), or "" when there is no one to name.

    1. The active goal the person worked on last; none, no detail.
    2. Recall their personal memories nearest the goal's title and description.
    3. Walk them best first; a memory about a relative or friend (key relation:<who>, or
       one of its facts such as relation:<who>:home) leads to that person's name.
    4. Skip a person any of whose memories is sensitive (memory_sensitive).
    """
    focus = goal_focus(user=user, limit=1)
    if not focus:
        return ""
    goal = goal_get(user=user, goal_id=focus[0]["id"])
    recalled = memory_recall(
        user=user,
        query=f"{goal.title} {goal.description}".strip(),
        k=RECALL_K,
        tiers=[Tier.PERSONAL],
        engine=engine,
    )
    seen: set[str] = set()
    for found in recalled:
        if not found.memory.key.startswith(RELATION):
            continue
        relation_key = RELATION + found.memory.key.removeprefix(RELATION).split(":")[0]
        if relation_key in seen:
            continue
        seen.add(relation_key)
        named = _named(user, relation_key)
        if named and not _person_sensitive(user, relation_key, named[1]):
            return f"your {named[0]} {named[1]}"
    return ""
