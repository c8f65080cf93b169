"""Recognising a change of an earlier answer ("actually, make it May", "the title should be
…") in a message to a flow."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.dialogue.choices import names_a_choice
from companion.dialogue.dates import find_date
from companion.dialogue.flows import Flow
from companion.dialogue.parsing import SlotEnv, SlotError, clean_value, is_no, is_yes
from companion.dialogue.phrases import (
    BACKREF,
    CALL_IT,
    CONNECTOR,
    CUE,
    DATE,
    FILLER,
    LEAD_IN,
    MONTH,
    QUALIFIER,
    VERB,
)


@dataclass(frozen=True)
class Correction:
    slot: str | None
    value: str
    refers_back: bool = False
    replaced: str = ""  # what the person said it is not ("not cut down. no beer on weekdays")


# "not cut down. no beer on weekdays": what it is not, then what it is instead.
_NOT_THIS = re.compile(r"^\W*not\s+(?P<old>[^.,;!?]+)[.,;!?]+\s*(?P<new>[^.,;!?]+)", re.I)


def _alias_table(flow: Flow) -> Iterator[tuple[str, str]]:
    for slot in flow.slots:
        for alias in slot.aliases:
            yield alias, slot.name


def parse_correction(text: str, flow: Flow, *, need_cue: bool = True) -> Correction | None:
    """Recognise a change of an earlier answer.

    1. Strip a leading cue ("actually", "no", "wait", "sorry", "I meant").
    2. A new name said as such ("call it …") is the title, where the flow has one.
    3. A slot named near the start ("the title should be …", "change the category to …")
       counts when there was a cue, a verb or a connector ("should be", "to", "is").
    4. Otherwise, after a cue or a back-reference ("make it …"), the rest is a value for a
       slot to be guessed by the caller.
    """
    cue = CUE.match(text.strip())
    rest = text.strip()[cue.end() :] if cue else text.strip()
    aliases = dict(_alias_table(flow))
    if "title" in aliases.values() and (renamed := CALL_IT.match(rest)):
        return Correction("title", clean_value(renamed["value"]))
    names = "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in sorted(aliases, key=len)[::-1])
    named = re.match(
        rf"^(?P<verb>{VERB})?(?:the\s+|my\s+|its\s+)?(?:{QUALIFIER}\s+)?(?P<alias>{names})\b"
        rf"(?:\s*(?P<conn>{CONNECTOR})\s+|\s*,\s*|\s*$)(?P<value>.*)$",
        rest,
        re.IGNORECASE | re.DOTALL,
    )
    if named and (cue or named["verb"] or named["conn"] or not need_cue):
        slot = aliases[re.sub(r"\s+", " ", named["alias"].lower())]
        return Correction(slot, clean_value(named["value"]))
    back = BACKREF.match(rest)
    if not (cue or back):
        return None
    if swap := _NOT_THIS.match(rest):
        return Correction(None, swap["new"].strip(), replaced=swap["old"].strip())
    value = clean_value(rest)
    return Correction(None, value, refers_back=bool(back)) if value else None


def correction_target(
    correction: Correction,
    flow: Flow,
    *,
    pending: str | None,
    filled: Sequence[str],
    env: SlotEnv,
) -> str | None:
    """Where an unnamed correction ("actually, make it May") goes.

    1. The pending slot or a filled one, latest first, that is structured (a date, a
       category…) and accepts the value; a date said goes to the date first.
    2. A mission named again ("no, the walk run one"), even one that fits two.
    3. Else the last filled slot if the message refers back to it ("make it …").
    4. Else the pending slot when it takes free text: the person is answering after all.
       A structured one (a date, an area) that refuses the value, and at confirmation,
       there is none: the message is no correction of the flow ("oh and correction
       pickle's not a greyhound, she's a lurcher" is about the dog).
    """
    names = {slot.name for slot in flow.slots}
    # "no not cut down. no beer on weekdays": the title said not to be what it is.
    if (
        "title" in names
        and correction.replaced
        and _shares_a_word(correction.replaced, str(env.slots.get("title", "")))
    ):
        return "title"
    # "Actually, I want to learn to cook instead": a new goal, not a new area of life.
    if (
        "title" in names
        and LEAD_IN.match(correction.value).end() > FILLER.match(correction.value).end()
    ):
        return "title"
    # A date said is plainly about the date ("make it mid april, march is mad at work" is no
    # new area of life, though "work" may read as one).
    dated = ["target_date"] if "target_date" in names and find_date(correction.value) else []
    for name in (*dated, pending, *reversed(filled)):
        if name is None:
            continue
        slot = flow.slot(name)
        if not slot.free_text and slot.accepts(correction.value, env):
            return name
    # "No, the walk run one": a mission named again, even if it fits two (she asks which).
    if "mission" in filled and names_a_choice(correction.value, env.context.missions):
        return "mission"
    if correction.refers_back and filled:
        return filled[-1]
    return pending if pending and flow.slot(pending).free_text else None


def _shares_a_word(said: str, title: str) -> bool:
    return bool(
        set(re.findall(r"[a-z']+", said.lower())) & set(re.findall(r"[a-z']+", title.lower()))
    )


# The most words of a reply to the summary that is a bare value for a slot ("craft i
# think" after “Learn to play guitar” (growth), "april 26th"): taken as its correction,
# not counting a reason for caution after it ("end of june to be safe").
BARE_WORDS = 4
_CAUTION = re.compile(
    r"[\s,]+(?:just )?(?:to be (?:safe|sure)|in case|(?:that'?s|thats|is) safer"
    r"|(?:would be|is) (?:better|safer|easier))\W*$",
    re.IGNORECASE,
)


def bare_correction(
    flow: Flow, slots: Mapping[str, Any], env: SlotEnv, text: str
) -> tuple[str, str] | None:
    """A short reply to the summary that is a value for a slot a bare value corrects (a
    date, an area of life): that slot and the value."""
    text = _CAUTION.sub("", text)
    if len(text.split()) > BARE_WORDS or is_yes(text) or is_no(text):
        return None
    for slot in flow.slots:
        if not slot.said_bare or slot.name not in slots:
            continue
        try:
            slot.read(text, env)
        except SlotError:
            continue
        return slot.name, text
    return None


# A date said again with the one it replaces ("its in april tho not may", "april not may",
# "no, end of april"): a month said after "not" is the one it is not.
_NOT_A_DATE = re.compile(r"\bnot\s+(?:in\s+|by\s+)?(?P<month>" + MONTH + r")\b", re.I)
_RESTATED = re.compile(
    r"^\W*(?:(?:no|nah|nope|wait|sorry|actually)\W+)*(?:it'?s|its|it\s+is|the\s+date\s+is)\b"
    r"|\bnot\s+(?:in\s+|by\s+)?" + MONTH,
    re.I,
)


def restated_date(flow: Flow, slots: Mapping[str, Any], env: SlotEnv, text: str) -> str:
    """The date a reply to the summary says instead of the one there ("its in april tho not
    may. end of april": "end of april"); "" when it says none."""
    date_slot = next((slot for slot in flow.slots if slot.name == "target_date"), None)
    if date_slot is None or "target_date" not in slots or not _RESTATED.search(text):
        return ""
    said = _NOT_A_DATE.sub(" ", text)
    for match in DATE.finditer(said):
        try:
            date_slot.read(match.group(), env)
        except SlotError:
            continue
        return match.group().strip()
    return ""
