"""What a nudge says: personal, warm, never shaming (issue 20).

- `facts.py`: what a nudge may draw on, as pure data (`NudgeFacts`), and its words with who
  wrote them (`NudgeText`).
- `templates.py`: several templates per step, as data; each sleeps while a fact it writes is
  unknown.
- `choose.py`: the template a send uses (`template_choose`): weight x recovery from recent
  use, ties broken by a seeded hash.
- `tone.py`: the nudge tone check (`nudge_tone_ok`): banned framings and the emotion
  classifier.
- `model.py`: a model's wording (`nudge_text_with_model`), refused (AIResponseError) when it
  fails the tone check, the length limits or quotes a number the facts do not hold; the
  offline words then stand in (`writer.py`: `nudge_text`).

The facts are gathered by nudges (nudges/messages.py); this package only words them.
"""

from __future__ import annotations

from nudges.words.choose import recovery, template_choose
from nudges.words.facts import LAST_STEP, STEPS, NudgeFacts, NudgeText
from nudges.words.model import NUDGE_SCHEMA, nudge_messages, nudge_text_with_model
from nudges.words.templates import (
    CLOSING,
    TEMPLATES,
    Template,
    awake,
    nudge_text_offline,
    render,
    slots_of,
    templates_of,
)
from nudges.words.tone import nudge_tone_ok, nudge_tone_problem
from nudges.words.writer import nudge_text

__all__ = [
    "CLOSING",
    "LAST_STEP",
    "NUDGE_SCHEMA",
    "STEPS",
    "TEMPLATES",
    "NudgeFacts",
    "NudgeText",
    "Template",
    "awake",
    "nudge_messages",
    "nudge_text",
    "nudge_text_offline",
    "nudge_text_with_model",
    "nudge_tone_ok",
    "nudge_tone_problem",
    "recovery",
    "render",
    "slots_of",
    "template_choose",
    "templates_of",
]
