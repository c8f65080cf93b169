"""Toasts with an action: a message that offers one button (Undo, mostly), posted back to a
URL. The action rides in the message's extra tags, so any message storage carries it."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpRequest

_MARK = "action|"


@dataclass(frozen=True)
class ToastAction:
    url: str
    label: str


def toast_with_action(request: HttpRequest, text: str, *, url: str, label: str) -> None:
    """Say `text` in a toast with a button `label` that POSTs to `url`."""
    messages.success(request, text, extra_tags=f"{_MARK}{url}|{label}")


def toast_action(extra_tags: str) -> ToastAction | None:
    """The action a message carries, if any."""
    if not extra_tags.startswith(_MARK):
        return None
    url, _, label = extra_tags.removeprefix(_MARK).partition("|")
    return ToastAction(url=url, label=label)
