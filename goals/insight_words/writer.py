"""Who words an insight: the model when the engine has one and its words pass, the offline
templates otherwise."""

from __future__ import annotations

from delight.ai.engine import Engine, model_failed
from delight.ai.retries import AIError
from goals.insight_words.facts import InsightFacts, InsightText
from goals.insight_words.model import insight_text_with_model
from goals.insight_words.offline import insight_text_offline


def insight_text(facts: InsightFacts, *, engine: Engine) -> InsightText:
    """The model's words when they are kind and quote only the facts; otherwise the
    offline words, with the reason in `source` ("offline (model failed: harsh tone)")."""
    if engine.chat is None:
        return InsightText(insight_text_offline(facts), source=engine.name)
    try:
        text = insight_text_with_model(facts, chat=engine.chat)
    except AIError as exc:
        return InsightText(insight_text_offline(facts), source=model_failed("insight", exc))
    return InsightText(text, source=engine.chat.source("insight"))
