"""A deed told in other words, weighed by meaning against the missions' titles: the one it
clearly means, or the two worth asking about (deeds.deed_fit)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from companion.dialogue import Choice
from delight.ai.embeddings.vectors import Embedder, cosines

# A deed told in other words (all-MiniLM-L6-v2 cosines to the missions' titles, written
# from the blind conversations' tuned half): "the stretching yes I do it, 10 minutes with a
# video" is 0.75 to "Do ten minutes of stretching" and 0.44 to a jog, so it is that one; a
# deed this close to a title is worth asking about, or this close when it points at a
# mission loosely ("the money thing": 0.26 the bank app, 0.22 the savings jar).
DEED_CLOSE = 0.55
DEED_LEAD = 0.2
# A deed the message's act reads as a mission done, surely: closer than this to one title,
# and this far ahead of the next, is that one. On the tuned splits of the blind
# conversations (2026-11-30, the whole message against the titles still open, 1,181
# messages): 36 of 142 missions done found this way, none the wrong mission, 2 messages
# marking one that was not done ("ive cleaned my whole kitchen instead of writing").
REPORTED_CLOSE = 0.35
REPORTED_LEAD = 0.15
ASK_CLOSE = 0.4
LOOSE_ASK = 0.2
# A mission pointed at loosely ("the money thing").
POINTED = re.compile(r"\b(?:thing|one|stuff|bit|mission|task)\b", re.IGNORECASE)


def closest(embedder: Embedder, text: str, titles: Sequence[str]) -> list[tuple[float, int]]:
    """(cosine, index) of each title to `text` by meaning, closest first; the titles' vectors
    come from the embedder's cache after the first time (a person's missions change little)."""
    vectors = embedder.embed_cached([text, *titles])
    scores = cosines(vectors[0], vectors[1:])
    return sorted(zip(scores, range(len(titles)), strict=True), reverse=True)


def clearly_meant(text: str, fits: tuple[Choice, ...], embedder: Embedder) -> Choice | None:
    """Of the missions a deed's words fit alike, the one the whole message means clearly
    better ("today I practised the scales": “Play scales…” 0.49, “Practice the first 8
    bars…” 0.27); None when no one leads by DEED_LEAD ("did the shoes thing and mapped a
    loop": 0.48 and 0.36, she asks)."""
    ranked = closest(embedder, text, [m.title for m in fits])
    (best, first), (second, _) = ranked[0], ranked[1]
    return fits[first] if best >= REPORTED_CLOSE and best - second >= DEED_LEAD else None


def fitting_by_meaning(
    deed: str,
    missions: tuple[Choice, ...],
    embedder: Embedder,
    *,
    told: str = "",
    reported: bool = False,
) -> tuple[Choice, ...]:
    """The missions a deed told in other words means ("the stretching yes I do it, 10
    minutes with a video" for "Do ten minutes of stretching").

    1. Only a deed no mission fits by its words (flow_to_start offers none when the message
       falls short of one).
    2. Rank the missions by the closeness of their titles' embeddings to the deed's.
    3. One clearly close and clearly ahead: that one (less close when the message's act
       reads as a mission done, `reported`). Close enough to be worth asking (or pointed at
       loosely: "the money thing"): the two best, and she asks which. Else none.
    """
    if not missions:
        return ()
    # Read as a mission done, the whole message says which ("rang her. talked for an hour"):
    # its deed alone ("rang her") may not.
    ranked = closest(embedder, told if reported and told else deed, [m.title for m in missions])
    best = ranked[0][0]
    second = ranked[1][0] if len(ranked) > 1 else -1.0
    close, lead = (REPORTED_CLOSE, REPORTED_LEAD) if reported else (DEED_CLOSE, DEED_LEAD)
    if best >= close and best - second >= lead:
        return (missions[ranked[0][1]],)
    ask_from = ASK_CLOSE
    if POINTED.search(deed):
        # Pointed at loosely ("the money thing"), by its other words: "did the stretching
        # thing" is not near “Adjust your routine by one thing” for the "thing" they share.
        plain = [POINTED.sub(" ", m.title) for m in missions]
        ranked = closest(embedder, POINTED.sub(" ", told if reported and told else deed), plain)
        best, ask_from = ranked[0][0], LOOSE_ASK
    if best >= ask_from and len(ranked) > 1:
        return tuple(missions[index] for _, index in ranked[:2])
    return ()
