"""Small builders for companion tests: a dialogue started and fed one message at a time."""

from __future__ import annotations

from datetime import date

from companion.dialogue import Choice, DialogueContext, DialogueManager, DialogueState, DialogueStep

TODAY = date(2026, 3, 11)  # a Wednesday: the day every dialogue test talks on
OPEN_MISSIONS = DialogueContext(
    missions=(
        Choice(1, "Stretch for 10 minutes"),
        Choice(2, "Write 200 words"),
        Choice(3, "Walk around the block"),
    )
)
ACTIVE_GOALS = DialogueContext(
    goals=(Choice(10, "Run a half marathon"), Choice(11, "Learn Spanish"))
)


def flow_start(
    text: str, flow: str = "create_goal", context: DialogueContext | None = None
) -> DialogueStep:
    """Open `flow` with `text`, as on a first message."""
    return DialogueManager().start(flow, text, today=TODAY, context=context)


def flow_say(step: DialogueStep, text: str, context: DialogueContext | None = None) -> DialogueStep:
    """Send the next message, persisting the state in between as the turn will."""
    stored = DialogueState.from_json(step.dialogue.to_json())
    assert stored == step.dialogue
    return DialogueManager().handle(stored, text, today=TODAY, context=context)


def flow_at_confirmation() -> DialogueStep:
    """A create_goal flow with every slot filled, asking "Shall I set it up?"."""
    step = flow_start("I want to run a half marathon by May for my health")
    return flow_say(step, "because I want to prove I can")
