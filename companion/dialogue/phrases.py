"""The words and patterns the dialogue understands: data, apart from the logic that uses it.

Cues (skip, cancel, yes, no, a correction's lead), date and duration phrases, the
lead-ins of a goal statement, the words that name a goal's field (a value category's words
are in categories.py). Patterns are compiled case-insensitive and verbose.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from companion.dialogue.categories import CATEGORY_PATTERN


def regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE | re.VERBOSE)


# --- cues -------------------------------------------------------------------------------------

SKIP = regex(r"""
    (?:no|nope|nah|none|n/?a|not\s+really|whenever|no\s+rush
      |no\s+(?:real\s+|actual\s+|set\s+|particular\s+|hard\s+)?(?:deadline|date|target|time\s+limit)
        (?:\s+really)?
      |(?:there'?s\s+|i\s+have\s+)?no\s+(?:deadline|date)
      |i\s+don'?t\s+have\s+(?:one|a\s+(?:deadline|date))|not\s+now|leave\s+it\s+(?:open|blank)
      # "idk really", "just set it up": no answer, and go on
      |(?:i\s+)?(?:idk|dunno|don'?t\s+know|dont\s+know|not\s+sure|no\s+idea)(?:\s+really|\s+tbh)?
      |(?:just\s+)?(?:skip|pass)(?:\s+(?:it|that|this|that\s+one|this\s+one|the\s+why))?
      |(?:just\s+)?(?:set\s+it\s+up|go\s+ahead|get\s+on\s+with\s+it)|doesn'?t\s+matter|whatever
      # "idk you pick", "up to you": the choice left to her, which is no answer either
      |(?:(?:idk|dunno|not\s+sure|no\s+idea|i\s+don'?t\s+know|hmm+|um+)[\s,]+)?
        (?:you\s+(?:pick|choose|decide)|up\s+to\s+you|your\s+call|surprise\s+me))
""")
CANCEL = regex(r"""
    (?:(?:oh|ok|okay|please|actually|no|nah|nope|look|yeah|hmm+|um+|ugh|wait|sorry|just)[\s,]+)*
    (?:cancel|stop|abort|quit|drop\s+it|let'?s\s+not|never\s*mind|nvm|forget\s+(?:about\s+)?it)
    (?:[\s,]+(?:it|that|this|please|then|for\s+now|for\s+(?:to)?night|for\s+today|the\s+goal
      |the\s+whole\s+thing|goal|thing|thanks))*
""")
# A cancel that opens a clause, or a request not to keep it ("dont save it", "not ready to
# make it official").
CANCEL_LEAD = regex(r"""
    ^(?:never\s*mind|forget\s+(?:about\s+)?it|scratch\s+that
      |(?:(?:no|nah|ok|okay|please|actually)[\s,]+)*(?:do\s*n[o']?t|do\s+not)
        \s+(?:save|make|create|add|set\s+up)\s+(?:it|that|this|the\s+goal)
        (?:\s+(?:a\s+goal|official|yet|now|for\s+now|please))*\s*$
      |not\s+ready\s+to\s+(?:make\s+it\s+official|commit|make\s+it\s+a\s+goal|set\s+it\s+up))\b
""")
# "Undo", or "I didn't do that yet", while a flow asks about what was done: the flow stops.
UNDO = regex(r"""
    \bundo\b|\btake\s+(?:that|it)\s+back\b|\b(?:did\s*n[o']?t|have\s*n[o']?t|have\s+not
      |did\s+not)\s+(?:do|done|finish(?:ed)?|start(?:ed)?)\b.*\byet\b|\bwrong\s+one\b
      |\bthat'?s\s+not\s+what\s+i\s+(?:did|meant)\b
""")
HANDOFF = regex(r"""
    ^(?:(?:hey|ok|okay|um|wait|actually|sorry|eliza)[\s,]+)*
    (?:what\s+should\s+i\s+(?:do|work\s+on)|what\s+do\s+i\s+do\s+(?:today|now|next)
      |how\s+am\s+i\s+doing|how(?:'s|\s+is)\s+my\s+progress|what(?:'s|\s+is)\s+my\s+(?:progress|streak)
      |show\s+(?:me\s+)?my\s+(?:goals|missions|progress|streak)
      |what\s+are\s+my\s+(?:goals|missions)|what(?:'s|\s+is)\s+next\s+for\s+me
      |what(?:'s|\s+is)\s+on\s+(?:my\s+plate|for\s+today))\b
""")
# Leaving for now, in a few words ("ok sleep now. thanks eliza. oyasumi", "Merci Eliza.
# Bonne nuit. Khoda hafez"): no answer to what a flow asked; it waits for their return.
SIGN_OFF = regex(r"""
    \b(?:good\s*night|night\s+night|nite|bonne\s+nuit|buenas\s+noches|gute\s+nacht|oyasumi
      |boa\s+noite|buona\s+notte|sleep\s+now|off\s+to\s+(?:bed|sleep)|going\s+to\s+(?:bed|sleep)
      |bed\s*time|bye|goodbye|see\s+(?:you|ya)|cya|ttyl|talk\s+(?:to\s+you\s+)?(?:later|tomorrow|soon)
      |gotta\s+go|got\s+to\s+go|have\s+to\s+go|(?:khoda|khuda|allah)\s+hafe?i?z|chau|ciao|adios
      |tsch(?:u|\u00fc)ss|do\s+widzenia|mata\s+ne|sayonara|au\s+revoir|hasta\s+(?:luego|ma\u00f1ana))\b
""")
YES = regex(r"""
    ^(?:(?:oh|ah|aw+|um+|hm+|well|ha+|haha+|lol)[,.!\s]+)*
    (?:yes|yeah|yea|yep|yup|ya|aye|sure|ok|okay|k|alright|sounds\s+(?:good|great|right|fine)
      |s[i\u00ed]|sim|oui|ja|haan|save\s+it|(?:please\s+)?save\s+(?:it|that|the\s+goal)
      |looks\s+(?:good|great|right)|that\s+works|why\s+not|of\s+course|definitely|exactly
      |yes\s+please|please|right|that'?s\s+(?:right|correct)
      |correct|perfect|great|do\s+it|go\s+ahead|go\s+for\s+it|please\s+do|absolutely|confirm
      |let'?s\s+do\s+it|it'?s\s+(?:fine|good)|all\s+good|go\s+on(?:\s+then)?
      |(?:just\s+)?set\s+(?:it|that)\s+up)\b
""")
BUT = regex(r"\b(?:but|change|instead|except|wait)\b")
# A nod with nothing else to it ("fair enough", "haha ok"): no answer to a free-text slot.
NOD = regex(r"""
    (?:(?:ok(?:ay)?|haha+|lol|ah|oh|hm+)[,\s]+)?
    (?:fair(?:\s+enough)?|true|makes\s+sense|good\s+point|cool|nice|fine|gotcha|got\s+it|ok(?:ay)?
      |i\s+see|noted|haha+|lol|hm+|idk)
""")
NO = regex(
    r"(?:no|nope|nah|no\s+way|not\s+really|no\s+thanks|not\s+now|maybe\s+later|not\s+quite|not\s+really|not\s+yet|wrong|that'?s\s+wrong"
    r"|maybe\s+not(?:\s+(?:now|yet|today|right\s+now))?|not\s+right\s+now|another\s+time"
    r"|not\s+at\s+the\s+moment"
    # a no, then softened: "no its fine", "nah im good", "nah not right now"
    r"|(?:no|nope|nah|naw)[,\s]+(?:(?:it'?s|its|that'?s|thats)\s+(?:fine|ok|okay|alright|grand)"
    r"|i'?m\s+(?:good|ok|okay|fine|alright)|im\s+(?:good|ok|okay|fine|alright)|all\s+good"
    r"|(?:you'?re|ur)\s+(?:fine|alright|ok)|not\s+(?:now|right\s+now|yet|today|really)|leave\s+it))"
    r"(?:\s+thanks)?"
)
RETRY = regex(r"^(?:yes|yeah|sure|ok|okay|try\s+again|retry|again|please\s+do)\b")

# A correction: its lead ("actually, …"), a reference back ("make it …"), the verb and the
# connector between a slot's name and its new value ("change the date to …").
# A bare "no" is a cue before a pause or another lead ("no, may", "no make it may"), never
# the start of what is said ("no beer on weekdays").
CUE = regex(r"""
    ^(?:(?:actually|nope|wait|sorry|oops|oh|hmm+|um+|hold\s+on|i\s+mean|i\s+meant|correction
      |no(?=\s*[,.!:;-]|\s*$|\s+(?:i|i'?m|im|it|its|it'?s|make|change|set|that|the|not|actually
        |wait|sorry|let'?s|lets|my|a|an|to|just|please|oops|hmm+|um+|i\s+meant)\b))
      \b[\s,.!:;-]*)+
""")
BACKREF = regex(r"""
    ^(?:(?:please\s+)?(?:make|change|set|switch)\s+(?:it|that)(?:\s+to)?|it\s+should\s+be
      |let'?s\s+(?:say|make\s+it)|i\s+meant|instead|rather)\b[\s,:]*
""")
QUALIFIER = r"(?:real|actual|main|true|new|proper)"  # "the real reason is …"
VERB = r"(?:please\s+)?(?:change|set|make|update|switch|move|fix|correct|edit|put)\s+"
CONNECTOR = r"should\s+(?:be|say|read)|needs\s+to\s+be|to\s+be|to|is|as|into|=|:|-"

# "about 20", "20ish", "an hour or so": the approximation, dropped before reading a number.
APPROX = regex(r"""
    \b(?:about|around|roughly|approximately|approx|maybe|like|nearly|almost|just\s+(?:over|under)
      |a\s+little\s+(?:over|under)|more\s+or\s+less|or\s+so)\b|~|(?<=\d)\s*-?ish\b
""")

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
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "twenty-five": 25, "thirty": 30, "forty": 40,
    "forty-five": 45, "fifty": 50, "sixty": 60, "ninety": 90, "hundred": 100,
    "a hundred": 100, "a couple of": 2, "a couple": 2, "couple of": 2, "a few": 3,
    "a dozen": 12,
}  # fmt: skip

_MONTH = r"(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
MONTH = _MONTH  # a month's name, as people write it ("apr", "April", "sept.")
_NUM = (
    r"(?:\d+|"
    + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(NUMBER_WORDS, key=len)[::-1])
    + ")"
)
# A lead ("by", "until the end of") is needed for a month or weekday named alone and for a
# relative span ("in 3 weeks"), since "may", "a day" and "sunday" also appear in titles.
DATE = regex(rf"""
    \b(?P<lead>(?:(?:from\s+now\s+)?(?:by|before|until|till|on|in|within|around)\s+)?
               (?:(?:the\s+)?end\s+of\s+)?)
    (?:(?P<iso>\d{{4}}-\d{{1,2}}-\d{{1,2}})
      |(?:about\s+|around\s+|roughly\s+|approximately\s+|maybe\s+|like\s+)?
         (?P<rel_n>{_NUM})\s+(?P<rel_unit>day|week|month|year)s?
         (?P<rel_half>\s+and\s+a\s+half)?(?!\s+ago)(?:'?\s*time)?
         (?P<from_now>\s+from\s+(?:now|today))?
      |(?:mid-?\s*|(?:the\s+)?middle\s+of\s+)(?P<mid_month>{_MONTH})
      |(?P<md_month>{_MONTH})\s+(?P<md_day>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<md_year>\d{{4}}))?
      |(?:the\s+)?(?P<dm_day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<dm_month>{_MONTH})
         (?:,?\s+(?P<dm_year>\d{{4}}))?
      |(?:(?P<m_lead>next|this|coming)\s+)?(?P<month>{_MONTH})
         (?:\s+(?P<m_year>\d{{4}})|\s+(?P<m_next>next\s+year))?
      |(?:(?P<wk_lead>next|this|coming)\s+)?(?P<weekday>{"|".join(WEEKDAYS)})
      |(?:(?P<season_lead>next|this|coming|(?:for|by|until|till|before|in)\s+the)\s+)?(?P<season>spring|summer|autumn|fall|winter)
      |(?P<kw>today|tomorrow|yesterday|next\s+(?:week|month|year)
         |(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(?:week|month|year)|this\s+year
         # a holiday, not a thing named after one ("the christmas market next year")
         |(?:christmas|xmas|easter|halloween)(?!\s+(?:markets?|fairs?|party|parties|dinner|lunch
           |jumpers?|trees?|cards?|presents?|shopping|concerts?|plays?|shows?|lights|eggs?|hunt
           |costumes?|bazaar|stalls?))
         |valentine'?s(?:\s+day)?
         |(?:the\s+)?new\s+year(?:'?s(?:\s+eve)?)?))
    \b
""")

# Number words need a space before the unit: "am" and "ah" are not one minute or one hour.
MINUTES = regex(rf"""
    \b(?:(?P<half>half\s+an\s+hour)
    |(?:(?P<hours>\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)|(?P<hour_words>an?|one|two|three)\s+hours?)
      \b(?P<and_half>\s+and\s+a\s+half)?
    |(?:(?P<minutes>\d+)\s*(?:m|mins?|minutes?)|(?P<minute_words>{_NUM})\s+(?:mins?|minutes?))\b)
""")

# --- a goal statement -------------------------------------------------------------------------

# A when that says why the goal is urgent, no part of its title ("…my mother's recipes
# before i forget them").
URGENT_WHEN = (
    r"before (?:i|we) (?:forget|lose)|before it'?s too late|while (?:i|we|she|he) still can"
)

# Words said on the way in that ask for nothing ("yeah i think…", "ok so…").
FILLER = regex(r"""
    ^\s*(?:(?:hey|hi|hello|ok|okay|so|please|eliza|um+|hmm+|actually|also|i\s+think|i\s+guess
      |honestly|tbh|basically|maybe|yeah|yea|yep|yes|well|alright|anyway|and|but
      |(?:(?:a|one)\s+)?(?:new|another|one\s+more)\s+(?:idea|thing))[,!.:\s]+)*
""")
LEAD_IN = regex(
    FILLER.pattern
    + r"""
    (?:(?:can|could|would|will)\s+(?:you|we)\s+)?(?:please\s+)?
    (?:help\s+me\s+(?:to\s+)?
      |i\s+(?:also\s+|really\s+)?(?:want|need|would\s+like|'d\s+like|wanna)\s+(?:you\s+)?(?:to\s+)?
      |i'?d\s+(?:also\s+)?like\s+(?:to\s+)?|let'?s\s+)?
    (?:(?:(?:set|create|make|add|start|write\s+down|get|do|try)\s+(?:up\s+)?(?:me\s+|us\s+)?
         (?:up\s+)?)?
       (?:(?:a|an|my|another)\s+)?(?:(?:new|second|third|one\s+more|big|bigger|extra|separate
         |different|small)\s+)*goal\b(?:\s+for\s+(?:me|us))?(?:\s+please)?
       [\s?!.,:;-]*(?:(?:to|of|for)\b)?\s*)?
    (?:i\s+(?:also\s+|really\s+)?(?:want|need|would\s+like|'d\s+like|wanna|hope|plan)\s+(?:to\s+)?
      |i'?d\s+(?:much\s+)?rather\s+|my\s+goal\s+is\s+(?:to\s+)?|(?:i'?m\s+)?going\s+to\s+
      # "ive been saying for like 2 years id get back into running"
      |(?:i'?ve|i\s+have)\s+been\s+(?:saying|meaning|wanting|planning|thinking)
        \s+(?:for\s+(?:like\s+|about\s+)?\w+\s+\w+\s+)?(?:that\s+)?
        (?:i'?d|i\s+would|i'?ll|i\s+will|to)\s+)?
"""
)
# What a title keeps out: "instead (of 20)", "rather", a trailing "please".
TITLE_TAIL = regex(
    # "… next year. can that be a goal": the ask after the aim is no part of it
    r"(?:[\s,.]*\b(?:(?:can|could|should)\s+(?:that|this|it)\s+be\s+(?:a|my)\s+(?:new\s+)?goal"
    r"|instead(?:\s+of\b.*)?|rather|please|for\s+me|then|i\s+guess|i\s+suppose"
    r"|i\s+think|maybe|probably|tbh|lol|haha|or\s+something|idk"
    # "get fitter for ages": how long it was wished for, not the aim
    r"|for\s+(?:like\s+|about\s+|over\s+)?(?:\w+\s+)?(?:years|months|ages|a\s+while|ever))"
    r"\s*[.!?]*)+$"
)
# Left of a goal statement once its slots are cut, but not a title.
NOT_A_TITLE = regex(
    r"^(?:for\s+(?:me|us)|please|one|a\s+goal|goal|new|thanks?"
    # a yes said while the title is asked ("yes go for it"): no title
    r"|(?:(?:yes|yeah|yep|ok|okay|sure)\W+)*(?:yes|yeah|yep|ok|okay|sure|go\s+for\s+it|do\s+it"
    r"|sounds\s+good)(?:\W+(?:go\s+for\s+it|do\s+it|please|pls))*\W*$"
    # "yeah lets make it a goal": the goal is what was said before, not these words.
    r"|(?:(?:yeah|yes|ok|okay|so|sure|right)\W+)*(?:let'?s\s+|can\s+we\s+|i\s+want\s+to\s+)?"
    r"(?:make|set|turn)\s+(?:it|that|this)\s+(?:into\s+)?(?:a\s+|my\s+|an\s+)?goal\W*)?$"
)
# The words that give a reason, as people type them ("because", "cuz", "bc", "'cause").
BECAUSE = r"(?:because|cause|b/?c|cos|coz|cuz)"
WHY_CLAUSE = regex(rf"""
    # "so" stays with the reason: parse_why reads "so i see…" as "so I can see…".
    # ... but a "so" that opens a sentence is no reason ("ok cool. so i want to…")
    \b(?:{BECAUSE}|(?<![.!?]\s)(?=so\s+that\b)
      |(?<![.!?]\s)(?=so\s+(?:i|we|my|he|she|they|it|that|our)\b)
      # "since i want to…" gives a reason; "since uni", "since i was 16" say when.
      |since\s+(?=(?:i|we|it|its|it's|i'm|im)\s+(?:really\s+)?(?:want|need|have|am|can|would
        |love|like|must|'m)\b))
    \s*(?P<why>.+)$
""")
# A reason added after a comma as a statement about themselves: ", i want to feel fit".
# Not a time away from it ("…again, i havent touched it in 6 years"): that is no reason.
WHY_STATEMENT = regex(r"""
    ,\s*(?P<why>(?:i|i'm|i've|i'd|im|we|we're|we've|our|my|she|she's|he|he's|they|they're
      |it's|its)\b(?!\s+(?:haven'?t|have\s+not|hasn'?t|never)\b).+)$
""")
# Before a date, a clause that only says when: "before the baby comes (in April)".
DATE_CLAUSE = regex(r"\b(?:by|before|until|till)\s+(?:[\w']+\s+){1,4}$")
# Words often mistyped in a request, set right before reading it ("wnat", "helth").
TYPO_VOCABULARY = ("want", "goal", "health", "craft", "growth", "connection", "new")

# A new name said as such: "actually call it run a 10k with my sister", "can we name it…".
CALL_IT = re.compile(
    r"^\W*(?:(?:can|could)\s+(?:we|you|u)\s+|let'?s\s+|please\s+|just\s+)?(?:call|name|rename)"
    r"\s+(?:it|that|this|the\s+goal)\s+(?!(?:a\s+)?(?:day|night|quits)\b)(?:to\s+|as\s+)?"
    r"(?P<value>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
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
    # Words of any sentence, not of a mission: "get out of the flat" names no mission.
    "out", "up", "off", "over", "get", "got", "go", "went", "going", "thing", "things", "stuff",
    "actually", "really", "even", "your", "how", "not", "then", "there", "around", "into",
    "some", "at", "from", "by", "it's", "its", "be", "been", "have", "had", "so", "too",
    "evening", "morning", "night", "tonight", "yesterday", "now", "again",
    # Pronouns and nods: "all of them yeah" names no mission ("them" is no "theme").
    "them", "they", "those", "these", "all", "yeah", "yes", "ok", "okay", "lol",
    # Question words: "whats my streak" names no “Write down what you spent”.
    "what", "whats", "what's", "when", "where", "which", "who", "why",
    # "no beer tonight" names no "Count your drinks: no judgement…"
    "no", "or", "nor",
})  # fmt: skip
ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1}
ORDINAL = regex(r"^(?:the\s+)?(?:\#|number\s+)?(?P<n>\d+|first|second|third|fourth|fifth|last)"
                r"(?:\s+one)?$")  # fmt: skip

# --- requests: what opens a flow, and what is plainly not an answer ---------------------------

_GOAL = (
    rf"(?:(?:a|an|another|other|my|new|some|second|third|one\s+more|big|bigger|extra|separate"
    rf"|different|small|like)\s+)*(?:{CATEGORY_PATTERN}\s+)?goals?\b"
)
# Asking for a goal in so many words: "new goal: …", "i'd like a growth goal", "help me set
# a goal", "can we set up a goal for me", "make me a health goal".
GOAL_REQUEST = regex(rf"""
    ^\W*(?:(?:new|another|a)\s+)?(?:{CATEGORY_PATTERN}\s+)?goal\b\s*(?:[:\-]|please\b|$)
    |\b(?:i|we)(?:(?:'d|\s+would)\s+(?:also\s+|really\s+)?(?:like|love)
        |\s+(?:also\s+|really\s+)?(?:want|need|wanna))\b
        (?:\s+(?:to\s+)?(?:set|make|create|add|start|have|do|get|try)(?:\s+up)?)?(?:\s+me)?\s+{_GOAL}
    |\b(?:set|make|create|add|start)(?:\s+up)?\s+(?:me\s+|us\s+)?{_GOAL}
    |\bas\s+an?\s+{CATEGORY_PATTERN}\s+goal\b
    # "can that be a goal", "yes make it a goal, 5k before granada", "turn this into a goal"
    |\b(?:can|could|should)\s+(?:that|this|it)\s+be\s+{_GOAL}
    |\b(?:make|turn|put)\s+(?:it|that|this)\s+(?:into\s+|as\s+)?{_GOAL}
    |\b(?:i'?m|im|i\s+am)\s+adding\s+(?:a\s+)?(?:new|another)\s+(?:one|goal)\b
""")
# Yes to "Shall we make that a goal?" said in its own words ("want it as a goal yeah", "go
# on make it one").
AS_A_GOAL = regex(r"""
    ^\W*(?:(?:yeah|yes|yep|ya|ok|okay|go\s+on|sure|aye|please)\W+)*(?:i\s+)?(?:want|make|have
      |put|set|do|add|stick)\s+(?:it|that|this)\s+(?:(?:as|in)\s+)?(?:a\s+|one|in)?\s*(?:goal)?
    (?:\W+(?:yeah|yes|please|pls|then|mate|ta))*\W*$
""")
# Plainly about someone else's goal or a match: not a request.
NOT_A_GOAL_REQUEST = regex(
    r"\b(?:scored|herself|himself|themselves|his|her|their)\b\s+(?:a\s+)?goal"
)
# "I want to learn X" with a deadline or a reason is a goal stated whole; without, a wish.
# What an aim starts with: "learn…", "run…", "be able to…".
_AIM = r"""
    # "i want to finally finish my picture book": the adverb is no part of the aim
    (?:(?:finally|actually|really|properly|seriously|eventually|someday|at\s+last)\s+)?
    (?P<aim>(?:learn|start|get|become|be\s+able|run|write|read|build|make|finish|quit|stop|save
      |lose|gain|play|speak|swim|cook|bake|draw|paint|travel|visit|call|see|spend|practi[cs]e
      |improve|pass|train|walk|cycle|climb|meditate|sleep|eat|drink|grow|volunteer|host|knit
      |organi[sz]e|sing|study|take|go|fill|sketch|complete|launch|open|publish|record|hike
      |lift|dance|sew|crochet|fix|renovate|move|pay|earn|apply|try|master|memori[sz]e|compete
      |raise|bike|ride|row|stretch|journal|declutter|clear|plant|join|create|design|code
      |cut|reduce|limit|give\s+up|kick|wake|floss|budget|tidy|clean|keep|stay|rebuild
      |reconnect|text|write|finish|listen|drink|find|sort(?=\s+(?:out\s+)?(?:my|our)\b)|tackle
      |work\s+on|look\s+after|sell|teach|exhibit|perform|enter|afford|adopt|restore
      |do)\b.*)$
"""
WISH = regex(
    r"""
    ^\W*(?:(?:so|well|ok|okay|hey|hi|honestly|actually|and|but|now|no|yeah|yea|yep|also|oh|right
      |you\s+know\s+what
      |i(?:\s+have|'ve|ve)?\s+been\s+thinking|i\s+was\s+thinking|i\s+guess|i\s+think|maybe
      |i\s+reckon|i\s+suppose|i\s+feel\s+like
      |probably|tbh|um+|hm+)[,\s]+)*
    i(?:\s+(?:really\s+|also\s+|just\s+|kinda\s+|honestly\s+|think\s+i\s+)?(?:want|wanna|need|would\s+(?:love|like)|hope|plan)
      |'?d\s+(?:really\s+|also\s+)?(?:love|like)
      |\s+wish\s+i\s+could|(?:\s+have|'ve|ve)\s+(?:always\s+|long\s+)?wanted
      # "so i've been meaning to get fitter for ages"
      |(?:\s+have|'ve|ve)?\s+been\s+(?:meaning|wanting)
      # "i keep thinking i should find one here" (not a bare "i should go to bed")
      |\s+keep\s+(?:thinking|saying|telling\s+myself)\s+(?:that\s+)?i\s+(?:really\s+)?should)
      \s+(?:to\s+)?
"""
    + _AIM
)
# A habit asked for instead ("can u make “study 2 pomodoros a day” a habit"): no goal's title.
HABIT_INSTEAD = re.compile(r"\b(?:a|as a|into a|my) (?:new )?habit\W*$", re.IGNORECASE)
# Something described, not an aim ("integration by parts is my nemesis 😭"), or said with a
# face that feels rather than names.
DESCRIBES = re.compile(
    r"\b(?:is|are|was|were)\s+(?:my|so|such|literally|lowkey|honestly|killing)\b"
    r"|[\U0001F62D\U0001F629\U0001F62B\U0001F643\U0001F480]",
    re.IGNORECASE,
)
# A goal named as one: "goal = pass calc 2", "my new goal: run 5k", "goal is to read more".
GOAL_LABELLED = regex(
    r"^\W*(?:(?:ok|okay|so|right|and)\W+)*(?:(?:my|the|a|new|main|next)\s+)*goal\s*"
    r"(?:[:=>-]+|is|would\s+be)\s*(?:to\s+)?(?=\w)",
)
# An aim said on its own, as an answer ("like maybe just be able to run 5k, by march").
BARE_AIM = regex(
    r"""
    ^\W*(?:(?:like|maybe|just|so|um+|well|ok|okay|really|probably|honestly|more\s+like|i\s+guess
      |something\s+like|to)[,\s]+)*
"""
    + _AIM
)
# Words of a question that asks for an idea: answered with one suggestion.
ASKS_FOR_IDEAS = re.compile(
    r"\b(?:should i|(?:do|d) (?:you|u|ya) (?:think|reckon) i (?:should|could)"
    r"|what (?:do|can|could) i|how (?:do|can|could|should) i|any (?:tips?|ideas?|advice)"
    # "do you have advice for endings", "is there one thing you think i should change", "tell
    # me one thing to make street photos less boring", "can you explain raid 5 simple"
    r"|(?:do|d|have) (?:you|u|ya) (?:have|got) (?:any |some )?(?:advice|tips?|ideas?)"
    r"|is there (?:one|a|an|any) (?:(?:easy|easier|quick|simple|good|better|best) )?(?:thing|way"
    r"|trick|tip|app)"
    r"|tell me (?:one|a|an|some|the|your) (?:thing|way|tip|trick|idea|easiest|best|simplest"
    r"|quickest)|tell me (?:the )?(?:easiest|best|simplest|quickest)"
    r"|(?:can|could) (?:you|u) explain"
    r"|tips? (?:for|on)|suggest|recommend|ideas? for|what would you do|one (?:tiny|small) thing"
    r"|what (?:should|do) i (?:look for|get|buy|try)|recipes? (?:for|with|idea)"
    r"|(?:give|got|have|know|send) (?:me )?(?:a |any |some )?recipes?"
    # "give me something different that still has protein", "think running will help"
    r"|give me (?:something|an? (?:idea|tip|suggestion|option)|ideas|tips|options|one idea)"
    r"|(?:think|reckon) (?:\w+ ){1,3}(?:will|would) help"
    # "give me one thing to change", "help me calculate", "explain me simple", "any trick
    # to…", "what should it say", "idk what to do", "donne-moi un conseil"
    r"|give me (?:one|a|an|some) (?:thing|sentence|word|phrase|example|way|trick|step)"
    r"|help me (?:with|to|calculate|plan|figure|work|understand|write|decide|choose|pick)"
    r"|explain (?:me|to me|it|the difference|how)|step by step"
    r"|any (?:tricks?|hacks?|way) (?:to|for)"
    r"|what should (?:it|i|this) say|(?:idk|dont know|don't know|no idea) what to do"
    r"|conseil|consejo)\b",
    re.IGNORECASE,
)
QUESTION = regex(r"""
    \?\s*\W*$
    |^\W*(?:(?:wait|hey|oh|btw|by\s+the\s+way|sorry|also|quick\s+question)[,\s]+)*
      (?:what|what's|how|when|where|who|which|whats|hows|can\s+you|could\s+you|do\s+you|does|is\s+it
        |are\s+you|will\s+you|would\s+you|did\s+you|have\s+you|did\s+i|have\s+i|had\s+i
        |can\s+i|could\s+i
        |should\s+i|do\s+i|am\s+i|is\s+that|is\s+this|are\s+there)\b
""")
# A remark in passing, plainly not an answer to a slot question.
REMARK = regex(
    r"^\W*(?:lol|lmao|haha+|omg|oops|ugh|btw|by\s+the\s+way|anyway|brb|thanks|thank\s+you|cheers)\b"
)
# One sentence ending and another beginning: a story, not a goal's title.
SENTENCE_BREAK = regex(r"[.!?]\s+\w")
# Someone speaking of how they are, not of a goal's title.
SELF_STATEMENT = regex(
    r"^\W*(?:(?:sorry|ugh|honestly|tbh|lol|ok|okay|oh|well|omg)[,.!\s]+)*"
    r"(?:i'?m|im|i\s+am|i\s+feel|i\s+was|i'?ve\s+been|i\s+just|i\s+had|i\s+got|today\s+was"
    r"|my\s+\w+\s+(?:is|was)"
    # someone of theirs named ("Chidi is my son")
    r"|[a-z]+\s+(?:is|was)\s+my\s+\w+)\b"
)
# A goal named in a change request: "my running goal", "the guitar goal".
# "my reading goal", "the goal" (the one goal they have, or the one in focus)
GOAL_NAMED = regex(r"\b(?:my|the|our)\s+(?P<words>(?:[\w']+\s+){0,3})goal\b")
ADJUST_WORDS = regex(r"""
    \b(?:change|rename|move|push|postpone|adjust|update|edit|extend|switch|should\s+be|too\s+soon
      |too\s+early|more\s+time|give\s+me\s+until|instead)\b
""")
# "oh nvm", "never mind": a question let go, with no flow open.
LET_GO = regex(r"^\W*(?:(?:oh|ah|ok|okay|hmm+|um+)[\s,]+)?(?:never\s*mind|nvm|forget\s+it)\W*$")
LET_GO_REPLY = (
    "No worries. What would you like to do next: set a goal, mark a mission done, or just talk?"
)
# Nothing to cancel: the reply when no flow is open.
NOTHING_TO_CANCEL = (
    "Nothing to cancel — we weren't in the middle of anything. "
    "What would you like to do: set a goal, mark a mission done, or just talk?"
)
# Offered after a wish ("I want to learn Spanish").
OFFER = "That sounds worth doing. Shall we make “{title}” a goal?"
# Two missions a deed may be, asked by name.
CHOOSE_TWO = "Do you mean “{}” or “{}”?"
# Asked which mission, a reply that still points at one ("it was the alarm one", "neither"):
# none on the list is called so, and she asks again with the list.
POINTS_AT_ONE = regex(r"""
    ^\W*(?:(?:no|nah|nope|wait|sorry|oops|um+|hmm+|actually|oh)\W+)*
    (?:(?:it\s+was|i\s+meant|i\s+mean|it'?s|its)\s+)?(?:the|my)\s+[\w'-]+(?:\s+[\w'-]+)?
    \s+(?:one|thing|bit|mission)\b
    |^\W*(?:neither|none\s+of\s+(?:them|those|these)|not\s+(?:either|those|them))\b
""")
WHICH_AGAIN = "I can't find that one on your list. Which was it: {listed}? (Or say “never mind”.)"
WHICH_LISTED = 4  # the open missions named when asked again
# A flow let go: nothing is kept, and no pressure to come back to it.
CANCELLED = "Okay, I've let that go; nothing is saved. We can pick it up whenever you're ready."
OFFER_DECLINED = "No problem — we'll leave it as a thought for now."
# The pending question, as Eliza asked it, for the chat page's reminder under the
# conversation (never a slot's name).
WAITING_WORDS: Mapping[str, str] = {
    "title": "What's the goal? A few words are enough.",
    "why": "Why does this goal matter to you?",
    "target_date": "Is there a date you'd like to reach it by?",
    "value_category": "Which part of life is this goal about: health, craft, growth or connection?",
    "mission": "Which mission did you finish?",
    "minutes": "About how many minutes did it take?",
    "goal": "Which goal do you mean?",
    "field": "What should change: the title, the reason, the target date or the category?",
    "new_value": "What should it be now?",
    "_which": "What would you like to change?",
    "_offer": "Shall we make that a goal?",
    "": "Shall I go ahead? Say yes, or tell me what to change.",
}
# After a message in passing, the question the flow still waits on.
BACK_TO_FLOW = "(When you're ready: {question})"
# What a flow waiting for a yes asks again after a message said in passing.
CONFIRM_AGAIN = "Shall I go ahead with {what}? Say yes, or tell me what to change."
# What a new value replaces, left out of it: ", not growth", "instead of 20".
REPLACED = regex(r"(?:,?\s*\bnot\s+[\w']+|\s*\binstead(?:\s+of\b.*)?)\s*[.!?]*$")

# A change of mind about a date just changed: "hmm actually keep april".
# "wait i said end of june not july", "no i meant june": the goal's date said again, as the
# person meant it (the date a goal was just set up with is changed).
DATE_SAID_AGAIN = re.compile(
    r"\bi (?:said|meant|wanted|asked for)\s+(?P<when>[^.!?,]{0,20}?\b(?:jan(?:uary)?"
    r"|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b(?:\s+\d{1,2}(?:st|nd|rd|th)?)?)",
    re.IGNORECASE,
)
KEEP_DATE = re.compile(
    r"\b(?:keep|leave)\s+(?:it\s+(?:at|in|for)\s+|the\s+date\s+(?:at|in)\s+)?"
    r"(?P<when>(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b(?:\s+\d{1,2}(?:st|nd|rd|th)?)?)",
    re.IGNORECASE,
)

# Verbs too common to say which mission was done ("i looked at my phone" is no painting
# looked at): a mission is named by its leading verb only when it is none of these.
LIGHT_VERB_WORDS = (
    "do", "make", "go", "get", "take", "have", "put", "look", "try", "find", "give", "keep",
    "let", "see", "start", "set", "plan", "spend", "pick", "choose", "note", "check",
    "think", "use", "add", "be", "say", "tell", "ask", "move", "read", "watch", "eat",
)  # fmt: skip


# Words said before a reason that say nothing of it ("i guess because…", "honestly cos…").
REASON_LEAD = (
    r"^\W*(?:(?:and|also|well|honestly|tbh|mostly|mainly|i\s+guess|i\s+think|probably|just"
    r"|um+|hm+|oh)[,\s]+)*"
)
# A reason given as an answer at the summary ("i guess because i get out of breath…").
GIVES_A_REASON = re.compile(REASON_LEAD + rf"{BECAUSE}\s+\w+", re.I)
# A message that opens with its question ("how do i not freeze in the water lol") answers
# no slot, whatever title its words share.
ASKS_FIRST = re.compile(
    r"^\W*(?:(?:ok|so|and|but|wait|anyway|hey|lol)\W+)*(?:how|what|whats|what's|why|where"
    r"|who)\b",
    re.IGNORECASE,
)
