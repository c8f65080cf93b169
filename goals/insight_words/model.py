"""A model's phrasing of an insight, kept only when it is kind and quotes only the facts."""

from __future__ import annotations

import re
from typing import Any

from delight.ai.chat import OpenAIChat
from delight.ai.retries import AIResponseError
from delight.ai.text import SAYS_IT_TWICE, invented, says_twice
from delight.ai.types import ChatMessage, told
from goals.insight_words.facts import InsightFacts
from goals.insight_words.offline import insight_text_offline
from goals.insight_words.tone import tone_ok

INSIGHT_MAX_CHARS = 300  # goals.models.ProgressInsight.text
INSIGHT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"text": {"type": "string", "minLength": 1, "maxLength": INSIGHT_MAX_CHARS}},
    "required": ["text"],
    "additionalProperties": False,
}
# One sentence is a few dozen tokens; the cap stops a model that runs on.
INSIGHT_MAX_TOKENS = 150
INSIGHT_PROMPT = (
    "You are Eliza, a warm goal coach. Tell the person, in one or two short sentences spoken "
    "to them, a pattern you noticed in their progress. Quote the numbers exactly as given "
    "and no other numbers. Celebrate what they did; never shame or blame: no 'missed', "
    "'only', 'failed', 'behind', 'should have', no guilt, no comparison with other people."
)
_NUMBER = re.compile(r"\d+")


def insight_messages(facts: InsightFacts, *, plain: str) -> list[ChatMessage]:
    """The prompt: the pattern, its numbers, and `plain`, the offline wording, as a guide."""
    numbers = "\n".join(f"- {name}: {value}" for name, value in sorted(facts.numbers.items()))
    return [
        ChatMessage("system", INSIGHT_PROMPT),
        ChatMessage("user", f"Pattern: {facts.kind}\nNumbers:\n{numbers}\nSaid plainly: {plain}"),
    ]


def quotes_only_facts(text: str, facts: InsightFacts) -> bool:
    """True when every number written in `text` is one of the facts' (19:00 is 19 and 00)."""
    known = {digits for value in facts.numbers.values() for digits in _NUMBER.findall(str(value))}
    return set(_NUMBER.findall(text)) <= known


def insight_text_with_model(facts: InsightFacts, *, chat: OpenAIChat) -> str:
    """The model's words for `facts`, or AIError.

    1. Ask for {"text": ...} (INSIGHT_SCHEMA), with the offline wording as a guide; the
       chat client retries transport failures and answers that break the schema, then
       raises AIError.
    2. Refuse (AIResponseError) a text that uses a banned framing (tone.py), says the same
       words twice (a small model's loop), quotes a
       number the facts do not hold or names a person they do not: a person is never told
       a number nobody counted, or of someone nobody mentioned.
    3. Otherwise the text, its whitespace tidied.
    On AIError the offline text stands in (writer.insight_text), and says why in the
    insight's source.
    """
    messages = insight_messages(facts, plain=insight_text_offline(facts))
    data = chat.complete_json(
        messages,
        schema=INSIGHT_SCHEMA,
        purpose="insight",
        max_tokens=INSIGHT_MAX_TOKENS,
        temperature=0.4,  # some variety in wording; the checks below keep it honest
    )
    text = " ".join(data["text"].split())
    if not text:
        raise AIResponseError("the model wrote an empty insight", attempts=1, reason="empty")
    if not tone_ok(text):
        raise AIResponseError(f"harsh insight refused: {text}", attempts=1, reason="harsh tone")
    if says_twice(text):
        raise AIResponseError(f"insight refused: {text}", attempts=1, reason=SAYS_IT_TWICE)
    if not quotes_only_facts(text, facts):
        raise AIResponseError(
            f"insight quotes unknown numbers: {text}", attempts=1, reason="unknown number"
        )
    if made_up := invented(text, told(messages)):
        raise AIResponseError(
            f"insight names {', '.join(made_up)}: {text}", attempts=1, reason="invented"
        )
    return text
