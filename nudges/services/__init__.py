"""Every write of the nudges app, keyword-only and transactional.

By what they write: `notifications` (given once per key; read, archive, snooze, read all,
the wake of ended snoozes), `presence` (when the person was last here, what their return
answers and brings, the welcome given), `push` (Web Push subscriptions and each push's
outcome), `email` (turning emails off from an unsubscribe link), `context` (what
makes a planned nudge personal), `schedule` (planning the nudges of absences), `reminders`
(planning habits' reminders), `sending` (delivering both when due). Callers use this
package: `from nudges import services`.
"""

from __future__ import annotations

from nudges.services.context import scheduled_send_context_set, scheduled_send_personalise
from nudges.services.email import email_unsubscribe
from nudges.services.notifications import (
    notification_archive,
    notification_give,
    notification_read,
    notification_snooze,
    notifications_read_all,
    notifications_wake,
    snooze_until,
)
from nudges.services.presence import presence_seen, presence_welcomed
from nudges.services.push import (
    push_subscription_delete,
    push_subscription_delivered,
    push_subscription_failed,
    push_subscription_gone,
    push_subscription_save,
)
from nudges.services.reminders import habit_reminders_plan
from nudges.services.schedule import nudges_plan
from nudges.services.sending import nudges_deliver

__all__ = [
    "email_unsubscribe",
    "habit_reminders_plan",
    "notification_archive",
    "notification_give",
    "notification_read",
    "notification_snooze",
    "notifications_read_all",
    "notifications_wake",
    "nudges_deliver",
    "nudges_plan",
    "presence_seen",
    "presence_welcomed",
    "push_subscription_delete",
    "push_subscription_delivered",
    "push_subscription_failed",
    "push_subscription_gone",
    "push_subscription_save",
    "scheduled_send_context_set",
    "scheduled_send_personalise",
    "snooze_until",
]
