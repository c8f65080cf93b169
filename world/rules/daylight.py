"""Whether the sun is up for a person, from their IANA timezone's place (tzdata's zone.tab
gives each zone's principal city's coordinates) and an instant: so a story told at 20:00 in
a Lisbon December is told under the stars, and one in a Sydney December in the last light.

Pure Python. The sun's position is the U.S. Naval Observatory's low-precision formula
(about a minute of sunrise and sunset within ±60° latitude), which is all a sentence needs.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
from importlib import resources

J2000 = dt.datetime(2000, 1, 1, 12, tzinfo=dt.UTC)
HORIZON = -0.833  # degrees: the sun's upper edge on the horizon, refraction included


@functools.cache
def _coordinates() -> dict[str, tuple[float, float]]:
    """Each zone of tzdata's zone.tab by name: its (latitude, longitude) in degrees."""
    text = resources.files("tzdata").joinpath("zoneinfo", "zone.tab").read_text()
    places = {}
    for line in text.splitlines():
        fields = line.split("\t")
        if line.startswith("#") or len(fields) < 3:
            continue
        places[fields[2]] = _degrees(fields[1])
    return places


def _degrees(iso6709: str) -> tuple[float, float]:
    """ "+3843-00908" (±DDMM±DDDMM, or with seconds) as (38.72, -9.13)."""
    split = max(iso6709.rfind("+"), iso6709.rfind("-"))
    return _angle(iso6709[:split], 2), _angle(iso6709[split:], 3)


def _angle(text: str, degree_digits: int) -> float:
    sign, digits = (-1 if text[0] == "-" else 1), text[1:]
    degrees = int(digits[:degree_digits])
    minutes = int(digits[degree_digits : degree_digits + 2])
    seconds = int(digits[degree_digits + 2 :] or 0)
    return sign * (degrees + minutes / 60 + seconds / 3600)


def sun_altitude(latitude: float, longitude: float, moment: dt.datetime) -> float:
    """The sun's altitude in degrees at `moment` (aware) seen from the place.

    1. Days since J2000; the sun's mean anomaly and mean longitude.
    2. Its ecliptic longitude, then right ascension and declination (obliquity of the day).
    3. Greenwich mean sidereal time gives the local hour angle; the altitude follows.
    """
    days = (moment - J2000).total_seconds() / 86_400
    anomaly = math.radians((357.529 + 0.98560028 * days) % 360)
    mean = (280.459 + 0.98564736 * days) % 360
    ecliptic = math.radians(mean + 1.915 * math.sin(anomaly) + 0.020 * math.sin(2 * anomaly))
    obliquity = math.radians(23.439 - 0.00000036 * days)
    ascension = math.atan2(math.cos(obliquity) * math.sin(ecliptic), math.cos(ecliptic))
    declination = math.asin(math.sin(obliquity) * math.sin(ecliptic))
    sidereal = (18.697374558 + 24.06570982441908 * days) % 24
    hour_angle = math.radians(sidereal * 15 + longitude) - ascension
    lat = math.radians(latitude)
    return math.degrees(
        math.asin(
            math.sin(lat) * math.sin(declination)
            + math.cos(lat) * math.cos(declination) * math.cos(hour_angle)
        )
    )


def sun_is_up(zone: str, moment: dt.datetime) -> bool | None:
    """Whether the sun is above the horizon at `moment` where the zone is; None for a zone
    with no place (UTC, Etc/…): the caller goes by the clock alone."""
    place = _coordinates().get(zone)
    if place is None:
        return None
    return sun_altitude(*place, moment) > HORIZON
