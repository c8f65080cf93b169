"""The one AI interface the rest of the app uses: `Engine`, built by `build_engine(config)`.

- `OfflineEngine`: the rule-based Eliza (offline/) and the offline classifiers (classifiers/);
  no network.
- `ModelEngine`: an OpenAI-compatible model for replies, classification and extraction; it
  falls back to the offline engine whenever the model fails, and says so in `source` /
  `ReplyResult.fallback` / `ReplyStream.fallback`, so a model outage never strands a person
  mid-conversation. Its chat client and embedder have a circuit breaker each (guard.py).

The apps' own words (a plan, an insight, a nudge, a passage of the story) are theirs: they
write them offline, or with the engine's `chat` when it has one, and call `model_failed` to
log a model's failure and name the offline words that stand in.

Engines are plain objects built from an `AIConfig`; nothing here keeps a client in a module
global, so tests and callers inject whatever they need.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from delight.ai import classifiers, prompts
from delight.ai.chat import JSON_MAX_TOKENS, OpenAIChat
from delight.ai.config import AIConfig
from delight.ai.embeddings import Embedder, HashingEmbedder, build_embedder
from delight.ai.fact_checks import facts_decided
from delight.ai.guard import CircuitBreaker, Clock
from delight.ai.offline import ReplyContext, compose_reply
from delight.ai.offline import extract_facts as offline_extract_facts
from delight.ai.reply_checks import reply_problem
from delight.ai.retries import AIError
from delight.ai.types import (
    EMOTIONS,
    ChatMessage,
    EmotionResult,
    ExtractedFact,
    IntentResult,
    MessageReading,
    SafetyResult,
)
from delight.ai.usage import UsageSink

logger = logging.getLogger("delight.ai")

HISTORY_MESSAGES = 12  # earlier turns sent to the model; the caller trims to its own budget
# A reply is 2 to 4 short sentences (prompts.PERSONA): one that reaches this is a ramble, cut
# mid-sentence, and the offline reply stands in (a 135M model wrote until the turn's budget
# of 90 s ran out).
REPLY_MAX_TOKENS = 300


@dataclass
class ReplyRequest:
    text: str
    history: list[ChatMessage] = field(default_factory=list)
    emotion: EmotionResult | None = None
    intent: IntentResult | None = None
    strategy: str = ""  # "celebrate" | "calm" | "acknowledge" | "coach" | "clarify" | "crisis"
    context: ReplyContext = field(default_factory=ReplyContext)  # within the token budget
    # What the reply should do (companion.turn.plan): "greet", "sympathy", "advice", … ("":
    # the strategy alone guides it).
    act: str = ""
    # What a model's reply must respect besides the context, as (key, content): the message's
    # own facts ("I can't eat peanuts, what's a good snack?" is not yet a memory) and the
    # person's foods they cannot eat, whatever the reply is about.
    told: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ReplyResult:
    text: str
    engine: str  # the engine that produced the text
    fallback: bool = False  # True when the model failed and the offline engine answered
    error: str = ""  # why the fallback happened
    rule: str = ""  # offline rule that answered (for traces); "" for model replies


class ReplyStream:
    """A reply as it is written. Iterate for the chunks to show as they come; afterwards
    `text` is the whole reply and `fallback` why the offline engine wrote it ("" if it did
    not).

    When a model's stream breaks off after some chunks were shown, those chunks are no reply:
    the iteration ends there, `retracted` is True and `text` is the complete offline reply,
    which the caller shows and stores in their place.
    """

    def __init__(self, write: Callable[[ReplyStream], Iterable[str]]) -> None:
        self._write = write  # yields the chunks; may call fall_back on this stream
        self.shown: list[str] = []
        self.fallback = ""
        self.rule = ""  # the offline rule that answered, once written ("" for a model's)
        self.retracted = False
        self._replacement: str | None = None

    def __iter__(self) -> Iterator[str]:
        for chunk in self._write(self):
            self.shown.append(chunk)
            yield chunk

    def fall_back(self, reason: str, *, replacement: str | None = None) -> None:
        """The offline engine takes over; `replacement` is its whole reply when the chunks
        already shown must be taken back."""
        self.fallback = reason
        if replacement is not None:
            self.retracted = True
            self._replacement = replacement

    @property
    def text(self) -> str:
        if self._replacement is not None:
            return self._replacement
        return "".join(self.shown).strip()


@runtime_checkable
class Engine(Protocol):
    """What the apps ask of an AI: conversation, classification and extraction here; for
    their own words (a plan, an insight, a nudge, a passage of the story) `chat` is the
    model client to write them with, None when there is no model (offline words only)."""

    name: str
    embedder: Embedder

    @property
    def chat(self) -> OpenAIChat | None: ...

    def reply(self, request: ReplyRequest) -> ReplyResult: ...

    def stream_reply(self, request: ReplyRequest) -> ReplyStream: ...

    def classify_intent(self, text: str, *, before: str = "") -> IntentResult: ...

    def detect_emotion(self, text: str) -> EmotionResult: ...

    def screen_safety(self, text: str) -> SafetyResult: ...

    def extract_facts(self, text: str, *, today: dt.date | None = None) -> list[ExtractedFact]: ...

    def read_facts(
        self, text: str, *, today: dt.date | None = None
    ) -> tuple[list[ExtractedFact], str]: ...

    def read_message(
        self, text: str, *, before: str = "", today: dt.date | None = None
    ) -> MessageReading: ...


# A result dataclass that says where it came from (its `source` field).
R = TypeVar(
    "R",
    IntentResult,
    EmotionResult,
    SafetyResult,
)


def _with_source(result: R, source: str) -> R:
    return dataclasses.replace(result, source=source)


def _with_act(intent: IntentResult, text: str, engine: Engine, before: str) -> IntentResult:
    """`intent` with the message's act read offline, after a reply of Eliza's that did
    `before` (no act: an embedder that fails)."""
    try:
        reading = classifiers.read_act(text, engine.embedder, before=before)
    except AIError as exc:
        _log_fallback("act", exc)
        return intent
    if reading is None:
        return intent
    return dataclasses.replace(
        intent, act=reading.act, act_confidence=reading.confidence, act_by=reading.by
    )


def _word_chunks(text: str) -> Iterator[str]:
    # Word-sized chunks, so an offline reply streams like a model's.
    yield from re.findall(r"\S+\s*", text)


class OfflineEngine:
    """Rule-based Eliza and lexicon classifiers: the default when no API key is set."""

    name = "offline"
    chat: OpenAIChat | None = None

    def __init__(self, embedder: Embedder | None = None) -> None:
        self.embedder: Embedder = embedder or HashingEmbedder()

    def reply(self, request: ReplyRequest) -> ReplyResult:
        emotion = request.emotion or self.detect_emotion(request.text)
        made = compose_reply(
            request.text,
            history=request.history,
            emotion=emotion,
            intent=request.intent,
            strategy=request.strategy,
            context=request.context,
            act=request.act,
        )
        return ReplyResult(text=made.text, engine=self.name, rule=made.rule)

    def stream_reply(self, request: ReplyRequest) -> ReplyStream:
        def write(stream: ReplyStream) -> Iterator[str]:
            made = self.reply(request)
            stream.rule = made.rule
            return _word_chunks(made.text)

        return ReplyStream(write)

    def classify_intent(self, text: str, *, before: str = "") -> IntentResult:
        """The intent from the rules, and what the message does (its act) from its meaning
        and from what Eliza's reply before it did (`before`)."""
        offline = _with_source(classifiers.classify_intent(text), "offline")
        return _with_act(offline, text, self, before)

    def detect_emotion(self, text: str) -> EmotionResult:
        return _with_source(classifiers.detect_emotion(text), "offline")

    def screen_safety(self, text: str) -> SafetyResult:
        """The rules' level, raised by the message's meaning (safety_semantic.py) when the
        embedder reads meaning; an embedder that fails leaves the rules' level."""
        floor = classifiers.screen_safety(text)
        try:
            result = classifiers.semantic_screen(text, floor, self.embedder)
        except AIError as exc:
            _log_fallback("semantic safety screen", exc)
            result = floor
        return _with_source(result, "offline")

    def extract_facts(self, text: str, *, today: dt.date | None = None) -> list[ExtractedFact]:
        return offline_extract_facts(text, today=today)

    def read_facts(
        self, text: str, *, today: dt.date | None = None
    ) -> tuple[list[ExtractedFact], str]:
        """The facts and who read them ("offline")."""
        return self.extract_facts(text, today=today), "offline"

    def read_message(
        self, text: str, *, before: str = "", today: dt.date | None = None
    ) -> MessageReading:
        """Each reading of the message by the rules and the offline classifiers."""
        return MessageReading(
            safety=self.screen_safety(text),
            emotion=self.detect_emotion(text),
            intent=self.classify_intent(text, before=before),
            facts=tuple(self.extract_facts(text, today=today)),
            facts_source="offline",
        )


# Heavy feelings tied at the top (a small model's fear, anger and sadness at 0.5 each): the
# one a reply must meet first, in this order; an anxious message is never read as neutral.
HEAVY_FIRST = ("fear", "sadness", "anger")


def dominant_emotion(scores: dict[str, float]) -> str:
    """The strongest emotion; neutral when none stands out (all 0, or a tie at the top), so
    "I feel lonely" scored all zeros is not read as joy, the first label; but heavy feelings
    alone tied at the top are the first of HEAVY_FIRST among them."""
    top = max(scores.values(), default=0.0)
    leaders = [name for name in EMOTIONS if scores.get(name, 0.0) == top]
    if top > 0 and len(leaders) == 1:
        return leaders[0]
    heavy = [name for name in HEAVY_FIRST if name in leaders]
    # Only heavy ones tied (joy beside sadness is mixed, not a feeling to meet first).
    return heavy[0] if top > 0 and len(heavy) == len(leaders) else "neutral"


class ModelEngine:
    """Replies, classification and extraction by a model, with the offline engine as net."""

    def __init__(self, chat: OpenAIChat, embedder: Embedder, offline: OfflineEngine) -> None:
        self.chat: OpenAIChat = chat
        self.embedder = embedder
        self.offline = offline
        self.name = f"model:{chat.config.chat_model}"

    # -- replies ----------------------------------------------------------------------------

    def messages_for(self, request: ReplyRequest) -> list[ChatMessage]:
        """System prompt (persona, strategy, context), recent history, then the message."""
        system = [prompts.PERSONA]
        if request.context.name:
            system.append(f"The person's name is {request.context.name}.")
        guidance = prompts.STRATEGY_GUIDANCE.get(request.strategy)
        if guidance:
            system.append(guidance)
        if act_guidance := prompts.ACT_GUIDANCE.get(request.act):
            system.append(act_guidance)
        if request.emotion and request.emotion.dominant != "neutral":
            system.append(f"Their message reads as {request.emotion.dominant}.")
        if lines := request.context.lines():
            system.append(
                "What you know (use only what is relevant):\n"
                + "\n".join(f"- {line}" for line in lines)
            )
        if request.context.zones:
            system.append(prompts.ZONE_GUIDANCE)
        if request.context.welcome:
            system.append(prompts.WELCOME_GUIDANCE)
        history = [m for m in request.history if m.role in ("user", "assistant")]
        return [
            ChatMessage("system", "\n\n".join(system)),
            *history[-HISTORY_MESSAGES:],
            ChatMessage("user", request.text),
        ]

    def reply(self, request: ReplyRequest) -> ReplyResult:
        if _offline_answers(request):
            return self.offline.reply(request)
        try:
            result = self.chat.complete(
                self.messages_for(request), purpose="chat", max_tokens=REPLY_MAX_TOKENS
            )
        except AIError as exc:
            _log_fallback("reply", exc)
            offline = self.offline.reply(request)
            return dataclasses.replace(offline, fallback=True, error=str(exc))
        if problem := reply_problem(result.text, request):
            logger.warning("model reply refused (%s): %s", problem, result.text)
            offline = self.offline.reply(request)
            return dataclasses.replace(offline, fallback=True, error=problem)
        return ReplyResult(text=result.text.strip(), engine=self.chat.source("chat"))

    def stream_reply(self, request: ReplyRequest) -> ReplyStream:
        """Stream the model's reply, or the offline one when the model fails.

        1. Crisis, or an answer of record (EXACT_ACTS): the offline reply.
        2. The model's chunks as they come.
        3. If the model fails before its first chunk, the offline reply streams instead.
        4. If it fails after some (a stream cut, broken or out of budget), or its whole reply
           is refused (`reply_problem`), the chunks shown are taken back and the complete
           offline reply replaces them (ReplyStream).
        """
        if _offline_answers(request):
            return self.offline.stream_reply(request)

        def write(stream: ReplyStream) -> Iterator[str]:
            try:
                yield from self.chat.stream(
                    self.messages_for(request), purpose="chat", max_tokens=REPLY_MAX_TOKENS
                )
                if problem := reply_problem("".join(stream.shown), request):
                    logger.warning("model reply refused (%s)", problem)
                    stream.fall_back(problem, replacement=self.offline.reply(request).text)
            except AIError as exc:
                _log_fallback("reply", exc)
                if stream.shown:
                    stream.fall_back(exc.reason, replacement=self.offline.reply(request).text)
                else:
                    stream.fall_back(exc.reason)
                    yield from self.offline.stream_reply(request)

        return ReplyStream(write)

    # -- classification and extraction -------------------------------------------------------

    def _ask(
        self,
        prompt: str,
        text: str,
        schema: dict[str, Any],
        purpose: str,
        *,
        max_tokens: int = JSON_MAX_TOKENS,
    ) -> dict[str, Any]:
        return self.chat.complete_json(
            prompts.single(prompt, text), schema=schema, purpose=purpose, max_tokens=max_tokens
        )

    def _fallback(self, what: str, exc: AIError, offline: Callable[[str], R], text: str) -> R:
        _log_fallback(what, exc)
        return _with_source(offline(text), f"offline (model failed: {exc.reason})")

    def classify_intent(self, text: str, *, before: str = "") -> IntentResult:
        try:
            data = self._ask(prompts.INTENT_PROMPT, text, prompts.INTENT_SCHEMA, "intent")
        except AIError as exc:
            fallback = self._fallback("intent", exc, classifiers.classify_intent, text)
            return _with_act(fallback, text, self, before)
        return _with_act(_intent_read(data), text, self, before)

    def detect_emotion(self, text: str) -> EmotionResult:
        try:
            data = self._ask(prompts.EMOTION_PROMPT, text, prompts.EMOTION_SCHEMA, "emotion")
        except AIError as exc:
            return self._fallback("emotion", exc, classifiers.detect_emotion, text)
        return _emotion_read(data)

    def screen_safety(self, text: str) -> SafetyResult:
        """The rules' level (the floor, `_safety_floor`), raised by the model's only with
        support (`_safety_read`); a model failure leaves the floor."""
        floor = self._safety_floor(text)
        try:
            data = self._ask(prompts.SAFETY_PROMPT, text, prompts.SAFETY_SCHEMA, "safety")
        except AIError as exc:
            return self._fallback("safety screen", exc, lambda _: floor, text)
        return _safety_read(data, floor)

    def _safety_floor(self, text: str) -> SafetyResult:
        """The offline screen, which a model's reading may raise but never lower: with a
        local embedder the rules and the message's meaning; with a server embedder the rules
        alone (the meaning's model would be trained at first use, spending a turn's budget)."""
        if self.embedder.in_process:
            return self.offline.screen_safety(text)
        return classifiers.screen_safety(text)

    def extract_facts(self, text: str, *, today: dt.date | None = None) -> list[ExtractedFact]:
        return self.read_facts(text, today=today)[0]

    def read_facts(
        self, text: str, *, today: dt.date | None = None
    ) -> tuple[list[ExtractedFact], str]:
        """The model's facts as the product decides them (fact_checks.facts_decided), plus
        offline facts for slots the model left empty, and who read them ("model", or
        "offline (model failed: timed out)": the turn's trace says so)."""
        rules = offline_extract_facts(text, today=today)
        try:
            data = self._ask(prompts.FACTS_PROMPT, text, prompts.FACTS_SCHEMA, "facts")
        except AIError as exc:
            return rules, model_failed("fact extraction", exc)
        return _facts_read(data["facts"], rules, text), "model"

    def read_message(
        self, text: str, *, before: str = "", today: dt.date | None = None
    ) -> MessageReading:
        """Safety, emotion, intent and facts from one call to the model (a turn reads its
        message once: four calls re-sent the message and their prompts four times).

        1. The offline floor of the safety screen and the rules' facts, which the model's
           answer is checked against.
        2. One JSON answer with the four parts (prompts.READING_SCHEMA), purpose "reading".
        3. Each part decided as when asked alone (`_safety_read`, `_emotion_read`,
           `_intent_read` with the act read offline, `_facts_read`).
        4. If the model fails, every part is the offline engine's, each saying why.
        """
        floor = self._safety_floor(text)
        rules = offline_extract_facts(text, today=today)
        try:
            data = self._ask(
                prompts.READING_PROMPT, text, prompts.READING_SCHEMA, "reading",
                max_tokens=READING_MAX_TOKENS,
            )  # fmt: skip
        except AIError as exc:
            source = model_failed("reading", exc)
            intent = _with_source(classifiers.classify_intent(text), source)
            return MessageReading(
                safety=_with_source(floor, source),
                emotion=_with_source(classifiers.detect_emotion(text), source),
                intent=_with_act(intent, text, self, before),
                facts=tuple(rules),
                facts_source=source,
            )
        return MessageReading(
            safety=_safety_read(data["safety"], floor),
            emotion=_emotion_read(data["emotion"]),
            intent=_with_act(_intent_read(data["intent"]), text, self, before),
            facts=tuple(_facts_read(data["facts"], rules, text)),
            facts_source="model",
        )


# A reading of all four parts is longer than one alone; its schema bounds every string and
# list (prompts.TEXT_MAX, FACTS_MAX) to well within this, so a whole answer always fits.
READING_MAX_TOKENS = 900


def _intent_read(data: dict[str, Any]) -> IntentResult:
    return IntentResult(data["intent"], float(data["confidence"]), source="model")


def _emotion_read(data: dict[str, Any]) -> EmotionResult:
    scores = {name: float(data[name]) for name in EMOTIONS}
    return EmotionResult(scores=scores, dominant=dominant_emotion(scores), source="model")


def _safety_read(data: dict[str, Any], floor: SafetyResult) -> SafetyResult:
    """The floor, raised by the model's level only with support.

    The offline screen is a floor: whatever the model says, the result is never less
    cautious. A model raises the level only of a message the floor already reads as at
    least concern: small models call harmless messages ("I'm a nurse", "kill me now, my
    mother-in-law is staying") imminent danger, and every false alarm answers with a crisis
    reply, stores nothing and flags staff. Quoting the person's words was no support: a 1.5B
    model quoted "kill me now" and "im dying 😂" as level 2. Its raise rests on the model
    alone (basis "model"): the turn asks the person before anything else (a check-in), like
    a raise from meaning alone.
    """
    level = int(data["level"])
    if level > floor.level >= 1:
        return SafetyResult(
            level=level,
            reason=str(data["reason"]).strip() or "flagged by the model",
            matched=(*floor.matched, "model"),
            source="model+offline",
            basis="model",
        )
    return _with_source(floor, "model+offline")


def _facts_read(
    items: list[dict[str, Any]], rules: list[ExtractedFact], text: str
) -> list[ExtractedFact]:
    """The model's facts as the product decides them (fact_checks.facts_decided)."""
    proposed = [
        ExtractedFact(
            content=item["content"].strip(),
            tier=item["tier"],
            key=item["key"].strip().lower(),
            confidence=float(item["confidence"]),
            tags=("model",),
        )
        for item in items
    ]
    return facts_decided(proposed, rules, text)


# Replies that state what Eliza holds (what she remembers, what she just learned, the
# person's missions, streak and story, the zones open now, what she can do, where they left
# off): the offline reply reads them from the records, word for word; a model retold them
# wrong ("Your sister's name is Alex", and "Anana" for Ana just told, from a 135M model). A
# model writes the rest: listening, sympathy, advice…
EXACT_ACTS = frozenset(
    {"memory_answer", "fact_noted", "missions", "progress", "story", "world", "help", "resume"}
)


def _offline_answers(request: ReplyRequest) -> bool:
    """Whether the offline engine writes this reply: a crisis (a fixed, reviewed message
    with resources beats a generated one) or an answer of record (EXACT_ACTS)."""
    return request.strategy == "crisis" or request.act in EXACT_ACTS


def model_failed(what: str, exc: AIError) -> str:
    """Log that the model failed to write `what`, and name the source of the offline words
    that stand in ("offline (model failed: too short)")."""
    _log_fallback(what, exc)
    return f"offline (model failed: {exc.reason})"


def _log_fallback(what: str, exc: AIError) -> None:
    # A call refused without a request (open breaker, spent budget) is expected while the
    # model is down: the breaker itself logged why, once.
    level = logging.WARNING if exc.attempts else logging.DEBUG
    logger.log(level, "model %s failed (%s), the offline engine answers: %s", what, exc.reason, exc)


def build_engine(
    config: AIConfig,
    on_usage: UsageSink | None = None,
    *,
    embedder: Embedder | None = None,
    clock: Clock = time.monotonic,
) -> Engine:
    """ModelEngine when an API key is configured, else OfflineEngine.

    The chat client and the OpenAI embedder get a circuit breaker each (on `clock`): the two
    endpoints fail independently (per-model rate limits, or two servers behind them).
    """
    embedder = embedder or build_embedder(
        config, on_usage=on_usage, breaker=CircuitBreaker.from_config(config, clock=clock)
    )
    offline = OfflineEngine(embedder=embedder)
    if not config.openai_api_key:
        return offline
    breaker = CircuitBreaker.from_config(config, clock=clock)
    return ModelEngine(OpenAIChat(config, on_usage=on_usage, breaker=breaker), embedder, offline)
