"""Someone dear to name in a message ("your sister Ana"): a registry the app that knows a
person (companion, from its memory) offers its finder to in `AppConfig.ready()`, and the app
that writes to them (nudges) asks, without importing the app above it."""

from __future__ import annotations

import logging
from typing import Protocol

from delight.models import User

logger = logging.getLogger(__name__)


class DetailFinder(Protocol):
    def __call__(self, *, user: User) -> str: ...


_finders: list[DetailFinder] = []


def detail_finder_register(finder: DetailFinder) -> DetailFinder:
    """Offer `finder` (once, however often an app is made ready)."""
    if finder not in _finders:
        _finders.append(finder)
    return finder


def person_detail(*, user: User) -> str:
    """The first detail a finder gives for `user`; "" when none does. A finder that fails
    is logged and skipped: a message is sent without a detail, never held up by one."""
    for finder in _finders:
        try:
            detail = finder(user=user)
        except Exception:
            logger.exception("finding a detail for a message failed")
            continue
        if detail:
            return detail
    return ""
