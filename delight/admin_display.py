"""Read-only displays for the staff admin: JSON made readable, a turn's timeline as a table.

JSON is pretty-printed, lightly coloured (keys, strings, numbers, literals) and folded: one
``<details>`` per top-level key, so a large agent state opens at the part staff look for.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any

from django.contrib import admin
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from unfold.admin import ModelAdmin

from delight.models import OwnedManager

# One token of json.dumps output: a string (a key when a colon follows), a number or a literal.
_TOKEN = re.compile(
    r'(?P<string>"(?:\\.|[^"\\])*")(?P<colon>\s*:)?'
    r"|(?P<number>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)"
    r"|(?P<literal>\btrue\b|\bfalse\b|\bnull\b)"
)
# A top-level value this short is shown open (so is an object's only key); longer ones fold.
_OPEN_UNDER_LINES = 6


def _highlight(text: str) -> str:
    """HTML of JSON text with each token in a span; everything is escaped."""
    parts: list[str] = []
    end = 0
    for match in _TOKEN.finditer(text):
        parts.append(escape(text[end : match.start()]))
        if match["string"] is not None:
            kind = "key" if match["colon"] else "str"
            parts.append(f'<span class="json-{kind}">{escape(match["string"])}</span>')
            parts.append(escape(match["colon"] or ""))
        elif match["number"] is not None:
            parts.append(f'<span class="json-num">{match["number"]}</span>')
        else:
            parts.append(f'<span class="json-lit">{match["literal"]}</span>')
        end = match.end()
    parts.append(escape(text[end:]))
    return "".join(parts)


def _dumps(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False, cls=DjangoJSONEncoder)


def _summary(value: Mapping[str, Any] | list[Any]) -> str:
    """The size of a folded value."""
    noun = "key" if isinstance(value, Mapping) else "item"
    return f"{len(value)} {noun}{'s' * (len(value) != 1)}"


def json_display(value: Any) -> SafeString:
    """Readable HTML of a JSON value: an object gets one row per top-level key, folded when
    the key holds an object or a list (open when short or alone), on one line when plain."""
    # Every piece of the value is escaped by _highlight or escape() before it is marked safe.
    if not (isinstance(value, Mapping) and value):
        return mark_safe(
            f'<div class="json-view"><pre class="json-pre" tabindex="0">{_highlight(_dumps(value))}'
            "</pre></div>"
        )
    rows = []
    for key, item in value.items():
        name = f'<span class="json-key">{escape(str(key))}</span>'
        body = _dumps(item)
        if not isinstance(item, Mapping | list) or not item:
            rows.append(f'<div class="json-section json-scalar">{name} {_highlight(body)}</div>')
            continue
        short = body.count("\n") < _OPEN_UNDER_LINES or len(value) == 1
        opened = " open" if short else ""
        rows.append(
            f'<details class="json-section"{opened}><summary>{name} '
            f'<span class="json-meta">{escape(_summary(item))}</span></summary>'
            f'<pre class="json-pre" tabindex="0">{_highlight(body)}</pre></details>'
        )
    return mark_safe(f'<div class="json-view">{"".join(rows)}</div>')


def json_field(name: str, description: str | None = None) -> Callable[[Any], SafeString]:
    """A read-only admin field showing the model's JSON field `name` readably.

    Use it in ``readonly_fields`` (and ``fields``) in place of the field's name.
    """

    @admin.display(description=description or name.replace("_", " "))
    def display(obj: Any) -> SafeString:
        return json_display(getattr(obj, name))

    display.__name__ = f"{name}_readable"
    return display


def readable_fields(model: Any) -> list[Any]:
    """Every field of `model` for a read-only page, its JSON fields made readable."""
    return [
        json_field(field.name, str(field.verbose_name)) if field.get_internal_type() == "JSONField"
        else field.name
        for field in model._meta.fields
    ]  # fmt: skip


def trace_rows(trace: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A turn's trace as timeline rows: each node's start offset, duration and bar geometry."""
    entries = [entry for entry in trace if isinstance(entry, Mapping)]
    total = sum(float(entry.get("ms") or 0) for entry in entries)
    rows, start = [], 0.0
    for position, entry in enumerate(entries, 1):
        ms = float(entry.get("ms") or 0)
        rows.append(
            {
                "position": position,
                "node": entry.get("node", "?"),
                "start_ms": start,
                "ms": ms,
                # Percentages of the whole turn; a bar never disappears entirely.
                "left": round(100 * start / total, 2) if total else 0,
                "width": max(round(100 * ms / total, 2), 0.5) if total else 0.5,
                "ok": entry.get("ok", "error" not in entry),
                "note": entry.get("note", ""),
                "error": entry.get("error", ""),
            }
        )
        start += ms
    return rows


def trace_table(trace: Iterable[Mapping[str, Any]] | None) -> SafeString:
    """HTML table of a turn's timeline: node, start offset, duration and a bar."""
    rows = trace_rows(trace or [])
    total = sum(row["ms"] for row in rows)
    return render_to_string("admin/delight/trace_table.html", {"rows": rows, "total_ms": total})


# -- times on the person's clock -------------------------------------------------------------


def person_time(model: type[models.Model], name: str) -> Callable[[Any], str]:
    """A list column showing the time `name` of a per-person row on its person's clock,
    with UTC beside it ("28 Nov 21:30 America/New_York · 02:30 UTC"): staff read a row as
    the person lived it."""
    path = getattr(model, "owner_field", "user").split("__")
    label = next(f.verbose_name for f in model._meta.concrete_fields if f.name == name)

    def show(row: Any) -> str:
        value = getattr(row, name)
        if value is None:
            return "-"
        owner = row
        for step in path:
            owner = getattr(owner, step)
        local = value.astimezone(owner.zone)
        return f"{local:%-d %b %H:%M} {owner.timezone} · {value.astimezone(dt.UTC):%H:%M} UTC"

    show.short_description = label  # type: ignore[attr-defined]
    show.admin_order_field = name  # type: ignore[attr-defined]
    return show


class StaffAdmin(ModelAdmin):
    """The admin of every model (unfold's look); for a per-person model its list shows each
    time on the person's clock beside UTC, its owner read with the rows."""

    def _owned(self) -> bool:
        return isinstance(self.model._default_manager, OwnedManager)

    def get_list_display(self, request: HttpRequest) -> Sequence[Any]:
        shown = super().get_list_display(request)
        if not self._owned():
            return shown
        times = {
            f.name for f in self.model._meta.concrete_fields if isinstance(f, models.DateTimeField)
        }
        return [person_time(self.model, n) if n in times else n for n in shown]

    def get_queryset(self, request: HttpRequest) -> models.QuerySet[Any]:
        rows = super().get_queryset(request)
        if self._owned():
            rows = rows.select_related(getattr(self.model, "owner_field", "user"))
        return rows
