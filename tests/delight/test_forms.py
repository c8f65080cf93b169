from __future__ import annotations

import datetime as dt
from zoneinfo import available_timezones

from delight.forms import ClockForm, timezone_choices, timezone_label


def _flat(choices):
    for value, label in choices:
        if isinstance(label, list):
            yield from label
        else:
            yield value, label


def test_every_iana_zone_is_offered_once_utc_first():
    choices = timezone_choices()
    values = [value for value, _ in _flat(choices)]
    assert sorted(values) == sorted(available_timezones())
    assert values[0] == "UTC"
    groups = [value for value, label in choices if isinstance(label, list)]
    assert groups[:2] == ["Africa", "America"]
    assert groups[-1] == "Other"


def test_a_zone_reads_as_a_place_with_its_offset_now():
    winter = dt.datetime(2026, 1, 15, tzinfo=dt.UTC)
    summer = dt.datetime(2026, 7, 15, tzinfo=dt.UTC)
    assert timezone_label("Europe/Madrid", winter) == "Europe / Madrid (UTC+01:00)"
    assert timezone_label("Europe/Madrid", summer) == "Europe / Madrid (UTC+02:00)"
    assert timezone_label("America/New_York", winter) == "America / New York (UTC-05:00)"
    assert timezone_label("Asia/Kathmandu", winter) == "Asia / Kathmandu (UTC+05:45)"


def test_the_clock_form_takes_a_zone_and_an_hour_of_the_list():
    data = {
        "timezone": "Pacific/Auckland",
        "productive_start": "07:00",
        "productive_end": "12:00",
        "day_start_hour": "5",
    }
    form = ClockForm(data)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["day_start_hour"] == 5
    form = ClockForm({**data, "timezone": "Mars/Olympus_Mons", "day_start_hour": "24"})
    assert not form.is_valid()
    assert "is not a known IANA timezone" in form.errors["timezone"][0]
    assert "day_start_hour" in form.errors
