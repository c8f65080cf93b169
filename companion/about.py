"""What Eliza knows about a person, as the "About you" page and its API show it: sections of
plain-worded items, each one the person can correct or make Eliza forget.

Keyed memories are grouped by their key's prefix (companion.profile_data), so facts of a new
kind appear without code changes. No key, score or tier reaches the person.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.text import slugify

from companion import selectors
from companion.models import CompanionProfile, Memory
from companion.profile_data import (
    FIELDS,
    INTEREST_KEY_PREFIX,
    INTEREST_PHRASE,
    INTEREST_PREFIXES,
    OTHER_SECTION,
    SECTIONS,
    STYLES,
    Field,
    Section,
)
from delight.ai.offline.answers import for_person
from delight.models import User

STYLE_FIELD = "communication_style"
INTEREST_FIELD = "interest"
PROFILE_VALUE_MAX_CHARS = 100
ARTICLES = ("a", "an", "the")


@dataclass(frozen=True)
class ProfileItem:
    """One thing Eliza knows. `memory_id` is the memory behind it (None when only the
    profile holds it); `field` names the profile field it is, "" for a plain memory."""

    text: str
    value: str
    memory_id: int | None = None
    field: str = ""
    learned_at: dt.datetime | None = None
    updated_at: dt.datetime | None = None

    @property
    def editable(self) -> bool:
        # An interest the profile keeps without a memory can only be forgotten.
        return self.field != INTEREST_FIELD

    @property
    def ref(self) -> str:
        """The item's id on the page (an HTML id, also naming the form that failed)."""
        if self.field == INTEREST_FIELD:
            return f"interest-{slugify(self.value)}"
        return f"field-{self.field}" if self.field else f"memory-{self.memory_id}"


@dataclass(frozen=True)
class ProfileSection:
    slug: str
    title: str
    empty: str
    items: list[ProfileItem]
    field: str = ""
    question: str = ""  # the field's edit label

    @property
    def field_missing(self) -> bool:
        """The section has a profile field Eliza does not know yet (the page offers to
        tell her)."""
        return bool(self.field) and all(item.field != self.field for item in self.items)


@dataclass(frozen=True)
class AboutYou:
    sections: list[ProfileSection]
    style: ProfileItem | None
    style_chosen: bool
    updated_at: dt.datetime | None


def _strip_prefix(content: str, prefixes: Iterable[str]) -> str:
    for prefix in prefixes:
        if content.startswith(prefix):
            return content[len(prefix) :]
    return content


def profile_value(key: str, content: str) -> tuple[str, str] | None:
    """The profile field a keyed fact fills and its value ("location", "Leeds" from "Lives
    in Leeds."); None when the key fills no field."""
    for spec in FIELDS.values():
        if key in spec.keys:
            return spec.name, stated_value(spec, content)[:PROFILE_VALUE_MAX_CHARS]
    return None


def stated_value(spec: Field, content: str) -> str:
    """The value a field's sentence states ("Leeds" from "Lives in Leeds.")."""
    return _strip_prefix(content, spec.prefixes).rstrip(".")


def field_sentence(spec: Field, value: str) -> str:
    """The sentence a memory keeps a field's value in ("Works as a nurse" for "nurse")."""
    first = value.split(maxsplit=1)[0].lower() if value.split() else ""
    if spec.article and first not in ARTICLES:
        value = f"{'an' if first[:1] in 'aeiou' else 'a'} {value}"
    return spec.phrase.format(value)


def interest_value(key: str, content: str) -> str | None:
    """The interest a "likes:" fact names ("hiking" from "Loves hiking"); None for any other
    fact, a dislike included."""
    if key.split(":", 1)[0] != INTEREST_KEY_PREFIX or not content.startswith(INTEREST_PREFIXES):
        return None
    return _strip_prefix(content, INTEREST_PREFIXES).rstrip(".")[:PROFILE_VALUE_MAX_CHARS] or None


def section_of(key: str) -> Section:
    """The section that claims a memory key by its prefix ("person:sister" -> people)."""
    prefix = key.split(":", 1)[0]
    return next((section for section in SECTIONS if prefix in section.prefixes), OTHER_SECTION)


def about_you(*, user: User) -> AboutYou:
    """Gather what Eliza knows of `user` (only theirs).

    1. Read the profile and the person's active keyed memories.
    2. For each profile field, find the memory behind it: the first active memory under one
       of the field's keys. The field's item shows the profile's value (or, when the profile
       has none, the value the memory states).
    3. Every other keyed memory goes to the section that claims its key prefix, "other"
       when none does.
    4. Interests the profile keeps without a "likes" memory are listed too, so nothing Eliza
       keeps is hidden; the style comes last, apart.
    """
    profile = selectors.profile_get(user=user)
    memories = list(selectors.profile_memories(user=user))
    backing = field_memories(memories)
    shown = {memory.pk for memory in backing.values()}
    items: dict[str, list[ProfileItem]] = {s.slug: [] for s in (*SECTIONS, OTHER_SECTION)}
    # The name the person gave in onboarding or settings is the one Eliza uses (person_name).
    given = {"name": user.first_name.strip()}
    for section in SECTIONS:
        if section.field and (item := _field_item(profile, section.field, backing, given)):
            items[section.slug].append(item)
    for memory in memories:
        if memory.pk not in shown:
            items[section_of(memory.key).slug].append(_memory_item(memory))
    known = {interest_value(memory.key, memory.content) for memory in memories}
    for interest in profile.interests:
        if interest not in known:
            items["interests"].append(
                ProfileItem(INTEREST_PHRASE.format(interest), interest, field=INTEREST_FIELD)
            )
    return AboutYou(
        sections=[
            ProfileSection(s.slug, s.title, s.empty, items[s.slug], s.field, _question(s.field))
            for s in (*SECTIONS, OTHER_SECTION)
        ],
        style=_style_item(profile),
        style_chosen=profile.style_chosen,
        updated_at=profile.updated_at,
    )


def field_memories(memories: list[Memory]) -> dict[str, Memory]:
    """The memory behind each profile field, by field name (fields without one left out)."""
    by_key = {memory.key: memory for memory in memories}
    found = {}
    for name, spec in FIELDS.items():
        memory = next((by_key[key] for key in spec.keys if key in by_key), None)
        if memory is not None:
            found[name] = memory
    return found


def _field_item(
    profile: CompanionProfile, name: str, backing: dict[str, Memory], given: dict[str, str]
) -> ProfileItem | None:
    memory = backing.get(name)
    stated = profile_value(memory.key, memory.content) if memory else None
    value = getattr(profile, name) or (stated[1] if stated else "") or given.get(name, "")
    if not value:
        return None
    return ProfileItem(
        text=value,
        value=value,
        memory_id=memory.pk if memory else None,
        field=name,
        learned_at=memory.created_at if memory else None,
        updated_at=memory.updated_at if memory else profile.updated_at,
    )


def _question(field_name: str) -> str:
    return FIELDS[field_name].question if field_name else ""


def _memory_item(memory: Memory) -> ProfileItem:
    # Said to the person ("Your sister is called Ana"), as stored when it cannot be.
    said = for_person(memory.content)
    return ProfileItem(
        text=said[:1].upper() + said[1:] if said else memory.content,
        value=memory.content,
        memory_id=memory.pk,
        learned_at=memory.created_at,
        updated_at=memory.updated_at,
    )


def _style_item(profile: CompanionProfile) -> ProfileItem | None:
    style = profile.communication_style
    if not style:
        return None
    return ProfileItem(
        text=STYLES.get(style, style.capitalize()),
        value=style,
        field=STYLE_FIELD,
        updated_at=profile.updated_at,
    )
