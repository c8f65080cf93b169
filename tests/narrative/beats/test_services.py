"""A beat asked for once per trigger, claimed by one worker, released or given up."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from delight.errors import NotFound
from narrative import ledger, selectors
from narrative.beats import services
from narrative.held import held_said
from narrative.models import Beat, BeatTrigger, EssenceKind
from narrative.services import story_start
from tests.narrative.factories import make_beat

pytestmark = pytest.mark.django_db
T = BeatTrigger.Kind


def ask(user, key, kind=T.MISSION, **detail):
    return services.beat_request(user=user, kind=kind, key=key, detail=detail)


def test_triggers_while_a_beat_waits_join_it(owner, story):
    first = ask(owner, "mission:1")
    second = ask(owner, "mission:2")

    assert first == second
    assert sorted(first.triggers.values_list("key", flat=True)) == ["mission:1", "mission:2"]


def test_a_trigger_heard_twice_asks_for_nothing_more(owner, story):
    ask(owner, "mission:1")

    assert ask(owner, "mission:1") is None
    assert BeatTrigger.objects.filter(user=owner).count() == 1


def test_asking_announces_the_beat_to_be_written(owner, story, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        beat = ask(owner, "mission:1")

    assert beat.status == Beat.Status.PENDING
    assert len(callbacks) >= 1  # the narrator's job, enqueued once this commits


def test_only_one_worker_claims_a_beat(owner, story):
    beat = ask(owner, "mission:1")

    claimed = services.beat_claim(beat_id=beat.pk)

    assert (claimed.status, claimed.attempts) == (Beat.Status.WRITING, 1)
    assert services.beat_claim(beat_id=beat.pk) is None


def test_a_lapsed_claim_is_taken_up_again(owner, story):
    beat = ask(owner, "mission:1")
    services.beat_claim(beat_id=beat.pk)

    later = timezone.now() + services.CLAIM + dt.timedelta(seconds=1)

    assert selectors.beat_ids_due(now=later) == [beat.pk]
    assert services.beat_claim(beat_id=beat.pk, now=later).attempts == 2


def test_a_trigger_taken_back_leaves_its_waiting_beat_and_an_empty_beat_goes(owner, story):
    beat = ask(owner, "mission:1")
    ask(owner, "mission:2")

    assert services.beat_trigger_withdraw(user=owner, key="mission:1")
    assert list(beat.triggers.values_list("key", flat=True)) == ["mission:2"]
    assert services.beat_trigger_withdraw(user=owner, key="mission:2")
    assert not Beat.objects.filter(pk=beat.pk).exists()
    assert not services.beat_trigger_withdraw(user=owner, key="mission:2")  # nothing left


def test_a_trigger_of_a_beat_being_written_stays(owner, outsider, story):
    writing = services.beat_claim(beat_id=ask(owner, "mission:1").pk)

    assert not services.beat_trigger_withdraw(user=outsider, key="mission:1")
    assert not services.beat_trigger_withdraw(user=owner, key="mission:1")
    assert writing.triggers.filter(key="mission:1").exists()


def test_a_trigger_while_a_beat_is_written_waits_for_the_next(owner, story):
    writing = services.beat_claim(beat_id=ask(owner, "mission:1").pk)

    waiting = ask(owner, "mission:2")

    assert waiting.pk != writing.pk
    assert services.beat_claim(beat_id=waiting.pk) is None  # one scene at a time


def test_a_failed_try_is_retried_later_then_given_up_with_its_reason(owner, story):
    beat = ask(owner, "mission:1")
    now = timezone.now()
    for attempt in range(1, services.ATTEMPTS_MAX + 1):
        at = now + dt.timedelta(hours=attempt)
        assert services.beat_claim(beat_id=beat.pk, now=at) is not None
        failed = services.beat_fail(beat_id=beat.pk, reason="generate: the model is down", now=at)

    assert (failed.status, failed.failure) == (Beat.Status.FAILED, "generate: the model is down")
    assert selectors.beat_ids_due(now=now + dt.timedelta(days=1)) == []


def test_a_waiting_beat_is_the_sweeps_after_its_grace(owner, story):
    beat = ask(owner, "mission:1")

    assert selectors.beat_ids_due(now=beat.requested_at) == []
    later = beat.requested_at + selectors.BEAT_JOB_GRACE + dt.timedelta(seconds=1)
    assert selectors.beat_ids_due(now=later) == [beat.pk]


def test_a_burst_gathers_into_one_beat_written_after_the_last_of_it(owner, story, settings):
    settings.STORY_GATHER_SECONDS = 90
    settings.STORY_GATHER_MAX_SECONDS = 600
    start = timezone.now()
    beat = services.beat_request(user=owner, kind=T.MISSION, key="mission:1", at=start)
    for minute in range(1, 5):  # a mission a minute, as a person ticks off a list
        at = start + dt.timedelta(minutes=minute)
        assert (
            services.beat_request(user=owner, kind=T.MISSION, key=f"mission:{minute + 1}", at=at)
            == beat
        )
        assert services.beat_claim(beat_id=beat.pk, now=at) is None  # still gathering
        assert selectors.beat_ids_due(now=at) == []

    beat.refresh_from_db()
    assert beat.due_at == start + dt.timedelta(minutes=4, seconds=90)
    assert beat.triggers.count() == 5
    assert selectors.beat_ids_due(now=beat.due_at) == [beat.pk]
    assert services.beat_claim(beat_id=beat.pk, now=beat.due_at) is not None


def test_a_long_stream_still_gets_its_passage_within_the_limit(owner, story, settings):
    settings.STORY_GATHER_SECONDS = 90
    settings.STORY_GATHER_MAX_SECONDS = 300
    start = timezone.now()
    beat = services.beat_request(user=owner, kind=T.MISSION, key="mission:0", at=start)
    for minute in range(1, 20):
        at = start + dt.timedelta(minutes=minute)
        services.beat_request(user=owner, kind=T.MISSION, key=f"mission:{minute}", at=at)
        if at >= start + dt.timedelta(seconds=300):
            break

    beat.refresh_from_db()
    assert beat.due_at == start + dt.timedelta(seconds=300)


PARIS = ZoneInfo("Europe/Paris")


def paris(value: str) -> dt.datetime:
    return dt.datetime.fromisoformat(value).replace(tzinfo=PARIS)


@pytest.fixture
def daily(settings, story):
    """Missions told in the person's evening (20:00 on their clock), after a passage this
    morning."""
    settings.STORY_DAILY, settings.STORY_EVENING_HOUR = True, 20
    return make_beat(story, written_at=paris("2026-03-03 08:00"))


def ask_at(user, key, when, kind=T.MISSION):
    return services.beat_request(user=user, kind=kind, key=key, at=paris(when))


def test_a_days_missions_wait_for_the_persons_evening_as_one_passage(owner, daily):
    beat = ask_at(owner, "mission:1", "2026-03-03 09:30")
    assert ask_at(owner, "mission:2", "2026-03-03 13:10") == beat

    beat.refresh_from_db()
    assert beat.due_at == paris("2026-03-03 20:00")
    assert services.beat_claim(beat_id=beat.pk, now=paris("2026-03-03 19:59")) is None
    assert selectors.beat_ids_due(now=paris("2026-03-03 20:00")) == [beat.pk]
    assert beat.triggers.count() == 2


def test_a_quest_joining_the_days_missions_is_told_at_once_with_them(owner, daily):
    beat = ask_at(owner, "mission:1", "2026-03-03 09:30")

    assert ask_at(owner, "quest:first", "2026-03-03 09:31", kind=T.QUEST) == beat
    beat.refresh_from_db()
    assert beat.due_at is None
    assert services.beat_claim(beat_id=beat.pk, now=paris("2026-03-03 09:32")) is not None


def test_a_side_chapter_bought_during_the_day_is_told_after_the_gather_not_the_evening(
    owner, daily, settings
):
    settings.STORY_GATHER_SECONDS, settings.STORY_GATHER_MAX_SECONDS = 90, 600
    beat = ask_at(owner, "mission:1", "2026-03-03 10:58")

    assert ask_at(owner, "choice:1", "2026-03-03 11:00", kind=T.CHOICE) == beat

    beat.refresh_from_db()
    assert beat.due_at == paris("2026-03-03 11:01:30")
    assert selectors.beat_ids_due(now=paris("2026-03-03 11:01:30")) == [beat.pk]


def test_a_mission_after_the_evenings_passage_waits_for_the_next_evening(owner, story, daily):
    make_beat(story, written_at=paris("2026-03-03 20:01"), title="The evening")

    beat = ask_at(owner, "mission:1", "2026-03-03 22:15")

    beat.refresh_from_db()
    assert beat.due_at == paris("2026-03-04 20:00")


def test_a_mission_late_on_a_day_not_yet_told_is_told_at_once(owner, daily):
    beat = ask_at(owner, "mission:1", "2026-03-03 21:30")

    beat.refresh_from_db()
    assert beat.due_at is None
    assert services.beat_claim(beat_id=beat.pk, now=paris("2026-03-03 21:31")) is not None


def test_the_storys_first_passage_is_told_at_once(owner, story, settings):
    settings.STORY_DAILY = True

    beat = ask_at(owner, "mission:1", "2026-03-03 09:30")

    assert beat.due_at is None


def test_the_evening_is_the_persons_own(owner, outsider, settings):
    settings.STORY_DAILY, settings.STORY_EVENING_HOUR = True, 20
    for person in (owner, outsider):
        make_beat(story_start(user=person), written_at=paris("2026-03-03 07:00"))

    mine = ask_at(owner, "mission:1", "2026-03-03 10:00")
    theirs = ask_at(outsider, "mission:1", "2026-03-03 10:00")

    assert mine.due_at == paris("2026-03-03 20:00")
    assert theirs.due_at == dt.datetime(2026, 3, 3, 20, tzinfo=ZoneInfo("America/New_York"))


def test_the_held_passage_says_when_it_comes_and_what_it_tells(owner, outsider, daily):
    ask_at(owner, "mission:1", "2026-03-03 09:30")
    services.beat_request(
        user=owner, kind=T.MISSION, key="mission:2", at=paris("2026-03-03 09:40"),
        detail={"title": "Run 2 km"},
    )  # fmt: skip

    held = selectors.beat_held(user=owner, now=paris("2026-03-03 10:00"))

    assert (held.at, held.missions) == (paris("2026-03-03 20:00"), ["Run 2 km"])
    assert selectors.beat_held(user=outsider, now=paris("2026-03-03 10:00")) is None


def test_a_passage_due_but_not_written_yet_is_still_on_its_way_until_it_is(owner, daily):
    beat = services.beat_request(
        user=owner, kind=T.MISSION, key="mission:2", at=paris("2026-03-03 09:40"),
        detail={"title": "Run 2 km"},
    )  # fmt: skip
    due = paris("2026-03-03 20:01")  # the sweep has not taken it up yet

    assert held_said(user=owner, now=due) == (
        "Your next passage comes in a few minutes, telling of “Run 2 km”."
    )
    Beat.objects.filter(pk=beat.pk).update(status=Beat.Status.WRITTEN, written_at=due)
    assert held_said(user=owner, now=due) == ""


CHOICE = {"key": "choice:7", "label": "Spend an evening with Mira the Lamplighter", "cost": 20}


def test_a_choice_spends_its_essence_once_and_asks_for_the_side_chapter(owner, story):
    ledger.essence_earn(user=owner, key="m1", amount=30, kind=EssenceKind.EARNED_MISSION)
    beat = make_beat(story, written_at=timezone.now(), choice=CHOICE)

    services.story_choice_take(user=owner, beat_id=beat.pk)
    services.story_choice_take(user=owner, beat_id=beat.pk)

    assert selectors.essence_balance(user=owner) == 10
    trigger = BeatTrigger.objects.get(user=owner)
    assert (trigger.kind, trigger.key) == (T.CHOICE, "choice:7")
    assert trigger.detail == {
        "beat": beat.pk, "label": CHOICE["label"], "host": None, "item": None, "told": None
    }  # fmt: skip


def test_a_choice_beyond_the_balance_is_refused_and_changes_nothing(owner, story):
    ledger.essence_earn(user=owner, key="m1", amount=10, kind=EssenceKind.EARNED_MISSION)
    beat = make_beat(story, written_at=timezone.now(), choice=CHOICE)

    with pytest.raises(ValidationError, match="needs 20 Essence and you have 10"):
        services.story_choice_take(user=owner, beat_id=beat.pk)

    assert selectors.essence_balance(user=owner) == 10
    assert not BeatTrigger.objects.exists()


def test_another_persons_beat_cannot_be_chosen_from(owner, outsider, story):
    beat = make_beat(story, written_at=timezone.now(), choice=CHOICE)

    with pytest.raises(NotFound):
        services.story_choice_take(user=outsider, beat_id=beat.pk)


def test_a_beat_offering_nothing_cannot_be_chosen_from(owner, story):
    with pytest.raises(ValidationError, match="offers no choice"):
        services.story_choice_take(
            user=owner, beat_id=make_beat(story, written_at=timezone.now()).pk
        )
