"""The words and patterns the dialogue understands: data, apart from the logic that uses it.

Cues (skip, cancel, yes, no, a correction's lead), date and duration phrases, the
synonyms of each value category, the lead-ins of a goal statement, the words that name a
goal's field. Patterns are compiled case-insensitive and verbose.
"""

from __future__ import annotations

import re
from collections.abc import Mapping


def regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE | re.VERBOSE)


# --- cues -------------------------------------------------------------------------------------

SKIP = regex(r"""
    (?:no|nope|nah|none|skip|skip\s+it|pass|n/?a|not\s+sure|not\s+really|no\s+idea|dunno
      |i\s+don'?t\s+know|whenever|no\s+rush|no\s+(?:deadline|date|target|time\s+limit)
      |(?:there'?s\s+|i\s+have\s+)?no\s+(?:deadline|date)
      |i\s+don'?t\s+have\s+(?:one|a\s+(?:deadline|date))|not\s+now|leave\s+it\s+(?:open|blank))
""")
CANCEL = regex(r"""
    (?:(?:oh|ok|okay|please|actually|no)[\s,]+)*
    (?:cancel|stop|abort|quit|drop\s+it|let'?s\s+not|never\s*mind|forget\s+(?:about\s+)?it)
    (?:[\s,]+(?:it|that|this|please|then|for\s+now|the\s+goal|the\s+whole\s+thing|thanks))*
""")
CANCEL_LEAD = regex(r"^(?:never\s*mind|forget\s+(?:about\s+)?it|scratch\s+that)\b")
HANDOFF = regex(r"""
    ^(?:(?:hey|ok|okay|um|wait|actually|sorry|eliza)[\s,]+)*
    (?:what\s+should\s+i\s+(?:do|work\s+on)|what\s+do\s+i\s+do\s+(?:today|now|next)
      |how\s+am\s+i\s+doing|how(?:'s|\s+is)\s+my\s+progress|what(?:'s|\s+is)\s+my\s+(?:progress|streak)
      |show\s+(?:me\s+)?my\s+(?:goals|missions|progress|streak)
      |what\s+are\s+my\s+(?:goals|missions)|what(?:'s|\s+is)\s+next\s+for\s+me
      |what(?:'s|\s+is)\s+on\s+(?:my\s+plate|for\s+today))\b
""")
YES = regex(r"""
    ^(?:yes|yeah|yep|yup|sure|ok|okay|sounds\s+good|looks\s+good|that'?s\s+(?:right|correct)
      |correct|perfect|great|do\s+it|go\s+ahead|go\s+for\s+it|please\s+do|absolutely|confirm
      |let'?s\s+do\s+it|it'?s\s+(?:fine|good)|all\s+good)\b
""")
BUT = regex(r"\b(?:but|change|instead|except|wait)\b")
NO = regex(
    r"(?:no|nope|nah|not\s+quite|not\s+really|not\s+yet|wrong|that'?s\s+wrong)(?:\s+thanks)?"
)
RETRY = regex(r"^(?:yes|yeah|sure|ok|okay|try\s+again|retry|again|please\s+do)\b")

# A correction: its lead ("actually, …"), a reference back ("make it …"), the verb and the
# connector between a slot's name and its new value ("change the date to …").
CUE = regex(r"""
    ^(?:(?:actually|no|nope|wait|sorry|oops|oh|hold\s+on|i\s+mean|i\s+meant|correction)
      \b[\s,.!:;-]*)+
""")
BACKREF = regex(r"""
    ^(?:(?:please\s+)?(?:make|change|set|switch)\s+(?:it|that)(?:\s+to)?|it\s+should\s+be
      |let'?s\s+(?:say|make\s+it)|i\s+meant|instead|rather)\b[\s,:]*
""")
VERB = r"(?:please\s+)?(?:change|set|make|update|switch|move|fix|correct|edit|put)\s+"
CONNECTOR = r"should\s+(?:be|say|read)|needs\s+to\s+be|to\s+be|to|is|as|into|=|:|-"

QUOTES = "\"'\u201c\u201d\u2018\u2019"

# --- dates and durations ----------------------------------------------------------------------

MONTHS = {
    name: number
    for number, names in enumerate(
        [("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
         ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
         ("september", "sept", "sep"), ("october", "oct"), ("november", "nov"),
         ("december", "dec")],
        start=1,
    )
    for name in names
}  # fmt: skip
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15,
    "twenty": 20, "thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50, "sixty": 60,
}  # fmt: skip

_MONTH = r"(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_NUM = r"(?:\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + ")"
DATE = regex(rf"""
    \b(?P<lead>(?:by|before|until|till|on|in|around)\s+(?:the\s+end\s+of\s+)?
               |(?:the\s+)?end\s+of\s+)?
    (?:(?P<iso>\d{{4}}-\d{{1,2}}-\d{{1,2}})
      |(?:in|within)\s+(?P<rel_n>{_NUM})\s+(?P<rel_unit>day|week|month|year)s?(?:'?\s*time)?
      |(?P<ago_n>{_NUM})\s+(?P<ago_unit>day|week|month|year)s?\s+from\s+(?:now|today)
      |(?P<md_month>{_MONTH})\s+(?P<md_day>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<md_year>\d{{4}}))?
      |(?P<dm_day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<dm_month>{_MONTH})
         (?:,?\s+(?P<dm_year>\d{{4}}))?
      |(?P<month>{_MONTH})(?:\s+(?P<m_year>\d{{4}}))?
      |(?:(?:next|this|coming)\s+)?(?P<weekday>{"|".join(WEEKDAYS)})
      |(?P<kw>today|tomorrow|yesterday|next\s+(?:week|month|year)
         |(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(?:week|month|year)|this\s+year))
    \b
""")

# Number words need a space before the unit: "am" and "ah" are not one minute or one hour.
MINUTES = regex(rf"""
    \b(?:(?P<half>half\s+an\s+hour)
    |(?:(?P<hours>\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)|(?P<hour_words>an?|one|two|three)\s+hours?)
      \b(?P<and_half>\s+and\s+a\s+half)?
    |(?:(?P<minutes>\d+)\s*(?:m|mins?|minutes?)|(?P<minute_words>{_NUM})\s+(?:mins?|minutes?))\b)
""")

# --- value categories -------------------------------------------------------------------------

CATEGORY_SYNONYMS: Mapping[str, tuple[str, ...]] = {
    "health": (
        "health", "healthy", "fitness", "fit", "exercise", "workout", "sport", "sports",
        "running", "body", "sleep", "diet", "nutrition", "wellbeing", "well-being",
        "wellness", "physical", "mental health", "strength", "energy",
    ),
    "craft": (
        "craft", "crafts", "creative", "creativity", "art", "arts", "music", "writing",
        "drawing", "painting", "making things", "building", "skill", "skills", "hobby",
        "cooking", "woodwork",
    ),
    "growth": (
        "growth", "grow", "learning", "learn", "study", "studying", "education", "career",
        "knowledge", "personal growth", "self-improvement", "languages", "reading", "work",
        "mind",
    ),
    "connection": (
        "connection", "connect", "friends", "friendship", "family", "relationships",
        "relationship", "social", "community", "love", "partner", "people",
    ),
}  # fmt: skip
CATEGORY_OF = {word: category for category, words in CATEGORY_SYNONYMS.items() for word in words}
CATEGORY_WORD = re.compile(
    r"\b(?:" + "|".join(map(re.escape, sorted(CATEGORY_OF, key=len, reverse=True))) + r")\b",
    re.IGNORECASE,
)
CATEGORY_PHRASE = regex(rf"""
    \b(?:for\s+(?:my\s+|the\s+sake\s+of\s+(?:my\s+)?)?|category\s*(?:is|:)?\s*)
    (?P<word>{CATEGORY_WORD.pattern})(?:\s+category)?
""")

# --- a goal statement -------------------------------------------------------------------------

LEAD_IN = regex(r"""
    ^\s*(?:(?:hey|hi|ok|okay|so|please|eliza)[,!.\s]+)*
    (?:(?:can|could|would)\s+you\s+)?(?:please\s+)?
    (?:help\s+me\s+(?:to\s+)?|i\s+(?:want|need|would\s+like|'d\s+like)\s+(?:you\s+)?to\s+
      |i'd\s+like\s+to\s+|let'?s\s+)?
    (?:(?:(?:set|create|make|add|start|write\s+down)\s+(?:up\s+)?)?
       (?:(?:a|my|another)\s+)?(?:new\s+)?goal\b(?:\s*(?:to|of|:|-))?\s*)?
    (?:i\s+(?:want|need|would\s+like|'d\s+like|wanna|hope|plan)\s+(?:to\s+)?
      |my\s+goal\s+is\s+(?:to\s+)?|(?:i'?m\s+)?going\s+to\s+)?
""")
WHY_CLAUSE = regex(r"\b(?:because|since|so\s+that|so\s+i\s+can)\b\s*(?P<why>.+)$")

# The words that name a goal's field; each group is named after the create_goal slot.
FIELD_WORDS = regex(r"""
    \b(?P<title>title|name|rename|call\s+it)\b
    |\b(?P<why>why|reason|motivation|purpose|description)\b
    |\b(?P<target_date>target\s+date|due\s+date|date|deadline|when|move|push|postpone|delay|extend)\b
    |\b(?P<value_category>category|area)\b
""")

# --- references to missions and goals ---------------------------------------------------------

# Words that say nothing about which mission or goal is meant.
STOP_WORDS = frozenset({
    "a", "an", "the", "my", "i", "me", "it", "one", "did", "do", "done", "finish", "finished",
    "complete", "completed", "mission", "goal", "for", "to", "of", "and", "with", "on", "in",
    "just", "today", "minute", "minutes", "min", "mins", "took", "about", "that", "this", "is",
    "was", "adjust", "change",
})  # fmt: skip
ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1}
ORDINAL = regex(r"^(?:the\s+)?(?:\#|number\s+)?(?P<n>\d+|first|second|third|fourth|fifth|last)"
                r"(?:\s+one)?$")  # fmt: skip
