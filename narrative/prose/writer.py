"""Who writes a passage: the model when the engine has one and its words pass the checks,
the offline grammar otherwise."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from delight.ai.engine import Engine, model_failed
from delight.ai.retries import AIError
from narrative.prose.facts import BeatDraft, BeatFacts
from narrative.prose.grammar import beat_text_offline
from narrative.prose.model import beat_draft_with_model


def beat_draft_offline(facts: BeatFacts) -> BeatDraft:
    """A beat in words from the grammar, with the planned moves as its changes."""
    return BeatDraft(beat_text_offline(facts), changes=facts.moves)


def beat_draft(facts: BeatFacts, *, engine: Engine, feedback: Sequence[str] = ()) -> BeatDraft:
    """The model's beat (its words and proposed changes) when the words pass the checks;
    otherwise the offline draft, with the reason in its source ("offline (model failed:
    too short)"). `feedback` is for a model's next draft: the plan is narrative's to fix."""
    plain = beat_draft_offline(facts)
    if engine.chat is None:
        return plain
    try:
        return beat_draft_with_model(facts, plain=plain.text, feedback=feedback, chat=engine.chat)
    except AIError as exc:
        text = dataclasses.replace(plain.text, source=model_failed("story beat", exc))
        return dataclasses.replace(plain, text=text)
