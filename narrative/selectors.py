"""Reads of the narrative app, each scoped to one person: their story and its world at an
instant; their Essence and quests."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import (
    F,
    Func,
    IntegerField,
    Q,
    QuerySet,
)
from django.utils import timezone

from delight.models import User
from goals import selectors as goals_selectors
from goals.models import ActivityEvent, Goal, Mission
from goals.progress import selectors as progress_selectors
from narrative.invariants import (
    AT,
    HERO,
    ITEM,
    PERSON,
    PLACE,
    EntityState,
    FactState,
    Rules,
    World,
)
from narrative.models import (
    Beat,
    BeatTrigger,
    Entity,
    EssenceAccount,
    EssenceEntry,
    Fact,
    QuestUnlock,
    Story,
)
from narrative.scenario import ChapterName, scenario_chapter, scenario_names, scenario_places
from world import selectors as world_selectors
from world.models import Zone
from world.rules import zone_is_open
from world.rules.localtime import always_open
from world.selectors import clock_of, zones_all


def story_of(*, user: User) -> Story | None:
    """The person's story, or None before it has begun."""
    return Story.objects.owned_by(user).select_related("scenario").first()


def beats_written(*, user: User) -> QuerySet[Beat]:
    """The person's written beats, newest first."""
    return Beat.objects.owned_by(user).filter(status=Beat.Status.WRITTEN)


# A beat asked for this long ago and not taken up is the sweep's (its own job went missing).
BEAT_JOB_GRACE = dt.timedelta(seconds=20)


def beat_ids_due(*, now: dt.datetime | None = None, limit: int = 100) -> list[int]:
    """Beats nobody is writing: done gathering (or, written at once, waiting past the
    grace), or their writer's claim lapsed (a killed worker, a failed try due again), oldest
    first; across people, for the sweep (each is claimed before it is written)."""
    now = now or timezone.now()
    due = Beat.objects.filter(
        Q(status=Beat.Status.PENDING, due_at__isnull=True, requested_at__lt=now - BEAT_JOB_GRACE)
        | Q(status=Beat.Status.PENDING, due_at__lte=now)
        | Q(status=Beat.Status.WRITING, claimed_until__lt=now)
    )
    return list(due.order_by("requested_at").values_list("pk", flat=True)[:limit])


def beat_latest_told(*, user: User, beat: Beat) -> list[dict[str, Any]]:
    """What `beat` told of that still holds: a mission done then taken back ("undo") is no
    longer told of."""
    cited = beat.provenance if isinstance(beat.provenance, list) else []
    ids = [part.get("mission") for part in cited if isinstance(part, dict)]
    done = goals_selectors.mission_ids_done(user=user, ids=[i for i in ids if i])
    return [
        part
        for part in cited
        if not (isinstance(part, dict) and part.get("kind") == "mission"
                and part.get("mission") and part["mission"] not in done)
    ]  # fmt: skip


def beat_latest(*, user: User) -> Beat | None:
    return beats_written(user=user).first()


def beat_on_its_way(*, user: User) -> bool:
    """Whether a passage is asked for and not written yet (nor given up)."""
    waiting = (Beat.Status.PENDING, Beat.Status.WRITING)
    return Beat.objects.owned_by(user).filter(status__in=waiting).exists()


@dataclass(frozen=True)
class BeatHeld:
    """A passage asked for and held for a later hour (the person's evening, or the end of a
    burst), with the missions it will tell."""

    at: dt.datetime
    missions: list[str]


def beat_held(*, user: User, now: dt.datetime | None = None) -> BeatHeld | None:
    """The person's passage not written yet, if one is: held for a later hour, gathering
    what comes next, or due and being written (the minute's sweep takes it up, so a page
    says it is coming rather than that nothing is)."""
    waiting = (Beat.Status.PENDING, Beat.Status.WRITING)
    beat = Beat.objects.owned_by(user).filter(status__in=waiting).first()
    if beat is None:
        return None
    triggers = beat.triggers.filter(kind=BeatTrigger.Kind.MISSION)
    titles = [str(t.detail.get("title") or "") for t in triggers]
    at = max(beat.due_at or beat.requested_at, now or timezone.now())  # overdue: about now
    return BeatHeld(at=at, missions=[title for title in titles if title])


def choices_taken(*, user: User) -> set[str]:
    """The keys of the choices the person spent Essence on."""
    spent = EssenceEntry.objects.owned_by(user).filter(key__startswith="choice:")
    return set(spent.values_list("key", flat=True))


def beat_get(*, user: User, beat_id: int) -> Beat | None:
    """One of the person's written beats (None for another's, or one not written yet)."""
    return beats_written(user=user).filter(pk=beat_id).first()


@dataclass(frozen=True)
class Known:
    """A place, person or item of the person's world as the story page shows it."""

    key: str
    name: str
    description: str


@dataclass(frozen=True)
class StoryMap:
    """What the hero knows of the world now: the places discovered (and where they stand),
    the people met (not those who left), the items they hold."""

    places: tuple[Known, ...]
    here: str  # the key of the place the hero is at
    people: tuple[Known, ...]
    items: tuple[Known, ...]


def story_map(*, story: Story) -> StoryMap:
    """The person's world now, described with the scenario's words."""
    world = world_current(user=story.user)
    data = story.scenario.data
    described = {
        thing["key"]: thing.get("description", "")
        for part in ("places", "people", "items")
        for thing in data.get(part, [])
    }

    def known(keys: list[str]) -> tuple[Known, ...]:
        return tuple(Known(key, world.entities[key].name, described.get(key, "")) for key in keys)

    alive = {k: e for k, e in world.entities.items() if e.left_at is None}
    here = next((f.object for f in world.facts if f.subject == HERO and f.relation == AT), "")
    held = world.held_by(HERO)
    return StoryMap(
        places=known([k for k, e in alive.items() if e.kind == PLACE]),
        here=here,
        people=known([k for k, e in alive.items() if e.kind == PERSON and k != HERO]),
        items=known([k for k in held if k in alive and alive[k].kind == ITEM]),
    )


def world_at(*, user: User, at: dt.datetime) -> World:
    """The person's world as it stood at ``at``: the entities introduced by then (with
    ``left_at`` only if they had left by then) and the facts true then."""
    entities = Entity.objects.owned_by(user).filter(introduced_at__lte=at)
    facts = Fact.objects.owned_by(user).filter(
        Q(valid_to__isnull=True) | Q(valid_to__gt=at), valid_from__lte=at
    )
    return _world(entities, facts, left_by=at)


def world_current(*, user: User) -> World:
    """The person's whole world now: every entity and every fact still true."""
    entities = Entity.objects.owned_by(user)
    facts = Fact.objects.owned_by(user).filter(valid_to__isnull=True)
    return _world(entities, facts, left_by=None)


def _world(
    entities: QuerySet[Entity], facts: QuerySet[Fact], *, left_by: dt.datetime | None
) -> World:
    def left(entity: Entity) -> dt.datetime | None:
        gone = entity.left_at
        return gone if gone is not None and (left_by is None or gone <= left_by) else None

    return World(
        entities={
            e.key: EntityState(e.key, e.kind, e.name, e.introduced_at, left(e))
            for e in entities.order_by("introduced_at", "pk")
        },
        facts=[
            FactState(f.subject.key, f.relation, f.object.key, f.valid_from)
            for f in facts.select_related("subject", "object").order_by("valid_from", "pk")
        ],
    )


def rules_for(*, story: Story) -> Rules:
    """What the invariants check a scene of ``story`` against: its scenario's places and
    names, and the world's zones for its person."""
    data = story.scenario.data
    return Rules(
        places=scenario_places(data),
        names=scenario_names(data),
        zone_open=zone_open_for(user=story.user),
    )


def zone_open_for(*, user: User) -> Callable[[str, dt.datetime], bool]:
    """Whether a world zone is open for ``user`` at an instant (world's time rules); a zone
    the world no longer has closes nothing."""
    specs = {zone.slug: zone.spec() for zone in zones_all()}
    clock = clock_of(user)
    return lambda slug, at: slug not in specs or zone_is_open(specs[slug], clock, at)


# A comeback is read in the day before the mission that ends it.
RETURN_WINDOW = dt.timedelta(hours=24)
# Late: a session ending from 21:00 to 03:59 on the person's clock where they were.
NIGHT_HOURS = (21, 22, 23, 0, 1, 2, 3)


def essence_balance(*, user: User) -> int:
    account = EssenceAccount.objects.owned_by(user).values_list("balance", flat=True).first()
    return account or 0


def essence_ledger(*, user: User) -> QuerySet[EssenceEntry]:
    """The person's entries, newest first."""
    return EssenceEntry.objects.owned_by(user)


def quests_unlocked(*, user: User) -> QuerySet[QuestUnlock]:
    """The quests the person unlocked, newest first."""
    return QuestUnlock.objects.owned_by(user)


def quest_keys_unlocked(*, user: User) -> set[str]:
    return set(QuestUnlock.objects.owned_by(user).values_list("quest_key", flat=True))


@dataclass(frozen=True)
class QuestFacts:
    """What the quest conditions (narrative.quests) are judged on; a fact not asked for is
    left at its empty value."""

    streak_longest: int = 0  # the person's longest streak, any activity
    streak_longest_category: int = 0  # the longest within one value category
    missions_done: int = 0
    habit_days_most: int = 0  # the days done of the habit done on the most days
    goals_completed: int = 0
    # The instants the person was here up to their latest mission done: the one last before
    # the return window, then those within it (see RETURN_WINDOW).
    return_times: tuple[dt.datetime, ...] = ()
    late_sessions: Mapping[str, int] = field(default_factory=dict)  # zone slug: sessions


def quest_facts(*, user: User, now: dt.datetime, needs: Collection[str]) -> QuestFacts:
    """The facts in `needs` ("streak", "missions_done", "habit_days", "goals_completed",
    "return", "late_sessions:<zone slug>") about the person up to `now`."""
    facts: dict[str, Any] = {}
    if "streak" in needs:
        streaks = progress_selectors.progress_streaks(user=user, now=now)
        facts["streak_longest"] = streaks.overall.longest
        facts["streak_longest_category"] = max(
            (streak.longest for streak in streaks.by_category.values()), default=0
        )
    if "missions_done" in needs:
        done = Mission.objects.owned_by(user).filter(status=Mission.Status.COMPLETED)
        facts["missions_done"] = done.count()
    if "habit_days" in needs:
        facts["habit_days_most"] = goals_selectors.habit_days_most(user=user)
    if "goals_completed" in needs:
        completed = Goal.objects.owned_by(user).filter(status=Goal.Status.COMPLETED)
        facts["goals_completed"] = completed.count()
    if "return" in needs:
        facts["return_times"] = goals_selectors.return_times(
            user=user, now=now, window=RETURN_WINDOW
        )
    slugs = [need.removeprefix("late_sessions:") for need in needs if need.startswith("late_")]
    if slugs:
        facts["late_sessions"] = {slug: _late_sessions(user=user, slug=slug) for slug in slugs}
    return QuestFacts(**facts)


class _LocalHour(Func):
    """The hour on the clock of the zone an activity happened in (PostgreSQL timezone())."""

    function = "timezone"
    template = "EXTRACT(HOUR FROM %(function)s(%(expressions)s))::int"
    output_field = IntegerField()


def _late_sessions(*, user: User, slug: str) -> int:
    """Sessions the person ended at night in one of the zone's categories while it was open
    (none for a zone the world no longer has)."""
    zone = Zone.objects.filter(slug=slug).first()
    if zone is None:
        return 0
    spec, clock = zone.spec(), world_selectors.clock_of(user)
    ends = (
        ActivityEvent.objects.owned_by(user)
        .filter(kind=ActivityEvent.Kind.SESSION_COMPLETED, category__in=zone.categories)
        .annotate(hour=_LocalHour(F("zone"), F("occurred_at")))
        .filter(hour__in=NIGHT_HOURS)
    )
    if always_open(spec, clock):  # the Observatory as shipped: counted in the database
        return ends.count()
    return sum(
        1 for end in ends.values_list("occurred_at", flat=True) if zone_is_open(spec, clock, end)
    )


# -- the story page ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BookChapter:
    """One chapter of the person's story as the page reads it: the scenario's words for it
    and its passages, oldest first."""

    heading: ChapterName
    beats: tuple[Beat, ...]
    opens_act: bool  # the first chapter shown of its act: the page names the act above it


def story_chapters(*, story: Story) -> tuple[BookChapter, ...]:
    """The person's written beats as the chapters of a book, in reading order.

    1. Read the written beats oldest first.
    2. Group them by act and chapter, the chapters in the story's order.
    3. Name each chapter with the scenario's words; the first of each act opens it.
    """
    grouped: dict[tuple[int, int], list[Beat]] = {}
    for beat in beats_written(user=story.user).order_by("written_at", "pk"):
        grouped.setdefault((beat.act or 1, beat.chapter or 1), []).append(beat)
    chapters, act_shown = [], 0
    for act, number in sorted(grouped):
        heading = scenario_chapter(story.scenario.data, act, number)
        chapters.append(BookChapter(heading, tuple(grouped[act, number]), act != act_shown))
        act_shown = act
    return tuple(chapters)


def story_chapter(*, story: Story, beat: Beat | None = None) -> ChapterName:
    """The act and chapter ``beat`` belongs to (the person is in now, without one), in the
    scenario's words."""
    if beat is None:
        return scenario_chapter(story.scenario.data, story.act, story.chapter)
    return scenario_chapter(story.scenario.data, beat.act or 1, beat.chapter or 1)


def place_zones(*, story: Story) -> dict[str, str]:
    """The world zone of each of the story's places that has one (its key: the zone's slug)."""
    places = scenario_places(story.scenario.data)
    return {key: place.zone for key, place in places.items() if place.zone}
