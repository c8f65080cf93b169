"""Story benchmark: a beat written offline and validated, and hidden-quest evaluation per
event, for a person with 120 days of history; the world rebuilt at a past date for a story
of 2,000 beats.

    .venv/bin/python bench/story.py              # all three
    .venv/bin/python bench/story.py --beats 500  # a quick look

Targets (issue 21): offline beat generation + validation p95 <= 50 ms; quest evaluation
<= 5 ms per event; world rebuild at a past date for a story of 2,000 beats <= 100 ms.

Everything is written once into its own database (delight_bench_story) and reused by later
runs: the quest person's 120 days (three missions done a day, two focus sessions, one of them
late at night, one goal still open) and the story person's 2,000 beats, each applied through
`world_apply` like a committed beat (the hero walks to another place, leaves the item carried
there and takes the one lying there; every tenth beat something happens that the walk caused).
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from common import bench_database_url, django_setup, figure, p95

if TYPE_CHECKING:
    from delight.models import User
    from narrative.models import Story

BENCH_DB = "delight_bench_story"
QUEST_PERSON = "story-bench-quests"
STORY_PERSON = "story-bench-world"
NOW = dt.datetime(2026, 11, 25, 12, 0, tzinfo=dt.UTC)
HISTORY_DAYS = 120
RUNS = 300
# The story's places outside the world zones: open at every hour, so any beat time is valid.
WALK = ("orchard", "river-crossing", "library", "summit")
ITEMS = ("seed-pouch", "ferry-token", "lantern", "beacon-flame")  # one lying at each place
BEAT_EVERY = dt.timedelta(hours=4)


def percentiles(timings: list[float]) -> str:
    """p50, p95 (the one bench/all.py is given) and max."""
    return (
        f"p50 {statistics.median(timings):.2f} ms, p95 {p95(timings):.2f} ms,"
        f" max {max(timings):.2f} ms"
    )


def timed(call: Callable[[], object], runs: int) -> list[float]:
    call()  # warm: imports, caches, plans
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        timings.append((time.perf_counter() - started) * 1000)
    return timings


# -- quests -----------------------------------------------------------------------------------


def ensure_quest_person() -> User:
    """The person with 120 days of history (written once)."""
    from delight.models import User
    from goals.models import ActivityEvent, Goal, Mission
    from goals.progress.days import lived_day

    # Joined before the history begins: a story starts on the day its person joined, and a
    # scene may not be set before the story's latest moment.
    joined = NOW - dt.timedelta(days=HISTORY_DAYS + 1)
    user, created = User.objects.get_or_create(
        username=QUEST_PERSON,
        defaults={
            "timezone": "Europe/Paris",
            "onboarding_step": User.Onboarding.DONE,
            "date_joined": joined,
        },
    )
    if not created and ActivityEvent.objects.filter(user=user).exists():
        User.objects.filter(pk=user.pk).update(date_joined=joined)  # built by an older bench
        user.date_joined = joined
        return user
    goal = Goal.objects.create(user=user, title="Learn the cello", category="growth")
    events = []
    for back in range(HISTORY_DAYS, 0, -1):
        day = NOW - dt.timedelta(days=back)
        for hour, kind in (
            (8, "mission_completed"),
            (12, "mission_completed"),
            (18, "mission_completed"),
            (13, "session_completed"),
            (21, "session_completed"),
        ):
            at = day.replace(hour=hour)
            local = lived_day(at, zone=user.timezone, day_start_hour=user.day_start_hour).date
            # A mission done is the person's own mission, with its title: what a beat cites.
            mission = (
                Mission.objects.create(
                    user=user,
                    goal=goal,
                    title="Practise scales",
                    category="growth",
                    status=Mission.Status.COMPLETED,
                    completed_at=at,
                )
                if kind == "mission_completed"
                else None
            )
            events.append(
                ActivityEvent(
                    user=user,
                    kind=kind,
                    mission=mission,
                    occurred_at=at,
                    local_date=local,
                    zone=user.timezone,
                    category="growth",
                )
            )
    ActivityEvent.objects.bulk_create(events)
    return user


def bench_quests() -> None:
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from narrative import quests
    from narrative.models import QuestUnlock

    user = ensure_quest_person()
    QuestUnlock.objects.filter(user=user).delete()
    print(f"\nQuest evaluation per event ({HISTORY_DAYS} days of history, {RUNS} runs)")
    for event in ("mission", "session", "goal"):
        with CaptureQueriesContext(connection) as queries:
            due = quests.quests_due(user=user, now=NOW, event=event)
        every = timed(lambda event=event: quests.quests_due(user=user, now=NOW, event=event), RUNS)
        print(f"  a {event} event, every quest locked: {percentiles(every)} (target <= 5 ms)")
        figure(f"quest evaluation, a {event} event: p95", p95(every), target=5)
        print(f"    {len(queries)} queries; met: {', '.join(q.key for q in due) or 'none'}")
    with CaptureQueriesContext(connection) as queries:
        quests.quests_due(user=user, now=NOW)
    every = timed(lambda: quests.quests_due(user=user, now=NOW), RUNS)
    print(f"  no event named (the sweep, an import): {percentiles(every)}, {len(queries)} queries")
    with transaction.atomic():
        quests.quests_check(user=user, now=NOW)  # the met ones unlock, once
        later = timed(lambda: quests.quests_check(user=user, now=NOW), RUNS)
        transaction.set_rollback(True)
    print(f"  after the met ones unlocked: {percentiles(later)}")


# -- a beat, offline ---------------------------------------------------------------------------


def bench_beat() -> None:
    """The narrator's steps before its commit, as a worker runs them for a mission done:
    assess (the person's progress since the last beat), select (the kind, the chapter, the
    scene planned on the world), generate (the offline grammar) and validate (every
    invariant on the draft's changes); rolled back, so each run writes the same beat."""
    from django.db import transaction

    from delight.ai.engine import OfflineEngine
    from narrative.beats import services, steps

    user = ensure_quest_person()
    engine = OfflineEngine()
    print(f"\nA beat written offline and validated ({HISTORY_DAYS} days of history, {RUNS} runs)")
    with transaction.atomic():
        beat = services.beat_request(user=user, kind="mission", key="bench:mission", at=NOW)
        beat = services.beat_claim(beat_id=beat.pk, now=NOW)

        def write() -> tuple[dict, list[str]]:
            assessment = steps.beat_assess(beat=beat, now=NOW)
            selected = steps.beat_select(beat=beat, assessment=assessment)
            draft = steps.beat_generate(selected=selected, engine=engine)
            return draft, steps.beat_validate(beat=beat, selected=selected, draft=draft)

        timings = timed(write, RUNS)
        draft, violations = write()
        transaction.set_rollback(True)
    words = len(draft["text"].split())
    print(f"  assess + select + generate + validate: {percentiles(timings)} (target <= 50 ms)")
    figure("beat offline (assess to validate): p95", p95(timings), target=50)
    figure("beat: violations", len(violations), target=0, unit="")
    print(
        f"    “{draft['title']}”, {words} words, {len(draft['changes'])} changes, "
        f"{len(violations)} violations"
    )
    for violation in violations:
        print(f"      {violation}")


# -- the world at a past date -------------------------------------------------------------------


def ensure_story(beats: int) -> User:
    """The person whose story has `beats` beats of world changes (written once)."""
    from django.db import transaction

    from delight.models import User
    from narrative import services
    from narrative.models import Story

    user, _ = User.objects.get_or_create(
        username=f"{STORY_PERSON}-{beats}",
        defaults={
            "timezone": "Europe/Paris",
            "onboarding_step": User.Onboarding.DONE,
            "date_joined": NOW - BEAT_EVERY * (beats + 2),
        },
    )
    if Story.objects.filter(user=user).exists():  # written whole, in one transaction
        return user
    started = time.perf_counter()
    with transaction.atomic():
        _write_beats(services.story_start(user=user), beats)
    print(f"  {beats:,} beats applied through world_apply in {time.perf_counter() - started:.0f} s")
    return user


def _write_beats(story: Story, beats: int) -> None:
    """The opening (every place of the walk found, an item lying at each, the ferryman met),
    then `beats` beats at BEAT_EVERY, each a few facts closed and opened."""
    from narrative import services
    from narrative.invariants import (
        HERO,
        ITEM,
        PERSON,
        Cause,
        Discover,
        Give,
        Introduce,
        Move,
    )

    at = story.started_at + BEAT_EVERY
    opening = [Discover(place=place, key=place) for place in WALK]
    opening += [Introduce(place=p, kind=ITEM, key=i) for p, i in zip(WALK, ITEMS, strict=True)]
    opening.append(Introduce(place="river-crossing", kind=PERSON, key="old-bram"))
    services.world_apply(story=story, changes=opening, at=at)
    lying: dict[str, str | None] = dict(zip(WALK, ITEMS, strict=True))
    carried: str | None = None
    for beat in range(1, beats):
        at += BEAT_EVERY
        place = WALK[beat % len(WALK)]
        changes = [Move(place=place, who=HERO, to=place)]
        if carried is not None:
            changes.append(Give(place=place, item=carried, to=place, giver=HERO))
        if lying[place] is not None:
            changes.append(Give(place=place, item=lying[place], to=HERO))
        if beat % 10 == 0:
            changes.append(Cause(place=place, key=f"walk-{beat}", by=HERO, name="A walk"))
        services.world_apply(story=story, changes=changes, at=at)
        carried, lying[place] = lying[place], carried


def bench_world(beats: int) -> None:
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from narrative import selectors
    from narrative.models import Entity, Fact, Story

    user = ensure_story(beats)
    reset_queries()  # writing the beats filled the query log
    story = Story.objects.get(user=user)
    facts = Fact.objects.filter(story=story).count()
    entities = Entity.objects.filter(story=story).count()
    first, last = story.started_at, story.started_at + BEAT_EVERY * beats
    picks = random.Random(21)
    instants = [first + (last - first) * picks.random() for _ in range(RUNS)]
    print(f"\nWorld rebuilt at a past date ({beats:,} beats: {facts:,} facts, {entities} entities)")
    with CaptureQueriesContext(connection) as queries:
        world = selectors.world_at(user=user, at=instants[0])
    print(f"  {len(queries)} queries; at a random instant: {len(world.facts)} facts true")
    pending = iter(instants * 2)
    timings = timed(lambda: selectors.world_at(user=user, at=next(pending)), RUNS)
    print(f"  {percentiles(timings)} (target <= 100 ms)")
    figure("world at a past date: p95", p95(timings), target=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beats", type=int, default=2000)
    parser.add_argument("--skip-beat", action="store_true")
    parser.add_argument("--skip-quests", action="store_true")
    parser.add_argument("--skip-world", action="store_true")
    args = parser.parse_args()
    django_setup(bench_database_url(BENCH_DB))
    if not args.skip_beat:
        bench_beat()
    if not args.skip_quests:
        bench_quests()
    if not args.skip_world:
        bench_world(args.beats)


if __name__ == "__main__":
    main()
