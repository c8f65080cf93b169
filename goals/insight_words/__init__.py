"""Progress insights in plain words: what Eliza noticed, said with numbers, never shaming.

- `facts.py`: what an insight says, as pure data (`InsightFacts`), and its written text with
  who wrote it (`InsightText`).
- `offline.py`: several phrasings per kind, as data, one chosen deterministically
  (`insight_text_offline`).
- `model.py`: a model's phrasing (`insight_text_with_model`), refused (AIResponseError) when
  it shames or quotes a number the facts do not hold; the offline words
  then stand in (`writer.py`: `insight_text`).
- `tone.py`: the framings an insight never uses (`tone_ok`).

The facts are found by goals (goals/progress/insights.py); this package only words them.
"""

from __future__ import annotations

from goals.insight_words.facts import KINDS, InsightFacts, InsightText
from goals.insight_words.model import INSIGHT_SCHEMA, insight_messages, insight_text_with_model
from goals.insight_words.offline import TEMPLATES, insight_text_offline, render
from goals.insight_words.tone import BANNED_FRAMINGS, tone_ok
from goals.insight_words.writer import insight_text

__all__ = [
    "BANNED_FRAMINGS",
    "INSIGHT_SCHEMA",
    "KINDS",
    "TEMPLATES",
    "InsightFacts",
    "InsightText",
    "insight_messages",
    "insight_text",
    "insight_text_offline",
    "insight_text_with_model",
    "render",
    "tone_ok",
]
