"""Zone notes and the lines a model reads them as."""

from __future__ import annotations

from delight.ai.offline.zone_lines import ZoneNote, zone_line

NOTES = [
    ZoneNote("Arena", True, "closes at 21:00", 125, "health and craft", ("Easy run", "Stretch")),
    ZoneNote("Arena", False, "opens tomorrow at 06:00", 540, "health"),
    ZoneNote("Observatory", True, fits="growth and learning"),
    ZoneNote("Old Mill", False, "opens Mon at 06:00"),
]


def test_a_zone_line_reads_as_plain_english():
    assert zone_line(NOTES[0]) == (
        "Arena — open now, closes at 21:00 (in 125 minutes); for health and craft; "
        "missions here: Easy run; Stretch"
    )
    assert zone_line(NOTES[1]) == (
        "Arena — closed now, opens tomorrow at 06:00 (in 540 minutes); for health"
    )
    assert zone_line(NOTES[2]) == "Observatory — open now, at any hour; for growth and learning"
    assert zone_line(NOTES[3]) == "Old Mill — closed now, opens Mon at 06:00"
