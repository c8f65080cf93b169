"""The words recall's second stage (companion.rerank) reads a memory and a question by, and
those that tell when something happened (companion.when)."""

from __future__ import annotations

import re

from companion.dialogue.phrases import MONTHS, NUMBER_WORDS, WEEKDAYS

# A memory that tells when something happened (a day, a month, a season, "ago", a number).
TIME_WORDS = re.compile(
    r"\b(yesterday|today|tonight|tomorrow|ago|last|next|week|weekend|month|year|monday|"
    r"tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|"
    r"june|july|august|september|october|november|december|morning|evening|night|"
    r"\d+(st|nd|rd|th)?|since|until|spring|summer|autumn|fall|winter|christmas|birthday)\b",
    re.IGNORECASE,
)
# A question that asks when (or how long).
WHEN_ASKED = re.compile(r"^\s*(when|what (year|month|day|date|time)|how long)\b", re.IGNORECASE)
# Who said a memory kept from a conversation: the "Name:" it begins with.
SPEAKER = re.compile(r"^([A-Z][\w'\u2019.-]*(?: [A-Z][\w'\u2019.-]*)?):\s")

# -- when things happened (companion.when) ---------------------------------------------------

# Metadata keys that may hold the day a memory was said (a session's date).
SAID_DATE_KEYS = ("date", "said", "day", "when", "time", "session")
_NUMBER = "|".join([r"\d{1,3}", *sorted(NUMBER_WORDS, key=len, reverse=True)])
AGO = re.compile(rf"\b(?P<count>{_NUMBER}) (?P<unit>day|week|month|year)s? ago\b")
# Days named relative to the saying, longest first, with their offset in days.
RELATIVE_DAYS = (
    ("the day before yesterday", -2),
    ("day after tomorrow", 2),
    ("yesterday", -1),
    ("last night", -1),
    ("tomorrow", 1),
    ("today|tonight|this morning|this afternoon|this evening", 0),
)
RELATIVE_DAY = re.compile(r"\b(?:" + "|".join(words for words, _ in RELATIVE_DAYS) + r")\b")
RELATIVE_PERIODS = re.compile(r"\b(?P<which>last|next) (?P<period>weekend|week|month|year)\b")
WEEKDAY_NAMED = re.compile(
    r"\b(?:(?P<which>last|next|this coming|coming|on|this) )?(?P<day>" + "|".join(WEEKDAYS) + r")\b"
)
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
DAY_MONTH = re.compile(rf"\b(?P<day>\d{{1,2}})(?:st|nd|rd|th)?(?: of)? (?P<month>{_MONTH})\b")
MONTH_DAY = re.compile(rf"\b(?P<month>{_MONTH}) (?P<day>\d{{1,2}})(?:st|nd|rd|th)?\b")
# "in March", "back in May", "this June": a month without a day ("may" alone is a verb).
MONTH_NAMED = re.compile(
    rf"\b(?:in|since|until|this|last|next|early|late|mid) (?P<month>{_MONTH})\b"
)
# A sentence that speaks of what has been: a weekday named in it is the one before.
PAST_SAID = re.compile(r"\b(was|were|did|had|went|came|saw|met|took|made|ran|left|\w{3,}ed)\b")
# A sentence that speaks of what is to come.
FUTURE_SAID = re.compile(
    r"\b(will|won't|'ll|going to|gonna|next|coming up|upcoming|planning|plan to|tomorrow|"
    r"can't wait|looking forward|booked|scheduled)\b"
)
