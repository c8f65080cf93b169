"""The words recall's second stage (companion.rerank) reads a memory and a question by."""

from __future__ import annotations

import re

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
