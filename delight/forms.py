"""Forms of the account and onboarding pages."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, QueryDict

from delight.models import User, validate_timezone


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Optional: for gentle reminders.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class WelcomeForm(forms.Form):
    first_name = forms.CharField(
        max_length=150, required=False, label="What should Eliza call you?"
    )


class ClockForm(forms.Form):
    timezone = forms.CharField(
        max_length=64,
        validators=[validate_timezone],
        widget=forms.TextInput(attrs={"list": "timezones", "autocomplete": "off"}),
    )
    productive_start = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}))
    productive_end = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}))
    day_start_hour = forms.IntegerField(min_value=0, max_value=23, initial=4)


class CommunicationForm(forms.Form):
    email_opt_in = forms.BooleanField(required=False, label="Email me when I drift away")
    second_channel_opt_in = forms.BooleanField(
        required=False, label="Also reach me on a second channel (push/SMS)"
    )
    quiet_hours_start = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}))
    quiet_hours_end = forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}))
    daily_nudge_max = forms.IntegerField(min_value=0, max_value=10)


ONBOARDING_FORMS: dict[int, type[forms.Form]] = {
    User.Onboarding.WELCOME: WelcomeForm,
    User.Onboarding.CLOCK: ClockForm,
    User.Onboarding.COMMUNICATION: CommunicationForm,
}


def submitted(request: HttpRequest) -> QueryDict | None:
    """The form data of a POST, even an empty one (an empty POST must show its errors, not a
    blank form); None for a GET."""
    return request.POST if request.method == "POST" else None
