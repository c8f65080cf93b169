"""Eliza's reply: a rule-based Eliza in the tradition of Weizenbaum's 1966 ELIZA.

How a reply is made (`compose_reply`):

0. A reply act planned by the turn (a greeting, sympathy, advice, a decline…) is written by
   act_replies.py; the steps below answer everything else.
1. Clean the text (curly quotes, contractions expanded: "I'm" -> "I am") and split it into
   sentences.
2. Find every keyword in every sentence; the highest-ranked keyword wins (ties: the earlier
   sentence). Classic ELIZA works the same way.
3. Try that keyword's decomposition patterns in order; the first that matches captures the
   fragments of the person's own words.
4. Reflect the fragments ("I am" -> "you are", "my" -> "your"); a fragment that would not
   read well echoed (two clauses, "lol", a loose "again") sends the match on to the next
   pattern. Put the fragments into one of the rule's reassembly templates. Templates are
   cycled turn by turn, so the same rule answers differently each time.
5. A question about what Eliza remembers is answered from the memories in the context
   (answers.py); a statement that taught her something is acknowledged, not asked back.
   With no keyword: recall something the person said earlier ("Earlier you mentioned your
   sister…"), ELIZA's MEMORY, or fall back to a gentle, intent-aware prompt.
6. Wrap it for a goal coach: an opener for the strategy or emotion (celebrate joy, calm
   fear with a breath or a small step, acknowledge sadness and anger), then at most one line
   woven from the context it was given (today's missions, the current goal, a memory).
7. Guard the result (`_guarded`): every candidate goes through the language guard
   (quality.py) and must not repeat a reply of the session; when none is left, a safe
   reply that reads well anywhere answers instead.
8. A "Welcome: …" line (a person just back after days away) opens the reply with its words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from delight.ai.offline.act_replies import act_reply, missions_today
from delight.ai.offline.answers import from_memory
from delight.ai.offline.banks import rotate
from delight.ai.offline.context import ReplyContext
from delight.ai.offline.match import Match, find_match, memorable_phrases
from delight.ai.offline.quality import reply_problems
from delight.ai.offline.reflection import capitalise, second_person
from delight.ai.offline.replies import (
    CALM_STEP,
    CLARIFY_QUESTIONS,
    CRISIS_REPLIES,
    FALLBACKS,
    INTENT_FALLBACKS,
    MEMORY_TEMPLATES,
    OPENERS,
    SAFE_REPLIES,
    SOCIAL_REPLIES,
)
from delight.ai.offline.story_answers import celebration, story_answer
from delight.ai.offline.streak_answers import VERY_SAD, encouragement, streak_answer
from delight.ai.offline.world_answers import world_answer
from delight.ai.text import STOPWORDS, fold, light_stem, normalise_words, word_set
from delight.ai.types import ChatMessage, EmotionResult, IntentResult


def _render(template: str, fragments: Sequence[str], name: str) -> str:
    text = re.sub(r"\{(\d+)\}", lambda m: fragments[int(m.group(1))], template)
    return text.replace("{n}", f", {name}" if name else "")


def choose_strategy(strategy: str, emotion: EmotionResult | None) -> str:
    """The caller's strategy, or one read from the emotion when none was given."""
    if strategy:
        return strategy
    if emotion is None or emotion.dominant == "neutral":
        return "coach"
    score = emotion.scores.get(emotion.dominant, 0.0)
    if score < 0.35:
        return "coach"
    return {
        "joy": "celebrate",
        "love": "celebrate",
        "fear": "calm",
        "sadness": "acknowledge",
        "anger": "acknowledge",
    }.get(emotion.dominant, "coach")


def _opener(strategy: str, emotion: EmotionResult | None, tone: str, turn: int, name: str) -> str:
    """One sentence that meets the feeling first, unless the rule itself already does."""
    dominant = emotion.dominant if emotion else "neutral"
    if tone in ("social", strategy) or (tone and strategy in ("acknowledge", "celebrate")):
        return ""
    bank: tuple[str, ...] = ()
    if strategy == "celebrate":
        bank = OPENERS["love"] if dominant == "love" else OPENERS["celebrate"]
    elif strategy == "calm":
        bank = OPENERS["calm"]
    elif strategy == "acknowledge":
        bank = OPENERS["anger"] if dominant == "anger" else OPENERS["sadness"]
    elif strategy == "coach" and dominant == "surprise":
        bank = OPENERS["surprise"]
    return _render(rotate(bank, turn, strategy)[0], (), name) if bank else ""


_COMMON_VERBS = word_set(
    "like likes love feel feels want need know think make makes really going thing things "
    "today just also much good well time work working feel feeling"
)


def _content_stems(text: str) -> set[str]:
    return {
        light_stem(w)
        for w in normalise_words(text)
        if w not in STOPWORDS and w not in _COMMON_VERBS and len(w) > 3
    }


def _goal_spoken_of(text: str, goals: Sequence[str]) -> str:
    """The goal the message shares a word with ("coffee 4 today oops": "Cut down on
    coffee"), else the one in focus (the first); "" with none."""
    said = _content_stems(text)
    named = [g for g in goals if said & {light_stem(w) for w in normalise_words(g)}]
    return next(iter(named or goals), "")


def _memory_overlap(text: str, memories: Sequence[str]) -> str:
    """A remembered fact that shares a content word with the message, in second person;
    one that would not read well spoken back is passed over."""
    said = _content_stems(text)
    for memory in memories:
        words = {light_stem(w) for w in normalise_words(memory) if w not in STOPWORDS}
        if said & words:
            said_back = f"I remember {second_person(memory)}."
            if second_person(memory) and not reply_problems(said_back):
                return said_back
    return ""


def _context_line(
    *,
    context: ReplyContext,
    strategy: str,
    key: str,
    intent: str,
    is_fallback: bool,
    text: str,
    turn: int,
    very_sad: bool = False,
) -> str:
    """At most one sentence woven from the context: missions, then memory, then progress
    for a very sad moment, then goal."""
    goal = _goal_spoken_of(text, context.goals)
    if key == "mission" or intent == "mission_request":
        if context.missions:
            return missions_today(context.missions, context.zones)
        if goal:
            return (
                f"We could find a small step toward your goal “{goal}” — something that takes "
                "ten to twenty minutes."
            )
        return ""
    remembered = "" if key == "recall" else _memory_overlap(text, context.memories)
    if remembered:
        return remembered
    if strategy == "calm" and context.missions:
        easiest = context.missions[-1]  # the triad lists the easy win last
        return f"If it helps, pick just one mission — maybe “{easiest}” — and let the rest wait."
    if very_sad and (built := encouragement(context.streak)):
        return built
    if strategy == "acknowledge" and goal:
        return (
            f"If it would help, we could break your goal “{goal}” into something smaller for today."
        )
    if strategy == "celebrate" and (told := celebration(context.story)):
        return told
    if strategy == "celebrate" and goal:
        return f"Every step like this brings your goal “{goal}” closer."
    if is_fallback and goal and intent in ("goal_discussion", "reflection", "other", ""):
        return f"How does this connect with your goal “{goal}”?"
    return ""


# The rule of a reply that could not do its planned act (a listening line stood in).
UNPLANNED = "unplanned"


@dataclass(frozen=True)
class OfflineReply:
    text: str
    rule: str  # which keyword answered ("fallback", "memory", "crisis", …), for traces
    strategy: str


def compose_reply(
    text: str,
    *,
    history: Sequence[ChatMessage] = (),
    emotion: EmotionResult | None = None,
    intent: IntentResult | None = None,
    strategy: str = "",
    context: ReplyContext | None = None,
    act: str = "",
) -> OfflineReply:
    """Eliza's reply to `text` (the algorithm is in the module docstring); `act` is what the
    turn planned the reply to do (companion.turn.plan), answered by act_replies.py first."""
    ctx = context or ReplyContext()
    strategy = choose_strategy(strategy, emotion)
    turn = sum(1 for message in history if message.role == "assistant")
    said = {fold(m.content) for m in history if m.role == "assistant"}
    very_sad = bool(emotion and emotion.scores.get("sadness", 0) > VERY_SAD)
    acted = act_reply(
        act, text, ctx, turn=turn, very_sad=very_sad, troubled=_troubled(emotion, intent)
    )
    if acted:
        candidates, rule_name = [*acted, *rotate(FALLBACKS, turn, "act")], f"act:{act}"
    else:
        if act == "memory_answer":  # however the rules read it, it asks what she remembers
            intent = IntentResult("memory_question", 1.0)
        elif act == "smalltalk":  # light: no question about their goal woven in
            intent = IntentResult("small_talk", 1.0)
        candidates, rule_name = _candidates(
            text, history=history, emotion=emotion, intent=intent, strategy=strategy, ctx=ctx,
            turn=turn, said=said,
        )  # fmt: skip
    reply = _guarded(candidates, rule=rule_name, strategy=strategy, said=said, turn=turn)
    if acted and reply.text not in acted:
        # Everything the act had to say was said already: a plain listening line stands in,
        # and says so (the turn's answer names the act the reply really took).
        reply = OfflineReply(reply.text, UNPLANNED, reply.strategy)
    if ctx.welcome and strategy != "crisis":  # a welcome back opens the reply, once
        text = f"{ctx.welcome} {_GREETING.sub('', reply.text, count=1) or reply.text}"
        return OfflineReply(text, reply.rule, reply.strategy)
    hello = _OPENS_WITH_HELLO.match(text)
    if hello and strategy != "crisis" and act != "sympathy" and not _GREETING.match(reply.text):
        # "morning. slept at 1:20 so not great": the morning is said back before the rest.
        said_back = _HELLO_BACK[hello["when"].lower()]
        return OfflineReply(f"{said_back} {reply.text}", reply.rule, reply.strategy)
    return reply


# The most words of a message an earlier topic may be brought back into.
BRING_BACK_WORDS = 3
# Acts of a message that tell a trouble, and how strongly a heavy feeling must read to be one.
TROUBLES = frozenset({"venting", "worry", "bad_news", "grief"})
HEAVY = 0.45
TROUBLE_SURE = 0.35


def _troubled(emotion: EmotionResult | None, intent: IntentResult | None) -> bool:
    """Whether the message tells a trouble or carries a heavy feeling: a trouble read from
    words that read as joy is none ("rosa made pozole to celebrate" was "That sounds like a
    lot… what weighs on you most?")."""
    scores = emotion.scores if emotion else {}
    joyful = emotion is not None and emotion.dominant == "joy"
    # Read weakly, with no heavy feeling, it is no trouble to name ("my friend Carla said
    # she'd come to the pool with me" was "that sounds like a lot").
    surely = intent is not None and (
        intent.act_confidence >= TROUBLE_SURE or intent.act_by == "rule"
    )
    if intent is not None and intent.act in TROUBLES and not joyful and surely:
        return True
    return any(scores.get(name, 0.0) >= HEAVY for name in ("sadness", "fear", "anger"))


# A message that opens with the time of day's hello and goes on ("morning. slept badly",
# "evening eliza, long day"); not "morning run was good".
_OPENS_WITH_HELLO = re.compile(
    r"^\W*(?:good )?(?P<when>morning|mornin|evening|afternoon)(?: eliza)?\s*[,.!]+\s*\w", re.I
)
_HELLO_BACK = {
    "morning": "Good morning.", "mornin": "Good morning.", "evening": "Good evening.",
    "afternoon": "Good afternoon.",
}  # fmt: skip
# The reply's own hello ("Hey, Olivia! ..."), dropped after a welcome back already said it.
_GREETING = re.compile(
    r"^(?:hey|hi|hello|good (?:morning|afternoon|evening))\b[^.!?]*[!.]\s+", re.I
)


def _candidates(
    text: str,
    *,
    history: Sequence[ChatMessage],
    emotion: EmotionResult | None,
    intent: IntentResult | None,
    strategy: str,
    ctx: ReplyContext,
    turn: int,
    said: set[str],
) -> tuple[list[str], str]:
    """Every reply Eliza could give, best first, and the rule that wrote them."""
    name = ctx.name
    if strategy == "crisis":
        return rotate([_render(t, (), name) for t in CRISIS_REPLIES], turn, ""), "crisis"
    answer = world_answer(text, ctx.zones)  # a question about their zones gets its answer
    if answer:
        return [answer], "world"
    answer = streak_answer(text, ctx.streak)  # and one about their streak, its figures
    if answer:
        return [answer], "streak"
    answer = story_answer(text, ctx.story)  # and one about their story or Essence
    if answer:
        return [answer], "story"
    intent_label = intent.label if intent else ""
    match = find_match(text)
    cores, rule_name, tone, key = _cores(match, text, history, strategy, intent_label, ctx, turn)
    opener = _opener(strategy, emotion, tone, turn, name)
    extra = _context_line(
        context=ctx,
        strategy=strategy,
        key=key,
        intent=intent_label,
        is_fallback=rule_name in ("fallback", "intent"),
        text=text,
        turn=turn,
        very_sad=bool(emotion and emotion.scores.get("sadness", 0) > VERY_SAD),
    )
    if strategy == "calm" and tone != "calm" and not opener and not extra:
        extra = CALM_STEP
    if extra and fold(extra) in " ".join(said):
        extra = ""
    greeting = ""
    if match and key != "greeting" and tone != "social" and _starts_with_greeting(text):
        greeting = f"Hi{', ' + name if name else ''}."
    replies = [" ".join(p for p in (greeting, opener, capitalise(c), extra) if p) for c in cores]
    # When the rule's own words were all said this session: replies that fit the same kind
    # of message, before the guard's general safe ones.
    backups = (*INTENT_FALLBACKS.get(intent_label, ()), *FALLBACKS)
    if tone == "social":
        backups = SOCIAL_REPLIES
    replies += [_render(t, (), name) for t in rotate(backups, turn, "backup")]
    return [_tidy(reply) for reply in replies], rule_name


def _guarded(
    candidates: Sequence[str], *, rule: str, strategy: str, said: set[str], turn: int
) -> OfflineReply:
    """The first candidate that passes the language guard and was not said this session.

    1. Drop every candidate with a problem (quality.reply_problems): a doubled word, a
       pronoun reflected wrongly, a broken fragment.
    2. Of the rest, take the first not said earlier in the session.
    3. A crisis reply is never replaced: its safety lines matter more than variety.
    4. Otherwise a safe reply, written to read well anywhere, that was not said yet;
       the trace says "guarded".
    """
    sound = [c for c in candidates if not reply_problems(c)]
    fresh = [c for c in sound if fold(c) not in said]
    if fresh:
        return OfflineReply(fresh[0], rule, strategy)
    if rule == "crisis":
        return OfflineReply((sound or list(candidates))[0], rule, strategy)
    safe = rotate(SAFE_REPLIES, turn, "guarded")
    unsaid = [reply for reply in safe if fold(reply) not in said]
    return OfflineReply((unsaid or safe)[0], "guarded", strategy)


def _starts_with_greeting(text: str) -> bool:
    return bool(re.match(r"^\s*(hi|hello|hey|hiya|good (morning|afternoon|evening))\b", text, re.I))


def _tidy(text: str) -> str:
    return re.sub(r"\s+([,.!?])", r"\1", re.sub(r"\s+", " ", text)).strip()


def _cores(
    match: Match | None,
    text: str,
    history: Sequence[ChatMessage],
    strategy: str,
    intent: str,
    ctx: ReplyContext,
    turn: int,
) -> tuple[list[str], str, str, str]:
    """Candidate core sentences in preference order, plus (rule name, tone, keyword key)."""
    name = ctx.name
    if strategy == "clarify":
        goal = ctx.goals[0] if ctx.goals else ""
        asks = list(CLARIFY_QUESTIONS)
        if goal:
            asks.insert(0, f"Just so I understand — is this about “{goal}”, or something else?")
        return rotate(asks, turn, "clarify"), "clarify", "", "clarify"
    earlier = [m.content for m in history if m.role == "user"][-6:]
    said = from_memory(
        text, intent=intent, strategy=strategy, remembered=ctx.remembered, earlier=earlier
    )
    if said:  # an answer from memory, or what was just learned, acknowledged
        return rotate(said, turn, "recall"), "recall", "", "recall"
    strong = match is not None and match.keyword.rank >= 6
    if intent == "create_goal" and not strong:
        return rotate(INTENT_FALLBACKS["create_goal"], turn, "intent"), "intent", "", "create"
    if match is not None:
        cores = [_render(t, match.fragments, name) for t in match.rule.templates]
        seed = f"{match.keyword.key}:{match.rule.pattern.pattern}"
        return rotate(cores, turn, seed), match.keyword.key, match.rule.tone, match.keyword.key
    earlier = [m.content for m in history if m.role == "user"]
    # An earlier topic is brought back only into a message that says almost nothing of its
    # own ("hmm", "idk"); small talk stays light.
    bring_back = intent != "small_talk" and len(text.split()) <= BRING_BACK_WORDS
    for previous in reversed(earlier[-8:] if bring_back else []):
        for phrase in memorable_phrases(previous):
            said_lately = " ".join(
                m.content.lower() for m in list(history)[-4:] if m.role == "assistant"
            )
            if phrase not in said_lately and phrase not in text.lower():
                cores = [t.replace("{0}", phrase) for t in MEMORY_TEMPLATES]
                return rotate(cores, turn, "memory"), "memory", "", "memory"
    if intent in INTENT_FALLBACKS:
        cores = list(INTENT_FALLBACKS[intent]) + list(FALLBACKS)
        return rotate(cores, turn, "intent:" + intent), "intent", "", intent
    return rotate(FALLBACKS, turn, "fallback"), "fallback", "", "fallback"
