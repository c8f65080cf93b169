"""A model's wording of a nudge, kept only when it is kind, short and says nothing new."""

from __future__ import annotations

import re
from typing import Any

from delight.ai.chat import OpenAIChat
from delight.ai.retries import AIResponseError
from delight.ai.text import REPEATED, SAYS_IT_TWICE, invented, repeats, says_twice
from delight.ai.types import ChatMessage, told
from nudges.words.facts import NudgeFacts, NudgeText
from nudges.words.templates import CLOSING
from nudges.words.tone import nudge_tone_problem

# Short enough for a phone's notification (nudges.models.Notification allows more).
TITLE_MAX_CHARS = 80
BODY_MAX_CHARS = 280
NUDGE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "minLength": 1, "maxLength": TITLE_MAX_CHARS},
        "body": {"type": "string", "minLength": 1, "maxLength": BODY_MAX_CHARS},
    },
    "required": ["title", "body"],
    "additionalProperties": False,
}
NUDGE_MAX_TOKENS = 200
BODY_MIN_WORDS = 4  # a body says something: a sentence, not a word
NUDGE_PROMPT = (
    "You are Eliza, a warm goal coach. Write a short note to a person who has not opened "
    "Delight for a few days: a title and one to three short sentences, spoken to them. Be "
    "personal with the facts given and invent nothing else. Make the next step feel small "
    "and welcome. Never shame or pressure: do not mention how long they were away, do not "
    "say 'you missed', 'haven't', 'it's been', 'we miss you', 'last chance', 'don't give "
    "up', and never hint that they could lose a streak or anything else."
)
LAST_NOTE = (
    f'This is the last note of the series: end it warmly, with the exact sentence "{CLOSING}"'
)
_NUMBER = re.compile(r"\d+")


def nudge_messages(facts: NudgeFacts, *, plain: NudgeText) -> list[ChatMessage]:
    """The prompt: the facts worth saying, the absence's length (for warmth, not to quote),
    and the offline wording as a guide."""
    known = "\n".join(f"- {name}: {value}" for name, value in sorted(facts.slots().items()))
    system = NUDGE_PROMPT + (f"\n\n{LAST_NOTE}" if facts.last else "")
    user = (
        f"Facts:\n{known or '- (nothing personal known)'}\n"
        f"Days away (do not quote): {facts.days_away}\n"
        f"Said plainly:\nTitle: {plain.title}\nBody: {plain.body}"
    )
    return [ChatMessage("system", system), ChatMessage("user", user)]


def _refuse(reason: str, text: str) -> AIResponseError:
    return AIResponseError(f"nudge refused ({reason}): {text}", attempts=1, reason=reason)


def nudge_text_with_model(
    facts: NudgeFacts, *, plain: NudgeText, chat: OpenAIChat
) -> tuple[str, str]:
    """The model's (title, body) for `facts`, or AIError.

    1. Ask for {"title", "body"} (NUDGE_SCHEMA) with `plain`, the offline wording, as a
       guide; the chat client retries transport failures and answers that break the
       schema, then raises AIError.
    2. Tidy the whitespace; the last step's body gets CLOSING if the model left it out.
    3. Refuse (AIResponseError) an empty or over-long text, a body of a word or two or that
       is its title again, one that says the same words twice, one that fails the tone check
       (banned framing, a sad, angry or afraid reading), a number the facts do not hold,
       the offline wording given back, or a person the facts never name ("with your
       sister").
    On AIError the writer keeps the offline wording and says why in its source.
    """
    messages = nudge_messages(facts, plain=plain)
    data = chat.complete_json(
        messages,
        schema=NUDGE_SCHEMA,
        purpose="nudge",
        max_tokens=NUDGE_MAX_TOKENS,
        temperature=0.6,  # variety in wording; the checks below keep it kind
    )
    title, body = (" ".join(str(data[part]).split()) for part in ("title", "body"))
    if facts.last and CLOSING.lower() not in body.lower():
        body = f"{body} {CLOSING}"
    text = f"{title}. {body}"
    if not title or not body:
        raise _refuse("empty", text)
    # A 135M model's bodies: "Running", and its title again ("A small hello about").
    if len(body.split()) < BODY_MIN_WORDS or repeats(body, title):
        raise _refuse("no message", text)
    if says_twice(text):
        raise _refuse(SAYS_IT_TWICE, text)
    if len(title) > TITLE_MAX_CHARS or len(body) > BODY_MAX_CHARS:
        raise _refuse("too long", text)
    problem = nudge_tone_problem(title) or nudge_tone_problem(body)
    if problem:
        raise _refuse(f"harsh tone: {problem}", text)
    allowed = {digits for value in facts.slots().values() for digits in _NUMBER.findall(str(value))}
    if not set(_NUMBER.findall(text)) <= allowed:
        raise _refuse("unknown number", text)
    if repeats(body, plain.body):
        raise _refuse(REPEATED, text)
    if made_up := invented(text, told(messages)):
        raise _refuse(f"invented: {', '.join(made_up)}", text)
    return title, body
