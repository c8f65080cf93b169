"""Writes on users and shared infrastructure. Every write validates with full_clean()."""

from __future__ import annotations

import datetime as dt
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth import password_validation
from django.db import transaction
from django.utils import timezone
from django_q.models import OrmQ
from django_q.tasks import async_task

from delight import signals
from delight.ai.types import Usage
from delight.events import announce
from delight.models import AICall, User, WorkerHeartbeat

CLOCK_FIELDS = ("timezone", "productive_start", "productive_end")
PROFILE_FIELDS = (
    "first_name",
    "email",
    "timezone",
    "day_start_hour",
    "productive_start",
    "productive_end",
    "email_opt_in",
    "second_channel_opt_in",
    "quiet_hours_start",
    "quiet_hours_end",
    "daily_nudge_max",
    "nudges_paused",
)


@transaction.atomic
def user_signup(*, username: str, password: str, email: str = "", timezone_name: str = "") -> User:
    user = User(username=username, email=email)
    if timezone_name:
        user.timezone = timezone_name
    password_validation.validate_password(password, user)
    user.set_password(password)
    user.full_clean()
    user.save()
    return user


@transaction.atomic
def user_update_profile(*, user: User, **changes: Any) -> User:
    """Apply profile/preference changes; an invalid value changes nothing."""
    unknown = set(changes) - set(PROFILE_FIELDS)
    if unknown:
        raise ValueError(f"Unknown profile fields: {', '.join(sorted(unknown))}")
    fresh = User.objects.select_for_update().get(pk=user.pk)
    clock_before = [getattr(fresh, field) for field in CLOCK_FIELDS]
    clock_name = fresh.first_name
    for field, value in changes.items():
        setattr(fresh, field, value)
    fresh.full_clean()
    fresh.save()
    if "first_name" in changes and fresh.first_name != clock_name:
        announce(signals.user_named, sender=User, user=fresh, name=fresh.first_name)
    if clock_before != [getattr(fresh, field) for field in CLOCK_FIELDS]:
        # The world's zone states follow the user's clock: re-evaluate them at once.
        transaction.on_commit(partial(async_task, "world.tasks.evaluate_user", fresh.pk))
    for field in changes:
        setattr(user, field, getattr(fresh, field))
    return fresh


@transaction.atomic
def onboarding_complete_step(*, user: User, step: int, **changes: Any) -> User:
    """Save one onboarding step and move on; a step already passed can be revisited."""
    if step > user.onboarding_step:
        raise ValueError("Finish the earlier onboarding steps first.")
    updated = user_update_profile(user=user, **changes)
    next_step = max(updated.onboarding_step, step + 1)
    User.objects.filter(pk=user.pk).update(onboarding_step=next_step)
    user.onboarding_step = updated.onboarding_step = next_step
    return updated


def worker_heartbeat_record(*, name: str) -> WorkerHeartbeat:
    beat, _ = WorkerHeartbeat.objects.update_or_create(
        name=name, defaults={"beat_at": timezone.now()}
    )
    return beat


def worker_jobs_release(*, taken_since: dt.datetime) -> int:
    """Give back to the queue the jobs a cluster took from the ORM broker since it started
    and never finished (it was replaced after a death: its in-memory queue is gone). The
    broker would hand them out again only after Q_RETRY seconds. Another node's jobs taken
    in that time are handed out twice, which every job of Delight survives. The Redis
    broker keeps no taken jobs: there the scheduled sweeps restart what matters."""
    if settings.REDIS_URL:
        return 0
    taken = OrmQ.objects.filter(
        lock__gte=taken_since + dt.timedelta(seconds=settings.Q_CLUSTER["retry"])
    )
    released: int = taken.update(lock=timezone.now())
    return released


def ai_call_record(*, usage: Usage) -> AICall:
    """Keep the tokens, cost and outcome of one model call (the engines' usage sink)."""
    return AICall.objects.create(
        provider=usage.provider,
        model=usage.model[:100],
        purpose=usage.purpose[:40],
        prompt_tokens=usage.prompt_tokens,
        completion_tokens=usage.completion_tokens,
        cost_usd=round(usage.cost_usd, 6),
        latency_ms=usage.latency_ms,
        attempts=usage.attempts,
        ok=usage.ok,
        error=usage.error[:500],
    )
