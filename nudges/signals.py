"""The nudges app's news for the apps above it (sent with `delight.events.announce`)."""

from __future__ import annotations

from django.dispatch import Signal

# A nudge was planned for a person: `user`, `send_id`. The companion may add what it knows
# that makes the message personal (`services.scheduled_send_context_set`).
nudge_planned = Signal()
