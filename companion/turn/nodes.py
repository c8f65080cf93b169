"""The turn's nodes and routers (graph.py wires them).

Each node is a function of the turn's state returning its output. Every node honours
`ctx.sandbox`: in a staff replay it computes everything and writes nothing.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any

from companion.dialogue import CREATE_GOAL, DialogueState
from companion.dialogue.cues import about_others, is_question, it_resolved
from companion.dialogue.parsing import is_cancel
from companion.dialogue.phrases import LET_GO, LET_GO_REPLY, NOTHING_TO_CANCEL
from companion.recall_words import WHEN_ASKED
from companion.selectors import (
    conversation_history,
    memories_keyed,
    memory_recall,
)
from companion.services import (
    user_emotion_set,
)
from companion.turn.asides import joke_reaction
from companion.turn.common import (
    FALLBACK_REPLIES,
    HISTORY_TURNS,
    MEMORIES_K,
    TurnDeps,
    beside,
    deps_of,
    emit_text,
    noted,
    word_chunks,
)
from companion.turn.context import (
    emotion_of,
    intent_of,
    person_name,
    reply_context,
    welcome_words,
)
from companion.turn.deeds import (
    FELL_SHORT,
    OFFER_GOAL,
    dialogue_context,
    done_already,
    flow_to_start,
    meant_choice,
    uncounted,
)
from companion.turn.flows import (
    ACTIVE,
    dialogue_now,
    dialogue_of,
    flow_consumed,
    flow_outcome,
    flow_plan,
    goal_being_set_up,
    sorry_for,
    step_dict,
    waiting_reminder,
)
from companion.turn.habits import (
    habit_asked,
    habit_offer_plan,
    habit_offer_taken,
    habit_reminder_plan,
    habit_wished,
    habit_words,
)
from companion.turn.history import LOOK_BACK, earlier_about, memory_row, own_last, said_last
from companion.turn.plan import (
    CANCEL_WORDS,
    ELSEWHERE,
    ELSEWHERE_SURE,
    NOT_A_GOAL,
    SURE,
    act_understood,
    aged_action,
    hear,
    mourning_after,
)
from companion.turn.plan_offer import (
    approve_outcome,
    approved_action,
    offer_taken,
    plan_being_made,
    plan_offered,
)
from companion.turn.policy import reply_chosen
from companion.turn.remembering import told_for_reply
from companion.turn.safety import (
    ASK_AGAIN,
    CHECKIN,
    CLOSED,
    CRISIS,
    SOMEONE_ELSE,
    checkin_answer,
    recently_asked,
    safety_answer,
    sign_after_asking,
)
from companion.turn.today import said_from_records
from companion.turn.tools import run_tools, tools_for
from companion.turn.topics import session_topic
from companion.turn.undo import (
    kept_reply,
    last_action,
    retracts_last,
    undo_outcome,
    undo_step,
)
from delight.ai.engine import ReplyRequest
from delight.ai.offline import UNPLANNED
from delight.ai.offline.banks import named, rotate
from delight.ai.offline.kindness_words import PART_SEEN
from delight.ai.types import ChatMessage, EmotionResult
from delight.runner import NodeContext, TurnState
from goals.selectors import goal_focus, triad_for
from nudges.selectors import welcome_pending
from nudges.services import presence_welcomed
from world.selectors import zones_now

_VAGUE = re.compile(r"^\W*(?:help|hm+|um+|idk|ok(?:ay)?|so|well|\?+|\.+|what|hmm+ ?ok)\W*$", re.I)

# Said when goals are asked about before there is one; it opens the create-goal flow.
NO_GOAL_YET = "I don't know your goals yet, so let's start there."
# Said when "where were we?" picks up a flow that was set aside.
BACK_TO = "We were setting up “{title}”."
# Acts that ask for something, even without a question's words ("give me a mission").
ASKING_ACTS = frozenset({"missions_question", "advice_request", "help"})


def receive_input(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """Safety first; then emotion, and either the active flow or the intent.

    1. Screen the message and choose how to answer it (companion.turn.safety): the crisis
       response or a check-in read nothing else. A check-in asked last turn is answered by
       this message, and only by it: "yes" escalates to the crisis response, "no, just
       stressed" closes it, anything else lets it go.
    2. Read the emotion and keep it on the person (not in a sandbox).
    3. Classify the intent and the act.
    4. While a flow waits for an answer, the message goes to it, unless the person changes
       course (the dialogue manager hands it back) or the act plainly does something else
       (a goodbye, a question about the story: answered, the flow waits).
    """
    deps = deps_of(ctx)
    text = state.input.text
    # Read once (one call when a model reads it): what it says, and after what her last reply
    # did ("Not bad for an old man" after a streak is pride).
    reading = deps.engine.read_message(
        text, before=deps.session_at_start.get("reply_act", ""), today=deps.today
    )
    safety = noted(ctx, "safety", reading.safety)
    answer = safety_answer(safety, text)
    asked = deps.session_at_start.get("check_in")
    if answer == CHECKIN and recently_asked(deps.session_at_start.get("safety_asked"), deps.now):
        # Asked a moment ago: not again for every heavy word (explicit words still are); a
        # warning sign in words is a second sign (safety.sign_after_asking).
        answer = sign_after_asking(safety, deps.session_at_start)
    if asked and answer != CRISIS:
        reply = checkin_answer(text, asked_again=bool(asked.get("again")))
        if reply == "safe":
            answer = CLOSED
        elif reply == "unclear" and asked.get("basis") != "crisis":
            answer = ASK_AGAIN
        elif reply == "at risk" and asked.get("basis") != "crisis":  # answered, not a new yes
            answer = CRISIS
    dialogue = dialogue_now(deps)
    out: dict[str, Any] = {
        "safety": dataclasses.asdict(safety),
        "answer": answer,
        "check_in_before": asked,
        "dialogue_before": dialogue.to_dict(),  # kept whatever answers: a flow survives
        # For store_memory, kept with the checkpoint: a turn resumed elsewhere reads nothing
        # again.
        "read_facts": {
            "facts": [dataclasses.asdict(fact) for fact in reading.facts],
            "source": reading.facts_source,
        },
        # Only the next message answers a check-in: a "yep" ten turns on is about something
        # else. (A new check-in or a crisis reply asks again: those nodes run later.)
        "session": {"check_in": None},
    }
    if answer in (CRISIS, CHECKIN, CLOSED, SOMEONE_ELSE, ASK_AGAIN):
        return out
    emotion = noted(ctx, "emotion", reading.emotion)
    out["emotion"] = dataclasses.asdict(emotion)
    if not ctx.sandbox:
        _emotion_keep(deps, emotion)
    read = reading.intent
    # Once, for the whole turn: an act whose words do not fit it is not sure (senses.SENSE).
    act, sure, by = act_understood(read.act, read.act_confidence, text, by=read.act_by)
    intent = noted(
        ctx, "intent", dataclasses.replace(read, act=act, act_confidence=sure, act_by=by)
    )
    if dialogue.state in ACTIVE:
        # A goodbye or a question about the story while a flow waits is no answer to it.
        # Nor is news of someone else while she asks which mission ("my boyfriend dan is a
        # proper fish, he swims every morning" marked the swim session).
        elsewhere = (intent.act in ELSEWHERE and intent.act_confidence >= ELSEWHERE_SURE) or (
            bool(dialogue.offered) and about_others(text)
        )
        step = deps.dialogue.handle(
            dialogue,
            meant_choice(dialogue, text, deps.engine.embedder) or text,
            today=deps.today,
            context=dialogue_context(deps.user),
            elsewhere=elsewhere,
        )
        out["flow"] = step_dict(step)
        if not step.handoff:
            return out
    out["intent"] = dataclasses.asdict(intent)
    return out


def _emotion_keep(deps: TurnDeps, emotion: EmotionResult) -> None:

    user_emotion_set(user=deps.user, scores=emotion.scores, dominant=emotion.dominant, now=deps.now)


def after_input(state: TurnState) -> str:
    answer = state.output("receive_input").get("answer", "")
    asks = {CRISIS: "crisis", CHECKIN: "check_in", CLOSED: "check_in", SOMEONE_ELSE: "check_in",
            ASK_AGAIN: "check_in"}  # fmt: skip
    return asks.get(answer, "recall_context")


def recall_context(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """What Eliza knows that fits this message.

    1. The person's active goals with their progress, the one in focus (worked on last) first.
    2. Tiers: always personal; project when goals are discussed or the person has a goal;
       task (recent missions) when they have a goal or ask for a mission.
    3. Hybrid recall of the message over those tiers, in a tool thread (one SQL statement
       that keeps a database core busy for ~10 ms at 10,000 memories), while this thread
       reads the person's zones now, today's triad (for a mission request, missions whose
       zone is closed now only when nothing else is left: seed 000), the session's
       recent turns and whether a welcome back is due (step 4). A question about what Eliza
       remembers adds the person's keyed facts (a relative, a pet, their city…) after the
       recalled ones; a request for advice, the foods and conditions they live with.
    4. A person back after days away whom Eliza has not welcomed yet: the welcome's words.
    An optional node: if any of this fails, the turn goes on with empty context and the
    trace says so.
    """
    deps = deps_of(ctx)
    intent = (state.output("receive_input").get("intent") or {}).get("label")
    intent_act = (state.output("receive_input").get("intent") or {}).get("act", "")
    flow = state.output("receive_input").get("flow")
    goals = deps.reads["goals"] = goal_focus(user=deps.user)
    tiers = ["personal"]
    if goals or intent in ("goal_discussion", "create_goal") or flow:
        tiers.append("project")
    # Missions belong to goals; a question about what she remembers may be about something
    # coming up ("what did i say my interview was").
    if goals or intent in ("mission_request", "memory_question") or intent_act == "memory_question":
        tiers.append("task")
    recall = functools.partial(
        memory_recall,
        user=deps.user,
        query=state.input.text,
        k=MEMORIES_K,
        tiers=tiers,
        engine=deps.engine,
    )
    recalling = beside(deps, recall)
    world = deps.reads["world"] = zones_now(user=deps.user, now=deps.now)
    avoid = world["closed_categories"] if intent == "mission_request" else ()
    todays = deps.reads["triad"] = triad_for(user=deps.user, now=deps.now, avoid_categories=avoid)
    history = conversation_history(
        user=deps.user,
        conversation_id=deps.conversation_id,
        before=deps.turn_id,
        turns=HISTORY_TURNS,
    )
    welcome = welcome_words(welcome_pending(user=deps.user, now=deps.now))
    found = recalling()
    # A question that asks when is answered with the day what it tells happened.
    dated = bool(WHEN_ASKED.search(state.input.text))
    memories = [memory_row(item.memory, item.score, item.reasons, dated) for item in found]
    if intent == "memory_question" or intent_act in ("memory_question", "advice_request"):
        # What she knows for sure: all of it for "what do you remember?", what they cannot
        # eat or live with for a suggestion (no peanut snack for someone allergic).
        seen = {m["id"] for m in memories}
        keyed = memories_keyed(user=deps.user)
        if intent_act == "advice_request":
            keyed = [m for m in keyed if m.key.startswith(("food:", "health:", "diet"))]
        memories += [memory_row(m, 0.0, ["keyed fact"], dated) for m in keyed if m.pk not in seen]
    return {
        "tiers": tiers,
        "memories": memories,
        "goal": goals[0] if goals else None,
        "goals": goals,
        "triad": [
            {"id": m.pk, "title": m.title, "minutes": m.estimated_minutes} for m in todays.missions
        ],
        "history": history,
        "world": world,
        "welcome": welcome,
        "earlier": earlier_about(deps, intent_act, state.input.text, history),
    }


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
    if flow_consumed(received):
        return ""
    intent = received.get("intent") or {}
    context = state.output("recall_context")
    # "My goals are going well" and "not for a mission, just in my notebook" are news, not
    # requests: only a question or a request gets this one.
    question = is_question(state.input.text)
    asks_about_goals = (
        intent.get("label") == "mission_request" and (question or intent.get("act") in ASKING_ACTS)
    ) or (intent.get("label") == "goal_discussion" and question)
    # With a goal being set up right now (or set aside mid-setup), the question waits for it
    # (flows' reminder), or resumes it.
    dialogue = dialogue_of(state)
    setting_up = dialogue.waiting or _goal_set_aside(dialogue)
    if asks_about_goals and "goals" in context and not context["goals"] and not setting_up:
        # Asked once in this conversation is enough: a second time the turn just answers.
        asked = any(NO_GOAL_YET in m["content"] for m in context.get("history", []))
        return "" if asked else "no_goal"
    if _VAGUE.match(state.input.text) and intent.get("label") not in ("small_talk",):
        return "vague"
    return ""


def clarify(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """One good question. With no goal to talk about, the question opens the create-goal
    flow, so the answer lands straight in its first slot."""
    deps = deps_of(ctx)
    why = _vagueness(state)
    if why == "no_goal":
        step = deps.dialogue.start("create_goal", "", today=deps.today, dialogue=dialogue_of(state))
        question = f"{NO_GOAL_YET} {step.reply}"
        flow = {**step_dict(step), "reply": question}
        return {
            "strategy": "clarify", "act": "goal_step", "why": why, "question": question,
            "flow": flow,
        }  # fmt: skip
    question = "I'm here. What's on your mind: something you're working toward, or how you feel?"
    return {"strategy": "clarify", "act": "question", "why": why, "question": question}


def reason(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """Choose the response strategy and the tools (seed 000's tool selection).

    1. A flow that has the message: its step decides; a confirmed flow runs its action tool.
    2. A request that starts a flow (a new goal, a finished mission, a goal change) starts it,
       pre-filling whatever the message already says.
    3. Otherwise the emotion sets the strategy: fear → calm, sadness/anger → acknowledge
       (and look at progress, to offer breaking the goal down), joy/love → celebrate, else
       coach; the intent adds tools: goal talk → progress, a mission request → today's
       missions (fitted to the zones open now) and the world, a question about the world →
       the world, a goal in focus → progress, a question about the story or Essence, or joy
       above 0.8 → the story; memory recall always ran before.
    """
    deps = deps_of(ctx)
    received = state.output("receive_input")
    context = state.output("recall_context")
    intent = received.get("intent") or {}
    if flow_consumed(received):
        return flow_plan(received["flow"])
    text = state.input.text
    sure_act = intent.get("act", "") if intent.get("act_confidence", 0.0) >= SURE else ""
    last = deps.session_at_start.get("last_action")
    history = context.get("history", [])
    said_before = said_last(history, 2)
    by_rule = intent.get("act_by") == "rule"
    # "wait no i didnt foam roll" just after it was marked takes it back, whatever the act.
    retracts = retracts_last(last, text, deps.user)
    if (sure_act == "undo" or retracts) and (
        undo := undo_step(text, last, history, deps.user, deps.now, by_rule=by_rule or retracts)
    ):
        return undo
    if said := said_from_records(deps.user, text, deps.now, last):
        return {"strategy": "clarify", "act": "progress", "question": said}
    if said := joke_reaction(history, text, deps.user.first_name):
        return {"strategy": "clarify", "act": "smalltalk", "question": said}
    waiting = deps.session_at_start.get("plan_offer")
    if taken := offer_taken(
        user=deps.user, waiting=waiting, context=context, text=text, act=sure_act
    ) or habit_offer_taken(deps.session_at_start.get("habit_offer"), text, sure_act):
        return taken
    if reminded := habit_reminder_plan(
        deps.user, text, said_before, deps.session_at_start.get("habit_reminder")
    ):
        return reminded
    if said := plan_being_made(context, text):
        return {"strategy": "clarify", "act": "missions", "question": said}
    dialogue = dialogue_of(state)
    asks_missions = sure_act == "missions_question" and _goal_set_aside(dialogue)
    if dialogue.paused and (sure_act == "resume" or asks_missions):
        # "where were we?" with a flow set aside: that flow, where it was left; so too a
        # goal set aside mid-setup when its missions are asked for.
        step = deps.dialogue.resume(dialogue, today=deps.today, context=dialogue_context(deps.user))
        title = (dialogue.paused or {}).get("slots", {}).get("title")
        back = f"{BACK_TO.format(title=title)} " if title else ""
        return flow_plan(step_dict(dataclasses.replace(step, reply=back + step.reply)))
    if said := goal_being_set_up(dialogue, text, sure_act):
        return {"strategy": "clarify", "act": "goal_step", "question": said}
    # The intent model's "create a goal" is not taken for a message that plainly does
    # something else ("undo", "bye").
    label = "" if sure_act in NOT_A_GOAL else intent.get("label", "")
    reported = sure_act == "mission_done"
    # "i'd like to get back into it" after "i used to paint loads": into painting.
    wish = it_resolved(told := uncounted(text), said_before)  # "…, does that count": told
    # "did it. 5k slow" two exchanges after she named the run: that one (the latest message
    # naming one mission is meant).
    flow_name, choices = flow_to_start(
        wish, label, deps, reported=reported, earlier=said_last(history, LOOK_BACK),
        elsewhere=sure_act in ELSEWHERE and intent.get("act_confidence", 0.0) >= ELSEWHERE_SURE,
    )  # fmt: skip
    if flow_name == "complete_mission" and done_already(wish, choices, deps, said_before):
        flow_name = ""
    if not flow_name and (kept := kept_reply(deps.user, text, last, own_last(history), deps.now)):
        # "yeah count it" of one already marked: it stays, and she says so.
        return {"strategy": "clarify", "act": "mission_done", "question": kept}
    if flow_name == FELL_SHORT:
        # "read 12 pages" of "Read 20 pages": met as part of it done, nothing marked.
        words = rotate(PART_SEEN, len(history) // 2, str(deps.user.pk))[0]  # by exchange
        part = named(words, person_name(deps.user))
        return {"strategy": "clarify", "act": "kindness", "question": part}
    if flow_name in ("", OFFER_GOAL, "create_goal") and (
        habit := habit_wished(wish) or habit_asked(text)
    ):
        return habit_offer_plan(habit)  # "i want to meditate every morning": a habit's
    if flow_name == OFFER_GOAL:
        offer = deps.dialogue.offer(
            "create_goal", wish, today=deps.today, dialogue=dialogue_of(state)
        )
        return flow_plan(step_dict(offer))
    if is_cancel(text) and len(text.split()) <= CANCEL_WORDS:
        # "never mind" alone; "Never mind, I'll listen to the radio" goes on.
        said = LET_GO_REPLY if LET_GO.match(text) else NOTHING_TO_CANCEL
        return {"strategy": "clarify", "act": "question", "question": said}
    if flow_name:
        step = deps.dialogue.start(
            flow_name,
            told,
            today=deps.today,
            context=choices,
            dialogue=dialogue_of(state),
        )
        return flow_plan(step_dict(step))
    emotion = received.get("emotion") or {}
    mourning = deps.session_at_start.get("mourning")
    after_crisis = deps.session_at_start.get("after_crisis")
    heard = hear(
        text, act=intent.get("act", ""), confidence=intent.get("act_confidence", 0.0),
        by=intent.get("act_by", ""), dominant=emotion.get("dominant", "neutral"),
        scores=emotion.get("scores", {}), mourning=mourning is not None,
        tender=after_crisis is not None, before=deps.session_at_start.get("reply_act", ""),
    )  # fmt: skip
    act, strategy = reply_chosen(heard, deps.engine.embedder)
    tools = tools_for(state, context, intent, strategy, act)
    return {
        "strategy": strategy, "act": act, "tools": tools,
        "session": {
            "mourning": mourning_after(mourning, grieving=heard.grieving),
            "after_crisis": mourning_after(after_crisis, grieving=False),
        },
        "plan_offer": plan_offered(context, act, heard.text),
    }  # fmt: skip


def _goal_set_aside(dialogue: DialogueState) -> bool:
    """A new goal set aside mid-setup (its missions asked for resume it)."""
    return (dialogue.paused or {}).get("flow") == CREATE_GOAL.name


def respond(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """Run the chosen tools, then write the reply and stream it.

    1. Write tools run one by one in this node's transaction (not in a sandbox); read tools
       run concurrently. A failing tool is skipped and noted; the reply goes on without it.
    2. A flow's reply is its own (a question, a summary, or the action's outcome).
    3. Otherwise the context (goal, missions, memories, tool results) is packed into the
       token budget, most relevant first, and the engine streams the reply.
    4. A welcome back that was due opens the reply (the engine's context carries it first;
       a flow's or a question's reply gets its words in front) and is marked given.
    """
    deps = deps_of(ctx)
    plan = state.output("reason") or state.output("clarify")
    outputs, runs = run_tools(deps, plan.get("tools", []), sandbox=ctx.sandbox)
    for run in runs:
        if not run["ok"]:
            ctx.note(f"tool {run['name']} failed: {run['error']}")
    flow = plan.get("flow")
    act = plan.get("act", "")
    out: dict[str, Any] = {
        "strategy": plan["strategy"], "act": act, "tool_outputs": outputs, "tools": runs,
    }  # fmt: skip
    intent = state.output("receive_input").get("intent") or {}
    out["session"] = {
        "last_action": aged_action(deps.session_at_start.get("last_action")),
        "plan_offer": plan.get("plan_offer"),  # asked this turn, or lapsed
        "habit_offer": plan.get("habit_offer"),
        "habit_reminder": plan.get("habit_reminder"),  # which habit, asked this turn
    }
    if topic := session_topic(state.input.text, intent, deps.session_at_start):
        out["session"]["topic"] = topic
    welcome = state.output("recall_context").get("welcome", "")
    if welcome and not ctx.sandbox:
        presence_welcomed(user=deps.user, at=deps.now)
    if flow is not None:
        done = last_action(flow, outputs, runs)
        emotion = emotion_of(state)
        sorry = sorry_for(
            state.input.text, scores=emotion.scores if emotion else {},
            mourning=deps.session_at_start.get("mourning") is not None,
        )  # fmt: skip
        flow, text = flow_outcome(flow, outputs, runs, sorry=sorry)
        out["flow"] = flow
        out["reply"] = emit_text(deps, word_chunks(_opened(welcome, text)))
        if done:
            out["session"] = {**out.get("session", {}), "last_action": done}
        return out
    if offer := plan.get("approve"):
        out["reply"] = emit_text(deps, word_chunks(approve_outcome(offer, outputs, runs)))
        if done := approved_action(offer, outputs):
            out["session"] = {**out.get("session", {}), "last_action": done}
        return out
    if said := habit_words(plan, outputs, deps.user):
        out["reply"] = emit_text(deps, word_chunks(said))
        return out
    if plan.get("undo"):
        said, now_last = undo_outcome(plan, runs)
        out["reply"] = emit_text(deps, word_chunks(said))
        out["session"] = {**out.get("session", {}), "last_action": now_last}
        return out
    if plan["strategy"] == "clarify":
        said = _opened(welcome, plan["question"])
        # Answered in passing: the flow's question still waits (a step of the flow says it).
        if plan["act"] != "goal_step" and (reminder := waiting_reminder(state)):
            said = f"{said} {reminder}"
        out["reply"] = emit_text(deps, word_chunks(said))
        return out
    known = reply_context(state, outputs, name=person_name(deps.user), today=deps.today)
    kept, budget = known.packed(budget=deps.budget)
    if budget["cut"]:
        ctx.note(f"context cut to {budget['used']}/{budget['budget']} tokens")
    request = ReplyRequest(
        text=state.input.text,
        history=[
            ChatMessage(m["role"], m["content"])
            for m in state.output("recall_context").get("history", [])
        ],
        emotion=emotion_of(state),
        intent=intent_of(state),
        strategy=plan["strategy"],
        context=kept,
        act=act,
        told=told_for_reply(state, deps),
    )
    reply = deps.engine.stream_reply(request)
    emit_text(deps, reply)  # a retracted stream's chunks are dropped: its `text` replaces them
    if reply.rule == UNPLANNED:
        out["act"] = "listen"  # all the act had to say was said: she listened instead
    if reply.fallback:
        ctx.note(f"model {reply.fallback}; offline reply")
    out["reply"] = reply.text or FALLBACK_REPLIES[""]
    if reminder := waiting_reminder(state):
        out["reply"] = f"{out['reply']} {emit_text(deps, word_chunks(' ' + reminder)).strip()}"
    out["prompt"] = budget
    out["engine"] = deps.engine.name
    out["memories_used"] = [memory.id for memory in kept.memory_notes if memory.id]
    return out


def _opened(welcome: str, text: str) -> str:
    return f"{welcome} {text}" if welcome else text


def error(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """A required node failed: a kind reply for the intent, so nobody is left without one."""
    intent = (state.output("receive_input").get("intent") or {}).get("label", "")
    text = FALLBACK_REPLIES.get(intent, FALLBACK_REPLIES[""])
    return {"reply": emit_text(deps_of(ctx), word_chunks(text)), "strategy": "fallback"}
