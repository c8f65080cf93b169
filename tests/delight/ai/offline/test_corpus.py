"""550 messages written as people write, in sessions of ten, through the offline Eliza:
no reply fails the language guard, and none repeats within its session."""

from __future__ import annotations

from pathlib import Path

from delight.ai import classifiers
from delight.ai.engine import OfflineEngine, ReplyRequest
from delight.ai.offline.quality import reply_problems
from delight.ai.types import ChatMessage

MESSAGES = Path(__file__).parents[1] / "data" / "blind" / "messages.txt"
SESSION = 10
CRISIS_LEVEL = 2  # as the turn: levels 2 and 3 take the crisis branch


def reply_to(engine: OfflineEngine, text: str, history: list[ChatMessage]) -> str:
    crisis = classifiers.screen_safety(text).level >= CRISIS_LEVEL
    request = ReplyRequest(
        text=text,
        history=history,
        intent=classifiers.classify_intent(text),
        strategy="crisis" if crisis else "",
    )
    return engine.reply(request).text


def test_no_reply_to_the_corpus_fails_the_guard_or_repeats_in_its_session() -> None:
    messages = [line for line in MESSAGES.read_text().splitlines() if line.strip()]
    engine = OfflineEngine()
    failed = repeated = 0
    for start in range(0, len(messages), SESSION):
        history: list[ChatMessage] = []
        for text in messages[start : start + SESSION]:
            reply = reply_to(engine, text, history)
            failed += bool(reply_problems(reply))
            repeated += any(m.content == reply for m in history if m.role == "assistant")
            history += [ChatMessage("user", text), ChatMessage("assistant", reply)]
    print(f"corpus: {len(messages)} replies, {failed} failing the guard, {repeated} repeated")
    assert len(messages) >= 500
    assert (failed, repeated) == (0, 0)
