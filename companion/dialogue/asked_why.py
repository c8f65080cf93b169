"""Asked "Why does this goal matter to you?", a reply that says something else first: what
the goal really is ("cut down on the beer. im having 6 a night…") or which part of life it
serves ("craft i guess"), or a reason given while another question waits ("why... idk")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.dialogue.cues import aim_in, past_deed, states_plan
from companion.dialogue.flows import Flow, Slot
from companion.dialogue.parsing import SlotEnv
from companion.dialogue.phrases import BARE_AIM, BECAUSE
from delight.ai.offline.kindness_words import TIME_SAID
from delight.ai.text import STOPWORDS, light_stem, normalise_words

WHY = "why"
AREA = "value_category"
# A reply that answers why while another question waits: it says so first.
ANSWERS_WHY = re.compile(rf"^\W*(?:why\s*(?:\?|\.{{2,}}|…)|'?{BECAUSE}\b)", re.I)
# A title that names no aim, only a topic ("The grog", "Start something new"): a clearer
# aim said next replaces it. A reason is a few words at least; an area is said in a few.
_VAGUE_TITLE = re.compile(r"\b(?:something|thing|stuff)\b", re.I)
REASON_WORDS = 3
AREA_WORDS = 3


# An amount or a frequency: what makes an aim measurable ("drink 2 litres a day").
_MEASURE = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twice|once|every|daily"
    r"|weekly|a (?:day|week|night|month))\b",
    re.I,
)


def clearer_aim(title: str, text: str) -> str:
    """The aim a reply opens with, when it is clearer than the goal's title so far: the title
    names no aim, or the reply says the same aim with an amount ("drink more water", asked
    why: "drink 2 litres a day"); "" otherwise."""
    first = re.split(r"[.!?;]+\s", text.strip(), maxsplit=1)[0]
    aim = aim_in(first)
    if BARE_AIM.match(title) and not _VAGUE_TITLE.search(title):
        return aim if aim and _sharper(title, aim) else ""
    return aim


def _sharper(title: str, aim: str) -> bool:
    """The same aim as the title (a word in common), with an amount the title lacks."""
    in_common = _stems(title) & _stems(aim)
    return bool(in_common) and bool(_MEASURE.search(aim)) and not _MEASURE.search(title)


def _stems(text: str) -> set[str]:
    return {light_stem(word) for word in normalise_words(text) if word not in STOPWORDS}


def retitled(aim: str, text: str) -> dict[str, str]:
    """The raw slots of a reply that opens with the goal's aim: the aim as the title, and
    what follows it, when it says anything, as the reason."""
    raw = {"title": aim}
    reason = text[text.lower().find(aim.lower()) + len(aim) :].strip(" .,;!-")
    if len(reason.split()) >= REASON_WORDS:
        raw[WHY] = reason
    return raw


# When a deed was done: just now, not in the life a reason tells of ("i used to run").
_JUST_DONE = re.compile(
    r"\b(?:today|this (?:morning|afternoon|evening)|earlier|just (?:now|did)|tonight"
    r"|the \w+ thing)\b",
    re.I,
)


def no_reason(text: str) -> bool:
    """A deed just done or a plan with its time, told while the why is asked ("did the water
    thing", "went running earlier", "i'll do the first one tonight"): news to answer, not the
    goal's reason."""
    if ANSWERS_WHY.match(text):
        return False
    done = past_deed(text) and _JUST_DONE.search(text)
    return bool(done or (states_plan(text) and TIME_SAID.search(text)))


def area_said(flow: Flow, slots: Mapping[str, Any], env: SlotEnv, text: str) -> Slot | None:
    """The area-of-life slot, when a short reply names one and it is still open."""
    if len(text.split()) > AREA_WORDS or not flow.has_slot(AREA) or AREA in slots:
        return None
    area = flow.slot(AREA)
    return area if area.accepts(text, env) else None
