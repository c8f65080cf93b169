"""What a request to change a goal says: which goal, which part, and the new value, as raw
slot texts for adjust_goal (flows.py)."""

from __future__ import annotations

import re

from companion.dialogue.categories import CATEGORY_WORD
from companion.dialogue.choices import best_choice
from companion.dialogue.dates import find_date
from companion.dialogue.parsing import SlotEnv
from companion.dialogue.phrases import (
    CALL_IT,
    CONNECTOR,
    DATE_SAID_AGAIN,
    FIELD_WORDS,
    GOAL_NAMED,
    KEEP_DATE,
    REPLACED,
)


def adjustment_read(text: str, env: SlotEnv) -> tuple[dict[str, str], str]:
    """The goal, the field and the new value of a change request (raw slot texts), and the
    words before the value.

    1. A field named (by name or verb: "rename", "move"): the new value follows its last
       "to"; the goal is what comes before.
    2. Otherwise a goal named ("my reading goal …"): the value follows it ("to …", "should
       be …"), without what it replaces ("not growth", "instead of 20"), and says the field
       itself: a date, an area of life, or else a new title.
    3. "make it a 5k instead": a new title for the goal in focus (a count changed in it);
       "just call it sort my sleep out", in a clause of its own, a new title too.
    """
    values: dict[str, str] = {}
    head = text
    if called := next(filter(None, map(CALL_IT.match, re.split(r"[,;.!?]\s*", text))), None):
        values.update(field="title", new_value=called["value"])
        head = text[: text.find(called.group())]
    elif found := FIELD_WORDS.search(text):
        values["field"] = found.group()
        after = text[found.end() :]
        if to := re.search(rf"\b(?:{CONNECTOR})\s+", after, re.IGNORECASE):
            values["new_value"] = _new_value(after[to.end() :], dated=bool(found["target_date"]))
            head = text[: found.end() + to.start()]
    elif named := GOAL_NAMED.search(text):
        head = text[: named.end()]
        values.update(_value_and_field(text[named.end() :]))
    elif made := _MADE_INSTEAD.search(text):
        # "can we make it a 5k instead": the goal in focus, by a new title
        values.update(field="title", new_value=made["value"])
    elif kept := KEEP_DATE.search(text) or DATE_SAID_AGAIN.search(text):
        # "hmm actually keep april", "wait i said end of june": the date, as it was said.
        values.update(field="target date", new_value=kept["when"])
    goal = best_choice(head, env.context.goals) if env.context.goals else None
    if goal is not None:
        values["goal"] = head
    one = goal or (env.context.goals[0] if len(env.context.goals) == 1 else None)
    if values.get("field") == "title" and one is not None:
        values["new_value"] = _count_changed(one.title, values["new_value"])
    return values, head


_MADE_INSTEAD = re.compile(
    r"\b(?:make|change|turn)\s+it\s+(?:into\s+)?(?P<value>(?:a\s+|an\s+)?[\w-]+(?:\s+[\w-]+){0,3})"
    r"\s+instead\b",
    re.IGNORECASE,
)
_COUNT = re.compile(r"^\s*(?:a\s+|an\s+)?(\d+)\s*([a-z]+)\s*$", re.IGNORECASE)


def _count_changed(title: str, value: str) -> str:
    """A new title that only changes a count the title holds ("15 books" of "Read 12 books
    this year": "Read 15 books this year"; "a 5k" of "Run a 10k with my sister"); else the
    value as said."""
    said = _COUNT.match(value)
    if said is None:
        return value
    number, noun = said.groups()
    counted = re.compile(rf"\b\d+(?=\s*{re.escape(noun)}\b)", re.IGNORECASE)
    return counted.sub(number, title, count=1) if counted.search(title) else value


# A reason said after the new value ("…, march is mad busy", "…, because my mate can't").
_REASON_AFTER = re.compile(
    r",\s*(?:i|im|i'm|my|it|its|it's|cos|cause|because|since|as|the|that|[a-z]+\s+is)\b.*$",
    re.IGNORECASE,
)


def _new_value(said: str, *, dated: bool) -> str:
    """The new value said after its "to": a date for a date ("april actually, march is mad
    busy" -> "april"), else the words before a reason added after a comma."""
    if dated and (when := find_date(said, bare=True)):
        return when.group()
    return _REASON_AFTER.sub("", said)


def _value_and_field(after: str) -> dict[str, str]:
    if when := find_date(after):
        return {"field": "date", "new_value": when.group()}
    value = REPLACED.sub("", re.sub(rf"^\s*(?:{CONNECTOR})\s+", "", after.strip(" ,")))
    if not value.strip(" ,.!?"):
        return {}
    if CATEGORY_WORD.fullmatch(value.strip(" ,.!?")):
        return {"field": "category", "new_value": value}
    return {"field": "title", "new_value": value}
