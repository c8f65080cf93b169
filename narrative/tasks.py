"""Background jobs of the narrative app (django-q2): thin entry points to its services."""

from __future__ import annotations

from delight.ai.runtime import model_job
from delight.models import User
from narrative import ledger, quests
from narrative import selectors as narrative_selectors
from narrative.beats import narrator


def check_essence() -> int:
    """The daily check that every balance kept equals the sum of its ledger."""
    return ledger.essence_check()


def evaluate_quests(user_id: int, event: str = "") -> int:
    """After a person's event (of a kind of quests.EVENT_FACTS; none: every quest): unlock the
    hidden quests they now meet; how many unlocked.
    Running it twice (a retried or duplicated job) unlocks nothing twice (quest_unlock)."""
    user = User.objects.filter(pk=user_id).first()
    if user is None:  # the account was deleted since
        return 0
    return len(quests.quests_check_due(user=user, event=event))


def sweep_quests() -> int:
    """Every minute: look at the quests whose job was lost (a killed worker), so a quest met
    is unlocked within a minute or so whatever happens to a worker."""
    return quests.quests_sweep()


def write_story_beat(beat_id: int) -> bool:
    """Write a pending passage of a person's story (the narrator), unless another worker
    holds it or it is written already; whether this run wrote or tried it."""
    with model_job():
        return narrator.beat_write(beat_id=beat_id) is not None


def recover_story_beats() -> int:
    """Every minute: write the beats whose job was lost (a killed worker's claim lapsed, a
    try that failed is due again); how many were taken up."""
    with model_job():  # one budget for them all: the job ends before its time limit
        return sum(write_story_beat(beat_id) for beat_id in narrative_selectors.beat_ids_due())
