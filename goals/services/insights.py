"""Writes of insights: what Eliza noticed in a person's progress, each kept and announced
once per key."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django_q.tasks import async_task

from delight.ai.engine import Engine
from delight.ai.runtime import engine_or_default
from delight.events import announce
from delight.models import User
from goals import signals
from goals.insight_words import InsightFacts, InsightText, insight_text
from goals.models import ProgressInsight
from goals.progress.insights import insight_facts

REFRESH_TASK = "goals.tasks.refresh_insights"
SOURCE_MAX = ProgressInsight._meta.get_field("source").max_length


def insights_refresh_enqueue(*, user: User) -> None:
    """Look for new insights in the background once the caller's transaction commits."""
    transaction.on_commit(lambda: async_task(REFRESH_TASK, user.pk))


def progress_insights_refresh(
    *, user: User, now: dt.datetime | None = None, engine: Engine | None = None
) -> list[ProgressInsight]:
    """Keep the insights the person's progress shows now that were not kept yet.

    1. Find the facts (goals.progress.insights) and leave out those whose key is kept.
    2. Word each new one: the model when one is configured (its words only when kind and
       true to the facts), else the offline templates. This runs outside any transaction of
       ours: a model may take seconds, and an open transaction would wait with it.
    3. Keep them in one transaction (_insights_keep), which a concurrent run cannot double.
    """
    now = now or timezone.now()
    found = insight_facts(user=user, now=now)
    kept = set(
        ProgressInsight.objects.owned_by(user)
        .filter(key__in=[facts.key for facts in found])
        .values_list("key", flat=True)
    )
    fresh = [facts for facts in found if facts.key not in kept]
    if not fresh:
        return []
    writer = engine_or_default(engine)
    return _insights_keep(
        user=user, written=[(facts, insight_text(facts, engine=writer)) for facts in fresh]
    )


@transaction.atomic
def _insights_keep(
    *, user: User, written: list[tuple[InsightFacts, InsightText]]
) -> list[ProgressInsight]:
    """Keep each insight whose key is new for the person, and announce it after the commit
    (goals.signals.insight_found). The unique user+key decides: get_or_create under it
    keeps one of two concurrent runs' rows, and only that run announces it."""
    kept = []
    for facts, words in written:
        insight, created = ProgressInsight.objects.get_or_create(
            user=user,
            key=facts.key,
            defaults={
                "kind": facts.kind,
                "text": words.text,
                "facts": facts.numbers,
                "source": words.source[:SOURCE_MAX],
            },
        )
        if created:
            kept.append(insight)
            announce(
                signals.insight_found,
                sender=ProgressInsight,
                user=user,
                kind=facts.kind,
                key=facts.key,
                text=words.text,
            )
    return kept
