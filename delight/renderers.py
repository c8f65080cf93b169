"""JSON answers that always reach the person: text that cannot be written as UTF-8 (a lone
surrogate a request sent, "\\ud800", which DRF echoes into "“x\\ud800” is not a valid
choice.") is written with U+FFFD in its place, instead of failing the answer as a 500."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rest_framework import renderers

_SURROGATE = re.compile("[\ud800-\udfff]")


def mended(data: Any) -> Any:
    """`data` with every lone surrogate in its strings (keys too) replaced by U+FFFD."""
    if isinstance(data, str):
        return _SURROGATE.sub("\ufffd", data)
    if isinstance(data, dict):
        return {mended(key): mended(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [mended(item) for item in data]
    return data


class JSONRenderer(renderers.JSONRenderer):
    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        try:
            return super().render(data, accepted_media_type, renderer_context)
        except UnicodeEncodeError:  # rare: mend only then, so answers cost nothing extra
            return super().render(mended(data), accepted_media_type, renderer_context)
