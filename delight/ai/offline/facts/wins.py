"""Wins worth remembering, with the day they happened ("I ran 5 km today, I'm so happy")."""

from __future__ import annotations

import datetime as dt
import re

from delight.ai.offline.facts.common import fact, slug, thing, third_person
from delight.ai.types import ExtractedFact

_WHEN = {
    "today": 0,
    "this morning": 0,
    "this afternoon": 0,
    "this evening": 0,
    "tonight": 0,
    "yesterday": 1,
    "last night": 1,
}
_WIN = re.compile(
    r"\bI (?:just |finally |actually |somehow )?(ran|walked|swam|cycled|biked|hiked|climbed|"
    r"passed|won|lifted|reached|beat|nailed|aced|got promoted(?: to)?|landed|cleared|paid off|"
    r"built|"
    r"managed to \w+|made it to|made it through|did my first|completed my first|finished my first)"
    r" (.+)",
    re.I,
)
_DAY = re.compile(
    r"\s*\b(today|this morning|this afternoon|this evening|tonight|yesterday|last night)$", re.I
)
# Achievements that stay true whenever they happened ("I won…", "I paid off my loans").
_LASTING = re.compile(
    r"^(?:won|passed|cleared|paid off|built|got promoted|did my first|completed my first"
    r"|finished my first|landed)"
)
# "every time i reached for it": something that keeps happening, no win.
_HABITUAL = re.compile(r"\b(?:every|each) time\s*$|\bwhenever\s*$", re.I)
_PROUD = re.compile(
    r"\b(?:so |really |very )?(?:happy|proud|thrilled|stoked|chuffed)\b|\bfinally\b"
    r"|\byay\b|!",
    re.I,
)


def wins(clause: str, *, text: str, today: dt.date) -> list[ExtractedFact]:
    """Something they achieved, said with a day ("today", "yesterday") or with pride; kept
    with its date so "today" still means that day later. Keyed by what was done."""
    found = _WIN.search(clause)
    if not found or _HABITUAL.search(clause[: found.start()]):
        return []
    verb, done = found.group(1).lower(), thing(found.group(2), 10)
    if verb == "reached" and re.match(r"(?:for|out|over|into)\b", done, re.I):
        return []  # "reached for it": a reach of the hand, no goal reached
    day_word = _DAY.search(done)
    when = day_word.group(1) if day_word else None
    done = _DAY.sub("", done).strip()
    lasting = bool(_LASTING.match(verb)) or done.lower().startswith("my first")
    if not done or (when is None and not lasting and not _PROUD.search(text)):
        return []
    if done.lower() in ("it", "that", "this", "up", "home", "there", "nothing", "lost", "sick"):
        return []
    achieved = third_person(f"{verb} {done}")
    content = achieved
    if when or not lasting:  # said today (or yesterday): keep the day, not the word
        day = today - dt.timedelta(days=_WHEN.get((when or "today").lower(), 0))
        content = f"{achieved} on {day.day} {day:%B %Y}"
    return [fact(content, "personal", f"win:{slug(achieved)}", 0.8, "win", "done", value=achieved)]
