"""Each kind of note has an icon the design system draws; a habit's reminder is a bell."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

from nudges.models import Notification
from nudges.templatetags.nudges_words import note_icon

ICONS = Path(settings.BASE_DIR, "delight", "templates", "cotton", "icon.html").read_text()


def test_every_kind_of_note_has_an_icon_the_design_system_draws():
    drawn = set(re.findall(r'name == "([a-z-]+)"', ICONS))
    assert {note_icon(kind) for kind in Notification.Kind.values} <= drawn
    assert note_icon(Notification.Kind.REMINDER) == "bell"
    assert note_icon(Notification.Kind.NUDGE) == "heart"
