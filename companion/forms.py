"""Forms of the memories page; limits are checked by the services, not duplicated here."""

from __future__ import annotations

from django import forms

from companion.models import CONTENT_MAX_CHARS, Tier


class MemoryForm(forms.Form):
    content = forms.CharField(
        label="What should Eliza remember?",
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": CONTENT_MAX_CHARS}),
        strip=False,
        required=False,
    )
    tier = forms.ChoiceField(choices=Tier.choices, initial=Tier.PERSONAL)
    tags = forms.CharField(
        required=False, help_text="Separate tags with commas, e.g. health, morning."
    )

    def tag_list(self) -> list[str]:
        return [tag for tag in self.cleaned_data.get("tags", "").split(",") if tag.strip()]
