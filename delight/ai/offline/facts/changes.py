"""What stopped being true: a loss ("my cat Miso died") and a job left ("I quit my job at
the firm"). Each fact takes the key of what it ends, so the memory it supersedes (kept as
history, closed) is never said as current again."""

from __future__ import annotations

import datetime as dt
import re

from delight.ai.offline.facts.common import fact, thing, third_person
from delight.ai.offline.losses import loss_in
from delight.ai.types import ExtractedFact

_KIND = re.compile(
    r"\b(cat|dog|puppy|kitten|rabbit|bunny|hamster|guinea pig|budgie|parrot|horse|pony|fish"
    r"|tortoise)\b"
)
_KINDS = {"puppy": "dog", "kitten": "cat", "bunny": "rabbit", "pony": "horse"}
_RELATIVE = re.compile(
    r"\b(mum|mom|mother|dad|father|grandma|grandmother|grandad|grandpa|grandfather|nan|gran"
    r"|granny|husband|wife|partner|son|daughter|brother|sister|uncle|aunt|cousin|friend"
    r"|best friend|boyfriend|girlfriend)\b"
)
_LEFT_JOB = re.compile(
    r"\bI (?:just |finally |have |had )?(?:quit|left|lost|handed in my notice at) my job"
    r"(?: (?P<how>as|at) (?P<what>.+))?"
    r"|\bI (?:do not|don't|no longer) work (?P<how2>at|for|as) (?P<where>.+?)(?: any ?more)?$"
    r"|\bI (?:was|got) (?:fired|laid off|made redundant|let go)(?: (?P<how3>from) (?P<from>.+))?"
    r"|^\W*(?:so |well |ok |guess what\W* )?I (?:just |finally )?quit(?:\W*$|!)",
    re.IGNORECASE,
)
# "Today was my last day at Hartley": the place named, never a school term or a holiday.
_LAST_DAY = re.compile(
    r"\b(?:today|yesterday|friday|it) (?:was|is) my last day (?:at|with)"
    r" (?!(?:school|uni|college|the gym|camp|work before)\b)(?P<last>[\w&' ]+?)"
    r"(?= before| until|[.,!;]|$)(?! before| until)",
    re.IGNORECASE,
)


def losses(clause: str, *, today: dt.date) -> list[ExtractedFact]:
    """A death, keyed like what it ends ("pet:cat", "relation:grandma"); one whose kind is
    unsaid ("Miso died") carries the name, and the memory service closes what holds it."""
    loss = loss_in(clause)
    if loss is None:
        return []
    when = _when(clause, today)
    said = third_person(loss.who.replace("your ", "my ", 1))
    # "Their cat Miso died in May 2026"; a name alone reads as "Lost Miso in May 2026".
    content = f"{said} died in {when}" if said.startswith("their") else f"Lost {said} in {when}"
    lowered = loss.who.lower()
    if kind := _KIND.search(lowered):
        key = f"pet:{_KINDS.get(kind.group(1), kind.group(1))}"
    elif relative := _RELATIVE.search(lowered):
        key = f"relation:{relative.group(1).replace(' ', '_')}"
    else:
        key = ""
    return [fact(content, "personal", key, 0.85, "loss", value=loss.name or said)]


# When a loss was, as said ("last year", "3 years ago", "in 2019"); else this month.
_YEAR = re.compile(r"\bin ((?:19|20)\d\d)\b")
_YEARS_AGO = re.compile(r"\b(a|one|two|three|four|five|\d+) years? ago\b", re.IGNORECASE)
_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _when(clause: str, today: dt.date) -> str:
    if year := _YEAR.search(clause):
        return year.group(1)
    if re.search(r"\blast year\b", clause, re.IGNORECASE):
        return str(today.year - 1)
    if ago := _YEARS_AGO.search(clause):
        count = ago.group(1).lower()
        return str(today.year - _NUMBERS.get(count, int(count) if count.isdigit() else 1))
    if re.search(r"\blast month\b", clause, re.IGNORECASE):
        return f"{today.replace(day=1) - dt.timedelta(days=1):%B %Y}"
    return f"{today:%B %Y}"


def job_left(clause: str) -> list[ExtractedFact]:
    """A job they left: it ends what they did and where ("No longer works at Amazon")."""
    if last_day := _LAST_DAY.search(clause):
        what = thing(last_day["last"], 6)
        return [
            fact(f"No longer works at {what}", "personal", "employer", 0.85, "work", "change",
                 value=what),
            fact("Left their job", "personal", "occupation", 0.85, "work", "change", value=what),
        ]  # fmt: skip
    found = _LEFT_JOB.search(clause)
    if not found:
        return []
    what = thing(found["what"] or found["where"] or found["from"] or "", 6)
    how = (found["how"] or found["how2"] or found["how3"] or "").lower()
    if how == "as":
        return [fact(f"Left their job as {what}", "personal", "occupation", 0.85, "work",
                     "change", value=what)]  # fmt: skip
    ended = f"No longer works at {what}" if what else "Left their job"
    return [
        fact(ended, "personal", "employer", 0.85, "work", "change", value=what),
        fact("Left their job", "personal", "occupation", 0.85, "work", "change", value=what),
    ]
