"""Each kind of note has an icon the design system draws; a habit's reminder is a bell."""

from __future__ import annotations

from delight.icons import ICON_PATHS
from nudges.models import Notification
from nudges.templatetags.nudges_words import note_icon


def test_every_kind_of_note_has_an_icon_the_design_system_draws():
    assert {note_icon(kind) for kind in Notification.Kind.values} <= ICON_PATHS.keys()
    assert note_icon(Notification.Kind.REMINDER) == "bell"
    assert note_icon(Notification.Kind.NUDGE) == "heart"
