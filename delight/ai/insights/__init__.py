"""Progress insights in plain words: what Eliza noticed, said with numbers, never shaming.

- `facts.py`: what an insight says, as pure data (`InsightFacts`), and its written text with
  who wrote it (`InsightText`).
- `offline.py`: several phrasings per kind, as data, one chosen deterministically
  (`insight_text_offline`).
- `model.py`: a model's phrasing (`insight_text_with_model`), refused (AIResponseError) when
  it shames or quotes a number the facts do not hold; the engine then writes it offline.
- `tone.py`: the framings an insight never uses (`tone_ok`).

The facts are found by goals (goals/progress/insights.py); this package only words them.
"""

from __future__ import annotations

from delight.ai.insights.facts import KINDS, InsightFacts, InsightText
from delight.ai.insights.model import INSIGHT_SCHEMA, insight_messages, insight_text_with_model
from delight.ai.insights.offline import TEMPLATES, insight_text_offline, render
from delight.ai.insights.tone import BANNED_FRAMINGS, tone_ok

__all__ = [
    "BANNED_FRAMINGS",
    "INSIGHT_SCHEMA",
    "KINDS",
    "TEMPLATES",
    "InsightFacts",
    "InsightText",
    "insight_messages",
    "insight_text_offline",
    "insight_text_with_model",
    "render",
    "tone_ok",
]
