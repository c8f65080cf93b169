"""The app's navigation as data: which pages the top bar (desktop), the tab bar (phone) and
the More page list, and which section a page belongs to (so its tab shows as current)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.http import HttpRequest
from django.urls import get_script_prefix, reverse


@dataclass(frozen=True)
class NavItem:
    label: str
    url_name: str
    icon: str
    # URL names (and prefixes of them, ending in "-") that count as this section.
    section: tuple[str, ...]


HOME = NavItem("Home", "home", "home", ("home",))
TODAY = NavItem("Today", "today", "today", ("today", "mission-session"))
CHAT = NavItem("Chat", "chat", "chat", ("chat",))
GOALS = NavItem("Goals", "goals", "goals", ("goal", "mission-edit", "mission-create"))
WORLD = NavItem("World", "world", "world", ("world",))
STORY = NavItem("Story", "story", "story", ("story",))
MORE = NavItem(
    "More",
    "more",
    "more",
    (
        "more",
        "progress",
        "memor",
        "about-you",
        "password",
        "notification",
        "settings",
        "story",
        "habit",
    ),
)
PROGRESS = NavItem("Progress", "progress", "flame", ("progress",))
HABITS = NavItem("Habits", "habits", "leaf", ("habit",))
NOTIFICATIONS = NavItem("Notifications", "notifications", "bell", ("notification",))
MEMORIES = NavItem("Memories", "memories", "book", ("memor",))
ABOUT_YOU = NavItem("About you", "about-you", "user", ("about-you",))
PASSWORD = NavItem("Password", "password_change", "lock", ("password",))
SETTINGS = NavItem("Settings", "settings", "settings", ("settings",))

TOP_BAR = (HOME, TODAY, CHAT, GOALS, PROGRESS, WORLD, STORY)
TAB_BAR = (HOME, TODAY, CHAT, GOALS, MORE)
ACCOUNT_MENU = (HABITS, MEMORIES, ABOUT_YOU, SETTINGS, PASSWORD)
MORE_PAGE = (NOTIFICATIONS, HABITS, SETTINGS, PROGRESS, STORY, WORLD, MEMORIES, ABOUT_YOU, PASSWORD)


@dataclass(frozen=True)
class NavLink:
    label: str
    href: str
    icon: str
    current: bool
    badge: int | None = None  # a count it carries (More: the top bar parts' counts)


@lru_cache(maxsize=64)
def _href(url_name: str, prefix: str) -> str:
    """A bar's address, reversed once a process for each script prefix (the bars' 28
    reverses were a tenth of every page's time; their names take no arguments)."""
    return reverse(url_name)


def _links(items: tuple[NavItem, ...], url_name: str, *, more_badge: int = 0) -> list[NavLink]:
    prefix = get_script_prefix()
    return [
        NavLink(
            item.label,
            _href(item.url_name, prefix),
            item.icon,
            url_name.startswith(item.section),
            more_badge if item is MORE else None,
        )
        for item in items
    ]


@dataclass(frozen=True)
class BarPart:
    """Something an app shows in the top bar of every signed-in page (the nudges' bell), as
    Home's panels are registered: a template and the function that gathers its context for
    one request. A `count` in that context also badges More on the phone's tab bar. The
    kernel never imports the apps above it; they register in their AppConfig.ready."""

    template: str
    context: Callable[[HttpRequest], dict[str, Any]]


_BAR_PARTS: list[BarPart] = []


def bar_part_register(part: BarPart) -> None:
    if part not in _BAR_PARTS:
        _BAR_PARTS.append(part)


def navigation(request: HttpRequest) -> dict[str, object]:
    """Template context: the links of each bar, the one for this page marked current. A
    person still onboarding sees none of them (nothing to wander off to yet)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or not user.onboarded:
        return {"show_nav": False}
    match = request.resolver_match
    url_name = (match.url_name or "") if match else ""
    parts = [(part.template, part.context(request)) for part in _BAR_PARTS]
    more_badge = sum(context.get("count", 0) for _, context in parts)
    return {
        "show_nav": True,
        "bar_parts": parts,
        "top_bar": _links(TOP_BAR, url_name),
        "tab_bar": _links(TAB_BAR, url_name, more_badge=more_badge),
        "account_menu": _links(ACCOUNT_MENU, url_name),
        "more_links": _links(MORE_PAGE, url_name),
    }
