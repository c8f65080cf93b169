"""Eliza's conversation turn: the nodes, their edges, and what they need.

    receive_input ─┬─ crisis ─────────────────────────────────┐
                   └─ recall_context ─┬─ clarify ─┐           ├─ store_memory ─ end
                                      └─ reason ──┴─ respond ─┘
    (any required node that fails) ─ error ─ end

Each node is a function of the turn's state returning its output; the runner (runner.py)
checkpoints after every node, and a node that writes (`writes=True`) commits its writes in
one transaction with its checkpoint (services.py passes `transaction.atomic`), so a resumed
turn never repeats a write. Every node honours
`ctx.sandbox`: in a staff replay it computes everything and writes nothing.
"""

from __future__ import annotations

import contextvars
import dataclasses
import datetime as dt
import functools
import math
import re
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from companion.dialogue import (
    COMPLETE_MISSION,
    Choice,
    ConversationState,
    DialogueContext,
    DialogueManager,
    DialogueState,
    DialogueStep,
    Outcome,
    SlotEnv,
)
from companion.runner import (
    ERROR,
    EventSink,
    Graph,
    Node,
    NodeContext,
    ToolOutcome,
    TurnState,
    no_events,
    run_concurrently,
    timed,
)
from companion.selectors import agent_state_data, conversation_history, memory_recall
from companion.services import (
    crisis_event_record,
    memories_touch,
    memory_create_quietly,
    profile_learn,
    user_emotion_set,
)
from delight.ai.engine import Engine, ReplyRequest, context_lines
from delight.ai.types import ChatMessage, EmotionResult, IntentResult, Usage
from delight.database import Role, role_executor
from delight.tools import ToolCall, ToolRegistry, registry
from goals.selectors import flow_choices, goal_focus, triad_for

CRISIS_LEVEL = 2  # safety levels 2 (high risk) and 3 (imminent danger) take the crisis branch
HISTORY_TURNS = 6  # earlier turns of the session given to the reply
MEMORIES_K = 6
T = TypeVar("T")
ACTIVE = (ConversationState.WAITING_FOR_SLOT, ConversationState.CONFIRMING, ConversationState.ERROR)

# What the chat page shows while Eliza is in a node.
NODE_LABELS = {
    "receive_input": "listening…",
    "crisis": "here with you…",
    "recall_context": "recalling…",
    "clarify": "thinking…",
    "reason": "thinking…",
    "respond": "writing…",
    "store_memory": "remembering…",
    "error": "recovering…",
}

# The dialogue's actions and the tools that perform them.
FLOW_TOOLS = {
    "create_goal": "goals.create",
    "complete_mission": "missions.complete",
    "adjust_goal": "goals.update",
}
FLOW_DONE = {
    "create_goal": "Done: “{title}” is set up. I'm breaking it into small missions now; "
    "they'll show up on your goals page in a moment.",
    "complete_mission": "Marked “{title}” as done. Nice work!",
    "adjust_goal": "Updated “{title}”.",
}
# Kind replies for when a node fails and the turn cannot go on normally.
FALLBACK_REPLIES = {
    "create_goal": "I'd love to help you set that goal up, but something went wrong on my side. "
    "Could you tell me about it again in a moment?",
    "mission_request": "I couldn't pull up your missions just now. Give me a moment and ask again?",
    "": "I'm sorry, something went wrong on my side and I lost my thread. Could you say "
    "that again?",
}
CRISIS_OPENING = (
    "I'm really glad you told me. What you're feeling matters, and you don't have to face it "
    "alone. If you are in danger right now, please call your local emergency number or go to "
    "the nearest emergency department."
)
CRISIS_CLOSING = "I'm here with you. Is there someone you trust who can be with you right now?"

_COMPLETE_CUE = re.compile(
    r"\b(?:i(?:'ve| have)?\s+(?:just\s+)?(?:finished|completed|done)|i\s+did\s+(?:it|the)"
    r"|mark\s+.+\s+(?:as\s+)?(?:done|complete)|(?:mission|task)\s+(?:is\s+)?done)\b",
    re.IGNORECASE,
)
_ADJUST_CUE = re.compile(
    r"\b(?:change|rename|move|push|postpone|adjust|update|edit|extend)\b.*\bgoal\b"
    r"|\bgoal\b.*\b(?:change|rename|move|push|postpone|adjust|update|edit|extend)\b",
    re.IGNORECASE,
)
_MISSION_WORD = re.compile(r"\b(?:mission|task)s?\b", re.IGNORECASE)
_VAGUE = re.compile(r"^\W*(?:help|hm+|um+|idk|ok(?:ay)?|so|well|\?+|\.+|what|hmm+ ?ok)\W*$", re.I)


@dataclass
class TurnDeps:
    """What the nodes use besides the state. `turn_id`/`conversation_id` key their writes."""

    user: Any
    engine: Engine
    conversation_id: Any
    turn_id: Any
    now: dt.datetime = field(default_factory=timezone.now)
    emit: EventSink = no_events
    tools: ToolRegistry = registry
    dialogue: DialogueManager = field(default_factory=DialogueManager)
    # Recall and read tools run in the tool threads (which see committed rows only).
    concurrent_tools: bool = True
    token_budget: int = 0  # 0: settings.ELIZA_CONTEXT_TOKENS
    # The model calls made so far in this turn (filled by delight.ai.runtime.usage_collected).
    usage: list[Usage] = field(default_factory=list)
    # The session's conversation state when the turn began (None: read it when needed).
    dialogue_at_start: dict[str, Any] | None = None
    # Reads of this turn that read tools may reuse (ToolCall.known): today's triad, the goals.
    reads: dict[str, Any] = field(default_factory=dict)

    @property
    def today(self) -> dt.date:
        return self.user.local_day(self.now)

    @property
    def budget(self) -> int:
        return self.token_budget or settings.ELIZA_CONTEXT_TOKENS


def _deps(ctx: NodeContext) -> TurnDeps:
    return ctx.deps


def _stream(deps: TurnDeps, chunks: Iterable[str]) -> str:
    """Send each chunk as a `token` event and return the whole text."""
    parts = []
    for chunk in chunks:
        if chunk:
            parts.append(chunk)
            deps.emit("token", {"text": chunk})
    return "".join(parts).strip()


def _words(text: str) -> Iterator[str]:
    yield from re.findall(r"\S+\s*", text)


# --- receive_input ----------------------------------------------------------------------------


def receive_input(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """Safety first; then emotion, and either the active flow or the intent.

    1. Screen the message; at CRISIS_LEVEL or above nothing else is read (crisis branch).
    2. Read the emotion and keep it on the person (not in a sandbox).
    3. While a flow waits for an answer, the message goes straight to it, with no intent
       detection, unless the person changes course (the dialogue manager hands it back).
    4. Otherwise classify the intent.
    """
    deps = _deps(ctx)
    text = state.input.text
    safety = _noted(ctx, "safety", deps.engine.screen_safety(text))
    out: dict[str, Any] = {"safety": dataclasses.asdict(safety)}
    if safety.level >= CRISIS_LEVEL:
        return out
    emotion = _noted(ctx, "emotion", deps.engine.detect_emotion(text))
    out["emotion"] = dataclasses.asdict(emotion)
    if not ctx.sandbox:
        _emotion_keep(deps, emotion)
    dialogue = _dialogue_now(deps)
    out["dialogue_before"] = dialogue.to_dict()
    if dialogue.state in ACTIVE:
        step = deps.dialogue.handle(
            dialogue, text, today=deps.today, context=_dialogue_context(deps.user)
        )
        out["flow"] = _step_dict(step)
        if not step.handoff:
            return out
    out["intent"] = dataclasses.asdict(_noted(ctx, "intent", deps.engine.classify_intent(text)))
    return out


def _noted(ctx: NodeContext, what: str, result: Any) -> Any:
    """Pass a classifier's result through, noting in the trace when the model failed and the
    offline classifier decided instead."""
    if "failed" in result.source:
        ctx.note(f"{what}: {result.source}")
    return result


def _emotion_keep(deps: TurnDeps, emotion: EmotionResult) -> None:

    user_emotion_set(user=deps.user, scores=emotion.scores, dominant=emotion.dominant, now=deps.now)


def _dialogue_now(deps: TurnDeps) -> DialogueState:
    data = deps.dialogue_at_start
    if data is None:
        data = agent_state_data(user=deps.user, session_id=deps.conversation_id).get("dialogue")
    return DialogueState.from_dict(data) if data else DialogueState()


def _dialogue_context(user: Any) -> DialogueContext:
    """What a flow's answers may name: open missions and active goals (ids and titles)."""
    missions, goals = flow_choices(user=user)
    return DialogueContext(
        missions=tuple(Choice(*mission) for mission in missions),
        goals=tuple(Choice(*goal) for goal in goals),
    )


def _step_dict(step: DialogueStep) -> dict[str, Any]:
    return {
        "dialogue": step.dialogue.to_dict(),
        "outcome": step.outcome.value,
        "reply": step.reply,
        "action": list(step.action) if step.action else None,
        "changed": list(step.changed),
        "error": step.error,
        "path": [state.value for state in step.path],
    }


def after_input(state: TurnState) -> str:
    safety = state.output("receive_input").get("safety", {})
    return "crisis" if safety.get("level", 0) >= CRISIS_LEVEL else "recall_context"


# --- crisis -----------------------------------------------------------------------------------


def crisis(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """A calm reply with this deployment's crisis resources, and an event for staff.

    No coaching, no goal talk, no memory: the crisis content stays out of ordinary memory.
    """
    deps = _deps(ctx)
    safety = state.output("receive_input")["safety"]
    resources = list(settings.CRISIS_RESOURCES)
    text = " ".join([CRISIS_OPENING, *(f"{line}." for line in resources), CRISIS_CLOSING])
    if not ctx.sandbox:
        crisis_event_record(
            user=deps.user,
            conversation_id=deps.conversation_id,
            turn_id=deps.turn_id,
            level=safety["level"],
            reason=safety["reason"],
            matched=list(safety.get("matched", ())),
        )
    reply = _stream(deps, _words(text))
    return {"reply": reply, "strategy": "crisis", "resources": resources}


# --- recall_context ---------------------------------------------------------------------------


def recall_context(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """What Eliza knows that fits this message.

    1. The person's active goals with their progress, the one in focus (worked on last) first.
    2. Tiers: always personal; project when goals are discussed or the person has a goal;
       task (recent missions) when they have a goal or ask for a mission.
    3. Hybrid recall of the message over those tiers, in a tool thread (one SQL statement
       that keeps a database core busy for ~10 ms at 10,000 memories), while this thread
       reads today's triad and the session's recent turns.
    An optional node: if any of this fails, the turn goes on with empty context and the
    trace says so.
    """
    deps = _deps(ctx)
    intent = (state.output("receive_input").get("intent") or {}).get("label")
    flow = state.output("receive_input").get("flow")
    goals = deps.reads["goals"] = goal_focus(user=deps.user)
    tiers = ["personal"]
    if goals or intent in ("goal_discussion", "create_goal") or flow:
        tiers.append("project")
    if goals or intent == "mission_request":  # missions belong to goals
        tiers.append("task")
    recall = functools.partial(
        memory_recall,
        user=deps.user,
        query=state.input.text,
        k=MEMORIES_K,
        tiers=tiers,
        engine=deps.engine,
    )
    recalling = _beside(deps, recall)
    todays = deps.reads["triad"] = triad_for(user=deps.user, now=deps.now)
    history = conversation_history(
        user=deps.user,
        conversation_id=deps.conversation_id,
        before=deps.turn_id,
        turns=HISTORY_TURNS,
    )
    found = recalling()
    return {
        "tiers": tiers,
        "memories": [
            {
                "id": item.memory.pk,
                "content": item.memory.content,
                "tier": item.memory.tier,
                "score": item.score,
                "reasons": item.reasons,
            }
            for item in found
        ],
        "goal": goals[0] if goals else None,
        "goals": goals,
        "triad": [
            {"id": m.pk, "title": m.title, "minutes": m.estimated_minutes} for m in todays.missions
        ],
        "history": history,
    }


def _beside(deps: TurnDeps, read: Callable[[], T]) -> Callable[[], T]:
    """Start a read in a tool thread and return what waits for its result, so this thread
    can work meanwhile; the read itself (run when asked) when the turn's reads must see its
    own transaction."""
    if not deps.concurrent_tools:
        return read
    return tool_pool().submit(_in_tool_thread(read)).result


def after_recall(state: TurnState) -> str:
    return "clarify" if _vagueness(state) else "reason"


def _vagueness(state: TurnState) -> str:
    """Why the message is too vague to act on ("" when it is not).

    1. A flow already has the message: never vague.
    2. Goals or missions are asked about, but the person has no goal yet (only when recall
       worked: without context Eliza cannot know).
    3. A bare filler ("help", "hmm", "?") that no intent explains.
    """
    received = state.output("receive_input")
    if _flow_consumed(received):
        return ""
    intent = received.get("intent") or {}
    context = state.output("recall_context")
    asks_about_goals = intent.get("label") in ("goal_discussion", "mission_request")
    if asks_about_goals and "goals" in context and not context["goals"]:
        return "no_goal"
    if _VAGUE.match(state.input.text) and intent.get("label") not in ("small_talk",):
        return "vague"
    return ""


def _flow_consumed(received: dict[str, Any]) -> bool:
    flow = received.get("flow")
    return bool(flow) and flow["outcome"] != Outcome.HANDOFF.value


# --- clarify ----------------------------------------------------------------------------------


def clarify(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """One good question. With no goal to talk about, the question opens the create-goal
    flow, so the answer lands straight in its first slot."""
    deps = _deps(ctx)
    why = _vagueness(state)
    if why == "no_goal":
        step = deps.dialogue.start(
            "create_goal", "", today=deps.today, dialogue=_dialogue_of(state)
        )
        question = f"I don't know your goals yet, so let's start there. {step.reply}"
        flow = {**_step_dict(step), "reply": question}
        return {"strategy": "clarify", "why": why, "question": question, "flow": flow}
    question = "I'm here. What's on your mind: something you're working toward, or how you feel?"
    return {"strategy": "clarify", "why": why, "question": question}


def _dialogue_of(state: TurnState) -> DialogueState:
    received = state.output("receive_input")
    flow = received.get("flow")
    data = flow["dialogue"] if flow else received.get("dialogue_before")
    return DialogueState.from_dict(data) if data else DialogueState()


# --- reason -----------------------------------------------------------------------------------


def reason(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """Choose the response strategy and the tools (seed 000's tool selection).

    1. A flow that has the message: its step decides; a confirmed flow runs its action tool.
    2. A request that starts a flow (a new goal, a finished mission, a goal change) starts it,
       pre-filling whatever the message already says.
    3. Otherwise the emotion sets the strategy: fear → calm, sadness/anger → acknowledge
       (and look at progress, to offer breaking the goal down), joy/love → celebrate, else
       coach; the intent adds tools: goal talk → progress, a mission request → today's
       missions, a goal in focus → progress; memory recall always ran before.
    """
    deps = _deps(ctx)
    received = state.output("receive_input")
    context = state.output("recall_context")
    intent = received.get("intent") or {}
    if _flow_consumed(received):
        return _flow_plan(received["flow"])
    flow_name, choices = _flow_to_start(state.input.text, intent.get("label", ""), deps)
    if flow_name:
        step = deps.dialogue.start(
            flow_name,
            state.input.text,
            today=deps.today,
            context=choices,
            dialogue=_dialogue_of(state),
        )
        return _flow_plan(_step_dict(step))
    dominant = (received.get("emotion") or {}).get("dominant", "neutral")
    strategy = {
        "fear": "calm",
        "sadness": "acknowledge",
        "anger": "acknowledge",
        "joy": "celebrate",
        "love": "celebrate",
    }.get(dominant, "coach")
    tools: list[dict[str, Any]] = []
    if intent.get("label") == "mission_request" or strategy == "calm":
        tools.append(
            {"name": "missions.suggest", "args": {"energy": "low"} if strategy == "calm" else {}}
        )
    if intent.get("label") == "goal_discussion" or strategy == "acknowledge" or context.get("goal"):
        tools.append({"name": "progress.summary", "args": {}})
    if dominant != "neutral":
        tools.append({"name": "emotion.current", "args": {}})
    return {"strategy": strategy, "tools": _unique(tools)}


def _unique(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: set[str] = set()
    return [t for t in tools if not (t["name"] in seen or seen.add(t["name"]))]


def _flow_to_start(text: str, intent: str, deps: TurnDeps) -> tuple[str, DialogueContext]:
    """The flow a message opens ("" for none), and the missions and goals it may name.

    1. A wish for a new goal opens create_goal.
    2. "I finished …" opens complete_mission only when the person names one of their open
       missions, or says "mission"/"task" ("I've done nothing today" does not).
    3. "Change my goal …" opens adjust_goal only when the person has a goal.
    The missions and goals are read only when a cue makes a flow possible.
    """
    completes, adjusts = _COMPLETE_CUE.search(text), _ADJUST_CUE.search(text)
    if intent != "create_goal" and not (completes or adjusts):
        return "", DialogueContext()
    choices = _dialogue_context(deps.user)
    if intent == "create_goal":
        return "create_goal", choices
    if completes and choices.missions:
        env = SlotEnv(deps.today, choices)
        if COMPLETE_MISSION.extract(text, env).values.get("mission") or _MISSION_WORD.search(text):
            return "complete_mission", choices
    if adjusts and choices.goals:
        return "adjust_goal", choices
    return "", choices


def _flow_plan(flow: dict[str, Any]) -> dict[str, Any]:
    plan: dict[str, Any] = {"strategy": "flow", "flow": flow, "tools": []}
    if flow["outcome"] == Outcome.EXECUTE.value and flow["action"]:
        name, slots = flow["action"]
        plan["tools"] = [{"name": FLOW_TOOLS[name], "args": _action_args(name, slots)}]
    return plan


def _action_args(action: str, slots: dict[str, Any]) -> dict[str, Any]:
    if action == "complete_mission":
        return {"mission_id": slots["mission"]["id"], "minutes": slots.get("minutes")}
    if action == "adjust_goal":
        return {
            "goal_id": slots["goal"]["id"],
            "field": slots["field"],
            "new_value": slots["new_value"],
        }
    return dict(slots)


# --- respond ----------------------------------------------------------------------------------


def respond(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """Run the chosen tools, then write the reply and stream it.

    1. Write tools run one by one in this node's transaction (not in a sandbox); read tools
       run concurrently. A failing tool is skipped and noted; the reply goes on without it.
    2. A flow's reply is its own (a question, a summary, or the action's outcome).
    3. Otherwise the context (goal, missions, memories, tool results) is packed into the
       token budget, most relevant first, and the engine streams the reply.
    """
    deps = _deps(ctx)
    plan = state.output("reason") or state.output("clarify")
    outputs, runs = _run_tools(deps, plan.get("tools", []), sandbox=ctx.sandbox)
    for run in runs:
        if not run["ok"]:
            ctx.note(f"tool {run['name']} failed: {run['error']}")
    flow = plan.get("flow")
    out: dict[str, Any] = {"strategy": plan["strategy"], "tool_outputs": outputs, "tools": runs}
    if flow is not None:
        flow, text = _flow_outcome(flow, outputs, runs)
        out["flow"] = flow
        out["reply"] = _stream(deps, _words(text))
        return out
    if plan["strategy"] == "clarify":
        out["reply"] = _stream(deps, _words(plan["question"]))
        return out
    lines = _context_candidates(state, outputs)
    kept, budget = pack_context(lines, budget=deps.budget)
    if budget["cut"]:
        ctx.note(f"context cut to {budget['used']}/{budget['budget']} tokens")
    request = ReplyRequest(
        text=state.input.text,
        history=[
            ChatMessage(m["role"], m["content"])
            for m in state.output("recall_context").get("history", [])
        ],
        emotion=_emotion(state),
        intent=_intent(state),
        strategy=plan["strategy"],
        context=kept,
        user_name=_user_name(deps.user),
    )
    reply = deps.engine.stream_reply(request)
    _stream(deps, reply)  # a retracted stream's chunks are dropped: its `text` replaces them
    if reply.fallback:
        ctx.note(f"model {reply.fallback}; offline reply")
    out["reply"] = reply.text or FALLBACK_REPLIES[""]
    out["prompt"] = budget
    out["engine"] = deps.engine.name
    out["memories_used"] = _memories_in(state.output("recall_context"), kept)
    return out


def _memories_in(context: dict[str, Any], lines: list[str]) -> list[int]:
    """The ids of the recalled memories whose lines made it into the prompt."""
    kept = set(lines)
    return [
        m["id"]
        for m in context.get("memories", [])
        if context_lines(memories=[m["content"]])[0] in kept  # the line as the prompt has it
    ]


def _run_tools(
    deps: TurnDeps, planned: list[dict[str, Any]], *, sandbox: bool
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run the planned tools; return each successful tool's output and every run's record."""
    outputs: dict[str, Any] = {}
    runs: list[dict[str, Any]] = []

    def record(name: str, outcome: ToolOutcome[Any]) -> None:
        runs.append({"name": name, "ok": outcome.ok, "error": outcome.error, "ms": outcome.ms})
        if outcome.ok:
            outputs[name] = outcome.value
        deps.emit("tool", {"name": name, **outcome.to_dict()})

    reads: dict[str, Callable[[], Any]] = {}
    writing = any(
        deps.tools.get(item["name"]).writes for item in planned if item["name"] in deps.tools
    )
    known = {} if writing else deps.reads  # a write may change what the turn read
    for item in planned:
        name = item["name"]
        if name not in deps.tools:
            record(name, ToolOutcome(False, None, "unknown tool", 0.0))
            continue
        tool = deps.tools.get(name)
        call = ToolCall(user=deps.user, args=item.get("args", {}), now=deps.now, known=known)
        if not tool.writes:
            reads[name] = functools.partial(tool.fn, call)
        elif sandbox:
            record(name, ToolOutcome(False, None, "sandbox: not run", 0.0))
        else:
            record(name, timed(functools.partial(tool.fn, call)))
    if deps.concurrent_tools and len(reads) > 1:
        concurrent = {name: _in_tool_thread(call) for name, call in reads.items()}
        for name, outcome in run_concurrently(concurrent, executor=tool_pool()).items():
            record(name, outcome)
    else:
        for name, call in reads.items():
            record(name, timed(call))
    return outputs, runs


@functools.cache
def tool_pool() -> ThreadPoolExecutor:
    """The process's tool threads. Long-lived, and their connections come from a pool of
    their own, one each (delight.database), so a burst of requests can never take the
    connections the tools of those very requests need."""
    return role_executor(Role.TOOLS, workers=settings.ELIZA_TOOL_WORKERS, name="eliza-tool")


def _in_tool_thread(call: Callable[[], Any]) -> Callable[[], Any]:
    """Like a request: give back (to the tool threads' pool) or drop the thread's connection
    before and after. The call runs in a copy of the turn's context, so its model calls
    (recall embeds the message) keep to the turn's model budget and count in its usage."""
    context = contextvars.copy_context()

    def run() -> Any:
        close_old_connections()
        try:
            return context.run(call)
        finally:
            close_old_connections()

    return run


def _flow_outcome(
    flow: dict[str, Any], outputs: dict[str, Any], runs: list[dict[str, Any]]
) -> tuple[dict[str, Any], str]:
    """The flow's state and words after its action (if it had one) ran."""
    if not flow["action"]:
        return flow, flow["reply"]
    name, slots = flow["action"]
    dialogue = DialogueState.from_dict(flow["dialogue"])
    run = runs[0] if runs else {"ok": False, "error": "not run"}
    if run["ok"]:
        title = _action_title(name, slots, outputs.get(FLOW_TOOLS[name], {}))
        dialogue = dialogue.complete()
        text = FLOW_DONE[name].format(title=title)
    else:
        reason = _readable(run["error"] or "")
        dialogue = dialogue.fail(reason)
        text = f"I couldn't do that: {reason}. Say “try again”, or “cancel” to let it go."
    return {**flow, "dialogue": dialogue.to_dict()}, text


def _action_title(name: str, slots: dict[str, Any], output: dict[str, Any]) -> str:
    if "goal" in output:
        return output["goal"]["title"]
    if "mission" in output:
        return output["mission"]["title"]
    return str(slots.get("title", ""))


def _readable(error: str) -> str:
    """A tool error as words for the person ("ValidationError: ['x']" → "x")."""
    message = error.split(": ", 1)[-1]
    return re.sub(r"^[\[{]?['\"]?|['\"]?[\]}]?$", "", message).strip() or "something went wrong"


def _emotion(state: TurnState) -> EmotionResult | None:
    data = state.output("receive_input").get("emotion")
    return EmotionResult(**data) if data else None


def _intent(state: TurnState) -> IntentResult | None:
    data = state.output("receive_input").get("intent")
    return IntentResult(**data) if data else None


def _user_name(user: Any) -> str:
    profile = getattr(user, "companion_profile", None)
    return (profile.name if profile else "") or user.first_name


def _context_candidates(state: TurnState, outputs: dict[str, Any]) -> list[str]:
    """Context lines, most relevant first: the goal in focus, today's missions (or the
    suggested ones), then memories by recall score."""
    context = state.output("recall_context")
    goal = context.get("goal")
    suggested = outputs.get("missions.suggest") or {}
    missions = [m["title"] for m in suggested.values() if m] or [
        m["title"] for m in context.get("triad", [])
    ]
    progress = [
        f"{g['title']} ({g['progress']}% done)"
        for g in (outputs.get("progress.summary") or {}).get("goals", [])
    ]
    return context_lines(
        goals=progress or ([goal["title"]] if goal else []),
        missions=missions,
        memories=[m["content"] for m in context.get("memories", [])],
    )


def estimate_tokens(text: str) -> int:
    """About four characters a token, as OpenAI's guidance has it for English."""
    return max(1, math.ceil(len(text) / 4))


def pack_context(lines: list[str], *, budget: int) -> tuple[list[str], dict[str, Any]]:
    """Keep lines in order while they fit in `budget` tokens; report what was cut."""
    kept: list[str] = []
    cut: list[str] = []
    used = 0
    for line in lines:
        cost = estimate_tokens(line)
        if used + cost <= budget:
            kept.append(line)
            used += cost
        else:
            cut.append(line[:80])
    return kept, {"budget": budget, "used": used, "kept": len(kept), "cut": cut}


# --- store_memory -----------------------------------------------------------------------------


def store_memory(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """Keep what is worth keeping, through the memory services (dedupe and supersede apply).

    1. A crisis turn stores nothing: its content stays out of ordinary memory.
    2. Extract facts from the message; write each as a conversation memory.
    3. Learn the profile (name, occupation, location, interests, communication style).
    4. Mark the memories the reply's prompt carried as accessed.
    """
    deps = _deps(ctx)
    if "crisis" in state.outputs:
        ctx.note("crisis turn: nothing stored")
        return {"facts": [], "written": []}
    facts = deps.engine.extract_facts(state.input.text)
    out: dict[str, Any] = {"facts": [dataclasses.asdict(fact) for fact in facts], "written": []}
    if ctx.sandbox:
        return out

    for fact in facts:
        written = memory_create_quietly(
            user=deps.user, fact=fact, engine=deps.engine, turn_id=deps.turn_id
        )
        out["written"].append(written)
    earlier = state.output("recall_context").get("history", [])
    texts = [m["content"] for m in earlier if m["role"] == "user"] + [state.input.text]
    out["profile"] = profile_learn(user=deps.user, facts=facts, texts=texts)
    used = state.output("respond").get("memories_used", [])
    if used:
        memories_touch(user=deps.user, ids=used)
    return out


# --- error ------------------------------------------------------------------------------------


def error(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """A required node failed: a kind reply for the intent, so nobody is left without one."""
    intent = (state.output("receive_input").get("intent") or {}).get("label", "")
    text = FALLBACK_REPLIES.get(intent, FALLBACK_REPLIES[""])
    return {"reply": _stream(_deps(ctx), _words(text)), "strategy": "fallback"}


def final_dialogue(state: TurnState) -> DialogueState:
    """The conversation state after the turn: the latest flow step of this turn, else the
    one before it (a flow finished earlier goes back to idle)."""
    for node in ("respond", "clarify", "reason", "receive_input"):
        flow = state.output(node).get("flow")
        if flow:
            return DialogueState.from_dict(flow["dialogue"])
    before = _dialogue_of(state)
    if before.state is ConversationState.COMPLETED:
        return DialogueState(paused=before.paused)
    return before


REPLY_NODES = ("crisis", "respond", "error")


def answer_of(state: TurnState) -> dict[str, Any]:
    """The output of the node that answered the person ({} if none did yet)."""
    return next((state.output(n) for n in REPLY_NODES if state.output(n).get("reply")), {})


def turn_result(state: TurnState, dialogue: DialogueState) -> dict[str, Any]:
    """The whole answer to a message: the REST body, and the WebSocket `reply` event."""
    received = state.output("receive_input")
    answer = answer_of(state)
    reply = answer.get("reply", "")
    emotion = received.get("emotion")
    intent = received.get("intent")
    safety = received.get("safety", {"level": 0, "reason": ""})
    return {
        "session_id": state.input.session_id,
        "message_id": state.input.message_id,
        "reply": reply or FALLBACK_REPLIES[""],
        "intent": {"label": intent["label"], "confidence": intent["confidence"]}
        if intent
        else None,
        "emotion": {"label": emotion["dominant"], "scores": emotion["scores"]} if emotion else None,
        "crisis": {
            "triggered": "crisis" in state.outputs,
            "level": safety["level"],
            "reason": safety["reason"],
            "resources": state.output("crisis").get("resources", []),
        },
        "strategy": answer.get("strategy", ""),
        "conversation_state": dialogue.state.value,
        "pending_slot": dialogue.pending_slot,
        "trace": [
            {key: entry[key] for key in ("node", "ms", "ok", "note", "error") if key in entry}
            for entry in state.trace
        ],
        "memories_used": [
            memory
            for memory in state.output("recall_context").get("memories", [])
            if memory["id"] in state.output("respond").get("memories_used", [])
        ],
        "tool_outputs": state.output("respond").get("tool_outputs", {}),
        "prompt": state.output("respond").get("prompt"),
    }


def build_graph() -> Graph:
    return Graph(
        [
            Node(
                "receive_input",
                receive_input,
                router=after_input,
                choices=("crisis", "recall_context"),
                writes=True,
            ),
            Node("crisis", crisis, next="store_memory", writes=True),
            Node(
                "recall_context",
                recall_context,
                router=after_recall,
                choices=("clarify", "reason"),
                optional=True,
            ),
            Node("clarify", clarify, next="respond"),
            Node("reason", reason, next="respond"),
            Node("respond", respond, next="store_memory", writes=True),
            # A failed memory write must not take back a reply already sent.
            Node("store_memory", store_memory, next="end", optional=True, writes=True),
            Node(ERROR, error, next="end"),
        ],
        start="receive_input",
    )


GRAPH = build_graph()
