"""Template helpers of the design system."""

from __future__ import annotations

from django import template

from delight.icons import icon_svg
from delight.toasts import ToastAction, toast_action

register = template.Library()
register.simple_tag(icon_svg, name="icon")


@register.filter
def action_of(message: object) -> ToastAction | None:
    """The action button of a toast message (see delight.toasts), or None."""
    return toast_action(getattr(message, "extra_tags", "") or "")
