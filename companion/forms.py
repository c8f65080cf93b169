"""Forms of the memories and About you pages: the text rule (delight.text) here, the rest
in the services."""

from __future__ import annotations

from django import forms

from companion.models import CONTENT_MAX_CHARS, TAG_MAX_CHARS, TAGS_MAX, Tier
from companion.profile_data import FIELDS
from delight.text import TextFormField


class MemoryForm(forms.Form):
    # Not required here: the service says "A memory cannot be empty." in the same words.
    content = TextFormField(
        max_length=CONTENT_MAX_CHARS,
        noun="memory",
        label="What should Eliza remember?",
        widget=forms.Textarea(attrs={"rows": 3}),
        strip=False,
        required=False,
    )
    # Kinds of memory in plain words (the tier names stay inside).
    tier = forms.ChoiceField(
        label="What is it about?",
        choices=[
            (Tier.PERSONAL, "You: who you are, what you like, how you feel"),
            (Tier.PROJECT, "A goal or a plan"),
            (Tier.TASK, "A mission or a task (forgotten after 30 days)"),
        ],
        initial=Tier.PERSONAL,
    )
    tags = TextFormField(
        max_length=TAGS_MAX * (TAG_MAX_CHARS + 2),  # every tag at its longest, with ", "
        noun="tag list",
        required=False,
        help_text="Separate tags with commas, e.g. health, morning.",
    )

    def tag_list(self) -> list[str]:
        return [tag for tag in self.cleaned_data.get("tags", "").split(",") if tag.strip()]


# The profile fields the About you page edits by value; "interest" only forgets one.
PROFILE_FIELDS = (*FIELDS, "communication_style", "interest")
PROFILE_VALUE_MAX_CHARS = 200


class ProfileFieldForm(forms.Form):
    """Set one profile field, or forget it (the Forget button sends `forget`)."""

    field = forms.ChoiceField(choices=[(name, name) for name in PROFILE_FIELDS])
    value = TextFormField(max_length=PROFILE_VALUE_MAX_CHARS, noun="answer", required=False)
    forget = forms.BooleanField(required=False)


class ProfileItemForm(forms.Form):
    """Correct one thing Eliza knows (a memory), in the person's words."""

    # Not required here: the service says "A memory cannot be empty." in the same words.
    content = TextFormField(
        max_length=CONTENT_MAX_CHARS, noun="memory", strip=False, required=False
    )
