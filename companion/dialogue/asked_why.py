"""Asked "Why does this goal matter to you?", a reply that says something else first: what
the goal really is ("cut down on the beer. im having 6 a night…") or which part of life it
serves ("craft i guess"), or a reason given while another question waits ("why... idk")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.dialogue.cues import aim_in
from companion.dialogue.flows import Flow, Slot
from companion.dialogue.parsing import SlotEnv
from companion.dialogue.phrases import BARE_AIM

WHY = "why"
AREA = "value_category"
# A reply that answers why while another question waits: it says so first.
ANSWERS_WHY = re.compile(r"^\W*(?:why\s*(?:\?|\.{2,}|…)|because\b|cos\b|coz\b)", re.I)
# A title that names no aim, only a topic ("The grog", "Start something new"): a clearer
# aim said next replaces it. A reason is a few words at least; an area is said in a few.
_VAGUE_TITLE = re.compile(r"\b(?:something|thing|stuff)\b", re.I)
REASON_WORDS = 3
AREA_WORDS = 3


def clearer_aim(title: str, text: str) -> str:
    """The aim a reply opens with, when the goal's title so far names none ("")."""
    if BARE_AIM.match(title) and not _VAGUE_TITLE.search(title):
        return ""
    first = re.split(r"[.!?;]+\s", text.strip(), maxsplit=1)[0]
    return aim_in(first)


def retitled(aim: str, text: str) -> dict[str, str]:
    """The raw slots of a reply that opens with the goal's aim: the aim as the title, and
    what follows it, when it says anything, as the reason."""
    raw = {"title": aim}
    reason = text[text.lower().find(aim.lower()) + len(aim) :].strip(" .,;!-")
    if len(reason.split()) >= REASON_WORDS:
        raw[WHY] = reason
    return raw


def area_said(flow: Flow, slots: Mapping[str, Any], env: SlotEnv, text: str) -> Slot | None:
    """The area-of-life slot, when a short reply names one and it is still open."""
    if len(text.split()) > AREA_WORDS or not flow.has_slot(AREA) or AREA in slots:
        return None
    area = flow.slot(AREA)
    return area if area.accepts(text, env) else None
