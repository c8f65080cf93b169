"""Zone lines: written for a model to read, read back exactly by the offline engine."""

from __future__ import annotations

import pytest

from delight.ai.offline.context import parse_context
from delight.ai.offline.zone_lines import ZoneNote, parse_zone_line, zone_line

NOTES = [
    ZoneNote("Arena", True, "closes at 21:00", 125, "health and craft", ("Easy run", "Stretch")),
    ZoneNote("Arena", False, "opens tomorrow at 06:00", 540, "health"),
    ZoneNote("Observatory", True, fits="growth and learning"),
    ZoneNote("Old Mill", False, "opens Mon at 06:00"),
]


@pytest.mark.parametrize("note", NOTES)
def test_a_zone_line_reads_back_as_the_note_it_was_written_from(note):
    assert parse_zone_line(zone_line(note)) == note


def test_a_zone_line_reads_as_plain_english():
    assert zone_line(NOTES[0]) == (
        "Arena — open now, closes at 21:00 (in 125 minutes); for health and craft; "
        "missions here: Easy run; Stretch"
    )
    assert zone_line(NOTES[2]) == "Observatory — open now, at any hour; for growth and learning"


def test_zone_lines_are_sorted_into_the_zones_and_never_taken_for_memories():
    context = parse_context(["Zone: " + zone_line(NOTES[1]), "Zone: somewhere nice", "Likes tea"])

    assert context.zones == [NOTES[1]]
    assert context.memories == ["Likes tea"]
