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


def test_the_zones_of_places_are_offered_once_utc_first_and_no_alias():
    choices = timezone_choices()
    values = [value for value, _ in _flat(choices)]
    assert len(values) == len(set(values)) > 400
    assert set(values) <= available_timezones()
    assert values[0] == "UTC"
    for alias in ("Factory", "localtime", "Etc/GMT+1", "US/Eastern", "Asia/Calcutta", "GMT"):
        assert alias not in values, alias
    groups = [value for value, label in choices if isinstance(label, list)]
    assert groups[:2] == ["Africa", "America"]
    assert "Other" not in groups


def test_a_current_zone_that_is_no_place_is_kept_for_its_person():
    form = ClockForm(initial={"timezone": "Etc/GMT+5"})
    values = [value for value, _ in _flat(form.fields["timezone"].choices)]
    assert values.count("Etc/GMT+5") == 1
    assert "Etc/GMT+5" not in [value for value, _ in _flat(timezone_choices())]


def test_an_alias_is_taken_as_its_places_zone():
    data = {"productive_start": "07:00", "productive_end": "12:00", "day_start_hour": "5"}
    form = ClockForm({**data, "timezone": "Asia/Calcutta"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["timezone"] == "Asia/Kolkata"
    assert "&quot;Europe/Kiev&quot;:&quot;Europe/Kyiv&quot;" in str(form["timezone"])


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
