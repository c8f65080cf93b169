"""Forms of the account, onboarding and settings pages."""

from __future__ import annotations

import datetime as dt
import functools
import importlib.resources
import json
from typing import Any, cast
from zoneinfo import ZoneInfo

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, QueryDict

from delight.models import User


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Optional: for gentle reminders.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class PasswordResetRequestForm(forms.Form):
    email = forms.EmailField(
        label="Your email address",
        max_length=254,
        help_text="The one your account uses.",
    )


class AccountDeleteForm(forms.Form):
    password = forms.CharField(
        label="Your password",
        strip=False,
        max_length=4096,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text="To be sure it is you.",
    )


class WelcomeForm(forms.Form):
    first_name = forms.CharField(
        max_length=150, required=False, label="What should Eliza call you?"
    )


# The IANA regions a city belongs to; every other name (UTC, Etc/GMT+5, US/Eastern …) is
# listed last, under "Other".
REGIONS = (
    "Africa",
    "America",
    "Antarctica",
    "Arctic",
    "Asia",
    "Atlantic",
    "Australia",
    "Europe",
    "Indian",
    "Pacific",
)

Choices = list[tuple[str, str] | tuple[str, list[tuple[str, str]]]]


def _offset(name: str, now: dt.datetime) -> str:
    """ "UTC+05:45": the zone's offset now (summer time included)."""
    minutes = round(now.astimezone(ZoneInfo(name)).utcoffset().total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours:02d}:{rest:02d}"


def timezone_label(name: str, now: dt.datetime) -> str:
    """ "America / New York (UTC-05:00)": a zone's name as a person reads it."""
    place = " / ".join(part.replace("_", " ") for part in name.split("/"))
    return f"{place} ({_offset(name, now)})"


def _tzdata(name: str) -> str:
    return (importlib.resources.files("tzdata.zoneinfo") / name).read_text(encoding="utf-8")


@functools.cache
def canonical_zones() -> frozenset[str]:
    """The zones of places (tzdata's zone.tab: one per region of a country), without the
    aliases and oddities IANA also knows ("Factory", "localtime", "US/Eastern", "Etc/GMT+1")."""
    rows = (line.split("\t") for line in _tzdata("zone.tab").splitlines())
    return frozenset(row[2] for row in rows if len(row) > 2 and not row[0].startswith("#"))


@functools.cache
def zone_aliases() -> dict[str, str]:
    """An older or alias name's place zone ("Asia/Calcutta" -> "Asia/Kolkata"): some
    browsers still report the old names."""
    links = (line.split() for line in _tzdata("tzdata.zi").splitlines() if line.startswith("L "))
    return {alias: zone for _, zone, alias in links if zone in canonical_zones()}


def timezone_choices(current: str = "") -> Choices:
    """The zones of places grouped by region (UTC first), each with its offset now; a
    `current` zone that is not one of them (set before, or through the API) is kept, last."""
    now = dt.datetime.now(dt.UTC)
    groups: dict[str, list[tuple[str, str]]] = {}
    for name in sorted(canonical_zones()):
        groups.setdefault(name.split("/", 1)[0], []).append((name, timezone_label(name, now)))
    choices: Choices = [("UTC", "UTC (Coordinated Universal Time)")]
    choices += [(region, groups[region]) for region in REGIONS if region in groups]
    if current and current != "UTC" and current not in canonical_zones():
        choices.append(("Your current zone", [(current, timezone_label(current, now))]))
    return choices


def _hour(hour: int) -> str:
    label = f"{hour}:00"
    if hour == 0:
        label += " (midnight)"
    elif hour == DAY_START_RECOMMENDED:
        label += " (recommended)"
    return label


DAY_START_RECOMMENDED = 4
HOURS = [(hour, _hour(hour)) for hour in range(24)]
NUDGES_MAX = 5
NUDGES = [(0, "0 — never remind me"), (1, "1 a day")] + [
    (count, f"{count} a day") for count in range(2, NUDGES_MAX + 1)
]


class TimezoneField(forms.ChoiceField):
    """A zone of a place; an alias of one ("Asia/Calcutta") is taken as that place's zone."""

    def to_python(self, value: object) -> str:
        name = str(super().to_python(value))
        return zone_aliases().get(name, name)


class ClockForm(forms.Form):
    timezone = TimezoneField(
        label="Timezone",
        choices=timezone_choices,
        error_messages={
            "invalid_choice": '"%(value)s" is not a known IANA timezone (for example'
            ' "Europe/Paris").'
        },
        help_text="Zones, reminders and your day follow this clock.",
    )
    # Both hours are explained together, under the pair (onboarding_2.html).
    productive_start = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}))
    productive_end = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}))
    day_start_hour = forms.TypedChoiceField(
        label="My day begins at",
        coerce=int,
        choices=HOURS,
        initial=DAY_START_RECOMMENDED,
        help_text=(
            "When does your day begin? A mission finished at 1 a.m. still counts for the day"
            " before if your day starts at 4."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = cast(TimezoneField, self.fields["timezone"])
        field.choices = timezone_choices(str(self.initial.get("timezone") or ""))
        # The browser may name its zone by an alias: the picker finds the place's zone.
        field.widget.attrs["data-aliases"] = json.dumps(zone_aliases(), separators=(",", ":"))


class CommunicationForm(forms.Form):
    email_opt_in = forms.BooleanField(
        required=False,
        label="Email me when I drift away",
        help_text="Only after a few quiet days, and never more than your daily limit below.",
    )
    second_channel_opt_in = forms.BooleanField(
        required=False,
        label="Also send my reminders as browser notifications",
        help_text="On the devices where you turn browser notifications on. You can turn it"
        " off at any time.",
    )
    # Both hours are explained together, under the pair (onboarding_3.html).
    quiet_hours_start = forms.TimeField(
        label="Quiet from", widget=forms.TimeInput(attrs={"type": "time"})
    )
    quiet_hours_end = forms.TimeField(
        label="Quiet until", widget=forms.TimeInput(attrs={"type": "time"})
    )
    daily_nudge_max = forms.TypedChoiceField(
        label="Reminders a day",
        coerce=int,
        choices=NUDGES,
        help_text="At most this many reminders a day.",
    )


class SettingsForm(CommunicationForm, ClockForm):
    """The settings page: onboarding's clock and channel preferences, and the global pause."""

    nudges_paused = forms.BooleanField(
        required=False,
        label="Pause all nudges",
        help_text="Eliza sends no reminders anywhere until you turn this off. Your notes in "
        "the app stay where they are.",
    )


ONBOARDING_FORMS: dict[int, type[forms.Form]] = {
    User.Onboarding.WELCOME: WelcomeForm,
    User.Onboarding.CLOCK: ClockForm,
    User.Onboarding.COMMUNICATION: CommunicationForm,
}


def submitted(request: HttpRequest) -> QueryDict | None:
    """The form data of a POST, even an empty one (an empty POST must show its errors, not a
    blank form); None for a GET."""
    return request.POST if request.method == "POST" else None
