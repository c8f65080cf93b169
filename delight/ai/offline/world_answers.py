"""Questions about the person's world, answered straight from the zone lines.

"Is the Arena open?" → "Yes — the Arena is open now, until 21:00."
"When does the Observatory open?" → "The Observatory opens at 20:00 — about three hours from
now." "What's open now?" → the open zones, and when the closed ones open. Every time comes
from the zone line, so it is the person's own clock as the world app wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from delight.ai.offline.zone_lines import ZoneNote
from delight.ai.text import asks, listed, number_words

_ASKS_WHEN = re.compile(r"\b(?:when|what time|how (?:long|soon))\b", re.I)
_ASKS_CLOSING = re.compile(r"\b(?:close|closes|closing|shut|shuts|how late|until when)\b", re.I)
_ASKS_CLOSED = re.compile(r"\bclosed\b", re.I)
# What a zone is, asked ("wait what's the observatory", "what is the arena for").
_ASKS_WHAT = re.compile(
    r"\bwhat(?:'s|s| is| are)? (?:the |this |that )?\w+(?: for| about| like)?\W*$"
    r"|\bwhat (?:do|does|can) (?:i|you|we) (?:do )?(?:in|at) (?:the )?\w+\W*$",
    re.I,
)
# "What's open?", "is anything closed right now": open or closed closes the question.
_WHATS_OPEN = re.compile(
    r"\b(?:what(?:'s| is| are)?|which|anything|anywhere|everything|something)"
    r"(?: else| zones?| places?)?(?: is| are)? (?:open|closed)"
    r"(?: (?:now|right now|today|tonight|at the moment|yet|still|for me))?\W*$",
    re.IGNORECASE,
)
_WORLD_WORDS = re.compile(r"\b(?:zones?|my world)\b", re.IGNORECASE)
_HOUR_WORDS = tuple(number_words(hour) for hour in range(25))  # "zero" .. "twenty-four"


def asks_about_world(text: str, names: Sequence[str]) -> bool:
    """Whether a message is about the person's world: it names one of their zones, speaks
    of zones, or asks what is open or closed."""
    return bool(_named(text, names) or _WORLD_WORDS.search(text) or _WHATS_OPEN.search(text))


def world_answer(text: str, zones: Sequence[ZoneNote], *, asked: bool = False) -> str:
    """The answer to a question about the zones ("" when the message is no such question).

    1. Without zone lines, or a message that is not a question (unless the turn knows it
       was `asked`), no answer.
    2. The zones the message names, in the order it names them: each answered for what is
       asked — when it closes, when it opens, or whether it is open (or closed) now.
    3. No zone named, but "what's open?" or a question about the zones: the open zones,
       then when each closed one opens.
    """
    if not zones or not (asked or asks(text)):
        return ""
    by_name = {zone.name: zone for zone in zones}
    named = [by_name[name] for name in _named(text, list(by_name))]
    if len(named) == 1:
        return _about_one(named[0], text)
    if named:  # several: say how each stands, with no yes or no to misread
        return " ".join(_how_it_stands(zone) for zone in named)
    if asked or _WHATS_OPEN.search(text) or _WORLD_WORDS.search(text):
        return _overview(zones)
    return ""


def mission_zone_sentence(missions: Sequence[str], zones: Sequence[ZoneNote]) -> str:
    """Where the first suggested mission that has a zone fits (an open one first), and whether
    it is open now; a lone mission, just named, is "it"."""
    open_first = sorted(zones, key=lambda zone: not zone.is_open)
    for mission in missions:
        zone = next((z for z in open_first if mission in z.missions), None)
        if zone is None:
            continue
        subject = "It" if len(missions) == 1 else f"“{mission}”"
        if zone.is_open:
            hours = f"until {_until(zone)}" if zone.change else "at any hour"
            return f"{subject} fits the {zone.name}, which is open {hours}."
        return f"{subject} belongs in the {zone.name}, which {zone.change}."
    return ""


def _named(text: str, names: Sequence[str]) -> list[str]:
    """The names the text mentions (whole words, any case, a plural or possessive too),
    in the order it mentions them."""
    found = []
    for name in names:
        match = re.search(rf"\b{re.escape(name)}(?:s|'s|\u2019s)?\b", text, re.IGNORECASE)
        if match:
            found.append((match.start(), name))
    return [name for _, name in sorted(found)]


def _about_one(zone: ZoneNote, text: str) -> str:
    """Closing time, closed or not, opening time, what it is, or open or not: the first the
    text asks."""
    if _ASKS_CLOSING.search(text):
        return _when_closes(zone)
    if _ASKS_CLOSED.search(text):
        return _is_it_closed(zone)
    if _ASKS_WHEN.search(text):
        return _when_opens(zone)
    if _ASKS_WHAT.search(text):
        return _what_it_is(zone)
    return _is_it_open(zone)


def _what_it_is(zone: ZoneNote) -> str:
    """ "The Observatory is a place in your world for growth missions: it is open now, at
    any hour." """
    kind = f" for {zone.fits} missions" if zone.fits else ""
    now = f"it is {_open_for(zone)}" if zone.is_open else f"it {_change_with_wait(zone)}"
    return f"The {zone.name} is a place in your world{kind}: {now}."


def _how_it_stands(zone: ZoneNote) -> str:
    if zone.is_open:
        return f"The {zone.name} is {_open_for(zone)}."
    return f"The {zone.name} is closed right now; it {_change_with_wait(zone)}."


def _is_it_open(zone: ZoneNote) -> str:
    if zone.is_open:
        return f"Yes — the {zone.name} is {_open_for(zone)}."
    return f"Not right now — the {zone.name} {_change_with_wait(zone)}."


def _is_it_closed(zone: ZoneNote) -> str:
    if zone.is_open:
        return f"No — the {zone.name} is {_open_for(zone)}."
    return f"Yes — the {zone.name} is closed right now; it {_change_with_wait(zone)}."


def _when_opens(zone: ZoneNote) -> str:
    if zone.is_open:
        return _how_it_stands(zone)
    return f"The {zone.name} {_change_with_wait(zone, dash=True)}."


def _when_closes(zone: ZoneNote) -> str:
    if not zone.is_open:
        return _how_it_stands(zone)
    if not zone.change:
        return f"The {zone.name} never closes — it is open at any hour."
    return f"The {zone.name} {_change_with_wait(zone, dash=True)}."


def _overview(zones: Sequence[ZoneNote]) -> str:
    """Open zones first, then when each closed one opens."""
    open_now = [zone for zone in zones if zone.is_open]
    closed = [zone for zone in zones if not zone.is_open]
    if not closed:
        first = "All your zones are open now: " + listed([_open_short(z) for z in open_now])
    elif open_now:
        first = "Open now: " + listed([_open_short(z) for z in open_now])
    else:
        first = "Nothing is open right now"
    later = [f"The {zone.name} {_change_with_wait(zone)}." for zone in closed]
    return " ".join([first + ".", *later])


def _open_short(zone: ZoneNote) -> str:
    if zone.change:
        return f"the {zone.name} (until {_until(zone)})"
    return f"the {zone.name}"


def _open_for(zone: ZoneNote) -> str:
    """ "open now, until 21:00" or "open now, at any hour"."""
    return f"open now, until {_until(zone)}" if zone.change else "open now, at any hour"


def _until(zone: ZoneNote) -> str:
    """ "21:00", "02:00 tomorrow", "06:00 on Mon" from the change's when."""
    match = re.fullmatch(r"(?:(?P<day>.+) )?at (?P<time>\S+)", zone.change_when)
    if match is None:
        return zone.change_when
    day = match["day"] or ""
    if not day:
        return match["time"]
    if day == "tomorrow" or day.startswith("on "):
        return f"{match['time']} {day}"
    return f"{match['time']} on {day}"


def _change_with_wait(zone: ZoneNote, *, dash: bool = False) -> str:
    """ "opens at 06:00, about seven hours from now" (the wait only when it is known)."""
    wait = _from_now(zone.minutes)
    if not zone.change:  # closed with no opening ahead: the rules leave it shut
        return "stays closed for now"
    if not wait:
        return zone.change
    return f"{zone.change}{' —' if dash else ','} {wait}"


def _from_now(minutes: int | None) -> str:
    """ "about three hours from now", "in a few minutes"; "" for a day or more or unknown."""
    if minutes is None or minutes >= 24 * 60:
        return ""
    if minutes < 5:
        return "in a few minutes"
    if minutes < 55:
        return f"about {5 * round(minutes / 5)} minutes from now"
    hours = int(minutes / 60 + 0.5)
    if hours <= 1:
        return "about an hour from now"
    return f"about {_HOUR_WORDS[hours]} hours from now"
