"""The staff admin: its theme on every page, readable JSON, the timeline's arithmetic."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib import admin
from django.urls import reverse

from delight.admin_display import json_display, trace_rows, trace_table
from nudges.models import Notification
from tests.factories import make_user


@pytest.fixture
def staff_client(client, db):
    client.force_login(make_user("stella", is_staff=True, is_superuser=True))
    return client


def test_json_is_folded_per_top_level_key_coloured_and_escaped():
    html = json_display({"memories": [{"text": "<script>x</script>", "rank": 3}], "ok": True})

    assert html.count('<details class="json-section"') == 1  # the list; a plain value is one line
    assert '<div class="json-section json-scalar"><span class="json-key">ok</span>' in html
    assert '<span class="json-key">memories</span>' in html
    assert '<span class="json-meta">1 item</span>' in html
    assert '<span class="json-num">3</span>' in html
    assert '<span class="json-lit">true</span>' in html
    assert "<script>" not in html
    assert "&lt;script&gt;" in html


def test_json_that_is_not_an_object_is_one_block():
    html = json_display(["a", 1])
    assert "<details" not in html
    assert '<span class="json-str">&quot;a&quot;</span>' in html


def test_the_timeline_adds_up_start_offsets_and_bar_widths():
    rows = trace_rows(
        [
            {"node": "guard", "ms": 10.0, "ok": True},
            {"node": "recall", "ms": 30.0, "ok": False, "error": "timeout"},
            {"node": "reply", "ms": 60.0, "ok": True, "note": "short"},
        ]
    )

    assert [row["start_ms"] for row in rows] == [0.0, 10.0, 40.0]
    assert [row["left"] for row in rows] == [0, 10.0, 40.0]
    assert [row["width"] for row in rows] == [10.0, 30.0, 60.0]
    assert [row["ok"] for row in rows] == [True, False, True]
    html = trace_table([{"node": "guard", "ms": 10.0}])
    assert "1 node in 10.0 ms" in html
    assert "No timeline" in trace_table(None)


def test_every_admin_page_answers_in_the_theme_with_nothing_from_elsewhere(staff_client):
    pages = [reverse("admin:index")]
    for model in admin.site._registry:
        opts = model._meta
        pages.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
        pages.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_add"))
    for url in pages:
        answer = staff_client.get(url)
        assert answer.status_code in (200, 403), url  # 403: a model staff may not add
        if answer.status_code != 200:
            continue
        html = answer.content.decode()
        assert "Delight staff" in html, url
        assert "/static/unfold/" in html, url
        # Every stylesheet, script and font is served here.
        external = re.findall(r'(?:src|href)="(?:https?:)?//[^"]+\.(?:css|js|woff2?)', html)
        assert external == [], url
        assert "/static/delight/admin.css" in html, url


def test_the_admin_sends_anyone_else_to_its_login(client, db):
    client.force_login(make_user("nina"))
    answer = client.get(reverse("admin:index"))
    assert answer.status_code == 302
    assert answer["Location"].startswith(reverse("admin:login"))
    login = client.get(reverse("admin:login")).content.decode()
    assert "Delight staff" in login


def test_a_persons_rows_show_their_times_on_their_clock_beside_utc(staff_client, db):
    person = make_user("nora", timezone="America/New_York")
    late = dt.datetime(2026, 11, 29, 2, 30, tzinfo=dt.UTC)  # the evening of the 28th there
    Notification.objects.create(user=person, kind="nudge", key="k", title="Missing you")
    Notification.objects.filter(user=person).update(created_at=late)

    page = staff_client.get(reverse("admin:nudges_notification_changelist")).content.decode()

    assert "28 Nov 21:30 America/New_York · 02:30 UTC" in page
