"""Forms of the goal pages: they parse input and apply the text rule (delight.text);
services validate the rest and write."""

from __future__ import annotations

from django import forms

from delight.text import TextFormField
from goals.models import TEXT_MAX, TITLE_MAX, Category, Energy, Habit


class GoalForm(forms.Form):
    title = TextFormField(
        max_length=TITLE_MAX, noun="title", help_text="What do you want to reach?"
    )
    description = TextFormField(
        noun="description",
        label="Why it matters",
        required=False,
        max_length=TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    category = forms.ChoiceField(label="Value", choices=Category.choices)
    target_date = forms.DateField(
        required=False, widget=forms.DateInput(attrs={"type": "date"}), help_text="Optional."
    )
    importance = forms.TypedChoiceField(
        choices=[(n, str(n)) for n in range(1, 6)],
        coerce=int,
        initial=3,
        help_text="1 = nice to have, 5 = matters most.",
    )


class MissionForm(forms.Form):
    title = TextFormField(max_length=TITLE_MAX, noun="title")
    description = TextFormField(
        noun="description",
        required=False,
        max_length=TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    estimated_minutes = forms.IntegerField(label="Minutes", min_value=10, max_value=30, initial=20)
    energy = forms.ChoiceField(choices=Energy.choices, initial=Energy.MEDIUM)


class SessionCompleteForm(forms.Form):
    actual_minutes = forms.IntegerField(
        label="Minutes spent", min_value=1, max_value=180, required=False
    )
    notes = TextFormField(
        noun="note", required=False, max_length=TEXT_MAX, widget=forms.Textarea(attrs={"rows": 3})
    )
    reflection = TextFormField(
        noun="reflection",
        label="Reflection (optional)",
        required=False,
        max_length=TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="How did it feel? What did you learn about yourself?",
    )


class ImportForm(forms.Form):
    file = forms.FileField(
        label="Your file",
        help_text="Loop's export (the zip, or the Checkmarks.csv inside it) or a JSON list; "
        "at most 2 MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.zip,.json"}),
    )
    category = forms.ChoiceField(
        label="Counts for",
        choices=Category.choices,
        help_text="Every habit of a Loop export counts for this value. A JSON list names its own.",
    )


WEEKDAY_CHOICES = [
    (0, "Mon"),
    (1, "Tue"),
    (2, "Wed"),
    (3, "Thu"),
    (4, "Fri"),
    (5, "Sat"),
    (6, "Sun"),
]


class HabitForm(forms.Form):
    """A new habit: what, how often (the numbers its schedule needs; services check the
    rest), and a target for a measurable one."""

    title = TextFormField(
        max_length=TITLE_MAX, noun="title", help_text="For example: meditate, read 20 pages."
    )
    category = forms.ChoiceField(label="Value", choices=Category.choices)
    schedule = forms.ChoiceField(label="How often", choices=Habit.Schedule.choices)
    times_per_week = forms.TypedChoiceField(
        label="Times a week",
        choices=[("", "-")] + [(n, str(n)) for n in range(1, 8)],
        coerce=int,
        empty_value=None,
        required=False,
        help_text="For “Some times a week”.",
    )
    weekdays = forms.TypedMultipleChoiceField(
        choices=WEEKDAY_CHOICES,
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="For “On chosen weekdays”.",
    )
    # A number to type, not a list of 29 to scroll (and a tenth of a select's rendering).
    every_days = forms.IntegerField(
        label="Every how many days",
        min_value=2,
        max_value=30,
        required=False,
        help_text="For “Every few days”: 2 to 30.",
        error_messages={
            "min_value": "Every 2 days at least: for each day, choose “Every day”.",
            "max_value": "Every 30 days at most.",
        },
    )
    target = forms.IntegerField(
        min_value=1, max_value=1_000_000, required=False, help_text="Optional: 20, 5000…"
    )
    unit = TextFormField(
        max_length=30, noun="unit", required=False, help_text="Optional: pages, steps…"
    )
    reminder_time = forms.TimeField(
        label="Remind me at",
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        help_text="Optional: a reminder on the days it asks for, on your clock.",
    )


class HabitReminderForm(forms.Form):
    """A habit's reminder: a time on the person's clock, or none."""

    reminder_time = forms.TimeField(
        label="Remind me at",
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )
