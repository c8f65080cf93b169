"""A zone as the reply knows it: what the world says about one zone, and its line for a
model, in plain English:

    Zone: Arena — open now, closes at 21:00 (in 125 minutes); for health and craft;
    missions here: Easy run; Stretch

The change is the person's own clock as the world app words it ("opens at 06:00", "closes
tomorrow at 02:00", "opens Mon at 06:00"); an always-open zone says "at any hour". The
"missions here" part lists the suggested missions whose kind of activity the zone is for.
"""

from __future__ import annotations

from dataclasses import dataclass

ALWAYS = "at any hour"


@dataclass(frozen=True)
class ZoneNote:
    name: str
    is_open: bool
    change: str = ""  # "closes at 21:00"; "" when the zone never opens or closes
    minutes: int | None = None  # until that change
    fits: str = ""  # "health and craft"
    missions: tuple[str, ...] = ()

    @property
    def change_verb(self) -> str:
        """ "opens" or "closes" ("" without a change)."""
        return self.change.split(" ", 1)[0] if self.change else ""

    @property
    def change_when(self) -> str:
        """The change without its verb: "at 21:00", "tomorrow at 02:00"."""
        return self.change.split(" ", 1)[1] if " " in self.change else ""


def zone_line(note: ZoneNote) -> str:
    """The line's text after "Zone: " (see the module docstring)."""
    parts = [f"{note.name} — {'open' if note.is_open else 'closed'} now"]
    if note.change:
        minutes = "" if note.minutes is None else f" (in {note.minutes} minutes)"
        parts[0] += f", {note.change}{minutes}"
    elif note.is_open:
        parts[0] += f", {ALWAYS}"
    if note.fits:
        parts.append(f"for {note.fits}")
    if note.missions:
        parts.append("missions here: " + "; ".join(note.missions))
    return "; ".join(parts)
