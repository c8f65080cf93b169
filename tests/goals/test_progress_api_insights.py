"""GET /api/progress/insights/: what Eliza noticed, the person's own only, newest first."""

from __future__ import annotations

import pytest

from goals.models import ProgressInsight

pytestmark = pytest.mark.django_db


def keep(user, key: str, text: str, **facts) -> ProgressInsight:
    return ProgressInsight.objects.create(
        user=user, kind="trend", key=key, text=text, facts=facts, source="offline"
    )


def test_a_person_reads_their_insights_newest_first(owner, owner_api):
    keep(owner, "trend:2026-W10", "This week you did 5 missions, up from 3.", this_week=5)
    keep(owner, "trend:2026-W11", "This week you did 7 missions, up from 4.", this_week=7)

    body = owner_api.get("/api/progress/insights/").json()

    assert [item["text"] for item in body] == [
        "This week you did 7 missions, up from 4.",
        "This week you did 5 missions, up from 3.",
    ]
    assert set(body[0]) == {"kind", "text", "facts", "created_at"}
    assert (body[0]["kind"], body[0]["facts"]) == ("trend", {"this_week": 7})


def test_an_outsider_sees_only_their_own_insights(owner, outsider_api):
    keep(owner, "trend:2026-W11", "This week you did 7 missions, up from 4.")

    assert outsider_api.get("/api/progress/insights/").json() == []


def test_insights_need_a_signed_in_person(client):
    assert client.get("/api/progress/insights/").status_code in (401, 403)
