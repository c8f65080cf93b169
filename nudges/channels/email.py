"""Email: a notification as a short, warm email from Eliza, through Django's email framework
(the SMTP server of the EMAIL_* settings). Every email carries a one-click unsubscribe link
and the List-Unsubscribe headers of RFC 8058, signed so they work without logging in."""

from __future__ import annotations

import smtplib
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse

from delight.models import User
from nudges.channels import ChannelError
from nudges.models import Notification
from nudges.tokens import unsubscribe_token

# The button's words for each kind of notification.
ACTION_LABELS = {
    Notification.Kind.NUDGE: "Say hello to Eliza",
    Notification.Kind.PLAN_READY: "Look at your plan",
    Notification.Kind.MILESTONE: "See your progress",
    Notification.Kind.HIGHLIGHT: "See your highlights",
    Notification.Kind.INSIGHT: "See what Eliza noticed",
    Notification.Kind.STORY: "Read on",
    Notification.Kind.QUEST: "See the quest",
}
DEFAULT_ACTION_LABEL = "Open Delight"


def email_send(*, notification: Notification) -> None:
    """Send one notification to its person's email address.

    1. Refuse for good a person without an address or who turned emails off since the
       send was planned (retrying would not help, and must not reach them).
    2. Build the message: the title as subject, a text and an HTML part, the unsubscribe
       headers.
    3. Send it: a refused recipient or a malformed address fails for good; any other SMTP
       or network error (a timeout, a server that is down) fails for a later retry.
    """
    user = notification.user
    if not user.email:
        raise ChannelError("This person has no email address.", retry=False)
    if not user.email_opt_in:
        raise ChannelError("This person turned emails off.", retry=False)
    message = email_message(notification)
    try:
        message.send()
    except smtplib.SMTPRecipientsRefused as error:
        raise ChannelError(
            f"The mail server refused the address: {_refusals(error)}", retry=False
        ) from error
    except (smtplib.SMTPException, OSError) as error:
        raise ChannelError(f"The email could not be sent: {error!r}", retry=True) from error
    except ValueError as error:  # an address or a header Django will not put in a message
        raise ChannelError(f"The email cannot be built: {error}", retry=False) from error


def email_message(notification: Notification) -> EmailMultiAlternatives:
    """The email of a notification, ready to send (nothing is sent here)."""
    user = notification.user
    context = _context(notification, user)
    message = EmailMultiAlternatives(
        subject=" ".join(notification.title.split()),  # a header holds one line
        body=render_to_string("nudges/email/notification.txt", context),
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{context['unsubscribe_url']}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    message.attach_alternative(
        render_to_string("nudges/email/notification.html", context), "text/html"
    )
    return message


def absolute_url(link: str) -> str:
    """A link of the site made absolute with SITE_URL (an email has no host to be relative
    to); an absolute http(s) link stays as it is, an empty one leads home."""
    if link.startswith(("http://", "https://")):
        return link
    return f"{settings.SITE_URL}/{link.lstrip('/')}"


def _context(notification: Notification, user: User) -> dict[str, Any]:
    token = unsubscribe_token(user)
    return {
        "name": user.first_name or user.username,
        "title": notification.title,
        "body": notification.body,
        "action_url": absolute_url(notification.url),
        "action_label": ACTION_LABELS.get(notification.kind, DEFAULT_ACTION_LABEL),
        "unsubscribe_url": absolute_url(reverse("nudges-unsubscribe", kwargs={"token": token})),
        "site_url": settings.SITE_URL,
    }


def _refusals(error: smtplib.SMTPRecipientsRefused) -> str:
    return "; ".join(
        f"{code} {reply.decode(errors='replace')}" for code, reply in error.recipients.values()
    )
