"""How an app tells the apps above it what happened, without importing them.

The layers point one way (docs/architecture.md): `delight` <- `goals` <- `world`,
`nudges` <- `narrative` <- `companion`. A lower app never imports a higher one. Instead:

1. The lower app declares its news as Django signals in its `signals.py`, each with the
   facts it carries (`plan_saved`: the goal and a description of the plan).
2. Its services send them with `announce()`: once the transaction that made the news true
   commits (at once outside one), so a receiver only ever sees committed facts.
3. A higher app connects receivers in its `receivers.py`, imported by its
   `AppConfig.ready()`; a receiver writes through its own app's services.
4. A receiver that fails is logged; it never undoes or interrupts the announcing app, nor
   keeps the other receivers from hearing the news.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import Signal

logger = logging.getLogger(__name__)


def announce(signal: Signal, *, sender: type, **facts: Any) -> None:
    """Send `signal` with `facts` to its receivers once the current transaction commits."""

    def send() -> None:
        for receiver, outcome in signal.send_robust(sender=sender, **facts):
            if isinstance(outcome, Exception):
                logger.error(
                    "%s failed to react to %s",
                    receiver.__qualname__,
                    sender.__name__,
                    exc_info=outcome,
                )

    transaction.on_commit(send)
