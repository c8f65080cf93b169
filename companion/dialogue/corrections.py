"""Recognising a change of an earlier answer ("actually, make it May", "the title should be
…") in a message to a flow."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from companion.dialogue.flows import Flow
from companion.dialogue.parsing import clean_value
from companion.dialogue.phrases import BACKREF, CONNECTOR, CUE, QUALIFIER, VERB


@dataclass(frozen=True)
class Correction:
    slot: str | None
    value: str
    refers_back: bool = False


def _alias_table(flow: Flow) -> Iterator[tuple[str, str]]:
    for slot in flow.slots:
        for alias in slot.aliases:
            yield alias, slot.name


def parse_correction(text: str, flow: Flow, *, need_cue: bool = True) -> Correction | None:
    """Recognise a change of an earlier answer.

    1. Strip a leading cue ("actually", "no", "wait", "sorry", "I meant").
    2. A slot named near the start ("the title should be …", "change the category to …")
       counts when there was a cue, a verb or a connector ("should be", "to", "is").
    3. Otherwise, after a cue or a back-reference ("make it …"), the rest is a value for a
       slot to be guessed by the caller.
    """
    cue = CUE.match(text.strip())
    rest = text.strip()[cue.end() :] if cue else text.strip()
    aliases = dict(_alias_table(flow))
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
    value = clean_value(rest)
    return Correction(None, value, refers_back=bool(back)) if value else None
