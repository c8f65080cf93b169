"""Advice: one concrete, small suggestion for what was asked, that fits what Eliza knows
(never a food they cannot eat), or a mission to begin with."""

from __future__ import annotations

import re
from collections.abc import Sequence

from delight.ai.offline import act_words as words
from delight.ai.offline.advice_words import RESTRICTIONS, TOPICS, Suggestion
from delight.ai.offline.banks import named, rotate
from delight.ai.offline.context import ReplyContext
from delight.ai.offline.rules.words import FACT_QUESTION, FACT_UNKNOWN
from delight.ai.text import STOPWORDS, light_stem, normalise_words, word_set

# Asked which mission to begin with ("which one should i start with", "what do i do first").
WHICH_FIRST = re.compile(
    r"\bwhich (?:one|mission|thing)?\s*(?:should|do|shall|would) (?:i|we) (?:start|begin|do)"
    r"|\bwhat (?:should|do|shall) (?:i|we) (?:start with|do first|begin with)"
    r"|\bwhere (?:should|do|shall) (?:i|we) (?:start|begin)\b"
    r"|^\W*(?:ok\W+|so\W+)?(?:which|what)(?: one| mission)? first\b",
    re.IGNORECASE,
)


def asks_which_first(text: str) -> bool:
    return bool(WHICH_FIRST.search(text))


def advice_answers(text: str) -> bool:
    """Whether advice has words for `text` itself: a topic it knows, or which mission first."""
    return asks_which_first(text) or any(t.asks.search(text) for t in TOPICS)


def advice_reply(text: str, ctx: ReplyContext, turn: int) -> list[str]:
    """One concrete suggestion for what they asked about that fits what Eliza knows: asked
    which mission to begin with, the first on their list; a mission of today's that does
    what they ask about; never a food they cannot eat (as remembered, or said in the
    question); with no topic known, ten minutes on one of their missions."""
    if asks_which_first(text) and (first := _first_step(ctx)):
        return [first]
    # A plan of their own for just this is the best idea there is ("how do i stop buying food
    # at work", with "Pack lunch instead of buying it" on today's list), unless a tip speaks
    # of the very thing asked ("breathe sideways": a breathing tip, not the pool lesson).
    matter = matter_of(text)
    planned = _mission_for(matter, ctx.missions) if _ASKS_OWN.search(text) else ""
    ours = [named(words.ADVICE_PLANNED, ctx.name, mission=planned)] if planned else []
    # What they cannot eat, remembered or said just now ("shes vegan so i need ideas").
    ruled_out = _ruled_out([*ctx.memories, text])
    # "what should i say to her" is about what was said before ("my mum is taking it hard").
    # A question with a matter of its own ("should i freeze the leftover bolognese") is never
    # answered about the earlier topic (the knee of two messages before).
    names_a_matter = len(matter) >= MATTER_WORDS
    own = any(t.asks.search(text) for t in TOPICS) or (
        _ASKS_OWN.search(text) is not None and names_a_matter
    )
    # Asked about nothing a topic knows ("any tips for cheap supplies"), the conversation
    # before, then their goals ("Paint again"), say what it is about.
    about = [text] if own else [ctx.earlier, *(ctx.goals if matter else [])]
    # A question of fact is answered by a suggestion only when one speaks of its matter ("how
    # long do the cravings last": the craving one); "how many people speak spanish in the
    # world" is no question about learning it.
    fact = FACT_QUESTION.search(text) is not None
    for asked in about:
        for topic in TOPICS:
            if asked and topic.asks.search(asked):
                fits = [s for s in topic.suggestions if not s.contains & ruled_out]
                spoken = any(_shares(s, matter) for s in fits)
                # A matter of its own ("one thing to change in my essays") is never given a
                # tip about their goal's topic that says nothing of it (running).
                borrowed = asked in ctx.goals and names_a_matter and not spoken
                if ours and not spoken:
                    return ours
                if fits and (spoken or not fact) and not borrowed:
                    picked = rotate(_closest(fits, matter), turn, "advice")
                    return [_suggest(s, ctx.name) for s in picked]
    if ours:
        return ours
    if _EXPLAIN.search(text):
        return [named(words.ADVICE_EXPLAIN, ctx.name)]  # "explain raid 5 simple": honestly not
    if fact:
        return [named(FACT_UNKNOWN[0], ctx.name)]  # a fact asked is no step to take
    if ctx.missions and not names_a_matter:
        return [named(words.ADVICE_MISSION, ctx.name, mission=ctx.missions[-1])]
    if names_a_matter:
        return [named(words.ADVICE_OPEN, ctx.name), named(words.ADVICE_OPEN_AGAIN, ctx.name)]
    return [named(words.ADVICE_GENERAL, ctx.name)]


def _first_step(ctx: ReplyContext) -> str:
    """Which mission to begin with: the first on today's list; none there yet, where the
    plan is (plan_not_listed)."""
    if ctx.missions:
        return named(words.ADVICE_FIRST, ctx.name, mission=ctx.missions[0])
    return plan_not_listed(ctx)


def plan_not_listed(ctx: ReplyContext) -> str:
    """Where a plan not on today's list is: waiting for their review, or still being made
    ("" when none is)."""
    if ctx.reviewing:
        return named(words.MISSIONS_TO_REVIEW, ctx.name, goal=ctx.reviewing[0])
    if ctx.planning:
        return named(words.MISSIONS_PLANNING, ctx.name, goal=ctx.planning[0])
    return ""


# Asked to explain a subject, which no suggestion of hers does.
_EXPLAIN = re.compile(r"\bexplain\b", re.IGNORECASE)
# A question of its own ("should i freeze…"), not a report of what was tried ("i tried
# herbal tea, didnt do much": an idea about what was said before).
_ASKS_OWN = re.compile(
    r"\?|\b(?:should i|can i|could i|do i|is it|how do|how long|what do|what should"
    r"|(?:the )?best way|how (?:can|could|would) i|ways? to|tips (?:for|on|to))\b",
    re.I,
)
# The words of asking for advice, which say nothing of what it is about.
_ASKING_WORDS = word_set(
    "any tips tip advice idea ideas suggest suggestion suggestions should what how help do "
    "i me you for when with about can could would give need get some good best way ways "
    "really please eliza ok so think reckon try first start begin recommend"
)
# A question about a matter of its own ("when a client keeps changing their mind") has at
# least this many words beyond those of asking: ten minutes on a mission answers no such thing.
MATTER_WORDS = 3


def matter_of(text: str) -> set[str]:
    """The stems of `text`'s words beyond those of asking ("cheap", "supply")."""
    said = normalise_words(text)
    return {light_stem(w) for w in said if w not in _ASKING_WORDS and w not in STOPWORDS}


# Words too light to tie a question to a mission ("how do i stop…" and "Stop at one coffee").
_LIGHT_STEMS = frozenset(
    light_stem(w)
    for w in word_set(
        "stop start keep try make get go take have give put find feel want day today week "
        "minute minutes time one thing things little bit more less every each all some"
    )
)


def _mission_for(asked: set[str], missions: Sequence[str]) -> str:
    """The first of today's missions that shares a word of substance with what was asked
    (its `matter_of`); "" when none does."""
    for mission in missions:
        if (asked - _LIGHT_STEMS) & {light_stem(w) for w in normalise_words(mission)}:
            return mission
    return ""


def _closest(fits: list[Suggestion], asked: set[str]) -> list[Suggestion]:
    """The suggestions that share most words with what was asked (its `matter_of`: "cheap
    supplies", the one about supplies), or all of them when none shares any."""
    shared = [_shares(s, asked) for s in fits]
    most = max(shared, default=0)
    return [s for s, n in zip(fits, shared, strict=True) if n == most] if most else fits


def _shares(suggestion: Suggestion, asked: set[str]) -> int:
    return len(asked & {light_stem(w) for w in normalise_words(suggestion.words)})


def _ruled_out(memories: Sequence[str]) -> frozenset[str]:
    out: set[str] = set()
    for memory in memories:
        if re.search(r"\b(?:allerg|intoleran|can'?t eat|cannot eat|can not eat|avoid|vegan"
                     r"|vegetarian|coeliac|celiac|diabet)\w*", memory, re.IGNORECASE):  # fmt: skip
            for pattern, contains in RESTRICTIONS:
                if pattern.search(memory):
                    out |= contains
    return frozenset(out)


def _suggest(suggestion: Suggestion, name: str) -> str:
    said = suggestion.words
    return f"One small idea{', ' + name if name else ''}: {said[:1].lower()}{said[1:]}"
