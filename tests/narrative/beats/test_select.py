"""Which beat a person's real progress asks for."""

from __future__ import annotations

import pytest

from narrative.beats.select import beat_kind_select
from narrative.models import BeatKind, BeatTrigger

T = BeatTrigger.Kind


@pytest.mark.parametrize(
    ("triggers", "written", "days", "kind"),
    [
        ([T.MISSION], 0, None, BeatKind.OPENING),
        ([T.CHOICE, T.QUEST], 0, None, BeatKind.SIDE),
        ([T.MISSION, T.QUEST, T.GOAL], 4, 1, BeatKind.QUEST),
        ([T.MISSION, T.GOAL, T.STREAK], 4, 1, BeatKind.GOAL),
        ([T.STREAK, T.RETURN], 4, 9, BeatKind.STREAK),
        ([T.RETURN, T.MISSION], 4, 9, BeatKind.COMEBACK),
        ([T.MISSION], 4, 7, BeatKind.QUIET_WEEK),
        ([T.MISSION], 4, 6, BeatKind.MILESTONE),
    ],
)
def test_the_weightiest_thing_that_happened_chooses_the_beat(triggers, written, days, kind):
    assert beat_kind_select(triggers=triggers, beats_written=written, days_since_last=days) == kind
