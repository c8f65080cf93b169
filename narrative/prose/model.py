"""A model's beat: its words and the world changes it proposes, kept only when the words
are a passage's length, kind, and quote the person's real progress.

The world changes are not checked here: narrative checks them against the world's
invariants with code, and hands the refusals back as `feedback` for the next draft.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from delight.ai.chat import OpenAIChat
from delight.ai.retries import AIResponseError
from delight.ai.text import REPEATED, invented, repeats
from delight.ai.types import ChatMessage, told
from narrative.prose.checks import length_problem, quoted_facts, told_again, tone_problem
from narrative.prose.facts import (
    CHANGE_FIELDS,
    WORDS_MAX,
    WORDS_MIN,
    BeatDraft,
    BeatFacts,
    BeatText,
    Change,
    Thing,
)
from narrative.prose.grammar import TITLE_MAX_CHARS

# A model's length may stray this far from WORDS_MIN..WORDS_MAX (10% either way).
LENGTH_SLACK = 0.1
CHANGES_MAX = 12
# Every string and list is bounded, so a whole draft fits BEAT_MAX_TOKENS (a grammar-bound
# server can never be cut off inside a string): the text WORDS_MAX words with the slack.
TEXT_CHARS = round(WORDS_MAX * (1 + LENGTH_SLACK) * 7)
_NULLABLE_STRING = {"type": ["string", "null"], "maxLength": 40}  # a key or a short name
# Every field of every op, each required and null where its op does not use it: the shape
# OpenAI's strict structured outputs accept (all properties required, none extra).
CHANGE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "op": {"type": "string", "enum": list(CHANGE_FIELDS)},
        **{
            field: {"type": ["boolean", "null"]} if field == "used_up" else _NULLABLE_STRING
            for field in sorted({field for fields in CHANGE_FIELDS.values() for field in fields})
        },
    },
    "additionalProperties": False,
}
CHANGE_SCHEMA["required"] = list(CHANGE_SCHEMA["properties"])
BEAT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "maxLength": TITLE_MAX_CHARS},
        "text": {"type": "string", "maxLength": TEXT_CHARS},
        "changes": {"type": "array", "maxItems": CHANGES_MAX, "items": CHANGE_SCHEMA},
    },
    "required": ["title", "text", "changes"],
    "additionalProperties": False,
}
# The text at its longest (~800 tokens) and twelve changes at theirs (~1,500), with room.
BEAT_MAX_TOKENS = 2500
BEAT_PROMPT = (
    "You are Eliza, and you narrate the person's own story in Delight: a gentle fantasy "
    "world whose lights come back as they keep their promises to themselves. Write the next "
    'passage of their story, spoken to them in the second person ("you"), in the present '
    f"tense: {WORDS_MIN} to {WORDS_MAX} words, in paragraphs separated by a blank line, and "
    f"a title of at most {TITLE_MAX_CHARS} characters.\n"
    "Tell the story from the facts given and invent no progress: quote their real progress "
    "exactly as written (mission titles, the goal and the quest in curly quotes “…”, their "
    'own words in quotes, the streak\'s days in digits, like "7 days").\n'
    "Be warm and kind, never punishing: never mention how long they were away, never say "
    "missed, failed, lost, broke, behind or too late, and never make them feel guilty. "
    "After a quiet week or a return, the valley rested and the lanterns kept their light.\n"
    "In changes, list the world changes your passage tells, in order, with the keys given; "
    "the planned moves are a good plan to follow. Each change has every field: null where "
    "its op does not use it."
)


def _things(label: str, things: Sequence[Thing]) -> str:
    lines = [
        f"- {thing.key}: {thing.name}" + (f" ({thing.description})" if thing.description else "")
        for thing in things
    ]
    return f"{label}:\n" + ("\n".join(lines) or "- (none)")


def beat_messages(
    facts: BeatFacts, *, plain: BeatText, feedback: Sequence[str] = ()
) -> list[ChatMessage]:
    """The prompt: the scene, the real progress to quote, the planned moves, the offline
    text as a guide and, for a second draft, what the world refused in the last one."""
    cited = "\n".join(f"- {name}: {value}" for name, value in facts.cited().items())
    scene = [
        f"Kind of passage: {facts.kind}",
        f"Act: {facts.act_name}. Chapter: {facts.chapter_name}"
        + (f" (it opens now: {facts.chapter_description})" if facts.chapter_opens else ""),
        f"Part of the day, on their clock: {facts.part_of_day}",
        f"Their first name: {facts.first_name or '(unknown)'}",
        _things("Place", (facts.place,)),
        _things("People here", facts.people),
        _things("Items they carry after the scene", facts.items_held),
        "Names by key:\n" + "\n".join(f"- {key}: {name}" for key, name in facts.names.items()),
        f"Real progress to quote:\n{cited or '- (none: do not invent any)'}",
        f"Missions done: {facts.missions_count}. Focused minutes: {facts.minutes}.",
        "Planned moves:\n" + "\n".join(f"- {json.dumps(move)}" for move in facts.moves),
    ]
    optional = {
        "The side chapter they chose": facts.choice_label,
        "Eliza's note for the quest": facts.quest_message,
        "The last passage's title (do not reuse it)": facts.previous_title,
        "Titles this story already used (use none of them, nor their openings)": "; ".join(
            facts.titles_told
        ),
        "Sentences its latest passages told (tell none of them again; begin differently)": "".join(
            f"\n- {sentence}" for sentence in facts.sentences_told
        ),
    }
    scene += [f"{label}: {value}" for label, value in optional.items() if value]
    scene.append(f"Said plainly (a guide; write it better):\nTitle: {plain.title}\n\n{plain.text}")
    if feedback:
        refused = "\n".join(f"- {reason}" for reason in feedback)
        scene.append(
            f"The world refused your last draft:\n{refused}\n"
            "Write a draft whose changes and text avoid these."
        )
    return [ChatMessage("system", BEAT_PROMPT), ChatMessage("user", "\n\n".join(scene))]


def normalised_changes(changes: Sequence[dict[str, Any]]) -> tuple[Change, ...]:
    """The model's changes as plain dicts: the op and the fields its op uses, nulls dropped."""
    return tuple(
        {"op": change["op"]}
        | {
            field: change[field].strip() if isinstance(change[field], str) else change[field]
            for field in CHANGE_FIELDS[change["op"]]
            if change.get(field) is not None
        }
        for change in changes
    )


def _refuse(reason: str, text: str) -> AIResponseError:
    return AIResponseError(f"beat refused ({reason}): {text[:200]}", attempts=1, reason=reason)


def beat_draft_with_model(
    facts: BeatFacts, *, plain: BeatText, feedback: Sequence[str] = (), chat: OpenAIChat
) -> BeatDraft:
    """The model's draft for `facts`, or AIError.

    1. Ask for {"title", "text", "changes"} (BEAT_SCHEMA) with `plain`, the offline
       words, as a guide and `feedback`, the world's refusals of the last draft; the chat
       client retries transport failures and answers that break the schema.
    2. Tidy the whitespace (each line a paragraph, blank lines between) and normalise the
       changes.
    3. Refuse (AIResponseError) an empty title (the schema bounds its length), a text outside
       WORDS_MIN..WORDS_MAX with LENGTH_SLACK, a harsh tone in any paragraph, a text
       that quotes none of the person's real progress when there is some, or one that
       tells a sentence of the story's latest passages again (checks.told_again).
    On AIError the writer keeps the offline draft and says why in its source.
    """
    messages = beat_messages(facts, plain=plain, feedback=feedback)
    data = chat.complete_json(
        messages,
        schema=BEAT_SCHEMA,
        purpose="narrative",
        max_tokens=BEAT_MAX_TOKENS,
        temperature=0.8,  # a story wants variety; the checks below keep it kind and true
    )
    title = " ".join(str(data["title"]).split())
    paragraphs = (" ".join(line.split()) for line in str(data["text"]).splitlines())
    text = "\n\n".join(paragraph for paragraph in paragraphs if paragraph)
    if not title or not text:
        raise _refuse("empty", text)
    problem = length_problem(text, slack=LENGTH_SLACK)
    if problem:
        raise _refuse(problem, text)
    problem = tone_problem(facts, f"{title}\n\n{text}")
    if problem:
        raise _refuse(f"harsh tone: {problem}", text)
    if facts.cited() and not quoted_facts(facts, text):
        raise _refuse("quotes no real progress", text)
    if repeats(text, plain.text):
        raise _refuse(REPEATED, text)
    if again := told_again(facts, text):
        raise _refuse(f"told before: “{again}”", text)
    # The valley's own people may come and go; the person's (a sister, a dog) only if told.
    if made_up := invented(text, told(messages), names=False):
        raise _refuse(f"invented: {', '.join(made_up)}", text)
    source = chat.source("narrative")
    return BeatDraft(BeatText(title, text, source=source), normalised_changes(data["changes"]))
