"""What Eliza learns about a person in a turn: their emotion, crisis events for staff,
and the profile (name, work, interests, style) read from facts and messages."""

from __future__ import annotations

import datetime as dt
import re
import statistics
import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from companion.about import interest_value, profile_value
from companion.models import (
    CompanionProfile,
    CrisisEvent,
)
from delight.ai.types import ExtractedFact
from delight.models import User

INTERESTS_MAX = 20


def user_emotion_set(
    *, user: User, scores: dict[str, float], dominant: str, now: dt.datetime
) -> None:
    """Keep how the person feels now; `emotion_changed_at` moves only when the dominant
    emotion changes, and nothing is written when nothing changed. One UPDATE, atomic on its
    own: no transaction.atomic, whose savepoint would cost the turn two more round trips."""
    if scores == user.emotion_scores and dominant == user.emotion_dominant:
        return
    fields: dict[str, Any] = {"emotion_scores": scores, "emotion_dominant": dominant}
    if dominant != user.emotion_dominant:
        fields["emotion_changed_at"] = now
    User.objects.filter(pk=user.pk).update(**fields)
    for name, value in fields.items():
        setattr(user, name, value)


@transaction.atomic
def crisis_event_record(
    *,
    user: User,
    conversation_id: uuid.UUID,
    turn_id: uuid.UUID,
    level: int,
    reason: str,
    matched: list[str],
) -> CrisisEvent:
    """Flag a crisis turn for staff (once per turn, however often the turn is resumed)."""
    event, _ = CrisisEvent.objects.get_or_create(
        turn_id=turn_id,
        defaults={
            "user": user,
            "conversation_id": conversation_id,
            "level": level,
            "reason": reason[:300] or "safety screen",
            "matched": matched,
        },
    )
    return event


@transaction.atomic
def crisis_events_review(*, events: QuerySet[CrisisEvent], staff: User) -> int:
    """Mark crisis events as reviewed by a staff member (those not reviewed yet)."""
    return events.filter(reviewed_at__isnull=True).update(
        reviewed_at=timezone.now(), reviewed_by=staff
    )


def communication_style(texts: Sequence[str]) -> str:
    """A coarse reading of how someone writes, over their recent messages (one message
    alone says little): expressive (emoji or "!!" in a third of them), else brief, detailed
    or conversational by their median length in words."""
    expressive = sum(1 for text in texts if re.search(r"[\U0001F300-\U0001FAFF]|!{2,}", text))
    if expressive * 3 >= len(texts):
        return "expressive"
    words = statistics.median(len(text.split()) for text in texts)
    return "brief" if words <= 8 else "detailed" if words >= 40 else "conversational"


@transaction.atomic
def profile_name_set(*, user: User, name: str) -> None:
    """The name the person gave (onboarding, settings) is the one Eliza keeps."""
    profile, _ = CompanionProfile.objects.select_for_update().get_or_create(user=user)
    if profile.name != name.strip():
        profile.name = name.strip()
        profile.full_clean()
        profile.save()


def profile_learn(
    *, user: User, facts: Iterable[ExtractedFact], texts: Sequence[str]
) -> dict[str, Any]:
    """Update what Eliza knows of the person from a message's facts and their recent
    messages (`texts`, the latest last); return what changed.

    1. Read the profile and work out the changes (no lock: most messages change nothing).
    2. Only if something changed, lock the profile row (creating it on first use), apply the
       changes to the current row, validate and save.
    """
    facts = list(facts)
    try:
        current = user.companion_profile  # read once per user object, then cached on it
    except CompanionProfile.DoesNotExist:
        current = CompanionProfile(user=user)
    if not _profile_changes(current, facts, texts):
        return {}
    # No savepoint inside a turn's transaction (two round trips): a failure here fails the
    # whole step, which is what the step's own transaction is for.
    with transaction.atomic(savepoint=False):
        profile, created = CompanionProfile.objects.select_for_update().get_or_create(user=user)
        changed = _profile_changes(profile, facts, texts)
        for name, value in changed.items():
            setattr(profile, name, value)
        # The user is the caller's and their one profile is the row locked above: only the
        # values need checking, and only the changed ones need writing.
        profile.full_clean(exclude=["user"], validate_unique=False)
        profile.save(update_fields=None if created else [*changed, "updated_at"])
    user.companion_profile = profile  # the next turn on this user object sees it
    return changed


def _profile_changes(
    profile: CompanionProfile, facts: list[ExtractedFact], texts: Sequence[str]
) -> dict[str, Any]:
    """The new values a message's facts and style give the profile (fields that differ)."""
    changed: dict[str, Any] = {}
    interests = list(profile.interests)
    for fact in facts:
        if filled := profile_value(fact.key, fact.content):
            name, value = filled
            if value and getattr(profile, name) != value:
                changed[name] = value
        elif (interest := interest_value(fact.key, fact.content)) and interest not in interests:
            interests = [*interests, interest][-INTERESTS_MAX:]
            changed["interests"] = interests
    # A style the person chose (or cleared) on the About you page is theirs to keep.
    if not profile.style_chosen:
        style = communication_style(texts)
        if style != profile.communication_style:
            changed["communication_style"] = style
    return changed
