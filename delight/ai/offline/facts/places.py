"""Where the person lives and where they come from; a move supersedes the old city."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import fact, place_named, thing
from delight.ai.types import ExtractedFact

# (pattern, content, key): "lives in" and "moved to" share the key, so a move supersedes.
_PLACES = (
    (
        r"\b(?:I|we) (?:live|am living|are living|am based|are based|reside|stay)(?: now| just)?"
        r" (?:in|outside|near|close to) (.+)",
        "Lives in {}",
        "location",
    ),
    (
        r"\b(?:I|we) (?:rent|own|bought|have|share) an? (?:\w+ )?(?:flat|house|apartment|place"
        r"|home|cottage|bungalow) (?:\w+ ){0,4}?in ([A-Z].+)",
        "Lives in {}",
        "location",
    ),
    (
        r"\b(?:I|we) (?:just |recently |finally )?(?:moved|relocated) to (.+)",
        "Lives in {}",
        "location",
    ),
    # A move told without its subject, as a clause of its own ("wait i dont live in leeds
    # anymore, moved to manchester in march").
    (
        r"(?:^|[,;.!]\s*|\b(?:and|but|so|now)\s+)(?:just |recently |finally )?"
        r"(?:moved|relocated) to ([A-Z][\w-]+(?: [A-Z][\w-]+)?|[a-z]+)"
        r"(?=\s+(?:in|last|this|a|two|three)\b|\s*[,.!]|$)",
        "Lives in {}",
        "location",
    ),
    # A move to come ("fiona and i are moving to edinburgh next month"): told beside where
    # they live, which it does not close until they say they moved.
    (
        r"\b(?:I|we|\w+ and I|me and \w+)(?:'m|'re| am| are|m|re)? (?:soon |finally )?"
        r"(?:moving|relocating) to (.+)",
        "Is moving to {}",
        "location:moving",
    ),
    (r"\bI am (?:originally )?from (.+)", "Is from {}", "hometown"),
    (r"\bI (?:grew up|was born|was raised) in (.+)", "Grew up in {}", "hometown"),
)
# "…in March", "…last year": when they moved, not where.
_SINCE = re.compile(
    r"\s+(?:in|since|back in|last|this|two|three|a few)(?: the)? (?:jan|feb|mar|apr|may|jun|jul|aug"
    r"|sep|oct|nov|dec|spring|summer|autumn|fall|winter|year|month|week|\d{4}|years)\w*(?: ago)?$",
    re.I,
)
_PLACE_ENDS = re.compile(
    r"\s+(?:not|instead of|rather than|for|because|with|so|last|next|this|since|back in"
    r"|in (?:19|20)\d\d|a (?:year|month|week)|(?:two|three|a few) (?:years|months|weeks))\b",
    re.I,
)
_UNNAMED = re.compile(r"^(?:a|an|the|my|our|his|her|their|new|another)\b", re.I)
_NOT_PLACES = re.compile(r"^(?:a|an|the)?\s*(?:hurry|mess|pain|bad|good|fear|denial|debt)\b", re.I)


def location(clause: str) -> list[ExtractedFact]:
    for pattern, content, key in _PLACES:
        found = re.search(pattern, clause, re.I)
        if not found:
            continue
        said = re.split(r"\s+and\s+", found.group(1))[0]
        # "bristol last year not bath": the place ends where a time or a correction begins.
        said = _PLACE_ENDS.split(said, maxsplit=1)[0]
        place = _SINCE.sub("", thing(said, 8))
        place = place_named(" ".join(place.split()[:5]))
        if (
            not place
            or _NOT_PLACES.match(place)
            or (key.endswith(":moving") and _UNNAMED.match(place))
        ):
            return []  # "moving to a new team at work" is no place
        return [fact(content.format(place), "personal", key, 0.8, "location", value=place)]
    return []
