"""Writes on users and shared infrastructure. Every write validates with full_clean()."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import Counter
from functools import partial
from typing import Any

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.conf import settings
from django.contrib.auth import password_validation
from django.contrib.auth.tokens import default_token_generator
from django.core.cache import caches
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django_q.models import OrmQ
from django_q.tasks import async_task

from delight import ownership, signals
from delight.ai.types import Usage
from delight.events import announce
from delight.models import PROFILE_FIELDS, AICall, User, WorkerHeartbeat

CLOCK_FIELDS = ("timezone", "productive_start", "productive_end")


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


@transaction.atomic
def account_delete(*, user: User, password: str) -> Counter[str]:
    """Remove the person and everything they own; what was removed, counted by kind.

    1. The password must be theirs (ValidationError on `password` otherwise; nothing goes).
    2. Count what they own (delight.ownership), to tell them what was removed.
    3. Delete the user row: every per-person row goes with it by the cascade (their API
       token too); the sign-in records kept under their name go as well.
    """
    if not user.check_password(password):
        raise ValidationError({"password": "That is not your password: nothing was removed."})
    removed = ownership.owned_counts(user)
    for record in (AccessAttempt, AccessFailureLog, AccessLog):
        record.objects.filter(username=user.username).delete()
    User.objects.filter(pk=user.pk).delete()
    return removed


def _reset_allowed(*, email: str, address: str) -> bool:
    """Within PASSWORD_RESET_PER_HOUR for this address (an email and a caller's IP each)."""
    cache = caches["shared"]
    allowed = True
    for key in (
        "reset:email:" + hashlib.sha256(email.lower().encode()).hexdigest(),
        "reset:ip:" + address,
    ):
        cache.add(key, 0, timeout=3600)
        allowed = cache.incr(key) <= settings.PASSWORD_RESET_PER_HOUR and allowed
    return allowed


def password_reset_request(*, email: str, address: str) -> None:
    """Ask a background job to email a link that sets a new password to each account of
    `email`: the caller learns nothing (the same answer, in the same time, whether an
    account exists or not). Beyond the hourly limit nothing is sent."""
    if _reset_allowed(email=email, address=address):
        transaction.on_commit(partial(async_task, "delight.tasks.send_password_reset", email))


def password_reset_send(*, email: str) -> int:
    """Email each active account of `email` that signs in with a password a link to set a
    new one (at SITE_URL, never the caller's Host header); how many were sent."""
    people = User.objects.filter(email__iexact=email, is_active=True)
    sent = 0
    for user in people:
        if user.has_usable_password():
            _reset_email(user).send()
            sent += 1
    return sent


def _reset_email(user: User) -> EmailMessage:
    link = settings.SITE_URL + reverse(
        "password_reset_confirm",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        },
    )
    context = {"user": user, "link": link, "hours": settings.PASSWORD_RESET_TIMEOUT // 3600}
    return EmailMessage(
        subject="Set a new password for Delight",
        body=render_to_string("delight/account/reset_email.txt", context),
        to=[user.email],
    )


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
