"""Who words a nudge: the model when the engine has one and its words pass, the template
otherwise."""

from __future__ import annotations

import dataclasses

from delight.ai.engine import Engine, model_failed
from delight.ai.retries import AIError
from nudges.words.facts import NudgeFacts, NudgeText
from nudges.words.model import nudge_text_with_model
from nudges.words.templates import Template, nudge_text_offline


def nudge_text(facts: NudgeFacts, template: Template, *, engine: Engine) -> NudgeText:
    """The model's words when they pass the tone check and the limits; otherwise the
    template's, with the reason in `source` ("offline (model failed: harsh tone: …)")."""
    plain = nudge_text_offline(facts, template)
    if engine.chat is None:
        return plain
    try:
        title, body = nudge_text_with_model(facts, plain=plain, chat=engine.chat)
    except AIError as exc:
        return dataclasses.replace(plain, source=model_failed("nudge", exc))
    return NudgeText(title, body, source=engine.chat.source("nudge"))
