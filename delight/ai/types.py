"""Value types shared by every AI provider (model-backed and offline)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

# A micro-mission's length, in minutes: what a plan may propose and a mission may be
# estimated at (goals' models enforce it without importing the planners and their client).
MIN_MINUTES, MAX_MINUTES = 10, 30

INTENTS = (
    "question",
    "goal_discussion",
    "reflection",
    "mission_request",
    "small_talk",
    "create_goal",
    "memory_question",
    "other",
)
EMOTIONS = ("joy", "anger", "sadness", "fear", "love", "surprise", "neutral")
EMBEDDING_DIMENSIONS = 384


@dataclass(frozen=True)
class ChatMessage:
    role: str  # "system" | "user" | "assistant"
    content: str


def told(messages: Sequence[ChatMessage]) -> str:
    """What a prompt told the model (its user messages: the facts and the guide, not the
    instructions)."""
    return "\n".join(message.content for message in messages if message.role == "user")


@dataclass(frozen=True)
class IntentResult:
    label: str  # one of INTENTS
    confidence: float  # 0..1
    source: str = ""  # who decided: "offline", "model", or "offline (model failed: …)"
    # What the message does in the conversation (classifiers.acts.ACTS: "grief", "undo",
    # "memory_question"…; "" when unread) and how sure that reading is, 0..1.
    act: str = ""
    act_confidence: float = 0.0
    act_by: str = ""  # "rule" (a precise override) or "meaning" (the model)


@dataclass(frozen=True)
class EmotionResult:
    scores: dict[str, float]  # every label of EMOTIONS, each 0..1
    dominant: str  # the label with the highest score
    source: str = ""  # who decided: "offline", "model", or "offline (model failed: …)"


@dataclass(frozen=True)
class SafetyResult:
    level: int  # 0 none, 1 concern, 2 high risk, 3 imminent danger
    reason: str  # short, human readable; empty when level == 0
    matched: tuple[str, ...] = ()  # the phrases or signals that triggered it
    source: str = ""  # who decided: "offline", "model+offline", "offline (model failed: …)"
    # What the level rests on: "rules" (explicit words), "meaning" (the message's embedding
    # alone) or "model" (a chat model alone). Only the rules' high risk takes the crisis
    # response; the others are asked about first (companion.turn: a check-in).
    basis: str = "rules"


@dataclass(frozen=True)
class Usage:
    provider: str
    model: str
    purpose: str  # "chat" | "extraction" | "narrative" | "embedding" | ...
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    latency_ms: float = 0.0
    attempts: int = 1
    ok: bool = True
    error: str = ""


@dataclass(frozen=True)
class ExtractedFact:
    """A fact worth remembering, extracted from what the person wrote."""

    content: str
    tier: str  # "personal" | "project" | "task"
    key: str = ""  # a stable slot such as "name" or "occupation", for supersede
    confidence: float = 0.7
    tags: tuple[str, ...] = field(default_factory=tuple)
    value: str = ""  # what the key holds: "Ana" for "relation:sister", "Seville" for "location"


@dataclass(frozen=True)
class MessageReading:
    """Everything read from one message of the person's (Engine.read_message): how safe it
    is, how they feel, what they want and do, and the facts worth keeping; `facts_source` is
    who read the facts ("offline", "model", or "offline (model failed: …)")."""

    safety: SafetyResult
    emotion: EmotionResult
    intent: IntentResult
    facts: tuple[ExtractedFact, ...]
    facts_source: str
