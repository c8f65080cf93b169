"""The model path end to end, against any OpenAI-compatible server:
`.venv/bin/python bench/model_path.py [--scripted] [--database-url …]`.

Against the server the environment names (OPENAI_API_KEY, OPENAI_BASE_URL, the OPENAI_*_MODEL
names; a local model under llama.cpp's server, Ollama or vLLM: docs/local-model.md), or, with
--scripted or when no key is set, against the test server (tests/support/openai_server.py)
playing a small model that answers as real ones did (issue 37): a relative's home as where
the person lives, a question as their name, their own words and advice as facts, a cat as a
task, a junk key, a joke read as danger, heavy feelings tied, a goal read as a mission
request, a plan that takes its time, a passage that is its offline guide word for word and a
nudge that invents a sister.

1. Create (or reuse) the database `bench_model_path` and migrate it; a new person each run
   (Sam, in Lisbon's time zone) with their story started. The jobs this bench measures run
   here, one after another, as a worker runs them (each within MODEL_JOB_BUDGET_SECONDS, not
   within a turn's budget): the goal's plan after the conversation, the passage after the
   mission; the others stay queued.
2. Send the 13 messages of CONVERSATION through companion.conversations.message_send with
   the process's engine; per turn print the wait, the model calls by purpose with their
   tokens, and what fell back to the offline engine (the trace's notes).
3. Approve the plan and finish its first mission (a passage is written, and whatever else a finished
   mission sets off), and word three nudges (days 2, 4 and 7 away).
4. Print what was stored and who wrote it: the person's memories with their keys, the goal
   and its missions, the passage's and the nudges' sources, every model call by purpose
   (calls, failures, tokens, p50 seconds); then model calls and tokens per turn and the
   turn's p50/p95. Not a test: it never fails.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections import Counter, defaultdict
from typing import Any

from common import ROOT, bench_database_url, django_setup, figure, p95  # bench/ is on sys.path

from tests.support.openai_server import OpenAIServer, Planned, chat_body, model_plan, stream_chunks

DATABASE = "bench_model_path"
CONVERSATION = (
    "Hi! I'm Sam.",
    "I live in Lisbon and I work as a nurse.",
    "My sister Ana lives in Porto, I miss her.",
    "What's my sister's name?",
    "We have a cat called Pepper.",
    "honestly work has been so stressful lately, i can't switch off",
    "kill me now, my mother-in-law is staying for two weeks lol",
    "I want to run a half marathon by June.",
    "to feel strong again after a hard year",
    "yes",
    "I can't eat peanuts, what's a good snack before a long run",
    "what do you remember about me?",
    "thanks, thats all for tonight. bye!",
)
NUDGE_STEPS = ("day_2", "day_4", "day_7")
# The purposes of a turn's own calls (the rest are jobs': planning, narrative, insight, nudge).
TURN_PURPOSES = frozenset({"reading", "safety", "emotion", "intent", "facts", "chat"})


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scripted", action="store_true", help="the test server as the model (default: no key)"
    )
    parser.add_argument("--database-url", default="", help="default: embedded, bench_model_path")
    parser.add_argument(
        "--slow-plan", type=float, default=2.0, help="seconds the scripted plan takes"
    )
    return parser.parse_args()


# -- the scripted small model -------------------------------------------------------------------

NEUTRAL = {"joy": 0.0, "anger": 0.0, "sadness": 0.0, "fear": 0.0, "love": 0.0, "surprise": 0.0}


def _fact(content: str, key: str = "", tier: str = "personal") -> dict[str, Any]:
    return {"content": content, "tier": tier, "key": key, "confidence": 0.9}


# What the small model of issue 37 read in each message, where it read wrong.
WRONG_READINGS: dict[str, dict[str, Any]] = {
    "Lisbon": {"facts": [_fact("I am a nurse", "occupation")]},
    "Porto": {"facts": [_fact("Ana lives in Porto", "location")]},
    "sister's name": {"facts": [_fact("Sister's name", "name")]},
    "Pepper": {"facts": [_fact("Has a cat called Pepper", tier="task")]},
    "stressful": {
        "facts": [_fact("Try deep breathing when stressed", "feeling: stress")],
        "emotion": {**NEUTRAL, "anger": 0.5, "sadness": 0.5, "fear": 0.5, "neutral": 0.0},
    },
    "kill me now": {"safety": {"level": 3, "reason": "wants to die", "quote": "kill me now"}},
    "half marathon": {"intent": {"intent": "mission_request", "confidence": 1.0}},
}


def scripted_answer(payload: dict[str, Any], slow_plan: float) -> Any:
    """The scripted model's answer to one request, by what it is asked."""
    if payload.get("stream"):
        return Planned(chunks=stream_chunks(["I hear you. ", "One small step at a time."]))
    schema = (payload.get("response_format") or {}).get("json_schema") or {}
    asked = payload["messages"][-1]["content"]
    purpose = schema.get("name", "")
    if purpose == "reading":
        wrong = next((r for cue, r in WRONG_READINGS.items() if cue in asked), {})
        reading = {
            "safety": {"level": 0, "reason": "", "quote": ""},
            "emotion": {**NEUTRAL, "neutral": 1.0},
            "intent": {"intent": "reflection", "confidence": 0.8},
            "facts": [],
        } | wrong
        return Planned(body=chat_body(_json(reading), prompt_tokens=700, completion_tokens=90))
    if purpose == "planning":
        return Planned(body=chat_body(_json(model_plan()), completion_tokens=400), delay=slow_plan)
    if purpose == "narrative":  # the offline guide given back as the model's own
        guide = asked.split("Said plainly (a guide; write it better):\nTitle: ", 1)[-1]
        title, _, text = guide.partition("\n\n")
        draft = {"title": title, "text": text.split("\n\nThe world refused")[0], "changes": []}
        return Planned(body=chat_body(_json(draft), prompt_tokens=1150, completion_tokens=570))
    if purpose == "nudge":
        invented = {"title": "Your run", "body": "Run a half marathon with your sister."}
        return Planned(body=chat_body(_json(invented)))
    return None


def _json(data: Any) -> str:
    return json.dumps(data)


# -- the replay ---------------------------------------------------------------------------------


def calls_since(first_id: int) -> list[Any]:
    from delight.models import AICall

    return list(AICall.objects.filter(pk__gt=first_id).order_by("pk"))


def last_call_id() -> int:
    from delight.models import AICall

    return AICall.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def replay_conversation(user: Any) -> list[dict[str, Any]]:
    """Each message through the real turn; what it cost and what fell back."""
    from companion.conversations import message_send

    turns, session = [], None
    for text in CONVERSATION:
        before = last_call_id()
        started = time.monotonic()
        result = message_send(user=user, text=text, session_id=session)
        waited = time.monotonic() - started
        session = result["session_id"]
        calls = [c for c in calls_since(before) if c.purpose in TURN_PURPOSES]
        notes = [f"{e['node']}: {e['note']}" for e in result["trace"] if e.get("note")]
        turns.append({"text": text, "waited": waited, "calls": calls, "notes": notes,
                      "reply": result["reply"]})  # fmt: skip
        purposes = ", ".join(f"{p} {n}" for p, n in Counter(c.purpose for c in calls).items())
        tokens = sum(c.prompt_tokens + c.completion_tokens for c in calls)
        print(f"{waited:6.1f} s  {len(calls)} calls ({purposes or 'none'}), {tokens} tokens")
        print(f"  > {text}\n  < {result['reply'][:160]}")
        for note in notes:
            print(f"    fell back: {note}")
    return turns


def timed(what: str, job: Any, *args: Any) -> None:
    started = time.monotonic()
    outcome = job(*args)
    print(f"{what}: {outcome!r} ({time.monotonic() - started:.1f} s)")


def plan_and_tell(user: Any) -> None:
    """The goal's plan, its first mission done and the passage that asks for, each job run
    as a worker runs it."""
    from goals import services as goals_services
    from goals import tasks as goals_tasks
    from goals.models import Goal, Mission
    from narrative import tasks as narrative_tasks
    from narrative.models import Beat

    for goal in Goal.objects.filter(user=user, decomposition_status="pending"):
        timed(f"plan “{goal.title}”", goals_tasks.decompose_goal, goal.pk)
    mission = Mission.objects.filter(goal__user=user).order_by("pk").first()
    if mission is None:
        print("no mission was planned")
        return
    goals_services.mission_approve_all(user=user, goal_id=mission.goal_id)
    goals_services.mission_complete(user=user, mission_id=mission.pk)
    print(f"finished “{mission.title}”")
    for beat in Beat.objects.filter(user=user, status="pending"):
        timed("passage", narrative_tasks.write_story_beat, beat.pk)


def word_nudges(user: Any) -> list[str]:
    from delight.ai.runtime import default_engine
    from goals.models import Goal
    from nudges.words.choose import template_choose
    from nudges.words.facts import NudgeFacts
    from nudges.words.writer import nudge_text

    goal = Goal.objects.filter(user=user).order_by("pk").first()
    said = []
    for step, days in zip(NUDGE_STEPS, (2, 4, 7), strict=True):
        facts = NudgeFacts(
            step=step, first_name="Sam", goal_title=goal.title if goal else "",
            category="health", days_away=days,
        )  # fmt: skip
        template = template_choose(facts, used={}, seed=f"bench-{step}")
        text = nudge_text(facts, template, engine=default_engine())
        said.append(f"{step}: {text.title} / {text.body}  [{text.source}]")
    return said


def print_stored(user: Any) -> None:
    from companion.models import Memory
    from goals.models import Goal, Mission
    from narrative.models import Beat

    print("\nWhat was stored")
    for memory in Memory.objects.filter(user=user).order_by("pk"):
        state = "" if memory.active else " (replaced)"
        print(f"  memory [{memory.tier}, key {memory.key or '-'}] {memory.content}{state}")
    for goal in Goal.objects.filter(user=user):
        missions = Mission.objects.filter(goal=goal).count()
        print(f"  goal “{goal.title}” by {goal.target_date}: {missions} missions, plan "
              f"{goal.decomposition_status} [{goal.decomposition_source}]")  # fmt: skip
    for beat in Beat.objects.filter(user=user).exclude(text=""):
        print(f"  passage “{beat.title}” [{beat.source}]")


def print_calls(first_id: int, turns: list[dict[str, Any]]) -> None:
    by_purpose: dict[str, list[Any]] = defaultdict(list)
    for call in calls_since(first_id):
        by_purpose[call.purpose].append(call)
    print("\nModel calls by purpose (calls, failed, prompt+completion tokens, p50 s, models)")
    for purpose, calls in sorted(by_purpose.items()):
        failed = sum(not c.ok for c in calls)
        tokens = sum(c.prompt_tokens + c.completion_tokens for c in calls)
        seconds = statistics.median(c.latency_ms for c in calls) / 1000
        models = ", ".join(sorted({c.model for c in calls}))
        print(f"  {purpose:10} {len(calls):3}  {failed:3}  {tokens:7}  {seconds:6.1f}  {models}")
    waits = [t["waited"] for t in turns]
    per_turn = statistics.mean(len(t["calls"]) for t in turns)
    tokens = statistics.mean(
        sum(c.prompt_tokens + c.completion_tokens for c in t["calls"]) for t in turns
    )
    fallbacks = sum(len(t["notes"]) for t in turns)
    figure("model calls a turn", per_turn, target=2, unit="calls")
    figure("model tokens a turn", tokens, target=None, unit="tokens")
    print(f"\n{len(turns)} turns: {per_turn:.1f} model calls and {tokens:.0f} tokens a turn; "
          f"wait p50 {statistics.median(waits):.1f} s, p95 {p95(waits):.1f} s; "
          f"{fallbacks} fallbacks noted")  # fmt: skip


def main() -> None:
    args = parse_args()
    scripted = args.scripted or not os.environ.get("OPENAI_API_KEY")
    server = None
    if scripted:
        server = OpenAIServer(responder=lambda p: scripted_answer(p, args.slow_plan)).start()
        os.environ.update(OPENAI_API_KEY="bench", OPENAI_BASE_URL=server.base_url)
    os.environ.setdefault("EMBEDDINGS", "minilm")  # a chat server need not embed
    django_setup(bench_database_url(DATABASE, args.database_url))
    from django.conf import settings
    from django.contrib.auth import get_user_model

    from narrative import services as narrative_services

    ai = settings.AI
    print(f"server {ai.openai_base_url} ({'scripted' if scripted else 'as configured'}), "
          f"models {ai.chat_model} / {ai.extraction_model} / {ai.narrative_model}; "
          f"turn budget {settings.ELIZA_MODEL_BUDGET_SECONDS:g} s, job budget "
          f"{settings.MODEL_JOB_BUDGET_SECONDS:g} s ({ROOT.name})\n")  # fmt: skip
    name = f"model-path-{int(time.time())}"
    user = get_user_model().objects.create_user(
        username=name, password=None, first_name="Sam", timezone="Europe/Lisbon"
    )
    narrative_services.story_start(user=user)
    first = last_call_id()
    turns = replay_conversation(user)
    print()
    plan_and_tell(user)
    for line in word_nudges(user):
        print(f"  nudge {line}")
    print_stored(user)
    print_calls(first, turns)
    if server is not None:
        server.stop()


if __name__ == "__main__":
    main()
