"""The nudge tone check: a nudge never shames, threatens a loss, or dwells on the absence,
and it must not read as sad, angry or afraid.

Shame backfires: people were 34.8% less likely to read a message for each goal they had
missed (issue 20). So beyond the insights' framings (insights/tone.py), a nudge never counts
the days away, never mourns ("we miss you" puts the weight of the absence on the person),
never hurries and never hints that something will be lost.
"""

from __future__ import annotations

import re

from delight.ai.classifiers import detect_emotion
from goals.insight_words.tone import BANNED_FRAMINGS

# Word-bounded and case-blind, like the insights' list.
NUDGE_FRAMINGS = (
    r"haven't",
    r"have not",
    r"hasn't",
    r"it's been",
    r"it has been",
    r"been (?:a while|so long|too long|away|gone|quiet)",
    r"(?:we|i) miss(?:ed)? you",
    r"missing you",
    r"last chance",
    r"(?:don't|do not) give up",
    r"giving up",
    r"gave up",
    r"(?:you'll|you will|you could|you might|before you) lose",
    r"los(?:e|ing|t) (?:your|all|the)",
    r"streak (?:ends?|ending|at risk|in danger|will)",
    r"too late",
    r"running out",
    r"before it's",
    r"hurry",
    r"falling behind",
    r"slipping",
    r"where (?:have you been|were you|did you go)",
    r"ignor\w*",
    r"forg[eo]t\w*",
    r"abandon\w*",
    r"guilt\w*",
    r"ashamed|shame\w*",
    r"let (?:yourself|us|me|them) down",
    r"excuses?",
    r"\d+ (?:days?|weeks?) (?:away|ago|without|since|off)",
)
_BANNED = re.compile(
    r"\b(?:" + "|".join((*BANNED_FRAMINGS, *NUDGE_FRAMINGS)) + r")\b", re.IGNORECASE
)
# The feelings a nudge must not lead with (the classifier has no disgust label).
HARSH_EMOTIONS = frozenset({"sadness", "anger", "fear"})


def nudge_tone_problem(text: str) -> str:
    """Why `text` may not be sent as a nudge ("" when it may): the banned framing it uses,
    or the feeling it leads with."""
    found = _BANNED.search(text.replace("\u2019", "'"))
    if found:
        return f"banned framing “{found.group(0)}”"
    dominant = detect_emotion(text).dominant
    if dominant in HARSH_EMOTIONS:
        return f"reads as {dominant}"
    return ""


def nudge_tone_ok(text: str) -> bool:
    """True when `text` passes the nudge tone check."""
    return not nudge_tone_problem(text)
