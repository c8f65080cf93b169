"""The words of a deed told: a mission said done in so many words, a deed pointed back at,
something still to do or not done, the past forms that report a deed and those that do not
(data, apart from the logic in companion/dialogue/cues.py and choices.py)."""

from __future__ import annotations

from companion.dialogue.phrases import regex

# A finished mission, said in so many words.
DONE = regex(r"""
    \b(?:done|finished|completed?|did\s+(?:it|that|this|the|my|today'?s)|(?:have|'ve)\s+done
      |ticked\s+off|crossed\s+off|accomplished|nailed\s+it
      # not "don't count it, rules are rules"
      |(?<!dont\s)(?<!don't\s)(?<!not\s)(?:count|log|mark|tick)\s+it
      # asked to mark one: "now do the walk one instead", "mark the reading one"
      |(?:do|mark|tick|log|count)\s+(?:off\s+)?the\s+[\w-]+(?:\s+[\w-]+)?\s+one)\b
""")
MISSION_WORD = regex(r"\b(?:mission|task)s?\b")
# A deed told by pointing back at what was just talked about: "k did that too", "done that
# one", "thats done now", or asked to be counted ("did the other 10. now count it"). Nothing
# else in the message says which deed it was.
REFERS_BACK = regex(r"""
    ^\W*(?:(?:ok|okay|k|kk|yep|yeah|yes|right|so|and|oh|well)\W+)*(?:i\W+)?(?:just\s+)?
    (?:(?:did|done|finished|completed|managed)\s+(?:that|it|this|those|them)(?:\s+one)?
      |(?:that|it|this)(?:\s+one)?(?:'?s|\s+is)\s+(?:done|finished))
    (?:\s+(?:too|as\s+well|already|now|just\s+now|earlier|actually))*\W*$
    |\b(?<!dont\s)(?<!don't\s)(?<!not\s)(?:count|log|mark|tick)\s+(?:it|that|them)(?:\s+one)?\b
    # "done, theyre on the chair": a bare "done" that opens the message, then how.
    |^\W*(?:(?:ok|okay|k|right|and)\W+)?(?:done|sorted|did\s+it)\s*[,.!]
    # "ok did that, wrote down every time i reached for it": the same, then how it went.
    |^\W*(?:(?:ok|okay|k|kk|yep|yeah|right|so|and|well)\W+)*(?:i\W+)?(?:just\s+)?
      (?:did|done|finished)\s+(?:that|this|it)(?:\s+one)?\s*[,.!-]
""")
# "does that count?" after a deed asks her to count it: no question, and no mission's words.
COUNT_ASKED = regex(r"""
    [\s.,!]*(?:does\s+(?:that|it|this)\s+|would\s+(?:that|it|this)\s+|that\s+)?counts?\b[\s?!.]*$
    # "can you mark the email one too, i sent it…": asked to mark, no question
    |^\W*(?:(?:ok|so|and)\W+)?(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?
      (?=(?:mark|tick|count|log)\b)
""")
# "does that count", alone, while she asks which mission was done: it will, once she knows.
COUNT_ONLY = regex(r"""
    ^\W*(?:(?:so|and|but|wait|ok|okay|hmm+)\W+)*(?:does|did|would|will)\s+(?:that|it|this)
    \s+(?:still\s+|even\s+)?count\W*$
""")
COUNT_WHICH = "It will, once I know which one it was: {listed}?"
# "does that count for the walk one": asked to mark the one it names for the deed just told.
COUNT_FOR = regex(r"""
    ^\W*(?:(?:ok|so|and|but|wait|hmm|um)\W+)*(?:does|would|will|can|could|should)\s+(?:that|it|this)
    \s+(?:not\s+)?count\s+(?:for|as|towards?)\s+(?=(?:the|my|your)\b)
""")
# Something still to do, not done: "tomorrow", "later", "I'll", "going to".
FUTURE = regex(r"""
    (?<!\bfor\s)(?<!\bready\s)\b(?:tomorrow|later|next\s+(?:week|time)|i'?ll
      |i\s+would|i'?d\s+(?:like|love)|i\s+might|thinking\s+(?:of|about)|i\s+will
      |going\s+to|gonna|plan(?:ning)?\s+to|about\s+to|want\s+to|need\s+to|have\s+to
      |tmrw|tmr|tmrrw|tmoro|2moro|2morrow|tomoz|we'll|we\s+will)\b
    # "might do the walk run after work": a plan, its subject left out
    |^\W*(?:(?:ok|okay|so|and|maybe)\W+)?(?:might|may|will|gonna)\s+(?:do|go|try|have|get)\b
    # "ok. first I send the invoice to Becker": the first step of a plan, in the present
    |^\W*(?:(?:ok|okay|so|right)\W+)?first\s+i\s+(?!did\b|went\b|was\b|had\b|[a-z]+ed\b)
""")
# A denial of having done it: "isn't even finished", "haven't done it yet", "not done".
NOT_DONE = regex(r"""
    \b(?:is\s*n[o']?t|is\s+not|are\s*n[o']?t|have\s*n[o']?t|have\s+not|has\s*n[o']?t
      |did\s*n[o']?t|did\s+not|not|never)\s+(?:\w+\s+){0,2}?(?:done|finished|completed?|started
      |do|did|finish|touch|touched)\b
    |\b(?:is|was|are)\s*(?:n[o']?t|not)\s+(?:\w+\s+)?happening\b|\bnot\s+gonna\s+happen\b
""")
# Past tense that reports something done ("walked", "called", "wrote").
PAST_DONE = regex(r"""
    \b(?:\w{3,}ed|wrote|read|did|made|ran|went|swam|drew|sent|took|ate|drank|bought|built
      |paid|rode|spoke|sang|rang|threw|met|got|gave|found|kept|cut|laid|slept|woke|brought
      |caught|spent|sat|began|grew|lit|hung|stood|swept|blew|told|held|wore|flew|drove|won
      |sold|heard|chose|dug|shook|fought|put|set|shut)\b
""")
# Words before a past verb that leave it the person's own deed ("i did", "finally went", "ok
# did"); after any other ("she did", "ellie joined") the deed is someone else's.
OWN_DEED_LEAD = frozenset({
    "i", "we", "me", "just", "finally", "also", "then", "and", "actually", "already", "ok",
    "okay", "k", "kk", "so", "yeah", "yep", "yes", "lol", "haha", "today", "earlier", "plus",
    "both", "even", "morning", "evening", "afternoon", "still", "def", "defo", "oh", "omg",
    "yay", "well", "right", "all", "tho", "though", "anyway", "anyways",
})  # fmt: skip
# "had a walk at lunch", "had a lovely long swim": an activity had is a deed done (not "had a
# bad day", "had a run in with my boss"), the person's own when nothing else leads it.
HAD_ACTIVITY = regex(r"""
    (?:^|\b(?:i|we|just|finally|also|then|and|so|ok|yeah|actually|already)\s+)had\s+
    (?:a|an|my|our|the|me\s+a)\s+(?:[a-z]+\s+){0,2}?
    (?:walk|stroll|hike|run(?!\s+in)|jog|swim|dip|stretch|workout|session|lesson|practi[cs]e
      |bath|nap|ride|bike\s+ride|cycle|paddle|sauna|yoga|meditation|read|clear\s?out|tidy
      |early\s+night|lie\s?in|lay\s?in)\b
""")
# Past forms that tell how someone feels, not what they did ("too knackered", "stressed").
FEELING_FORMS = frozenset({
    "tired", "knackered", "exhausted", "stressed", "bored", "worried", "scared", "excited",
    "annoyed", "pissed", "gutted", "wrecked", "shattered", "overwhelmed", "depressed",
    "frustrated", "confused", "relieved", "surprised", "disappointed", "embarrassed", "used",
    "supposed", "wasted", "drained", "burned", "burnt", "fed", "stuck", "wired", "tied",
})  # fmt: skip
# A weak report that also speaks of not doing, skipping or failing: nothing is marked done.
SKIPPED = regex(r"""
    \b(?:skip(?:ped|ping|s)?|not|no|nah|nope|never|did\s*n[o']?t|could\s*n[o']?t|ca\s*n[o']?t
      |wo\s*n[o']?t|without|missed|bailed|gave\s+up|too\s+\w+\s+to|can\s+wait
      # "library is closed on mondays so thats out": the place shut, the mission off
      |(?:that'?s|thats|it'?s|its)\s+out|closed\s+(?:on|today|tonight|till|until|for)|no\s+go)\b
""")
# Past forms that say a thing was not done.
NOT_DEEDS = frozenset({"skipped", "missed", "bailed", "forgot", "failed", "cancelled", "canceled"})
