"""The model's side of the engine as data: Eliza's persona and guidance, the prompts and
JSON schemas of the classifiers and the fact extraction (delight.ai.engine asks with them)."""

from __future__ import annotations

from typing import Any

from delight.ai.types import EMOTIONS, INTENTS, ChatMessage

TIERS = ("personal", "project", "task")  # the memory tiers a fact may be kept in
# Every string and list an answer holds is bounded, so a whole answer fits its token limit: a
# server that turns the schema into a grammar (llama.cpp) can then never be cut off inside a
# string. A 135M model wrote a safety reason until 900 tokens ran out in 18 of 28 readings.
TEXT_MAX = 160  # characters of a reason, a quote or a fact
FACTS_MAX = 6  # facts kept from one message

PERSONA = (
    "You are Eliza, the companion in Delight: warm, emotionally aware and practical. You help "
    "the person reach their own goals by turning big goals into small missions of 10 to 30 "
    "minutes. Reply in 2 to 4 short sentences, in plain words, as a caring coach: never shame, "
    "never lecture, never invent facts about the person, and ask at most one question."
)
STRATEGY_GUIDANCE = {
    "celebrate": "They are happy or proud: celebrate with them, specifically, before anything "
    "else.",
    "calm": "They feel afraid or overwhelmed: slow things down, offer one breathing exercise or "
    "one very small next step, and nothing more.",
    "acknowledge": "They feel sad or angry: acknowledge the feeling first, then gently offer to "
    "break their goal into something smaller.",
    "coach": "Help them take their next step; connect it to their goal when it fits.",
    "clarify": "Their message is too vague to act on: ask one short clarifying question.",
    "crisis": "They may be in crisis: be calm and caring, encourage contacting local emergency "
    "services or a crisis line, and do not coach.",
}
# What the reply should do (companion.turn.plan), said to a model as the offline engine does it
# (the answers of record, engine.EXACT_ACTS, are the offline engine's own).
ACT_GUIDANCE = {
    "greet": "Greet them back warmly and briefly, by name if you know it.",
    "goodbye": "Say goodbye warmly and briefly; do not start a new topic.",
    "thanks_reply": "They thanked you: say you're welcome, briefly.",
    "sympathy": "They told you of a loss or bad news: offer sympathy first, name what they "
    "lost, never celebrate, and do not coach.",
    "listen": "Reflect back what they said in your own words, name how it must feel, and ask "
    "one gentle question. No advice unless asked.",
    "calm": "They are anxious: slow down, offer one breath or one tiny step, nothing more.",
    "celebrate": "They shared good news: celebrate it specifically.",
    "advice": "Give ONE small, concrete suggestion that fits what you know about them (never "
    "a food they cannot eat).",
    "kindness": "Say something kind and true about them, drawn from their real progress in "
    "the context.",
    "decline": "They asked for something you cannot do here (live weather, news, bookings, "
    "messages, medical advice): say so honestly in one sentence and offer what you can do.",
    "smalltalk": "Reply lightly and warmly, in a sentence or two.",
}
INTENT_DESCRIPTIONS = {
    "question": "asking for information or advice",
    "goal_discussion": "talking about their goals, plans or progress",
    "reflection": "sharing thoughts or feelings",
    "mission_request": "wants a task, mission or next step to do",
    "small_talk": "greetings, thanks, casual chat",
    "create_goal": "wants to set up a new goal",
    "memory_question": "asks what Eliza remembers about them (their family, work, pets, home…)",
    "other": "none of the above",
}

INTENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "intent": {"type": "string", "enum": list(INTENTS)},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
    },
    "required": ["intent", "confidence"],
    "additionalProperties": False,
}
EMOTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {name: {"type": "number", "minimum": 0, "maximum": 1} for name in EMOTIONS},
    "required": list(EMOTIONS),
    "additionalProperties": False,
}
SAFETY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "level": {"type": "integer", "minimum": 0, "maximum": 3},
        "reason": {"type": "string", "maxLength": TEXT_MAX},
        "quote": {"type": "string", "maxLength": TEXT_MAX},
    },
    "required": ["level", "reason", "quote"],
    "additionalProperties": False,
}
FACTS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "facts": {
            "type": "array",
            "maxItems": FACTS_MAX,
            "items": {
                "type": "object",
                "properties": {
                    "content": {"type": "string", "minLength": 1, "maxLength": TEXT_MAX},
                    "tier": {"type": "string", "enum": list(TIERS)},
                    "key": {"type": "string", "maxLength": 40},
                    "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                },
                "required": ["content", "tier", "key", "confidence"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["facts"],
    "additionalProperties": False,
}


def single(system: str, text: str) -> list[ChatMessage]:
    return [ChatMessage("system", system), ChatMessage("user", text)]


# What each reading of a message asks, without the shape of its answer: asked alone (the
# *_PROMPT below) or all four in one call (READING_PROMPT, a turn's one reading).
INTENT_TASK = "Classify the intent of the user's message. Labels:\n" + "\n".join(
    f"- {name}: {description}" for name, description in INTENT_DESCRIPTIONS.items()
)
EMOTION_TASK = (
    "Rate how strongly the user's message expresses each emotion, from 0 to 1: "
    + ", ".join(EMOTIONS)
    + ". Use neutral for matter-of-fact messages."
)
SAFETY_TASK = (
    "Assess whether the user's message signals risk of suicide, self-harm or danger. "
    "level 0: no risk. 1: concern (hopelessness, feeling like a burden). 2: high risk "
    "(wish to die, self-harm). 3: imminent danger (a plan, means or timing). Give a reason "
    "in a few words, and in quote the user's exact words that show the risk (empty when "
    "there are none)."
)
FACTS_TASK = (
    "Extract facts about the user worth remembering from their message, written in the third "
    "person without their name (e.g. 'Works as a nurse'). tier: personal (identity, "
    "preferences, emotional patterns), project (goals, plans, progress), task (one-off actions "
    "and short-lived plans). key: a stable slot so a newer fact can replace an older one: "
    '"name", "age", "occupation", "location", "likes:<thing>" (likes and dislikes share it), '
    '"preference:<topic>", "goal:<short_slug>", "feeling:<trigger_slug>", or "" for none. '
    "Ignore small talk and questions; an empty list when there is nothing."
)

INTENT_PROMPT = INTENT_TASK + '\nAnswer as {"intent": <label>, "confidence": <0..1>}.'
EMOTION_PROMPT = EMOTION_TASK + " Answer with one number per emotion."
SAFETY_PROMPT = (
    SAFETY_TASK + ' Answer as {"level": <0..3>, "reason": <text>, "quote": <their words>}.'
)
FACTS_PROMPT = FACTS_TASK + ' Answer as {"facts": [...]}.'

READING_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "safety": SAFETY_SCHEMA,
        "emotion": EMOTION_SCHEMA,
        "intent": INTENT_SCHEMA,
        "facts": FACTS_SCHEMA["properties"]["facts"],
    },
    "required": ["safety", "emotion", "intent", "facts"],
    "additionalProperties": False,
}
READING_PROMPT = (
    "Read the user's message once and answer four things about it in one JSON object.\n"
    f"safety: {SAFETY_TASK}\n"
    f"emotion: {EMOTION_TASK}\n"
    f"intent: {INTENT_TASK}\n"
    f"facts: {FACTS_TASK}"
)


ZONE_GUIDANCE = (
    "The Zone lines are the person's world right now, on their own clock. Asked about a zone, "
    "answer from them: whether it is open now and when it opens or closes, with the times as "
    "written. Suggest missions that fit a zone that is open now."
)

WELCOME_GUIDANCE = (
    "The person has just come back after some days away. Open your reply by welcoming them "
    "back warmly, as the Welcome line says (in your own words if you like, keeping what it "
    "offers), then answer their message. Never mention how long they were away or what they "
    "missed, and never make them feel guilty."
)
