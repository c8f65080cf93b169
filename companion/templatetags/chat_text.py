"""Template filters of the chat page."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from companion import when
from companion.chat_text import linkify, memory_kind, memory_said, memory_source
from companion.models import Memory

register = template.Library()


@register.filter(name="linkify")
def linkify_filter(text: str) -> SafeString:
    """Eliza's reply with its links (see companion.chat_text); escaped first."""
    return linkify(str(text or ""))


@register.filter(name="memory_kind")
def memory_kind_filter(tier: str) -> str:
    """What a memory is about, in words ("about you"), from its tier."""
    return memory_kind(str(tier or ""))


@register.filter(name="memory_source")
def memory_source_filter(source: str) -> str:
    """Where a memory came from, in words ("from a mission")."""
    return memory_source(str(source or ""))


@register.filter(name="memory_said")
def memory_said_filter(content: str) -> str:
    """A memory as said to its person ("Your sister is called Ana")."""
    return memory_said(str(content or ""))


@register.filter(name="memory_happened")
def memory_happened_filter(memory: Memory) -> str:
    """When what a memory tells happened, in words ("happened 13 March 2026"); "" when it
    tells no time."""
    if memory.happened_on is None:
        return ""
    return f"happened {when.happened_words(memory.happened_on, memory.happened_span)}"
