"""The narrator: a beat written by the pipeline (assess → select → generate → validate →
commit → unlocks), on the turn's runner and checkpoints, grounded in real progress, never
breaking the world, resumed after a crash."""

from __future__ import annotations

import datetime as dt
import importlib
import json

import pytest
from django.conf import settings
from django.utils import timezone

from companion.models import Memory
from delight.ai.config import AIConfig
from delight.ai.engine import build_engine
from delight.locks import lock_key
from delight.models import AgentCheckpoint, AgentState
from goals import services as goals_services
from narrative import prose, selectors
from narrative import services as narrative_services
from narrative.beats import narrator, steps
from narrative.beats import services as beats
from narrative.beats.telling import facts_from_dict
from narrative.models import Beat, BeatKind, EssenceEntry
from narrative.prose import CHANGE_FIELDS, WORDS_MAX, WORDS_MIN, beat_draft_offline
from nudges.models import Notification
from tests.goals.factories import make_goal, make_mission
from world.models import Zone

SEED = importlib.import_module("world.migrations.0002_seed_zones")

# Jobs run inline here (tests/conftest.py): in a transactional test, the beat a mission asks
# for is written as soon as the mission's transaction commits, as a worker would write it.
flowing = pytest.mark.django_db(transaction=True)


@pytest.fixture
def story(owner):
    """The world's zones (a transactional test flushes the seeded rows) and Olivia's story."""
    for spec in SEED.ZONES:
        Zone.objects.update_or_create(slug=spec["slug"], defaults=spec)
    return narrative_services.story_start(user=owner)


@pytest.fixture
def finished(owner, story):
    """Olivia finished “Run 2 km” for her goal: the trigger asks for a beat (not written:
    outside a transactional test, nothing runs once it commits)."""
    mission = make_mission(make_goal(owner, title="Run a 5k"), title="Run 2 km")
    goals_services.mission_complete(user=owner, mission_id=mission.pk)
    return beats.beat_request(
        user=owner, kind="mission", key=f"mission:{mission.pk}", detail={"id": mission.pk}
    )


@pytest.mark.django_db
def test_a_finished_mission_becomes_the_opening_passage_of_the_story(owner, finished):
    state = narrator.beat_write(beat_id=finished.pk)

    beat = Beat.objects.get(pk=finished.pk)
    assert state.failure is None
    assert [entry["node"] for entry in state.trace] == [
        "assess", "select", "generate", "validate", "commit", "unlocks",
    ]  # fmt: skip
    assert (beat.status, beat.kind, beat.act, beat.chapter) == ("written", "opening", 1, 1)
    assert WORDS_MIN <= len(beat.text.split()) <= WORDS_MAX
    assert "“Run 2 km”" in beat.text
    assert beat.provenance[0]["kind"] == "mission"
    assert beat.provenance[0]["title"] == "Run 2 km"
    assert beat.validation == [{"source": "offline", "violations": []}]
    world = selectors.world_current(user=owner)
    assert {"mira", "lantern", f"beat-{beat.pk}"} <= world.entities.keys()


@flowing
def test_a_mission_done_is_told_remembered_and_checkpointed(owner, story):
    mission = make_mission(make_goal(owner, title="Run a 5k"), title="Run 2 km")
    goals_services.mission_complete(user=owner, mission_id=mission.pk)

    beat = Beat.objects.get(user=owner)
    assert beat.status == Beat.Status.WRITTEN
    memory = Memory.objects.get(user=owner, key=f"story:beat:{beat.pk}")
    assert memory.tier == "project"
    assert memory.content.startswith(f"Story passage “{beat.title}” (act 1, chapter 1")
    assert "You finished “Run 2 km”" in memory.content
    notice = Notification.objects.get(user=owner, kind=Notification.Kind.STORY)
    assert notice.url == "/story/#latest"
    agent = AgentState.objects.get(user=owner, agent_type=AgentState.AgentType.NARRATOR)
    nodes = AgentCheckpoint.objects.filter(agent_state=agent).values_list("node", flat=True)
    assert list(nodes) == ["assess", "select", "generate", "validate", "commit", "unlocks"]


@pytest.mark.django_db
def test_the_next_beat_is_written_knowing_what_the_story_told(owner, finished):
    narrator.beat_write(beat_id=finished.pk)
    first = Beat.objects.get(pk=finished.pk)
    mission = make_mission(make_goal(owner, title="Read more"), title="Read 20 pages")
    goals_services.mission_complete(user=owner, mission_id=mission.pk)
    second = beats.beat_request(user=owner, kind="mission", key=f"mission:{mission.pk}")

    state = narrator.beat_write(beat_id=second.pk)

    assert prose.phrase_id(first.title) in first.told
    facts = facts_from_dict(state.output("select")["facts"])
    assert facts.told == dict.fromkeys(first.told, 1)
    written = Beat.objects.get(pk=second.pk)
    assert written.title != first.title
    assert not set(written.text.split("\n\n")) & set(first.text.split("\n\n"))


@pytest.mark.django_db
def test_a_written_beat_is_never_written_again(owner, finished):
    narrator.beat_write(beat_id=finished.pk)

    assert narrator.beat_write(beat_id=finished.pk) is None
    assert Beat.objects.filter(user=owner, status=Beat.Status.WRITTEN).count() == 1


@flowing
def test_a_chapter_finished_earns_its_essence_once(owner, story):
    goal = make_goal(owner)
    for number in range(4):
        mission = make_mission(goal, title=f"Step {number}")
        goals_services.mission_complete(user=owner, mission_id=mission.pk)

    chapters = list(selectors.beats_written(user=owner).values_list("chapter", flat=True))
    assert chapters == [2, 1, 1, 1]  # newest first: the fourth opens chapter two
    reward = EssenceEntry.objects.get(user=owner, key="chapter:1.1")
    assert (reward.amount, reward.note) == (15, "Chapter “Arrival” finished")


class Killed(BaseException):
    """A worker killed mid-node (not an Exception: the runner does not catch it)."""


@pytest.fixture
def killed_while_writing(monkeypatch):
    """The first draft never returns: the worker dies there; later drafts are written."""
    calls = []

    def draft(facts, *, engine, feedback=()):
        calls.append(facts)
        if len(calls) == 1:
            raise Killed
        return prose.beat_draft(facts, engine=engine, feedback=feedback)

    monkeypatch.setattr(steps, "beat_draft", draft)


@pytest.mark.django_db
def test_a_beat_cut_off_by_a_killed_worker_resumes_from_its_last_checkpoint(
    owner, finished, killed_while_writing
):
    engine = build_engine_offline()
    with pytest.raises(Killed):
        narrator.beat_write(beat_id=finished.pk, engine=engine)
    assert narrator.beat_write(beat_id=finished.pk, engine=engine) is None  # still claimed

    later = timezone.now() + beats.CLAIM + dt.timedelta(seconds=1)
    assert selectors.beat_ids_due(now=later) == [finished.pk]
    Beat.objects.filter(pk=finished.pk).update(claimed_until=timezone.now())
    state = narrator.beat_write(beat_id=finished.pk, engine=engine)

    assert [entry["node"] for entry in state.trace] == [
        "assess", "select", "generate", "validate", "commit", "unlocks",
    ]  # fmt: skip
    agent = AgentState.objects.get(user=owner, agent_type=AgentState.AgentType.NARRATOR)
    ran = AgentCheckpoint.objects.filter(agent_state=agent).values_list("node", flat=True)
    assert list(ran).count("assess") == 1  # resumed, not replayed
    assert Beat.objects.get(pk=finished.pk).status == Beat.Status.WRITTEN


@pytest.mark.django_db
def test_a_beat_whose_writer_lives_is_never_taken_by_a_second_writer_even_past_its_claim(
    owner, finished, held_elsewhere
):
    beats.beat_claim(beat_id=finished.pk)  # a worker took it, and a slow model holds it
    writer = held_elsewhere(lock_key("beat-writer", finished.pk))
    Beat.objects.filter(pk=finished.pk).update(claimed_until=timezone.now())  # lapsed

    assert narrator.beat_write(beat_id=finished.pk) is None
    assert Beat.objects.get(pk=finished.pk).attempts == 1  # not claimed again

    writer.die()
    assert narrator.beat_write(beat_id=finished.pk) is not None
    assert Beat.objects.get(pk=finished.pk).status == Beat.Status.WRITTEN


def test_a_beats_claim_outlasts_the_job_time_limit():
    assert beats.CLAIM.total_seconds() > settings.Q_CLUSTER["timeout"]


def build_engine_offline():
    return build_engine(AIConfig())


def _change(**fields):
    every = {field for names in CHANGE_FIELDS.values() for field in names}
    return {"op": fields.pop("op"), **dict.fromkeys(sorted(every)), **fields}


@pytest.mark.django_db
def test_a_model_that_breaks_the_world_is_asked_again_then_the_offline_words_are_kept(
    owner, finished, openai_server, ai_config
):
    """The model gives a star map never found to Mira: refused three times (a draft and two
    regenerations, each told what broke), then the offline generator writes the beat."""
    # Words that pass every check: only the world is wrong.
    plain = beat_draft_offline(narrator_facts(finished))
    contradiction = {
        "title": "The Star Map",
        "text": plain.text.text + "\n\nA lantern hums softly by the door.",
        "changes": [_change(op="give", place="commons", item="star-map", to="mira", giver="hero")],
    }
    for _ in range(narrator.DRAFTS_MAX):
        openai_server.plan_json(contradiction)

    narrator.beat_write(beat_id=finished.pk, engine=build_engine(ai_config))

    beat = Beat.objects.get(pk=finished.pk)
    assert beat.status == Beat.Status.WRITTEN
    assert beat.source == "offline (model drafts refused: 3)"
    assert [entry["violations"] != [] for entry in beat.validation] == [True, True, True, False]
    assert "star-map" not in selectors.world_current(user=owner).entities
    prompts = [json.dumps(r.body) for r in openai_server.requests]
    assert len(prompts) == 3
    assert "never" in prompts[1].lower() or "star map" in prompts[1].lower()


def narrator_facts(beat):
    claimed = Beat.objects.get(pk=beat.pk)
    selected = steps.beat_select(
        beat=claimed, assessment=steps.beat_assess(beat=claimed, now=timezone.now())
    )
    return facts_from_dict(selected["facts"])


@flowing
def test_a_goal_reached_and_the_quest_it_unlocks_are_told(owner, story):
    goal = make_goal(owner, title="Write a short story")
    mission = make_mission(goal, title="Write the first page")
    goals_services.mission_complete(user=owner, mission_id=mission.pk)
    goals_services.goal_set_status(user=owner, goal_id=goal.pk, status="completed")

    told = [(beat.kind, beat.provenance) for beat in selectors.beats_written(user=owner)]
    kinds = [kind for kind, _ in told]
    assert kinds[-1] == BeatKind.OPENING
    assert BeatKind.QUEST in kinds or BeatKind.GOAL in kinds
    cited = [fact for _, provenance in told for fact in provenance]
    assert {"kind": "goal", "id": goal.pk, "title": "Write a short story"} in cited
