"""Story quality benchmark: how well a person's story reads after 90 days of real progress,
every passage written offline by the narrator exactly as a person would get it.

    .venv/bin/python bench/story_quality.py            # three people, 90 days
    .venv/bin/python bench/story_quality.py --days 30  # a quick look
    .venv/bin/python bench/story_quality.py --show     # and two passages of each story

Targets (the story-quality issue), per story: distinct-paragraph ratio 1.0 (no paragraph
template twice); repeated 8-grams across passages 0 (outside quoted titles); titles repeated
0; statement-check violations committed 0; side chapters in which the person acts 100 %.

Three people live through the same 90 days (from 3 August 2026, each on their own clock):
"steady" does 1-3 missions on most days and ticks a habit on most days; "break" does the
same but nothing at all for 14 days in the middle; "importer" first imports a year of Loop
Habit Tracker history (a zip of Habits.csv and Checkmarks.csv, built in memory), then
lives like "steady". Everything runs in a database of its own (delight_bench_story_quality),
made afresh by every run (a beat's id seeds its words: a fresh database writes the same
stories again) and dropped at the end unless --keep (kept to read the passages).

1. Jobs run inline: every module's django-q `async_task` is replaced by a queue this process
   drains after each thing a person does, as a worker would: a passage written
   (narrative.tasks.write_story_beat: the narrator's `beat_write`, with the offline engine),
   quests evaluated, progress recounted (habit milestones). The other jobs (insights,
   consistency snapshots, goal planning) tell no story and are dropped (counted).
   STORY_GATHER_SECONDS is 0, so whatever asks for a passage (a streak or habit
   milestone, a goal, a return, a quest, a side chapter bought) has it written at once, as
   the 90-second gather would for actions hours apart; missions alone wait for the person's
   evening (STORY_DAILY), when the minute's sweep, run after each drain and once a minute
   after each person's STORY_EVENING_HOUR, writes the day's passage.
2. The clock: time_machine moves it to each action's instant (ticking from there), so every
   `timezone.now()` (the narrator's scene instant, the claim, the triggers) is the
   simulated one. The three people's actions of a day run in the order of their instants.
3. Each person (a fixed seed per person, so runs compare): a habit (the importer continues
   the imported one), two goals of different values at a time, each with a few missions in
   its pool, topped up through goals' services as they are done; a goal with GOAL_MISSIONS
   missions done is completed (a goal passage) and the next one begun. On an active day:
   1-3 missions (a morning, a lunchtime and an evening burst; one in six through a focus
   session with a short reflection), the habit ticked most evenings. Special missions from
   hidden quests join the pool and are done like any other.
4. Side chapters: after each action, a passage offering one ("Spend an evening with …")
   that the person can afford is bought with CHOICE_CHANCE, through
   `story_choice_take`; declined offers are not asked again.
5. Every written passage (narrative.models.Beat: title, text, place, changes, kind, the
   side chapter's host from its choice trigger) is read in order, per person, and measured
   (bench/story_metrics.py, whose docstring says what each number counts): passages
   written and failed, the distinct-paragraph ratio, repeated 8-grams (the 10 in most
   passages shown), titles repeated, statement-check violations, side chapters in which
   the person acts.
6. Print a table per person with totals, the details behind each number, and the totals as
   figures for bench/all.py (common.figure).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import importlib
import io
import logging
import os
import random
import sys
import time
import zipfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit
from zoneinfo import ZoneInfo

from common import bench_database_url, django_setup, figure
from story_metrics import Passage, Quality, measure

if TYPE_CHECKING:
    from delight.models import User

BENCH_DB = "delight_bench_story_quality"
PREFIX = "story-quality-"
SEED = 21
START = dt.date(2026, 8, 3)  # a Monday; day 0 of the simulation, on each person's clock
BREAK_FROM, BREAK_DAYS = 38, 14  # the "break" person does nothing on days 38..51
GOAL_MISSIONS = 15  # missions done under a goal before the person completes it
POOL_SIZE = 3  # open missions a goal keeps in its pool
CHOICE_CHANCE = 0.7  # an affordable side chapter offered is bought this often
SESSION_CHANCE = 1 / 6  # a mission done through a focus session, with a reflection
TOP = 10

# The jobs run inline, by their django-q name; the others are dropped (they tell no story).
WRITE_TASK = "narrative.tasks.write_story_beat"
QUESTS_TASK = "narrative.tasks.evaluate_quests"
RECOUNT_TASK = "goals.tasks.recount_progress"
# The modules that enqueue jobs (each imports `async_task` by name).
ENQUEUERS = (
    "narrative.beats.services",
    "narrative.quests",
    "goals.services.recount",
    "goals.services.insights",
    "goals.services.consistency",
    "goals.services.plans",
)


@dataclass(frozen=True)
class Persona:
    key: str
    first_name: str
    zone: str
    active: float  # the chance of a day with missions
    ticks: float  # the chance of the habit ticked on a day
    rests: range = range(0)  # days with nothing at all
    imports: bool = False


PEOPLE = (
    Persona("steady", "Maya", "Europe/Paris", active=0.9, ticks=0.85),
    Persona(
        "break",
        "Tariq",
        "America/New_York",
        active=0.9,
        ticks=0.85,
        rests=range(BREAK_FROM, BREAK_FROM + BREAK_DAYS),
    ),
    Persona("importer", "Lena", "Asia/Tokyo", active=0.9, ticks=0.85, imports=True),
)

HABIT = "Meditate"
# Goals a person works on, in order (two at a time, of different values), with the missions
# their pool is topped up from (in a cycle: a mission like a run is done again and again).
GOALS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Run a 10k", "health", ("Easy 20-minute run", "Stretch for ten minutes", "Interval run")),
    ("Learn to sketch", "craft", ("Draw a cup", "Shade a sphere", "Sketch a hand")),
    ("Read more books", "growth", ("Read 20 pages", "Write a book note", "Visit the library")),
    ("Call friends more", "connection", ("Call Sam", "Write to Grandma", "Plan a dinner")),
    ("Sleep before midnight", "health", ("Screens off at 23:00", "Evening walk", "Read in bed")),
    ("Finish the garden bench", "craft", ("Sand the planks", "Oil the wood", "Fix the legs")),
    ("Learn some Spanish", "growth", ("Ten minutes of Duolingo", "Learn 20 words", "Podcast")),
    ("Host a games night", "connection", ("Invite friends", "Buy snacks", "Set up the table")),
)
REFLECTIONS = (
    "Harder than I thought, but I finished it.",
    "Felt calm afterwards. Want to keep this going.",
    "Slow start, then it clicked.",
    "Tired today, glad I did it anyway.",
    "Better than last time.",
)

# -- jobs, inline ----------------------------------------------------------------------------


@dataclass
class Jobs:
    """The django-q jobs enqueued, run here in order (a worker of our own)."""

    queue: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    ran: Counter[str] = field(default_factory=Counter)
    write_failures: list[str] = field(default_factory=list)

    def enqueue(self, func: str, *args: Any, **kwargs: Any) -> str:
        self.queue.append((func, args))
        return "inline"

    def install(self) -> None:
        import django_q.tasks

        original = django_q.tasks.async_task
        for name in ENQUEUERS:
            importlib.import_module(name)
        for module in list(sys.modules.values()):
            if getattr(module, "async_task", None) is original:
                module.async_task = self.enqueue  # type: ignore[attr-defined]

    def drain(self) -> None:
        """Run every job enqueued (and the ones they enqueue), then the minute's sweep of
        beats whose try failed or whose job was lost."""
        from delight.ai.engine import OfflineEngine
        from goals.tasks import recount_progress
        from narrative import selectors
        from narrative.beats import narrator
        from narrative.tasks import evaluate_quests

        engine = OfflineEngine()
        runs: dict[str, Callable[..., object]] = {
            WRITE_TASK: lambda beat_id: self._write(narrator, beat_id, engine),
            QUESTS_TASK: evaluate_quests,
            RECOUNT_TASK: recount_progress,
        }
        for sweep in (False, True):
            if sweep:
                self.queue += [(WRITE_TASK, (pk,)) for pk in selectors.beat_ids_due()]
            while self.queue:
                func, args = self.queue.pop(0)
                if func not in runs:
                    self.dropped[func] += 1
                    continue
                runs[func](*args)
                self.ran[func] += 1

    def _write(self, narrator: Any, beat_id: int, engine: Any) -> None:
        state = narrator.beat_write(beat_id=beat_id, engine=engine)
        if state is not None and state.failure:
            self.write_failures.append(f"beat {beat_id}: {state.failure}")


# -- the people ------------------------------------------------------------------------------


@dataclass
class Person:
    persona: Persona
    user: User
    habit_id: int
    rng: random.Random
    goals: list[int] = field(default_factory=list)  # active goal ids
    done_in: Counter[int] = field(default_factory=Counter)  # missions done, by goal
    titles: dict[int, Iterator[str]] = field(default_factory=dict)  # a goal's next missions
    next_goal: int = 0
    offers_seen: set[str] = field(default_factory=set)
    bought: int = 0


def local(persona: Persona, day: dt.date, hour: int, minute: int) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZoneInfo(persona.zone))


def loop_export(today: dt.date, rng: random.Random) -> bytes:
    """Loop Habit Tracker's export zip of a year before `today`: a daily yes/no habit done
    on about 80 % of days, and a run of at least 5 km three times a week."""
    habits = (
        "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,"
        "Unit,Target Type,Target Value,Archived?\n"
        f"001,{HABIT},YES_NO,Did you meditate?,,1,1,#FF8F00,,,,false\n"
        "002,Run,NUMERICAL,How far did you run?,,3,7,#E64A19,km,AT_LEAST,5.0,false\n"
    )
    rows = [f"Date,{HABIT},Run,"]
    for back in range(1, 366):  # newest first, as Loop writes it
        day = today - dt.timedelta(days=back)
        meditated = "YES_MANUAL" if rng.random() < 0.8 else "NO"
        ran = str(rng.choice((5000, 5400, 6100))) if day.weekday() in (0, 2, 5) else "UNKNOWN"
        rows.append(f"{day.isoformat()},{meditated},{ran},")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Habits.csv", habits)
        archive.writestr("Checkmarks.csv", "\n".join(rows) + "\n")
    return buffer.getvalue()


def person_create(persona: Persona, seed: int) -> Person:
    """The person, their first two goals and their habit (imported, for the importer)."""
    from delight.models import User
    from goals import services
    from goals.models import Habit
    from goals.progress.importing_loop import parse_upload

    user = User.objects.create(
        username=f"{PREFIX}{persona.key}",
        first_name=persona.first_name,
        timezone=persona.zone,
        onboarding_step=User.Onboarding.DONE,
    )
    rng = random.Random(seed)
    if persona.imports:
        history = parse_upload(
            io.BytesIO(loop_export(START, rng)),
            category="health",
            zone=user.timezone,
            day_start_hour=user.day_start_hour,
            now=dt.datetime.now(dt.UTC),
        )
        services.progress_import(user=user, history=history)
        habit = Habit.objects.get(user=user, title=HABIT)
    else:
        habit = services.habit_create(user=user, title=HABIT, category="health")
    person = Person(persona=persona, user=user, habit_id=habit.pk, rng=rng)
    goal_begin(person)
    goal_begin(person)
    return person


def goal_begin(person: Person) -> None:
    from goals import services

    title, category, missions = GOALS[person.next_goal % len(GOALS)]
    round_ = person.next_goal // len(GOALS)
    person.next_goal += 1
    goal = services.goal_create(
        user=person.user, title=f"{title}, again" if round_ else title, category=category
    )
    person.goals.append(goal.pk)
    person.titles[goal.pk] = iter([*missions] * 100)
    pool_top_up(person)


def pool_top_up(person: Person) -> None:
    from goals import services
    from goals.models import Mission

    for goal_id in person.goals:
        open_ = Mission.objects.filter(goal_id=goal_id, status__in=Mission.POOL).count()
        for _ in range(POOL_SIZE - open_):
            title = next(person.titles[goal_id])
            services.mission_create(user=person.user, goal_id=goal_id, title=title)


def missions_do(person: Person, count: int) -> None:
    """`count` missions of the pool done (some through a focus session), then the goals with
    enough missions done completed and the pool topped up."""
    from goals import services
    from goals.models import Goal, Mission

    user, rng = person.user, person.rng
    for _ in range(count):
        pool = list(
            Mission.objects.filter(
                user=user, status__in=Mission.POOL, goal__status=Goal.Status.ACTIVE
            ).order_by("id")
        )
        if not pool:
            break
        mission = rng.choice(pool)
        if rng.random() < SESSION_CHANCE:
            session = services.session_start(user=user, mission_id=mission.pk, planned_minutes=25)
            services.session_complete(
                user=user,
                session_id=session.pk,
                actual_minutes=25,
                reflection=rng.choice(REFLECTIONS),
            )
        else:
            services.mission_complete(user=user, mission_id=mission.pk)
        person.done_in[mission.goal_id] += 1
    for goal_id in list(person.goals):
        if person.done_in[goal_id] >= GOAL_MISSIONS:
            services.goal_set_status(user=user, goal_id=goal_id, status=Goal.Status.COMPLETED)
            person.goals.remove(goal_id)
            goal_begin(person)
    pool_top_up(person)


def habit_tick(person: Person) -> None:
    from django.utils import timezone

    from goals import services

    user = person.user
    services.habit_checkin(user=user, habit_id=person.habit_id, day=user.local_day(timezone.now()))


def side_chapters_buy(person: Person) -> None:
    """Each side chapter offered and not considered yet: bought with CHOICE_CHANCE when the
    person can afford it (one they cannot is considered again later)."""
    from narrative import selectors
    from narrative.beats import services

    user = person.user
    balance = selectors.essence_balance(user=user)
    for beat in selectors.beats_written(user=user).exclude(choice=None).order_by("id"):
        choice = beat.choice or {}
        key = choice.get("key")
        if not key or key in person.offers_seen or balance < int(choice.get("cost", 0)):
            continue
        person.offers_seen.add(key)
        if person.rng.random() < CHOICE_CHANCE:
            services.story_choice_take(user=user, beat_id=beat.pk)
            balance -= int(choice["cost"])
            person.bought += 1


Action = tuple[dt.datetime, Person, Callable[[], None]]


def day_actions(person: Person, index: int) -> list[Action]:
    """What the person does on simulated day `index`, at their local instants."""
    persona, rng = person.persona, person.rng
    day = START + dt.timedelta(days=index)
    if index in persona.rests:
        return []
    actions: list[Action] = []
    if rng.random() < persona.active:
        count = rng.choice((1, 1, 2, 2, 2, 3))
        slots = sorted(rng.sample(((7, 45), (12, 40), (18, 50)), k=min(count, 3)))
        for hour, minute in slots:
            at = local(persona, day, hour, minute + rng.randrange(10))
            actions.append((at, person, lambda person=person: missions_do(person, 1)))
    if rng.random() < persona.ticks:
        at = local(persona, day, 21, rng.randrange(50))
        actions.append((at, person, lambda person=person: habit_tick(person)))
    return actions


def evening(person: Person, index: int) -> Action:
    """The minute after the person's evening, when the sweep writes the day's passage."""
    from django.conf import settings

    day = START + dt.timedelta(days=index)
    return (local(person.persona, day, settings.STORY_EVENING_HOUR, 1), person, lambda: None)


def simulate(days: int, jobs: Jobs) -> list[Person]:
    """The three people through `days` days, their actions in the order of their instants."""
    import time_machine

    first = min(local(p, START, 6, 0) for p in PEOPLE)
    people: list[Person] = []
    with time_machine.travel(first, tick=True) as traveller:
        for number, persona in enumerate(PEOPLE):
            traveller.move_to(local(persona, START, 6, 30) - dt.timedelta(days=1))
            people.append(person_create(persona, SEED + number))
            jobs.drain()
        started = time.perf_counter()
        for index in range(days):
            actions = [action for person in people for action in day_actions(person, index)]
            actions += [evening(person, index) for person in people]
            for at, person, act in sorted(actions, key=lambda action: action[0]):
                traveller.move_to(at)
                act()
                jobs.drain()
                side_chapters_buy(person)
                jobs.drain()
            if (index + 1) % 15 == 0:
                elapsed = time.perf_counter() - started
                print(f"  day {index + 1}: {elapsed:.0f} s", flush=True)
    return people


# -- the passages ----------------------------------------------------------------------------


def passages_of(user: User) -> tuple[list[Passage], int]:
    """The person's written passages in story order, and how many beats were given up."""
    from narrative.models import Beat, BeatTrigger

    beats = Beat.objects.filter(user=user)
    hosts = {
        trigger.beat_id: str(trigger.detail.get("host") or "")
        for trigger in BeatTrigger.objects.filter(user=user, kind=BeatTrigger.Kind.CHOICE)
    }
    written = beats.filter(status=Beat.Status.WRITTEN).order_by("written_at", "id")
    passages = [
        Passage(
            kind=beat.kind,
            at=beat.written_at,
            place=beat.place,
            title=beat.title,
            text=beat.text,
            changes=beat.changes if isinstance(beat.changes, list) else [],
            host=hosts.get(beat.pk, ""),
        )
        for beat in written
        if beat.written_at is not None
    ]
    return passages, beats.exclude(status=Beat.Status.WRITTEN).count()


# -- printing --------------------------------------------------------------------------------


def share(acting: int, sides: int) -> str:
    return f"{100 * acting / sides:.0f} % ({acting}/{sides})" if sides else "n/a (0)"


def table(results: list[Quality]) -> None:
    header = (
        f"  {'story':<10} {'passages':>8} {'distinct ¶':>11} {'8-grams':>8} {'titles':>7}"
        f" {'violations':>10}  side chapters acting"
    )
    print(header)
    print("  " + "-" * (len(header) - 2))
    for q in results:
        print(
            f"  {q.person:<10} {q.passages:>8} {q.distinct_ratio:>11.3f} {len(q.grams):>8}"
            f" {len(q.titles):>7} {len(q.violations):>10}  {share(q.acting, q.sides)}"
        )
    paragraphs = sum(q.paragraphs for q in results)
    distinct = sum(len(q.templates) for q in results)
    print("  " + "-" * (len(header) - 2))
    print(
        f"  {'all':<10} {sum(q.passages for q in results):>8}"
        f" {distinct / paragraphs if paragraphs else 1.0:>11.3f}"
        f" {sum(len(q.grams) for q in results):>8} {sum(len(q.titles) for q in results):>7}"
        f" {sum(len(q.violations) for q in results):>10}"
        f"  {share(sum(q.acting for q in results), sum(q.sides for q in results))}"
    )
    print("  targets:   distinct 1.000, 8-grams 0, titles 0, violations 0, acting 100 %")


def cut(text: str, width: int = 96) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def details(q: Quality) -> None:
    kinds = ", ".join(f"{kind} {count}" for kind, count in q.kinds.most_common())
    print(f"\n{q.person}: {q.passages} passages ({kinds}); {q.failed} not written")
    repeats = [(t, n) for t, n in q.templates.most_common(5) if n > 1]
    print(
        f"  paragraphs: {q.paragraphs}, distinct templates {len(q.templates)}"
        f" (ratio {q.distinct_ratio:.3f}); most repeated:"
    )
    for text, count in repeats:
        print(f"    {count:>4}x  {cut(text)}")
    print(f"  8-grams in more than one passage: {len(q.grams)}; in most passages:")
    for gram, count in sorted(q.grams.items(), key=lambda item: (-item[1], item[0]))[:TOP]:
        print(f"    {count:>4}   {' '.join(gram)}")
    again = sum(q.titles.values()) - len(q.titles)
    print(f"  titles used more than once: {len(q.titles)} ({again} passages repeat a title)")
    for title, count in q.titles.most_common(5):
        print(f"    {count:>4}x  {title}")
    print(f"  statement-check violations: {len(q.violations)}")
    for violation in q.violations[:5]:
        print(f"    passage {violation.passage}: {violation.reason}")
        print(f"      “{cut(violation.sentence, 90)}”")
    print(f"  side chapters: {q.sides}, the person acts in {share(q.acting, q.sides)}")
    for title, acts in q.side_titles:
        print(f"    {'acts ' if acts else 'still'}  {title}")


def show(person: str, passages: list[Passage]) -> None:
    """Two passages in full: a side chapter (else one from the start) and one from the
    middle of the story."""
    if not passages:
        return
    side = next((n for n, p in enumerate(passages) if p.kind == "side"), 0)
    for index in sorted({side, len(passages) // 2}):
        passage, number = passages[index], index + 1
        print(f"\n--- {person}, passage {number} of {len(passages)} ({passage.kind}) ---")
        print(f"{passage.title}\n")
        print(passage.text)


def figures(results: list[Quality], days: int) -> None:
    paragraphs = sum(q.paragraphs for q in results)
    distinct = sum(len(q.templates) for q in results)
    sides, acting = sum(q.sides for q in results), sum(q.acting for q in results)
    scale = f"{len(results)}x{days} days"
    figure(
        f"story: passages ({scale})",
        sum(q.passages for q in results),
        target=None,
        unit="",
    )
    figure(
        f"story: distinct-paragraph ratio ({scale})",
        round(distinct / paragraphs, 3) if paragraphs else 1.0,
        target=1.0,
        unit="",
        most=False,
    )
    figure(
        f"story: repeated 8-grams ({scale})",
        sum(len(q.grams) for q in results),
        target=0,
        unit="",
    )
    figure(
        f"story: titles repeated ({scale})", sum(len(q.titles) for q in results), target=0, unit=""
    )
    figure(
        f"story: statement-check violations ({scale})",
        sum(len(q.violations) for q in results),
        target=0,
        unit="",
    )
    if sides:
        figure(
            f"story: side chapters the person acts in ({scale})",
            round(100 * acting / sides, 1),
            target=100,
            unit="%",
            most=False,
        )


# -- the database ----------------------------------------------------------------------------


def database_remove(url: str) -> None:
    """Drop the bench database, whoever is connected to it."""
    import psycopg

    parts = urlsplit(url)
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')


def database_fresh() -> str:
    """The bench database, made afresh (a kept one from a run before is dropped first: the
    beats' ids seed their words, so only a fresh one writes the same story again)."""
    database_remove(bench_database_url(BENCH_DB))
    return bench_database_url(BENCH_DB)


def database_drop(url: str) -> None:
    """Drop the bench database (this process's connections, the pool's too, first)."""
    from django.db import connections

    connections.close_all()
    with contextlib.suppress(Exception):  # no pool configured
        connections["default"].close_pool()
    database_remove(url)
    print(f"\nDropped {BENCH_DB}.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=90)
    parser.add_argument("--keep", action="store_true", help="keep the database for next time")
    parser.add_argument("--show", action="store_true", help="print two passages of each story")
    args = parser.parse_args()
    os.environ.setdefault("DEBUG", "false")  # no query log growing over thousands of queries
    url = database_fresh()
    django_setup(url)
    logging.getLogger("django-q").setLevel(logging.WARNING)
    from django.conf import settings

    settings.STORY_GATHER_SECONDS = 0  # each burst makes its passage at once
    try:
        jobs = Jobs()
        jobs.install()
        print(f"Story quality: {len(PEOPLE)} people x {args.days} days, every passage offline")
        started = time.perf_counter()
        people = simulate(args.days, jobs)
        ran = ", ".join(f"{name.rsplit('.', 1)[1]} {n}" for name, n in jobs.ran.items())
        dropped = ", ".join(f"{name.rsplit('.', 1)[1]} {n}" for name, n in jobs.dropped.items())
        print(f"  simulated in {time.perf_counter() - started:.0f} s; jobs run: {ran}")
        print(f"  jobs dropped (no story in them): {dropped or 'none'}")
        print(f"  side chapters bought: {', '.join(f'{p.persona.key} {p.bought}' for p in people)}")
        for failure in jobs.write_failures[:5]:
            print(f"  a passage not written: {cut(failure)}")
        stories = {p.persona.key: passages_of(p.user) for p in people}
        results = [
            measure(p.persona.key, p.persona.first_name, *stories[p.persona.key]) for p in people
        ]
        print()
        table(results)
        for quality in results:
            details(quality)
        figures(results, args.days)
        if args.show:
            for key, (passages, _) in stories.items():
                show(key, passages)
    finally:
        if not args.keep:
            database_drop(url)


if __name__ == "__main__":
    main()
