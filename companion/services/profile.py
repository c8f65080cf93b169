"""Corrections a person makes to what Eliza knows of them (the "About you" page and its API).

The profile and the keyed memories behind it change together, in one transaction: editing
where someone lives rewrites the memory that says so; forgetting an item deletes its memory
(recall never brings it back) and clears what it filled in the profile. Invalid input raises
ValidationError and changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from companion import selectors
from companion.about import (
    field_memories,
    field_sentence,
    interest_value,
    profile_value,
    stated_value,
)
from companion.models import KEY_MAX_CHARS, Actor, CompanionProfile, Memory, Source, Tier
from companion.profile_data import FIELDS, INTEREST_KEY_PREFIX, INTEREST_PHRASE, STYLES, Field
from companion.services.learning import INTERESTS_MAX
from companion.services.memories import memory_create, memory_delete, memory_update
from delight import services as delight_services
from delight.ai.engine import Engine
from delight.ai.text import normalise_words
from delight.models import User

_UNSET: Any = object()
# What the person says of themselves is surer than what Eliza inferred from a message.
STATED_CONFIDENCE = 0.95
INTEREST_SLUG_WORDS = 5


def profile_cache_clear(*, user: User) -> None:
    """Drop the profile a user object carries (profile_learn keeps it there), so the next
    read, the next turn's included, sees edits made elsewhere: a socket holds one user
    object for all its turns."""
    cache = User.companion_profile.related  # not type(user): a request's user is a lazy proxy
    if cache.is_cached(user):
        cache.delete_cached_value(user)


@transaction.atomic
def profile_update(
    *,
    user: User,
    name: str = _UNSET,
    location: str = _UNSET,
    occupation: str = _UNSET,
    communication_style: str = _UNSET,
    interests: list[str] = _UNSET,
    engine: Engine | None = None,
) -> CompanionProfile:
    """Set what Eliza knows of the person; "" (or no interests) makes her forget it.

    1. Lock the profile row (created on first use) and apply every change to it.
    2. Validate it all before writing anything: lengths, a known style, at most
       INTERESTS_MAX interests.
    3. Name, location, occupation: rewrite the memory behind the field (or keep a new one
       under the field's first key); forget that memory when the field is cleared.
    4. Interests: forget the "likes" memories of removed ones, keep one for each new one.
    5. A style set or cleared here is the person's: Eliza stops guessing it.
    6. Save, and keep the fresh profile on the user object; a name set or cleared here is
       also the account's first name, the one Settings shows and Eliza falls back on.
    """
    profile, _ = CompanionProfile.objects.select_for_update().get_or_create(user=user)
    values = {"name": name, "location": location, "occupation": occupation}
    changed = {field: value.strip() for field, value in values.items() if value is not _UNSET}
    for field, value in changed.items():
        setattr(profile, field, _stated(FIELDS[field], value) if value else "")
    old_interests = list(profile.interests)
    if interests is not _UNSET:
        profile.interests = list(dict.fromkeys(i.strip() for i in interests if i.strip()))
    if communication_style is not _UNSET:
        profile.communication_style = communication_style
        profile.style_chosen = True
    _validate(profile)
    backing = field_memories(list(selectors.profile_memories(user=user)))
    for field, value in changed.items():
        spec = FIELDS[field]
        _field_memory_set(
            user=user, spec=spec, memory=backing.get(field), value=value, engine=engine
        )
    if interests is not _UNSET:
        _interest_memories_sync(
            user=user, before=old_interests, after=profile.interests, engine=engine
        )
    profile.save()
    user.companion_profile = profile  # this user object's next turn sees it
    if "name" in changed:
        _account_name_follow(user=user, profile=profile)
    return profile


@transaction.atomic
def profile_item_update(
    *, user: User, memory: Memory, content: str, engine: Engine | None = None
) -> Memory:
    """Correct one thing Eliza knows (a keyed memory), and what it filled in the profile.

    1. The memory behind a profile field keeps its sentence: a bare value ("York") is
       phrased as the field says it ("Lives in York").
    2. Rewrite the memory (memory_update: scoped to `user`, validated, re-embedded).
    3. Carry the new value into the profile field, or the new interest into the interests.
    """
    profile, _ = CompanionProfile.objects.select_for_update().get_or_create(user=user)
    field = _field_backed_by(user=user, memory=memory)
    content = content.strip()
    if field and not content.startswith(FIELDS[field].prefixes):
        content = field_sentence(FIELDS[field], content)
    old_interest = interest_value(memory.key, memory.content)
    updated = memory_update(
        memory=memory, user=user, content=content, actor=Actor.USER, engine=engine
    )
    filled = profile_value(updated.key, updated.content)
    if field and filled:
        setattr(profile, field, filled[1])
    elif not field:
        new_interest = interest_value(updated.key, updated.content)
        kept = [i for i in profile.interests if i != old_interest]
        profile.interests = [*kept, new_interest] if new_interest else kept
    _validate(profile)
    profile.save()
    user.companion_profile = profile
    if field == "name":
        _account_name_follow(user=user, profile=profile)
    return updated


@transaction.atomic
def profile_item_forget(*, user: User, memory: Memory) -> None:
    """Make Eliza forget one thing: delete the memory (with its earlier versions and history)
    and clear what it filled in the profile, so no turn uses it again."""
    profile, _ = CompanionProfile.objects.select_for_update().get_or_create(user=user)
    field = _field_backed_by(user=user, memory=memory)
    if field:
        setattr(profile, field, "")
    interest = interest_value(memory.key, memory.content)
    profile.interests = [i for i in profile.interests if i != interest]
    memory_delete(memory=memory, user=user, actor=Actor.USER)
    profile.save()
    user.companion_profile = profile
    if field == "name":
        _account_name_follow(user=user, profile=profile)


def _account_name_follow(*, user: User, profile: CompanionProfile) -> None:
    """The account's first name (Settings, and Eliza's fallback) becomes the name Eliza
    keeps, so forgetting or correcting it on About you holds everywhere."""
    if user.first_name != profile.name:
        delight_services.user_update_profile(user=user, first_name=profile.name)


def _validate(profile: CompanionProfile) -> None:
    # The user is the caller's own; only the values need checking.
    profile.full_clean(exclude=["user"], validate_unique=False)
    style = profile.communication_style
    if style and style not in STYLES:
        raise ValidationError(
            {"communication_style": f'"{style}" is not one of: {", ".join(STYLES)}.'},
            code="invalid_choice",
        )
    if len(profile.interests) > INTERESTS_MAX:
        raise ValidationError(
            {"interests": f"Eliza keeps at most {INTERESTS_MAX} interests."}, code="too_many"
        )


def _stated(spec: Field, value: str) -> str:
    """The field's value as the profile keeps it: the value its sentence states ("nurse" from
    "a nurse", as "Works as a nurse" is read), whole: a value too long is refused, not cut."""
    return stated_value(spec, field_sentence(spec, value))


def _field_backed_by(*, user: User, memory: Memory) -> str:
    """The profile field this memory is behind ("" for none), among the person's own."""
    backing = field_memories(list(selectors.profile_memories(user=user)))
    return next((field for field, m in backing.items() if m.pk == memory.pk), "")


def _field_memory_set(
    *, user: User, spec: Field, memory: Memory | None, value: str, engine: Engine | None
) -> None:
    if not value:
        if memory is not None:
            memory_delete(memory=memory, user=user, actor=Actor.USER)
        return
    content = field_sentence(spec, value)
    if memory is not None:
        memory_update(memory=memory, user=user, content=content, actor=Actor.USER, engine=engine)
        return
    memory_create(
        user=user,
        content=content,
        tier=Tier.PERSONAL,
        key=spec.keys[0],
        source=Source.USER,
        actor=Actor.USER,
        confidence=STATED_CONFIDENCE,
        engine=engine,
    )


def _interest_memories_sync(
    *, user: User, before: list[str], after: list[str], engine: Engine | None
) -> None:
    """Forget the "likes" memories of interests no longer listed; keep one for each new one."""
    removed, added = set(before) - set(after), [i for i in after if i not in before]
    for memory in list(selectors.profile_memories(user=user)):
        if interest_value(memory.key, memory.content) in removed:
            memory_delete(memory=memory, user=user, actor=Actor.USER)
    for interest in added:
        slug = "_".join(normalise_words(interest)[:INTEREST_SLUG_WORDS]) or "thing"
        # A long word would make a key past its limit: the slug only has to tell them apart.
        slug = slug[: KEY_MAX_CHARS - len(INTEREST_KEY_PREFIX) - 1]
        memory_create(
            user=user,
            content=INTEREST_PHRASE.format(interest),
            tier=Tier.PERSONAL,
            key=f"{INTEREST_KEY_PREFIX}:{slug}",
            source=Source.USER,
            actor=Actor.USER,
            confidence=STATED_CONFIDENCE,
            engine=engine,
        )
